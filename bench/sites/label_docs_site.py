"""Turn a built docs site (Sphinx or MkDocs) into a labelled corpus like
../shared/corpora/sites/<site>.

    python bench/sites/label_docs_site.py BUILD_DIR OUT_DIR

BUILD_DIR is `sphinx-build -b html` or `-b dirhtml` output (with `_sources/`, Sphinx's
default) or `mkdocs
build` output (with the sitemap.xml MkDocs writes). OUT_DIR
gets `site/` (a symlink to BUILD_DIR) and `labels.csv` (path,label,how), which
bench/eval_indexiness.py and bench/eval_crawl.py read as they read the blogs. The blogs are
two generators' blogs; a docs site is the other kind of site leafcrawl is pointed at, and
nothing in WCXB is a whole one.

Labels come from what the generator made each page from, not from the page's looks.
Sphinx:
- index: the generated indices (genindex, the domain indices such as py-modindex, the
  viewcode list _modules/index), the root document, and documents whose source is a title
  and toctrees alone (a section's table of contents);
- leaf: every other document;
- other (not scored): the search page (its results are drawn by script), 404.html,
  redirect stubs, documents whose source mixes prose with a toctree (a section's
  introduction listing its pages: either reading is defensible), and viewcode's highlighted
  source pages (_modules/x.html: reached only through the API pages' [source] links, so a
  crawl that follows index pages alone never fetches them, and a docs reader does not
  want them archived).
MkDocs: every page in its sitemap.xml is a document (MkDocs makes a page of each Markdown
file and nothing else), a leaf, but for the site's root, whose document (index.md) its
author writes as an introduction or a landing page: other (changelog_posts.AUTHORED_ROOT).
What is not in the sitemap (404.html, a theme's templates) is no page. (Sphinx's root
document stays index: its toctrees are the map Sphinx draws the site's navigation from.)

How the two docs sites of bench/README.md were built (PyPI reachable, no other network):
    pip download --no-deps --no-binary :all: scrapy==2.19.0 sphinx==9.0.4
    pip install sphinx sphinx_rtd_theme sphinx-notfound-page sphinx-rtd-dark-mode \\
        sphinx-scrapy sphinx-reredirects -e scrapy-2.19.0
    sphinx-build -q -b html scrapy-2.19.0/docs /tmp/scrapy-docs     # and -b dirhtml
    # other themes: conf.py's extensions less sphinx_rtd_dark_mode (it resets html_theme)
    X=notfound.extension,scrapydocs,sphinx_scrapy,scrapyfixautodoc,sphinx.ext.coverage
    X=$X,sphinx_reredirects
    pip install pydata-sphinx-theme==0.24.0   # sphinx-book-theme 1.4.0 pins 0.20.0: own venv
    sphinx-build -q -b html -D extensions=$X -D html_theme=pydata_sphinx_theme \\
        scrapy-2.19.0/docs /tmp/builds/scrapy-pydata
    sphinx-build -q -b html -D extensions=$X -D html_theme=sphinx_book_theme \\
        -D html_sourcelink_suffix=.txt scrapy-2.19.0/docs /tmp/builds/scrapy-book
        # (the book theme's default suffix "" names sources _sources/x.rst, not .rst.txt)
    sphinx-build -q -b html sphinx-9.0.4/doc /tmp/sphinx-docs     # and -D html_theme=furo…
    pip install shibuya==2026.7.12 sphinx-immaterial==0.13.9
    sphinx-build -q -b html -D extensions=$X -D html_theme=shibuya \\
        scrapy-2.19.0/docs /tmp/builds/scrapy-shibuya     # Sphinx's docs: no -D extensions
    # sphinx-immaterial is an extension too, and fetches Google Fonts at build time: offline,
    # seed its cache C with a font list naming its fonts with no variants, in the file
    # C/google_fonts/<sha256 of json.dumps({"url": URL, "headers": {}})>.response, URL
    # https://fonts.google.com/metadata/fonts, holding {"familyMetadataList": [{"family":
    # "Roboto", "fonts": {}}, {"family": "Roboto Mono", "fonts": {}}]}
    sphinx-build -q -b html -D extensions=$X,sphinx_immaterial -D html_theme=sphinx_immaterial \\
        -D sphinx_immaterial_external_resource_cache_dir=C scrapy-2.19.0/docs \\
        /tmp/builds/scrapy-immaterial    # Sphinx's docs: extensions = its conf.py's + that one
    # and, as 0.13.9 fails on a `:no-typesetting:` object (Sphinx's extdev/appapi.rst), run
    # it as python -c "import sys, sphinx.directives as d; o = d.ObjectDescription.run;
    #   import sphinx_immaterial.apidoc.object_toc; p = d.ObjectDescription.run;
    #   d.ObjectDescription.run = lambda s: (o if 'no-typesetting' in s.options else p)(s);
    #   from sphinx.cmd.build import main; sys.exit(main(sys.argv[1:]))" -q -b html ...
    pip download --no-deps --no-binary :all: starlette==1.10.0
    pip install mkdocs-material 'mkdocstrings[python]' -e starlette-1.10.0
    (cd starlette-1.10.0 && sed -i 's/^strict: true/strict: false/; /inventories:/,+1d' \
        mkdocs.yml && mkdocs build -q -d /tmp/starlette-docs)   # offline: no inventories
    # Zensical (Material's successor) reads the same mkdocs.yml; 0.0.73, as 0.1.x needs
    # zensical-ui, which PyPI does not hold; it builds into site/ beside mkdocs.yml
    pip install zensical==0.0.73 'mkdocstrings[python]' -e starlette-1.10.0
    (cd starlette-1.10.0 && zensical build -f mkdocs.yml && cp -r site /tmp/starlette-zensical)
"""
from __future__ import annotations

