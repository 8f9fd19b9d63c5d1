"""The titles, dates and authors leafcrawl writes in its archive's front matter, against WCXB's ground
truth, beside trafilatura's on the same pages.

    .venv/bin/python bench/eval_metadata.py CORPORA/wcxb-dev
    .venv/bin/python bench/eval_metadata.py CORPORA/trafilatura-eval
    .venv/bin/python bench/eval_metadata.py CORPUS --limit 300 --no-trafilatura

A corpus with a pages.jsonl (trafilatura-eval) is read the same way: each line's `date`,
`author` (several joined by "; ") and `title` where its annotators gave one, every page an
article. There a page without a field was not annotated for it, so "dated, no truth" and
"named, no truth" say nothing about it. trafilatura was developed against those pages:
its figures there are a high mark, not a neutral one.

Each page's date is compared by its day (YYYY-MM-DD) with `ground_truth.publish_date`:
- right: the same day; wrong: another day; missed: none, where the truth has one;
- dated, no truth: a date where the truth has none (a listing's first teaser, a date the
  annotators left out; not all of them wrong).
Ours is `analyze_page(html, url).date_published`: the metadata's date (meta tags, JSON-LD,
microdata, <time> in the content) and, on a page that reads as a leaf and whose metadata
names none, the date it prints (`pipelines/metadata/page_date.py`). The archive writes leaves only,
so the table has a row for the pages whose truth is a leaf type too. trafilatura's is
`trafilatura.extract_metadata(html, default_url=url).date` (htmldate, its default search).
Truth dates that are a month alone (2015-11) are left out.

Titles (`ground_truth.title`; ours `analyze_page(...).title`: on a leaf the heading it shows
when its h1 says it, else og:title or <title>): right when equal once lowercased and stripped
of punctuation. Authors likewise (`ground_truth.author`; ours `analyze_page(...).author`: the metadata's,
and on a leaf whose metadata names none, its byline's, `pipelines/metadata/byline.py`): right when
one name holds the other once lowercased and stripped of punctuation ("Moses Kim" for
"Moses Kim and Kate Shokurova"), and ours holds at most AUTHOR_EXTRA_WORDS words more than
the truth ("By Jane Roe, Staff" for "Jane Roe", never a bio or a byline with its date
that happens to hold the name); else another name.
"""
from __future__ import annotations

import argparse
import gzip
import json
import re
import sys
from multiprocessing import Pool
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "bench"))

from eval_indexiness import INDEX_TYPES, page_url  # noqa: E402
from pipelines.page import PageError, analyze_page  # noqa: E402

_DAY = re.compile(r"((?:19|20)\d\d)-(\d\d)-(\d\d)")
_NOT_WORD = re.compile(r"\W+")


def _plain(text: str | None) -> str:
    """Lowercased, punctuation as spaces: how two names or titles are compared."""
    return _NOT_WORD.sub(" ", (text or "").lower()).strip()


# Words an author field may hold beyond the name: a "By", a role ("Staff Writer").
AUTHOR_EXTRA_WORDS = 3


def same_author(found: str | None, truth: str | None) -> bool:
    a, b = _plain(found), _plain(truth)
    return bool(a and b) and (a in b or (b in a and len(a.split()) <= len(b.split()) + AUTHOR_EXTRA_WORDS))


def day(value) -> str | None:
    found = _DAY.search(value or "")
    return found.group(0) if found else None


def _job(args):
    gt_path, with_trafilatura = args
    gt = json.loads(Path(gt_path).read_text())
    html_path = Path(gt_path).parent.parent / "html" / (Path(gt_path).stem + ".html.gz")
    body = gzip.decompress(html_path.read_bytes())
    truth = gt["ground_truth"]
    return _row(Path(gt_path).stem, gt["_internal"]["page_type"]["primary"], body,
                page_url(gt, body), truth.get("publish_date"), truth.get("author"),
                truth.get("title"), with_trafilatura)


def _pages_job(args):
    """A page of a corpus with pages.jsonl (trafilatura-eval: articles, each with the date,
    author and title its annotators gave where they gave one)."""
    page, root, with_trafilatura = args
    body = gzip.decompress((Path(root) / "html" / f"{page['id']}.html.gz").read_bytes())
    author = page.get("author")
    if isinstance(author, list):        # several writers: one name field, as a byline prints them
        author = "; ".join(author)
    return _row(page["id"], "article", body, page["url"], page.get("date"), author or None,
                page.get("title") or None, with_trafilatura)


