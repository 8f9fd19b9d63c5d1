"""Build a VuePress 2 site with vuepress-theme-hope's blog (a blog home page, docs with a
sidebar, a Markdown changelog's releases as posts, the theme's article, category, tag, star
and timeline lists) as a labelled corpus like ../shared/corpora/sites/.

    mkdir PROJECT && (cd PROJECT && npm init -y && npm install -D vuepress@2.0.0-rc.26
        @vuepress/bundler-vite@2.0.0-rc.26 vuepress-theme-hope@2.0.0-rc.103 sass-embedded)
    python bench/sites/build_vuepress_blog.py PROJECT CHANGELOG.md DOCS_DIR OUT_DIR

(VuePress 2.0.0-rc.26 and the theme-hope release made for it: the newer ones need node 22.)
VuePress renders every page with Vue at build time (SSR), writes it out as HTML and hydrates
it as a single-page app, so a plain fetch sees what the server rendered. The docs folder's
Markdown files (Starlette's docs/*.md in bench/README.md's figures, less the changelog) go
under /guide/ (/guide/NAME.html; index.md as /guide/), in one sidebar in the order and with
the titles of the mkdocs.yml beside the folder, each with the theme's outline and prev/next
links, and marked `article: false` so the blog lists only the posts; MkDocs' admonitions
become the theme's hint containers, tabs bold labels, and mkdocstrings' API blocks are
dropped (build_vitepress_site.convert). Each `## <version> (<Month day, year>)` section of
the changelog becomes a post, /posts/release-X-Y-Z.html (an excerpt above the theme's
`<!-- more -->` marker on the lists, tags from its subsections, its category the release
kind: major, minor or patch; the ten latest major and minor releases starred, links to a
docs file pointing at its guide page). With its default paths the theme's blog (on
@vuepress/plugin-blog) writes /article/ (every post), /category/ and /category/NAME/, /tag/
and /tag/NAME/, /star/ (the starred posts) and /timeline/ (every post by date, one page);
its article lists show ten posts and page on in the browser (`?page=N` from buttons, not
links: no numbered pages are written). Every blog page has the theme's info panel (the
blogger, counts, and the starred posts, categories, tags and timeline by tabs). The home
page is the theme's `layout: Blog` (a hero and the same paged list of all posts), and the
theme's catalog plugin makes /posts/ (no README there) a page linking every post. PROJECT's
src/ (the site's sources, with .vuepress/config.mjs and .vuepress/public/: the docs' images)
is rewritten. OUT_DIR gets `site/` and `labels.csv` (path,label,how): docs pages and posts
are leaves; the home page, the article, star and timeline lists, the catalog, category and
tag pages and their indexes are index pages, as the theme's routes made them; 404.html and
assets are not labelled.
"""
from __future__ import annotations

import argparse
import json
import re
import shutil
from pathlib import Path

from build_starlight_site import MD_LINK, front
from build_vitepress_site import convert, nav
from changelog_posts import build_and_label, posts

SOURCE, GUIDE, POSTS = "src", "guide", "posts"
STARRED = 10      # the latest feature (major and minor) releases are starred
CONFIG = """import { defineUserConfig } from "vuepress";
import { viteBundler } from "@vuepress/bundler-vite";
import { hopeTheme } from "vuepress-theme-hope";

export default defineUserConfig({
  title: %s,
  description: %s,
  bundler: viteBundler(),
  theme: hopeTheme(%s),
});
"""
# The theme's blog routes (its default paths): /KEY/ for each, /KEY/NAME/ for categories and tags.
LISTS = {"article": "hope article list", "star": "hope star list", "timeline": "hope timeline",
         "category": "hope category index", "tag": "hope tag index"}
ITEMS = {"category": "hope category", "tag": "hope tag"}


def guide_link(name: str) -> str:
    return f"/{GUIDE}/" + ("" if name == "index.md" else f"{Path(name).stem}.html")


