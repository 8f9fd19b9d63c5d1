"""Run an RQ worker as a subprocess for the CLI, wait for its queue to drain, stop it cleanly."""

from __future__ import annotations

import logging
import os
import socket
import signal
import subprocess
import sys
import time
from pathlib import Path

from crawler.services.parent_death import die_with_parent
from pipelines.store import redis_keys as rk
from workers.stopping_worker import WORKER_CLASS

logger = logging.getLogger(__name__)

PROJECT_ROOT = Path(__file__).resolve().parents[2]
"""Directory holding workers/ and pipelines/: the worker's cwd and import path."""

# WORKER_CLASS (workers/stopping_worker.py): rq's SimpleWorker, which runs jobs in the worker
# process itself (~4x the throughput of the forking Worker here, shared/notes/stack.md; our
# jobs are short and trusted), stopping when asked between two jobs too.

POLL_INTERVAL_S = 0.1
"""How often wait_until_drained looks at the queue."""

SETTLE_S = 2.0
"""With a run_id, how long the queue must look idle before jobs whose counters never
arrived (a worker killed mid-job) stop being waited for."""

STOP_TIMEOUT_S = 30.0
"""How long a worker gets to finish its current job after SIGTERM before it is killed."""

ABANDONED_CHECK_S = 5.0
"""How often wait_until_drained runs RQ's cleanup of the started registry itself. A job
whose worker died (a machine lost, an external worker killed) is back on the queue, or
failed with no retry left, once its time in the registry is up: 240 s for a SimpleWorker's
archive job. Left to the live workers' maintenance (every 10 min) it came back up to 10 min
later, with the crawl waiting all the while. The cleanup is one ZRANGEBYSCORE when nothing
is abandoned."""


def start_worker(redis_url: str, queue: str = rk.DEFAULT_QUEUE, cwd: str | os.PathLike = PROJECT_ROOT,
                 *, burst: bool = False, name: str | None = None, quiet: bool = True,
                 extra_args: list[str] | None = None, output=None) -> subprocess.Popen:
    """Start ``python -m rq.cli worker`` (SimpleWorker) on ``queue`` at ``redis_url``.

    The worker imports ``workers.jobs`` from ``cwd`` (also passed as ``--path``). Its output
    goes to ``output`` (an open file), else to our stderr. Stop it with stop_worker().
    """
    argv = [sys.executable, "-m", "rq.cli", "worker",
            "--worker-class", WORKER_CLASS, "--url", redis_url, "--path", str(cwd)]
    if burst:
        argv.append("--burst")
    if quiet:
        argv.append("--quiet")
    if name:
        argv += ["--name", name]
    argv += list(extra_args or [])
    argv.append(queue)
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(cwd), env.get("PYTHONPATH")]))
    # a crawl killed outright takes its worker with it (crawler/services/parent_death.py)
    return subprocess.Popen(argv, cwd=str(cwd), env=env, stdin=subprocess.DEVNULL,
                            stdout=output, stderr=output, preexec_fn=die_with_parent())


def stop_worker(proc: subprocess.Popen, timeout: float = STOP_TIMEOUT_S) -> int:
    """Warm shutdown: SIGTERM (the worker finishes its current job), wait, SIGKILL after
    ``timeout``. Returns the exit code."""
    if proc.poll() is None:
        try:
            proc.send_signal(signal.SIGTERM)
        except ProcessLookupError:
            pass
        try:
            proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            logger.warning("rq worker pid %s did not stop in %.0fs: killing it", proc.pid, timeout)
            proc.kill()
            proc.wait()
    return proc.returncode


MAX_RESTARTS = 3
"""How often an OwnWorker that died is started again before the crawl stops waiting for it
(a job that kills its worker every time would otherwise restart it forever)."""