import argparse
import csv
import re
from pathlib import Path
from urllib.parse import urlsplit

from changelog_posts import AUTHORED_ROOT

# Folders of assets and sources, not pages.
NOT_PAGES = ("_static/", "_sources/", "_images/", "_downloads/")
GENERATED_INDICES = re.compile(r"^(?:genindex(?:-\w+)?|\w+-modindex|_modules/index)$")
REDIRECT = re.compile(rb"<meta[^>]+http-equiv=[\"']?refresh", re.I)
# reStructuredText / MyST lines that are no prose: titles' under- and overlines, directive
# and comment starts, targets, and a directive's indented options and entries.
_RST_NOISE = re.compile(r"^(?:[=\-~^\"'`#*+.:_<>]{3,}\s*|\.\. .*|\s+.*|:\w[\w-]*:.*|```.*)$")


def docnames(page: str) -> tuple[str, ...]:
    """Sphinx's names of the document a page may be built from: topics/spiders.html is
    topics/spiders (the html builder); topics/spiders/index.html is topics/spiders/index
    (html) or topics/spiders (dirhtml), whichever has a source."""
    stem = page[: -len(".html")]
    if page.endswith("/index.html"):
        return stem, page[: -len("/index.html")]
    return (stem,)


def source_of(build: Path, docs: tuple[str, ...]) -> str | None:
    """The document's source as Sphinx copied it into _sources/ (.rst.txt, .md.txt or .txt)."""
    for doc in docs:
        for suffix in (".rst.txt", ".md.txt", ".txt"):
            path = build / "_sources" / (doc + suffix)
            if path.is_file():
                return path.read_text(encoding="utf-8", errors="replace")
    return None


def prose_lines(source: str) -> list[str]:
    """The source's lines that are text, less its first (the title)."""
    lines = [ln for ln in source.splitlines() if ln.strip() and not _RST_NOISE.match(ln)]
    return lines[1:]


def label(build: Path, page: str) -> tuple[str, str]:
    docs = docnames(page)
    if any(GENERATED_INDICES.match(doc) for doc in docs):
        return "index", "sphinx generated index"
    if page == "index.html":
        return "index", "sphinx root document"
    if docs[-1] in ("search", "404"):
        return "other", f"sphinx {docs[-1]} page"
    if page.startswith("_modules/"):
        return "other", "sphinx viewcode source"
    if REDIRECT.search((build / page).read_bytes()[:4096]):
        return "other", "redirect stub"
    source = source_of(build, docs)
    if source is None:
        return "other", "no source"
    if "toctree::" in source or "{toctree}" in source:
        if not prose_lines(source):
            return "index", "sphinx toctree document"
        return "other", "sphinx document with prose and a toctree"
    return "leaf", "sphinx document"


def mkdocs_pages(build: Path) -> list[tuple[str, str, str]]:
    """(path, label, how) of an MkDocs build's pages, from its sitemap.xml."""
    locs = re.findall(r"<loc>\s*([^<\s]+)\s*</loc>", (build / "sitemap.xml").read_text())
    root = urlsplit(locs[0]).path if locs else "/"      # the site_url's path, if any
    rows = []
    for loc in locs:
        path = urlsplit(loc).path[len(root):]
        page = path + "index.html" if path == "" or path.endswith("/") else path
        if (build / page).is_file():
            rows.append((page, *((AUTHORED_ROOT, "mkdocs site root") if page == "index.html"
                                 else ("leaf", "mkdocs document"))))
    return rows


def sphinx_pages(build: Path) -> list[tuple[str, str, str]]:
    pages = sorted(p.relative_to(build).as_posix() for p in build.rglob("*.html"))
    return [(page, *label(build, page)) for page in pages if not page.startswith(NOT_PAGES)]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("build", type=Path, help="sphinx-build -b html or mkdocs build output")
    ap.add_argument("out", type=Path, help="corpus folder to write (site/ and labels.csv)")
    args = ap.parse_args(argv)
    build = args.build.resolve()
    if (build / "_sources").is_dir():
        rows = sphinx_pages(build)
    elif (build / "sitemap.xml").is_file():
        rows = mkdocs_pages(build)
    else:
        ap.error(f"{build} has neither _sources/ (Sphinx) nor sitemap.xml (MkDocs)")
    args.out.mkdir(parents=True, exist_ok=True)
    site = args.out / "site"
    if site.is_symlink():
        site.unlink()
    site.symlink_to(build, target_is_directory=True)
    counts: dict[str, int] = {}
    with open(args.out / "labels.csv", "w", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(["path", "label", "how"])
        for page, lab, how in rows:
            counts[lab] = counts.get(lab, 0) + 1
            writer.writerow([page, lab, how])
    print(f"{args.out / 'labels.csv'}: " + ", ".join(f"{n} {k}" for k, n in sorted(counts.items())))


if __name__ == "__main__":
    main()
