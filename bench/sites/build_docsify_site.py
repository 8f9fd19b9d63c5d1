"""Build a Docsify site (Markdown rendered in the browser, a sidebar from _sidebar.md) from a
folder of MkDocs Markdown docs, as a labelled corpus like ../shared/corpora/sites/, with
Docsify's hash router (the default: pages at #/route) or its history router.

    mkdir -p /tmp/docsify && (cd /tmp/docsify && npm pack docsify@5.0.0 &&
        tar xzf docsify-5.0.0.tgz)                        # -> /tmp/docsify/package
    mkdir -p /tmp/src && (cd /tmp/src &&
        pip download --no-deps --no-binary :all: starlette==1.10.0 &&
        tar xzf starlette-1.10.0.tar.gz)
    python bench/sites/build_docsify_site.py /tmp/docsify/package \\
        /tmp/src/starlette-1.10.0/docs /tmp/corpora/docsify-hash
    python bench/sites/build_docsify_site.py /tmp/docsify/package \\
        /tmp/src/starlette-1.10.0/docs /tmp/corpora/docsify-history --router history

Nothing is built ahead: every page is the one index.html shell (an empty <div id="app">),
and docsify.min.js fetches the route's Markdown, the _sidebar.md beside it and renders both,
so a plain fetch sees no text and no links at all. The script is the package's
dist/docsify.min.js (v5.0.0; the package's lib/ holds a legacy v4.13.1 build) and
dist/themes/core.min.css, copied into the site's lib/ (no CDN: the vue addon theme
@imports Google Fonts and is left out). The docs folder's Markdown files (Starlette's
docs/*.md) become the pages; index.md is README.md, the home (Docsify's `homepage`), and
the others are listed in _sidebar.md (`loadSidebar: true`) in the order, groups and titles
of the mkdocs.yml beside the folder (files it does not list last, titled by file name).
MkDocs' admonitions become Docsify 5 callouts (`> [!NOTE]`; collapsible ones <details>),
tabs bold labels, mkdocstrings' API blocks are dropped, and links to a docs file point at
its route. The docs' images are copied to the root, where MkDocs serves them.

--router hash (default): Markdown files flat (site/routing.md), links `routing.md` that
Docsify renders as `#/routing`; a heading anchor is `#/routing?id=slug`. Every page is the
URL `/` plus a fragment, so labels.csv names a doc by its route (`#/routing`).

--router history (`routerMode: 'history'`): the route /routing/ reads site/routing/README.md,
and its links are /routing/ (heading anchors /routing/?id=slug: a query). Such a site needs
a server that answers every route with index.html; tests/support/http_server.py (used by
bench/serve_site.py and bench/eval_crawl.py) does not: an unknown path is a 404, a folder
without index.html too. So the shell is also written as site/<route>/index.html for every
route (the server answers /routing with a 301 to /routing/), with absolute asset paths and
basePath '/'. An unknown route is still a 404, not Docsify's own 404 page.

OUT_DIR is emptied and gets `site/` and `labels.csv` (path,label,how): every doc is a
leaf but the home, Starlette's introduction, which is other (changelog_posts.AUTHORED_ROOT); the Markdown files, _sidebar.md, lib/ and images are not
labelled. bench/eval_crawl.py keys a hash route's label (`#/routing`) and its URLs
(`http://h/#/routing`, `…#/routing?id=x`) alike (pipelines/indexiness/hash_routes.py).
"""
from __future__ import annotations

import argparse
import csv
import html
import json
import re
import shutil
from pathlib import Path

from build_vitepress_site import convert
from changelog_posts import AUTHORED_ROOT
from mkdocs_markdown import has_h1

# VitePress container (what convert() makes of an admonition) -> Docsify 5 callout.
CALLOUTS = {"info": "NOTE", "tip": "TIP", "warning": "WARNING", "danger": "CAUTION"}
MD_LINK = re.compile(r"\]\(([\w-]+\.md)(#[^)\s]*)?\)")
HOME_FILE = "index.md"
SHELL = """<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="UTF-8">
  <title>{name}</title>
  <meta name="viewport" content="width=device-width, initial-scale=1.0">
  <meta name="description" content="{description}">
  <link rel="stylesheet" href="/lib/themes/core.min.css">
</head>
<body>
  <div id="app"></div>
  <script>
    window.$docsify = {config};
  </script>
  <script src="/lib/docsify.min.js"></script>
</body>
</html>
"""


def nav_tree(docs: Path) -> tuple[str, list[tuple[str, str | None, int]]]:
    """The site's name and mkdocs.yml's nav as (title, file or None for a group, depth)
    rows, then the folder's other .md files (depth 0). PyYAML can't read the whole file
    (MkDocs' !!python tags), so the nav block is read line by line."""
    mkdocs = docs.parent / "mkdocs.yml"
    text = mkdocs.read_text(encoding="utf-8") if mkdocs.exists() else ""
    site = re.search(r"^site_name:\s*(.+)$", text, re.M)
    block = re.search(r"^nav:\n((?:[ \t]+.*\n|\n)*)", text, re.M)
    rows: list[tuple[str, str | None, int]] = []
    for line in (block[1] if block else "").splitlines():
        item = re.fullmatch(r'(\s*)- ([^:\n]+):\s*"?([\w./-]+\.md)?"?\s*', line)
        if item and (item[3] is None or (docs / item[3]).is_file()):
            rows.append((item[2].strip(), item[3], len(item[1])))
    indents = sorted({d for _, _, d in rows})
    rows = [(t, n, indents.index(d)) for t, n, d in rows]
    seen = {n for _, n, _ in rows if n}
    rows += [(p.stem.replace("-", " ").capitalize(), p.name, 0)
             for p in sorted(docs.glob("*.md")) if p.name not in seen]
    return (site[1].strip() if site else "Docs"), rows


