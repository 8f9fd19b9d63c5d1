"""Publication dates against htmldate's evaluation pages: leafcrawl beside htmldate itself.

    .venv/bin/python bench/eval_dates.py CORPORA/htmldate-eval [--procs 2] [--no-htmldate]

Each page of `pages.jsonl` (id, url, date) is analysed as a crawl would (analyze_page, the
date its archive's front matter gets) and, in the same run, given to htmldate's
find_date(html, original_date=True) (fast) and with extensive_search (extensive). A date equal
to the page's by day is right, another is wrong, none is a miss; printed: right, wrong,
missed, precision (right / dated), recall (right / (right + missed)) and accuracy
(right / all), as htmldate's own comparison counts them. Every page here has a date, so this
says nothing of dates given to pages without one: bench/eval_metadata.py on WCXB does.
Per-page results go to bench/out/dates/pages.jsonl.
"""
from __future__ import annotations

import argparse
import gzip
import json
import sys
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

OUT = Path(__file__).resolve().parent / "out" / "dates"


def _day(value) -> str | None:
    return str(value)[:10] if value else None


def judge(args) -> dict:
    corpus, row, with_htmldate = args
    from pipelines.page import PageError, analyze_page

    html = gzip.open(Path(corpus) / "html" / f"{row['id']}.html.gz").read()
    out = {"id": row["id"], "truth": row["date"]}
    try:
        out["ours"] = _day(analyze_page(html, row["url"]).date_published)
    except PageError:
        out["ours"] = None
    if with_htmldate:
        from htmldate import find_date

        text = html.decode("utf-8", "replace")
        for name, extensive in (("htmldate_fast", False), ("htmldate_extensive", True)):
            try:
                out[name] = _day(find_date(text, url=row["url"], original_date=True,
                                           extensive_search=extensive))
            except Exception:       # htmldate's own failures count as a miss
                out[name] = None
    return out


def tally(results: list[dict], who: str) -> dict:
    right = sum(1 for r in results if r.get(who) and r[who] == r["truth"])
    wrong = sum(1 for r in results if r.get(who) and r[who] != r["truth"])
    missed = sum(1 for r in results if not r.get(who))
    n = len(results)
    return {"right": right, "wrong": wrong, "missed": missed,
            "precision": right / max(right + wrong, 1), "recall": right / max(right + missed, 1),
            "accuracy": right / max(n, 1)}


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("corpus")
    ap.add_argument("--procs", type=int, default=2)
    ap.add_argument("--no-htmldate", action="store_true")
    args = ap.parse_args(argv)
    rows = [json.loads(line) for line in open(Path(args.corpus) / "pages.jsonl", encoding="utf-8")]
    with Pool(args.procs) as pool:
        results = pool.map(judge, [(args.corpus, r, not args.no_htmldate) for r in rows], chunksize=8)
    OUT.mkdir(parents=True, exist_ok=True)
    with open(OUT / "pages.jsonl", "w", encoding="utf-8") as fh:
        for r in results:
            fh.write(json.dumps(r) + "\n")
    who = ["ours"] + ([] if args.no_htmldate else ["htmldate_fast", "htmldate_extensive"])
    print(f"{len(results)} pages; publication dates by day")
    print(f"  {'':20} {'right':>6} {'wrong':>6} {'missed':>6}  precision  recall  accuracy")
    for w in who:
        t = tally(results, w)
        name = "leafcrawl" if w == "ours" else w.replace("_", " ")
        print(f"  {name:20} {t['right']:6} {t['wrong']:6} {t['missed']:6}  {t['precision']:9.3f}"
              f"  {t['recall']:6.3f}  {t['accuracy']:8.3f}")


if __name__ == "__main__":
    main()
