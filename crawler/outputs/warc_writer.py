"""`crawl --warc FILE`: what the crawl fetched, as a WARC file (ISO 28500) written with
warcio, the format Heritrix and Browsertrix users archive into and pywb replays.

A downloader middleware, after HttpCompressionMiddleware, so bodies are as the page was
served once decoded (the Content-Encoding header goes with the encoding, Content-Length
states the body written). A plain fetch is a request record and a response record; a page
rendered in Chromium is the request and a resource record of the rendered DOM (text/html),
which is what the crawl analysed. Enabled by the LEAFCRAWL_WARC setting."""

from __future__ import annotations

from io import BytesIO
from pathlib import Path
from urllib.parse import urlsplit

from scrapy.exceptions import NotConfigured

# Headers that describe a transfer, not the body the record holds.
_TRANSFER_HEADERS = {"content-encoding", "transfer-encoding", "content-length"}


def _headers(scrapy_headers) -> list[tuple[str, str]]:
    return [(name.decode("latin-1"), value.decode("latin-1"))
            for name, values in scrapy_headers.items() for value in values]


class WarcWriterMiddleware:
    def __init__(self, path: str):
        from warcio.warcwriter import WARCWriter

        self.path = Path(path)
        self.fh = open(self.path, "ab")
        self.writer = WARCWriter(self.fh, gzip=str(self.path).endswith(".gz"))
        self.writer.write_record(self.writer.create_warcinfo_record(
            self.path.name, {"software": "leafcrawl", "format": "WARC File Format 1.1"}))

    @classmethod
    def from_crawler(cls, crawler):
        from scrapy import signals

        path = crawler.settings.get("LEAFCRAWL_WARC")
        if not path:
            raise NotConfigured
        middleware = cls(path)
        crawler.signals.connect(middleware.close, signal=signals.spider_closed)
        return middleware

    def close(self, spider=None, reason=None):
        self.fh.close()

    def process_response(self, request, response, spider=None):
        from warcio.statusandheaders import StatusAndHeaders

        url = response.url
        parts = urlsplit(url)
        target = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
        req_headers = [("Host", parts.netloc)] + [
            (k, v) for k, v in _headers(request.headers) if k.lower() != "host"]
        w = self.writer
        w.write_record(w.create_warc_record(url, "request", payload=BytesIO(b""),
                                            http_headers=StatusAndHeaders(
                                                f"{request.method} {target} HTTP/1.1",
                                                req_headers, is_http_request=True)))
        body = response.body
        if request.meta.get("playwright"):
            # the rendered DOM: no HTTP exchange of its own, a resource of the page's URL
            w.write_record(w.create_warc_record(url, "resource", payload=BytesIO(body),
                                                warc_content_type="text/html; charset=utf-8"))
            return response
        headers = [(k, v) for k, v in _headers(response.headers)
                   if k.lower() not in _TRANSFER_HEADERS] + [("Content-Length", str(len(body)))]
        status = f"{response.status} {_REASONS.get(response.status, 'Status')}"
        w.write_record(w.create_warc_record(url, "response", payload=BytesIO(body),
                                            length=len(body),
                                            http_headers=StatusAndHeaders(status, headers,
                                                                          protocol="HTTP/1.1")))
        return response


_REASONS = {200: "OK", 203: "Non-Authoritative Information", 204: "No Content",
            206: "Partial Content", 304: "Not Modified", 400: "Bad Request",
            401: "Unauthorized", 403: "Forbidden", 404: "Not Found", 410: "Gone",
            429: "Too Many Requests", 500: "Internal Server Error", 502: "Bad Gateway",
            503: "Service Unavailable"}
