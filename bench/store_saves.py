"""Cost of storing page records: ScoreStore.save_page, the crawl's per-page Redis write.

    .venv/bin/python bench/store_saves.py [--redis-url redis://127.0.0.1:6379/0] [--pages 575]

Saves --pages records shaped like a crawl's (every indexiness term in the breakdown) under a
fresh key prefix, three rounds (the second and third re-save every page, as a later crawl
does), prints milliseconds per save for each round and removes its keys.
"""
from __future__ import annotations

import argparse
import sys
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import redis  # noqa: E402

from pipelines.store import redis_keys as rk  # noqa: E402
from pipelines.indexiness.score import TERMS  # noqa: E402
from pipelines.store.score_store import ScoreStore  # noqa: E402


def record(i: int) -> dict:
    return {"url": f"http://127.0.0.1:8000/p/{i}/", "site": "bench", "verdict": "index",
            "score": 3.0, "seed_score": -1.0, "breakdown": {t: 1.5 for t in TERMS},
            "counts": {t: 1 for t in TERMS}, "counted_links": {"outlinks": ["http://x/"] * 10},
            "status": 200, "depth": 1, "render": "plain", "title": "A page",
            "fetched_at": "2026-12-01T16:00:00Z"}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--redis-url", default="redis://127.0.0.1:6379/0")
    ap.add_argument("--pages", type=int, default=575)
    args = ap.parse_args(argv)
    conn = redis.Redis.from_url(args.redis_url)
    prefix = f"leafcrawl-bench-{uuid.uuid4().hex[:8]}"
    store = ScoreStore(conn, prefix=prefix)
    records = [record(i) for i in range(args.pages)]
    try:
        for round_ in range(3):
            started = time.perf_counter()
            for rec in records:
                store.save_page(rec)
            ms = (time.perf_counter() - started) / len(records) * 1000
            print(f"round {round_ + 1}: {ms:.3f} ms per save ({len(records)} pages)")
    finally:
        keys = list(conn.scan_iter(match=rk.all_keys_pattern(prefix), count=1000))
        if keys:
            conn.delete(*keys)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
