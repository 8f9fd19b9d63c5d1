"""Build a VitePress site (the default theme: a landing page and a guide with a sidebar) from
a folder of MkDocs Markdown docs, as a labelled corpus like ../shared/corpora/sites/.

    mkdir PROJECT && (cd PROJECT && npm init -y && npm install -D vitepress@1)
    python bench/sites/build_vitepress_site.py PROJECT DOCS_DIR OUT_DIR

VitePress renders every page with Vue at build time and writes it out as HTML (then hydrates
it as a single-page app), so a plain fetch sees what a browser shows. The docs folder's
Markdown files (Starlette's docs/*.md, release-notes.md as one long page) go under /guide/,
listed in one sidebar in the order and with the titles of the mkdocs.yml beside the folder
(file names where it has none); every guide page gets the theme's sidebar, outline and
prev/next links. MkDocs' admonitions and tabs become VitePress containers and bold labels,
and mkdocstrings' API blocks (nothing to render them offline) are dropped. The landing page
is the theme's `layout: home` (hero and feature cards) linking the first guide page.
PROJECT's index.md, guide/, public/ (the docs' images) and .vitepress/config.mjs are
rewritten. OUT_DIR gets `site/` (pages as .html files: cleanUrls off) and `labels.csv`
(path,label,how): every guide page is a leaf; the landing page, which its author writes,
is other (changelog_posts.AUTHORED_ROOT); 404.html and assets are not labelled.
"""
from __future__ import annotations

import argparse
import json
import re
import shutil
from pathlib import Path

from changelog_posts import AUTHORED_ROOT, build_and_label
from mkdocs_markdown import has_h1, indented

GUIDE = "guide"
# MkDocs admonition (`!!! note "Title"`, collapsible `???`) -> VitePress container.
CONTAINERS = {"note": "info", "info": "info", "abstract": "info", "tip": "tip",
              "important": "warning", "warning": "warning", "danger": "danger"}
HOME = """---
layout: home
hero:
  name: {name}
  text: Guide
  tagline: The docs of {name}, built with VitePress.
  actions:
    - theme: brand
      text: Get started
      link: {first}
features:
{features}
---
"""


def nav(docs: Path) -> tuple[str, list[tuple[str, str]]]:
    """The site's name and its pages' (title, file name), in the order of mkdocs.yml's nav,
    then the folder's other files."""
    mkdocs = docs.parent / "mkdocs.yml"
    text = mkdocs.read_text(encoding="utf-8") if mkdocs.exists() else ""
    site = re.search(r"^site_name:\s*(.+)$", text, re.M)
    pages = re.findall(r'^\s*- ([^:\n]+):\s*"?([\w./-]+\.md)"?\s*$', text, re.M)
    pages = [(title.strip(), name) for title, name in pages if (docs / name).is_file()]
    seen = {name for _, name in pages}
    pages += [(p.stem.replace("-", " ").capitalize(), p.name)
              for p in sorted(docs.glob("*.md")) if p.name not in seen]
    return (site[1].strip() if site else "Docs"), pages


def convert(text: str, title: str) -> str:
    """MkDocs Markdown as VitePress reads it, under an H1 of the page title (MkDocs adds one)."""
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
            body = convert("\n".join(body), "").splitlines()
            if not any(b.strip() for b in body):          # it held only an API block
                continue
            if tab:
                out += [f"**{tab[1]}**", "", *body, ""]
                continue
            kind = "details" if admonition[1] == "???" else CONTAINERS.get(admonition[2], "info")
            label = admonition[3] or admonition[2].capitalize()
            out += [f"::: {kind} {label}", *body, ":::", ""]
            continue
        out.append(line)
        i += 1
    body = "\n".join(out)
    # a "# comment" in a code block is no title
    if title and not has_h1(body):
        body = f"# {title}\n\n{body}"
    # Vue compiles each page as a template: `{{ }}` and a stray `<` in text would break it.
    # An outer four-colon v-pre keeps the page's own `:::` containers working inside it.
    return f":::: v-pre\n\n{body}\n\n::::\n" if title else body


def write_site(project: Path, docs: Path) -> None:
    site_name, pages = nav(docs)
    guide = project / GUIDE
    shutil.rmtree(guide, ignore_errors=True)
    guide.mkdir()
    for title, name in pages:
        (guide / name).write_text(convert((docs / name).read_text(encoding="utf-8"), title))
    # The docs' images, served from the root as MkDocs does (Vite fails on a missing one);
    # not MkDocs' theme overrides (.html).
    public = project / "public"
    shutil.rmtree(public, ignore_errors=True)
    for folder in (p for p in docs.iterdir() if p.is_dir()):
        if not any(f.is_file() and f.suffix not in (".html", ".md") for f in folder.rglob("*")):
            continue
        shutil.copytree(folder, public / folder.name, ignore=shutil.ignore_patterns("*.html", "*.md"))
    link = f"/{GUIDE}/{{}}.html".format
    first = link(Path(pages[0][1]).stem)
    features = "".join(f"  - title: {json.dumps(t)}\n    details: The {t} page of the guide.\n"
                       f"    link: {link(Path(n).stem)}\n" for t, n in pages[1:4])
    (project / "index.md").write_text(HOME.format(name=site_name, first=first, features=features))
    (project / ".vitepress").mkdir(exist_ok=True)
    config = {
        "title": site_name, "cleanUrls": False,
        "ignoreDeadLinks": True,           # the docs link pages MkDocs has and this site doesn't
        "srcExclude": ["node_modules/**", "**/README.md"],
        "themeConfig": {
            "nav": [{"text": "Guide", "link": first}],
            "sidebar": {f"/{GUIDE}/": [{"text": "Guide", "items": [
                {"text": t, "link": link(Path(n).stem)} for t, n in pages]}]},
        },
    }
    (project / ".vitepress" / "config.mjs").write_text(
        "export default " + json.dumps(config, indent=2, ensure_ascii=False) + "\n")


def label(path: str) -> tuple[str, str] | None:
    if path == "index.html":
        return AUTHORED_ROOT, "vitepress home (hero and feature cards)"
    if path.startswith(GUIDE + "/"):
        return "leaf", "vitepress doc"
    return None       # 404.html, assets


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("project", type=Path, help="an npm project with vitepress installed")
    ap.add_argument("docs", type=Path, help="a folder of (MkDocs) Markdown documents")
    ap.add_argument("out", type=Path)
    args = ap.parse_args(argv)
    if not (args.project / "node_modules" / ".bin" / "vitepress").exists():
        raise SystemExit(f"{args.project}: no installed VitePress project; see this script's docstring")
    write_site(args.project, args.docs)
    build_and_label(args.out, lambda site: ["npx", "vitepress", "build", ".", "--outDir", str(site)],
                    args.project, label)


if __name__ == "__main__":
    main()
