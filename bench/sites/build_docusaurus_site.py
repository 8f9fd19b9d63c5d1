"""Build a Docusaurus site (the classic template: docs, blog, landing page) from a Markdown
changelog and a folder of Markdown docs, as a labelled corpus like ../shared/corpora/sites/.

    npx create-docusaurus@3 PROJECT classic --javascript --skip-install
    (cd PROJECT && npm install)
    python bench/sites/build_docusaurus_site.py PROJECT CHANGELOG.md DOCS_DIR OUT_DIR

Docusaurus draws every page with React but writes each one out as HTML, so a plain fetch
sees what a browser shows. Its blog files posts under /blog/YYYY/MM/DD/slug, lists them ten
to a page (/blog, /blog/page/N), and writes a page per tag and per author (each paginated),
a tag list and a yearly archive; its docs get a sidebar, and a folder with a
`generated-index` category gets a page of cards linking the folder's docs. Each
`## <version> (<Month day, year>)` section of the changelog becomes a post (an excerpt above
a truncate marker on the lists, tags from its subsections, one of the template's two
authors); the docs folder's Markdown files (Starlette's docs/*.md in bench/README.md's
figures) go under /docs/guide/ beside the template's own tutorial. PROJECT's blog/ and
docs/guide/ are rewritten. OUT_DIR gets `site/` and `labels.csv` (path,label,how): posts,
docs and the standalone Markdown page are leaves; blog lists, tag, author and archive pages
and category indexes are index pages, as Docusaurus generated them; the landing page, which
its author writes, is other (changelog_posts.AUTHORED_ROOT).
"""
from __future__ import annotations

import argparse
import json
import re
import shutil
from pathlib import Path

from changelog_posts import AUTHORED_ROOT, build_and_label, posts

AUTHORS = ("yangshun", "slorber")      # the classic template's blog/authors.yml
GUIDE = "guide"
# The template's config, with Markdown read as CommonMark (.md files are not MDX: the docs
# hold `{` and `<` as text) and broken links reported, not fatal (the docs link each other
# by MkDocs file names).
CONFIG_EDITS = (
    ("onBrokenLinks: 'throw',", "onBrokenLinks: 'warn',\n  markdown: {format: 'detect'},"),
    ("onUntruncatedBlogPosts: 'warn',", "onUntruncatedBlogPosts: 'ignore',"),
)


def write_blog(blog: Path, changelog: str) -> None:
    for old in blog.iterdir():
        if old.name not in ("authors.yml", "tags.yml"):
            shutil.rmtree(old) if old.is_dir() else old.unlink()
    (blog / "tags.yml").unlink(missing_ok=True)       # tags need no declaration
    for i, post in enumerate(posts(changelog)):
        head, _, rest = post.body.partition("\n\n")
        front = (f"---\ntitle: Release {post.version}\n"
                 f"authors: [{AUTHORS[i % len(AUTHORS)]}]\ntags: [{', '.join(post.tags)}]\n---\n\n")
        (blog / f"{post.date:%Y-%m-%d}-{post.slug}.md").write_text(
            front + head + "\n\n<!-- truncate -->\n\n" + rest + "\n")


def write_docs(docs: Path, source: Path, changelog: Path) -> None:
    guide = docs / GUIDE
    shutil.rmtree(guide, ignore_errors=True)
    guide.mkdir()
    (guide / "_category_.json").write_text(json.dumps(
        {"label": "Guide", "position": 4, "link": {"type": "generated-index"}}))
    for page in sorted(source.glob("*.md")):
        if page.resolve() != changelog.resolve():       # the blog's posts already
            (guide / page.name).write_text(page.read_text(encoding="utf-8"))


def label(path: str) -> tuple[str, str] | None:
    if path == "index.html":
        return AUTHORED_ROOT, "docusaurus landing page"
    if path == "markdown-page/index.html":
        return "leaf", "docusaurus page"
    if path.startswith("docs/category/"):
        return "index", "docusaurus category index"
    if path.startswith("docs/"):
        return "leaf", "docusaurus doc"
    if re.fullmatch(r"blog/\d{4}/\d{2}/\d{2}/[^/]+/index\.html", path):
        return "leaf", "docusaurus post"
    if path in ("blog/index.html",) or re.fullmatch(r"blog/page/\d+/index\.html", path):
        return "index", "docusaurus blog list"
    if path.startswith("blog/tags/"):
        return "index", "docusaurus tag list" if path == "blog/tags/index.html" else "docusaurus tag"
    if path.startswith(("blog/authors/", "blog/all-")):
        return "index", "docusaurus author"
    if path == "blog/archive/index.html":
        return "index", "docusaurus archive"
    return None       # 404.html, feeds, search


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("project", type=Path, help="a classic-template Docusaurus project, npm-installed")
    ap.add_argument("changelog", type=Path, help="Markdown with '## <version> (<Month d, yyyy>)' sections")
    ap.add_argument("docs", type=Path, help="a folder of Markdown documents")
    ap.add_argument("out", type=Path)
    args = ap.parse_args(argv)
    config = args.project / "docusaurus.config.js"
    if not (args.project / "node_modules" / ".bin" / "docusaurus").exists():
        raise SystemExit(f"{args.project}: no installed Docusaurus project; see this script's docstring")
    text = config.read_text()
    for old, new in CONFIG_EDITS:
        text = text.replace(old, new)
    config.write_text(text)
    write_blog(args.project / "blog", args.changelog.read_text(encoding="utf-8"))
    write_docs(args.project / "docs", args.docs, args.changelog)
    build_and_label(args.out, lambda site: ["npx", "docusaurus", "build", "--out-dir", str(site)],
                    args.project, label)


if __name__ == "__main__":
    main()
