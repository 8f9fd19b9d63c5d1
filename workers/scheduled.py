"""The scheduled-crawl job: RQ's cron enqueues it, a worker runs one site crawl.

The crawl runs as a `leafcrawl crawl` subprocess so the worker never imports Scrapy or
the browser stack into its own process (and a crashed crawl cannot take the worker down).
It runs with --no-wait: its archive jobs go to the same queue, and a worker busy waiting
for them inside this job would never get to run them.

RQ's cron enqueues a site's crawl on time whether or not the last one has finished. With
several workers, a crawl that outlasts its interval would be run twice at once, each one
fetching the whole site; so the job holds a lock per site while its crawl runs, and the
next one finding it held is skipped (its result says by whom). The lock's TTL is renewed
while the crawl runs, so a worker killed outright frees the site within LOCK_TTL_S.
"""

from __future__ import annotations

import json
import logging
import os
import socket
import subprocess
import sys
import tempfile
import time

CRAWL_JOB = "workers.scheduled.crawl_site"
"""Dotted path of this job, for registration by name."""

CRAWL_JOB_TIMEOUT_S = 6 * 3600
"""A whole-site crawl in browser mode runs at ~5 pages/s: 6 h is ~100k pages."""

LOCK_TTL_S = 60
"""How long a site stays locked after its crawl's worker stops renewing (killed outright)."""

LOCK_RENEW_S = 15
"""How often the running job renews its site's lock: well within LOCK_TTL_S."""

logger = logging.getLogger(__name__)

# Renew or release the lock only while it is still this job's (it may have expired and been
# taken by the next crawl).
_RENEW = "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('EXPIRE', KEYS[1], ARGV[2]) end return 0"
_RELEASE = "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0"


class ScheduledCrawlFailed(RuntimeError):
    """The crawl subprocess exited non-zero; the message carries its last error line."""


def crawl_site(config_path: str, redis_url: str, workdir: str | None = None) -> dict:
    """Crawl the site described by config_path against redis_url; return its summary, or
    {"site", "skipped"} when the site's last scheduled crawl is still running."""
    import redis

    from pipelines.store import redis_keys as rk
    from pipelines.store.site_config import load_site_config

    site = load_site_config(config_path).name
    conn = redis.Redis.from_url(redis_url)
    key = rk.scheduled_crawl_key(os.environ.get("LEAFCRAWL_REDIS_PREFIX", rk.DEFAULT_PREFIX), site)
    holder = f"{socket.gethostname()}:{os.getpid()} since {time.strftime('%Y-%m-%dT%H:%M:%S%z')}"
    try:
        if not conn.set(key, holder, nx=True, ex=LOCK_TTL_S):
            running = (conn.get(key) or b"?").decode("utf-8", "replace")
            logger.warning("scheduled crawl of %s skipped: its last one still runs (%s)", site, running)
            return {"site": site, "skipped": f"the last scheduled crawl still runs ({running})"}
        try:
            return _crawl(config_path, redis_url, workdir,
                          renew=lambda: conn.eval(_RENEW, 1, key, holder, LOCK_TTL_S))
        finally:
            conn.eval(_RELEASE, 1, key, holder)
    finally:
        conn.close()


def _crawl(config_path: str, redis_url: str, workdir: str | None, renew) -> dict:
    # the crawl's run record says a schedule started it (crawler/services/run_records.py)
    env = dict(os.environ, REDIS_URL=redis_url, LEAFCRAWL_TRIGGER="schedule")
    with tempfile.TemporaryDirectory(prefix="leafcrawl-scheduled-") as tmp:
        summary_path = os.path.join(tmp, "summary.json")
        argv = [sys.executable, "-m", "crawler.cli", "crawl", "--config", config_path,
                "--no-wait", "--json-summary", summary_path]
        deadline = time.monotonic() + CRAWL_JOB_TIMEOUT_S
        with subprocess.Popen(argv, cwd=workdir or os.getcwd(), env=env, text=True,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              stdin=subprocess.DEVNULL) as proc:
            while True:
                try:
                    _, stderr = proc.communicate(timeout=LOCK_RENEW_S)
                    break
                except subprocess.TimeoutExpired:
                    if time.monotonic() > deadline:
                        proc.kill()
                        raise ScheduledCrawlFailed(
                            f"crawl of {config_path} ran over {CRAWL_JOB_TIMEOUT_S} s") from None
                    renew()
        if proc.returncode not in (0, 3):      # 3: done, with a warning its summary holds
            lines = [line for line in stderr.splitlines() if line.strip()]
            raise ScheduledCrawlFailed(f"crawl of {config_path} failed: {lines[-1] if lines else proc.returncode}")
        with open(summary_path, encoding="utf-8") as fh:
            return json.load(fh)
