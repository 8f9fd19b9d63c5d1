"""Crawl one site in plain and in browser mode in the same run; report pages/s and the ratio.

    python bench/crawl_throughput.py                                  # the tests' fixture blog
    python bench/crawl_throughput.py CORPORA/sites/pelican-custom-eevee
    python bench/crawl_throughput.py CORPORA/sites/hugo-ananke-melroy --bare --rounds 2
    python bench/crawl_throughput.py CORPORA/sites/hugo-ananke-melroy --rounds 2 \
        --browsers /usr/bin/chromium-headless-shell /usr/bin/chromium

--bare also crawls the site with the bare spiders a user would write (bench/bare_spider.py:
plain Scrapy, and scrapy-playwright with 2 contexts x 8 pages), alternately with leafcrawl in
each round (leafcrawl plain, bare plain, leafcrawl browser, bare browser), and prints
leafcrawl's pages/s over the bare spider's, per round and mode, both over Scrapy's own
window (its engine's start to finish: the bare spider's imports and set-up lie outside it,
as do leafcrawl's, whose seconds are printed beside).

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
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from eval_scale import child_pids  # noqa: E402
from tests.support.http_server import serve_directory  # noqa: E402

MODES = ("never", "always")


def crawl(base_url: str, render: str, max_pages: int, *, chromium: str | None = None,
          archive_dir: Path | None = None) -> dict:
    """One `leafcrawl crawl`; chromium: the browser binary (LEAFCRAWL_CHROMIUM). The summary
    gains cpu_s, the CPU time of the crawl's process tree (Chromium's included)."""
    with tempfile.TemporaryDirectory(prefix=f"lc-throughput-{render}-") as work:
        summary = Path(work, "summary.json")
        argv = [sys.executable, "-m", "crawler.cli", "crawl", base_url + "/", "--render", render,
                "--json-summary", str(summary)]
        if max_pages:
            argv += ["--max-pages", str(max_pages)]
        if archive_dir:
            argv += ["--archive-dir", str(archive_dir)]
        # its own embedded Redis: a shared state folder would make the next crawl "unchanged"
        env = dict(os.environ, LEAFCRAWL_STATE_DIR=str(Path(work, ".leafcrawl")))
        if chromium:
            env["LEAFCRAWL_CHROMIUM"] = chromium
        with tempfile.TemporaryFile() as err:
            proc = subprocess.Popen(argv, cwd=work, env=env, stdout=subprocess.DEVNULL, stderr=err)
            cpu = tree_cpu_s(proc)
            if proc.returncode != 0:
                err.seek(0)
                raise SystemExit(f"crawl ({render}) failed: {err.read().decode(errors='replace').strip()}")
        result = json.loads(summary.read_text())
        result["cpu_s"] = round(sum(cpu.values()), 1)
        result["cpu_s_by_process"] = {k: round(v, 1) for k, v in sorted(cpu.items(), key=lambda kv: -kv[1])}
        return result


def process_kind(pid: int) -> str:
    """A process's name, and for Chromium's its --type (renderer, gpu-process, utility)."""
    name = Path(f"/proc/{pid}/comm").read_text().strip()
    # Chromium rewrites its children's command lines into one space-separated string
    args = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").split()
    kind = next((a[7:].decode() for a in args if a.startswith(b"--type=")), None)
    return f"{name} {kind}" if kind else name


def tree_cpu_s(proc, every_s: float = 0.25) -> dict[str, float]:
    """CPU seconds of `proc` and every process below it by process_kind, sampled from /proc
    until it ends. getrusage(RUSAGE_CHILDREN) misses Chromium: Playwright's driver does not
    wait for the browser's processes, and only a waited-for process adds its time. A process
    that ends between two samples loses at most every_s of its CPU."""
    tick = os.sysconf("SC_CLK_TCK")
    seen: dict[int, tuple[str, float]] = {}
    while True:
        done = proc.poll() is not None
        todo = [proc.pid]
        while todo:
            pid = todo.pop()
            todo.extend(child_pids(pid))
            try:
                fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
                kind = seen[pid][0] if pid in seen else process_kind(pid)
            except OSError:
                continue
            seen[pid] = (kind, (int(fields[11]) + int(fields[12])) / tick)    # utime, stime
        if done:
            by_kind: dict[str, float] = {}
            for kind, cpu in seen.values():
                by_kind[kind] = by_kind.get(kind, 0.0) + cpu
            return by_kind
        time.sleep(every_s)


def archive_texts(root: Path) -> dict[str, str]:
    """Each archived file's text without its fetched_at line (the one line two crawls of the
    same site always differ in), by its path under the archive's site folder."""
    out = {}
    for md in root.rglob("*.md"):
        lines = [ln for ln in md.read_text().splitlines() if not ln.startswith("fetched_at:")]
        out["/".join(md.relative_to(root).parts[1:])] = "\n".join(lines)
    return out


def browser_rounds(base_url: str, browsers: list[str], rounds: int, max_pages: int) -> list[dict]:
    """Browser crawls of the site in each binary, alternately, --rounds times: pages/s, the
    CPU of the whole crawl, and whether each archive is the first binary's, file for file."""
    out = []
    for n in range(1, rounds + 1):
        with tempfile.TemporaryDirectory(prefix="lc-browsers-") as tmp:
            first = None
            for exe in browsers:
                archive = Path(tmp, Path(exe).name)
                r = crawl(base_url, "always", max_pages, chromium=exe, archive_dir=archive)
                texts = archive_texts(archive)
                first = texts if first is None else first
                row = {"round": n, "chromium": exe, "pages": r["pages_fetched"],
                       "pages_per_s": scrapy_window_rate(r), "cpu_s": r["cpu_s"],
                       "cpu_s_by_process": r["cpu_s_by_process"],
                       "archived": len(texts), "same_archive": texts == first}
                print(f"  round {n}: {exe}: {row['pages_per_s']:.2f} pages/s, {row['cpu_s']} s CPU, "
                      f"{row['archived']} archived, same archive as {browsers[0]}: {row['same_archive']}",
                      flush=True)
                print(f"    CPU s by process: {row['cpu_s_by_process']}", flush=True)
                out.append(row)
    return out


