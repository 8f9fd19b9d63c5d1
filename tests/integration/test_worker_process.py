"""A real `python -m rq.cli worker` subprocess: start, run jobs, drain, warm stop."""

from __future__ import annotations

import os
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest
from rq import Queue

from crawler.services.worker_process import (
    PROJECT_ROOT, start_worker, stop_worker, wait_until_drained, workers_listening,
)
from pipelines.store import redis_keys as rk
from workers.stopping_worker import WORKER_CLASS, StoppingWorker

pytestmark = pytest.mark.integration


def record_pid(key: str, seconds: float = 0.0) -> int:
    """Job run by the worker subprocess (imported by dotted path from the project root)."""
    from rq import get_current_job

    time.sleep(seconds)
    get_current_job().connection.rpush(key, os.getpid())
    return os.getpid()


JOB = f"{__name__}.record_pid"


def archive_when_told(go_key: str, payload: dict) -> dict:
    """workers.jobs.archive_page once `go_key` is set: a job a worker can be killed in."""
    from rq import get_current_job

    from workers.jobs import archive_page

    connection = get_current_job().connection
    while not connection.exists(go_key):
        time.sleep(0.05)
    return archive_page(payload)


ARCHIVE_WHEN_TOLD = f"{__name__}.archive_when_told"


def archive_payload(url: str, text: str, prefix: str, archive_dir) -> dict:
    """An archive job's payload for a one-paragraph post at `url`, run "r1"."""
    from pipelines.page import analyze_page

    page = analyze_page(f"<html><body><article><h1>Post</h1><p>{text}</p></article></body></html>",
                        url)
    return {"url": page.url, "site": "ex", "run_id": "r1", "prefix": prefix,
            "archive_dir": str(archive_dir), "blocks": [b.to_dict() for b in page.blocks],
            "title": page.title, "content_hash": page.content_hash, "verdict": "leaf"}


@pytest.fixture
def names(conn):
    tag = uuid.uuid4().hex[:10]
    queue, prefix = f"test-q-{tag}", f"test-{tag}"
    yield queue, prefix
    Queue(queue, connection=conn).delete(delete_jobs=True)
    keys = list(conn.scan_iter(match=rk.all_keys_pattern(prefix), count=1000))
    if keys:
        conn.delete(*keys)


def wait_for(predicate, timeout=20.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.05)
    return False


def test_worker_runs_jobs_drains_and_stops(redis_url, conn, names):
    queue, prefix = names
    out_key = f"{prefix}:out"
    proc = start_worker(redis_url, queue)
    try:
        assert wait_for(lambda: workers_listening(conn, queue) == 1), "worker never registered"
        q = Queue(queue, connection=conn)
        jobs = [q.enqueue(JOB, out_key, 0.05, result_ttl=30) for _ in range(10)]
        assert wait_until_drained(conn, queue, timeout=60)
        assert all(j.get_status() == "finished" for j in jobs)
        pids = {int(p) for p in conn.lrange(out_key, 0, -1)}
        assert pids == {proc.pid}  # SimpleWorker: jobs run in the worker process itself
        assert conn.llen(out_key) == 10
    finally:
        code = stop_worker(proc, timeout=20)
    assert proc.poll() is not None and code == 0
    with pytest.raises(ProcessLookupError):
        os.kill(proc.pid, 0)
    assert workers_listening(conn, queue) == 0


def test_warm_shutdown_finishes_the_running_job(redis_url, conn, names):
    queue, prefix = names
    out_key = f"{prefix}:out"
    proc = start_worker(redis_url, queue)
    try:
        q = Queue(queue, connection=conn)
        job = q.enqueue(JOB, out_key, 1.5, result_ttl=30)
        assert wait_for(lambda: job.get_status() == "started")
    finally:
        stop_worker(proc, timeout=20)
    assert job.get_status() == "finished" and conn.llen(out_key) == 1


def test_an_archive_job_whose_worker_was_killed_runs_again_and_counts_once(
        redis_url, conn, names, tmp_path):
    """A worker killed mid-job (OOM, a machine lost) leaves its job abandoned in RQ's started
    registry. With retries left (as archive jobs are enqueued: ARCHIVE_RETRIES), the
    registry's cleanup, which any live worker's maintenance runs once the job's time is up,
    puts it back on the queue, and the page is archived and counted once."""
    from rq import Retry
    from rq.registry import FailedJobRegistry, StartedJobRegistry

    from pipelines.scrapy_pipelines import ARCHIVE_RETRIES, JOB_TIMEOUT_S

    queue, prefix = names
    payload = archive_payload("http://ex.test/kept", "A post whose worker died while archiving "
                              "it, long enough to be a paragraph.", prefix, tmp_path)
    go = f"{prefix}:go"
    q = Queue(queue, connection=conn)
    job = q.enqueue(ARCHIVE_WHEN_TOLD, go, payload, retry=Retry(max=ARCHIVE_RETRIES),
                    job_timeout=JOB_TIMEOUT_S)
    proc = start_worker(redis_url, queue)
    try:
        assert wait_for(lambda: job.get_status() == "started")
    finally:
        proc.kill()                        # no warm shutdown: the job is left mid-run
        proc.wait()
    registry = StartedJobRegistry(queue=q)
    assert job.id in registry.get_job_ids(cleanup=False)
    registry.cleanup(timestamp=time.time() + JOB_TIMEOUT_S + 3600)   # its time is up
    job.refresh()
    assert job.get_status() == "queued" and job.retries_left == ARCHIVE_RETRIES - 1
    conn.set(go, 1)
    StoppingWorker([q], connection=conn).work(burst=True)
    assert job.get_status() == "finished" and job.id not in FailedJobRegistry(queue=q)
    counts = {k.decode(): int(v) for k, v in conn.hgetall(rk.run_key(prefix, "r1")).items()}
    assert counts == {"archived": 1}
    assert (tmp_path / "ex.test" / "kept.md").read_text(encoding="utf-8").count("A post whose") == 1


