"""The scheduled-crawl job: RQ's cron enqueues it, a worker runs one site crawl.

The crawl runs as a `leafcrawl crawl` subprocess so the worker never imports Scrapy or
the browser stack into its own process (and a crashed crawl cannot take the worker down).
It runs with --no-wait: its archive jobs go to the same queue, and a worker busy waiting
for them inside this job would never get to run them.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile

CRAWL_JOB = "workers.scheduled.crawl_site"
"""Dotted path of this job, for registration by name."""

CRAWL_JOB_TIMEOUT_S = 6 * 3600
"""A whole-site crawl in browser mode runs at ~5 pages/s: 6 h is ~100k pages."""


class ScheduledCrawlFailed(RuntimeError):
    """The crawl subprocess exited non-zero; the message carries its last error line."""


def crawl_site(config_path: str, redis_url: str, workdir: str | None = None) -> dict:
    """Crawl the site described by config_path against redis_url; return its summary."""
    env = dict(os.environ, REDIS_URL=redis_url)
    with tempfile.TemporaryDirectory(prefix="leafcrawl-scheduled-") as tmp:
        summary_path = os.path.join(tmp, "summary.json")
        argv = [sys.executable, "-m", "crawler.cli", "crawl", "--config", config_path,
                "--no-wait", "--json-summary", summary_path]
        proc = subprocess.run(argv, cwd=workdir or os.getcwd(), env=env, capture_output=True,
                              text=True, timeout=CRAWL_JOB_TIMEOUT_S)
        if proc.returncode != 0:
            lines = [line for line in proc.stderr.splitlines() if line.strip()]
            raise ScheduledCrawlFailed(f"crawl of {config_path} failed: {lines[-1] if lines else proc.returncode}")
        with open(summary_path, encoding="utf-8") as fh:
            return json.load(fh)
