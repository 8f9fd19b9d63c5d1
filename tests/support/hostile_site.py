"""A loopback site that attacks its crawler: endless and enormous bodies, a decompression
bomb, a server that answers a byte a second, a redirect loop, a page of 200,000 links, HTML
nested 100,000 deep, invalid bytes, titles that break YAML, and links whose paths try to
climb out of the archive or take names an operating system reserves.

    with serve_hostile_site() as (base, asked):
        crawl(base + "/")

Every response is made on the fly, and every loop is bounded (a body stops at its size or
when the client hangs up; the slow server gives up after SLOW_BYTES).
"""
from __future__ import annotations

import contextlib
import threading
import zlib
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler

from tests.support.http_server import HOST, StaticServer, serving

HUGE_BODY_BYTES = 200 * 1024 * 1024
BOMB_BYTES = 1024 * 1024 * 1024          # what the gzip bomb inflates to (about 1 MB sent)
SLOW_BYTES = 120                         # the byte-a-second server's whole body
LINKS_ON_A_PAGE = 200_000
NESTING_DEPTH = 100_000
CHUNK = 64 * 1024

# A title with every character YAML gives a meaning to, a line break and a control byte.
YAML_BREAKING_TITLE = "Re: \"quoted\" - 'single' #hash [list] {map} &anchor *alias !tag | > % @ `\n--- end"
TERMINAL_BYTES = "\x1b[31mred\x1b[0m"
# Paths that climb (raw and escaped), an over-long segment, names Windows reserves, unicode.
TRICK_PATHS = ["/trick/a/../../../../etc/passwd", "/trick/%2e%2e/%2e%2e/%2e%2e/escape/",
               "/trick/" + "s" * 300 + "/", "/trick/CON/", "/trick/aux.md", "/trick/lpt1/",
               "/trick/caf%C3%A9/%C3%BCn%C3%AFcode/", "/trick/dot./", "/trick/..%2f..%2fslash/"]
GOOD_PAGES = ["/good/one/", "/good/two/"]
BAD_PAGES = ["/huge-body/", "/gzip-bomb/", "/slow/", "/loop/a/"]
ODD_PAGES = ["/many-links/", "/deep/", "/invalid-bytes/", "/yaml-title/"]


def article(title: str, body: str) -> str:
    return (f"<!doctype html><html><head><meta charset=utf-8><title>{title}</title></head><body>"
            f"<header><nav><a href=\"/\">Home</a></nav></header><main><article><h1>{title}</h1>"
            f"<p>{body} This paragraph is long enough to be the content of a real post, with a "
            "few more words about its subject so that nobody takes it for navigation.</p>"
            "<p>A second paragraph gives the archive something more to hold.</p>"
            "</article></main></body></html>")


def _index() -> bytes:
    links = GOOD_PAGES + BAD_PAGES + ODD_PAGES + TRICK_PATHS
    items = "".join(f'<li><h2><a href="{href}">{href[:40]}</a></h2></li>' for href in links)
    return f"<html><body><main><h1>Hostile</h1><ul>{items}</ul></main></body></html>".encode()


def _gzip_bomb() -> bytes:
    squeeze = zlib.compressobj(9, zlib.DEFLATED, 31)     # 31: a gzip container
    parts = [squeeze.compress(b"<html><body><p>")]
    block = b"a" * CHUNK
    parts += [squeeze.compress(block) for _ in range(BOMB_BYTES // CHUNK)]
    parts.append(squeeze.flush())
    return b"".join(parts)


class HostileHandler(BaseHTTPRequestHandler):
    server_version = "leafcrawl-hostile/1"
    protocol_version = "HTTP/1.1"
    asked: list[str]
    bomb: bytes

    def log_message(self, format, *args):
        pass

    def _send(self, body: bytes, status: int = 200, headers: dict | None = None) -> None:
        self.send_response(status)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        self.asked.append(self.path)
        path = self.path.split("?")[0]
        if path == "/":
            return self._send(_index())
        if path == "/robots.txt":
            return self._send(b"", 404)
        if path in GOOD_PAGES:
            return self._send(article("Good " + path.split("/")[2], "A good page.").encode())
        if path == "/huge-body/":
            return self._stream_huge()
        if path == "/gzip-bomb/":
            return self._send(self.bomb, headers={"Content-Encoding": "gzip"})
        if path == "/slow/":
            return self._trickle()
        if path.startswith("/loop/"):
            other = "/loop/b/" if path == "/loop/a/" else "/loop/a/"
            return self._send(b"", 302, {"Location": other})
        if path == "/many-links/":
            items = "".join(f'<li><a href="/entry/{i}/">Entry {i}</a></li>' for i in range(LINKS_ON_A_PAGE))
            return self._send(f"<html><body><main><h1>All entries</h1><ul>{items}</ul></main></body></html>".encode())
        if path.startswith("/entry/"):
            return self._send(article("Entry " + path.split("/")[2], "An entry.").encode())
        if path == "/deep/":
            body = ("<div>" * NESTING_DEPTH + "<p>The text at the bottom of a very deep page, a "
                    "whole sentence of it, with enough words to count as an article's body.</p>"
                    + "</div>" * NESTING_DEPTH)
            return self._send(f"<html><head><title>Deep</title></head><body>{body}</body></html>".encode())
        if path == "/invalid-bytes/":
            page = article("Invalid bytes", "Before the bad bytes. AFTERWARDS the page goes on.")
            return self._send(page.encode().replace(b"AFTERWARDS", b"\xff\xfe\xc3(\x80 afterwards"))
        if path == "/yaml-title/":
            return self._send(article(YAML_BREAKING_TITLE, f"Colour codes {TERMINAL_BYTES} in the text.").encode())
        if path.startswith("/trick/") or path.startswith("/etc/") or path.startswith("/escape/"):
            return self._send(article("Trick " + str(len(self.asked)), "A page at an odd address.").encode())
        return self._send(b"not here", 404)

    def _stream_huge(self) -> None:
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(HUGE_BODY_BYTES))
        self.end_headers()
        chunk = (b"<p>" + b"word " * (CHUNK // 5) + b"</p>")[:CHUNK]
        with contextlib.suppress(OSError):
            for _ in range(HUGE_BODY_BYTES // CHUNK):
                self.wfile.write(chunk)

    def _trickle(self) -> None:
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(SLOW_BYTES))
        self.end_headers()
        stop = threading.Event()
        with contextlib.suppress(OSError):
            for _ in range(SLOW_BYTES):
                self.wfile.write(b" ")
                self.wfile.flush()
                stop.wait(1.0)            # a byte a second is the fault itself


@contextlib.contextmanager
def serve_hostile_site() -> Iterator[tuple[str, list[str]]]:
    """(base URL, the list of paths asked so far) while the server runs."""
    asked: list[str] = []
    handler = type("Handler", (HostileHandler,), {"asked": asked, "bomb": _gzip_bomb()})
    server = StaticServer((HOST, 0), handler)
    with serving(server, "hostile-site"):
        yield f"http://{HOST}:{server.server_address[1]}", asked
