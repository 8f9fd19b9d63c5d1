"""Scale out: one labelled corpus site crawled by 1 and by N crawler processes that share one
frontier (`leafcrawl crawl --shared-frontier --with-worker`), in the same run.

    python bench/eval_scale_out.py CORPORA/sites/hugo-ananke-melroy --render never
    python bench/eval_scale_out.py CORPUS_SITE_DIR --processes 1 2 3 --rounds 2 --render always

Needs a Redis server: --redis-url, else $REDIS_URL, else redis://127.0.0.1:6379/0 (a shared
frontier lives in Redis; the embedded one is private to its process). Every crawl gets a key
prefix and an RQ queue of its own there, removed afterwards, so runs do not see each other's
pages. The site is served once on 127.0.0.1 and logs every request it answers.

For each process count, every process is started at once, each with its own RQ worker (the
way more machines join: a crawler and a worker each), and the crawl's time is from the first
start to the last exit, archive jobs included. Reported per count: that time (the fastest of
--rounds, counts alternating), its ratio to one process's, pages answered by the server and
pages answered more than once (no more than with one process: a browser crawl asks for a
few pages twice on its own), and leaf
precision/recall of the archive against labels.csv (bench/eval_crawl.py's scoring). On a
machine of C cores, N crawler processes also share them with N workers, Redis and the
test server: compare the ratio, not the pages/s.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
import uuid
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from bench.eval_crawl import (LABELS, archived_urls, evaluate, leafcrawl_command,  # noqa: E402
                              open_corpus)

DEFAULT_REDIS = "redis://127.0.0.1:6379/0"
CRAWL_TIMEOUT_S = 3600
# Static files the pages pull in (served, but not pages of the site)
ASSET_SUFFIXES = (".css", ".js", ".svg", ".png", ".jpg", ".jpeg", ".gif", ".webp", ".ico",
                  ".woff", ".woff2", ".txt", ".xml")


def run_crawlers(base_url: str, n: int, work: Path, args, redis_url: str) -> dict:
    """N `leafcrawl crawl --shared-frontier --with-worker` processes on one fresh namespace;
    their wall time, exit codes and the archive they wrote together."""
    tag = uuid.uuid4().hex[:8]
    env = dict(os.environ, REDIS_URL=redis_url, LEAFCRAWL_REDIS_PREFIX=f"lc-scale-{tag}",
               LEAFCRAWL_QUEUE=f"lc-scale-{tag}")
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH")]))
    archive = work / "archive"
    procs = []
    started = time.monotonic()
    for i in range(n):
        cmd = leafcrawl_command(args.leafcrawl) + [
            "crawl", base_url + "/", "--render", args.render, "--shared-frontier",
            "--with-worker", "--archive-dir", str(archive),
            "--json-summary", str(work / f"summary-{i}.json")]
        log = open(work / f"crawl-{i}.log", "w", encoding="utf-8")
        procs.append((subprocess.Popen(cmd, cwd=work, env=env, stdout=log,
                                       stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL), log))
    codes = []
    for proc, log in procs:
        codes.append(proc.wait(timeout=CRAWL_TIMEOUT_S))
        log.close()
    wall = time.monotonic() - started
    _forget_namespace(redis_url, env["LEAFCRAWL_REDIS_PREFIX"], env["LEAFCRAWL_QUEUE"])
    summaries = [json.loads(p.read_text()) for p in sorted(work.glob("summary-*.json"))]
    return {"wall_s": wall, "exit_codes": codes, "archived": list(archived_urls(archive)),
            "fetched_by_process": [s.get("pages_fetched") for s in summaries]}


def _forget_namespace(redis_url: str, prefix: str, queue: str) -> None:
    import redis
    from rq import Queue

    conn = redis.Redis.from_url(redis_url)
    try:
        keys = list(conn.scan_iter(f"{prefix}:*"))
        if keys:
            conn.delete(*keys)
        Queue(queue, connection=conn).empty()
    finally:
        conn.close()


def pages_answered(requests: list[str]) -> Counter:
    return Counter(p for p in requests if not p.lower().endswith(ASSET_SUFFIXES))


def open_corpus_with_redis(args, tool: str):
    """The labelled corpus site's (site/, labels), once a Redis server answers at
    args.redis_url; None once the tool has said on stderr what is missing."""
    import redis

    opened = open_corpus(args.corpus.resolve(), tool)
    if opened is None:
        return None
    try:
        redis.Redis.from_url(args.redis_url, socket_connect_timeout=2).ping()
    except redis.RedisError as exc:
        print(f"{tool}: no Redis at {args.redis_url} ({exc}); start one or pass --redis-url",
              file=sys.stderr)
        return None
    return opened


def parse_args(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("corpus", type=Path, help="a corpus site dir: site/ and labels.csv")
    ap.add_argument("--processes", type=int, nargs="+", default=[1, 2],
                    help="crawler process counts to compare (default: 1 2; the first is the reference)")
    ap.add_argument("--render", choices=("never", "always", "auto"), default="never")
    ap.add_argument("--rounds", type=int, default=1,
                    help="crawls per count, alternating; the fastest counts (default 1)")
    ap.add_argument("--redis-url", default=os.environ.get("REDIS_URL") or DEFAULT_REDIS)
    ap.add_argument("--leafcrawl", help="the leafcrawl command (default: this venv's)")
    return ap.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv)
    opened = open_corpus_with_redis(args, "eval_scale_out")
    if opened is None:
        return 2
    site, labels = opened
    n_pages = sum(lb.label in LABELS for lb in labels)

    from tests.support.http_server import serve_directory

    requests: list[str] = []
    best: dict[int, dict] = {}
    with serve_directory(site, request_log=requests) as base_url:
        print(f"serving {site} ({n_pages} labelled pages) at {base_url}; "
              f"render {args.render}", flush=True)
        for round_ in range(args.rounds):
            for n in args.processes:
                requests.clear()
                with tempfile.TemporaryDirectory(prefix=f"lc-scale-{n}-") as tmp:
                    run = run_crawlers(base_url, n, Path(tmp), args, args.redis_url)
                answered = pages_answered(requests)
                run.update(pages=len(answered), answered_twice=sum(c > 1 for c in answered.values()),
                           requests=sum(answered.values()),
                           **{k: v for k, v in evaluate(labels, run.pop("archived")).items()
                              if k in ("leaf_precision", "leaf_recall")})
                print(f"  round {round_ + 1}, {n} process(es): {run['wall_s']:.1f} s, "
                      f"{run['pages']} pages, exit {run['exit_codes']}", flush=True)
                if n not in best or run["wall_s"] < best[n]["wall_s"]:
                    best[n] = run

    reference = best[args.processes[0]]["wall_s"]
    print(f"\n{'processes':>9} {'time s':>7} {'ratio':>6} {'pages':>6} {'twice':>6} "
          f"{'leaf P':>7} {'leaf R':>7}  fetched by each")
    for n in args.processes:
        r = best[n]
        print(f"{n:>9} {r['wall_s']:>7.1f} {r['wall_s'] / reference:>6.2f} {r['pages']:>6} "
              f"{r['answered_twice']:>6} {r['leaf_precision'] or 0:>7.3f} "
              f"{r['leaf_recall'] or 0:>7.3f}  {r['fetched_by_process']}")
    failed = [n for n in args.processes if any(best[n]["exit_codes"])]
    if failed:
        print(f"eval_scale_out: a crawl exited non-zero with {failed} process(es)", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