def bare(base_url: str, browser: bool) -> dict:
    """bench/bare_spider.py in a process of its own."""
    with tempfile.TemporaryDirectory(prefix="lc-bare-") as work:
        out = Path(work, "result.json")
        argv = [sys.executable, str(REPO / "bench" / "bare_spider.py"), base_url + "/",
                "--out", str(out), *(["--browser"] if browser else [])]
        proc = subprocess.run(argv, capture_output=True, text=True, timeout=3600)
        if proc.returncode != 0:
            raise SystemExit(f"bare spider failed: {proc.stderr.strip()[-2000:]}")
        return json.loads(out.read_text())


def scrapy_window_rate(summary: dict) -> float:
    """leafcrawl's pages/s over Scrapy's own window (its engine's start to finish), the
    window the bare spider's figure is read over: its imports and set-up lie outside it, and
    so do leafcrawl's (Redis, the frontier's keys, the archive worker), which crawl_s holds."""
    seconds = summary.get("scrapy_elapsed_s") or summary["crawl_s"]
    return round(summary["pages_fetched"] / seconds, 2) if seconds else 0.0


def bare_rounds(base_url: str, rounds: int, max_pages: int) -> list[dict]:
    """Each round: leafcrawl plain, bare plain, leafcrawl browser, bare browser, and the ratios
    over the same window (scrapy_window_rate); leafcrawl's set-up beside them."""
    out = []
    for n in range(1, rounds + 1):
        ours_plain = crawl(base_url, "never", max_pages)
        their_plain = bare(base_url, browser=False)
        ours_browser = crawl(base_url, "always", max_pages)
        their_browser = bare(base_url, browser=True)
        row = {"round": n, "leafcrawl_plain": scrapy_window_rate(ours_plain),
               "bare_plain": their_plain["pages_per_s"],
               "leafcrawl_browser": scrapy_window_rate(ours_browser),
               "bare_browser": their_browser["pages_per_s"],
               "leafcrawl_setup_s": {mode: round(r["crawl_s"] - r.get("scrapy_elapsed_s", r["crawl_s"]), 2)
                                     for mode, r in (("plain", ours_plain), ("browser", ours_browser))},
               "leafcrawl_wall_pages_per_s": {"plain": ours_plain["pages_per_s"],
                                              "browser": ours_browser["pages_per_s"]},
               "pages": {"leafcrawl": ours_plain["pages_fetched"], "bare": their_plain["pages_fetched"]}}
        row["plain_ratio"] = round(row["leafcrawl_plain"] / row["bare_plain"], 3)
        row["browser_ratio"] = round(row["leafcrawl_browser"] / row["bare_browser"], 3)
        print(f"  round {n}: plain {row['leafcrawl_plain']:.1f} vs bare {row['bare_plain']:.1f} pages/s "
              f"({row['plain_ratio']:.2f}x); browser {row['leafcrawl_browser']:.2f} vs bare "
              f"{row['bare_browser']:.2f} ({row['browser_ratio']:.2f}x); pages {row['pages']}; "
              f"leafcrawl's set-up outside Scrapy's window {row['leafcrawl_setup_s']} s")
        out.append(row)
    return out


def write_json(path: str, payload: dict) -> None:
    out = Path(path)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(payload, indent=2))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", nargs="?", help="a corpus site folder (with site/) or a static site dir")
    parser.add_argument("--max-pages", type=int, default=0)
    parser.add_argument("--bare", action="store_true",
                        help="alternate with the bare spiders (bench/bare_spider.py), --rounds times")
    parser.add_argument("--browsers", nargs="+", metavar="CHROMIUM",
                        help="browser crawls in each of these binaries, alternately, --rounds times")
    parser.add_argument("--rounds", type=int, default=2)
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
            if args.browsers:
                rows = browser_rounds(base_url, args.browsers, args.rounds, args.max_pages)
                write_json(args.out, {"site": args.site, "browser_rounds": rows})
                return
            if args.bare:
                rows = bare_rounds(base_url, args.rounds, args.max_pages)
                write_json(args.out, {"site": args.site, "bare_rounds": rows})
                return
            results = {mode: crawl(base_url, mode, args.max_pages) for mode in MODES}

    plain, browser = results["never"], results["always"]
    print(f"site: {args.site or 'fixture blog'}")
    print(f"  {'mode':<8} {'pages':>6} {'crawl s':>8} {'pages/s':>8} {'archived':>9}")
    for mode, label in (("never", "plain"), ("always", "browser")):
        r = results[mode]
        print(f"  {label:<8} {r['pages_fetched']:>6} {r['crawl_s']:>8.1f} {r['pages_per_s']:>8.2f} {r['archived']:>9}")
    ratio = plain["pages_per_s"] / browser["pages_per_s"] if browser["pages_per_s"] else float("inf")
    print(f"  plain is {ratio:.1f}x faster than browser")
    write_json(args.out, {"site": args.site, "results": results, "plain_over_browser": ratio})


if __name__ == "__main__":
    main()
