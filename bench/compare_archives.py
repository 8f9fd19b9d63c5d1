"""Compare two crawls' archives of one site, page by page: how far a plain (or --render auto)
archive is from a browser crawl's.

    .venv/bin/python bench/compare_archives.py bench/out/eval_crawl/hugo-…-always-…/archive \
        bench/out/eval_crawl/hugo-…-auto-…/archive

Each archive is the folder a crawl wrote (`--archive-dir`, or an eval_crawl.py run's
OUT/archive). Files are matched by the path of the `url:` in their front matter, so two
crawls of one site served on different ports compare. Compared: the Markdown below the front
matter, with every http://host:port of the two runs removed from links. Printed: files in
both, how many differ, files in only one, and for each differing file the lines only one
side has (first few).
"""
from __future__ import annotations

import argparse
import difflib
import re
import sys
from pathlib import Path
from urllib.parse import urlsplit

FRONT_MATTER = re.compile(r"\A---\n(.*?)\n---\n", re.S)
ORIGIN = re.compile(r"https?://(?:127\.0\.0\.1|localhost)(?::\d+)?")
SHOWN_LINES = 4


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
    args = ap.parse_args(argv)
    ref, other = pages(args.reference), pages(args.other)
    both = sorted(set(ref) & set(other))
    differ = [path for path in both if ref[path] != other[path]]
    print(f"{len(both)} pages in both, {len(differ)} differ; "
          f"{len(set(ref) - set(other))} only in the reference, "
          f"{len(set(other) - set(ref))} only in the other")
    for path in differ:
        lines = [line for line in difflib.unified_diff(ref[path].splitlines(),
                                                       other[path].splitlines(), lineterm="", n=0)
                 if line[:1] in "+-" and line[:3] not in ("+++", "---") and line[1:].strip()]
        print(f"  {path}: " + " | ".join(line[:80] for line in lines[:SHOWN_LINES])
              + (" …" if len(lines) > SHOWN_LINES else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
