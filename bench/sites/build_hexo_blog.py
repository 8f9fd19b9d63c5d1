"""Build a Hexo blog (Hexo from npm, its default theme landscape or another npm-published
theme) from a Markdown changelog, as a labelled corpus like ../shared/corpora/sites/<site>.

    python bench/sites/build_hexo_blog.py CHANGELOG.md OUT_DIR [--theme landscape|next|butterfly|fluid]

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

`--theme NAME` (default landscape: the build above, its package.json, _config*.yml, source/
and labels.csv byte for byte; Hexo's own output differs from build to build anyway, in random
data-ids, the build time as the about page's date, and the order of posts of one day) installs
the npm package hexo-theme-NAME in place of hexo-theme-landscape, sets `theme: NAME` in
_config.yml and leaves the theme's own _config.yml (its defaults) in force; what each theme
needs beyond that, from its package.json and README (THEMES below):

- next (hexo-theme-next 8.29.0, its default scheme Muse): nothing more (it renders its .njk
  layouts with Hexo's own nunjucks, its CSS with hexo-renderer-stylus). Its default menu is
  all commented out, so _config.next.yml gives it home, archives and about, landscape's menu.
  Its sidebar links a tags/ or categories/ page only if one exists (a page of `type: tags`),
  and nothing in its defaults asks for one: none is made.
- butterfly (hexo-theme-butterfly 5.7.0): hexo-renderer-pug and hexo-renderer-stylus, which
  its README says to install (its package.json lists them as dependencies, but Hexo loads
  only the plugins the site's own package.json names). Its default menu is empty:
  _config.butterfly.yml gives it Home, Archives and About. Its default aside (card_author, on)
  and its mobile sidebar link archives/, tags/ and categories/ from every page, and its docs'
  theme pages say to make those two with `hexo new page tags` / `hexo new page categories`
  and `type: "tags"` / `type: "categories"`, so they are made (source/tags/index.md,
  source/categories/index.md): Hexo pages, but rendered by the theme as a tag cloud and a
  category list, so index pages ("butterfly tags page", "butterfly categories page"). Its
  link page (`type: "link"`) is linked from nowhere by default: not made.
- fluid (hexo-theme-fluid 1.9.9): nunjucks, its peer dependency (npm installs it; Hexo has it
  anyway); ejs and stylus renderers as landscape. Its default navbar already links home,
  archives, categories, tags and about (no theme config file written), and its README says to
  make the about page with `layout: about` (so it is, still a leaf). Its own generators write
  tags/index.html (tag cloud) and categories/index.html (categories with their posts), index
  pages ("fluid tags page", "fluid categories page"); links/index.html, its blogroll of the
  default config's outside links (linked from nowhere by default), index ("fluid links page");
  and 404.html, left unlabelled like feeds. It also writes local-search.xml (its search).
Every other page is labelled as for landscape, from the generator that made it.
"""
from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
from functools import partial
from pathlib import Path
from typing import NamedTuple

from changelog_posts import ABOUT, post_days, posts, write_labels

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


class Theme(NamedTuple):
    package: str                    # npm version spec of hexo-theme-NAME
    extra: dict[str, str]           # more npm packages the theme needs
    config: str | None              # _config.NAME.yml (None: none written, defaults only)
    about_layout: str               # the about page's front-matter layout
    pages: dict[str, str]           # source/<dir>/index.md pages its setup makes: dir -> type
    labels: dict[str, tuple[str, str]]   # theme-specific pages: path -> (label, how)


THEMES = {
    "landscape": Theme("^1.1.0", {}, THEME_CONFIG, "page", {}, {}),
    "next": Theme("8.29.0", {}, """menu:
  home: / || fa fa-home
  archives: /archives/ || fa fa-archive
  about: /about/ || fa fa-user
""", "page", {}, {}),
    "butterfly": Theme("5.7.0", {"hexo-renderer-pug": "^3.0.0"}, """menu:
  Home: / || fas fa-home
  Archives: /archives/ || fas fa-archive
  About: /about/ || fas fa-heart
""", "page", {"tags": "tags", "categories": "categories"}, {
        "tags/index.html": ("index", "butterfly tags page"),
        "categories/index.html": ("index", "butterfly categories page")}),
    "fluid": Theme("1.9.9", {}, None, "about", {}, {
        "tags/index.html": ("index", "fluid tags page"),
        "categories/index.html": ("index", "fluid categories page"),
        "links/index.html": ("index", "fluid links page")}),
}


def write_source(src: Path, changelog: str, theme: str = "landscape") -> None:
    spec = THEMES[theme]
    packages = {k: v for k, v in PACKAGES.items() if k != "hexo-theme-landscape"}
    packages |= {f"hexo-theme-{theme}": spec.package, **spec.extra}
    (src / "source" / "_posts").mkdir(parents=True)
    (src / "source" / "about").mkdir()
    (src / "package.json").write_text(json.dumps(
        {"name": "hexo-site", "version": "0.0.0", "private": True,
         "hexo": {"version": PACKAGES["hexo"].lstrip("^")},
         "dependencies": dict(sorted(packages.items()))},
        indent=2) + "\n")
    (src / "_config.yml").write_text(CONFIG.replace("theme: landscape\n", f"theme: {theme}\n"))
    if spec.config is not None:
        (src / f"_config.{theme}.yml").write_text(spec.config)
    (src / "source" / "about" / "index.md").write_text(
        f"---\ntitle: About\nlayout: {spec.about_layout}\n---\n{ABOUT}\n")
    for folder, kind in spec.pages.items():     # what `hexo new page NAME` writes, plus type
        (src / "source" / folder).mkdir()
        (src / "source" / folder / "index.md").write_text(
            f"---\ntitle: {folder}\ndate: 2026-01-01 12:00:00\ntype: \"{kind}\"\n---\n")
    for post in posts(changelog):
        front = (f"---\ntitle: \"Release {post.version}\"\ndate: {post.date:%Y-%m-%d} 12:00:00\n"
                 f"categories: [{post.category}]\ntags: [{', '.join(post.tags)}]\n---\n\n")
        (src / "source" / "_posts" / f"{post.slug}.md").write_text(front + post.body + "\n")


PAGED = r"(?:page/\d+/)?index\.html"


def label(path: str, theme: str = "landscape") -> tuple[str, str] | None:
    if path in THEMES[theme].labels:
        return THEMES[theme].labels[path]
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
    ap = argparse.ArgumentParser(description=" ".join(__doc__.split("\n\n")[0].split()))
    ap.add_argument("changelog", type=Path, help="Markdown with '## <version> (<Month d, yyyy>)' sections")
    ap.add_argument("out", type=Path)
    ap.add_argument("--theme", choices=sorted(THEMES), default="landscape",
                    help="npm package hexo-theme-NAME (default landscape, Hexo's own)")
    args = ap.parse_args(argv)
    for tool in ("node", "npm", "npx"):
        if shutil.which(tool) is None:
            raise SystemExit(f"{tool} not found: apt-get install nodejs npm")
    src, site = args.out / "src", args.out / "site"
    shutil.rmtree(args.out, ignore_errors=True)
    write_source(src, args.changelog.read_text(encoding="utf-8"), args.theme)
    subprocess.run(["npm", "install", "--no-audit", "--no-fund", "--loglevel=error"], cwd=src, check=True)
    subprocess.run(["npx", "--no-install", "hexo", "generate", "--silent"], cwd=src, check=True)
    shutil.copytree(src / "public", site)
    write_labels(site, args.out, partial(label, theme=args.theme), dates=post_days(args.changelog.read_text(encoding="utf-8")))


if __name__ == "__main__":
    main()
