"""A shared-frontier crawler killed outright mid-crawl, and another that takes over: what
the archive holds at the end against the corpus labels.

    python bench/eval_member_killed.py CORPORA/sites/hugo-ananke-melroy \
        --render auto --kill-after 5 --kill-after 6

One `leafcrawl crawl --shared-frontier` process (no worker) is started on the labelled site
and killed with SIGKILL, with its process group, S seconds later: no Ctrl-C handler, no
`closed()`, only what it left in Redis. Then a second one (`--with-worker`) crawls the same
site on the same frontier to its end; it puts the dead member's in-flight requests back on
the queue once that member has been silent for LEAFCRAWL_FRONTIER_MEMBER_TIMEOUT (3 s here).
Reported per S: requests in the dead member's in-flight hash when it was killed, the second
crawl's exit code and pages fetched, and leaf precision / recall of the archive.

A crawl killed while it holds links back (`--render auto` holds a section's links while the
section's first page is probed) is the case this measures: the page that listed them was
acknowledged, so nothing else knew of them. Needs a Redis server (--redis-url, else
$REDIS_URL, else 127.0.0.1:6379), and Chromium for `--render auto|always`.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import tempfile
import uuid
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from bench.eval_crawl import archived_urls, evaluate, leafcrawl_command  # noqa: E402
from bench.eval_scale_out import DEFAULT_REDIS, _forget_namespace, open_corpus_with_redis  # noqa: E402

# How long the dead member stays "busy" to its successor: the default 30 s would only make
# the run slower, and the successor waits either way.
MEMBER_TIMEOUT_S = "3"
CRAWL_TIMEOUT_S = 1800


def kill_and_take_over(base_url: str, kill_after: float, work: Path, args) -> dict:
    import redis

    tag = uuid.uuid4().hex[:8]
    prefix = f"lc-killed-{tag}"
    env = dict(os.environ, REDIS_URL=args.redis_url, LEAFCRAWL_REDIS_PREFIX=prefix,
               LEAFCRAWL_QUEUE=prefix, LEAFCRAWL_FRONTIER_MEMBER_TIMEOUT=MEMBER_TIMEOUT_S)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH")]))
    archive = work / "archive"
    crawl = leafcrawl_command(args.leafcrawl) + [
        "crawl", base_url + "/", "--render", args.render, "--shared-frontier",
        "--archive-dir", str(archive)]
    with open(work / "killed.log", "w", encoding="utf-8") as log:
        first = subprocess.Popen(crawl, cwd=work, env=env, stdout=log, stderr=subprocess.STDOUT,
                                 stdin=subprocess.DEVNULL, start_new_session=True)
        try:
            first.wait(timeout=kill_after)
            print(f"  the first crawl ended before {kill_after} s: nothing to kill",
                  file=sys.stderr)
        except subprocess.TimeoutExpired:
            pass
        conn = redis.Redis.from_url(args.redis_url)
        in_flight = sum(conn.hlen(key) for key in conn.scan_iter(f"{prefix}:frontier:*:inflight:*"))
        conn.close()
        if first.poll() is None:
            os.killpg(first.pid, signal.SIGKILL)
        first.wait()
    summary = work / "successor.json"
    with open(work / "successor.log", "w", encoding="utf-8") as log:
        code = subprocess.run(crawl + ["--with-worker", "--json-summary", str(summary)],
                              cwd=work, env=env, stdout=log, stderr=subprocess.STDOUT,
                              stdin=subprocess.DEVNULL, timeout=CRAWL_TIMEOUT_S).returncode
    _forget_namespace(args.redis_url, prefix, prefix)
    fetched = json.loads(summary.read_text()).get("pages_fetched") if summary.is_file() else None
    return {"kill_after_s": kill_after, "in_flight_at_kill": in_flight, "exit_code": code,
            "successor_fetched": fetched, "archived": list(archived_urls(archive))}


def parse_args(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("corpus", type=Path, help="a corpus site dir: site/ and labels.csv")
    ap.add_argument("--kill-after", type=float, action="append", default=None,
                    help="seconds after its start the first crawler is killed (repeatable; "
                         "default 5)")
    ap.add_argument("--render", choices=("never", "always", "auto"), default="auto")
    ap.add_argument("--redis-url", default=os.environ.get("REDIS_URL") or DEFAULT_REDIS)
    ap.add_argument("--leafcrawl", help="the leafcrawl command (default: this venv's)")
    return ap.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv)
    opened = open_corpus_with_redis(args, "eval_member_killed")
    if opened is None:
        return 2
    site, labels = opened
    from tests.support.http_server import serve_directory

    rows = []
    with serve_directory(site) as base_url:
        print(f"serving {site} at {base_url}; render {args.render}", flush=True)
        for kill_after in args.kill_after or [5.0]:
            with tempfile.TemporaryDirectory(prefix="lc-killed-") as tmp:
                run = kill_and_take_over(base_url, kill_after, Path(tmp), args)
            scores = evaluate(labels, run.pop("archived"))
            run.update(leaf_precision=scores["leaf_precision"], leaf_recall=scores["leaf_recall"])
            rows.append(run)
    print(f"\n{'killed at s':>11} {'in flight':>9} {'exit':>5} {'fetched after':>13} "
          f"{'leaf P':>7} {'leaf R':>7}")
    for r in rows:
        print(f"{r['kill_after_s']:>11.1f} {r['in_flight_at_kill']:>9} {r['exit_code']:>5} "
              f"{r['successor_fetched'] or 0:>13} {r['leaf_precision'] or 0:>7.3f} "
              f"{r['leaf_recall'] or 0:>7.3f}")
    return 1 if any(r["exit_code"] for r in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