def test_the_wait_returns_a_job_abandoned_by_an_external_worker_once_its_time_is_up(
        redis_url, conn, names, tmp_path):
    """Workers on other machines (REDIS_URL): one killed mid-job leaves its job in the started
    registry. The crawl's wait runs RQ's cleanup itself, so the job goes back on the queue
    when its time is up, and a live worker archives it; before, the wait sat until a live
    worker's maintenance, every 10 min (here: past the wait's timeout)."""
    from rq import Retry
    from rq.registry import StartedJobRegistry

    from pipelines.scrapy_pipelines import ARCHIVE_RETRIES, JOB_TIMEOUT_S

    queue, prefix = names
    payload = archive_payload("http://ex.test/lost", "A post whose external worker died while "
                              "archiving it, long enough to be a paragraph.", prefix, tmp_path)
    go = f"{prefix}:go"
    conn.hincrby(rk.run_key(prefix, "r1"), rk.COUNTER_ENQUEUED, 1)
    q = Queue(queue, connection=conn)
    job = q.enqueue(ARCHIVE_WHEN_TOLD, go, payload, retry=Retry(max=ARCHIVE_RETRIES),
                    job_timeout=JOB_TIMEOUT_S)
    lost = start_worker(redis_url, queue, name=f"{prefix}-lost")
    try:
        assert wait_for(lambda: job.get_status() == "started")
    finally:
        lost.kill()
        lost.wait()
    # RQ's maintenance lock held, as while another worker cleans the queue: the live worker's
    # start-up maintenance skips it, as its maintenance would for the next 10 min
    conn.set(q.registry_cleaning_key, 1, ex=60)
    live = start_worker(redis_url, queue, name=f"{prefix}-live")
    try:
        assert wait_for(lambda: workers_listening(conn, queue) >= 1)
        registry = StartedJobRegistry(queue=q)
        entries = conn.zrange(registry.key, 0, -1)
        assert [e.decode().split(":")[0] for e in entries] == [job.id]
        conn.zadd(registry.key, {entries[0]: time.time() - 1}, xx=True)   # its time is up
        conn.set(go, 1)
        assert wait_until_drained(conn, queue, run_id="r1", prefix=prefix, timeout=30)
    finally:
        stop_worker(live, timeout=20)
        conn.delete(q.registry_cleaning_key)
    job.refresh()
    assert job.get_status() == "finished" and job.retries_left == ARCHIVE_RETRIES - 1
    counts = {k.decode(): int(v) for k, v in conn.hgetall(rk.run_key(prefix, "r1")).items()}
    assert counts == {"enqueued": 1, "archived": 1}
    assert (tmp_path / "ex.test" / "lost.md").is_file()


def test_a_crawls_own_worker_that_dies_is_started_again_and_its_job_archived(
        redis_url, conn, names, tmp_path):
    """Before, a crawl whose worker was killed waited JOBS_TIMEOUT_S (30 min) for jobs nobody
    ran. OwnWorker.supervise starts it again and puts the job it was running back."""
    from rq import Retry

    from crawler.services.worker_process import OwnWorker
    from pipelines.scrapy_pipelines import ARCHIVE_RETRIES

    queue, prefix = names
    payload = archive_payload("http://ex.test/again", "A post archived by the second worker the "
                              "crawl started, long enough to be a paragraph.", prefix, tmp_path)
    go = f"{prefix}:go"
    conn.hincrby(rk.run_key(prefix, "r1"), rk.COUNTER_ENQUEUED, 1)
    job = Queue(queue, connection=conn).enqueue(ARCHIVE_WHEN_TOLD, go, payload,
                                                retry=Retry(max=ARCHIVE_RETRIES))
    worker = OwnWorker(redis_url, queue, name_prefix=prefix)
    first = worker.proc
    try:
        assert wait_for(lambda: job.get_status() == "started")
        first.kill()
        first.wait()
        conn.set(go, 1)
        assert wait_until_drained(conn, queue, run_id="r1", prefix=prefix, timeout=60,
                                  worker=worker)
        assert worker.restarts == 1 and worker.proc is not first and worker.proc.poll() is None
    finally:
        worker.stop()
    job.refresh()
    assert job.get_status() == "finished" and job.retries_left == ARCHIVE_RETRIES - 1
    counts = {k.decode(): int(v) for k, v in conn.hgetall(rk.run_key(prefix, "r1")).items()}
    assert counts == {"enqueued": 1, "archived": 1}
    assert (tmp_path / "ex.test" / "again.md").is_file()