def _row(page_id, ptype, body, url, truth_raw, truth_author, truth_title, with_trafilatura):
    try:
        page = analyze_page(body, url, content="leaves")
        ours, ours_author, ours_title = day(page.date_published), page.author, page.title
    except PageError:
        ours = ours_author = ours_title = None
    theirs = theirs_author = theirs_title = None
    if with_trafilatura:
        import trafilatura

        try:
            meta = trafilatura.extract_metadata(body.decode("utf-8", "replace"), default_url=url)
            if meta is not None:
                theirs, theirs_author, theirs_title = day(meta.date), meta.author, meta.title
        except Exception:   # noqa: BLE001 - a failure is a missed date, as an empty extraction is
            pass
    # a truth date of a month alone (2015-11) has no day to compare: left out
    month_only = bool(truth_raw) and day(truth_raw) is None
    return {"id": page_id, "type": ptype, "leaf": ptype not in INDEX_TYPES,
            "truth": None if month_only else day(truth_raw), "month_only": month_only,
            "ours": ours, "trafilatura": theirs, "truth_author": truth_author,
            "ours_author": ours_author, "trafilatura_author": theirs_author,
            "truth_title": truth_title, "ours_title": ours_title,
            "trafilatura_title": theirs_title}


def tally(rows, who: str) -> dict:
    rows = [r for r in rows if not r["month_only"]]
    dated = [r for r in rows if r["truth"]]
    undated = [r for r in rows if not r["truth"]]
    return {"truth_dated": len(dated),
            "right": sum(1 for r in dated if r[who] == r["truth"]),
            "wrong": sum(1 for r in dated if r[who] and r[who] != r["truth"]),
            "missed": sum(1 for r in dated if not r[who]),
            "truth_undated": len(undated),
            "dated_no_truth": sum(1 for r in undated if r[who])}


def same_title(found: str | None, truth: str | None) -> bool:
    return bool(found and truth) and _plain(found) == _plain(truth)


def tally_titles(rows, who: str) -> dict:
    titled = [r for r in rows if r["truth_title"]]
    return {"truth_titled": len(titled),
            "right": sum(1 for r in titled if same_title(r[f"{who}_title"], r["truth_title"]))}


def tally_authors(rows, who: str) -> dict:
    named = [r for r in rows if r["truth_author"]]
    unnamed = [r for r in rows if not r["truth_author"]]
    found = f"{who}_author"
    return {"truth_named": len(named),
            "right": sum(1 for r in named if same_author(r[found], r["truth_author"])),
            "other": sum(1 for r in named if r[found] and not same_author(r[found], r["truth_author"])),
            "missed": sum(1 for r in named if not r[found]),
            "truth_unnamed": len(unnamed),
            "named_no_truth": sum(1 for r in unnamed if r[found])}


# field, its tally, the tally's columns, what they are out of, and the guesses where the
# truth has none (out of how many)
REPORTS = (
    ("dates", tally, ("right", "wrong", "missed"), "truth_dated", "dated_no_truth", "truth_undated"),
    ("authors", tally_authors, ("right", "other", "missed"), "truth_named", "named_no_truth",
     "truth_unnamed"),
    ("titles", tally_titles, ("right",), "truth_titled", None, None),
)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("corpus", type=Path)
    ap.add_argument("--limit", type=int)
    ap.add_argument("--procs", type=int, default=2)
    ap.add_argument("--no-trafilatura", action="store_true")
    args = ap.parse_args(argv)
    with Pool(args.procs) as pool:
        if (args.corpus / "pages.jsonl").exists():
            with open(args.corpus / "pages.jsonl", encoding="utf-8") as fh:
                pages = [json.loads(line) for line in fh][:args.limit]
            rows = pool.map(_pages_job, [(p, str(args.corpus), not args.no_trafilatura)
                                         for p in pages], chunksize=8)
        else:
            gts = sorted((args.corpus / "ground-truth").glob("*.json"))[:args.limit]
            rows = pool.map(_job, [(str(g), not args.no_trafilatura) for g in gts], chunksize=8)
    whos = ["ours"] + ([] if args.no_trafilatura else ["trafilatura"])
    print(f"{args.corpus.name}: {len(rows)} pages ({sum(r['month_only'] for r in rows)} with a "
          "truth date of a month alone, left out of the dates)")
    result = {}
    for field, count, columns, of, extra, extra_of in REPORTS:
        print(f"  {field}: {'pages':12s} {'who':12s} " + " ".join(f"{c:>7s}" for c in columns)
              + f"  {'of':>6s}" + (f"   {extra.replace('_', ' ')}" if extra else ""))
        for name, subset in (("all", rows), ("leaf types", [r for r in rows if r["leaf"]])):
            for who in whos:
                t = count(subset, who)
                result[f"{field}/{name}/{who}"] = t
                print(f"  {'':{len(field) + 1}s} {name:12s} {who:12s} "
                      + " ".join(f"{t[c]:7d}" for c in columns) + f"  {t[of]:6d}"
                      + (f"   {t[extra]:5d} of {t[extra_of]}" if extra else ""))
    out = REPO / "bench" / "out" / f"eval_metadata_{args.corpus.name}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps({"summary": result, "pages": rows}, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
