"""Is a long plain crawl flat? A generated blog (bench/generated_site.py) crawled to its end.

    .venv/bin/python bench/eval_scale.py --leaves 100000 [--redis-url redis://127.0.0.1:6379/0]

The site (LEAVES posts, a listing page per 20) is answered on the fly on 127.0.0.1 and
crawled with `leafcrawl crawl --render never --max-pages <its pages>` (its embedded Redis and
worker, or --redis-url's with --with-worker). Printed: pages asked for, pages/s over the first
and the last tenth of the requests (by the server's clock) and their ratio, and the peak RSS
of the crawl's process tree (the largest of its processes). Issue 30 asks the last tenth at
0.8x the first or better.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from generated_site import distinct_pages, serve_generated  # noqa: E402
from tests.support.cli import peak_rss_kb, with_peak_rss  # noqa: E402

def rate(times: list[float]) -> float:
    return (len(times) - 1) / (times[-1] - times[0]) if len(times) > 1 and times[-1] > times[0] else 0.0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--leaves", type=int, default=100_000)
    ap.add_argument("--redis-url", help="a Redis of your own (default: the crawl's embedded one)")
    args = ap.parse_args()
    pages = distinct_pages(args.leaves)
    arrivals: list[float] = []
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    env.pop("REDIS_URL", None)
    extra = []
    if args.redis_url:
        env["REDIS_URL"] = args.redis_url
        extra = ["--with-worker"]
    with tempfile.TemporaryDirectory() as tmp, serve_generated(args.leaves, arrivals=arrivals) as base:
        env["LEAFCRAWL_STATE_DIR"] = str(Path(tmp) / "state")
        summary = Path(tmp) / "summary.json"
        done = subprocess.run(with_peak_rss([
            sys.executable, "-m", "crawler.cli", "crawl", base + "/", "--render", "never",
            "--max-pages", str(pages), "--archive-dir", str(Path(tmp) / "archive"),
            "--json-summary", str(summary), *extra]), cwd=tmp, env=env, capture_output=True,
            text=True)
        if done.returncode not in (0, 3):
            sys.exit(f"the crawl failed ({done.returncode}): {done.stderr[-2000:]}")
        result = json.loads(summary.read_text())
    peak_kb = peak_rss_kb(done.stderr)
    tenth = max(2, len(arrivals) // 10)
    first, last = rate(arrivals[:tenth]), rate(arrivals[-tenth:])
    print(f"{len(arrivals):,} pages asked for of {pages:,}; {result['archived']:,} archived; "
          f"{result['pages_per_s']:.1f} pages/s over the crawl")
    print(f"first tenth {first:.1f} pages/s, last tenth {last:.1f} pages/s: "
          f"{last / first if first else 0:.2f}x")
    print(f"peak RSS of the crawl's processes: {peak_kb / 1024:.0f} MB")


if __name__ == "__main__":
    main()
