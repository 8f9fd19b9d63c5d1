"""Index/leaf verdicts by grouped cross-validation: no site is both fitted and scored.

    .venv/bin/python bench/eval_grouped_cv.py WCXB_DEV SITE... READABILITY TRAFILATURA_EVAL
    .venv/bin/python bench/eval_grouped_cv.py ... --cached        # reuse the last run's counts

Every labelled page there is goes into one pool: WCXB dev (listing/collection = index, the
rest leaf), each generator-labelled site (a folder with site/ and labels.csv: the corpus
blogs and those bench/build_sites.py builds; `PATH@URL` scores a site at the address its
pages link absolutely), and two corpora of articles, all leaves: Mozilla Readability's test
pages and trafilatura's evaluation pages. Each page belongs to its site: WCXB's domain,
the registrable domain of an article's URL, a generated site as a whole.

The final score is a sum of count x weight (pipelines/indexiness/score.py). The weights marked
fitted there are refitted here by class-balanced, L2-regularised logistic regression,
P(index) = sigmoid(score / TEMPERATURE); the hand-set terms (FIXED) are an offset, never
fitted. Sites are dealt to FOLDS folds by a hash of their domain, so a site's pages are
never both fitted and scored; the regularisation is chosen inside each training part by a
grouped cross-validation of its own (nested), so the scored fold picks nothing.

Printed, per corpus and per page type: the literal seed formula, the shipped weights (the
constants in pipelines/indexiness/score.py: an in-sample figure wherever they were fitted), the
refit on every page (in-sample), and the grouped cross-validated figure (the mean of
REPEATS dealings of sites to folds, and the lowest and highest of one dealing), with the gap
between shipped and cross-validated. Then each fitted term's weight: shipped, refit, and
its spread over the folds' fits (a term whose sign flips between folds is noise).
"""
from __future__ import annotations

import argparse
import hashlib
import json
import sys
from collections import defaultdict
from multiprocessing import Pool
from pathlib import Path
from urllib.parse import urlsplit

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import eval_indexiness  # noqa: E402
from eval_indexiness import balanced_accuracy  # noqa: E402
from pipelines.indexiness.score import TERMS, WEIGHTS  # noqa: E402
from pipelines.indexiness.seed_formula import SCORE_DECIMALS  # noqa: E402

OUT = Path(__file__).resolve().parent / "out" / "grouped_cv"
TEMPERATURE = 10.0   # one seed "headline in-link" (+11) of score moves the odds by e^1.1
FOLDS = 5
# Sites are dealt to folds this many times over (a different hash each time) and the
# cross-validated figures averaged: one dealing moves WCXB's figure by +-0.005, as much as
# most single terms are worth. At 4 dealings the mean still moved by 0.004 with the dealing
# (a change to slug_words read +0.004 on 4 and +0.0005 on 12): 12, and the spread printed.
REPEATS = 12
# Regularisation strengths tried (on standardised counts); each fold's training part picks
# one by its own grouped cross-validation.
L2_GRID = (0.1, 0.3, 1.0, 3.0, 10.0, 30.0, 100.0)
# One site counts as at most this many pages in a fit: a generated blog's 487 tag pages are
# one template, one piece of evidence about the web, not 487; WCXB's sites have 1-12 pages.
GROUP_WEIGHT_PAGES = 20
ITERATIONS = 50

# Terms set by hand, by a reason the web at large shares (see indexiness.py): an offset,
# never fitted. The intercept (head_start) is fitted and not penalised.
FIXED = ("url_home", "url_taxonomy", "url_topic", "url_catalog", "url_thread", "url_product",
         "url_people", "url_listing", "og_website", "conversion_links", "inlinks_in_headers",
         "query", "query_record", "declared_collection")
# Terms held at 0: their weight changed sign from one fold's fit to another's (eval_grouped_cv
# prints the spread), so they carry no signal a site of its own could rely on. Their counts
# are still computed for explain.
DROPPED = ("inlinks_in_lists", "prose", "plain_text", "record_targets")
FITTED = tuple(t for t in TERMS if t not in FIXED and t not in DROPPED)
INTERCEPT = FITTED.index("head_start")


# --- the pool of pages ---------------------------------------------------------------------
def registrable_domain(url: str) -> str:
    """news.example.co.uk -> example.co.uk, from the public suffix list tldextract ships (no
    download)."""
    host = (urlsplit(url).hostname or "").lower()
    if not host or host.endswith(".invalid"):
        return ""
    ext = _EXTRACT(host)
    return ext.top_domain_under_public_suffix or ext.domain or host


