"""Build an MkDocs Material site (docs with a sidebar, Material's built-in blog plugin, a
landing page of grid cards) from a Markdown changelog and a folder of MkDocs Markdown docs,
as a labelled corpus like ../shared/corpora/sites/.

    python3 -m venv VENV && VENV/bin/pip install mkdocs-material
    VENV/bin/python bench/sites/build_material_blog.py PROJECT CHANGELOG.md DOCS_DIR OUT_DIR

(run with the venv's Python: the build is `python -m mkdocs build -d OUT_DIR/site` in
PROJECT, use_directory_urls on; first built with mkdocs-material 9.8.2 on mkdocs 1.6.1.)
MkDocs renders every page with Jinja at build time, so a plain fetch sees what a browser
shows. The docs folder's Markdown files (Starlette's docs/*.md in bench/README.md's figures,
less the changelog) go under /guide/, in one navigation section in the order and with the
titles of the mkdocs.yml beside the folder, each with the theme's outline and rel=prev/next
links in its head; the navigation on every page also holds the blog's, with the plugin's
archive years and categories; admonitions, tabs and the rest stay MkDocs Markdown (Material renders
them), mkdocstrings' API blocks (nothing to render them offline) are dropped with an
admonition that held nothing else, and links to the changelog point at the blog. Each
`## <version> (<Month day, year>)` section of the changelog becomes a post of the blog
plugin (its date; categories from its subsections; an excerpt up to the first block of text
that is no heading, above the plugin's `<!-- more -->`; links to a docs file point at its
page); with the plugin's defaults it files posts under /blog/YYYY/MM/DD/slug/, lists them
ten to a page (/blog/, /blog/page/N/) and writes a yearly archive (/blog/archive/YYYY/) and a
page per category (/blog/category/x/), both paginated ten to a page too. The landing page
is a Markdown page of Material's grid cards linking the first guide pages and the blog. No
plugin that fetches anything (social cards, privacy), no feed, `strict: false`. PROJECT's
mkdocs.yml and docs/ are rewritten. OUT_DIR gets `site/` and `labels.csv` (path,label,how):
docs pages and posts are leaves; the blog's lists, archive and category pages are index
pages, as the plugin generated them (by their routes); the landing page, which this script
writes as an author would, is other (changelog_posts.AUTHORED_ROOT); 404.html, the search
index, the sitemap and assets are not labelled.
"""
from __future__ import annotations

import argparse
import importlib.util
import json
import re
import shutil
import sys
from pathlib import Path

from build_starlight_site import MD_LINK, front
from build_vitepress_site import nav
from changelog_posts import AUTHORED_ROOT, build_and_label, posts
from mkdocs_markdown import indented

GUIDE, BLOG = "guide", "blog"
ADMONITION = re.compile(r"(!!!|\?\?\?)\+? \w+.*")
API_BLOCK = re.compile(r"::: [\w.]+\s*")
# Starlette's theme settings and Markdown extensions, less its theme overrides (a sponsor
# banner), analytics and social links; plus md_in_html for the landing page's cards.
CONFIG = """site_name: {name}
site_description: The docs of {name}, built with MkDocs Material, and its release notes as a blog.
strict: false

theme:
  name: material
  features:
    - content.code.copy
    - toc.follow

nav: {nav}

markdown_extensions:
  - attr_list
  - md_in_html
  - admonition
  - pymdownx.highlight
  - pymdownx.superfences
  - pymdownx.details
  - pymdownx.tabbed:
      alternate_style: true
  - pymdownx.emoji:
      emoji_index: !!python/name:material.extensions.emoji.twemoji
      emoji_generator: !!python/name:material.extensions.emoji.to_svg
  - pymdownx.tasklist:
      custom_checkbox: true

plugins:
  - search
  - blog
"""
HOME = """---
hide:
  - navigation
  - toc
---

# {name}

The docs of {name}, built with MkDocs Material, and its release notes as a blog.

[Get started]({first}){{ .md-button .md-button--primary }}
[Release notes]({blog}/index.md){{ .md-button }}

<div class="grid cards" markdown>

{cards}
</div>
"""
BLOG_INDEX = "# Blog\n\nThe release notes of {name}, one post per release.\n"


def without_api(text: str) -> str:
    """MkDocs Markdown less mkdocstrings' `::: module.name` blocks (with their options), and
    less an admonition that held nothing else."""
    lines, out, i = text.splitlines(), [], 0
    while i < len(lines):
        if API_BLOCK.fullmatch(lines[i]):
            _, i = indented(lines, i + 1)
            continue
        if ADMONITION.fullmatch(lines[i]):
            body, end = indented(lines, i + 1)
            if any(API_BLOCK.fullmatch(b) for b in body):
                kept = without_api("\n".join(body)).splitlines()
                if any(k.strip() for k in kept):
                    out += [lines[i], *(f"    {k}" if k.strip() else "" for k in kept), ""]
                i = end
                continue
        out.append(lines[i])
        i += 1
    return "\n".join(out) + "\n"


