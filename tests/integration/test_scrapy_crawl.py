"""The site spider run the way a Scrapy user (or scrapyd) runs one: `scrapy crawl site -a
url=...`, with Scrapy's own options, its leaves archived by `leafcrawl worker`."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from crawler.services.worker_process import start_worker
from tests.fixtures.make_blog import make_blog
from tests.support.cli import PROJECT_ROOT, archived_files
from pipelines.store.site_config import config_from_url
from tests.support.frontier_probe import release_once_members_joined
from tests.support.http_server import Hold, serve_directory

pytestmark = pytest.mark.integration


def scrapy_crawl(*args, env: dict, cwd=PROJECT_ROOT) -> subprocess.CompletedProcess:
    full_env = {k: v for k, v in os.environ.items() if k != "REDIS_URL"}
    full_env.update(env, PYTHONPATH=str(PROJECT_ROOT))
    return subprocess.run([sys.executable, "-m", "scrapy", "crawl", "site", *args], cwd=cwd,
                          env=full_env, capture_output=True, text=True, timeout=300,
                          stdin=subprocess.DEVNULL)


def test_scrapy_crawl_site_scores_every_page_and_a_worker_archives_the_leaves(tmp_path, redis_ns):
    expected = make_blog(tmp_path / "site")
    items = tmp_path / "pages.jsonl"
    env = dict(redis_ns.env, REDIS_URL=redis_ns.url)
    with serve_directory(tmp_path / "site") as base_url:
        done = scrapy_crawl("-a", f"url={base_url}/", "-a", "render=never",
                            "-a", f"archive_dir={tmp_path / 'archive'}", "-O", str(items), env=env)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "Dumping Scrapy stats" in done.stderr       # Scrapy's INFO log, as scrapyd keeps it

    pages = [json.loads(line) for line in items.read_text().splitlines()]
    by_url = {p["url"]: p for p in pages}
    assert {base_url + p for p in expected.posts} <= {u for u, p in by_url.items() if p["verdict"] == "leaf"}
    assert by_url[base_url + "/"]["verdict"] == "index"
    # every page's score stays in Redis, as a leafcrawl crawl leaves it
    assert redis_ns.conn.hget(f"{redis_ns.prefix}:page:{base_url}/", "verdict") == b"index"

    worker = start_worker(redis_ns.url, redis_ns.queue, burst=True)
    assert worker.wait(timeout=300) == 0
    assert {base_url + p for p in expected.posts} <= set(archived_files(tmp_path / "archive"))


def test_scrapy_crawl_command_line_settings_win_over_the_sites(tmp_path, redis_ns):
    make_blog(tmp_path / "site")
    items = tmp_path / "pages.jsonl"
    env = dict(redis_ns.env, REDIS_URL=redis_ns.url)
    with serve_directory(tmp_path / "site") as base_url:
        # the site's config says 0 (no limit) for max_pages; Scrapy's -s says 3
        done = scrapy_crawl("-a", f"url={base_url}/", "-a", "render=never", "-a", "max_pages=0",
                            "-a", f"archive_dir={tmp_path / 'archive'}", "-s", "CLOSESPIDER_PAGECOUNT=3",
                            "-s", "CONCURRENT_REQUESTS=1", "-O", str(items), env=env)
    assert done.returncode == 0, done.stderr[-2000:]
    # a few pages (robots.txt counts as a response), not the blog's 56
    assert 1 <= len(items.read_text().splitlines()) <= 3


@pytest.mark.parametrize("args, env, message", [
    ((), {"REDIS_URL": "redis://127.0.0.1:6379/0"}, "the site spider needs a site: scrapy crawl site -a url=URL"),
    (("-a", "url=http://127.0.0.1:9/"), {}, "scrapy crawl site needs REDIS_URL"),
    (("-a", "url=http://127.0.0.1:9/", "-a", "depth=deep"), {"REDIS_URL": "redis://127.0.0.1:6379/0"},
     "depth"),
])
def test_scrapy_crawl_without_what_it_needs_says_what_is_missing(tmp_path, args, env, message):
    done = scrapy_crawl(*args, env=env)
    assert done.returncode == 1
    assert message in done.stderr.strip().splitlines()[-1]


def test_scrapy_crawls_with_a_shared_frontier_split_one_site(tmp_path, redis_ns):
    # several scrapyd jobs of one site: each page fetched once between them
    import collections

    expected = make_blog(tmp_path / "site")
    requests: list[str] = []
    env = dict(redis_ns.env, REDIS_URL=redis_ns.url)
    full_env = {k: v for k, v in os.environ.items() if k != "REDIS_URL"}
    full_env.update(env, PYTHONPATH=str(PROJECT_ROOT))
    held = Hold()
    with serve_directory(tmp_path / "site", request_log=requests, faults={"/": held}) as base_url:
        procs = [subprocess.Popen(
            [sys.executable, "-m", "scrapy", "crawl", "site", "-a", f"url={base_url}/",
             "-a", "render=never", "-a", "shared_frontier=true",
             "-a", f"archive_dir={tmp_path / 'archive'}", "-O", str(tmp_path / f"pages-{i}.jsonl")],
            cwd=PROJECT_ROOT, env=full_env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
            text=True, stdin=subprocess.DEVNULL) for i in range(2)]
        release_once_members_joined(held, redis_ns.conn, redis_ns.prefix,
                                    config_from_url(base_url + "/").name, 2)
        for proc in procs:
            _, err = proc.communicate(timeout=300)
            assert proc.returncode == 0, err[-2000:]

    pages = collections.Counter(p for p in requests if not p.endswith(("robots.txt", ".css", ".svg")))
    assert max(pages.values()) == 1, [p for p, n in pages.items() if n > 1]
    scored = [json.loads(line)["url"] for i in range(2)
              for line in (tmp_path / f"pages-{i}.jsonl").read_text().splitlines()]
    assert len(scored) == len(set(scored))
    assert {base_url + p for p in expected.posts} <= set(scored)
    # the frontier lived in Redis, and the last one out cleared it
    assert not list(redis_ns.conn.scan_iter(f"{redis_ns.prefix}:frontier:*"))
