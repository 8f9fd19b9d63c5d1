"""Spider traps: fetched against distinct pages, a crawl with leafcrawl's default budgets.

    .venv/bin/python bench/eval_traps.py [--render never|always]

Serves tests/support/trap_site.py on 127.0.0.1 (an endless ?page=N+1 pager, an endless
calendar, three posts each with three Query Loop pagers that keep each other's parameters:
every address answered) and crawls it with `leafcrawl crawl`, default settings, no
--max-pages. Prints the pages the site has, the requests the crawl made (all, and per trap),
the crawl's time, and the summary's trap rows. Without budgets this crawl does not end.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from urllib.parse import urlsplit

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from tests.support.trap_site import DISTINCT_PAGES, serve_traps  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--render", default="never", choices=("never", "always", "auto"))
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp, serve_traps() as (base, asked):
        env = {**os.environ, "PYTHONPATH": str(REPO), "LEAFCRAWL_STATE_DIR": str(Path(tmp) / ".leafcrawl")}
        started = time.monotonic()
        subprocess.run([sys.executable, "-m", "crawler.cli", "crawl", base + "/", "--render",
                        args.render, "--json-summary", str(Path(tmp) / "s.json"),
                        "--archive-dir", str(Path(tmp) / "archive")], cwd=tmp, env=env,
                       stdout=subprocess.DEVNULL, check=False)
        elapsed = time.monotonic() - started
        summary = json.loads((Path(tmp) / "s.json").read_text())
    pages = [urlsplit(p) for p in asked if not p.startswith("/robots.txt")]
    kinds = Counter("post variants" if p.path.startswith("/posts/") and p.query else
                    p.path.strip("/").split("/")[0] or "home" for p in pages)
    print(f"trap site: {len(DISTINCT_PAGES)} distinct pages; crawl fetched {len(pages)} in "
          f"{elapsed:.1f} s ({args.render}), finished: {summary['finish_reason']}")
    for kind, n in kinds.most_common():
        print(f"  {kind:<16} {n:6}")
    for line in summary.get("traps", []):
        print(f"  {line}")


if __name__ == "__main__":
    main()
