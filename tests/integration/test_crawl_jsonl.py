"""`crawl --jsonl FILE`: one JSON line per page as the crawl goes."""
from __future__ import annotations

import json

import pytest

from tests.fixtures.make_blog import make_blog
from tests.support.cli import archived_files, run_leafcrawl
from tests.support.http_server import serve_directory

pytestmark = pytest.mark.integration


def test_every_page_gets_a_line_and_each_leaf_its_archive_file(tmp_path, redis_ns):
    expected = make_blog(tmp_path / "site")
    with serve_directory(tmp_path / "site", faults={"/tags/": 500}) as base:
        result = run_leafcrawl("crawl", base + "/", "--render", "never", "--with-worker",
                               "--jsonl", str(tmp_path / "pages.jsonl"), "--json-summary",
                               str(tmp_path / "s.json"), "--archive-dir", str(tmp_path / "archive"),
                               cwd=tmp_path, redis_url=redis_ns.url, env=redis_ns.env)
    assert result.returncode == 0, result.stderr
    summary = json.loads((tmp_path / "s.json").read_text())
    lines = (tmp_path / "pages.jsonl").read_text(encoding="utf-8").splitlines()
    records = [json.loads(line) for line in lines]
    assert len(records) == summary["pages_fetched"]
    leaves = {r["url"]: r for r in records if r["verdict"] == "leaf"}
    assert len(leaves) == summary["leaf"] and {base + p for p in expected.posts} <= set(leaves)
    files = archived_files(tmp_path / "archive")
    for url, path in files.items():
        assert leaves[url]["archive_path"] == str(path)
    failed = [r for r in records if r["error"]]
    assert [(r["url"], r["status"], r["error"]) for r in failed] == [(base + "/tags/", 500, "HTTP 500")]
    assert all(set(r) >= {"url", "verdict", "score", "title", "author", "date", "archive_path",
                          "status", "error"} for r in records)
