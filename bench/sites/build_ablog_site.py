"""Build a Sphinx site with the ABlog extension (a blog inside Sphinx docs; alabaster, the
theme `ablog start` sets up) from a Markdown changelog, as a labelled corpus like
../shared/corpora/sites/<site>.

    pip install sphinx ablog myst-parser    # in any venv: --sphinx-build names its command
    python bench/sites/build_ablog_site.py CHANGELOG.md OUT_DIR [--sphinx-build PATH]

Nothing is downloaded. This writes OUT_DIR/src (conf.py, index.rst, about.rst and posts/*.md)
and runs

    sphinx-build -q -b html -d OUT_DIR/doctrees OUT_DIR/src OUT_DIR/site

conf.py is the one `ablog start` (an interactive command) writes, cut to the settings it
sets: ablog, alabaster with `ablog start`'s sidebars on every page (the post's card, the
toctree, recent posts, a tag cloud, categories, archive years, search), blog_title,
blog_baseurl http://127.0.0.1:8000/ (ABlog writes its feed only with one; links stay relative)
and one author; added are myst_parser for the Markdown posts, the author as every post's
default and two MyST warnings silenced. The rest is ABlog's and Sphinx's default.
The root document is `ablog start`'s index.rst: a title, two sentences and a `postlist:: 5`
with excerpts (the toctree of the about page is hidden); about.rst is the about page. Each
`## <version> (<Month day, year>)` section of the changelog becomes posts/<slug>.md (MyST), a
`{post}` directive dated that day, tagged with its `#### Added/Changed/Fixed…` subsections and
filed in one category (major, minor or patch release), as build_jekyll_blog.py files them.
ABlog then writes, as Sphinx pages of the html builder (x.html, not x/index.html): blog.html
(all posts, each with its date, author, category, tags and first paragraph, ABlog's auto
excerpt, and a "Read more" link), the same for each tag, category, author and year
(blog/tag/<tag>.html, blog/category/<name>.html, blog/author/<slug>.html, blog/<year>.html),
the lists of them with their posts' titles (blog/tag.html, blog/category.html,
blog/archive.html; blog/author.html too, linked from nowhere: `ablog start` leaves out the
authors sidebar), each post as its own page with prev/next links, blog/drafts.html (empty:
every post is dated) and blog/atom.xml; every page links the empty genindex.html (nothing
here makes index entries). OUT_DIR gets `src/`, `doctrees/`, `site/` and `labels.csv`
(path,label,how), by the document or the ABlog listing each page was made from: posts and
the about page are leaves; the root document (mostly its post list), ABlog's listings and, if
it indexes anything, Sphinx's genindex are index pages; the search page (results drawn by
script), the empty drafts listing, the feed, _sources/ and _static/ are left out.
Starlette's docs/release-notes.md (its sdist: 98 dated releases, so 98 posts) is the
changelog bench/README.md's figures use.
"""
from __future__ import annotations

import argparse
import re
import shutil
import subprocess
from functools import partial
from pathlib import Path

from changelog_posts import ABOUT, post_days, posts, write_labels

BLOG, POSTS = "blog", "posts"       # ABlog's listings (its blog_path default); the posts' folder
AUTHOR = "maintainers"
CONF = f'''project = "Release notes"
author = "The maintainers"
copyright = "2026, The maintainers"
extensions = ["ablog", "myst_parser"]
source_suffix = {{".rst": "restructuredtext", ".md": "markdown"}}
exclude_patterns = ["_build"]
# A post's `#### Added` under its `# title`; its links to the docs' pages (lifespan.md), not
# in this site (MyST writes their text unlinked).
suppress_warnings = ["myst.header", "myst.xref_missing"]
blog_title = "Release notes"
blog_baseurl = "http://127.0.0.1:8000/"
blog_authors = {{"{AUTHOR}": ("The maintainers", None)}}
blog_default_author = "{AUTHOR}"
html_theme = "alabaster"
html_theme_options = {{"github_button": False}}
html_sidebars = {{
    "**": ["ablog/postcard.html", "navigation.html", "ablog/recentposts.html",
           "ablog/tagcloud.html", "ablog/categories.html", "ablog/archives.html",
           "searchfield.html"],
}}
'''
INDEX = """Release notes
=============

Every release of a web framework, what it added, changed and fixed, as a blog.
Find more about these notes here: :ref:`about`

Here is a list of most recent posts:

.. postlist:: 5
   :excerpts:

.. toctree::
   :hidden:

   about
"""
POST = "```{{post}} {date:%Y-%m-%d}\n{tags}:category: {category}\n```\n\n# Release {version}\n\n"
# ABlog's catalogs: blog/<name>.html lists the collections, blog/<name>/<x>.html is one.
CATALOGS = {"tag", "category", "author", "archive"}


def write_content(src: Path, changelog: str) -> None:
    (src / POSTS).mkdir(parents=True)
    (src / "conf.py").write_text(CONF)
    (src / "index.rst").write_text(INDEX)
    (src / "about.rst").write_text(f".. _about:\n\nAbout\n=====\n\n{ABOUT}\n")
    for post in posts(changelog):
        (src / POSTS / f"{post.slug}.md").write_text(
            POST.format(date=post.date, category=post.category,
                        tags=f":tags: {', '.join(post.tags)}\n" if post.tags else "",
                        version=post.version) + post.body + "\n")


def label(path: str, genindex: bool = False) -> tuple[str, str] | None:
    if path == "index.html":
        return "index", "ablog root: intro and postlist"
    if path == f"{BLOG}.html":
        return "index", "ablog all posts"
    if path == f"{BLOG}/drafts.html":
        return None       # empty: every post is dated
    m = re.fullmatch(rf"{BLOG}/(\w+)\.html", path)
    if m and m[1] in CATALOGS:
        return "index", f"ablog {m[1]} list"
    if m and re.fullmatch(r"\d{4}", m[1]):
        return "index", "ablog archive year"
    m = re.fullmatch(rf"{BLOG}/(\w+)/[^/]+\.html", path)
    if m and m[1] in CATALOGS:
        return "index", f"ablog {m[1]}"
    if re.fullmatch(rf"{POSTS}/[^/]+\.html", path):
        return "leaf", "ablog post"
    if path == "about.html":
        return "leaf", "sphinx page (about)"
    if path == "genindex.html" and genindex:
        return "index", "sphinx genindex"
    return None       # search, an empty genindex, _sources, _static, the feed


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("changelog", type=Path, help="Markdown with '## <version> (<Month d, yyyy>)' sections")
    ap.add_argument("out", type=Path)
    ap.add_argument("--sphinx-build", default=shutil.which("sphinx-build") or "sphinx-build",
                    help="the sphinx-build command of a venv with ablog and myst-parser "
                         "(default: the one on PATH)")
    args = ap.parse_args(argv)
    shutil.rmtree(args.out, ignore_errors=True)
    src, site = args.out / "src", args.out / "site"
    write_content(src, args.changelog.read_text(encoding="utf-8"))
    subprocess.run([args.sphinx_build, "-q", "-b", "html", "-d", str(args.out / "doctrees"),
                    str(src), str(site)], check=True)
    genindex = site / "genindex.html"
    real = genindex.is_file() and 'class="indextable' in genindex.read_text(encoding="utf-8")
    write_labels(site, args.out, partial(label, genindex=real), dates=post_days(args.changelog.read_text(encoding="utf-8")))


if __name__ == "__main__":
    main()
