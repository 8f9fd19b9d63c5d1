"""Build an Astro Starlight site (docs with a sidebar, the starlight-blog plugin's blog, a
splash landing page) from a Markdown changelog and a folder of MkDocs Markdown docs, as a
labelled corpus like ../shared/corpora/sites/.

    mkdir PROJECT && (cd PROJECT && npm init -y &&
        npm install astro@5 @astrojs/starlight@0.37 starlight-blog@0.25)
    python bench/sites/build_starlight_site.py PROJECT CHANGELOG.md DOCS_DIR OUT_DIR

(astro 5 / Starlight 0.37 / starlight-blog 0.25: the newer ones need node 22.) Astro renders
every page at build time and writes it out as HTML (the few interactive bits are islands),
so a plain fetch sees what a browser shows. The docs folder's Markdown files (Starlette's
docs/*.md in bench/README.md's figures, less the changelog) go under /guide/, in one sidebar
in the order and with the titles of the mkdocs.yml beside the folder, each with the theme's
outline and prev/next links; MkDocs' admonitions become Starlight asides (collapsible ones
<details>), tabs bold labels, mkdocstrings' API blocks are dropped and links to a docs file
point at its page. Each `## <version> (<Month day, year>)` section of the changelog becomes
a post under /blog/ (an excerpt above the plugin's excerpt marker on the lists, tags from its
subsections, one of two authors by turns); the plugin lists them five to a page (/blog,
/blog/N), writes a page per tag and per author (all posts on one page), an RSS feed and a
sidebar of recent posts and tags on every blog page. The landing page is Starlight's
`template: splash` (a hero and link cards to the first guide pages). PROJECT's
astro.config.mjs, src/content.config.ts, src/content/docs/ and public/ (the docs' images)
are rewritten. OUT_DIR gets `site/` (pages as directory index.html) and `labels.csv`
(path,label,how): docs pages and posts are leaves; blog lists, tag and author pages are
index pages, as Starlight and the plugin generated them; the splash page, which its author
writes, is other (changelog_posts.AUTHORED_ROOT); 404.html, the feed, the sitemap and the
search index are not labelled.
"""
from __future__ import annotations

import argparse
import html
import json
import re
import shutil
from datetime import date
from pathlib import Path

from build_vitepress_site import convert, nav
from changelog_posts import AUTHORED_ROOT, build_and_label, posts

GUIDE, BLOG = "guide", "blog"
SITE = "https://example.com"      # Astro writes the RSS feed and the sitemap only for a site URL
# Two made-up authors, by turns: the plugin writes a page per author, a listing to score
# (no real person's name on posts they did not write as such).
AUTHORS = {"ada": {"name": "Ada Example"}, "bo": {"name": "Bo Example"}}
# VitePress container (what convert() makes of an admonition) -> Starlight aside.
ASIDES = {"info": "note", "tip": "tip", "warning": "caution", "danger": "danger"}
MD_LINK = re.compile(r"\]\(([\w-]+\.md)(#[^)\s]*)?\)")
CONTENT_CONFIG = """import { defineCollection } from 'astro:content';
import { docsLoader } from '@astrojs/starlight/loaders';
import { docsSchema } from '@astrojs/starlight/schema';
import { blogSchema } from 'starlight-blog/schema';

export const collections = {
  docs: defineCollection({
    loader: docsLoader(),
    schema: docsSchema({ extend: (context) => blogSchema(context) }),
  }),
};
"""
ASTRO_CONFIG = """import { defineConfig } from 'astro/config';
import starlight from '@astrojs/starlight';
import starlightBlog from 'starlight-blog';

const starlightConfig = %s;

export default defineConfig({
  site: %s,
  integrations: [starlight({ ...starlightConfig, plugins: [starlightBlog({ authors: %s })] })],
});
"""
HOME = """---
title: {name}
description: The docs of {name}, built with Starlight, and its release notes as a blog.
template: splash
hero:
  tagline: The docs of {name}, built with Starlight, and its release notes as a blog.
  actions:
    - text: Get started
      link: {first}
      icon: right-arrow
    - text: Release notes
      link: /{blog}/
      variant: minimal
---

import {{ CardGrid, LinkCard }} from '@astrojs/starlight/components';

<CardGrid>
{cards}
</CardGrid>
"""


def markdown(text: str, urls: dict[str, str]) -> str:
    """MkDocs Markdown as Starlight reads it: convert()'s containers as asides (<details> for
    a collapsible one), links to a docs file as its page's URL."""
    out, open_ = [], []
    for line in convert(text, "").splitlines():
        container = re.fullmatch(r"::: (\w+) (.*)", line)
        if container:
            open_.append(container[1])
            out += ([f"<details><summary>{html.escape(container[2])}</summary>", ""]
                    if container[1] == "details" else [f":::{ASIDES[container[1]]}[{container[2]}]"])
        elif line == ":::" and open_:
            out += ["", "</details>"] if open_.pop() == "details" else [":::"]
        else:
            out.append(line)
    return MD_LINK.sub(lambda m: f"]({urls[m[1]]}{m[2] or ''})" if m[1] in urls else m[0],
                       "\n".join(out))