def requeue_abandoned(redis, queue: str, worker_name: str) -> int:
    """Put the jobs a dead worker left started back on ``queue``, each with a retry taken
    (what RQ's cleanup does once their time is up, minutes later, if a live worker runs its
    maintenance); a job with no retry left stays for that cleanup to fail. Returns how many."""
    from rq import Queue
    from rq.job import JobStatus
    from rq.registry import StartedJobRegistry

    q = Queue(queue, connection=redis)
    registry = StartedJobRegistry(queue=q)
    requeued = 0
    for job_id in registry.get_job_ids(cleanup=False):
        job = q.fetch_job(job_id)
        if (job is None or job.worker_name != worker_name or not job.retries_left
                or job.get_status(refresh=False) != JobStatus.STARTED):
            continue
        with redis.pipeline() as pipe:
            registry.remove_executions(job, pipeline=pipe)
            job.retry(q, pipe)
            pipe.execute()
        requeued += 1
    return requeued


def own_worker_name(prefix: str, crawl_pid: int, restarts: int) -> str:
    """A crawl's own worker's name: its machine and its crawl's process, so that a later crawl
    on the same machine can tell the worker died with its crawl (requeue_orphans)."""
    return f"{prefix}-{socket.gethostname()}-{crawl_pid}-{restarts}"


def requeue_orphans(redis, queue: str, prefix: str = "leafcrawl") -> int:
    """Put back on ``queue`` the jobs left started by own workers of crawls on this machine
    that are gone (a crawl killed with kill -9 takes its worker with it, mid-job at times).
    RQ's own cleanup would return them only once their time in the registry is up, four
    minutes on, and a resumed crawl waited that long for them. Returns how many."""
    from rq import Queue
    from rq.registry import StartedJobRegistry

    from crawler.services.embedded_redis import pid_alive

    mine = f"{prefix}-{socket.gethostname()}-"
    q = Queue(queue, connection=redis)
    dead = set()
    for job_id in StartedJobRegistry(queue=q).get_job_ids(cleanup=False):
        job = q.fetch_job(job_id)
        name = job.worker_name if job is not None else None
        if not name or not name.startswith(mine):
            continue
        pid = name[len(mine):].split("-", 1)[0]
        if pid.isdigit() and int(pid) != os.getpid() and not pid_alive(int(pid)):
            dead.add(name)
    return sum(requeue_abandoned(redis, queue, name) for name in dead)


class OwnWorker:
    """A crawl's own worker subprocess, started again if it dies before its queue drains
    (killed, out of memory): a crawl waiting on a dead worker waited JOBS_TIMEOUT_S for jobs
    nobody ran. The jobs it left started go back on the queue (requeue_abandoned)."""

    def __init__(self, redis_url: str, queue: str, *, output=None, name_prefix: str = "leafcrawl"):
        self.redis_url, self.queue, self.output = redis_url, queue, output
        self.name_prefix = name_prefix
        self.restarts = 0
        self.proc = self._start()

    def _name(self) -> str:
        return own_worker_name(self.name_prefix, os.getpid(), self.restarts)

    def _start(self) -> subprocess.Popen:
        return start_worker(self.redis_url, self.queue, name=self._name(), output=self.output)

    def supervise(self, redis) -> bool:
        """Start the worker again if it died; False once it died MAX_RESTARTS times."""
        if self.proc.poll() is None:
            return True
        if self.restarts >= MAX_RESTARTS:
            return False
        requeued = requeue_abandoned(redis, self.queue, self._name())
        logger.warning("the crawl's rq worker (pid %s) exited with %s: starting it again, "
                       "with the %d job(s) it left", self.proc.pid, self.proc.returncode, requeued)
        self.restarts += 1
        self.proc = self._start()
        return True

    def stop(self) -> int:
        return stop_worker(self.proc)


def workers_listening(redis, queue: str = rk.DEFAULT_QUEUE) -> int:
    """Number of live RQ workers registered on ``queue``."""
    from rq import Queue, Worker

    return len(Worker.all(queue=Queue(queue, connection=redis)))


def _queue_idle(redis, queue: str) -> bool:
    """No job waiting, none being moved to a worker, none running."""
    from rq import Queue
    from rq.job import JobStatus
    from rq.registry import StartedJobRegistry

    q = Queue(queue, connection=redis)
    if q.count:
        return False
    # A dequeued job sits in the intermediate list until the worker registers it as started.
    for job_id in redis.lrange(q.intermediate_queue_key, 0, -1):
        job = q.fetch_job(job_id.decode() if isinstance(job_id, bytes) else job_id)
        if job is not None and job.get_status(refresh=False) in (JobStatus.QUEUED, JobStatus.STARTED):
            return False
    return StartedJobRegistry(queue=q).get_job_count(cleanup=False) == 0


