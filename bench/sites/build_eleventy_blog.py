"""Build an Eleventy blog (Eleventy's official starter, eleventy-base-blog, with its own
layouts and CSS) from a Markdown changelog, as a labelled corpus like ../shared/corpora/sites/.

    git clone https://github.com/11ty/eleventy-base-blog TEMPLATE && git -C TEMPLATE checkout e37a55c
    python bench/sites/build_eleventy_blog.py TEMPLATE CHANGELOG.md OUT_DIR

The starter is a GitHub repository; npm's eleventy-base-blog is a stale 5.0.2 (the
starter's v5, where the repository is at v9). This was built and measured with its commit
e37a55c of 2026-06-18 (v9.0.0: @11ty/eleventy 3.1.6, node >= 18). This copies TEMPLATE
(less .git, node_modules, _site) to OUT_DIR/src, installs it from the starter's own lock
file and builds it:

    cd OUT_DIR/src && npm ci --no-audit --no-fund && npx @11ty/eleventy --output=_site

What a blogger following the starter's README and its home page's checklist does, and no
more: _data/metadata.js gets the blog's title and description; the home's "delete this
message" box (the starter's how-to, in _includes/layouts/home.njk) is deleted; the sample
posts in content/blog/ (not its blog.11tydata.js, which gives posts their layout and the
`posts` tag) give way to one post per `## <version> (<Month day, year>)` section of the
changelog, dated that day and tagged with its `#### Added/Changed/Fixed…` subsections (the
starter has tags, no categories); content/about.md keeps its navigation entry and gets the
about text the other builders use. Everything else is the starter's: a header menu (Home,
Archive, About, Feed), the home listing the latest 3 posts and linking the archive, the
archive (content/blog.njk, /blog/) listing every post on one page (no pagination), a page
per tag (/tags/NAME/) and a list of all tags (/tags/), each post with its date, its tag
links and previous/next links. OUT_DIR gets `src/`, `site/` (its _site/) and `labels.csv`
(path,label,how): posts and the about page are leaves; the home, the archive, the tag list
and the tag pages are index pages, as the starter's templates make them (the home is the
generator's list of latest posts, not a page its author writes: index, not
changelog_posts.AUTHORED_ROOT); 404.html, the feed and the sitemap are not labelled.
"""
from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
from pathlib import Path

from changelog_posts import ABOUT, post_days, posts, write_labels

TITLE = "Release notes"
DESCRIPTION = "Every release, what it added, changed and fixed."
# The block home.njk's own comments say to delete, markers included.
MESSAGE_BOX = re.compile(r"<!-- Delete this block.*?<!-- Stop deleting -->\n?", re.S)


def write_source(template: Path, src: Path, changelog: str) -> None:
    shutil.copytree(template, src, ignore=shutil.ignore_patterns(".git", "node_modules", "_site"))
    metadata = src / "_data" / "metadata.js"
    text = metadata.read_text(encoding="utf-8")
    text = re.sub(r'(\btitle: )"[^"]*"', lambda m: m[1] + json.dumps(TITLE), text, count=1)
    text = re.sub(r'(\bdescription: )"[^"]*"', lambda m: m[1] + json.dumps(DESCRIPTION), text, count=1)
    metadata.write_text(text)
    home = src / "_includes" / "layouts" / "home.njk"
    home.write_text(MESSAGE_BOX.sub("", home.read_text(encoding="utf-8")))
    about = src / "content" / "about.md"
    head, sep, _ = about.read_text(encoding="utf-8").partition("\n---\n")  # keep its front matter
    about.write_text(f"{head}{sep}# About\n\n{ABOUT}\n")
    blog = src / "content" / "blog"
    for sample in blog.iterdir():
        if sample.name != "blog.11tydata.js":
            shutil.rmtree(sample) if sample.is_dir() else sample.unlink()
    for post in posts(changelog):
        front = (f"---\ntitle: {json.dumps(f'Release {post.version}')}\n"
                 f"description: {json.dumps(f'What release {post.version} changed.')}\n"
                 f"date: {post.date:%Y-%m-%d}\ntags: {json.dumps(post.tags)}\n---\n\n")
        (blog / f"{post.slug}.md").write_text(front + post.body + "\n")


def label(path: str) -> tuple[str, str] | None:
    if path == "index.html":
        return "index", "eleventy home (latest 3 posts)"
    if path == "blog/index.html":
        return "index", "eleventy archive"
    if path == "tags/index.html":
        return "index", "eleventy tag list"
    if re.fullmatch(r"tags/[^/]+/index\.html", path):
        return "index", "eleventy tag"
    if re.fullmatch(r"blog/[^/]+/index\.html", path):
        return "leaf", "eleventy post"
    if path == "about/index.html":
        return "leaf", "eleventy page"
    return None       # 404.html, feed, sitemap, css, images


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("template", type=Path, help="a checkout of github.com/11ty/eleventy-base-blog")
    ap.add_argument("changelog", type=Path, help="Markdown with '## <version> (<Month d, yyyy>)' sections")
    ap.add_argument("out", type=Path)
    args = ap.parse_args(argv)
    if not (args.template / "content" / "blog.njk").is_file():
        raise SystemExit(f"{args.template}: not an eleventy-base-blog checkout; see this script's docstring")
    for tool in ("node", "npm", "npx"):
        if shutil.which(tool) is None:
            raise SystemExit(f"{tool} not found: apt-get install nodejs npm")
    changelog = args.changelog.read_text(encoding="utf-8")
    src, site = args.out / "src", args.out / "site"
    shutil.rmtree(args.out, ignore_errors=True)
    write_source(args.template, src, changelog)
    subprocess.run(["npm", "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=src, check=True)
    subprocess.run(["npx", "--no-install", "@11ty/eleventy", "--quiet", "--output=_site"], cwd=src, check=True)
    shutil.copytree(src / "_site", site)
    write_labels(site, args.out, label, dates=post_days(changelog))


if __name__ == "__main__":
    main()
