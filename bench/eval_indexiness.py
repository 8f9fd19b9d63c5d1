"""Indexiness against labelled corpora: the final score next to the literal seed formula.

    .venv/bin/python bench/eval_indexiness.py CORPORA/wcxb-dev \
        CORPORA/sites/hugo-ananke-melroy CORPORA/sites/pelican-custom-eevee

CORPUS_ROOT arguments are read in place (never copied). WCXB: listing/collection pages are
index, every other type leaf; balanced accuracy of seed and final, and a per-type table.
Readability's test pages (index.csv + truth/) and trafilatura's evaluation pages
(pages.jsonl + html/): articles, every one a leaf (balanced accuracy there is the share
scored leaf).
A site (labels.csv): balanced accuracy overall and per `how` group, each page scored at
--site-url plus its file's path, or plus the address in labels.csv's url column when a
builder wrote one (a mirror's file named otherwise than the server's address, see
site_url). Cost: the time of a verdict from HTML (parse + link walk + score), final score vs the seed formula alone, on the
same pages in the same run: total and median per-page ratio (see score_page). Per-page rows go to bench/out/indexiness/.
"""
from __future__ import annotations

import argparse
import csv
import gzip
import json
import os
import re
import sys
import time
from collections import defaultdict
from multiprocessing import Pool
from pathlib import Path
from urllib.parse import urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pipelines.blocks import block_inline  # noqa: E402
from pipelines.htmlparse import HtmlInputError, parse_html  # noqa: E402
from pipelines.indexiness.score import score_tree  # noqa: E402
from pipelines.indexiness.seed_formula import seed_score  # noqa: E402
from pipelines.indexiness.links import extract_links  # noqa: E402
from pipelines.metadata.page_metadata import date_published  # noqa: E402


INDEX_TYPES = {"listing", "collection", "category"}
OUT = Path(__file__).resolve().parent / "out" / "indexiness"
SITE_URL = "http://127.0.0.1:8000/"
# Each page is scored this many times per formula; the fastest run counts (less noise).
TIMING_REPEATS = int(os.environ.get("LEAFCRAWL_TIMING_REPEATS", 3))


def seed_only(root, url: str) -> float:
    """The literal seed formula alone on a parsed tree (the cost baseline)."""
    return seed_score(extract_links(root, url), date_published(root) is not None)


def balanced_accuracy(pairs) -> float:
    """pairs: (truth_is_index, predicted_is_index)."""
    pos = [p for t, p in pairs if t]
    neg = [not p for t, p in pairs if not t]
    parts = [sum(x) / len(x) for x in (pos, neg) if x]
    return sum(parts) / len(parts) if parts else float("nan")


def forget_memos() -> None:
    """Empty the process-wide memos the link walk uses (block_inline's urljoin and base
    origin memos, urlsplit's LRU cache). A crawl sees each page once, so a verdict costs what
    it costs on a first visit; without this, every repeat after the first finds the page's
    hrefs already joined and times a state no crawl is in."""
    block_inline._JOINED.clear()
    block_inline._ORIGINS.clear()
    urlsplit.cache_clear()


def score_page(body: bytes, url: str) -> dict:
    """Seed and final score of one page, its term counts, and both verdicts' times.

    The cost measured is that of a verdict from HTML: parse + link walk + score. Both need
    the parse and the link walk, so both pay them: seed = parse_html + seed_only (link
    extraction, date_published, the seed formula); final = parse_html + score_tree (the
    same walk with its text statistics, date facts, pagination, link blocks, signals, both
    scores). Same page, same process, alternating, TIMING_REPEATS times, each run from
    empty memos (forget_memos); the fastest run of each counts (least disturbed by other
    load). CPU time (process_time), not wall time: another process's turn on the core is
    no cost of either formula."""
    try:
        parse_html(body)
    except HtmlInputError as exc:
        return {"error": str(exc)}
    t_seed = t_final = float("inf")
    for _ in range(TIMING_REPEATS):
        forget_memos()
        t0 = time.process_time()
        seed = seed_only(parse_html(body), url)
        t1 = time.process_time()
        forget_memos()
        t2 = time.process_time()
        result, _, _ = score_tree(parse_html(body), url)
        t3 = time.process_time()
        t_seed, t_final = min(t_seed, t1 - t0), min(t_final, t3 - t2)
    return {"seed": seed, "score": result.score, "counts": result.counts,
            "t_seed": t_seed, "t_final": t_final}


