"""Every crawl, by hand or by schedule, leaves a record in Redis at its start and its end:
site, run id, trigger (cli or schedule), start and end, status and exit code, the summary's
counts, the first failure, and where its log is. `leafcrawl runs` lists them and `schedule
--list` shows each site's last one: a failed scheduled crawl shows there, not only as a
traceback in a worker's stderr."""

from __future__ import annotations

import json
import os
import time
from datetime import datetime, timezone

from pipelines.store import redis_keys as rk  # Set by the scheduled crawl job for the crawl it runs (workers/scheduled.py).
TRIGGER_ENV = "LEAFCRAWL_TRIGGER"
# Runs kept per site and overall: the oldest records go.
RUNS_KEPT = 500
# The summary fields a record keeps.
COUNTS = ("pages_fetched", "index", "leaf", "archived", "unchanged", "duplicates", "failures",
          "jobs_failed", "jobs_pending", "not_modified")
EXIT_OF_STATUS = {"ok": 0, "warnings": 3, "failed": 1, "error": 1, "interrupted": 130}


def _now() -> str:
    return datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


class RunRecorder:
    """Writes a crawl's record: start() on entering, finish(summary) at its end; a crawl
    that raises is recorded as an error with its message."""

    def __init__(self, conn, prefix: str, site: str, run_id: str, log_file: str | None):
        self.conn, self.prefix, self.site, self.run_id = conn, prefix, site, run_id
        self.key = rk.run_record_key(prefix, run_id)
        self.log_file = log_file
        self.finished = False

    def __enter__(self):
        started = time.time()
        with self.conn.pipeline() as pipe:
            pipe.hset(self.key, mapping={
                "site": self.site, "run_id": self.run_id,
                "trigger": os.environ.get(TRIGGER_ENV, "cli"), "started_at": _now(),
                "status": "running", "log": self.log_file or "", "pid": os.getpid()})
            for key in (rk.runs_key(self.prefix), rk.runs_key(self.prefix, self.site)):
                pipe.zadd(key, {self.run_id: started})
                pipe.zremrangebyrank(key, 0, -RUNS_KEPT - 1)
            pipe.execute()
        return self

    def finish(self, summary) -> None:
        status = ("interrupted" if summary.interrupted else "failed" if summary.jobs_failed
                  or (summary.index + summary.leaf == 0 and summary.failures)
                  else "warnings" if summary.warnings else "ok")
        first = summary.errors[0] if summary.errors else None
        fields = {"status": status, "exit": EXIT_OF_STATUS[status], "ended_at": _now(),
                  "first_failure": f"{first[0]}: {first[1]}" if first else
                  (summary.job_error or ""),
                  "warnings": json.dumps(summary.warnings)}
        fields.update({name: int(getattr(summary, name, 0) or 0) for name in COUNTS})
        self.conn.hset(self.key, mapping=fields)
        self.finished = True

    def __exit__(self, kind, exc, tb):
        if self.finished:
            return False
        status = "interrupted" if kind is KeyboardInterrupt else "error"
        try:
            self.conn.hset(self.key, mapping={"status": status, "exit": EXIT_OF_STATUS[status],
                                              "ended_at": _now(),
                                              "first_failure": str(exc or "ended early")})
        except Exception:       # a Redis gone under the crawl: the crawl's own error says so
            pass
        return False


def _text(value) -> str:
    return value.decode("utf-8", "replace") if isinstance(value, bytes) else str(value)


def read_runs(conn, prefix: str, site: str | None = None, limit: int = 20) -> list[dict]:
    """The newest runs first, of every site or of one."""
    ids = conn.zrevrange(rk.runs_key(prefix, site), 0, limit - 1 if limit > 0 else -1)
    runs = []
    for run_id in ids:
        raw = conn.hgetall(rk.run_record_key(prefix, _text(run_id)))
        if raw:
            runs.append({_text(k): _text(v) for k, v in raw.items()})
    return runs


def render_runs(runs: list[dict]) -> str:
    if not runs:
        return "no crawl recorded yet"
    lines = [f"{'started':<21}{'site':<22}{'trigger':<10}{'status':<12}{'pages':>6}{'leaf':>6}"
             f"{'archived':>9}{'failed':>7}  run"]
    for r in runs:
        lines.append(f"{r.get('started_at', ''):<21}{r.get('site', '')[:21]:<22}"
                     f"{r.get('trigger', ''):<10}{r.get('status', ''):<12}"
                     f"{r.get('pages_fetched', '-'):>6}{r.get('leaf', '-'):>6}"
                     f"{r.get('archived', '-'):>9}{r.get('failures', '-'):>7}  {r.get('run_id', '')}")
        if r.get("status") in ("failed", "error") and r.get("first_failure"):
            lines.append(f"  ! {r['first_failure']}")
    return "\n".join(lines)