def _extractor():
    import tldextract

    return tldextract.TLDExtract(suffix_list_urls=(), cache_dir=None)


_EXTRACT = None


def corpus_kind(path: Path) -> str:
    if (path / "ground-truth").is_dir():
        return "wcxb"
    if (path / "index.csv").is_file() and (path / "truth").is_dir():
        return "readability"
    if (path / "pages.jsonl").is_file():
        return "articles"
    return "site"


def wcxb_domains(root: Path) -> dict[str, str]:
    meta = root / "metadata.json"
    files = json.loads(meta.read_text()).get("files", {}) if meta.exists() else {}
    return {k: v.get("domain", "") for k, v in files.items()}


def rows_of(spec: str, pool) -> tuple[str, list[dict]]:
    """The scored pages of one corpus, each with its site (row["site"])."""
    path, _, site_url = spec.partition("@")
    corpus = Path(path)
    kind = corpus_kind(corpus)
    if kind == "site":
        eval_indexiness.SITE_URL = (site_url or "http://127.0.0.1:8000").rstrip("/") + "/"
    name, rows = eval_indexiness.run(corpus, pool)
    domains = wcxb_domains(corpus) if kind == "wcxb" else {}
    for r in rows:
        if kind == "site":
            site = f"site:{name}"
        else:
            site = domains.get(r["id"]) or registrable_domain(r.get("url") or "")
            site = site.removeprefix("www.") if site else f"{name}:{r['id']}"
        r.update(corpus=name, site=site)
        r.pop("t_seed", None), r.pop("t_final", None)
    return name, rows


# --- the fit -------------------------------------------------------------------------------
def design(rows):
    x = np.array([[float(r["counts"].get(t, 0)) for t in FITTED] for r in rows])
    off = np.array([sum(WEIGHTS[t] * r["counts"].get(t, 0) for t in FIXED) for r in rows])
    y = np.array([1.0 if r["is_index"] else 0.0 for r in rows])
    return x, off, y


def shows_no_list(row) -> bool:
    """An index page whose HTML links no page from its content: its list drawn by a script
    (or missing from the saved copy), the frame of a listing, not one."""
    c = row["counts"]
    return row["is_index"] and not c.get("link_targets") and not c.get("content_targets")


def sample_weights(rows, idx) -> np.ndarray:
    """Per page: its site's share (GROUP_WEIGHT_PAGES), 0 for an index page that shows no
    list, then the two classes made equal.

    An index page showing no list carries none of what makes a page an index, so all a fit
    can learn from it is to lean index where evidence is missing: 16 such pages (14 of WCXB's
    216 index pages, each weighing six leaves once the classes are made equal) held the
    start at +9, and every stub and near-empty leaf read as index. A crawl renders such a
    frame before it scores it (crawler/spiders/render_choice.py: an index with nothing to
    follow). They are still scored: every figure counts them."""
    size = defaultdict(int)
    for i in idx:
        size[rows[i]["site"]] += 1
    w = np.array([0.0 if shows_no_list(rows[i]) else min(1.0, GROUP_WEIGHT_PAGES / size[rows[i]["site"]])
                  for i in idx])
    y = np.array([rows[i]["is_index"] for i in idx], dtype=bool)
    for cls in (True, False):
        total = w[y == cls].sum()
        if total:
            w[y == cls] *= 0.5 / total
    return w * len(idx)


def fit(x, off, y, sw, l2: float) -> np.ndarray:
    """Weights in score units: weighted logistic regression by Newton steps on standardised
    counts, L2 on every weight but the intercept."""
    scale = x.std(axis=0)
    scale[scale == 0] = 1.0
    scale[INTERCEPT] = 1.0
    xs = x / scale
    w = np.zeros(x.shape[1])
    pen = np.full(x.shape[1], l2)
    pen[INTERCEPT] = 0.0
    o = off / TEMPERATURE
    for _ in range(ITERATIONS):
        z = np.clip(o + xs @ w, -30, 30)
        p = 1 / (1 + np.exp(-z))
        g = xs.T @ (sw * (p - y)) + pen * w
        h = (xs * (sw * p * (1 - p))[:, None]).T @ xs + np.diag(pen + 1e-9)
        step = np.linalg.solve(h, g)
        w -= step
        if np.abs(step).max() < 1e-8:
            break
    return w / scale * TEMPERATURE