# A crawl always knows a page's URL; a few WCXB pages were saved without it. Their own
# canonical link or og:url names it; failing both, a path of no words, on which no URL term
# fires (a bare "/" would make every such page a site's home).
UNKNOWN_URL = "https://unknown.invalid/_/"
_DECLARED_URL = re.compile(rb"""<link[^>]+rel=["']?canonical["']?[^>]+href=["']([^"'>]+)|"""
                           rb"""<meta[^>]+property=["']og:url["'][^>]+content=["']([^"'>]+)""", re.I)


def declared_url(body: bytes) -> str:
    """The page's own canonical link or og:url, else UNKNOWN_URL."""
    m = _DECLARED_URL.search(body)
    found = (m.group(1) or m.group(2)).decode("utf-8", "replace") if m else ""
    return found if found.startswith(("http://", "https://")) else UNKNOWN_URL


def page_url(gt: dict, body: bytes) -> str:
    return gt.get("url") or gt["ground_truth"].get("url") or declared_url(body)


def read_wcxb_page(html_path, gt_path) -> tuple[bytes, str, str]:
    """A WCXB page's (body, url, page type)."""
    gt = json.loads(Path(gt_path).read_text())
    body = gzip.decompress(Path(html_path).read_bytes())
    return body, page_url(gt, body), gt["_internal"]["page_type"]["primary"]


def _wcxb_job(args):
    html_path, gt_path = args
    body, url, ptype = read_wcxb_page(html_path, gt_path)
    r = score_page(body, url)
    return dict(r, id=Path(gt_path).stem, url=url, group=ptype, is_index=ptype in INDEX_TYPES)


def _site_job(args):
    path, url, label, how = args
    r = score_page(Path(path).read_bytes(), url)
    return dict(r, id=url, url=url, how=how, is_index=label == "index",
                group=re.sub(r"\s*\(.*\)$|\s+\d+( of .*)?$", "", how))


def _readability_job(args):
    path, = args
    body = Path(path).read_bytes()
    url = declared_url(body)
    r = score_page(body, url)
    return dict(r, id=Path(path).stem, url=url, group="readerable article", is_index=False)


def _article_job(args):
    path, url = args
    r = score_page(gzip.decompress(Path(path).read_bytes()), url)
    return dict(r, id=Path(path).name.split(".")[0], url=url, group="article (trafilatura-eval)",
                is_index=False)


def article_jobs(root: Path, limit=None):
    """trafilatura's evaluation pages (pages.jsonl + html/ID.html.gz): news articles and blog
    posts, every one a leaf, at the URL each was fetched from."""
    jobs = []
    with open(root / "pages.jsonl", encoding="utf-8") as fh:
        for line in fh:
            page = json.loads(line)
            path = root / "html" / f"{page['id']}.html.gz"
            if path.exists():
                jobs.append((str(path), page.get("url") or UNKNOWN_URL))
    return jobs[:limit]


def readability_jobs(root: Path, limit=None):
    """Mozilla Readability's readerable test pages: every one an article, so a leaf (a
    held-out check: nothing here was tuned on them). URL from the page's own canonical."""
    with open(root / "index.csv", newline="") as fh:
        ids = [row["id"] for row in csv.DictReader(fh) if row["readerable"].lower() == "true"]
    return [(str(root / "html" / f"{i}.html"),) for i in ids[:limit]]


def wcxb_jobs(root: Path, limit=None):
    jobs = []
    for gt in sorted((root / "ground-truth").glob("*.json"))[:limit]:
        html = root / "html" / (gt.stem + ".html.gz")
        if html.exists():
            jobs.append((str(html), str(gt)))
    return jobs


def site_url(path: str, served: str = "") -> str:
    """The URL a corpus site's file is served at: the address labels.csv's url column gives
    (served), else a directory's index.html is the directory (2013/foo/index.html is
    /2013/foo/), any other file its own path (genindex.html).

    A mirror of a dynamic server names its files after the addresses, not as them: wget's
    --adjust-extension appends .html to /user/ada and /topic/44?page=2, so the builder
    writes the address it fetched (bench/sites/build_flaskbb_forum.py). Without that
    column, a file named with a query and ".html" after it (topic/44?page=2.html) is still
    read as such a copy: no static file is named so."""
    if served:
        return SITE_URL + served.lstrip("/")
    if path == "index.html" or path.endswith("/index.html"):
        path = path[: -len("index.html")]
    elif "?" in path.rpartition("/")[2] and path.endswith(".html"):
        path = path[: -len(".html")]
    return SITE_URL + path