def front(**fields) -> str:
    """YAML front matter; a date as a YAML timestamp (the blog's schema wants one)."""
    return "---\n" + "".join(f"{k}: {v if isinstance(v, date) else json.dumps(v)}\n"
                              for k, v in fields.items()) + "---\n\n"


def write_site(project: Path, changelog: Path, docs: Path) -> None:
    site_name, pages = nav(docs)
    pages = [(t, n) for t, n in pages if (docs / n).resolve() != changelog.resolve()]  # the blog's
    urls = {n: f"/{GUIDE}/" + ("" if n == "index.md" else f"{Path(n).stem}/") for _, n in pages}
    urls[changelog.name] = f"/{BLOG}/"
    content = project / "src" / "content" / "docs"
    shutil.rmtree(content, ignore_errors=True)
    (content / GUIDE).mkdir(parents=True)
    (content / BLOG).mkdir()
    for title, name in pages:
        body = markdown((docs / name).read_text(encoding="utf-8"), urls)
        body = re.sub(r"\A\s*# .*\n", "", body)       # Starlight writes the title as the H1
        (content / GUIDE / name).write_text(front(title=title) + body.strip() + "\n")
    names = list(AUTHORS)
    for i, post in enumerate(posts(changelog.read_text(encoding="utf-8"))):
        head, _, rest = markdown(post.body, urls).partition("\n\n")
        (content / BLOG / f"{post.slug}.md").write_text(
            front(title=f"Release {post.version}", date=post.date.date(), tags=post.tags,
                  authors=names[i % len(names)])
            + head + "\n\n<!-- excerpt -->\n\n" + rest + "\n")
    cards = "".join(f"  <LinkCard title={json.dumps(t)} href={json.dumps(urls[n])} "
                    f"description={json.dumps(f'The {t} page of the guide.')} />\n"
                    for t, n in pages[1:5])
    (content / "index.mdx").write_text(HOME.format(name=site_name, first=urls[pages[0][1]],
                                                   blog=BLOG, cards=cards))
    (project / "src" / "content.config.ts").write_text(CONTENT_CONFIG)
    # The docs' images, served from the root as MkDocs does; not MkDocs' theme overrides.
    public = project / "public"
    shutil.rmtree(public, ignore_errors=True)
    for folder in (p for p in docs.iterdir() if p.is_dir()):
        if any(f.is_file() and f.suffix not in (".html", ".md") for f in folder.rglob("*")):
            shutil.copytree(folder, public / folder.name,
                            ignore=shutil.ignore_patterns("*.html", "*.md"))
    starlight = {"title": site_name,
                 "sidebar": [{"label": "Guide", "items": [{"label": t, "link": urls[n]}
                                                          for t, n in pages]}]}
    (project / "astro.config.mjs").write_text(ASTRO_CONFIG % (
        json.dumps(starlight, indent=2, ensure_ascii=False), json.dumps(SITE),
        json.dumps(AUTHORS)))


def label(path: str) -> tuple[str, str] | None:
    if path == "index.html":
        return AUTHORED_ROOT, "starlight splash page"
    if path.startswith(GUIDE + "/"):
        return "leaf", "starlight doc"
    if path == f"{BLOG}/index.html" or re.fullmatch(rf"{BLOG}/\d+/index\.html", path):
        return "index", "starlight-blog list"
    if re.fullmatch(rf"{BLOG}/tags/[^/]+/index\.html", path):
        return "index", "starlight-blog tag"
    if re.fullmatch(rf"{BLOG}/authors/[^/]+/index\.html", path):
        return "index", "starlight-blog author"
    if re.fullmatch(rf"{BLOG}/[^/]+/index\.html", path):
        return "leaf", "starlight-blog post"
    return None       # 404.html, rss.xml, sitemap, pagefind's index, assets


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("project", type=Path, help="an npm project with astro, @astrojs/starlight and "
                                               "starlight-blog installed")
    ap.add_argument("changelog", type=Path, help="Markdown with '## <version> (<Month d, yyyy>)' sections")
    ap.add_argument("docs", type=Path, help="a folder of (MkDocs) Markdown documents")
    ap.add_argument("out", type=Path)
    args = ap.parse_args(argv)
    if not (args.project / "node_modules" / "starlight-blog").is_dir():
        raise SystemExit(f"{args.project}: no installed Starlight project; see this script's docstring")
    write_site(args.project, args.changelog, args.docs)
    build_and_label(args.out, lambda site: ["npx", "astro", "build", "--outDir", str(site)],
                    args.project, label)


if __name__ == "__main__":
    main()
