"""Fill a local MediaWiki with the changelog as a wiki and mirror it, as a labelled corpus
like ../shared/corpora/sites/<site>.

    python bench/sites/build_mediawiki_site.py CHANGELOG.md OUT_DIR [--skin vector|monobook|timeless]

Wikis are docs sites of their own kind: every article a leaf under a heavy frame of tools,
category pages the listings. Setting up once (as root; MariaDB from the machine, PHP's own
server):

    apt-get install --no-install-recommends mediawiki php-intl php-mbstring php-xml
    mysql -uroot -e "CREATE DATABASE wikibench; CREATE USER 'wikibench'@'localhost'
        IDENTIFIED BY 'wikibench'; GRANT ALL ON wikibench.* TO 'wikibench'@'localhost'"
    cd /var/lib/mediawiki && php maintenance/install.php --dbtype mysql --dbname wikibench \\
        --dbuser wikibench --dbpass wikibench --server http://127.0.0.1:8001 --scriptpath "" \\
        --pass ... --confpath DIR "Release wiki" maintainer && cp DIR/LocalSettings.php /etc/mediawiki/
    (cd /var/lib/mediawiki && php -S 127.0.0.1:8001)

PHP's own server caches compiled settings for 2 s (opcache.revalidate_freq): a build for
another skin started sooner mirrors its first pages in the old skin. Wait 3 s between
builds, or check that `grep -L skin-SKIN OUT/site/index.php/*` prints nothing.

On a fresh wiki (it adds and overwrites pages, it deletes none), this script writes one
article per dated release (changelog_posts.py; its Markdown turned
into wikitext: sections, lists, links, code), each in a category for its kind of release and
one per section it holds (Added, Fixed…), a main page, and imports them with MediaWiki's
importTextFiles.php; sets the skin; then mirrors the articles, category pages and
Special:AllPages with wget into OUT_DIR/site (edit, history, talk and other special pages
left out, as a reader's crawl would). With --docs, a folder of Markdown docs becomes
articles too (long ones, as wikis hold). labels.csv: articles are leaves; category pages,
Special:AllPages and the main page (the wiki's home) are index pages.
"""
from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import tempfile
from pathlib import Path
from urllib.parse import unquote

from changelog_posts import ABOUT, posts, write_labels

MEDIAWIKI = Path("/var/lib/mediawiki")
SETTINGS = Path("/etc/mediawiki/LocalSettings.php")
SITE = "http://127.0.0.1:8001"
KIND = {"major": "Major releases", "minor": "Minor releases", "patch": "Patch releases"}


def wikitext(markdown: str, titles: dict[str, str] | None = None) -> str:
    """Markdown as wikitext: headings (## is a section), lists, code blocks and spans, bold,
    links (to a page of the wiki when titles maps its .md file's stem to its title)."""
    titles = titles or {}
    blocks = re.split(r"^```[^\n]*\n(.*?)^```\s*$", markdown, flags=re.M | re.S)
    out = []
    for i, block in enumerate(blocks):
        if i % 2:       # a fenced code block
            out.append("<pre>" + block.replace("&", "&amp;").replace("<", "&lt;") + "</pre>")
            continue
        text = re.sub(r"^(#{2,6}) (.+)$", lambda m: "=" * (len(m[1]) - 1) + f" {m[2]} "
                      + "=" * (len(m[1]) - 1), block, flags=re.M)
        text = re.sub(r"^# .+$", "", text, flags=re.M)           # the page's title
        text = re.sub(r"^\s*[*-] ", "* ", text, flags=re.M)
        text = re.sub(r"^\s*\d+\. ", "# ", text, flags=re.M)
        text = re.sub(r"\*\*([^*]+)\*\*", "'''" + r"\1" + "'''", text)
        text = re.sub(r"\[([^\]]+)\]\((https?://[^)\s]+)\)", r"[\2 \1]", text)
        text = re.sub(r"\[([^\]]+)\]\(([\w-]+)\.md(?:#[^)]*)?\)",
                      lambda m: f"[[{titles[m[2]]}|{m[1]}]]" if m[2] in titles else m[1], text)
        text = re.sub(r"`([^`]+)`", r"<code><nowiki>\1</nowiki></code>", text)
        out.append(text)
    return "".join(out)


