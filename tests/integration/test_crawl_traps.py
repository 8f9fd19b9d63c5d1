"""A crawl of a site full of spider traps ends without --max-pages: an endless pager, an
endless calendar and posts whose Query Loop pagers combine without end (a loopback server
that answers every address), and the summary names each trap."""
from __future__ import annotations

import json
from urllib.parse import urlsplit

import pytest

from tests.support.cli import archived_files, run_leafcrawl
from tests.support.trap_site import serve_traps

pytestmark = pytest.mark.integration


def test_a_site_of_traps_is_crawled_to_its_end(tmp_path, redis_ns):
    with serve_traps() as (base, asked_paths):
        result = run_leafcrawl(
            "crawl", base + "/", "--render", "never", "--with-worker", "--json-summary",
            str(tmp_path / "summary.json"), "-s", "LEAFCRAWL_TRAP_QUERIES_PER_PATH=40",
            "--archive-dir", str(tmp_path / "archive"), cwd=tmp_path,
            redis_url=redis_ns.url, env=redis_ns.env)
    assert result.returncode == 0, result.stderr
    summary = json.loads((tmp_path / "summary.json").read_text())
    assert summary["finish_reason"] == "finished"
    asked = [urlsplit(p) for p in asked_paths if not p.startswith("/robots.txt")]
    news = [p for p in asked if p.path == "/news/"]
    months = [p for p in asked if p.path == "/calendar/"]
    assert len(news) <= 40 and len(months) <= 40
    # each post's three paged lists: one page of each asked for, found to repeat the post,
    # and not archived; the split post is one document, its parts in page order
    post_variants = [p for p in asked if p.path.startswith("/posts/post-") and p.query]
    assert len(post_variants) <= 3 * 3, sorted(p.geturl() for p in post_variants)
    files = archived_files(tmp_path / "archive")
    assert not [url for url in files if "?" in url]
    assert {base + "/posts/long-story/", base + "/posts/post-0/", base + "/posts/post-1/",
            base + "/posts/post-2/"} <= set(files)
    assert not {base + "/posts/long-story/2/", base + "/posts/long-story/3/"} & set(files)
    story = files[base + "/posts/long-story/"].read_text()
    assert story.index("Part 1, paragraph 7") < story.index("Part 2, paragraph 0") \
        < story.index("Part 3, paragraph 7")
    assert summary["joined"] == 2
    assert summary["widget_pager_pages"] == len(post_variants)
    traps = "\n".join(summary["traps"])
    assert "URLs under /news/ with query parameters, 40 fetched" in traps
    assert "URLs under /calendar/ with query parameters, 40 fetched" in traps
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
