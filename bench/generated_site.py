"""A generated blog of any size, answered on the fly on 127.0.0.1 (nothing on disk): for crawls
at scale (Redis bytes a page, pages/s over a long crawl).

    python bench/generated_site.py 100000 [--port 8000]     # serve until Ctrl-C

LEAVES posts at /post/N/, each about WORDS_PER_POST words of text made from a fixed
vocabulary (the same page for the same N on every run); listing pages at / and /page/K/,
each linking LEAVES_PER_INDEX posts, a pager to the next listing page and a menu. Every
post links back to the home and its listing page, as blog themes do.
"""
from __future__ import annotations

import argparse
import contextlib
import random
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.support.http_server import HOST, StaticServer, serving  # noqa: E402

LEAVES_PER_INDEX = 20
WORDS_PER_POST = 500
WORDS_PER_PARAGRAPH = 60
VOCABULARY = ("the keeper wrote down weather every hour night harbour light storm ship crew "
              "morning tide rope lantern island coast wind rain fog bell signal boat sea rock "
              "north south east west cold warm long short bright dark quiet loud old new small "
              "large stone wooden iron glass distant near river valley hill road bridge town "
              "market garden winter summer spring autumn letter map compass journal record").split()


def post_html(n: int, leaves: int) -> bytes:
    rng = random.Random(n)
    words = [rng.choice(VOCABULARY) for _ in range(WORDS_PER_POST)]
    paragraphs = "".join(
        "<p>" + " ".join(words[i:i + WORDS_PER_PARAGRAPH]).capitalize() + ".</p>"
        for i in range(0, WORDS_PER_POST, WORDS_PER_PARAGRAPH))
    listing = n // LEAVES_PER_INDEX + 1
    return (f"<!doctype html><html><head><meta charset=utf-8><title>Post {n}</title>"
            f'<meta property="og:type" content="article"></head><body><header><nav>'
            f'<a href="/">Home</a> <a href="/page/{listing}/">Listing {listing}</a></nav></header>'
            f"<main><article><h1>Post {n}: {' '.join(words[:4])}</h1>"
            f'<time datetime="2024-01-{n % 28 + 1:02d}">January {n % 28 + 1}, 2024</time>'
            f"{paragraphs}</article></main><footer>A generated blog of {leaves} posts</footer>"
            "</body></html>").encode()


def listing_html(k: int, leaves: int) -> bytes:
    first = (k - 1) * LEAVES_PER_INDEX
    posts = range(first, min(first + LEAVES_PER_INDEX, leaves))
    items = "".join(f'<li><h2><a href="/post/{n}/">Post {n}</a></h2><p>A post of the generated '
                    f"blog, number {n}.</p></li>" for n in posts)
    pages = -(-leaves // LEAVES_PER_INDEX)
    pager = (f'<nav class="pagination"><a href="/page/{k + 1}/">Older posts</a> '
             f'<a href="/page/{k + 1}/">{k + 1}</a></nav>' if k < pages else "")
    return (f"<!doctype html><html><head><meta charset=utf-8><title>Blog, page {k}</title></head>"
            f'<body><header><nav><a href="/">Home</a></nav></header><main><h1>Blog</h1>'
            f"<ul>{items}</ul>{pager}</main></body></html>").encode()


def answer(path: str, leaves: int) -> bytes | None:
    parts = path.strip("/").split("/")
    if path == "/":
        return listing_html(1, leaves)
    if len(parts) == 2 and parts[1].isdigit():
        n = int(parts[1])
        if parts[0] == "post" and n < leaves:
            return post_html(n, leaves)
        if parts[0] == "page" and 1 <= n <= -(-leaves // LEAVES_PER_INDEX):
            return listing_html(n, leaves)
    return None


class GeneratedHandler(BaseHTTPRequestHandler):
    leaves = 0
    protocol_version = "HTTP/1.1"
    arrivals: list | None = None      # time.monotonic() of each page asked for, when kept

    def log_message(self, format, *args):
        pass

    def do_GET(self):
        if self.arrivals is not None and self.path != "/robots.txt":
            self.arrivals.append(time.monotonic())
        body = answer(self.path.split("?", 1)[0], self.leaves)
        self.send_response(200 if body else 404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        body = body or b"not here"
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


def distinct_pages(leaves: int) -> int:
    """The site's pages: its posts and its listing pages (/ and /page/1/ are one listing)."""
    return leaves + -(-leaves // LEAVES_PER_INDEX) + 1


@contextlib.contextmanager
def serve_generated(leaves: int, port: int = 0, arrivals: list | None = None) -> Iterator[str]:
    """The base URL of a generated blog of `leaves` posts while the block runs; arrivals, if
    given, gets the time of each page request."""
    handler = type("Handler", (GeneratedHandler,), {"leaves": leaves, "arrivals": arrivals})
    server = StaticServer((HOST, port), handler)
    with serving(server, "generated-site"):
        yield f"http://{HOST}:{server.server_address[1]}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("leaves", type=int)
    ap.add_argument("--port", type=int, default=8000)
    args = ap.parse_args()
    with serve_generated(args.leaves, args.port) as base:
        print(f"{distinct_pages(args.leaves)} pages at {base}/ (Ctrl-C to stop)")
        with contextlib.suppress(KeyboardInterrupt):
            threading.Event().wait()


if __name__ == "__main__":
    main()
