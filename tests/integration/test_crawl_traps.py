"""A crawl of a site full of spider traps ends without --max-pages: an endless pager, an
endless calendar and posts whose Query Loop pagers combine without end (a loopback server
that answers every address), and the summary names each trap."""
from __future__ import annotations

import http.server
import json
import re
import threading
from urllib.parse import parse_qsl, urlsplit

import pytest

from tests.support.cli import run_leafcrawl

pytestmark = pytest.mark.integration

PROSE = "<p>" + "The keeper wrote down the weather every hour of the night. " * 25 + "</p>"


def page(title: str, body: str) -> bytes:
    return (f"<html><head><title>{title}</title></head><body><main><h1>{title}</h1>{body}"
            "</main></body></html>").encode()


def teasers(links) -> str:
    return "<ul>" + "".join(f'<li><h2><a href="{href}">{text}</a></h2><p>An entry about '
                            f'{text}, in a sentence or two of its own.</p></li>'
                            for href, text in links) + "</ul>"


def respond(path: str, query: dict) -> bytes:
    if path == "/":
        return page("Home", teasers([("/news/?page=1", "News"), ("/calendar/?month=1", "Calendar")]
                                    + [(f"/posts/post-{i}/", f"Post {i}") for i in range(3)]))
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


def test_a_site_of_traps_is_crawled_to_its_end(tmp_path, redis_ns):
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), TrapHandler)
    server.request_queue_size = 128
    server.asked = []
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    try:
        result = run_leafcrawl(
            "crawl", base + "/", "--render", "never", "--with-worker", "--json-summary",
            str(tmp_path / "summary.json"), "-s", "LEAFCRAWL_TRAP_QUERIES_PER_PATH=40",
            "--archive-dir", str(tmp_path / "archive"), cwd=tmp_path,
            redis_url=redis_ns.url, env=redis_ns.env)
    finally:
        server.shutdown()
        server.server_close()
    assert result.returncode == 0, result.stderr
    summary = json.loads((tmp_path / "summary.json").read_text())
    assert summary["finish_reason"] == "finished"
    asked = [urlsplit(p) for p in server.asked if not p.startswith("/robots.txt")]
    news = [p for p in asked if p.path == "/news/"]
    months = [p for p in asked if p.path == "/calendar/"]
    post_variants = [p for p in asked if p.path.startswith("/posts/") and "&" in p.query]
    assert len(news) <= 40 and len(months) <= 40
    assert len(post_variants) <= 3 * 10            # COMBINATIONS_PER_PATH for each post
    traps = "\n".join(summary["traps"])
    assert "URLs under /news/ with query parameters, 40 fetched" in traps
    assert "URLs under /calendar/ with query parameters, 40 fetched" in traps
    assert "with combined query parameters, 10 fetched" in traps
    assert "trap  " in result.stdout or "trap suspected" in result.stdout


def test_a_page_of_many_links_is_followed_up_to_its_budget(tmp_path, redis_ns):
    from tests.support.http_server import serve_directory, write_page

    site = tmp_path / "site"
    write_page(site, "<html><body><main><h1>Directory</h1><ul>" + "".join(
        f'<li><a href="/entry/{i}/">Entry {i}</a></li>' for i in range(20_000)) + "</ul></main></body></html>")
    asked: list[str] = []
    with serve_directory(site, request_log=asked) as base:
        result = run_leafcrawl("crawl", base + "/", "--render", "never", "--with-worker",
                               "-s", "LEAFCRAWL_MAX_LINKS_PER_PAGE=30", "--json-summary",
                               str(tmp_path / "s.json"), "--archive-dir", str(tmp_path / "archive"),
                               cwd=tmp_path, redis_url=redis_ns.url, env=redis_ns.env)
    assert result.returncode == 0, result.stderr
    entries = [p for p in asked if p.startswith("/entry/")]
    assert len(entries) == 30
    summary = json.loads((tmp_path / "s.json").read_text())
    assert any("19,970 links not followed" in line for line in summary["traps"])
