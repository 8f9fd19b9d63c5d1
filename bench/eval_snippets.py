"""Article bodies against trafilatura's evaluation pages: snippets the text must and must not hold.

    .venv/bin/python bench/eval_snippets.py TRAFILATURA_EVAL [--no-trafilatura] [--procs 2]

TRAFILATURA_EVAL holds `pages.jsonl` (id, url, `with`, `without`) and `html/ID.html.gz`. A
`with` snippet found in the text is a true positive, a missing one a false negative; a
`without` snippet found is a false positive, an absent one a true negative (trafilatura's
own evaluation counts so). Precision, recall and F1 over all snippets, whitespace
normalised and soft hyphens dropped on both sides, case kept.

Our text is the archived Markdown body (render_markdown of analyze_page's blocks, no front
matter) as a reader sees it (eval_extraction.markdown_text); trafilatura's is
`trafilatura.extract(html, url=url)` with its defaults, on the same pages in the same run.

The pages are split by a hash of their site (registrable domain) into a "dev" half, the
pages one may look at to find why a snippet is missed or kept, and a "held-out" half that
no one looks at; both halves and the total are printed, so a rule tuned to the dev pages
shows as a gap between them. Per-page results go to bench/out/snippets/.
"""
from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import sys
from multiprocessing import Pool
from pathlib import Path
from urllib.parse import urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from eval_extraction import markdown_text, ours, theirs  # noqa: E402

OUT = Path(__file__).resolve().parent / "out" / "snippets"
HALVES = ("dev", "held-out")


def normalise(text: str) -> str:
    # soft hyphens (U+00AD) are invisible: the benchmark's snippets were copied with them on
    # some pages and without on others, so neither side's are counted
    return " ".join(text.replace("\u00ad", "").split())


def site_of(url: str) -> str:
    host = (urlsplit(url).hostname or "").lower().removeprefix("www.")
    parts = host.split(".")
    # the last two labels, three under a two-letter second level (example.co.uk)
    return ".".join(parts[-3:] if len(parts) > 2 and len(parts[-2]) <= 3 and len(parts[-1]) == 2
                    else parts[-2:])


def half_of(url: str) -> str:
    return HALVES[int(hashlib.sha1(site_of(url).encode()).hexdigest(), 16) % 2]


def score_snippets(text: str, page: dict) -> dict:
    norm = normalise(text)
    found_with = [s for s in page.get("with", []) if normalise(s) in norm]
    found_without = [s for s in page.get("without", []) if normalise(s) in norm]
    return {"tp": len(found_with), "fn": len(page.get("with", [])) - len(found_with),
            "fp": len(found_without), "tn": len(page.get("without", [])) - len(found_without),
            "missed": [s for s in page.get("with", []) if s not in found_with],
            "kept": found_without}


def _job(args):
    page, html_path, with_traf = args
    body = gzip.decompress(Path(html_path).read_bytes())
    url = page.get("url") or "https://example.invalid/"
    md, _ = ours(body, url)
    row = {"id": page["id"], "url": url, "half": half_of(url),
           "ours": score_snippets(markdown_text(md), page)}
    if with_traf:
        text, _ = theirs(body, url)
        row["trafilatura"] = score_snippets(text, page)
    return row


def prf(results: list[dict]) -> tuple[float, float, float]:
    tp = sum(r["tp"] for r in results)
    fn = sum(r["fn"] for r in results)
    fp = sum(r["fp"] for r in results)
    p = tp / (tp + fp) if tp + fp else 0.0
    r = tp / (tp + fn) if tp + fn else 0.0
    return p, r, (2 * p * r / (p + r) if p + r else 0.0)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("corpus", type=Path)
    ap.add_argument("--procs", type=int, default=2)
    ap.add_argument("--limit", type=int)
    ap.add_argument("--no-trafilatura", action="store_true")
    args = ap.parse_args(argv)
    pages = [json.loads(line) for line in open(args.corpus / "pages.jsonl", encoding="utf-8")]
    jobs = [(p, str(args.corpus / "html" / f"{p['id']}.html.gz"), not args.no_trafilatura)
            for p in pages[:args.limit] if (args.corpus / "html" / f"{p['id']}.html.gz").exists()]
    with Pool(args.procs) as pool:
        rows = pool.map(_job, jobs, chunksize=4)
    OUT.mkdir(parents=True, exist_ok=True)
    with open(OUT / "pages.jsonl", "w") as fh:
        for r in rows:
            fh.write(json.dumps(r, ensure_ascii=False) + "\n")
    extractors = ["ours"] + ([] if args.no_trafilatura else ["trafilatura"])
    print(f"{len(rows)} pages; snippets: precision / recall / F1")
    print(f"  {'part':10s} {'pages':>6}  " + "  ".join(f"{e:>22s}" for e in extractors))
    summary = {}
    for part in (*HALVES, "all"):
        rs = [r for r in rows if part == "all" or r["half"] == part]
        figs = {e: prf([r[e] for r in rs]) for e in extractors}
        summary[part] = figs
        print(f"  {part:10s} {len(rs):6d}  " + "  ".join(
            f"{p:6.3f} {r:6.3f} {f:6.3f}  " for p, r, f in figs.values()))
    (OUT / "summary.json").write_text(json.dumps(summary, indent=2))


if __name__ == "__main__":
    main()