def log_loss(w, x, off, y, sw) -> float:
    z = np.clip((off + x @ w) / TEMPERATURE, -30, 30)
    return float(np.sum(sw * (np.logaddexp(0, z) - y * z)) / sw.sum())


def fold_of(site: str, folds: int, salt: str = "") -> int:
    return int(hashlib.sha1((salt + site).encode()).hexdigest(), 16) % folds


def choose_l2(rows, idx, x, off, y, folds: int) -> float:
    """The L2 whose grouped cross-validation inside idx loses least (weighted log loss)."""
    inner = [fold_of(rows[i]["site"], folds, salt="inner") for i in idx]
    best = None
    for l2 in L2_GRID:
        loss = 0.0
        for k in range(folds):
            tr = [i for i, f in zip(idx, inner) if f != k]
            te = [i for i, f in zip(idx, inner) if f == k]
            if not te or len({rows[i]["is_index"] for i in tr}) < 2:
                continue
            w = fit(x[tr], off[tr], y[tr], sample_weights(rows, tr), l2)
            loss += log_loss(w, x[te], off[te], y[te], sample_weights(rows, te)) * len(te)
        if best is None or loss < best[0]:
            best = (loss, l2)
    return best[1]


def rounded(v: float) -> float:
    return round(v, 1) if abs(v) < 2 else float(round(v))


def cross_validate(rows, x, off, y, folds: int, deal: str = ""):
    """(out-of-fold scores, each fold's weights and L2), sites dealt to folds by the hash
    salted with deal."""
    site_fold = [fold_of(r["site"], folds, salt=deal) for r in rows]
    oof = np.zeros(len(rows))
    per_fold = []
    for k in range(folds):
        tr = [i for i, f in enumerate(site_fold) if f != k]
        te = [i for i, f in enumerate(site_fold) if f == k]
        if te and len({rows[i]["is_index"] for i in tr}) < 2:
            # a fit without both kinds of page has no boundary to draw (its weights are NaN)
            raise SystemExit(
                f"eval_grouped_cv: {len(set(site_fold))} fold(s) of "
                f"{len({r['site'] for r in rows})} site(s): fold {k}'s fit, on the other "
                f"sites' pages, lacks index or leaf pages. Pool more corpora (WCXB dev holds "
                f"1,297 sites) or lower --folds.")
        l2 = choose_l2(rows, tr, x, off, y, folds)
        w = np.array([rounded(v) for v in fit(x[tr], off[tr], y[tr], sample_weights(rows, tr), l2)])
        oof[te] = np.round(off[te] + x[te] @ w, SCORE_DECIMALS)    # as the shipped score is
        per_fold.append((w, l2))
    return oof, per_fold


# --- the report ----------------------------------------------------------------------------
def accuracy(rows, scores, idx=None) -> float:
    idx = range(len(rows)) if idx is None else idx
    return balanced_accuracy([(rows[i]["is_index"], scores[i] > 0) for i in idx])


def report(rows, seed, shipped, refit, oofs) -> dict:
    """oofs: the out-of-fold scores of each dealing; the CV figures are their mean."""
    by_corpus, by_type = defaultdict(list), defaultdict(list)
    for i, r in enumerate(rows):
        by_corpus[r["corpus"]].append(i)
        by_type[(r["corpus"], r["group"])].append(i)
    summary = {}
    print(f"{'corpus':28s} {'pages':>6} {'index':>6} {'sites':>6} {'seed':>6} {'shipped':>8} "
          f"{'refit':>6} {'CV':>6} {'gap':>6}  CV of one dealing")
    for name, idx in by_corpus.items():
        figs = {k: accuracy(rows, s, idx) for k, s in
                (("seed", seed), ("shipped", shipped), ("refit", refit))}
        dealt = [accuracy(rows, oof, idx) for oof in oofs]
        figs["cv"] = float(np.mean(dealt))
        figs["cv_range"] = [min(dealt), max(dealt)]
        figs["gap"] = figs["shipped"] - figs["cv"]
        sites = len({rows[i]["site"] for i in idx})
        print(f"{name[:28]:28s} {len(idx):6d} {sum(rows[i]['is_index'] for i in idx):6d} "
              f"{sites:6d} {figs['seed']:6.3f} {figs['shipped']:8.3f} {figs['refit']:6.3f} "
              f"{figs['cv']:6.3f} {figs['gap']:+6.3f}  {min(dealt):.3f}-{max(dealt):.3f}")
        summary[name] = dict(figs, pages=len(idx), sites=sites)
        listless = [i for i in idx if shows_no_list(rows[i])]
        if listless:
            # Where the figure's misses sit: an index page whose saved HTML links nothing
            # from its content (a listing its script fetches, absent from the copy) has no
            # evidence to read, and a crawl renders it first. Shown beside, never instead.
            shown = [i for i in idx if not shows_no_list(rows[i])]
            cv = float(np.mean([accuracy(rows, oof, shown) for oof in oofs]))
            missed = float(np.mean([sum(oof[i] <= 0 for i in listless) for oof in oofs]))
            print(f"  {'…without index pages showing no list':40s} CV {cv:.3f}: {len(listless)} "
                  f"such pages, {missed:.1f} of them read as leaf")
            summary[name]["cv_showing_list"] = cv
    print("\nper page type (share right): shipped / grouped CV")
    for (name, group), idx in sorted(by_type.items()):
        truth = "index" if rows[idx[0]]["is_index"] else "leaf"
        right = lambda s: sum((s[i] > 0) == rows[i]["is_index"] for i in idx) / len(idx)  # noqa: E731
        print(f"  {name[:22]:22s} {group[:40]:40s} {len(idx):5d} {truth:>5}  "
              f"{right(shipped):.3f} / {np.mean([right(oof) for oof in oofs]):.3f}")
    return summary


