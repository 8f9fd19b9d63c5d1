"""A forward HTTP proxy on 127.0.0.1 for tests: the only way to a site whose host name only
the proxy knows, as a site on a company's network is reachable only through its proxy.

    with serve_directory(site) as base, forward_proxy({"intranet.test": base}) as proxy:
        crawl("http://intranet.test/", env={"http_proxy": proxy})
"""

from __future__ import annotations

import contextlib
import http.client
import http.server
import urllib.parse
from collections.abc import Iterator, Mapping, MutableSequence

from tests.support.http_server import HOST, serving

HOP_BY_HOP = {"connection", "keep-alive", "proxy-connection", "proxy-authorization",
              "transfer-encoding", "te", "trailer", "upgrade"}


class _ProxyServer(http.server.ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 128     # http.server's 5 drops a crawl's concurrent connections


def _handler(hosts: Mapping[str, str], log: MutableSequence[str] | None):
    class ProxyHandler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, format, *args):  # noqa: A002 - signature from the base class
            pass

        def _forward(self) -> None:
            target = urllib.parse.urlsplit(self.path)
            if log is not None:
                log.append(self.path)
            upstream = hosts.get(target.hostname or "")
            if target.scheme != "http" or upstream is None:
                self.send_error(502, f"no route to {target.hostname}")
                return
            up = urllib.parse.urlsplit(upstream)
            conn = http.client.HTTPConnection(up.hostname, up.port, timeout=30)
            headers = {k: v for k, v in self.headers.items() if k.lower() not in HOP_BY_HOP}
            length = int(self.headers.get("Content-Length") or 0)
            body = self.rfile.read(length) if length else None
            path = urllib.parse.urlunsplit(("", "", target.path or "/", target.query, ""))
            try:
                conn.request(self.command, path, body=body, headers=headers)
                answer = conn.getresponse()
                payload = answer.read()
            finally:
                conn.close()
            self.send_response(answer.status, answer.reason)
            for key, value in answer.getheaders():
                if key.lower() not in HOP_BY_HOP and key.lower() != "content-length":
                    self.send_header(key, value)
            self.send_header("Content-Length", str(len(payload)))
            self.end_headers()
            if self.command != "HEAD":
                self.wfile.write(payload)

        do_GET = do_HEAD = do_POST = _forward

    return ProxyHandler


@contextlib.contextmanager
def forward_proxy(hosts: Mapping[str, str], log: MutableSequence[str] | None = None) -> Iterator[str]:
    """Serve a proxy that takes ``hosts`` (host name -> a served base URL) there, answers
    502 for any other host, and yields its URL; ``log`` gets every URL asked for."""
    server = _ProxyServer((HOST, 0), _handler(hosts, log))
    with serving(server, "test-proxy"):
        yield f"http://{HOST}:{server.server_address[1]}"
