"""Redis memory a crawl leaves per page: every key of its prefix and its RQ queue, by
MEMORY USAGE, after a plain crawl of a site and its archive jobs.

    .venv/bin/python bench/redis_bytes_per_page.py SITE [--redis-url redis://127.0.0.1:6379/0]
    .venv/bin/python bench/redis_bytes_per_page.py --generated 20000 --embedded

SITE is a static site folder (or a corpus site with site/), or --generated N a generated blog
of N posts (bench/generated_site.py): served on 127.0.0.1, crawled with `leafcrawl crawl
--render never --with-worker` under a fresh key prefix and queue. --embedded measures a
fresh Redis started as leafcrawl starts its embedded one (its settings: compact page
records), instead of --redis-url's.
Prints the bytes per page fetched by key kind (page records, site sorted sets, links,
content hashes, RQ jobs…) and what a million pages would need at that rate; removes its
keys after.
"""
from __future__ import annotations

import argparse
import contextlib
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

from crawler.services.embedded_redis import EmbeddedRedis  # noqa: E402
from generated_site import distinct_pages, serve_generated  # noqa: E402
from tests.support.http_server import serve_directory  # noqa: E402


def kind(key: str, prefix: str) -> str:
    if key.startswith(prefix + ":"):
        part = key[len(prefix) + 1:].split(":", 1)[0]
        return f"{prefix}:{part}"
    return ":".join(key.split(":")[:2])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("site", nargs="?")
    ap.add_argument("--generated", type=int, metavar="N", help="a generated blog of N posts")
    ap.add_argument("--redis-url", default=os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0"))
    ap.add_argument("--embedded", action="store_true",
                    help="a fresh Redis with leafcrawl's embedded settings instead of --redis-url")
    args = ap.parse_args()
    if (args.site is None) == (args.generated is None):
        ap.error("give a SITE folder or --generated N")
    with contextlib.ExitStack() as stack:
        if args.embedded:
            server = EmbeddedRedis(stack.enter_context(tempfile.TemporaryDirectory())).start()
            stack.callback(server.stop)
            args.redis_url = server.url
        measure(args)


def measure(args) -> None:
    prefix, queue = f"bytes-{uuid.uuid4().hex[:8]}", f"q-{uuid.uuid4().hex[:8]}"
    conn = redis.Redis.from_url(args.redis_url)
    before = set(conn.scan_iter("rq:*"))
    env = {**os.environ, "REDIS_URL": args.redis_url, "LEAFCRAWL_REDIS_PREFIX": prefix,
           "LEAFCRAWL_QUEUE": queue, "PYTHONPATH": str(REPO)}
    try:
        if args.generated:
            site = serve_generated(args.generated)
            limit = ["--max-pages", str(distinct_pages(args.generated))]
        else:
            root = Path(args.site)
            site, limit = serve_directory(root / "site" if (root / "site").is_dir() else root), []
        with tempfile.TemporaryDirectory() as tmp, site as base:
            summary = Path(tmp) / "summary.json"
            subprocess.run([sys.executable, "-m", "crawler.cli", "crawl", base + "/", "--render",
                            "never", "--with-worker", "--archive-dir", str(Path(tmp) / "archive"),
                            "--json-summary", str(summary), *limit], cwd=tmp, env=env, check=True,
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
