"""Build a Hexo blog (Hexo from npm, its default theme landscape) from a Markdown changelog,
as a labelled corpus like ../shared/corpora/sites/<site>.

    python bench/build_hexo_blog.py CHANGELOG.md OUT_DIR

Needs node and npm (Debian's nodejs/npm do) and the npm registry, nothing else: `hexo init`
clones its starter from GitHub, so this writes the starter's package.json itself (the
packages `hexo init` installs, less hexo-server) and sets Hexo up in OUT_DIR/src with

    cd OUT_DIR/src && npm install --no-audit --no-fund   # hexo@8 hexo-generator-index@4
        # hexo-generator-archive@2 hexo-generator-category@2 hexo-generator-tag@2
        # hexo-renderer-ejs@2 hexo-renderer-marked@7 hexo-renderer-stylus@3 hexo-theme-landscape@1
    cd OUT_DIR/src && npx hexo generate

Each `## <version> (<Month day, year>)` section of the changelog becomes a post dated that
day, tagged with its `#### Added/Changed/Fixed…` subsections and filed in one category
(major, minor or patch release), as build_jekyll_blog.py files them. Hexo's defaults
otherwise: permalink :year/:month/:day/:title/, per_page 10 for the home, tag, category and
archive pages (pagination under page/N/), monthly and yearly archives under archives/, tags
under tags/, categories under categories/; landscape's stock sidebar (categories, tags, tag
cloud, monthly archives, recent posts) on every page, and its home showing whole posts (no
`<!-- more -->` excerpts); its menu gets the about page (_config.landscape.yml). `url` is
http://127.0.0.1:8000 and `root` /, so links are root-relative. OUT_DIR gets `src/` (the
Hexo project), `site/` (its public/) and `labels.csv` (path,label,how): posts and the about
page are leaves; the home, its pagination, and the tag, category and date archives are index
pages, as Hexo's generators made them. Starlette's docs/release-notes.md (its sdist: 146
releases, 98 of them dated, so 98 posts) is the changelog bench/README.md's figures use.
"""
from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
from pathlib import Path

from changelog_posts import ABOUT, posts, write_labels

# What `hexo init`'s starter (hexo-starter) depends on, less hexo-server (not needed to build).
PACKAGES = {
    "hexo": "^8.1.2",
    "hexo-generator-archive": "^2.0.0",
    "hexo-generator-category": "^2.0.0",
    "hexo-generator-index": "^4.0.0",
    "hexo-generator-tag": "^2.0.0",
    "hexo-renderer-ejs": "^2.0.0",
    "hexo-renderer-marked": "^7.0.1",
    "hexo-renderer-stylus": "^3.0.1",
    "hexo-theme-landscape": "^1.1.0",
}
# hexo-starter's _config.yml, trimmed to what differs from Hexo's built-in defaults or
# matters here (the rest are the defaults, spelled out).
CONFIG = """title: Release notes
subtitle: ''
description: Every release, what it added, changed and fixed.
author: Release notes
language: en
timezone: UTC
url: http://127.0.0.1:8000
root: /
permalink: :year/:month/:day/:title/
pretty_urls:
  trailing_index: true
  trailing_html: true
source_dir: source
public_dir: public
tag_dir: tags
archive_dir: archives
category_dir: categories
new_post_name: :title.md
default_layout: post
index_generator:
  path: ''
  per_page: 10
  order_by: -date
default_category: uncategorized
date_format: YYYY-MM-DD
time_format: HH:mm:ss
per_page: 10
pagination_dir: page
theme: landscape
"""
# landscape's menu (Home, Archives) with the about page added, in the theme config file that
# Hexo reads beside _config.yml; without it nothing links the page.
THEME_CONFIG = """menu:
  Home: /
  Archives: /archives
  About: /about/
"""


def write_source(src: Path, changelog: str) -> None:
    (src / "source" / "_posts").mkdir(parents=True)
    (src / "source" / "about").mkdir()
    (src / "package.json").write_text(json.dumps(
        {"name": "hexo-site", "version": "0.0.0", "private": True,
         "hexo": {"version": PACKAGES["hexo"].lstrip("^")}, "dependencies": PACKAGES},
        indent=2) + "\n")
    (src / "_config.yml").write_text(CONFIG)
    (src / "_config.landscape.yml").write_text(THEME_CONFIG)
    (src / "source" / "about" / "index.md").write_text(
        f"---\ntitle: About\nlayout: page\n---\n{ABOUT}\n")
    for post in posts(changelog):
        front = (f"---\ntitle: \"Release {post.version}\"\ndate: {post.date:%Y-%m-%d} 12:00:00\n"
                 f"categories: [{post.category}]\ntags: [{', '.join(post.tags)}]\n---\n\n")
        (src / "source" / "_posts" / f"{post.slug}.md").write_text(front + post.body + "\n")


PAGED = r"(?:page/\d+/)?index\.html"


def label(path: str) -> tuple[str, str] | None:
    if path == "index.html":
        return "index", "hexo index page 1"
    if re.fullmatch(r"page/\d+/index\.html", path):
        return "index", "hexo index page 2+"
    if path == "about/index.html":
        return "leaf", "hexo page"
    if re.fullmatch(r"\d{4}/\d{2}/\d{2}/[^/]+/index\.html", path):
        return "leaf", "hexo post"
    if re.fullmatch(r"archives/\d{4}/\d{2}/" + PAGED, path):
        return "index", "hexo archive month"
    if re.fullmatch(r"archives/\d{4}/" + PAGED, path):
        return "index", "hexo archive year"
    if re.fullmatch(r"archives/" + PAGED, path):
        return "index", "hexo archive all"
    if re.fullmatch(r"tags/[^/]+/" + PAGED, path):
        return "index", "hexo tag"
    if re.fullmatch(r"categories/[^/]+/" + PAGED, path):
        return "index", "hexo category"
    return None       # feeds, css, js, images


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("changelog", type=Path, help="Markdown with '## <version> (<Month d, yyyy>)' sections")
    ap.add_argument("out", type=Path)
    args = ap.parse_args(argv)
    for tool in ("node", "npm", "npx"):
        if shutil.which(tool) is None:
            raise SystemExit(f"{tool} not found: apt-get install nodejs npm")
    src, site = args.out / "src", args.out / "site"
    shutil.rmtree(args.out, ignore_errors=True)
    write_source(src, args.changelog.read_text(encoding="utf-8"))
    subprocess.run(["npm", "install", "--no-audit", "--no-fund", "--loglevel=error"], cwd=src, check=True)
    subprocess.run(["npx", "--no-install", "hexo", "generate", "--silent"], cwd=src, check=True)
    shutil.copytree(src / "public", site)
    write_labels(site, args.out, label)


if __name__ == "__main__":
    main()
