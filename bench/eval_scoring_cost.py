"""What each part of the final indexiness score costs against the seed formula alone.

    LEAFCRAWL_TIMING_REPEATS=3 .venv/bin/python bench/eval_scoring_cost.py \
        CORPORA/sites/hugo-ananke-melroy CORPORA/sites/pelican-custom-eevee \
        CORPORA/wcxb-dev

Issue 4's cost bar asks the final score to cost at most 15% more than the seed formula,
on the same pages in the same run. This bench takes the final score's parts out one at a
time, as if they were not there, and reports the cost ratio (bench/eval_indexiness.py's
score_page: parse + link walk + score, CPU time, fastest of the repeats) and the balanced
accuracy the score then has. The accuracy is a floor: the weights stay as fitted with the
part in, and a refit (bench/eval_grouped_cv.py) would win some of it back. Every variant is
timed on each page before the next page, so drift in the machine's speed hits all alike.
"""
from __future__ import annotations

import argparse
import sys
from contextlib import contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.eval_indexiness import (INDEX_TYPES, TIMING_REPEATS, balanced_accuracy,  # noqa: E402
                                   declared_url, read_wcxb_page, readability_jobs, score_page,
                                   site_jobs, wcxb_jobs)
from pipelines.indexiness import score as indexiness  # noqa: E402
from pipelines.metadata.page_metadata import date_published  # noqa: E402

_extract_links = indexiness.extract_links


def _no_text_stats(root, url, stats=None):
    return _extract_links(root, url)


def _dates_only(root, url=None):
    return {"date_published": date_published(root), "date_own": True, "og_type": None,
            "ld_types": set()}


# Each part: the names in pipelines.indexiness.score that stand in for it when it is taken out.
PARTS = {
    "text statistics (prose, link text share, headings, prices)": {"extract_links": _no_text_stats},
    "date facts (own date, og:type, JSON-LD types)": {"date_facts": _dates_only},
    "link blocks (menus, blogrolls, tag clouds, sidebars)": {"find_link_blocks": lambda *a, **k: []},
    "directory sections (a docs root's toctrees)": {"heads_directory": lambda *a: False},
    "pagination": {"pagination_links": lambda *a: []},
}
VARIANTS = {"all parts": {}} | {f"without {name}": swap for name, swap in PARTS.items()} | {
    "without all five": {k: v for swap in PARTS.values() for k, v in swap.items()}}


@contextmanager
def swapped(names: dict):
    saved = {name: getattr(indexiness, name) for name in names}
    for name, stand_in in names.items():
        setattr(indexiness, name, stand_in)
    try:
        yield
    finally:
        for name, original in saved.items():
            setattr(indexiness, name, original)


def pages(corpus: Path):
    """(body, url, is_index) of each page, read as bench/eval_indexiness.py reads it."""
    if (corpus / "ground-truth").is_dir():
        for html_path, gt_path in wcxb_jobs(corpus):
            body, url, ptype = read_wcxb_page(html_path, gt_path)
            yield body, url, ptype in INDEX_TYPES
    elif (corpus / "index.csv").is_file():
        for (path,) in readability_jobs(corpus):
            body = Path(path).read_bytes()
            yield body, declared_url(body), False
    else:
        for path, url, label, _ in site_jobs(corpus):
            yield Path(path).read_bytes(), url, label == "index"


def measure(corpus: Path) -> dict:
    totals = {v: [0.0, 0.0, []] for v in VARIANTS}     # t_seed, t_final, (truth, verdict)
    for body, url, is_index in pages(corpus):
        for variant, names in VARIANTS.items():
            with swapped(names):
                r = score_page(body, url)
            if "error" in r:
                break
            t = totals[variant]
            t[0] += r["t_seed"]
            t[1] += r["t_final"]
            t[2].append((is_index, r["score"] > 0))
    return {v: (t[1] / t[0], balanced_accuracy(t[2])) for v, t in totals.items()}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("corpus", nargs="+", type=Path)
    args = ap.parse_args(argv)
    results = {corpus.name: measure(corpus) for corpus in args.corpus}
    width = max(map(len, VARIANTS))
    print(f"cost ratio (final / seed alone) and balanced accuracy, {TIMING_REPEATS} "
          "timing repeats")
    print(f"{'':{width}}  " + "  ".join(f"{name[:24]:>24}" for name in results))
    for variant in VARIANTS:
        cells = [f"x{results[n][variant][0]:.3f}  BA {results[n][variant][1]:.3f}".rjust(24)
                 for n in results]
        print(f"{variant:{width}}  " + "  ".join(cells))


if __name__ == "__main__":
    main()
