"""Is a long crawl flat? A generated blog (bench/generated_site.py) crawled to its end.

    .venv/bin/python bench/eval_scale.py --leaves 100000 [--redis-url redis://127.0.0.1:6379/0]
    .venv/bin/python bench/eval_scale.py --leaves 1905 --render always --series out.json

The site (LEAVES posts, a listing page per 20) is answered on the fly on 127.0.0.1 and
crawled with `leafcrawl crawl --render never --max-pages <its pages>` (its embedded Redis and
worker, or --redis-url's with --with-worker). Printed: pages asked for, pages/s over the first
and the last tenth of the requests (by the server's clock) and their ratio, and the peak RSS
of the crawl's process tree (the largest of its processes). Issue 30 asks the last tenth at
0.8x the first or better.

--render always crawls it in Chromium; the browser's memory is sampled every second (the
summed PSS of the Chromium processes under the crawl) and its mean over the last quarter of
the crawl is set against the first quarter's (issue 30: at most 1.2x). --series writes the
samples and the requests' arrival times as JSON, for plots.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from generated_site import distinct_pages, serve_generated  # noqa: E402
from tests.support.cli import peak_rss_kb, with_peak_rss  # noqa: E402

SAMPLE_S = 1.0      # the browser's memory, sampled this often


def child_pids(pid: int) -> list[int]:
    try:
        return [int(c) for c in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


def browser_rss_kb(root: int) -> int:
    """Summed PSS of the Chromium processes below process `root` (its renderers, GPU and
    utility processes: the browser's share of a crawl's memory). PSS, not RSS: Chromium's
    processes share most of their pages, which RSS counts once per process."""
    total, todo = 0, [root]
    while todo:
        pid = todo.pop()
        todo.extend(child_pids(pid))
        try:
            name = Path(f"/proc/{pid}/comm").read_text().strip()
            if "chrom" in name or "headless" in name:
                rollup = Path(f"/proc/{pid}/smaps_rollup").read_text()
                total += int(rollup.split("\nPss:")[1].split()[0]) if "\nPss:" in rollup else 0
        except OSError:
            continue
    return total


def sample_browser(proc, samples: list[tuple[float, int]]) -> None:
    while proc.poll() is None:
        samples.append((time.monotonic(), browser_rss_kb(proc.pid)))
        time.sleep(SAMPLE_S)


def quarter_means(samples: list[tuple[float, int]]) -> tuple[float, float]:
    """Mean of the nonzero samples over the first and the last quarter of the sampled time."""
    live = [(t, kb) for t, kb in samples if kb]
    if len(live) < 4:
        return 0.0, 0.0
    start, end = live[0][0], live[-1][0]
    span = (end - start) / 4
    first = [kb for t, kb in live if t <= start + span]
    last = [kb for t, kb in live if t >= end - span]
    return sum(first) / len(first), sum(last) / len(last)


def rate(times: list[float]) -> float:
    return (len(times) - 1) / (times[-1] - times[0]) if len(times) > 1 and times[-1] > times[0] else 0.0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--leaves", type=int, default=100_000)
    ap.add_argument("--redis-url", help="a Redis of your own (default: the crawl's embedded one)")
    ap.add_argument("--render", choices=("never", "always"), default="never")
    ap.add_argument("--series", type=Path, help="write arrival times and memory samples here (JSON)")
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
        proc = subprocess.Popen(with_peak_rss([
            sys.executable, "-m", "crawler.cli", "crawl", base + "/", "--render", args.render,
            "--max-pages", str(pages), "--archive-dir", str(Path(tmp) / "archive"),
            "--json-summary", str(summary), *extra]), cwd=tmp, env=env, stdout=subprocess.PIPE,
            stderr=subprocess.PIPE, text=True)
        samples: list[tuple[float, int]] = []
        sampler = threading.Thread(target=sample_browser, args=(proc, samples), daemon=True)
        if args.render == "always":
            sampler.start()
        _, stderr = proc.communicate()
        if proc.returncode not in (0, 3):
            sys.exit(f"the crawl failed ({proc.returncode}): {stderr[-2000:]}")
        result = json.loads(summary.read_text())
    peak_kb = peak_rss_kb(stderr)
    tenth = max(2, len(arrivals) // 10)
    first, last = rate(arrivals[:tenth]), rate(arrivals[-tenth:])
    print(f"{len(arrivals):,} pages asked for of {pages:,}; {result['archived']:,} archived; "
          f"{result['pages_per_s']:.1f} pages/s over the crawl")
    print(f"first tenth {first:.1f} pages/s, last tenth {last:.1f} pages/s: "
          f"{last / first if first else 0:.2f}x")
    print(f"peak RSS of the crawl's processes: {peak_kb / 1024:.0f} MB")
    if samples:
        first_kb, last_kb = quarter_means(samples)
        print(f"browser memory: first quarter {first_kb / 1024:.0f} MB, last quarter "
              f"{last_kb / 1024:.0f} MB: {last_kb / first_kb if first_kb else 0:.2f}x")
    if args.series:
        args.series.write_text(json.dumps({
            "render": args.render, "leaves": args.leaves, "arrivals": arrivals,
            "browser_rss_kb": samples, "pages_per_s": result["pages_per_s"], "peak_rss_kb": peak_kb}))


if __name__ == "__main__":
    main()
