"""Build a Jekyll blog with Minimal Mistakes (the most used Jekyll theme, unmodified) from a
Markdown changelog, as a labelled corpus like ../shared/corpora/sites/<site>.

    apt-get install jekyll ruby-jekyll-paginate ruby-jekyll-sitemap ruby-jekyll-gist \\
        ruby-jekyll-feed ruby-jekyll-include-cache ruby-jekyll-archives
    git clone https://github.com/mmistakes/minimal-mistakes /tmp/mm && git -C /tmp/mm checkout ffa5990
    python bench/sites/build_jekyll_mm_blog.py /tmp/mm CHANGELOG.md OUT_DIR

(The gem, `gem install minimal-mistakes-jekyll`, holds the same theme files; any directory with
its _layouts, _includes, _sass, assets and _data does.) Built and measured with the theme's
commit ffa5990 of 2025-12-01 (4.27.3 and later fixes) and Debian 12's jekyll 4.3.1. The theme's
directories are copied into OUT_DIR/src unchanged, as its "fork it" install does; the site's
own files are what its docs and _config.yml set up for a blog:

- _config.yml: the theme's own defaults for posts (layout single, author_profile, read_time,
  share, related; comments off), permalink /:categories/:title/, jekyll-paginate at the
  theme's 5 posts a page (/pageN/), the theme's plugins (jekyll-paginate, -sitemap, -gist,
  -feed, -include-cache) plus jekyll-archives, which its docs name for a page per tag and per
  category (layout archive-taxonomy, /tags/NAME/, /categories/NAME/; tag_archive and
  category_archive of type jekyll-archives, so each post links those), an author (name,
  bio, location, two links) for the sidebar, the masthead's lunr search (search: true: an
  overlay on every page, no page of its own), url http://127.0.0.1:8000.
- index.html (layout home: recent posts, paginated), the docs' /tags/ (layout tags),
  /categories/ (layout categories) and /year-archive/ (layout posts) pages, about.md, and
  _data/navigation.yml's main menu: Posts (the year archive), Categories, Tags, About.
- One post per `## <version> (<Month day, year>)` section of the changelog, dated that day,
  tagged with its `#### Added/Changed/Fixed…` subsections and filed in one category (major,
  minor or patch release), as build_jekyll_blog.py files them.

A post page thus carries the author sidebar, reading time, its tag and category links, an
"Updated:" date, share buttons (X, Facebook, LinkedIn, Bluesky), Previous/Next buttons and "You
may also enjoy" (related posts: the 4 latest, Jekyll's related_posts without lsi). OUT_DIR gets
`src/`, `site/` and `labels.csv` (path,label,how): posts and the about page are leaves; the home,
its /pageN/ pages, the tag, category and year archives and each tag and category page are
index pages (the site has no 404 page: the theme's is a page of its docs); feeds, the
sitemap and assets are not labelled.
Starlette's docs/release-notes.md (its sdist: 98 dated releases, so 98 posts) is the
changelog bench/README.md's figures use.
"""
from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
from pathlib import Path

from changelog_posts import ABOUT, post_days, posts, write_labels

