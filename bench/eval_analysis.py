"""Evaluate pipelines.page.analyze_page on a corpus (never a timed test).

    .venv/bin/python bench/eval_analysis.py CORPORA/wcxb-dev
    .venv/bin/python bench/eval_analysis.py CORPORA/sites/pelican-custom-eevee

WCXB: balanced accuracy of the verdicts (listing/collection = index) and word-level F1 of
the content text against ground_truth.main_content. Sites: balanced accuracy against
labels.csv, overall and per `how` group. Median ms/page for analyze_page.
"""
from __future__ import annotations

import argparse
import csv
import gzip
import json
import re
import statistics
import sys
import time
from collections import Counter, defaultdict
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pipelines.content.markdown import render_markdown  # noqa: E402
from pipelines.page import IndexinessConfig, PageError, analyze_page  # noqa: E402
from eval_indexiness import site_url  # noqa: E402

INDEX_TYPES = {"listing", "collection", "category"}
_TOKEN = re.compile(r"\w+")


def words(text: str) -> Counter:
    return Counter(t.lower() for t in _TOKEN.findall(text))


def f1(pred: str, truth: str) -> tuple[float, float, float]:
    p, t = words(pred), words(truth)
    if not p and not t:
        return 1.0, 1.0, 1.0
    common = sum((p & t).values())
    prec = common / max(sum(p.values()), 1)
    rec = common / max(sum(t.values()), 1)
    return prec, rec, (2 * prec * rec / (prec + rec) if prec + rec else 0.0)


def balanced_accuracy(pairs) -> float:
    """pairs: (truth_is_index, predicted_is_index)."""
    pos = [p for t, p in pairs if t]
    neg = [not p for t, p in pairs if not t]
    parts = [sum(x) / len(x) for x in (pos, neg) if x]
    return sum(parts) / len(parts) if parts else float("nan")


def _wcxb_job(args):
    html_path, gt_path = args
    gt = json.loads(Path(gt_path).read_text())
    body = gzip.decompress(Path(html_path).read_bytes())
    t0 = time.perf_counter()
    try:
        a = analyze_page(body, gt.get("url") or gt["ground_truth"].get("url") or "https://example.invalid/", IndexinessConfig())
    except PageError as exc:
        return {"error": str(exc)}
    ms = (time.perf_counter() - t0) * 1000
    md = render_markdown(a.blocks)
    plain = "\n".join(b.text for b in a.blocks)
    truth = gt["ground_truth"].get("main_content") or ""
    ptype = gt["_internal"]["page_type"]["primary"]
    return {
        "type": ptype, "is_index": ptype in INDEX_TYPES, "ms": ms,
        "seed": a.seed_score > 0, "final": a.verdict == "index",
        "f1_text": f1(plain, truth), "f1_md": f1(md, truth),
    }


def _site_job(args):
    path, url, label, how = args
    body = Path(path).read_bytes()
    t0 = time.perf_counter()
    try:
        a = analyze_page(body, url)
    except PageError as exc:
        return {"error": str(exc)}
    return {"is_index": label == "index", "how": how, "ms": (time.perf_counter() - t0) * 1000,
            "seed": a.seed_score > 0, "final": a.verdict == "index", "score": a.score, "path": url}


def eval_wcxb(root: Path, pool, limit=None):
    jobs = []
    for gt in sorted((root / "ground-truth").glob("*.json"))[:limit]:
        html = root / "html" / (gt.stem + ".html.gz")
        if html.exists():
            jobs.append((str(html), str(gt)))
    res = [r for r in pool.imap_unordered(_wcxb_job, jobs, chunksize=8)]
    errors = [r for r in res if "error" in r]
    res = [r for r in res if "error" not in r]
    print(f"WCXB pages: {len(res)} (errors {len(errors)})")
    for name in ("seed", "final"):
        print(f"  balanced accuracy {name}: {balanced_accuracy([(r['is_index'], r[name]) for r in res]):.3f}")
    for key in ("f1_text", "f1_md"):
        p = statistics.mean(r[key][0] for r in res)
        rc = statistics.mean(r[key][1] for r in res)
        f = statistics.mean(r[key][2] for r in res)
        print(f"  word F1 ({key}): P={p:.3f} R={rc:.3f} F1={f:.3f}")
    by_type = defaultdict(list)
    for r in res:
        by_type[r["type"]].append(r["f1_text"][2])
    print("  F1 by type: " + ", ".join(f"{t}={statistics.mean(v):.3f}({len(v)})" for t, v in sorted(by_type.items())))
    print(f"  median ms/page: {statistics.median(r['ms'] for r in res):.1f}")


def eval_site(root: Path, pool):
    jobs = []
    with open(root / "labels.csv") as fh:
        for row in csv.DictReader(fh):
            if row["label"] not in ("index", "leaf"):
                continue
            path = root / "site" / row["path"]
            if not path.exists():
                continue
            jobs.append((str(path), site_url(row["path"]), row["label"], row["how"]))
    res = [r for r in pool.imap_unordered(_site_job, jobs, chunksize=8) if "error" not in r]
    print(f"site {root.name}: {len(res)} pages")
    for name in ("seed", "final"):
        print(f"  balanced accuracy {name}: {balanced_accuracy([(r['is_index'], r[name]) for r in res]):.3f}")
    groups = defaultdict(list)
    for r in res:
        # "pelican tag list page 1 (rust)" -> "pelican tag list page": group by template
        groups[re.sub(r"\s*\(.*\)$|\s+\d+( of .*)?$", "", r["how"])].append(r)
    for how, rs in sorted(groups.items()):
        acc = {n: sum(r[n] == r["is_index"] for r in rs) / len(rs) for n in ("seed", "final")}
        print(f"    {how[:50]:50s} n={len(rs):4d} acc seed={acc['seed']:.2f} final={acc['final']:.2f}")
    print(f"  median ms/page: {statistics.median(r['ms'] for r in res):.1f}")


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("corpus", nargs="+", type=Path)
    ap.add_argument("--limit", type=int)
    ap.add_argument("--procs", type=int, default=2)
    args = ap.parse_args(argv)
    with Pool(args.procs) as pool:
        for corpus in args.corpus:
            if (corpus / "ground-truth").is_dir():
                eval_wcxb(corpus, pool, args.limit)
            elif (corpus / "labels.csv").exists():
                eval_site(corpus, pool)
            else:
                for sub in sorted(corpus.iterdir()):
                    if (sub / "labels.csv").exists():
                        eval_site(sub, pool)


if __name__ == "__main__":
    main()