def write_docs(folder: Path, docs: Path) -> list[str]:
    """One article per Markdown file of a docs folder, titled by its first heading, in
    Category:Documentation; returns the titles."""
    files = sorted(docs.glob("*.md"))
    titles = {}
    for f in files:
        prose = re.sub(r"^```.*?^```", "", f.read_text(encoding="utf-8"), flags=re.M | re.S)
        m = re.search(r"^# (.+)$", prose, re.M)          # a code block's "# comment" is none
        titles[f.stem] = (m[1] if m else f.stem.replace("-", " ").title()).strip().replace("/", "-")
    for f in files:
        body = wikitext(f.read_text(encoding="utf-8"), titles)
        (folder / f"{titles[f.stem]}.txt").write_text(body + "\n\n[[Category:Documentation]]\n")
    (folder / "Category:Documentation.txt").write_text("The framework's documentation.\n")
    with open(folder / "Main Page.txt", "a") as main_page:     # written by write_pages
        main_page.write("\n== Documentation ==\n* [[:Category:Documentation]]\n")
    return list(titles.values())


def write_pages(folder: Path, changelog: str) -> None:
    """One file per page, named by its title and .txt (importTextFiles.php takes the name
    without its extension as the title, so a bare "Release 1.2.3" would be "Release 1.2")."""
    releases = posts(changelog)
    for p in releases:
        cats = [KIND[p.category]] + [t.title() for t in p.tags]
        body = wikitext(p.body) + "\n\n" + "\n".join(f"[[Category:{c}]]" for c in cats)
        (folder / f"Release {p.version}.txt").write_text(
            f"Released on {p.date:%B %-d, %Y}.\n\n{body}\n")
    categories = set(KIND.values()) | {t.title() for p in releases for t in p.tags}
    for c in categories:       # a category page must exist for its links to be no red links
        (folder / f"Category:{c}.txt").write_text(f"Releases filed under {c.lower()}.\n")
    latest = "\n".join(f"* [[Release {p.version}]]" for p in releases[:10])
    (folder / "Main Page.txt").write_text(
        f"{ABOUT}\n\n== Latest releases ==\n{latest}\n\n== By kind ==\n"
        + "\n".join(f"* [[:Category:{k}]]" for k in KIND.values())
        + "\n\nEvery page: [[Special:AllPages]].\n")


def label(path: str, docs: frozenset[str] = frozenset()) -> tuple[str, str] | None:
    """The page at path (wget's file for /index.php/Title is index.php/Title); docs: the
    docs articles' titles."""
    if not path.startswith("index.php/"):
        return None
    title = unquote(path[len("index.php/"):])
    if title == "Main_Page":
        return "index", "mediawiki main page"
    if title.startswith("Category:"):
        return "index", "mediawiki category"
    if title == "Special:AllPages":
        return "index", "mediawiki all pages"
    if title.startswith("Release_"):
        return "leaf", "mediawiki article (release notes)"
    if title.replace("_", " ") in docs:
        return "leaf", "mediawiki article (documentation)"
    return None


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("changelog", type=Path)
    ap.add_argument("out", type=Path)
    ap.add_argument("--skin", default="vector", choices=("vector", "monobook", "timeless"))
    ap.add_argument("--docs", type=Path, help="a folder of Markdown docs to add as articles "
                    "(Starlette's sdist: docs/)")
    args = ap.parse_args(argv)
    settings = SETTINGS.read_text()
    SETTINGS.write_text(re.sub(r'^\$wgDefaultSkin = "[^"]*";', f'$wgDefaultSkin = "{args.skin}";',
                               settings, flags=re.M))
    with tempfile.TemporaryDirectory() as tmp:
        write_pages(Path(tmp), args.changelog.read_text(encoding="utf-8"))
        docs = frozenset(write_docs(Path(tmp), args.docs) if args.docs else ())
        files = sorted(str(f) for f in Path(tmp).iterdir())
        subprocess.run(["php", "maintenance/importTextFiles.php", "--overwrite", "--bot", *files],
                       cwd=MEDIAWIKI, check=True, stdout=subprocess.DEVNULL)
    subprocess.run(["php", "maintenance/runJobs.php"], cwd=MEDIAWIKI, check=True,
                   stdout=subprocess.DEVNULL)    # category membership is a deferred job
    shutil.rmtree(args.out, ignore_errors=True)
    site = args.out / "site"
    subprocess.run(["wget", "-q", "--mirror", "-e", "robots=off", "--no-host-directories",
                    "--accept-regex", r"/index\.php/[^/?]+$",
                    "--reject-regex", r"/index\.php/(Special:[^A]|Talk:|User|File:|"
                                      r"Help:|MediaWiki:|Template:)",
                    "-P", str(site), SITE + "/index.php/Main_Page"], check=False)
    # wget keeps /index.php/Title as is
    write_labels(site, args.out, lambda path: label(path, docs), pattern="*")


if __name__ == "__main__":
    main()