THEME_DIRS = ("_layouts", "_includes", "_sass", "assets", "_data")
CONFIG = """minimal_mistakes_skin: default
locale: en-US
title: Release notes
name: Release team
description: Every release, what it added, changed and fixed.
url: http://127.0.0.1:8000
baseurl: ""
words_per_minute: 200
search: true
author:
  name: Release team
  bio: "We write the release notes of a web framework."
  location: Somewhere
  links:
    - label: Website
      icon: "fas fa-fw fa-link"
      url: "http://127.0.0.1:8000/about/"
    - label: GitHub
      icon: "fab fa-fw fa-github"
      url: "https://github.com/encode/starlette"
footer:
  links:
    - label: GitHub
      icon: "fab fa-fw fa-github"
      url: "https://github.com/encode/starlette"
markdown: kramdown
kramdown:
  input: GFM
  hard_wrap: false
  auto_ids: true
permalink: /:categories/:title/
paginate: 5
paginate_path: /page:num/
timezone: UTC
include: [_pages]
exclude: [vendor, Gemfile, Gemfile.lock]
plugins: [jekyll-paginate, jekyll-sitemap, jekyll-gist, jekyll-feed, jekyll-include-cache, jekyll-archives]
category_archive:
  type: jekyll-archives
  path: /categories/
tag_archive:
  type: jekyll-archives
  path: /tags/
jekyll-archives:
  enabled: [categories, tags]
  layouts:
    category: archive-taxonomy
    tag: archive-taxonomy
  permalinks:
    category: /categories/:name/
    tag: /tags/:name/
compress_html:
  clippings: all
  ignore:
    envs: development
defaults:
  - scope: {path: "", type: posts}
    values:
      layout: single
      author_profile: true
      read_time: true
      comments: false
      share: true
      related: true
  - scope: {path: "_pages"}
    values:
      layout: single
      author_profile: true
"""
NAVIGATION = """main:
  - title: Posts
    url: /year-archive/
  - title: Categories
    url: /categories/
  - title: Tags
    url: /tags/
  - title: About
    url: /about/
"""
PAGES = {
    "index.html": "---\nlayout: home\nauthor_profile: true\n---\n",
    "_pages/tag-archive.md": "---\ntitle: Posts by Tag\npermalink: /tags/\nlayout: tags\nauthor_profile: true\n---\n",
    "_pages/category-archive.md": "---\ntitle: Posts by Category\npermalink: /categories/\nlayout: categories\nauthor_profile: true\n---\n",
    "_pages/year-archive.md": "---\ntitle: Posts by Year\npermalink: /year-archive/\nlayout: posts\nauthor_profile: true\n---\n",
    "_pages/about.md": f"---\ntitle: About\npermalink: /about/\n---\n\n{ABOUT}\n",
}


def write_source(theme: Path, src: Path, changelog: str) -> None:
    for name in THEME_DIRS:
        shutil.copytree(theme / name, src / name)
    (src / "_config.yml").write_text(CONFIG)
    (src / "_data" / "navigation.yml").write_text(NAVIGATION)
    for name, text in PAGES.items():
        (src / name).parent.mkdir(parents=True, exist_ok=True)
        (src / name).write_text(text)
    (src / "_posts").mkdir()
    for post in posts(changelog):
        front = (f"---\ntitle: \"Release {post.version}\"\n"
                 f"categories: [{post.category}]\ntags: [{', '.join(post.tags)}]\n---\n\n")
        (src / "_posts" / f"{post.date:%Y-%m-%d}-{post.slug}.md").write_text(front + post.body + "\n")


def label(path: str) -> tuple[str, str] | None:
    if path == "index.html":
        return "index", "mm home"
    if re.fullmatch(r"page\d+/index\.html", path):
        return "index", "mm home pagination page N"
    if path == "about/index.html":
        return "leaf", "mm page"
    if re.fullmatch(r"(major|minor|patch)/[^/]+/index\.html", path):
        return "leaf", "mm post"
    if path in ("tags/index.html", "categories/index.html"):
        return "index", f"mm {path.split('/')[0]} page"
    if path == "year-archive/index.html":
        return "index", "mm year archive"
    for kind in ("tags", "categories"):
        if re.fullmatch(rf"{kind}/[^/]+/index\.html", path):
            return "index", f"jekyll-archives {kind[:-1] if kind == 'tags' else 'category'}"
    return None       # feed, sitemap, assets


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("theme", type=Path, help="a checkout of github.com/mmistakes/minimal-mistakes")
    ap.add_argument("changelog", type=Path, help="Markdown with '## <version> (<Month d, yyyy>)' sections")
    ap.add_argument("out", type=Path)
    ap.add_argument("--jekyll", default=shutil.which("jekyll") or "jekyll")
    args = ap.parse_args(argv)
    src, site = args.out / "src", args.out / "site"
    shutil.rmtree(args.out, ignore_errors=True)
    changelog = args.changelog.read_text(encoding="utf-8")
    write_source(args.theme, src, changelog)
    subprocess.run([args.jekyll, "build", "-q", "-s", str(src), "-d", str(site)], check=True,
                   env={**os.environ, "JEKYLL_ENV": "production"})
    write_labels(site, args.out, label, dates=post_days(changelog))


if __name__ == "__main__":
    main()
