"""Redis memory a crawl leaves per page: every key of its prefix and its RQ queue, by
MEMORY USAGE, after a plain crawl of a site and its archive jobs.

    .venv/bin/python bench/redis_bytes_per_page.py SITE [--redis-url redis://127.0.0.1:6379/0]

SITE is a static site folder (or a corpus site with site/): served on 127.0.0.1, crawled
with `leafcrawl crawl --render never --with-worker` under a fresh key prefix and queue.
Prints the bytes per page fetched by key kind (page records, site sorted sets, links,
content hashes, RQ jobs…) and what a million pages would need at that rate; removes its
keys after.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import uuid
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

import redis  # noqa: E402

from tests.support.http_server import serve_directory  # noqa: E402


def kind(key: str, prefix: str) -> str:
    if key.startswith(prefix + ":"):
        part = key[len(prefix) + 1:].split(":", 1)[0]
        return f"{prefix}:{part}"
    return ":".join(key.split(":")[:2])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("site")
    ap.add_argument("--redis-url", default=os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0"))
    args = ap.parse_args()
    root = Path(args.site)
    root = root / "site" if (root / "site").is_dir() else root
    prefix, queue = f"bytes-{uuid.uuid4().hex[:8]}", f"q-{uuid.uuid4().hex[:8]}"
    conn = redis.Redis.from_url(args.redis_url)
    before = set(conn.scan_iter("rq:*"))
    env = {**os.environ, "REDIS_URL": args.redis_url, "LEAFCRAWL_REDIS_PREFIX": prefix,
           "LEAFCRAWL_QUEUE": queue, "PYTHONPATH": str(REPO)}
    try:
        with tempfile.TemporaryDirectory() as tmp, serve_directory(root) as base:
            summary = Path(tmp) / "summary.json"
            subprocess.run([sys.executable, "-m", "crawler.cli", "crawl", base + "/", "--render",
                            "never", "--with-worker", "--archive-dir", str(Path(tmp) / "archive"),
                            "--json-summary", str(summary)], cwd=tmp, env=env, check=True,
                           stdout=subprocess.DEVNULL)
            pages = json.loads(summary.read_text())["pages_fetched"]
        keys = [k.decode() for k in conn.scan_iter(f"{prefix}:*")]
        keys += [k.decode() for k in set(conn.scan_iter("rq:*")) - before]
        sizes = Counter()
        for key in keys:
            sizes[kind(key, prefix)] += conn.memory_usage(key) or 0
        total = sum(sizes.values())
        print(f"{pages} pages fetched; {len(keys)} keys; {total:,} bytes: {total / pages:,.0f} bytes a page")
        for name, size in sizes.most_common():
            print(f"  {name:<32} {size / pages:8,.0f} bytes a page")
        print(f"a million pages at this rate: {total / pages * 1e6 / 2**30:.2f} GiB of Redis memory")
    finally:
        for key in list(conn.scan_iter(f"{prefix}:*")) + list(set(conn.scan_iter("rq:*")) - before):
            conn.delete(key)
        conn.close()


if __name__ == "__main__":
    main()
