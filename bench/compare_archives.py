"""Compare two crawls' archives of one site, page by page: how far a plain (or --render auto)
archive is from a browser crawl's.

    .venv/bin/python bench/compare_archives.py bench/out/eval_crawl/hugo-…-always-…/archive \
        bench/out/eval_crawl/hugo-…-auto-…/archive

Each archive is the folder a crawl wrote (`--archive-dir`, or an eval_crawl.py run's
OUT/archive). Files are matched by the path of the `url:` in their front matter, so two
crawls of one site served on different ports compare. Compared: the Markdown below the front
matter, with every http://host:port of the two runs removed from links. Printed: files in
both, how many differ, files in only one, the word F1 of each page's text between the two
(the words a reader sees: eval_extraction.markdown_text, WCXB's word bag) and how many pages
fall below --min-f1, and for each differing file its F1 and the lines only one side has (first
few). Exit status 1 when a page falls below --min-f1.
"""
from __future__ import annotations

import argparse
import difflib
import re
import sys
from pathlib import Path
from urllib.parse import urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parent))

from eval_extraction import markdown_text, word_prf  # noqa: E402

FRONT_MATTER = re.compile(r"\A---\n(.*?)\n---\n", re.S)
ORIGIN = re.compile(r"https?://(?:127\.0\.0\.1|localhost)(?::\d+)?")
SHOWN_LINES = 4
# Issue 30's bar: where a page's HTML holds its text, a plain crawl archives the browser's words
MIN_F1 = 0.99


def pages(archive: Path) -> dict[str, str]:
    """path of the page's URL -> its Markdown body (origins of loopback links removed)."""
    found: dict[str, str] = {}
    for file in sorted(archive.rglob("*.md")):
        text = file.read_text(encoding="utf-8")
        head = FRONT_MATTER.match(text)
        if not head:
            continue
        url = next((line.split(":", 1)[1].strip() for line in head.group(1).splitlines()
                    if line.startswith("url:")), None)
        if url:
            found[urlsplit(url).path or "/"] = ORIGIN.sub("", text[head.end():])
    return found


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("reference", type=Path, help="an archive folder (a browser crawl's, say)")
    ap.add_argument("other", type=Path, help="the archive folder to compare with it")
    ap.add_argument("--min-f1", type=float, default=MIN_F1,
                    help=f"a page's word F1 bar (default {MIN_F1})")
    args = ap.parse_args(argv)
    ref, other = pages(args.reference), pages(args.other)
    both = sorted(set(ref) & set(other))
    differ = [path for path in both if ref[path] != other[path]]
    f1 = {path: word_prf(markdown_text(other[path]), markdown_text(ref[path]))[2] for path in differ}
    below = [path for path in differ if f1[path] < args.min_f1]
    print(f"{len(both)} pages in both, {len(differ)} differ, {len(below)} below word F1 "
          f"{args.min_f1} (lowest {min(f1.values(), default=1.0):.3f}); "
          f"{len(set(ref) - set(other))} only in the reference, "
          f"{len(set(other) - set(ref))} only in the other")
    for path in differ:
        lines = [line for line in difflib.unified_diff(ref[path].splitlines(),
                                                       other[path].splitlines(), lineterm="", n=0)
                 if line[:1] in "+-" and line[:3] not in ("+++", "---") and line[1:].strip()]
        print(f"  {path} (F1 {f1[path]:.3f}): " + " | ".join(line[:80] for line in lines[:SHOWN_LINES])
              + (" …" if len(lines) > SHOWN_LINES else ""))
    return 1 if below else 0


if __name__ == "__main__":
    sys.exit(main())
