"""With no REDIS_URL, a crawl brings its own Redis and worker and leaves nothing running;
a later command reads the same embedded data."""

from __future__ import annotations

import json

import pytest

from tests.fixtures.make_blog import make_blog
from tests.support.cli import archived_files, processes_mentioning, run_leafcrawl
from tests.support.http_server import serve_directory

pytestmark = pytest.mark.integration


def test_crawl_without_redis_url_uses_embedded_redis_and_cleans_up(tmp_path):
    site = tmp_path / "site"
    expected = make_blog(site)
    work = tmp_path / "work"
    work.mkdir()
    with serve_directory(site) as base_url:
        crawl = run_leafcrawl("crawl", base_url + "/", "--render", "never", cwd=work)
        assert crawl.returncode == 0, crawl.stderr
        assert processes_mentioning(str(work)) == []  # no Redis, no worker left behind

        assert "embedded" in crawl.stdout
        files = archived_files(work / "archive")
        assert {base_url + p for p in expected.posts} <= set(files)
        assert (work / ".leafcrawl").is_dir()

        scores = run_leafcrawl("scores", "--json", cwd=work)
        assert scores.returncode == 0, scores.stderr
        assert processes_mentioning(str(work)) == []

    stored = json.loads(scores.stdout)
    assert len(stored) == 1
    (site_name, pages), = stored.items()
    stored_urls = {page["url"] for page in pages}
    assert set(files) <= stored_urls
    assert all(page["breakdown"] for page in pages)

    explain = run_leafcrawl("explain", base_url + expected.posts[0], cwd=work)
    assert explain.returncode == 0, explain.stderr
    assert "verdict   leaf" in explain.stdout and "head_start" in explain.stdout
    assert processes_mentioning(str(work)) == []