INTERMEDIATE_STUCK_S = 5.0
"""A worker moves the job it takes from RQ's intermediate list to its started registry in
milliseconds; a job seen in the list, outside the registry, this long apart lost its worker
in between (killed). RQ's own workers return such a job after a minute, at their maintenance
every ten: a crawl resumed after a kill -9 waited five minutes for one."""


def _return_abandoned(redis, queue: str, stuck: dict[str, float] | None = None) -> None:
    """RQ's own cleanup of abandoned jobs on ``queue`` (retried, or failed without retries);
    and, given ``stuck`` (job id -> when first seen, kept by the caller between calls), the
    jobs stuck in the intermediate list INTERMEDIATE_STUCK_S go back on the queue."""
    from rq import Queue
    from rq.job import JobStatus
    from rq.registry import StartedJobRegistry

    q = Queue(queue, connection=redis)
    registry = StartedJobRegistry(queue=q)
    registry.cleanup()
    if stuck is None:
        return
    listed = [j.decode() if isinstance(j, bytes) else j
              for j in redis.lrange(q.intermediate_queue_key, 0, -1)]
    for job_id in list(stuck):
        if job_id not in listed:
            del stuck[job_id]
    now = time.monotonic()
    for job_id in listed:
        if job_id in registry:
            continue
        first = stuck.setdefault(job_id, now)
        if now - first < INTERMEDIATE_STUCK_S:
            continue
        job = q.fetch_job(job_id)
        redis.lrem(q.intermediate_queue_key, 1, job_id)
        del stuck[job_id]
        if job is not None and job.get_status(refresh=False) == JobStatus.QUEUED:
            q.enqueue_job(job)
            logger.warning("archive job %s lost its worker before it started: queued again", job_id)


def _run_done(redis, prefix: str, run_id: str) -> bool:
    raw = redis.hgetall(rk.run_key(prefix, run_id))
    counts = {(k.decode() if isinstance(k, bytes) else k): int(v) for k, v in raw.items()}
    done = sum(counts.get(name, 0) for name in rk.RUN_DONE_COUNTERS)
    return done >= counts.get(rk.COUNTER_ENQUEUED, 0)


def wait_until_drained(redis, queue: str = rk.DEFAULT_QUEUE, run_id: str | None = None,
                       timeout: float | None = None, *, prefix: str = rk.DEFAULT_PREFIX,
                       interval: float = POLL_INTERVAL_S, worker: OwnWorker | None = None) -> bool:
    """Wait until ``queue`` is empty and no job is running; True when drained, False on timeout.

    With ``run_id``, also wait until that run's done counters (archived + duplicates +
    unchanged + failed) reach its ``enqueued`` counter, i.e. every job of the run reported;
    a job that never reports (its worker was killed) is waited for only SETTLE_S once the
    queue is idle. ``timeout=None`` waits forever. It does not start workers: with none
    listening (see workers_listening) a non-empty queue waits until the timeout. With
    ``worker``, that worker is started again whenever it died (OwnWorker.supervise), and
    the wait ends (False) once it died too often. Whatever worker ran them, jobs left by a
    worker that died go back on the queue once their time is up (_return_abandoned).
    """
    deadline = None if timeout is None else time.monotonic() + timeout
    idle_since = None
    next_check = time.monotonic()
    stuck: dict[str, float] = {}
    while True:
        if time.monotonic() >= next_check:
            _return_abandoned(redis, queue, stuck)
            next_check = time.monotonic() + ABANDONED_CHECK_S
        if worker is not None and not worker.supervise(redis):
            logger.warning("the crawl's rq worker died %d times: not waiting for its jobs",
                           worker.restarts + 1)
            return False
        if _queue_idle(redis, queue):
            if run_id is None or _run_done(redis, prefix, run_id):
                return True
            idle_since = idle_since or time.monotonic()
            if time.monotonic() - idle_since >= SETTLE_S:
                logger.warning("queue %s is idle but run %s has jobs that never reported", queue, run_id)
                return True
        else:
            idle_since = None
        if deadline is not None and time.monotonic() >= deadline:
            return False
        time.sleep(interval)
