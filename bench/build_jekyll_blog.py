"""Build a Jekyll blog (Debian's jekyll, minima theme, jekyll-archives) from a Markdown
changelog, as a labelled corpus like ../shared/corpora/sites/<site>.

    apt-get install jekyll jekyll-theme-minima ruby-jekyll-archives
    python bench/build_jekyll_blog.py CHANGELOG.md OUT_DIR

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
import csv
import re
import shutil
import subprocess
from datetime import datetime
from pathlib import Path

# Undated sections (the oldest releases) are left out: a post needs its day.
RELEASE = re.compile(r"^## (?P<version>\S+) \((?P<month>[A-Z][a-z]+) (?P<day>\d{1,2})(?:st|nd|rd|th)?, "
                     r"(?P<year>\d{4})\)\s*$", re.M)
SUBSECTION = re.compile(r"^#### (\w[\w ]*)$", re.M)

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


def release_kind(version: str) -> str:
    parts = (version.split(".") + ["0", "0"])[:3]
    return "major" if parts[1:] == ["0", "0"] else "minor" if parts[2] == "0" else "patch"


def posts(changelog: str):
    """(version, date, tags, body) of each release section."""
    found = list(RELEASE.finditer(changelog))
    for i, m in enumerate(found):
        end = found[i + 1].start() if i + 1 < len(found) else len(changelog)
        body = changelog[m.end():end].strip()
        tags = sorted({t.lower() for t in SUBSECTION.findall(body)})
        date = datetime.strptime(f"{m['month']} {m['day']} {m['year']}", "%B %d %Y")
        yield m["version"], date, tags, body


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
        "---\nlayout: page\ntitle: About\npermalink: /about/\n---\n"
        "These are the release notes of a web framework, one post per release: what each "
        "release added, changed, deprecated and fixed, with links to the changes.\n")
    for version, date, tags, body in posts(changelog):
        slug = "release-" + version.replace(".", "-")
        front = (f"---\nlayout: post\ntitle: \"Release {version}\"\n"
                 f"categories: [{release_kind(version)}]\ntags: [{', '.join(tags)}]\n---\n\n")
        (src / "_posts" / f"{date:%Y-%m-%d}-{slug}.md").write_text(front + body + "\n")


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
    counts: dict[str, int] = {}
    with open(args.out / "labels.csv", "w", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(["path", "label", "how"])
        for page in sorted(p.relative_to(site).as_posix() for p in site.rglob("*.html")):
            found = label(page)
            if found:
                counts[found[0]] = counts.get(found[0], 0) + 1
                writer.writerow([page, *found])
    print(f"{args.out / 'labels.csv'}: " + ", ".join(f"{n} {k}" for k, n in sorted(counts.items())))


if __name__ == "__main__":
    main()
