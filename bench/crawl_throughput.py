"""Crawl one site in plain and in browser mode in the same run; report pages/s and the ratio.

    python bench/crawl_throughput.py                                  # the tests' fixture blog
    python bench/crawl_throughput.py CORPORA/sites/pelican-custom-eevee

Each crawl runs `leafcrawl crawl` as a subprocess on its own embedded Redis (a fresh
working directory), so both modes pay the same set-up. pages/s is the crawl phase only
(Scrapy start to finish), as the crawl's own summary reports it. Absolute figures depend
on the machine; compare the ratio.
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

from tests.support.http_server import serve_directory  # noqa: E402

MODES = ("never", "always")


def crawl(base_url: str, render: str, max_pages: int) -> dict:
    with tempfile.TemporaryDirectory(prefix=f"lc-throughput-{render}-") as work:
        summary = Path(work, "summary.json")
        argv = [sys.executable, "-m", "crawler.cli", "crawl", base_url + "/", "--render", render,
                "--json-summary", str(summary)]
        if max_pages:
            argv += ["--max-pages", str(max_pages)]
        # its own embedded Redis: a shared state folder would make the next crawl "unchanged"
        env = dict(os.environ, LEAFCRAWL_STATE_DIR=str(Path(work, ".leafcrawl")))
        proc = subprocess.run(argv, cwd=work, capture_output=True, text=True, timeout=3600, env=env)
        if proc.returncode != 0:
            raise SystemExit(f"crawl ({render}) failed: {proc.stderr.strip()}")
        return json.loads(summary.read_text())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", nargs="?", help="a corpus site folder (with site/) or a static site dir")
    parser.add_argument("--max-pages", type=int, default=0)
    parser.add_argument("--out", default=str(REPO / "bench" / "out" / "crawl_throughput.json"))
    args = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="lc-site-") as tmp:
        if args.site:
            root = Path(args.site)
            root = root / "site" if (root / "site").is_dir() else root
        else:
            from tests.fixtures.make_blog import make_blog

            root = Path(tmp)
            make_blog(root)
        with serve_directory(root) as base_url:
            results = {mode: crawl(base_url, mode, args.max_pages) for mode in MODES}

    plain, browser = results["never"], results["always"]
    print(f"site: {args.site or 'fixture blog'}")
    print(f"  {'mode':<8} {'pages':>6} {'crawl s':>8} {'pages/s':>8} {'archived':>9}")
    for mode, label in (("never", "plain"), ("always", "browser")):
        r = results[mode]
        print(f"  {label:<8} {r['pages_fetched']:>6} {r['crawl_s']:>8.1f} {r['pages_per_s']:>8.2f} {r['archived']:>9}")
    ratio = plain["pages_per_s"] / browser["pages_per_s"] if browser["pages_per_s"] else float("inf")
    print(f"  plain is {ratio:.1f}x faster than browser")
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps({"site": args.site, "results": results, "plain_over_browser": ratio}, indent=2))


if __name__ == "__main__":
    main()
