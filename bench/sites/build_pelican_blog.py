"""Build a Pelican blog (a bundled theme: notmyidea, Pelican's default, or simple) from a
Markdown changelog, as a labelled corpus like ../shared/corpora/sites/<site>.

    pip install pelican markdown            # in any venv: PELICAN names its pelican command
    python bench/sites/build_pelican_blog.py CHANGELOG.md OUT_DIR [--theme simple] [--pelican PATH]

One post per dated release (changelog_posts.py), 10 to a page; Pelican writes its tag,
category and author archives, the paginated home, and the archives, tags, categories and
authors lists. OUT_DIR gets `content/`, `site/` and `labels.csv` (path,label,how): articles
and the about page are leaves, every listing Pelican generates is an index. The corpora's
Pelican blog has a custom theme; these are the two every Pelican install ships.
"""
from __future__ import annotations

import argparse
import re
import shutil
import subprocess
from pathlib import Path

from changelog_posts import ABOUT, post_days, posts, write_labels

CONFIG = """SITENAME = "Release notes"
SITEURL = ""
AUTHOR = "The maintainers"
TIMEZONE = "UTC"
DEFAULT_LANG = "en"
THEME = "{theme}"
DEFAULT_PAGINATION = 10
FEED_ALL_ATOM = None
CATEGORY_FEED_ATOM = None
"""
# Pelican's generated listings, by their default file names.
LISTING_FILES = {"archives.html", "tags.html", "categories.html", "authors.html"}
LISTING_FOLDERS = ("tag/", "category/", "author/")


def write_content(content: Path, changelog: str) -> None:
    (content / "pages").mkdir(parents=True)
    (content / "pages" / "about.md").write_text(f"Title: About\n\n{ABOUT}\n")
    for post in posts(changelog):
        (content / f"{post.slug}.md").write_text(
            f"Title: Release {post.version}\nDate: {post.date:%Y-%m-%d}\n"
            f"Category: {post.category}\nTags: {', '.join(post.tags)}\nSlug: {post.slug}\n\n"
            f"{post.body}\n")


def label(path: str) -> tuple[str, str] | None:
    if re.fullmatch(r"index\d*\.html", path):
        return "index", "pelican home" if path == "index.html" else "pelican home page N"
    if path in LISTING_FILES:
        return "index", f"pelican {path[:-5]} list"
    if path.startswith(LISTING_FOLDERS):
        return "index", f"pelican {path.split('/')[0]} archive"
    if path.startswith("pages/"):
        return "leaf", "pelican page"
    if "/" not in path:
        return "leaf", "pelican article"
    return None       # theme files


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("changelog", type=Path)
    ap.add_argument("out", type=Path)
    ap.add_argument("--theme", default="notmyidea", choices=("notmyidea", "simple"))
    ap.add_argument("--pelican", default=shutil.which("pelican") or "pelican",
                    help="the pelican command (default: the one on PATH)")
    args = ap.parse_args(argv)
    shutil.rmtree(args.out, ignore_errors=True)
    content, site = args.out / "content", args.out / "site"
    write_content(content, args.changelog.read_text(encoding="utf-8"))
    config = args.out / "pelicanconf.py"
    config.write_text(CONFIG.format(theme=args.theme))
    subprocess.run([args.pelican, "-q", str(content), "-o", str(site), "-s", str(config)], check=True)
    write_labels(site, args.out, label, dates=post_days(args.changelog.read_text(encoding="utf-8")))


if __name__ == "__main__":
    main()
