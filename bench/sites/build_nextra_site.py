"""Build a Nextra 4 site (Next.js static export) from MkDocs Markdown docs, with the docs
theme, or from a Markdown changelog, with the blog theme, as a labelled corpus like
../shared/corpora/sites/.

    mkdir PROJECT && (cd PROJECT && npm init -y && npm install next@16 react@19 react-dom@19 \\
        nextra@4.6.1 nextra-theme-docs@4.6.1 nextra-theme-blog@4.6.1 zod@4.3.5)
    python bench/sites/build_nextra_site.py docs PROJECT DOCS_DIR OUT_DIR
    python bench/sites/build_nextra_site.py blog PROJECT CHANGELOG.md OUT_DIR

(Measured with next 16.4.6, react 19.3, node 20. zod 4.3.5 is the zod of Nextra 4.6.1's
release: with zod 4.6 every page fails prerendering, as the themes' prop schemas no longer
take a missing `children`. NEXT_TELEMETRY_DISABLED=1 is set for the build unless already
set. One PROJECT serves both: each run rewrites its next.config.mjs, mdx-components.js,
app/, content/ and public/, and sets package.json's "type" to "module".) The figures' runs:

    (cd /tmp/src && pip download --no-deps --no-binary :all: starlette==1.10.0 &&
        tar xzf starlette-1.10.0.tar.gz)
    python bench/sites/build_nextra_site.py docs /tmp/nextra-project /tmp/src/starlette-1.10.0/docs \\
        /tmp/corpora/nextra-docs
    python bench/sites/build_nextra_site.py blog /tmp/nextra-project \\
        /tmp/src/starlette-1.10.0/docs/release-notes.md /tmp/corpora/nextra-blog

Next.js renders every page at build time and `output: 'export'` writes each one out as HTML
(`trailingSlash: true`: pages as directory index.html, links to `/x/`), then React hydrates
it; a plain fetch sees what a browser shows.

docs: the docs folder's Markdown files (Starlette's docs/*.md, release-notes.md as one long
page) become content/*.mdx served from the root (`app/[[...mdxPath]]/page.jsx`, Nextra's
content directory), the docs' index.md as the site's root page; content/_meta.js orders the
sidebar as the mkdocs.yml beside the folder does, with its titles and its nav sections
(Features, Community) as sidebar separators; every page gets the theme's navbar, sidebar,
table of contents and prev/next links.
blog: the theme's example layout: each `## <version> (<Month day, year>)` section of the
changelog becomes a post app/posts/release-x-y-z/page.mdx (front matter title, date, tags
from its subsections, a description: its first paragraph, which the lists show with "Read
More"); /posts/ (app/posts/page.jsx) lists every post as a card under links to each tag
with its count; /tags/TAG/ (app/tags/[tag]/page.jsx) lists a tag's posts; the root is the
example's About page (app/page.mdx), here a paragraph on the blog and a link to the posts.
The example's RSS route and comments are left out. The posts' links to docs files
(`lifespan.md#x`) point at the docs' published pages (mkdocs.yml's site_url beside the
changelog), not at pages this site lacks.

MDX: Nextra compiles .mdx as MDX, where `{` opens an expression and `<` a JSX tag. Fenced
code and inline code spans are kept as they are (MDX reads them literally; a fence's
`title="x"` becomes Nextra's `filename="x"`, `hl_lines="7-8"` its `{7-8}`); in every other
line the MkDocs docs' raw HTML becomes Markdown (`<img>` an image, without MkDocs
Material's `#only-dark` twin; `<a>` a link; `<em>`/`<strong>` emphasis; `<p>`, `<div>`,
`<span>` unwrapped; an HTML block's lines joined, a paragraph to each `<p>`/`<div>`),
`<url>` autolinks become links, HTML comments are dropped, and every `{`, `}` and `<` left
is backslash-escaped.
MkDocs' admonitions become Nextra's `<Callout>` (imported from nextra/components; the title
as a bold first line; tip as the default type, danger as error), collapsible ones
`<details><summary>`; tabs become bold labels and mkdocstrings' API blocks are dropped
(build_vitepress_site.convert). Links to a docs file point at its page.

OUT_DIR gets `site/` and `labels.csv` (path,label,how). docs: the root (the docs' index.md,
an introduction) is other (changelog_posts.AUTHORED_ROOT), as bench/sites/label_docs_site.py
labels MkDocs' root; every other docs page is a leaf. blog: posts are leaves; the posts
list and the tag pages are index pages, as the theme's example generated them; the root, the
example's About page (a Markdown page its author writes), is other (AUTHORED_ROOT) too. 404.html, _next/ and assets are not labelled.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import shutil
from pathlib import Path

from build_vitepress_site import convert
from changelog_posts import ABOUT, AUTHORED_ROOT, build_and_label, posts

SITE_NAME = "Starlette"
# VitePress container (what convert() makes of an admonition) -> Nextra Callout type.
CALLOUTS = {"info": "info", "tip": "default", "warning": "warning", "danger": "error"}
CALLOUT_IMPORT = "import { Callout } from 'nextra/components'\n\n"
FENCE = re.compile(r"\s*(`{3,}|~{3,})")
CODE_SPAN = re.compile(r"(`+).+?(?<!`)\1(?!`)")
HTML_START = re.compile(r"</?(?:p|div|a|img|em|strong|b|i|span|center|br)\b", re.I)
MD_LINK = re.compile(r"\]\(([\w-]+\.md)(#[^)\s]*)?\)")
ATTR = re.compile(r"""([\w-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')""")

NEXT_CONFIG = """import nextra from 'nextra'

const withNextra = nextra(%s)

export default withNextra({
  output: 'export',
  trailingSlash: true,
  images: { unoptimized: true },
})
"""
MDX_COMPONENTS = """import { useMDXComponents as getThemeComponents } from '%s'

const themeComponents = getThemeComponents()

export function useMDXComponents(components) {
  return { ...themeComponents, ...components }
}
"""
DOCS_LAYOUT = """import { Footer, Layout, Navbar } from 'nextra-theme-docs'
import { Head } from 'nextra/components'
import { getPageMap } from 'nextra/page-map'
import 'nextra-theme-docs/style.css'

export const metadata = {
  title: { default: %(name)s, template: '%%s – ' + %(name)s },
  description: 'The docs of ' + %(name)s + ', built with Nextra.',
}

export default async function RootLayout({ children }) {
  const navbar = <Navbar logo={<b>{%(name)s}</b>} projectLink=%(repo)s />
  return (
    <html lang="en" dir="ltr" suppressHydrationWarning>
      <Head />
      <body>
        <Layout
          navbar={navbar}
          footer={<Footer>{%(name)s} docs, built with Nextra.</Footer>}
          docsRepositoryBase=%(repo)s
          pageMap={await getPageMap()}
        >
          {children}
        </Layout>
      </body>
    </html>
  )
}
"""
# The example's catch-all page for a content directory served from the root.
DOCS_PAGE = """import { generateStaticParamsFor, importPage } from 'nextra/pages'
import { useMDXComponents as getMDXComponents } from '../../mdx-components'

export const generateStaticParams = generateStaticParamsFor('mdxPath')

export async function generateMetadata(props) {
  const params = await props.params
  const { metadata } = await importPage(params.mdxPath)
  return metadata
}

const Wrapper = getMDXComponents().wrapper

export default async function Page(props) {
  const params = await props.params
  const { default: MDXContent, toc, metadata, sourceCode } = await importPage(params.mdxPath)
  return (
    <Wrapper toc={toc} metadata={metadata} sourceCode={sourceCode}>
      <MDXContent {...props} params={params} />
    </Wrapper>
  )
}
"""
BLOG_LAYOUT = """import { Footer, Layout, Navbar, ThemeSwitch } from 'nextra-theme-blog'
import { Head, Search } from 'nextra/components'
import { getPageMap } from 'nextra/page-map'
import 'nextra-theme-blog/style.css'

export const metadata = {
  title: { default: %(name)s, template: '%%s – ' + %(name)s },
}

export default async function RootLayout({ children }) {
  return (
    <html lang="en" suppressHydrationWarning>
      <Head />
      <body>
        <Layout>
          <Navbar pageMap={await getPageMap()}>
            <Search />
            <ThemeSwitch />
          </Navbar>

          {children}

          <Footer>{%(name)s} release notes, built with Nextra.</Footer>
        </Layout>
      </body>
    </html>
  )
}
"""
BLOG_META = """export default {
  index: { type: 'page', title: 'About' },
  posts: { type: 'page', title: 'Posts' },
}
"""
GET_POSTS = """import { normalizePages } from 'nextra/normalize-pages'
import { getPageMap } from 'nextra/page-map'

export async function getPosts() {
  const { directories } = normalizePages({
    list: await getPageMap('/posts'),
    route: '/posts'
  })
  return directories
    .filter(post => post.name !== 'index')
    .sort((a, b) => new Date(b.frontMatter.date) - new Date(a.frontMatter.date))
}

export async function getTags() {
  const posts = await getPosts()
  return posts.flatMap(post => post.frontMatter.tags)
}
"""
POSTS_PAGE = """import Link from 'next/link'
import { PostCard } from 'nextra-theme-blog'
import { getPosts, getTags } from './get-posts'

export const metadata = {
  title: 'Posts'
}

export default async function PostsPage() {
  const allTags = (await getTags()).reduce((acc, curr) => {
    acc[curr] ??= 0
    acc[curr] += 1
    return acc
  }, Object.create(null))

  return (
    <div data-pagefind-body>
      <h1>{metadata.title}</h1>
      <div
        className="not-prose"
        style={{ display: 'flex', flexWrap: 'wrap', gap: '.5rem' }}
      >
        {Object.entries(allTags).map(([tag, count]) => (
          <Link key={tag} href={`/tags/${tag}`} className="nextra-tag">
            {tag} ({count})
          </Link>
        ))}
      </div>
      {(await getPosts()).map(post => (
        <PostCard key={post.route} post={post} />
      ))}
    </div>
  )
}
"""
TAG_PAGE = """import { PostCard } from 'nextra-theme-blog'
import { getPosts, getTags } from '../../posts/get-posts'

export async function generateMetadata(props) {
  const params = await props.params
  return {
    title: `Posts Tagged with “${decodeURIComponent(params.tag)}”`
  }
}

export async function generateStaticParams() {
  const allTags = await getTags()
  return [...new Set(allTags)].map(tag => ({ tag }))
}

export default async function TagPage(props) {
  const params = await props.params
  const { title } = await generateMetadata({ params })
  const posts = await getPosts()
  return (
    <>
      <h1>{title}</h1>
      {posts
        .filter(post =>
          post.frontMatter.tags.includes(decodeURIComponent(params.tag))
        )
        .map(post => (
          <PostCard key={post.route} post={post} />
        ))}
    </>
  )
}
"""


def mkdocs_nav(docs: Path) -> tuple[dict, list[tuple[str, str, str | None]]]:
    """mkdocs.yml's settings (site_name, site_url, repo_url) and its nav as (title, file
    name, the nav section it is under), then the folder's other Markdown files."""
    mkdocs = docs.parent / "mkdocs.yml"
    text = mkdocs.read_text(encoding="utf-8") if mkdocs.exists() else ""
    settings = dict(re.findall(r"^(site_name|site_url|repo_url):\s*(.+?)\s*$", text, re.M))
    nav = re.search(r"^nav:\n((?:[ \t]+.*\n?)+)", text, re.M)
    pages, section = [], None
    for line in (nav[1] if nav else "").splitlines():
        item = re.fullmatch(r'(\s*)- ([^:\n]+):\s*"?([\w./-]*\.md)?"?\s*', line)
        if not item:
            continue
        if not item[3]:
            section = item[2].strip()
        elif (docs / item[3]).is_file():
            top = len(item[1]) <= len(nav[1]) - len(nav[1].lstrip(" \t"))
            pages.append((item[2].strip(), item[3], None if top else section))
    seen = {name for _, name, _ in pages}
    pages += [(p.stem.replace("-", " ").capitalize(), p.name, None)
              for p in sorted(docs.glob("*.md")) if p.name not in seen]
    return settings, pages


def _image(attrs: str) -> str:
    found = {k.lower(): a if a or not b else b for k, a, b in ATTR.findall(attrs)}
    src = found.get("src", "")
    if not src or src.endswith("#only-dark"):        # MkDocs Material's dark-mode twin
        return ""
    return f"![{found.get('alt', '')}]({src.split('#only-light')[0]})"


def html_to_markdown(text: str) -> str:
    """The few HTML tags MkDocs docs write in prose, as Markdown."""
    text = re.sub(r"<img\b([^>]*?)/?>", lambda m: _image(m[1]), text, flags=re.I)
    text = re.sub(r"<a\b([^>]*)>(.*?)</a>",
                  lambda m: (lambda href: f"[{m[2].strip()}]({href})" if href else m[2])(
                      dict((k.lower(), a or b) for k, a, b in ATTR.findall(m[1])).get("href")),
                  text, flags=re.I | re.S)
    text = re.sub(r"<(em|i)>(.*?)</\1>", r"*\2*", text, flags=re.I | re.S)
    text = re.sub(r"<(strong|b)>(.*?)</\1>", r"**\2**", text, flags=re.I | re.S)
    text = re.sub(r"</(?:p|div|center)>", "\n\n", text, flags=re.I)      # a block's end
    text = re.sub(r"<(?:p|div|center)\b[^>]*>|</?span\b[^>]*>|<br\s*/?>", " ", text, flags=re.I)
    text = re.sub(r"<((?:https?://|mailto:)[^>\s]+)>", r"[\1](\1)", text)   # autolinks
    return text


def mdx_inline(text: str, urls: dict[str, str]) -> str:
    """One line of prose as MDX: code spans kept, HTML as Markdown, `{ } <` escaped."""
    out, pos = [], 0
    for span in [*CODE_SPAN.finditer(text), None]:
        prose = text[pos:span.start() if span else len(text)]
        prose = html_to_markdown(prose)
        prose = MD_LINK.sub(lambda m: f"]({urls[m[1]]}{m[2] or ''})" if m[1] in urls else m[0],
                            prose)
        out.append(re.sub(r"(?<!\\)([{}<])", r"\\\1", prose))
        if span:
            out.append(span[0])
            pos = span.end()
    return "".join(out)


def to_mdx(markdown: str, urls: dict[str, str]) -> str:
    """MkDocs Markdown as MDX (see the docstring)."""
    lines, out, fence, open_ = convert(markdown, "").splitlines(), [], None, []
    callouts = False
    i = 0
    while i < len(lines):
        line = lines[i]
        i += 1
        mark = FENCE.match(line)
        if fence is not None:
            if mark and mark[1][0] == fence[0] and len(mark[1]) >= len(fence) \
                    and line.strip() == mark[1]:
                fence = None
            out.append(line)
            continue
        if mark:
            fence = mark[1]
            # MkDocs' block title and highlighted lines in Nextra's words (rehype-pretty-code's
            # own `title=` breaks Nextra's code-block plugin).
            line = re.sub(r'\btitle="', 'filename="', line)
            out.append(re.sub(r'\bhl_lines="([\d\s-]+)"',
                              lambda m: "{" + ",".join(m[1].split()) + "}", line))
            continue
        container = re.fullmatch(r"::: (\w+) (.*)", line)
        if container:
            open_.append(container[1])
            label = mdx_inline(container[2], urls)
            if container[1] == "details":
                out += ["<details>", f"<summary>{label}</summary>", ""]
            else:
                callouts = True
                out += [f'<Callout type="{CALLOUTS[container[1]]}">', "", f"**{label}**", ""]
            continue
        if line == ":::" and open_:
            out += ["", "</details>" if open_.pop() == "details" else "</Callout>", ""]
            continue
        if line.lstrip().startswith("<!--"):                  # an HTML comment: dropped
            while "-->" not in line and i < len(lines):
                line = lines[i]
                i += 1
            continue
        if HTML_START.match(line):                            # an HTML block, to a blank line
            block = [line]
            while i < len(lines) and lines[i].strip():
                block.append(lines[i].strip())
                i += 1
            paragraphs = mdx_inline(" ".join(block), urls).split("\n\n")
            out += [p.strip() + "\n" for p in paragraphs if p.strip()]
            continue
        out.append(mdx_inline(line, urls))
    body = re.sub(r"\n{3,}", "\n\n", "\n".join(out)).strip() + "\n"
    return (CALLOUT_IMPORT + body) if callouts else body


def front(**fields) -> str:
    return "---\n" + "".join(f"{k}: {json.dumps(v)}\n" for k, v in fields.items()) + "---\n\n"


def write_common(project: Path, theme: str, nextra_options: dict) -> None:
    # ES modules, as Nextra's examples are (npm init's "type": "commonjs" fails the build).
    package = json.loads((project / "package.json").read_text())
    if package.get("type") != "module":
        package["type"] = "module"
        (project / "package.json").write_text(json.dumps(package, indent=2) + "\n")
    for old in ("app", "content", "public"):
        shutil.rmtree(project / old, ignore_errors=True)
    (project / "app").mkdir()
    (project / "next.config.mjs").write_text(NEXT_CONFIG % json.dumps(nextra_options))
    (project / "mdx-components.js").write_text(MDX_COMPONENTS % theme)


def write_docs(project: Path, docs: Path) -> set[str]:
    """The docs site's files; returns the pages' slugs ('' for the root)."""
    settings, pages = mkdocs_nav(docs)
    name = json.dumps(settings.get("site_name", "Docs"))
    repo = json.dumps(settings.get("repo_url", "https://github.com/shuding/nextra"))
    write_common(project, "nextra-theme-docs", {})
    app = project / "app"
    (app / "layout.jsx").write_text(DOCS_LAYOUT % {"name": name, "repo": repo})
    (app / "[[...mdxPath]]").mkdir()
    (app / "[[...mdxPath]]" / "page.jsx").write_text(DOCS_PAGE)
    content = project / "content"
    content.mkdir()
    slug = {n: Path(n).stem for _, n, _ in pages}
    urls = {n: "/" if s == "index" else f"/{s}/" for n, s in slug.items()}
    meta, section = [], None
    for title, n, sect in pages:
        if sect != section and sect:
            meta.append(f"  {json.dumps('-- ' + sect)}: "
                        f"{{ type: 'separator', title: {json.dumps(sect)} }},")
        section = sect
        meta.append(f"  {json.dumps(slug[n])}: {json.dumps(title)},")
        body = to_mdx((docs / n).read_text(encoding="utf-8"), urls)
        if not re.search(r"^# ", body, re.M):         # MkDocs writes the nav title as the H1
            body = f"# {title}\n\n{body}"
        (content / f"{slug[n]}.mdx").write_text(body)
    (content / "_meta.js").write_text("export default {\n" + "\n".join(meta) + "\n}\n")
    # The docs' images, served from the root as MkDocs does; not MkDocs' theme overrides.
    for folder in (p for p in docs.iterdir() if p.is_dir()):
        if any(f.is_file() and f.suffix not in (".html", ".md") for f in folder.rglob("*")):
            shutil.copytree(folder, project / "public" / folder.name,
                            ignore=shutil.ignore_patterns("*.html", "*.md"))
    return {"" if s == "index" else s for s in slug.values()}


def description(body: str) -> str:
    """A post's first paragraph as plain text, cut to about 200 characters."""
    for para in re.split(r"\n\s*\n", body):
        if para.strip() and not para.lstrip().startswith("#"):
            text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", para)
            text = re.sub(r"^\s*[*+-]\s+", "", text, flags=re.M)
            text = " ".join(text.replace("`", "").replace("**", "").split())
            return text if len(text) <= 200 else text[:200].rsplit(" ", 1)[0] + "…"
    return ""


def write_blog(project: Path, changelog: Path) -> None:
    settings, pages = mkdocs_nav(changelog.parent)
    name = json.dumps(settings.get("site_name", "Docs"))
    site_url = settings.get("site_url", "").rstrip("/")
    urls = {n: f"{site_url}/" + ("" if n == "index.md" else f"{Path(n).stem}/")
            for _, n, _ in pages} if site_url else {}
    write_common(project, "nextra-theme-blog", {"readingTime": True})
    app = project / "app"
    (app / "layout.jsx").write_text(BLOG_LAYOUT % {"name": name})
    (app / "_meta.global.js").write_text(BLOG_META)
    (app / "page.mdx").write_text(front(title="About") + mdx_inline(ABOUT, {})
                                  + "\n\n[All posts](/posts/)\n")
    (app / "posts").mkdir()
    (app / "posts" / "get-posts.js").write_text(GET_POSTS)
    (app / "posts" / "page.jsx").write_text(POSTS_PAGE)
    (app / "tags" / "[tag]").mkdir(parents=True)
    (app / "tags" / "[tag]" / "page.jsx").write_text(TAG_PAGE)
    for post in posts(changelog.read_text(encoding="utf-8")):
        folder = app / "posts" / post.slug
        folder.mkdir()
        (folder / "page.mdx").write_text(
            front(title=f"Release {post.version}", date=f"{post.date:%Y-%m-%d}", tags=post.tags,
                  description=description(post.body))
            + to_mdx(post.body, urls))


def docs_label(slugs: set[str]):
    def label(path: str) -> tuple[str, str] | None:
        if path == "index.html":
            return AUTHORED_ROOT, "nextra docs root (the docs' index.md)"
        if path.endswith("/index.html") and path[: -len("/index.html")] in slugs:
            return "leaf", "nextra doc"
        return None       # 404.html, 404/, _not-found/, _next/, assets
    return label


def blog_label(path: str) -> tuple[str, str] | None:
    if path == "index.html":
        return AUTHORED_ROOT, "nextra-theme-blog about page (the root)"
    if path == "posts/index.html":
        return "index", "nextra-theme-blog posts list"
    if re.fullmatch(r"posts/[^/]+/index\.html", path):
        return "leaf", "nextra-theme-blog post"
    if re.fullmatch(r"tags/[^/]+/index\.html", path):
        return "index", "nextra-theme-blog tag"
    return None       # 404.html, 404/, _not-found/, _next/, assets


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("kind", choices=("docs", "blog"),
                    help="docs: the docs theme; blog: the blog theme")
    ap.add_argument("project", type=Path, help="an npm project with next, nextra and its two themes")
    ap.add_argument("source", type=Path, help="docs: a folder of (MkDocs) Markdown documents; blog: "
                                               "Markdown with '## <version> (<Month d, yyyy>)' sections")
    ap.add_argument("out", type=Path)
    args = ap.parse_args(argv)
    if not (args.project / "node_modules" / f"nextra-theme-{args.kind}").is_dir():
        raise SystemExit(f"{args.project}: no installed Nextra project; "
                         "see this script's docstring")
    os.environ.setdefault("NEXT_TELEMETRY_DISABLED", "1")
    if args.kind == "docs":
        label = docs_label(write_docs(args.project, args.source))
    else:
        write_blog(args.project, args.source)
        label = blog_label
    # `output: 'export'` always writes PROJECT/out/.
    build = 'npx next build && mkdir -p "$0" && cp -r out/. "$0"'
    build_and_label(args.out, lambda site: ["sh", "-c", build, str(site)], args.project, label)


if __name__ == "__main__":
    main()
