"""Crawl a small forum end to end (plain mode, real Redis and RQ worker, served on
127.0.0.1): its board is followed, and each thread is archived whole, every page of it in
one document, though a thread is a leaf and a leaf's links are not followed."""

from __future__ import annotations

import pytest

from tests.integration.test_crawl_blog import crawl
from tests.support.cli import archived_files, read_front_matter, run_leafcrawl
from tests.support.http_server import serve_directory, write_page

pytestmark = pytest.mark.integration

THREADS = {"which-bike.101": 3, "tyre-pressure.102": 1}


def _thread(slug: str, n: int, pages: int) -> str:
    posts = "".join(
        f'<article class="message"><a href="/members/rider{i}.{i}/">rider{i}</a><p>'
        + f"Reply {i} on page {n} of {slug} weighs frames, gears and saddles. " * 6
        + "</p></article>" for i in range(5))
    pager = "".join(f'<a href="/threads/{slug}/{"" if k == 1 else f"page-{k}/"}">{k}</a>'
                    for k in range(1, pages + 1)) if pages > 1 else ""
    return (f"<html><head><title>{slug} page {n}</title></head><body>"
            f'<nav><a href="/">Forum</a></nav><main><h1>{slug}</h1>{posts}'
            f'<div class="pageNav">{pager}</div></main></body></html>')


def make_forum(root) -> set[str]:
    """The forum's files; returns the thread page paths a crawl must archive."""
    entries = "".join(
        f'<li class="thread"><h3><a href="/threads/{slug}/">{slug}</a></h3>'
        f"<p>Started by rider0, {pages} pages of replies</p></li>" for slug, pages in THREADS.items())
    write_page(root, f"<html><body><main><h1>Bikes board</h1><ul>{entries}</ul></main></body></html>")
    expected = set()
    for slug, pages in THREADS.items():
        for n in range(1, pages + 1):
            path = f"/threads/{slug}/" + ("" if n == 1 else f"page-{n}/")
            write_page(root / path.strip("/"), _thread(slug, n, pages))
            expected.add(path)
    return expected


def test_every_page_of_a_paged_thread_is_archived(tmp_path, redis_ns):
    site = tmp_path / "site"
    expected = make_forum(site)
    with serve_directory(site) as base_url:
        summary, _ = crawl(base_url, tmp_path, redis_ns, "never")
    files = archived_files(tmp_path / "archive")
    assert set(files) == {base_url + path for path in expected if "/page-" not in path}
    # the thread's pages in one document, in page order
    thread = files[base_url + "/threads/which-bike.101/"]
    assert read_front_matter(thread)["parts"] == [
        base_url + "/threads/which-bike.101/page-2/", base_url + "/threads/which-bike.101/page-3/"]
    text = thread.read_text()
    assert text.index("Reply 4 on page 1") < text.index("Reply 0 on page 2") \
        < text.index("Reply 4 on page 3")
    assert summary["pages_fetched"] == 1 + len(expected) and summary["joined"] == 2


LOGIN = ('<html><head><title>Log in</title></head><body><header><a href="/">Forum</a></header><main>'
         '<h1>Log in</h1><form method="post" action="/login/"><input name="username">'
         '<input type="password" name="password"><button>Log in</button></form>'
         '<p>Log in with the name and password you chose when you signed up. Your session '
         'lasts two weeks on this device; log out on shared computers.</p>'
         '<p>New here? <a href="/register/">Create an account</a>.</p></main></body></html>')


def test_the_login_form_every_page_links_with_its_way_back_is_one_page_not_kept(tmp_path, redis_ns):
    site = tmp_path / "site"
    expected = make_forum(site)
    # the board, paged: each page links the login form with itself as the way back
    board = (site / "index.html").read_text()
    for n, path in ((1, "/"), (2, "/page-2/")):
        login = f'<header><a href="/login/?next={path}">Log in</a></header>'
        pager = '<nav class="pagination"><a href="/">1</a> <a href="/page-2/">2</a></nav>'
        html = board.replace("<body>", f"<body>{login}").replace("</main>", f"</main>{pager}")
        write_page(site / path.strip("/") if n > 1 else site, html)
    write_page(site / "login", LOGIN)
    requests, explain = crawl_kept_threads_only(tmp_path, redis_ns, expected, "/login/")
    assert [p for p in requests if p.startswith("/login")] == ["/login/"]
    assert "verdict   leaf" in explain and "account_form=1" in explain


def crawl_kept_threads_only(tmp_path, redis_ns, expected: set[str], page: str):
    """Crawl the forum in tmp_path/site: its threads' first pages, and no other page, are
    archived. Returns the paths asked for and `leafcrawl explain PAGE`'s output."""
    requests: list[str] = []
    with serve_directory(tmp_path / "site", request_log=requests) as base_url:
        crawl(base_url, tmp_path, redis_ns, "never")
        explain = run_leafcrawl("explain", base_url + page, cwd=tmp_path,
                                redis_url=redis_ns.url, env=redis_ns.env)
    assert set(archived_files(tmp_path / "archive")) == {base_url + p for p in expected
                                                         if "/page-" not in p}
    return requests, explain.stdout


SEARCH = ('<html><head><title>Search</title></head><body><header><a href="/">Forum</a></header>'
          '<main><h1>Search</h1><div class="searchbox"><input type="search" aria-label="search" '
          'placeholder="Search the board"><ul id="results"></ul></div></main></body></html>')


def test_a_search_page_is_fetched_not_kept(tmp_path, redis_ns):
    # a static site's search page: a box a script fills with results, nothing to keep
    site = tmp_path / "site"
    expected = make_forum(site)
    board = (site / "index.html").read_text()
    write_page(site, board.replace("</ul>", '</ul><p><a href="/search/">Search the board</a></p>'))
    write_page(site / "search", SEARCH)
    requests, explain = crawl_kept_threads_only(tmp_path, redis_ns, expected, "/search/")
    assert "/search/" in requests
    assert "verdict   leaf" in explain and "search_page=1" in explain