def relinked(text: str, urls: dict[str, str]) -> str:
    """Links to a docs file (`name.md#x`) as the Markdown path MkDocs resolves to its page."""
    return MD_LINK.sub(lambda m: f"]({urls[m[1]]}{m[2] or ''})" if m[1] in urls else m[0], text)


def excerpt(body: str) -> tuple[str, str]:
    """The post's blocks up to its first that is no heading (the first paragraph or list,
    under the subsection that opens it), and the rest."""
    blocks = body.split("\n\n")
    n = next((i for i, b in enumerate(blocks) if not b.lstrip().startswith("#")), len(blocks) - 1)
    return "\n\n".join(blocks[:n + 1]), "\n\n".join(blocks[n + 1:])


def write_site(project: Path, changelog: Path, docs: Path) -> None:
    site_name, pages = nav(docs)
    pages = [(t, n) for t, n in pages if (docs / n).resolve() != changelog.resolve()]  # the blog's
    source = project / "docs"
    shutil.rmtree(source, ignore_errors=True)
    (source / GUIDE).mkdir(parents=True)
    (source / BLOG / "posts").mkdir(parents=True)
    # Links as written in a guide page (beside the others) and in a post (blog/posts/).
    in_guide = {changelog.name: f"../{BLOG}/index.md"}
    in_post = {n: f"../../{GUIDE}/{n}" for _, n in pages}
    for _, name in pages:
        text = without_api((docs / name).read_text(encoding="utf-8"))
        (source / GUIDE / name).write_text(relinked(text, in_guide))
    for post in posts(changelog.read_text(encoding="utf-8")):
        head, rest = excerpt(relinked(post.body, in_post))
        (source / BLOG / "posts" / f"{post.slug}.md").write_text(
            front(date=post.date.date(), slug=post.slug,
                  categories=[t.capitalize() for t in post.tags])
            + f"# Release {post.version}\n\n{head}\n\n<!-- more -->\n\n{rest}\n")
    (source / BLOG / "index.md").write_text(BLOG_INDEX.format(name=site_name))
    cards = "".join(f"-   __[{t}]({GUIDE}/{n})__\n\n    The {t} page of the guide.\n\n"
                    for t, n in pages[1:5])
    (source / "index.md").write_text(HOME.format(name=site_name, first=f"{GUIDE}/{pages[0][1]}",
                                                 blog=BLOG, cards=cards))
    # The docs' images, served from the root as MkDocs does; not MkDocs' theme overrides.
    for folder in (p for p in docs.iterdir() if p.is_dir()):
        if any(f.is_file() and f.suffix not in (".html", ".md") for f in folder.rglob("*")):
            shutil.copytree(folder, source / folder.name,
                            ignore=shutil.ignore_patterns("*.html", "*.md"))
    site_nav = [{"Home": "index.md"},
                {"Guide": [{t: f"{GUIDE}/{n}"} for t, n in pages]},
                {"Blog": [f"{BLOG}/index.md"]}]       # the plugin adds archive and categories
    (project / "mkdocs.yml").write_text(CONFIG.format(
        name=site_name, nav=json.dumps(site_nav, ensure_ascii=False)))


def label(path: str) -> tuple[str, str] | None:
    if path == "index.html":
        return AUTHORED_ROOT, "material landing page"
    if path.startswith(GUIDE + "/"):
        return "leaf", "material doc"
    page = r"(?:page/\d+/)?index\.html"
    if re.fullmatch(rf"{BLOG}/{page}", path):
        return "index", "material blog index"
    if re.fullmatch(rf"{BLOG}/archive/\d{{4}}/{page}", path):
        return "index", "material blog archive"
    if re.fullmatch(rf"{BLOG}/category/[^/]+/{page}", path):
        return "index", "material blog category"
    if re.fullmatch(rf"{BLOG}/\d{{4}}/\d{{2}}/\d{{2}}/[^/]+/index\.html", path):
        return "leaf", "material blog post"
    return None       # 404.html, search/, sitemap, assets


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("project", type=Path, help="a folder for the generated mkdocs.yml and docs/")
    ap.add_argument("changelog", type=Path, help="Markdown with '## <version> (<Month d, yyyy>)' sections")
    ap.add_argument("docs", type=Path, help="a folder of (MkDocs) Markdown documents")
    ap.add_argument("out", type=Path)
    args = ap.parse_args(argv)
    if importlib.util.find_spec("material") is None:
        raise SystemExit("no mkdocs-material beside this Python; see this script's docstring")
    args.project.mkdir(parents=True, exist_ok=True)
    write_site(args.project, args.changelog, args.docs)
    build_and_label(args.out, lambda site: [sys.executable, "-m", "mkdocs", "build", "-d", str(site)],
                    args.project, label)


if __name__ == "__main__":
    main()
