"""Build a Nikola blog (Nikola from PyPI, a bundled theme: bootblog4, its default, or
bootstrap4) from a Markdown changelog, as a labelled corpus like ../shared/corpora/sites/<site>.

    pip install nikola jinja2               # in any venv: NIKOLA names its nikola command
    python bench/sites/build_nikola_blog.py CHANGELOG.md OUT_DIR [--theme bootstrap4] [--nikola PATH]

Markdown is one of Nikola's own dependencies; jinja2 is not, but without it Nikola 8.3.3
prints a traceback for its Jinja plugin on every command (both themes here are Mako's).
Nothing is downloaded (no `nikola theme -i`): this runs

    nikola init --quiet OUT_DIR/src          # the stock conf.py
    cd OUT_DIR/src && nikola build --quiet

having set in the stock conf.py the title, author, e-mail, SITE_URL http://127.0.0.1:8000/
(links are relative all the same), the theme and no comment system (SETTINGS below: the stock
file embeds Disqus' demo forum), and added the about page to its menu; the rest is Nikola's
default. Each `## <version> (<Month day, year>)` section of the changelog becomes a post
dated that day, tagged with its `#### Added/Changed/Fixed…` subsections and filed in one
category (major, minor or patch release), as build_jekyll_blog.py files them. Nikola's
defaults then: PRETTY_URLS (posts/<slug>/index.html, pages/about/index.html); whole posts on
the blog's index pages (INDEX_TEASERS False), 10 a page, static pages numbered from the
oldest (INDEXES_STATIC: index.html the newest ten, index-9.html the eight before them,
index-1.html the oldest ten; a "Newer posts / Older posts" pager); tag and category pages
as one unpaged list of links each (TAG_PAGES_ARE_INDEXES False), tags under
categories/<tag>/, categories under categories/cat_<name>/, and the tags-and-categories
index categories/index.html; archive.html listing the years and <year>/index.html listing
the year's posts (no month archives); no author pages (Nikola writes them only for more than
one author); RSS for the blog and for each tag and category; the Markdown sources beside the
posts and linked from them (COPY_SOURCES); empty galleries/ and listings/ indexes, linked
from nowhere. bootstrap4 shows the same pages in the plainer header bootblog4 extends.
OUT_DIR gets `src/` (the Nikola site), `site/` (its output/) and `labels.csv`
(path,label,how), by the path each of Nikola's tasks writes: posts and the about page are
leaves; the index pages and the tag, category and archive pages and the tag index are index
pages; feeds, sitemaps, sources, assets and the galleries and listings indexes are left out.
Starlette's docs/release-notes.md (its sdist: 146 releases, 98 of them dated, so 98 posts)
is the changelog bench/README.md's figures use.
"""
from __future__ import annotations

import argparse
import re
import shutil
import subprocess
from pathlib import Path

from changelog_posts import ABOUT, post_days, posts, write_labels

# Set in the conf.py `nikola init` writes, in place (its footer and feeds are built from
# them further down): each replaces the stock line `NAME = ...`.
SETTINGS = {
    "BLOG_AUTHOR": "The maintainers",
    "BLOG_TITLE": "Release notes",
    "SITE_URL": "http://127.0.0.1:8000/",
    "BLOG_EMAIL": "maintainers@example.com",
    "BLOG_DESCRIPTION": "Every release, what it added, changed and fixed.",
    "THEME": "{theme}",
    "COMMENT_SYSTEM": "",          # the stock conf.py embeds Disqus' demo forum
    "COMMENT_SYSTEM_ID": "",
}
# The stock menu (archives, tags, feed) with the about page added; without it nothing links
# the page. Appended: later assignments win.
NAVIGATION = """
NAVIGATION_LINKS = {
    DEFAULT_LANG: (
        ("/archive.html", "Archives"),
        ("/categories/index.html", "Tags"),
        ("/pages/about/", "About"),
        ("/rss.xml", "RSS feed"),
    ),
}
"""
# Nikola's metadata comment block, which its Markdown compiler reads.
META = "<!--\n.. title: {title}\n.. slug: {slug}\n{extra}-->\n\n"


def write_conf(conf: Path, theme: str) -> None:
    text = conf.read_text()
    for name, value in SETTINGS.items():
        text, n = re.subn(rf"^{name} = .*$", f"{name} = {value.format(theme=theme)!r}", text,
                          count=1, flags=re.M)
        if n != 1:
            raise SystemExit(f"{conf}: no {name} line to set (another Nikola version?)")
    conf.write_text(text + NAVIGATION)


def write_content(src: Path, changelog: str) -> None:
    (src / "pages" / "about.md").write_text(
        META.format(title="About", slug="about", extra="") + ABOUT + "\n")
    for post in posts(changelog):
        extra = (f".. date: {post.date:%Y-%m-%d} 12:00:00 UTC\n.. tags: {', '.join(post.tags)}\n"
                 f".. category: {post.category}\n")
        (src / "posts" / f"{post.slug}.md").write_text(
            META.format(title=f"Release {post.version}", slug=post.slug, extra=extra) + post.body + "\n")


def label(path: str) -> tuple[str, str] | None:
    if path == "index.html":
        return "index", "nikola index page (newest)"
    if re.fullmatch(r"index-\d+\.html", path):
        return "index", "nikola index page N"
    if path == "archive.html":
        return "index", "nikola archive list"
    if re.fullmatch(r"\d{4}/index\.html", path):
        return "index", "nikola archive year"
    if path == "categories/index.html":
        return "index", "nikola tag index"
    if re.fullmatch(r"categories/cat_[^/]+/(?:index(?:-\d+)?\.html)", path):
        return "index", "nikola category"
    if re.fullmatch(r"categories/[^/]+/(?:index(?:-\d+)?\.html)", path):
        return "index", "nikola tag"
    if re.fullmatch(r"posts/[^/]+/index\.html", path):
        return "leaf", "nikola post"
    if re.fullmatch(r"pages/[^/]+/index\.html", path):
        return "leaf", "nikola page"
    return None       # feeds, sitemaps, sources, assets, galleries, listings


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("changelog", type=Path, help="Markdown with '## <version> (<Month d, yyyy>)' sections")
    ap.add_argument("out", type=Path)
    ap.add_argument("--theme", default="bootblog4", choices=("bootblog4", "bootstrap4"))
    ap.add_argument("--nikola", default=shutil.which("nikola") or "nikola",
                    help="the nikola command (default: the one on PATH)")
    args = ap.parse_args(argv)
    shutil.rmtree(args.out, ignore_errors=True)
    src, site = args.out / "src", args.out / "site"
    args.out.mkdir(parents=True)
    subprocess.run([args.nikola, "init", "--quiet", str(src.resolve())], check=True)
    write_conf(src / "conf.py", args.theme)
    write_content(src, args.changelog.read_text(encoding="utf-8"))
    subprocess.run([args.nikola, "build", "--quiet"], cwd=src, check=True)
    shutil.copytree(src / "output", site)
    write_labels(site, args.out, label, dates=post_days(args.changelog.read_text(encoding="utf-8")))


if __name__ == "__main__":
    main()
