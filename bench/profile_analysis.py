"""CPU cost of analyze_page + render_markdown on WCXB (or Readability) pages, beside trafilatura, in one process.

    .venv/bin/python bench/profile_analysis.py CORPORA/wcxb-dev --limit 300
    .venv/bin/python bench/profile_analysis.py CORPUS --limit 300 --profile    # cProfile top 40
    .venv/bin/python bench/profile_analysis.py CORPUS --dump /tmp/out.jsonl     # outputs, per page
    .venv/bin/python bench/profile_analysis.py CORPUS --compare /tmp/out.jsonl  # same outputs?
    .venv/bin/python bench/profile_analysis.py CORPUS --limit 300 --phases     # median per phase

Times are CPU time (time.process_time), not wall time: on a shared machine other processes
steal the wall clock, not our CPU. Each page is timed --repeat times and the minimum kept;
ours and trafilatura's alternate page by page, so drift hits both alike. --dump writes each
page's blocks (to_dict) and Markdown so a refactor can be checked for identical output.
"""
from __future__ import annotations

import argparse
import cProfile
import gzip
import hashlib
import json
import pstats
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pipelines.content.markdown import render_markdown  # noqa: E402
from pipelines.page import PageError, analyze_page  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from eval_extraction import FALLBACK_URL, READABILITY_URL  # noqa: E402  (one address each)


def load_pages(root: Path, limit: int | None, offset: int = 0) -> list[tuple[str, bytes, str]]:
    if (root / "truth").is_dir():      # Mozilla Readability's test pages (eval_extraction.py)
        return [(html.stem, html.read_bytes(), READABILITY_URL)
                for html in sorted((root / "html").glob("*.html"))[offset:][:limit]]
    pages = []
    for gt_path in sorted((root / "ground-truth").glob("*.json"))[offset:][:limit]:
        html = root / "html" / (gt_path.stem + ".html.gz")
        if not html.exists():
            continue
        gt = json.loads(gt_path.read_text())
        url = gt.get("url") or (gt.get("ground_truth") or {}).get("url") or FALLBACK_URL
        pages.append((gt_path.stem, gzip.decompress(html.read_bytes()), url))
    return pages


def ours(body: bytes, url: str):
    try:
        a = analyze_page(body, url)
        return a, render_markdown(a.blocks)
    except PageError:
        return None, ""


def theirs(body: bytes, url: str):
    import trafilatura
    try:
        return trafilatura.extract(body, url=url) or ""
    except Exception:  # noqa: BLE001
        return ""


def cpu_ms(fn, *args, repeat: int = 1) -> float:
    best = float("inf")
    for _ in range(repeat):
        t0 = time.process_time()
        fn(*args)
        best = min(best, time.process_time() - t0)
    return best * 1000


# (module, function) pairs --phases times: the steps analyze_page calls, and inside
# page_content the walk, de-duplication and selection. Indented names run inside another.
PHASES = (
    ("pipelines.page", "parse_html", "parse"),
    ("pipelines.page", "document_order", "document order"),
    ("pipelines.page", "extract_page_metadata", "metadata"),
    ("pipelines.page", "score_tree", "score"),
    ("pipelines.indexiness.score", "extract_links", "  link walk"),
    ("pipelines.page", "page_content", "content"),
    ("pipelines.content.content_repair", "repair_tree", "  repair"),
    ("pipelines.blocks.block_walk", "walk_document", "  block walk"),
    ("pipelines.blocks.block_dedup", "deduplicate", "  dedup"),
    ("pipelines.content.page_content", "select_with_link_list", "  selection"),
    ("pipelines.page", "declares_discussion", "discussion"),
    ("pipelines.page", "byline_texts", "byline"),
    ("pipelines.page", "shown_date", "shown date"),
    ("pipelines.page", "content_hash", "content hash"),
    (__name__, "render_markdown", "markdown"),
)


