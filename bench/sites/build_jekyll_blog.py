"""Build a Jekyll blog (Debian's jekyll, minima theme, jekyll-archives) from a Markdown
changelog, as a labelled corpus like ../shared/corpora/sites/<site>.

    apt-get install jekyll jekyll-theme-minima ruby-jekyll-archives
    python bench/sites/build_jekyll_blog.py CHANGELOG.md OUT_DIR

Each `## <version> (<Month day, year>)` section of the changelog becomes a post dated that
day, tagged with its `#### Added/Changed/Fixed…` subsections and filed in one category
(major, minor or patch release). Real text nobody here wrote, in the shape of a third blog
generator beside the corpora's Hugo and Pelican: minima's home lists every post (h3 links
under dates), jekyll-archives writes a page per tag, category and year with the layout its
README suggests, and each post links its tags. OUT_DIR gets `src/`, `site/` and
`labels.csv` (path,label,how): posts and the about page are leaves; the home and the
archives are index pages, as Jekyll generated them. Starlette's docs/release-notes.md
(its sdist, 146 releases) was the changelog of bench/README.md's figures.
"""
from __future__ import annotations

import argparse
import re
import shutil
import subprocess
from pathlib import Path

from changelog_posts import ABOUT, post_days, posts, write_labels

CONFIG = """title: Release notes
description: Every release, what it added, changed and fixed.
theme: minima
plugins: [jekyll-archives]
permalink: /:year/:month/:day/:title/
jekyll-archives:
  enabled: [categories, tags, year]
  layout: archive
  permalinks:
    year: /:year/
    tag: /tag/:name/
    category: /category/:name/
"""
# The archive layout jekyll-archives' README suggests, in minima's markup for post lists.
ARCHIVE_LAYOUT = """---
layout: default
---
<div class="home">
  <h1 class="page-heading">{% if page.type == 'year' %}{{ page.date | date: "%Y" }}{% else %}{{ page.title }}{% endif %}</h1>
  <ul class="post-list">
    {%- for post in page.posts -%}
    <li><span class="post-meta">{{ post.date | date: "%b %-d, %Y" }}</span>
      <h3><a class="post-link" href="{{ post.url | relative_url }}">{{ post.title | escape }}</a></h3></li>
    {%- endfor -%}
  </ul>
</div>
"""
# minima's post layout, with the post's tags linked under it, as blogs show them.
POST_TAGS = """
<p class="post-tags">Tags: {% for tag in page.tags %}<a href="{{ '/tag/' | append: tag | append: '/' | relative_url }}">{{ tag }}</a> {% endfor %}</p>
"""


def write_source(src: Path, changelog: str) -> None:
    (src / "_posts").mkdir(parents=True)
    (src / "_layouts").mkdir()
    (src / "_config.yml").write_text(CONFIG)
    (src / "_layouts" / "archive.html").write_text(ARCHIVE_LAYOUT)
    theme_post = Path("/usr/share/rubygems-integration/all/gems")
    minima_post = next(theme_post.glob("minima-*/_layouts/post.html"), None)
    if minima_post is None:
        raise SystemExit("minima not found: apt-get install jekyll-theme-minima")
    (src / "_layouts" / "post.html").write_text(minima_post.read_text() + POST_TAGS)
    (src / "index.md").write_text("---\nlayout: home\n---\n")
    (src / "about.md").write_text(
        f"---\nlayout: page\ntitle: About\npermalink: /about/\n---\n{ABOUT}\n")
    for post in posts(changelog):
        front = (f"---\nlayout: post\ntitle: \"Release {post.version}\"\n"
                 f"categories: [{post.category}]\ntags: [{', '.join(post.tags)}]\n---\n\n")
        (src / "_posts" / f"{post.date:%Y-%m-%d}-{post.slug}.md").write_text(front + post.body + "\n")


def label(path: str) -> tuple[str, str] | None:
    if path == "index.html":
        return "index", "jekyll home"
    if path == "about/index.html":
        return "leaf", "jekyll page"
    if re.fullmatch(r"\d{4}/\d{2}/\d{2}/[^/]+/index\.html", path):
        return "leaf", "jekyll post"
    if re.fullmatch(r"\d{4}/index\.html", path):
        return "index", "jekyll-archives year"
    for kind in ("tag", "category"):
        if path.startswith(f"{kind}/"):
            return "index", f"jekyll-archives {kind}"
    return None       # 404.html, feed, assets


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("changelog", type=Path, help="Markdown with '## <version> (<Month d, yyyy>)' sections")
    ap.add_argument("out", type=Path)
    args = ap.parse_args(argv)
    if shutil.which("jekyll") is None:
        raise SystemExit("jekyll not found: apt-get install jekyll jekyll-theme-minima ruby-jekyll-archives")
    src, site = args.out / "src", args.out / "site"
    shutil.rmtree(args.out, ignore_errors=True)
    write_source(src, args.changelog.read_text(encoding="utf-8"))
    subprocess.run(["jekyll", "build", "-q", "-s", str(src), "-d", str(site)], check=True)
    write_labels(site, args.out, label, dates=post_days(args.changelog.read_text(encoding="utf-8")))


if __name__ == "__main__":
    main()
