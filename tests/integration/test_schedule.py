"""Scheduled site crawls: RQ's cron enqueues one crawl per scheduled site config, a worker
runs it, and its leaves reach the archive through the same queue."""

from __future__ import annotations

import uuid
from datetime import datetime, timedelta, timezone

import pytest
import redis
from rq import Queue
from rq.cron import CronScheduler

from crawler.services.worker_process import start_worker
from tests.fixtures.make_blog import make_blog
from tests.support.cli import archived_files, run_leafcrawl
from tests.support.http_server import free_port, serve_directory

pytestmark = pytest.mark.integration


@pytest.fixture
def scheduled_blog(tmp_path, redis_url, monkeypatch):
    expected = make_blog(tmp_path / "site")
    prefix, queue = f"test-{uuid.uuid4().hex[:8]}", f"q-{uuid.uuid4().hex[:8]}"
    conn = redis.Redis.from_url(redis_url)
    with serve_directory(tmp_path / "site") as base_url:
        configs = tmp_path / "configs"
        configs.mkdir()
        (configs / "blog.yaml").write_text(
            f"name: sched-{prefix}\nstart_urls: ['{base_url}/']\nrender: never\n"
            f"archive_dir: {tmp_path / 'archive'}\nschedule: '*/5 * * * *'\n")
        (configs / "unscheduled.toml").write_text(f'name = "other"\nstart_urls = ["{base_url}/"]\n')
        for key, value in {"REDIS_URL": redis_url, "LEAFCRAWL_SITE_CONFIGS": str(configs),
                           "LEAFCRAWL_QUEUE": queue, "LEAFCRAWL_REDIS_PREFIX": prefix}.items():
            monkeypatch.setenv(key, value)
        try:
            yield expected, base_url, configs, conn, queue, prefix
        finally:
            keys = list(conn.scan_iter(f"{prefix}:*"))
            if keys:
                conn.delete(*keys)
            Queue(queue, connection=conn).empty()
            conn.close()


def run_queue_to_empty(redis_url, queue):
    worker = start_worker(redis_url, queue, burst=True)
    assert worker.wait(timeout=300) == 0


def test_cron_enqueues_each_scheduled_site_and_a_worker_crawls_it(scheduled_blog, redis_url, tmp_path):
    expected, base_url, configs, conn, queue, prefix = scheduled_blog
    scheduler = CronScheduler(connection=conn)
    scheduler.load_config_from_file("workers.cron_config")
    jobs = scheduler.get_jobs()
    assert [(j.name, j.cron) for j in jobs] == [(f"crawl:sched-{prefix}", "*/5 * * * *")]

    jobs[0].next_enqueue_time = datetime.now(timezone.utc) - timedelta(seconds=1)  # "it is time"
    assert scheduler.enqueue_jobs() == jobs
    queued = Queue(queue, connection=conn).jobs
    assert [j.func_name for j in queued] == ["workers.scheduled.crawl_site"]

    run_queue_to_empty(redis_url, queue)
    crawl_job = queued[0]
    crawl_job.refresh()
    summary = crawl_job.return_value()
    assert crawl_job.get_status() == "finished" and summary["site"] == f"sched-{prefix}"
    files = archived_files(tmp_path / "archive")
    assert {base_url + p for p in expected.posts} <= set(files)
    assert summary["leaf"] >= len(expected.posts)


