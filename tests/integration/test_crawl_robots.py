"""Crawl a small wiki-like site end to end (plain mode, real Redis and RQ worker, served on
127.0.0.1): pages that say noindex are not archived, pages that say nofollow lead nowhere,
in <meta name="robots"> as wikis mark their history and recent-changes pages."""

from __future__ import annotations

import pytest

from pipelines.store.score_store import ScoreStore
from tests.integration.test_crawl_blog import crawl
from tests.support.cli import archived_files
from tests.support.http_server import serve_directory, write_page

pytestmark = pytest.mark.integration

ARTICLES = ("bikes", "tyres", "saddles")


def _page(title: str, body: str, robots: str | None = None) -> str:
    meta = f'<meta name="robots" content="{robots}">' if robots else ""
    return (f"<html><head><title>{title}</title>{meta}</head><body>"
            f'<nav><a href="/">Home</a> <a href="/recent/">Recent changes</a></nav>'
            f"<main><h1>{title}</h1>{body}</main></body></html>")


def make_wiki(root) -> None:
    entries = "".join(f'<li><h3><a href="/wiki/{a}/">{a.title()}</a></h3><p>An article on {a}.</p></li>'
                      for a in ARTICLES)
    write_page(root, _page("The wiki", f"<ul>{entries}</ul>"))
    for a in ARTICLES:
        write_page(root / "wiki" / a, _page(a.title(), "<p>" + f"All about {a}, at length. " * 60 + "</p>"))
    # recent changes: an index of filter links that never ends, marked nofollow by the wiki
    filters = "".join(f'<li><a href="/recent/days-{d}/">last {d} days</a></li>' for d in (1, 3, 7, 30))
    write_page(root / "recent", _page("Recent changes", f"<ul>{filters}</ul>", robots="noindex,nofollow"))
    for d in (1, 3, 7, 30):
        write_page(root / "recent" / f"days-{d}", _page(f"Last {d} days", "<p>Changes.</p>"))


def test_robots_meta_keeps_pages_out_of_the_archive_and_the_crawl_out_of_traps(tmp_path, redis_ns):
    site = tmp_path / "site"
    make_wiki(site)
    with serve_directory(site) as base_url:
        summary, _ = crawl(base_url, tmp_path, redis_ns, "never")
    archived = set(archived_files(tmp_path / "archive"))
    assert archived == {f"{base_url}/wiki/{a}/" for a in ARTICLES}
    # the home, the articles and the recent-changes page itself; none of its filters
    assert summary["pages_fetched"] == 1 + len(ARTICLES) + 1
    # and the stored record says why it led nowhere
    recent = ScoreStore(redis_ns.conn, redis_ns.prefix).get_page(base_url + "/recent/")
    assert recent["counts"]["robots_noindex"] == 1 and recent["counts"]["robots_nofollow"] == 1


def test_denied_urls_are_never_fetched(tmp_path, redis_ns):
    import json

    from tests.support.cli import run_leafcrawl

    site = tmp_path / "site"
    make_wiki(site)
    summary_file = tmp_path / "summary.json"
    with serve_directory(site) as base_url:
        result = run_leafcrawl(
            "crawl", base_url + "/", "--render", "never", "--archive-dir", str(tmp_path / "archive"),
            "--deny", r"/wiki/tyres/", "--deny", "/recent/", "--with-worker",
            "--json-summary", str(summary_file), cwd=tmp_path, redis_url=redis_ns.url, env=redis_ns.env)
    assert result.returncode == 0, result.stderr
    assert set(archived_files(tmp_path / "archive")) == {f"{base_url}/wiki/{a}/" for a in ARTICLES
                                                          if a != "tyres"}
    assert json.loads(summary_file.read_text())["pages_fetched"] == 1 + len(ARTICLES) - 1


class TimedLog(list):
    """A request log that keeps when each path arrived (monotonic seconds, path)."""

    def append(self, path):
        import time

        super().append((time.monotonic(), path))


def test_robots_crawl_delay_spaces_the_requests(tmp_path, redis_ns):
    # Scrapy obeys robots.txt's Disallow but not its Crawl-delay: the wiki's four pages
    # were fetched within milliseconds of each other, sixteen at a time
    site = tmp_path / "site"
    make_wiki(site)
    delay = 0.5
    (site / "robots.txt").write_text(f"User-agent: *\nCrawl-delay: {delay}\nDisallow: /recent/\n")
    log = TimedLog()
    with serve_directory(site, request_log=log) as base_url:
        crawl(base_url, tmp_path, redis_ns, "never")
    times = [t for t, path in log if path != "/robots.txt"]
    assert len(times) == 1 + len(ARTICLES)
    gaps = [b - a for a, b in zip(times, times[1:])]
    # one at a time, that far apart (a little slack for the server's clock)
    assert min(gaps) >= delay * 0.9, gaps
