"""Build a HonKit book (the maintained fork of GitBook's toolchain, default theme) from a
folder of MkDocs Markdown docs, as a labelled corpus like ../shared/corpora/sites/.

    mkdir -p /tmp/honkit-tool && (cd /tmp/honkit-tool && npm init -y && npm install honkit)
    mkdir -p /tmp/src && (cd /tmp/src &&
        pip download --no-deps --no-binary :all: starlette==1.10.0 &&
        tar xzf starlette-1.10.0.tar.gz)
    python bench/sites/build_honkit_site.py /tmp/honkit-tool/node_modules/.bin/honkit \\
        /tmp/src/starlette-1.10.0/docs /tmp/sites/honkit

(HonKit 6.1.7 when this was written.) The book's source is written to OUT_DIR/book: the
docs' index.md becomes README.md (the book's introduction, HonKit's root page), every other
.md file a chapter, listed in SUMMARY.md in the order, groups and titles of the mkdocs.yml
beside the docs folder (files it does not list last). Each nav group becomes a chapter of
its own, GROUP/README.md, with its pages nested under it in SUMMARY.md: a section page
whose text is only the list of links to its pages, as GitBook books commonly open a part.
MkDocs' admonitions become blockquotes under a bold title, tabs bold labels, a code
fence's attributes are dropped (title="x.py", hl_lines: HonKit would render the block as
text),
mkdocstrings' API blocks are dropped (build_vitepress_site.convert); links to a docs file
stay `x.md`, which HonKit rewrites to the chapter's page. Images are copied as they are.
Then `honkit build OUT_DIR/book OUT_DIR/site`: one static HTML page a chapter
(applications.md -> applications.html, GROUP/README.md -> GROUP/index.html), each with
the book's summary as a sidebar, previous/next arrows and the search plugin's box.

OUT_DIR is emptied and gets book/, site/ and labels.csv (path,label,how): every chapter
page is a leaf; a section page (a list of links alone) is index; the root (Starlette's
introduction, authored) is other (changelog_posts.AUTHORED_ROOT). HonKit makes no other
page (no tag, archive or generated summary page: the summary is every page's sidebar).
Serve site/ with bench/eval_crawl.py (its own server) or bench/serve_site.py; the pages
link relatively, so any port does.
"""
from __future__ import annotations

import argparse
import csv
import html
import json
import re
import shutil
import subprocess
from pathlib import Path

from build_docsify_site import nav_tree
from build_vitepress_site import convert
from changelog_posts import AUTHORED_ROOT
from mkdocs_markdown import has_h1

HOME_FILE = "index.md"
# A fence's info string past the language (MkDocs' `title="main.py"`, `hl_lines="7-8"`):
# HonKit's Markdown takes such a fence for text, so the code would render as a paragraph.
FENCE_ATTRS = re.compile(r"^(\s*(?:> )*```+\w*)[ \t]+\S.*$")


def chapter(text: str, title: str) -> str:
    """MkDocs Markdown as HonKit reads it: convert()'s `::: kind label` containers as
    blockquotes under a bold label (nested ones quoted deeper), an H1 of the nav title when
    the file has none."""
    out: list[str] = []
    depth = 0
    for line in convert(text, "").splitlines():
        line = FENCE_ATTRS.sub(r"\1", line)
        container = re.fullmatch(r"::: (\w+) (.*)", line)
        if container:
            out += ["> " * depth, "> " * (depth + 1) + f"**{html.escape(container[2])}**",
                    "> " * (depth + 1)]
            depth += 1
        elif line == ":::" and depth:
            depth -= 1
            out.append("> " * depth)
        else:
            out.append("> " * depth + line)
    body = "\n".join(ln.rstrip() for ln in out).strip() + "\n"
    return body if has_h1(body) else f"# {title}\n\n{body}"


def write_book(docs: Path, book: Path) -> list[tuple[str, str, str]]:
    """The book's source; its pages' (output path, label, how)."""
    site_name, rows = nav_tree(docs)
    book.mkdir(parents=True)
    for folder in (p for p in docs.iterdir() if p.is_dir()):
        if any(f.is_file() and f.suffix not in (".html", ".md") for f in folder.rglob("*")):
            shutil.copytree(folder, book / folder.name,
                            ignore=shutil.ignore_patterns("*.html", "*.md"))
    summary = ["# Summary", ""]
    labels: list[tuple[str, str, str]] = []
    group: tuple[str, str, list[str]] | None = None     # (title, folder, its links)

    def close_group():
        if group:
            title, folder, links = group
            (book / folder).mkdir(exist_ok=True)
            (book / folder / "README.md").write_text(
                f"# {title}\n\n" + "\n".join(links) + "\n", encoding="utf-8")

    for title, name, depth in rows:
        if name is None:                          # a nav group: a section page of links
            close_group()
            folder = re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")
            group = (title, folder, [])
            summary.append(f"* [{title}]({folder}/README.md)")
            labels.append((f"{folder}/index.html", "index", "honkit section page (links only)"))
            continue
        if depth == 0 and group:
            close_group()
            group = None
        text = (docs / name).read_text(encoding="utf-8")
        if name == HOME_FILE:
            (book / "README.md").write_text(chapter(text, title), encoding="utf-8")
            summary.insert(2, f"* [{title}](README.md)")
            labels.append(("index.html", AUTHORED_ROOT, "honkit root (README, introduction)"))
            continue
        (book / name).write_text(chapter(text, title), encoding="utf-8")
        summary.append("  " * depth + f"* [{title}]({name})")
        labels.append((Path(name).with_suffix(".html").as_posix(), "leaf", "honkit chapter"))
        if group and depth > 0:
            group[2].append(f"* [{title}](../{name})")
    close_group()
    (book / "SUMMARY.md").write_text("\n".join(summary) + "\n", encoding="utf-8")
    (book / "book.json").write_text(json.dumps({"title": site_name, "language": "en"}, indent=2))
    return labels


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("honkit", help="the honkit command (node_modules/.bin/honkit)")
    ap.add_argument("docs", type=Path, help="a folder of (MkDocs) Markdown documents")
    ap.add_argument("out", type=Path)
    args = ap.parse_args(argv)
    if not (args.docs / HOME_FILE).is_file():
        raise SystemExit(f"{args.docs}: no {HOME_FILE} (the introduction)")
    shutil.rmtree(args.out, ignore_errors=True)
    book, site = args.out / "book", args.out / "site"
    labels = write_book(args.docs, book)
    subprocess.run([args.honkit, "build", str(book), str(site)], check=True)
    missing = [path for path, _, _ in labels if not (site / path).is_file()]
    if missing:
        raise SystemExit(f"honkit made no page for: {', '.join(missing)}")
    counts: dict[str, int] = {}
    with open(args.out / "labels.csv", "w", newline="", encoding="utf-8") as fh:
        writer = csv.writer(fh)
        writer.writerow(["path", "label", "how"])
        for row in labels:
            counts[row[1]] = counts.get(row[1], 0) + 1
            writer.writerow(row)
    print(f"{args.out / 'labels.csv'}: " + ", ".join(f"{n} {k}" for k, n in sorted(counts.items())))


if __name__ == "__main__":
    main()
