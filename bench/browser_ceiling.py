"""How fast can any crawler built on scrapy-playwright render a site here? The ceiling that
leafcrawl's browser crawl and the bare spider are measured against.

    .venv/bin/python bench/browser_ceiling.py CORPORA/sites/hugo-ananke-melroy --rounds 2

Each round runs, one after the other, each in a process of its own whose whole tree's CPU
(Chromium's included) is read from /proc:

- the bare scrapy-playwright spider (bench/bare_spider.py --browser), the reference;
- the cheapest crawl a browser can make: raw Playwright, no Scrapy, the site's pages given as
  a list (nothing to parse, nothing to follow, nothing kept), rendered in --tabs reused tabs
  with page.goto() and page.content(), each page once;
- the same with every request passed through a route that only continues it, as
  scrapy-playwright's download handler routes every request of every page it renders (its
  PLAYWRIGHT_ABORT_REQUEST and header handling live there);
- leafcrawl --render always.

The routed raw loop is what no scrapy-playwright crawler can beat on this machine: it does
less than any of them. Its pages/s over the bare spider's is the most a crawler on this
stack can reach here.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "bench"))

from crawl_throughput import crawl, scrapy_window_rate, tree_cpu_s  # noqa: E402
from tests.support.http_server import serve_directory  # noqa: E402

DEFAULT_TABS = 4
"""Tabs rendering at once in the raw loop: on 2 cores 4 rendered the Hugo corpus blog fastest
(15.3 pages/s routed, against 13.8 with 2 and 13.4 with 8)."""


def site_urls(root: Path, base_url: str) -> list[str]:
    """Every HTML page of a static site folder, as the server serves it (a folder's
    index.html at the folder's address)."""
    urls = []
    for page in sorted(root.rglob("*.html")):
        rel = page.relative_to(root).as_posix()
        rel = rel[: -len("index.html")] if rel.endswith("index.html") else rel
        urls.append(f"{base_url}/{rel}")
    return urls


async def render_all(urls: list[str], tabs: int, route: bool) -> dict:
    from playwright.async_api import async_playwright

    from crawler.rendering.browser import find_chromium

    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=find_chromium(), headless=True)
        context = await browser.new_context()
        pages = [await context.new_page() for _ in range(tabs)]
        if route:
            async def passthrough(r, _request):
                await r.continue_()
            for page in pages:
                await page.route("**", passthrough)
        todo = list(reversed(urls))
        errors: dict[str, int] = {}

        async def tab(page):
            while todo:
                url = todo.pop()
                try:
                    await page.goto(url)
                    await page.content()
                except Exception as exc:  # noqa: BLE001 - counted, as a crawl counts a failed page
                    reason = str(exc).splitlines()[0][:120]
                    errors[reason] = errors.get(reason, 0) + 1

        t0 = time.monotonic()
        await asyncio.gather(*(tab(page) for page in pages))
        seconds = time.monotonic() - t0
        await browser.close()
    done = len(urls) - sum(errors.values())
    return {"pages_fetched": done, "errors": errors, "crawl_s": round(seconds, 2),
            "pages_per_s": round(done / seconds, 2)}


def in_process(argv: list[str]) -> dict:
    """A command in a process of its own: its JSON result, and its tree's CPU seconds."""
    with tempfile.TemporaryDirectory(prefix="lc-ceiling-") as work:
        out = Path(work, "result.json")
        with tempfile.TemporaryFile() as err:    # a pipe unread while the child runs can fill
            proc = subprocess.Popen([*argv, "--out", str(out)], stdout=subprocess.DEVNULL, stderr=err)
            cpu = tree_cpu_s(proc)
            if proc.returncode != 0:
                err.seek(0)
                raise SystemExit(f"{argv[1]} failed: {err.read().decode(errors='replace')[-2000:]}")
        result = json.loads(out.read_text())
        result["cpu_s"] = round(sum(cpu.values()), 1)
        return result


def one_round(root: Path, base_url: str, tabs: int) -> dict:
    with tempfile.TemporaryDirectory(prefix="lc-ceiling-urls-") as work:
        urls = Path(work, "urls.json")
        urls.write_text(json.dumps(site_urls(root, base_url)))
        me = [sys.executable, __file__, "--urls", str(urls), "--tabs", str(tabs)]
        rows = {
            "bare_spider": in_process([sys.executable, str(REPO / "bench" / "bare_spider.py"),
                                       base_url + "/", "--browser"]),
            "raw_routed": in_process([*me, "--route"]),
            "raw_unrouted": in_process(me),
        }
    ours = crawl(base_url, "always", 0)
    rows["leafcrawl"] = {"pages_fetched": ours["pages_fetched"], "pages_per_s": scrapy_window_rate(ours),
                         "cpu_s": ours["cpu_s"]}
    bare = rows["bare_spider"]["pages_per_s"]
    for row in rows.values():
        row["over_bare"] = round(row["pages_per_s"] / bare, 2) if bare else 0.0
        row["cpu_ms_per_page"] = round(1000 * row["cpu_s"] / max(row["pages_fetched"], 1))
    return rows


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("site", nargs="?", help="a corpus site folder (with site/) or a static site dir")
    ap.add_argument("--rounds", type=int, default=1)
    ap.add_argument("--tabs", type=int, default=DEFAULT_TABS)
    ap.add_argument("--urls", type=Path, help=argparse.SUPPRESS)     # the raw loop's own run
    ap.add_argument("--route", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--out", type=Path)
    args = ap.parse_args(argv)
    if args.urls:
        result = asyncio.run(render_all(json.loads(args.urls.read_text()), args.tabs, args.route))
        args.out.write_text(json.dumps(result))
        return 0
    if not args.site:
        ap.error("a site folder is needed")
    root = Path(args.site)
    root = root / "site" if (root / "site").is_dir() else root
    rounds = []
    with serve_directory(root) as base_url:
        for n in range(1, args.rounds + 1):
            rows = one_round(root, base_url, args.tabs)
            rounds.append(rows)
            print(f"round {n}:")
            for name, row in rows.items():
                print(f"  {name:<13} {row['pages_fetched']:>5} pages {row['pages_per_s']:>6.2f} pages/s "
                      f"{row['over_bare']:>5.2f}x bare  {row['cpu_ms_per_page']:>4} ms CPU a page"
                      + (f"  failed: {row['errors']}" if row.get("errors") else ""), flush=True)
    if args.out:
        args.out.write_text(json.dumps({"site": args.site, "tabs": args.tabs, "rounds": rounds}, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