def site_jobs(root: Path):
    jobs = []
    with open(root / "labels.csv", newline="") as fh:
        for row in csv.DictReader(fh):
            path = root / "site" / row["path"]
            if row["label"] not in ("index", "leaf") or not path.exists():
                continue
            url = site_url(row["path"], row.get("url") or "")
            jobs.append((str(path), url, row["label"], row["how"]))
    return jobs


def run(corpus: Path, pool, limit=None) -> tuple[str, list[dict]]:
    if (corpus / "ground-truth").is_dir():
        rows = pool.map(_wcxb_job, wcxb_jobs(corpus, limit), chunksize=8)
    elif (corpus / "index.csv").is_file() and (corpus / "truth").is_dir():
        rows = pool.map(_readability_job, readability_jobs(corpus, limit), chunksize=8)
    elif (corpus / "pages.jsonl").is_file():
        rows = pool.map(_article_job, article_jobs(corpus, limit), chunksize=8)
    else:
        rows = pool.map(_site_job, site_jobs(corpus), chunksize=8)
    return corpus.name, [r for r in rows if "error" not in r]


def report(name: str, rows: list[dict]) -> dict:
    seed = balanced_accuracy([(r["is_index"], r["seed"] > 0) for r in rows])
    final = balanced_accuracy([(r["is_index"], r["score"] > 0) for r in rows])
    t_seed = sum(r["t_seed"] for r in rows)
    t_final = sum(r["t_final"] for r in rows)
    print(f"{name}: {len(rows)} pages, {sum(r['is_index'] for r in rows)} index")
    print(f"  balanced accuracy  seed {seed:.3f}  final {final:.3f}")
    ratios = sorted(r["t_final"] / r["t_seed"] for r in rows if r["t_seed"] > 0)
    median = ratios[len(ratios) // 2] if ratios else float("nan")
    print(f"  verdict cost (parse + links + score): final {t_final * 1000 / len(rows):.2f} ms/page, "
          f"seed alone {t_seed * 1000 / len(rows):.2f} ms/page; ratio total {t_final / t_seed:.3f}, "
          f"median per page {median:.3f}")
    groups = defaultdict(list)
    for r in rows:
        groups[r["group"]].append(r)
    print(f"    {'group':44s} {'n':>5} {'truth':>6} {'seed':>6} {'final':>6}")
    for g, rs in sorted(groups.items()):
        acc_s = sum((r["seed"] > 0) == r["is_index"] for r in rs) / len(rs)
        acc_f = sum((r["score"] > 0) == r["is_index"] for r in rs) / len(rs)
        truth = "index" if rs[0]["is_index"] else "leaf"
        print(f"    {g[:44]:44s} {len(rs):5d} {truth:>6} {acc_s:6.2f} {acc_f:6.2f}")
    return {"pages": len(rows), "seed": seed, "final": final, "cost_ratio": t_final / t_seed,
            "cost_ratio_median": median}


def main(argv=None):
    global SITE_URL
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("corpus", nargs="+", type=Path, help="wcxb-dev or a sites/<site> folder")
    ap.add_argument("--limit", type=int)
    ap.add_argument("--procs", type=int, default=2)
    ap.add_argument("--site-url", default=SITE_URL,
                    help=f"the address a site corpus is scored at (default {SITE_URL}): the one "
                         "its pages link absolutely, for a site mirrored from a live server")
    args = ap.parse_args(argv)
    SITE_URL = args.site_url.rstrip("/") + "/"      # read by site_url() in the forked workers
    OUT.mkdir(parents=True, exist_ok=True)
    summary = {}
    with Pool(args.procs) as pool:
        for corpus in args.corpus:
            name, rows = run(corpus, pool, args.limit)
            summary[name] = report(name, rows)
            with open(OUT / f"{name}.jsonl", "w") as fh:
                for r in rows:
                    fh.write(json.dumps(r) + "\n")
    (OUT / "summary.json").write_text(json.dumps(summary, indent=2))


if __name__ == "__main__":
    main()
