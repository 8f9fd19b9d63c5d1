"""Build an Astro blog (Astro's own blog template, examples/blog in the Astro repository, the
one `npm create astro -- --template blog` starts from) from a Markdown changelog, as a
labelled corpus like ../shared/corpora/sites/.

    npx degit withastro/astro/examples/blog#astro@5.18.2 TEMPLATE      # or, from a clone:
    mkdir TEMPLATE && git -C astro archive astro@5.18.2 examples/blog | tar x --strip-components=2 -C TEMPLATE
    python bench/sites/build_astro_blog.py TEMPLATE CHANGELOG.md OUT_DIR

The template as tagged astro@5.18.2 (astro ^5.18.2, @astrojs/mdx ^4.3.14, @astrojs/rss,
@astrojs/sitemap, sharp; npm resolved astro 5.18.2 and mdx 4.3.14 here): the later ones need
node 22, and build_starlight_site.py is on Astro 5 too. `npm create astro` fetches the
template from GitHub, hence TEMPLATE. This copies it (less node_modules, dist, .astro) to
OUT_DIR/src, installs its package.json (it has no lock file) and builds it:

    cd OUT_DIR/src && npm install --no-audit --no-fund
    cd OUT_DIR/src && ASTRO_TELEMETRY_DISABLED=1 npx astro build --outDir ../site

What a blogger starting from the template does, and no more: src/consts.ts gets the blog's
title and description; the sample posts in src/content/blog/ give way to one post per
`## <version> (<Month day, year>)` section of the changelog (its schema's title, a
description, pubDate that day; no hero image: the template's own sample posts have one
each, a changelog has none); src/pages/about.astro keeps its layout and hero image and gets
the about text the other builders use in place of its five lorem ipsum paragraphs. The rest
is the template's: a header menu (Home, Blog, About) and social links on every page; the
home (src/pages/index.astro) is its "Hello, Astronaut!" welcome text, a page its author
writes (other: changelog_posts.AUTHORED_ROOT), not a list; /blog/ lists every post, title
and date, on one page (no pagination, no tags, no categories, no archives); each post
(/blog/SLUG/) is the BlogPost layout (date, title, body). OUT_DIR gets `src/`, `site/`
(pages as directory index.html) and `labels.csv` (path,label,how): posts and the about page
are leaves, /blog/ an index page; the feed, the sitemap and assets are not labelled.
"""
from __future__ import annotations

import argparse
import html
import json
import os
import re
import shutil
import subprocess
from pathlib import Path

from changelog_posts import ABOUT, AUTHORED_ROOT, post_days, posts, write_labels

TITLE = "Release notes"
DESCRIPTION = "Every release, what it added, changed and fixed."


def write_source(template: Path, src: Path, changelog: str) -> None:
    shutil.copytree(template, src, ignore=shutil.ignore_patterns(".git", "node_modules", "dist", ".astro"))
    consts = src / "src" / "consts.ts"
    text = consts.read_text(encoding="utf-8")
    text = re.sub(r"(SITE_TITLE = )'[^']*'", lambda m: m[1] + json.dumps(TITLE), text)
    text = re.sub(r"(SITE_DESCRIPTION = )'[^']*'", lambda m: m[1] + json.dumps(DESCRIPTION), text)
    consts.write_text(text)
    about = src / "src" / "pages" / "about.astro"
    text = about.read_text(encoding="utf-8")
    # The lorem ipsum between the layout's opening tag and its closing one.
    text = re.sub(r"(\n>\n).*(</Layout>)", lambda m: f"{m[1]}\t<p>{html.escape(ABOUT)}</p>\n{m[2]}",
                  text, count=1, flags=re.S)
    about.write_text(text)
    blog = src / "src" / "content" / "blog"
    shutil.rmtree(blog)
    blog.mkdir()
    for post in posts(changelog):
        front = (f"---\ntitle: {json.dumps(f'Release {post.version}')}\n"
                 f"description: {json.dumps(f'What release {post.version} changed.')}\n"
                 f"pubDate: {post.date:%Y-%m-%d}\n---\n\n")
        (blog / f"{post.slug}.md").write_text(front + post.body + "\n")


def label(path: str) -> tuple[str, str] | None:
    if path == "index.html":
        return AUTHORED_ROOT, "astro home (the template's welcome text)"
    if path == "blog/index.html":
        return "index", "astro blog list"
    if re.fullmatch(r"blog/[^/]+/index\.html", path):
        return "leaf", "astro post"
    if path == "about/index.html":
        return "leaf", "astro page"
    return None       # rss.xml, sitemap, assets


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("template", type=Path, help="Astro's examples/blog (see this script's docstring)")
    ap.add_argument("changelog", type=Path, help="Markdown with '## <version> (<Month d, yyyy>)' sections")
    ap.add_argument("out", type=Path)
    args = ap.parse_args(argv)
    if not (args.template / "src" / "layouts" / "BlogPost.astro").is_file():
        raise SystemExit(f"{args.template}: not Astro's blog template; see this script's docstring")
    for tool in ("node", "npm", "npx"):
        if shutil.which(tool) is None:
            raise SystemExit(f"{tool} not found: apt-get install nodejs npm")
    changelog = args.changelog.read_text(encoding="utf-8")
    src, site = args.out / "src", args.out / "site"
    shutil.rmtree(args.out, ignore_errors=True)
    write_source(args.template, src, changelog)
    subprocess.run(["npm", "install", "--no-audit", "--no-fund", "--loglevel=error"], cwd=src, check=True)
    subprocess.run(["npx", "--no-install", "astro", "build", "--silent", "--outDir", str(site.resolve())],
                   cwd=src, check=True, env=os.environ | {"ASTRO_TELEMETRY_DISABLED": "1"})
    write_labels(site, args.out, label, dates=post_days(changelog))


if __name__ == "__main__":
    main()