def time_phases(pages) -> None:
    """Median CPU ms per page of each PHASES step, by wrapping the names the callers look
    up (a module's global), so the pipeline runs as it does, only timed."""
    import functools
    import importlib

    spent: dict[str, float] = {}

    def timed(fn, label):
        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            t0 = time.process_time()
            try:
                return fn(*args, **kwargs)
            finally:
                spent[label] = spent.get(label, 0.0) + time.process_time() - t0
        return wrapper

    for module, name, label in PHASES:
        mod = importlib.import_module(module)
        setattr(mod, name, timed(getattr(mod, name), label))
    per_phase: dict[str, list[float]] = {label: [] for _, _, label in PHASES}
    totals = []
    for _, body, url in pages:
        spent.clear()
        totals.append(cpu_ms(ours, body, url))
        for label, values in per_phase.items():
            values.append(spent.get(label, 0.0) * 1000)
    print(f"{len(pages)} pages, CPU ms/page: total median {statistics.median(totals):.2f} "
          f"mean {statistics.mean(totals):.2f}")
    for label, values in per_phase.items():
        print(f"  {label:<16} median {statistics.median(values):6.2f}  mean {statistics.mean(values):6.2f}")


def fingerprint(a, md: str) -> dict:
    if a is None:
        return {"error": True, "md": md}
    d = a.to_dict()
    blob = json.dumps(d, sort_keys=True, default=str)
    return {"md": md, "analysis_sha1": hashlib.sha1(blob.encode()).hexdigest(),
            "blocks_sha1": hashlib.sha1(json.dumps(d["blocks"], sort_keys=True).encode()).hexdigest()}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("corpus", type=Path)
    ap.add_argument("--limit", type=int, default=300)
    ap.add_argument("--offset", type=int, default=0)
    ap.add_argument("--repeat", type=int, default=1, help="time each page N times, keep the min")
    ap.add_argument("--no-trafilatura", action="store_true")
    ap.add_argument("--profile", action="store_true", help="cProfile ours, print the top 40")
    ap.add_argument("--sort", default="tottime")
    ap.add_argument("--phases", action="store_true", help="median CPU time of each step of ours")
    ap.add_argument("--dump", type=Path, help="write per-page outputs (JSON lines)")
    ap.add_argument("--compare", type=Path, help="compare outputs with a --dump file")
    args = ap.parse_args(argv)
    pages = load_pages(args.corpus, args.limit, args.offset)
    for pid, body, url in pages[:3]:       # warm imports and caches
        ours(body, url)
        if not args.no_trafilatura:
            theirs(body, url)
    if args.profile:
        prof = cProfile.Profile()
        prof.enable()
        for _, body, url in pages:
            ours(body, url)
        prof.disable()
        pstats.Stats(prof).sort_stats(args.sort).print_stats(40)
        return
    if args.phases:
        time_phases(pages)
        return
    if args.dump or args.compare:
        old = {}
        if args.compare:
            old = {r["id"]: r for r in map(json.loads, args.compare.read_text().splitlines())}
        out, diffs = [], []
        for pid, body, url in pages:
            row = {"id": pid, **fingerprint(*ours(body, url))}
            out.append(json.dumps(row))
            if args.compare and pid in old and any(old[pid].get(k) != row.get(k)
                                                   for k in ("md", "blocks_sha1", "error")):
                diffs.append(pid)      # blocks or Markdown changed (links may, by others)
        if args.dump:
            args.dump.write_text("\n".join(out) + "\n")
            print(f"wrote {len(out)} pages to {args.dump}")
        if args.compare:
            print(f"{len(diffs)} of {len(pages)} pages differ" + (f": {diffs[:20]}" if diffs else ""))
        return
    our_ms, traf_ms = [], []
    for _, body, url in pages:
        our_ms.append(cpu_ms(ours, body, url, repeat=args.repeat))
        if not args.no_trafilatura:
            traf_ms.append(cpu_ms(theirs, body, url, repeat=args.repeat))
    line = (f"{len(pages)} pages, CPU ms/page: ours median {statistics.median(our_ms):.2f} "
            f"mean {statistics.mean(our_ms):.2f}")
    if traf_ms:
        tm = statistics.median(traf_ms)
        line += (f"; trafilatura median {tm:.2f} mean {statistics.mean(traf_ms):.2f}; "
                 f"ratio of medians {statistics.median(our_ms) / tm:.3f}")
    print(line)


if __name__ == "__main__":
    main()