def test_a_worker_that_keeps_dying_ends_the_wait(redis_url, conn, names):
    from crawler.services.worker_process import MAX_RESTARTS, OwnWorker

    queue, prefix = names
    Queue(queue, connection=conn).enqueue(JOB, f"{prefix}:out", 0.0)
    # a worker that cannot start at all: its Redis is a port nobody listens on
    worker = OwnWorker("redis://127.0.0.1:1/0", queue, name_prefix=prefix)
    try:
        assert wait_until_drained(conn, queue, timeout=120, worker=worker) is False
        assert worker.restarts == MAX_RESTARTS
    finally:
        worker.stop()


def test_wait_until_drained_times_out_without_worker(conn, names):
    queue, _ = names
    Queue(queue, connection=conn).enqueue(JOB, "unused")
    started = time.monotonic()
    assert wait_until_drained(conn, queue, timeout=0.5) is False
    assert time.monotonic() - started < 3
    assert workers_listening(conn, queue) == 0


def test_wait_until_drained_waits_for_run_counters(conn, names):
    queue, prefix = names
    run = rk.run_key(prefix, "r1")
    conn.hset(run, mapping={"enqueued": 2, "archived": 1})
    assert wait_until_drained(conn, queue, run_id="r1", prefix=prefix, timeout=0.3) is False
    conn.hincrby(run, "duplicates", 1)
    assert wait_until_drained(conn, queue, run_id="r1", prefix=prefix, timeout=5) is True
    assert wait_until_drained(conn, queue, timeout=1) is True  # empty queue: drained at once


def test_rq_cli_with_worker_settings_module(redis_url, conn, names):
    """`rq worker -c workers.settings` reads REDIS_URL and LEAFCRAWL_QUEUE from the env."""
    queue, prefix = names
    out_key = f"{prefix}:out"
    Queue(queue, connection=conn).enqueue(JOB, out_key, result_ttl=30)
    env = dict(os.environ, REDIS_URL=redis_url, LEAFCRAWL_QUEUE=queue)
    result = subprocess.run(
        [sys.executable, "-m", "rq.cli", "worker", "-c", "workers.settings", "--burst",
         "--worker-class", WORKER_CLASS],
        cwd=PROJECT_ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert conn.llen(out_key) == 1
    assert Path(PROJECT_ROOT, "workers", "settings.py").exists()


def test_a_stop_asked_as_a_job_ends_is_not_left_waiting_for_the_next_job(conn, names):
    # SIGTERM lands after a job's end but before the worker listens again: its state still
    # says busy, so rq only notes the stop, and the worker used to listen for up to 405 s
    import signal

    from rq.exceptions import StopRequested
    from rq.worker import WorkerStatus

    queue, _ = names
    worker = StoppingWorker([queue], connection=conn)
    worker.set_state(WorkerStatus.BUSY)
    previous = signal.getsignal(signal.SIGTERM), signal.getsignal(signal.SIGINT)
    try:
        worker.request_stop(signal.SIGTERM, None)
        assert worker._stop_requested
        with pytest.raises(StopRequested):
            worker.dequeue_job_and_maintain_ttl(timeout=300)
    finally:
        signal.signal(signal.SIGTERM, previous[0])
        signal.signal(signal.SIGINT, previous[1])


def test_bursts_end_without_sitting_out_the_pubsub_poll(redis_url, conn, names):
    # redis-py 8.2's pubsub thread stop() waits for the thread, which may first sit out rq's
    # 60 s poll: 4 of 10 bursts of rq's own SimpleWorker took 60 s to tear down. Ten bursts of
    # one job each end well inside the time one such wait took. (A worker sets signal
    # handlers, so the bursts run in a process of their own.)
    queue, prefix = names
    out_key = f"{prefix}:out"
    script = (
        "import sys\n"
        "from redis import Redis\n"
        "from rq import Queue\n"
        "from workers.stopping_worker import StoppingWorker\n"
        "conn = Redis.from_url(sys.argv[1])\n"
        "q = Queue(sys.argv[2], connection=conn)\n"
        "for _ in range(10):\n"
        "    q.enqueue(sys.argv[3], sys.argv[4], result_ttl=30)\n"
        "    StoppingWorker([q], connection=conn).work(burst=True)\n")
    subprocess.run([sys.executable, "-c", script, redis_url, queue, JOB, out_key],
                   cwd=PROJECT_ROOT, check=True, timeout=45)
    assert conn.llen(out_key) == 10
