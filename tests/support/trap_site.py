"""A site of spider traps served on 127.0.0.1: an endless pager (/news/?page=N+1), an
endless calendar (/calendar/?month=N) and posts with three paginated Query Loops whose pager
links keep each other's parameters (WordPress block themes' pattern), beside a post split
over three pages whose page 1 alone links them all (WordPress' <!--nextpage-->). Every address is
answered, so a crawl without budgets never ends. Used by tests/integration/test_crawl_traps.py
and bench/eval_traps.py."""
from __future__ import annotations

import contextlib
import http.server
import re
import threading
from urllib.parse import parse_qsl, urlsplit

PROSE = "<p>" + "The keeper wrote down the weather every hour of the night. " * 25 + "</p>"


def page(title: str, body: str, head: str = "") -> bytes:
    return (f"<html><head><title>{title}</title>{head}</head><body><main><h1>{title}</h1>{body}"
            "</main></body></html>").encode()


def teasers(links) -> str:
    return "<ul>" + "".join(f'<li><h2><a href="{href}">{text}</a></h2><p>An entry about '
                            f'{text}, in a sentence or two of its own.</p></li>'
                            for href, text in links) + "</ul>"


def respond(path: str, query: dict) -> bytes:
    if path == "/":
        return page("Home", teasers([("/news/?page=1", "News"), ("/calendar/?month=1", "Calendar")]
                                    + [(f"/posts/post-{i}/", f"Post {i}") for i in range(3)]
                                    + [("/posts/long-story/", "A long story")]))
    match = re.fullmatch(r"/posts/long-story/(?:(\d)/)?", path)
    if match:
        part = int(match.group(1) or 1)
        text = "".join(f"<p>Part {part}, paragraph {i}: the story goes on with the keeper's "
                       "log of the weather, hour by hour, through the long night.</p>" for i in range(8))
        pager = ('Pages: <a class="post-page-numbers" href="/posts/long-story/2/">2</a> '
                 '<a class="post-page-numbers" href="/posts/long-story/3/">3</a>' if part == 1 else
                 'Pages: <a class="post-page-numbers" href="/posts/long-story/">1</a>')
        return page("A long story", f'<article><time datetime="2024-03-05">March 5, 2024</time>{text}'
                                    f'<div class="page-links">{pager}</div></article>',
                    head='<meta property="og:type" content="article">')
    if path == "/news/":
        n = int(query.get("page", 1))       # a pager that never runs out
        return page(f"News, page {n}", teasers([(f"/posts/post-{i}/", f"Post {i}") for i in range(3)])
                    + f'<nav class="pagination"><a href="/news/?page={n + 1}">Next</a></nav>')
    if path == "/calendar/":
        m = int(query.get("month", 1))      # month after month
        return page(f"Month {m}", teasers([(f"/posts/post-{m % 3}/", "Post")])
                    + f'<a href="/calendar/?month={m - 1}">Previous</a> '
                      f'<a href="/calendar/?month={m + 1}">Next</a>')
    match = re.fullmatch(r"/posts/post-(\d)/", path)
    if match:
        # three paginated loops of other posts, each pager keeping the others' parameters
        loops = []
        for loop in range(3):
            own = int(query.get(f"query-{loop}-page", 1))
            keep = {k: v for k, v in query.items() if k != f"query-{loop}-page"}
            pager = "".join(
                f'<a class="page-numbers" href="?{"&".join(f"{k}={v}" for k, v in sorted({**keep, f"query-{loop}-page": n}.items()))}">{n}</a>'
                for n in range(1, 20) if n != own)
            loops.append(teasers([(f"/posts/post-{(own + j) % 3}/", f"Loop {loop} item {j}") for j in range(3)])
                         + f'<nav class="wp-block-query-pagination">{pager}</nav>')
        return page(f"Post {match.group(1)}", PROSE + "".join(loops))
    return b""


class TrapHandler(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        parts = urlsplit(self.path)
        body = respond(parts.path, dict(parse_qsl(parts.query)))
        self.server.asked.append(self.path)
        self.send_response(200 if body else 404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


@contextlib.contextmanager
def serve_traps():
    """Serve the trap site; yield (base URL, the list of paths asked for)."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), TrapHandler)
    server.request_queue_size = 128
    server.asked = []
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}", server.asked
    finally:
        server.shutdown()
        server.server_close()


# The site's distinct pages: home, the posts, and the first page of the pager and calendar;
# what else it answers is the trap.
DISTINCT_PAGES = ("/", "/news/?page=1", "/calendar/?month=1", "/posts/post-0/",
                  "/posts/post-1/", "/posts/post-2/", "/posts/long-story/", "/posts/long-story/2/",
                  "/posts/long-story/3/")