def weight_table(refit, per_fold) -> None:
    print("\nfitted weights: shipped, refit on all pages, and over the folds (mean, min..max)")
    folds = np.array([w for w, _ in per_fold])
    for j, t in enumerate(FITTED):
        col = folds[:, j]
        # the intercept's sign says nothing: it is where the other terms' sum is cut
        flips = ("  (intercept)" if j == INTERCEPT else
                 "  SIGN FLIPS" if col.min() < 0 < col.max() else "")
        print(f"  {t:22s} {WEIGHTS[t]:+7g} {rounded(refit[j]):+7g}   {col.mean():+7.2f} "
              f"({col.min():+g}..{col.max():+g}){flips}")
    print("  L2 chosen per fold: " + ", ".join(sorted({f"{l2:g}" for _, l2 in per_fold})))


def main(argv=None):
    global _EXTRACT
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("corpus", nargs="+", help="a corpus folder; a site as PATH or PATH@URL")
    ap.add_argument("--folds", type=int, default=FOLDS)
    ap.add_argument("--repeats", type=int, default=REPEATS, help="dealings of sites to folds")
    ap.add_argument("--procs", type=int, default=2)
    ap.add_argument("--cached", action="store_true", help="reuse the counts of the last run")
    args = ap.parse_args(argv)
    _EXTRACT = _extractor()
    OUT.mkdir(parents=True, exist_ok=True)
    eval_indexiness.TIMING_REPEATS = 1      # counts only: the cost is eval_indexiness.py's
    rows = []
    with Pool(args.procs) as pool:
        for spec in args.corpus:
            name = Path(spec.partition("@")[0]).name
            cache = OUT / f"{name}.jsonl"
            if args.cached and cache.exists():
                got = [json.loads(line) for line in cache.open()]
            else:
                name, got = rows_of(spec, pool)
                with cache.open("w") as fh:
                    for r in got:
                        fh.write(json.dumps(r) + "\n")
            rows += got
    x, off, y = design(rows)
    seed = np.array([r["seed"] for r in rows])
    shipped = np.array([r["score"] for r in rows])
    every = list(range(len(rows)))
    l2 = choose_l2(rows, every, x, off, y, args.folds)
    refit_w = fit(x, off, y, sample_weights(rows, every), l2)
    refit = np.round(off + x @ np.array([rounded(v) for v in refit_w]), SCORE_DECIMALS)
    dealt = [cross_validate(rows, x, off, y, args.folds, deal=str(k) if k else "")
             for k in range(args.repeats)]
    per_fold = [fold for _, folds in dealt for fold in folds]
    print(f"{len(rows)} pages from {len({r['site'] for r in rows})} sites, {args.folds} folds "
          f"by site, dealt {args.repeats} times; L2 for the refit on all pages: {l2:g}\n")
    summary = report(rows, seed, shipped, refit, [oof for oof, _ in dealt])
    weight_table(refit_w, per_fold)
    (OUT / "summary.json").write_text(json.dumps(
        {"corpora": summary, "l2": l2,
         "refit": {t: rounded(v) for t, v in zip(FITTED, refit_w)}}, indent=2))


if __name__ == "__main__":
    main()
