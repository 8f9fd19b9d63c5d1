"""A blog whose theme prints no dates: the crawl reads the feed the home page advertises and
the archived posts carry the feed's days; --no-feeds leaves them undated."""
from __future__ import annotations

import json

import pytest

from tests.support.cli import archived_files, read_front_matter, run_leafcrawl
from tests.support.http_server import serve_directory, write_page

pytestmark = pytest.mark.integration

PROSE = "The lighthouse keeper logged the weather every hour of the night. " * 30
SLUGS = {"first-light": "Tue, 02 Mar 2021 09:00:00 +0000",
         "storm-warning": "Fri, 16 Jul 2021 18:30:00 +0000",
         "fog-horn": None}          # not in the feed (it lists the latest posts only)
HEAD = ('<link rel="alternate" type="application/rss+xml" title="Log" href="/feed.xml">'
        '<link rel="alternate" type="application/rss+xml" title="Comments" href="/comments/feed.xml">')


def write_site(root):
    items = "".join(f"<li><h2><a href=\"/{slug}/\">{slug.replace('-', ' ').title()}</a></h2>"
                    f"<p>An entry of the log.</p></li>" for slug in SLUGS)
    write_page(root, f"<html><head><title>Log</title>{HEAD}</head><body><main><h1>Entries</h1>"
                     f"<ul>{items}</ul></main></body></html>")
    for slug in SLUGS:
        title = slug.replace("-", " ").title()
        write_page(root / slug, f"<html><head><title>{title}</title>{HEAD}</head><body><main>"
                                f"<article><h1>{title}</h1><p>{PROSE}</p></article></main></body></html>")
    feed = "".join(f"<item><title>{slug}</title><link>{{base}}/{slug}/</link>"
                   f"<pubDate>{day}</pubDate></item>" for slug, day in SLUGS.items() if day)
    (root / "feed.xml").write_text(
        f'<?xml version="1.0"?><rss version="2.0"><channel><title>Log</title>{feed}</channel></rss>')
    # a comments feed: its items date comments (#comment-N), never the posts
    (root / "comments").mkdir()
    (root / "comments" / "feed.xml").write_text(
        '<?xml version="1.0"?><rss version="2.0"><channel><item><link>{base}/fog-horn/#comment-1'
        '</link><pubDate>Sat, 01 Jan 2022 00:00:00 +0000</pubDate></item></channel></rss>')


def crawl(tmp_path, redis_ns, *extra):
    site = tmp_path / "site"
    write_site(site)
    requests: list[str] = []
    with serve_directory(site, request_log=requests) as base:
        for feed in (site / "feed.xml", site / "comments" / "feed.xml"):
            feed.write_text(feed.read_text().replace("{base}", base))
        summary = tmp_path / "summary.json"
        result = run_leafcrawl("crawl", base + "/", "--render", "never", "--with-worker", *extra,
                               "--archive-dir", str(tmp_path / "archive"), "--json-summary",
                               str(summary), cwd=tmp_path, redis_url=redis_ns.url, env=redis_ns.env)
    assert result.returncode == 0, result.stderr
    days = {read_front_matter(f)["url"].rstrip("/").rsplit("/", 1)[-1]: read_front_matter(f).get("date")
            for f in archived_files(tmp_path / "archive").values()}
    return days, json.loads(summary.read_text()), requests


def test_posts_that_print_no_date_take_their_feed_day(tmp_path, redis_ns):
    days, summary, requests = crawl(tmp_path, redis_ns)
    assert days == {"first-light": "2021-03-02", "storm-warning": "2021-07-16", "fog-horn": None}
    assert summary["leaf"] == 3 and summary["failures"] == 0
    assert sorted(r for r in requests if "feed" in r) == ["/comments/feed.xml", "/feed.xml"]       # each feed fetched once


def test_no_feeds_reads_no_feed(tmp_path, redis_ns):
    days, _summary, requests = crawl(tmp_path, redis_ns, "--no-feeds")
    assert set(days.values()) == {None}
    assert not any("feed" in r for r in requests)