def test_schedule_cli_lists_and_runs_now(scheduled_blog, redis_url, tmp_path):
    expected, base_url, configs, conn, queue, prefix = scheduled_blog
    env = {"LEAFCRAWL_QUEUE": queue, "LEAFCRAWL_REDIS_PREFIX": prefix}
    # one site's broken config is named, and the others are scheduled all the same
    (configs / "broken.yaml").write_text("name: broken\nstart_urls: [not-a-url]\nschedule: '* * * * *'\n")
    listed = run_leafcrawl("schedule", "--configs", str(configs), "--list", cwd=tmp_path, env=env)
    (configs / "broken.yaml").unlink()
    assert listed.returncode == 0, listed.stderr
    assert "leafcrawl schedule: skipped, not scheduled:" in listed.stderr
    assert "broken.yaml" in listed.stderr and "'start_urls'" in listed.stderr
    assert f"sched-{prefix}" in listed.stdout and "*/5 * * * *" in listed.stdout
    assert "other" not in listed.stdout  # no schedule, not listed
    assert "running" not in listed.stdout
    # a scheduled crawl of the site runs now (workers/scheduled.py's lock): --list says by whom
    conn.set(f"{prefix}:scheduled:sched-{prefix}", "worker-7:4242 since 2026-12-01T10:00:00")
    busy = run_leafcrawl("schedule", "--configs", str(configs), "--list", cwd=tmp_path, env=env,
                         redis_url=redis_url)
    assert busy.returncode == 0, busy.stderr
    assert "running: worker-7:4242 since 2026-12-01T10:00:00" in busy.stdout
    # and --run-now says so instead of enqueuing a crawl that would be skipped
    refused = run_leafcrawl("schedule", "--configs", str(configs), "--run-now", f"sched-{prefix}",
                            cwd=tmp_path, env=env, redis_url=redis_url)
    assert refused.returncode == 1 and "runs now (worker-7:4242" in refused.stderr
    assert Queue(queue, connection=conn).count == 0
    conn.delete(f"{prefix}:scheduled:sched-{prefix}")

    missing = run_leafcrawl("schedule", "--configs", str(configs), "--run-now", "nope",
                            cwd=tmp_path, env=env, redis_url=redis_url)
    assert missing.returncode == 1 and "no scheduled site named 'nope'" in missing.stderr

    now = run_leafcrawl("schedule", "--configs", str(configs), "--run-now", f"sched-{prefix}",
                        cwd=tmp_path, env=env, redis_url=redis_url)
    assert now.returncode == 0, now.stderr
    run_queue_to_empty(redis_url, queue)
    assert {base_url + p for p in expected.posts} <= set(archived_files(tmp_path / "archive"))


def test_a_scheduled_crawl_is_skipped_while_the_sites_last_one_still_runs(tmp_path, redis_url, monkeypatch):
    # RQ's cron enqueues a site's crawl on time, finished or not: with two workers a crawl
    # that outlasts its interval ran twice at once, each fetching the whole site
    import threading

    from pipelines.store.redis_keys import scheduled_crawl_key
    from tests.support.http_server import Hold
    from workers.scheduled import crawl_site

    expected = make_blog(tmp_path / "site")
    prefix = f"test-{uuid.uuid4().hex[:8]}"
    monkeypatch.setenv("LEAFCRAWL_REDIS_PREFIX", prefix)
    monkeypatch.setenv("LEAFCRAWL_QUEUE", f"q-{uuid.uuid4().hex[:8]}")
    conn = redis.Redis.from_url(redis_url)
    held, requests = Hold(), []
    post = expected.posts[0]
    try:
        with serve_directory(tmp_path / "site", faults={post: held}, request_log=requests) as base_url:
            config = tmp_path / "blog.yaml"
            config.write_text(f"name: lock-{prefix}\nstart_urls: ['{base_url}/']\nrender: never\n"
                              f"archive_dir: {tmp_path / 'archive'}\nschedule: '*/5 * * * *'\n")
            results = []
            first = threading.Thread(target=lambda: results.append(
                crawl_site(str(config), redis_url, str(tmp_path))))
            first.start()
            try:
                assert held.wait_for_arrivals(1, timeout=120), "the first crawl never got there"
                key = scheduled_crawl_key(prefix, f"lock-{prefix}")
                assert conn.ttl(key) > 0
                second = crawl_site(str(config), redis_url, str(tmp_path))
                assert second["site"] == f"lock-{prefix}"
                assert "still runs" in second["skipped"] and conn.get(key).decode() in second["skipped"]
                # the skipped one fetched nothing: a crawl's first request is robots.txt
                assert requests.count("/robots.txt") == 1
            finally:
                held.release()
                first.join(timeout=300)
            assert results and results[0]["pages_fetched"] >= len(expected.posts)
            assert conn.get(key) is None                   # released: the next one runs
    finally:
        keys = list(conn.scan_iter(f"{prefix}:*"))
        if keys:
            conn.delete(*keys)
        conn.close()