def markdown(text: str, routes: dict[str, str], title: str) -> str:
    """MkDocs Markdown as Docsify reads it: convert()'s containers as callouts (blockquotes,
    nested ones quoted deeper; a collapsible one <details>), links to a docs file as its
    route, an H1 of the nav title when the file has none."""
    out: list[str] = []
    stack: list[str] = []

    def prefix() -> str:
        return "> " * sum(kind != "details" for kind in stack)

    for line in convert(text, "").splitlines():
        container = re.fullmatch(r"::: (\w+) (.*)", line)
        if container:
            p = prefix()
            out.append(p.rstrip())
            if container[1] == "details":
                out += [f"{p}<details><summary>{html.escape(container[2])}</summary>", p.rstrip()]
            else:
                out += [f"{p}> [!{CALLOUTS.get(container[1], 'NOTE')}]",
                        f"{p}> **{container[2]}**", f"{p}>"]
            stack.append(container[1])
        elif line == ":::" and stack:
            kind = stack.pop()
            p = prefix()
            out += [p.rstrip(), f"{p}</details>", p.rstrip()] if kind == "details" else [p.rstrip()]
        else:
            out.append((prefix() + line).rstrip())
    body = "\n".join(out).strip() + "\n"
    if not has_h1(body):
        body = f"# {title}\n\n{body}"

    def link(m: re.Match) -> str:
        if m[1] not in routes:
            return m[0]
        return f"]({routes[m[1]]}{m[2] or ''})"
    return MD_LINK.sub(link, body)


def write_site(package: Path, docs: Path, out: Path, router: str) -> None:
    site_name, rows = nav_tree(docs)
    pages = [(t, n) for t, n, _ in rows if n]
    history = router == "history"
    stem = {n: Path(n).stem for _, n in pages}
    # What a Markdown link names (Docsify maps it to the route) and the page's labels.csv path.
    if history:
        routes = {n: "/" if n == HOME_FILE else f"/{stem[n]}/" for _, n in pages}
        files = {n: "README.md" if n == HOME_FILE else f"{stem[n]}/README.md" for _, n in pages}
        paths = {n: "index.html" if n == HOME_FILE else f"{stem[n]}/index.html" for _, n in pages}
    else:
        routes = {n: "/" if n == HOME_FILE else n for _, n in pages}
        files = {n: "README.md" if n == HOME_FILE else n for _, n in pages}
        paths = {n: "index.html" if n == HOME_FILE else f"#/{stem[n]}" for _, n in pages}

    shutil.rmtree(out, ignore_errors=True)
    site = out / "site"
    (site / "lib" / "themes").mkdir(parents=True)
    shutil.copy(package / "dist" / "docsify.min.js", site / "lib" / "docsify.min.js")
    shutil.copy(package / "dist" / "themes" / "core.min.css", site / "lib" / "themes" / "core.min.css")
    for folder in (p for p in docs.iterdir() if p.is_dir()):
        if any(f.is_file() and f.suffix not in (".html", ".md") for f in folder.rglob("*")):
            shutil.copytree(folder, site / folder.name,
                            ignore=shutil.ignore_patterns("*.html", "*.md"))
    for title, name in pages:
        target = site / files[name]
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(markdown((docs / name).read_text(encoding="utf-8"), routes, title),
                          encoding="utf-8")
    sidebar = []
    for title, name, depth in rows:
        entry = f"[{title}]({routes[name]})" if name else title
        sidebar.append("  " * depth + "- " + entry)
    (site / "_sidebar.md").write_text("\n".join(sidebar) + "\n", encoding="utf-8")

    config = {"name": site_name, "repo": "", "loadSidebar": True, "subMaxLevel": 2,
              "auto2top": True, "basePath": "/",
              # every folder's sidebar is the root one (no 404 for /<route>/_sidebar.md)
              "alias": {"/.*/_sidebar.md": "/_sidebar.md"}}
    if history:
        config["routerMode"] = "history"
    shell = SHELL.format(name=html.escape(site_name),
                         description=html.escape(f"The docs of {site_name}, built with Docsify."),
                         config=json.dumps(config, indent=2).replace("\n", "\n    "))
    (site / "index.html").write_text(shell, encoding="utf-8")
    if history:      # the server's "every route is index.html", route by route
        for _, name in pages:
            if name != HOME_FILE:
                (site / paths[name]).write_text(shell, encoding="utf-8")

    mode = f"{router} route"
    with open(out / "labels.csv", "w", newline="", encoding="utf-8") as fh:
        writer = csv.writer(fh)
        writer.writerow(["path", "label", "how"])
        for _, name in pages:
            if name == HOME_FILE:
                writer.writerow([paths[name], AUTHORED_ROOT, f"docsify home ({mode} /)"])
            else:
                writer.writerow([paths[name], "leaf", f"docsify doc ({mode})"])
    print(f"{out / 'labels.csv'}: 1 index, {len(pages) - 1} leaf ({router} router)")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("package", type=Path, help="the unpacked docsify npm package (its dist/)")
    ap.add_argument("docs", type=Path, help="a folder of (MkDocs) Markdown documents")
    ap.add_argument("out", type=Path)
    ap.add_argument("--router", choices=["hash", "history"], default="hash")
    args = ap.parse_args(argv)
    if not (args.package / "dist" / "docsify.min.js").is_file():
        raise SystemExit(f"{args.package}: no dist/docsify.min.js; see this script's docstring")
    if not (args.docs / HOME_FILE).is_file():
        raise SystemExit(f"{args.docs}: no {HOME_FILE} (the home page)")
    write_site(args.package, args.docs, args.out, args.router)


if __name__ == "__main__":
    main()
