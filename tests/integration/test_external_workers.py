"""With REDIS_URL and no worker, a crawl leaves its archive jobs queued; `leafcrawl worker`
(or any RQ worker on the project's config) archives them later."""

from __future__ import annotations

import json

import pytest

from tests.fixtures.make_blog import make_blog
from tests.support.cli import archived_files, run_leafcrawl
from tests.support.http_server import serve_directory

pytestmark = pytest.mark.integration


def test_jobs_wait_for_an_external_worker(tmp_path, redis_ns):
    expected = make_blog(tmp_path / "site")
    env, redis_url = redis_ns.env, redis_ns.url
    with serve_directory(tmp_path / "site") as base_url:
        summary_file = tmp_path / "summary.json"
        crawl = run_leafcrawl("crawl", base_url + "/", "--render", "never", "--archive-dir",
                              str(tmp_path / "archive"), "--json-summary", str(summary_file),
                              cwd=tmp_path, redis_url=redis_url, env=env)
        assert crawl.returncode == 3, crawl.stderr        # done, with a warning to heed
    summary = json.loads(summary_file.read_text())
    assert summary["archived"] == 0 and summary["jobs_pending"] == summary["leaf"] > 0
    assert "jobs pending" in crawl.stdout
    assert (f"! {summary['jobs_pending']} archive jobs wait on queue '{redis_ns.queue}' and no "
            "worker listens there: start one with `leafcrawl worker`") in crawl.stdout
    assert not (tmp_path / "archive").exists()

    worker = run_leafcrawl("worker", "--burst", cwd=tmp_path, redis_url=redis_url, env=env)
    assert worker.returncode == 0, worker.stderr
    files = archived_files(tmp_path / "archive")
    assert {base_url + p for p in expected.posts} <= set(files)
    assert len(files) == summary["leaf"]


def test_worker_without_redis_url_says_why(tmp_path):
    result = run_leafcrawl("worker", "--burst", cwd=tmp_path)
    assert result.returncode == 1 and "needs REDIS_URL" in result.stderr


def test_a_worker_on_another_machine_writes_where_it_is_told(tmp_path, redis_ns):
    # an archive job names the crawl's archive directory, a path on the crawler's machine:
    # a worker elsewhere writes its own (leafcrawl worker --archive-dir)
    expected = make_blog(tmp_path / "site")
    env, redis_url = redis_ns.env, redis_ns.url
    with serve_directory(tmp_path / "site") as base_url:
        crawl = run_leafcrawl("crawl", base_url + "/", "--render", "never", "--archive-dir",
                              str(tmp_path / "crawler-side"), cwd=tmp_path, redis_url=redis_url,
                              env=env)
        assert crawl.returncode == 3, crawl.stderr     # its jobs wait for a worker: said

    blocked = tmp_path / "not-a-dir"
    blocked.write_text("a file")
    refused = run_leafcrawl("worker", "--burst", "--archive-dir", str(blocked / "archive"),
                            cwd=tmp_path, redis_url=redis_url, env=env)
    assert refused.returncode == 1 and "cannot be written" in refused.stderr

    worker = run_leafcrawl("worker", "--burst", "--archive-dir", str(tmp_path / "worker-side"),
                           cwd=tmp_path, redis_url=redis_url, env=env)
    assert worker.returncode == 0, worker.stderr
    assert {base_url + p for p in expected.posts} <= set(archived_files(tmp_path / "worker-side"))
    assert not (tmp_path / "crawler-side").exists()