def test_schedule_cli_reads_only_the_configs_it_is_given(scheduled_blog, redis_url, tmp_path,
                                                         monkeypatch):
    """With REDIS_URL set, `--configs DIR` was not enough: the command imported RQ's cron
    config first, which read $LEAFCRAWL_SITE_CONFIGS or ./configs/sites, and ended in a
    traceback where neither was (or where another directory held a broken config)."""
    _, _, configs, _, queue, prefix = scheduled_blog
    monkeypatch.delenv("LEAFCRAWL_SITE_CONFIGS")
    elsewhere = tmp_path / "elsewhere"
    (elsewhere / "configs" / "sites").mkdir(parents=True)
    (elsewhere / "configs" / "sites" / "broken.yaml").write_text("name: [\n")
    for cwd in (tmp_path, elsewhere):
        listed = run_leafcrawl("schedule", "--configs", str(configs), "--list", cwd=cwd,
                               env={"LEAFCRAWL_QUEUE": queue, "LEAFCRAWL_REDIS_PREFIX": prefix},
                               redis_url=redis_url)
        assert listed.returncode == 0, listed.stderr
        assert f"sched-{prefix}" in listed.stdout and "Traceback" not in listed.stderr


def test_a_scheduled_crawl_that_fails_and_one_that_succeeds_show_in_runs_and_the_list(
        scheduled_blog, redis_url, tmp_path):
    # both through RQ's cron and a worker, as a user's schedule runs them

    expected, base_url, configs, conn, queue, prefix = scheduled_blog
    dead = f"http://127.0.0.1:{free_port()}/"
    (configs / "dead.yaml").write_text(f"name: dead-{prefix}\nstart_urls: ['{dead}']\nrender: never\n"
                                       f"archive_dir: {tmp_path / 'archive'}\nschedule: '*/5 * * * *'\n")
    scheduler = CronScheduler(connection=conn)
    scheduler.load_config_from_file("workers.cron_config")
    jobs = scheduler.get_jobs()
    assert sorted(j.name for j in jobs) == sorted([f"crawl:sched-{prefix}", f"crawl:dead-{prefix}"])
    for job in jobs:
        job.next_enqueue_time = datetime.now(timezone.utc) - timedelta(seconds=1)
    scheduler.enqueue_jobs()
    run_queue_to_empty(redis_url, queue)

    env = {"LEAFCRAWL_REDIS_PREFIX": prefix, "LEAFCRAWL_QUEUE": queue}
    runs = run_leafcrawl("runs", cwd=tmp_path, env=env, redis_url=redis_url)
    assert runs.returncode == 0, runs.stderr
    rows = {line.split()[1]: line.split() for line in runs.stdout.splitlines()[1:]
            if not line.startswith("  !")}
    assert rows[f"sched-{prefix}"][2:4] == ["schedule", "ok"]
    assert rows[f"dead-{prefix}"][2:4] == ["schedule", "failed"]
    assert "connection refused" in runs.stdout.lower()
    listed = run_leafcrawl("schedule", "--list", "--configs", str(configs), cwd=tmp_path, env=env,
                           redis_url=redis_url)
    assert listed.returncode == 0, listed.stderr
    lines = {line.split()[0]: line for line in listed.stdout.splitlines()}
    assert "schedule ok" in lines[f"sched-{prefix}"]
    assert "schedule failed" in lines[f"dead-{prefix}"]
