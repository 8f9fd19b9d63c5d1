"""A crawl killed outright (kill -9) takes its RQ worker with it: the worker no longer lives
on under PID 1, retrying a gone Redis and taking the next crawl's jobs."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

from tests.support.cli import PROJECT_ROOT

pytestmark = pytest.mark.integration

PARENT = """
import sys, time
from crawler.services.worker_process import start_worker
worker = start_worker(sys.argv[1], sys.argv[2])
print(worker.pid, flush=True)
time.sleep(600)
"""


def alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as fh:
            return fh.read().split()[2] != "Z"      # a zombie has exited
    except FileNotFoundError:
        return False


@pytest.mark.skipif(sys.platform != "linux", reason="PR_SET_PDEATHSIG is Linux's")
def test_a_worker_exits_when_its_crawl_is_killed(redis_ns):
    env = {**os.environ, "PYTHONPATH": str(PROJECT_ROOT)}
    parent = subprocess.Popen([sys.executable, "-c", PARENT, redis_ns.url, redis_ns.queue],
                              cwd=PROJECT_ROOT, env=env, stdout=subprocess.PIPE, text=True)
    worker_pid = int(parent.stdout.readline())
    try:
        assert alive(worker_pid)
        parent.send_signal(signal.SIGKILL)
        parent.wait(timeout=10)
        deadline = time.monotonic() + 30
        while alive(worker_pid) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not alive(worker_pid), "the worker outlived its crawl"
    finally:
        if alive(worker_pid):
            os.kill(worker_pid, signal.SIGKILL)
        parent.kill()
