"""An interrupted crawl goes on where it stopped with --resume: its pending requests and the
URLs it had seen are kept in ./.leafcrawl/jobs/SITE (Scrapy's JOBDIR), so the second run
fetches what the first had not, not the whole site again."""

from __future__ import annotations

import collections
import json
import os
import signal
import subprocess
import sys

import pytest

from tests.fixtures.make_blog import make_blog
from tests.support.cli import PROJECT_ROOT, archived_files
from tests.support.http_server import Hold, serve_directory

pytestmark = pytest.mark.integration


def crawl_command(base_url, workdir, name, *extra):
    return [sys.executable, "-m", "crawler.cli", "crawl", base_url + "/", "--render", "never",
            "--with-worker", "--archive-dir", str(workdir / "archive"),
            "--json-summary", str(workdir / f"{name}.json"), *extra]


def test_an_interrupted_crawl_resumes_where_it_stopped(tmp_path, redis_ns):
    site = tmp_path / "site"
    expected = make_blog(site)
    held = Hold()
    posts = sorted(expected.posts)
    requests: list[str] = []
    env = {k: v for k, v in os.environ.items() if k != "REDIS_URL"}
    env.update(redis_ns.env, REDIS_URL=redis_ns.url, PYTHONPATH=str(PROJECT_ROOT))
    with serve_directory(site, faults={posts[0]: held}, request_log=requests) as base_url:
        first = subprocess.Popen(crawl_command(base_url, tmp_path, "first"), cwd=tmp_path, env=env,
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                 stdin=subprocess.DEVNULL)
        try:
            assert held.wait_for_arrivals(1, timeout=120), "the held post was never requested"
            first.send_signal(signal.SIGINT)        # Ctrl-C while a post is on its way
        finally:
            held.release()
        out, err = first.communicate(timeout=300)
        assert first.returncode == 130, err
        assert "go on later with --resume" in out
        fetched_first = len(requests)
        second = subprocess.run(crawl_command(base_url, tmp_path, "second", "--resume"),
                                cwd=tmp_path, env=env, capture_output=True, text=True,
                                stdin=subprocess.DEVNULL, timeout=300)
    assert second.returncode == 0, second.stderr
    assert "resumed" in second.stdout
    summary = json.loads((tmp_path / "second.json").read_text())
    assert summary["resumed"] is True
    pages = collections.Counter(p for p in requests if not p.endswith(("robots.txt", ".css", ".svg")))
    # the second run fetched what the first had not: no page twice, and together every post
    assert max(pages.values()) == 1, [p for p, n in pages.items() if n > 1]
    assert 0 < fetched_first < len(requests)
    assert {base_url + p for p in posts} <= set(archived_files(tmp_path / "archive"))
    assert not (tmp_path / ".leafcrawl" / "jobs").exists() or not any((tmp_path / ".leafcrawl" / "jobs").iterdir())