def write_site(project: Path, changelog: Path, docs: Path) -> None:
    site_name, pages = nav(docs)
    pages = [(t, n) for t, n in pages if (docs / n).resolve() != changelog.resolve()]  # the blog's
    src = project / SOURCE
    shutil.rmtree(src, ignore_errors=True)
    (src / GUIDE).mkdir(parents=True)
    (src / POSTS).mkdir()
    for title, name in pages:
        body = re.sub(r"\A\s*# .*\n", "", convert((docs / name).read_text(encoding="utf-8"), ""))
        (src / GUIDE / name).write_text(front(title=title, article=False) + body.strip() + "\n")
    names = {n for _, n in pages}
    releases = posts(changelog.read_text(encoding="utf-8"))
    starred = {p.version for p in sorted((p for p in releases if p.category != "patch"),
                                         key=lambda p: p.date)[-STARRED:]}
    for post in releases:
        body = MD_LINK.sub(lambda m: f"](../{GUIDE}/{m[1]}{m[2] or ''})" if m[1] in names else m[0],
                           post.body)
        head, _, rest = convert(body, "").partition("\n\n")
        fields = dict(title=f"Release {post.version}", date=post.date.date(),
                      category=[post.category], tag=post.tags)
        if post.version in starred:
            fields["star"] = True
        (src / POSTS / f"{post.slug}.md").write_text(
            front(**fields) + head + "\n\n<!-- more -->\n\n" + rest + "\n")
    about = f"The docs of {site_name}, built with VuePress, and its release notes as a blog."
    (src / "README.md").write_text(front(home=True, layout="Blog", title="Home", heroText=site_name,
                                         tagline=about))
    # The docs' images, served from the root as MkDocs does; not MkDocs' theme overrides.
    public = src / ".vuepress" / "public"
    for folder in (p for p in docs.iterdir() if p.is_dir()):
        if any(f.is_file() and f.suffix not in (".html", ".md") for f in folder.rglob("*")):
            shutil.copytree(folder, public / folder.name,
                            ignore=shutil.ignore_patterns("*.html", "*.md"))
    theme = {
        "author": {"name": f"The {site_name} team"},
        "navbar": [{"text": "Guide", "link": f"/{GUIDE}/"}, {"text": "Posts", "link": "/article/"},
                   {"text": "Tags", "link": "/tag/"}, {"text": "Timeline", "link": "/timeline/"}],
        "sidebar": {f"/{GUIDE}/": [{"text": "Guide", "children": [guide_link(n) for _, n in pages]}]},
        "blog": {"description": about},
        "plugins": {"blog": True},
    }
    (src / ".vuepress" / "config.mjs").write_text(CONFIG % (
        json.dumps(site_name), json.dumps(about), json.dumps(theme, indent=2, ensure_ascii=False)))


def label(path: str) -> tuple[str, str] | None:
    if path == "index.html":
        return "index", "hope blog home"
    if path.startswith(GUIDE + "/"):
        return "leaf", "hope doc"
    if path == f"{POSTS}/index.html":
        return "index", "hope catalog"
    if re.fullmatch(rf"{POSTS}/[^/]+\.html", path):
        return "leaf", "hope post"
    key, _, rest = path.partition("/")
    if key in LISTS and rest == "index.html":
        return "index", LISTS[key]
    if key in ITEMS and re.fullmatch(r"[^/]+/index\.html", rest):
        return "index", ITEMS[key]
    return None       # 404.html, assets


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("project", type=Path, help="an npm project with vuepress, @vuepress/bundler-vite "
                                               "and vuepress-theme-hope installed")
    ap.add_argument("changelog", type=Path, help="Markdown with '## <version> (<Month d, yyyy>)' sections")
    ap.add_argument("docs", type=Path, help="a folder of (MkDocs) Markdown documents")
    ap.add_argument("out", type=Path)
    args = ap.parse_args(argv)
    if not (args.project / "node_modules" / "vuepress-theme-hope").is_dir():
        raise SystemExit(f"{args.project}: no installed VuePress project; see this script's docstring")
    write_site(args.project, args.changelog, args.docs)
    build_and_label(args.out, lambda site: ["npx", "vuepress", "build", SOURCE, "--dest", str(site),
                                            "--clean-cache", "--clean-temp"], args.project, label)


if __name__ == "__main__":
    main()
