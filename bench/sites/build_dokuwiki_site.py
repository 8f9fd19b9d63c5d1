"""Fill a local DokuWiki with the changelog (and a folder of docs) and mirror it, as a
labelled corpus like ../shared/corpora/sites/<site>.

    python bench/sites/build_dokuwiki_site.py CHANGELOG.md OUT_DIR [--docs DOCS_DIR]
    python bench/sites/build_dokuwiki_site.py --setup

A wiki engine of another kind than MediaWiki: no database, pages are wiki-syntax text files
(data/pages/<namespace>/<page>.txt), namespaces are folders, and the wiki's own sitemap
(?do=index) lists them. Setting up once (as root; Debian's package, PHP's own server; the
php-cgi is only there so that the `php` dependency does not pull in Apache):

    apt-get install --no-install-recommends dokuwiki php-cli php8.2-cgi
    python bench/sites/build_dokuwiki_site.py --setup
    (cd /usr/share/dokuwiki && php -S 127.0.0.1:8002 /etc/dokuwiki/router-8002.php)

--setup (and every run) writes /etc/dokuwiki/local.protected.php (nice URLs,
$conf['userewrite'] = 1, so a page is http://127.0.0.1:8002/releases:1.10.0 as on
dokuwiki.org; page titles from first headings; base URL fixed to the server's), makes sure
acl.auth.php lets anonymous users (@ALL) read every page, and writes the router
/etc/dokuwiki/router-8002.php: PHP's server knows no .htaccess, so the router does what
DokuWiki's htaccess rewrite rules do (files as they are, /_media/…, /_detail/…,
/_export/…, anything else doku.php?id=…).

Each run (it replaces the releases: and docs: namespaces and the start page; the wiki's own
wiki: and playground: pages stay) writes one page per dated release (changelog_posts.py;
its Markdown turned into DokuWiki syntax: sections, lists, links, code) as
releases:<version>, a link-list page per kind of release (releases:major, :minor, :patch,
which each release links), the namespace's start page releases:start (every release, by
year), and the wiki's start page (about, latest releases, links to both namespaces). With
--docs, every Markdown file of the folder becomes a page docs:<its title>, with docs:start
listing them. Then it mirrors the wiki with wget from / into OUT_DIR/site, as a reader's
crawl would: page URLs only (/<id>), plus the sitemap as the start page links it
(/start?do=index, and its namespace branches /start?idx=<ns>, the only sitemap links
DokuWiki does not mark nofollow); edit, revisions, backlinks, login, recent changes, media
manager, export and every other do= action, media and feeds left out. wget keeps the file
names as the URLs (start?do=index, releases:1.10.0), so served at http://127.0.0.1:8002/
from site/, a page is at the address the wiki links (score with --site-url
http://127.0.0.1:8002/).

labels.csv: release and docs pages are leaves; the start page (/ and /start), the sitemap,
the namespaces' start pages and the kind pages (wiki text only a list of links) are index
pages; anything else the crawl found (the wiki's own wiki: pages) other.
"""
from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import urllib.request
from pathlib import Path
from urllib.parse import unquote

from changelog_posts import ABOUT, posts, write_labels
from mkdocs_markdown import indented

ETC = Path("/etc/dokuwiki")
PAGES = Path("/var/lib/dokuwiki/data/pages")
SITE = "http://127.0.0.1:8002"
ROUTER = ETC / "router-8002.php"
KIND = {"major": "Major releases", "minor": "Minor releases", "patch": "Patch releases"}

SETTINGS = f"""<?php
/* Written by leafcrawl's bench/sites/build_dokuwiki_site.py: nice URLs through
   {ROUTER} (PHP's built-in server on {SITE}). */
$conf['title'] = 'Release wiki';
$conf['tagline'] = 'Release notes and documentation of a web framework';
$conf['userewrite'] = 1;
$conf['useslash'] = 0;
$conf['basedir'] = '/';
$conf['baseurl'] = '{SITE}';
$conf['useheading'] = 1;
$conf['useacl'] = 1;
"""

ROUTER_PHP = r"""<?php
// PHP's built-in server in front of DokuWiki with $conf['userewrite'] = 1: what the rewrite
// rules of DokuWiki's .htaccess do. Written by leafcrawl's bench/sites/build_dokuwiki_site.py.
//   cd /usr/share/dokuwiki && php -S 127.0.0.1:8002 /etc/dokuwiki/router-8002.php
$path = rawurldecode(parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH));
$root = rtrim($_SERVER['DOCUMENT_ROOT'], '/');
if (preg_match('#(^|/)\.|^/(conf|data|inc|vendor|bin)/#', $path)) {
    http_response_code(404);
    return true;
}
if ($path !== '/' && is_file($root . $path)) {
    return false;                                   // lib/…: styles, scripts, lib/exe/*.php
}
$script = 'doku.php';
$params = [];
if (preg_match('#^/_media/(.*)$#', $path, $m)) {
    $script = 'lib/exe/fetch.php';
    $params = ['media' => $m[1]];
} elseif (preg_match('#^/_detail/(.*)$#', $path, $m)) {
    $script = 'lib/exe/detail.php';
    $params = ['media' => $m[1]];
} elseif (preg_match('#^/_export/([^/]+)/(.*)$#', $path, $m)) {
    $params = ['do' => 'export_' . $m[1], 'id' => $m[2]];
} elseif ($path !== '/') {
    $params = ['id' => substr($path, 1)];
}
foreach ($params as $k => $v) {                     // [QSA]: the query string's own win
    if (!isset($_GET[$k])) {
        $_GET[$k] = $v;
        $_REQUEST[$k] = $v;
    }
}
$_SERVER['SCRIPT_NAME'] = $_SERVER['PHP_SELF'] = '/' . $script;
$_SERVER['SCRIPT_FILENAME'] = $root . '/' . $script;
chdir(dirname($_SERVER['SCRIPT_FILENAME']));
require $_SERVER['SCRIPT_FILENAME'];
"""


def setup() -> None:
    """Settings, anonymous read access and the router (idempotent). Rewriting the settings
    file also makes DokuWiki drop every rendered page from its cache."""
    (ETC / "local.protected.php").write_text(SETTINGS)
    ROUTER.write_text(ROUTER_PHP)
    acl = ETC / "acl.auth.php"
    rules = acl.read_text() if acl.exists() else ""
    if not re.search(r"^\*\s+@ALL\s+[1-9]", rules, re.M):
        acl.write_text(rules.rstrip("\n") + ("\n" if rules else "") + "*               @ALL          1\n")


# --- Markdown to DokuWiki syntax ------------------------------------------------------------

FENCE = re.compile(r"^([ \t]*)```[ \t]*([\w+-]*)[^\n]*\n(.*?)^[ \t]*```[ \t]*$", re.M | re.S)
ADMONITION = re.compile(r"^(?:!!!|\?\?\?\+?) *(\w+)(?: +\"([^\"]*)\")? *$")
LIST_ITEM = re.compile(r"^( *)([*+-]|\d+\.) +(.*)$")


def slug(title: str) -> str:
    """A page name as DokuWiki's cleanID would make it of a title."""
    return re.sub(r"[^a-z0-9.]+", "_", title.lower()).strip("_.") or "page"


def unwrap_blocks(markdown: str) -> str:
    """MkDocs admonitions (!!! note "Title" + an indented block) as a bold lead-in and the
    block dedented; mkdocstrings' `::: module.Object` directives (and their indented options)
    dropped: no text of their own."""
    out, lines, i = [], markdown.split("\n"), 0
    while i < len(lines):
        line = lines[i]
        m = ADMONITION.match(line)
        directive = line.startswith("::: ")
        if not (m or directive):
            out.append(line)
            i += 1
            continue
        body, i = indented(lines, i + 1)
        if directive:
            continue
        lead = (m[2] if m[2] is not None else m[1].title()).strip()
        text = unwrap_blocks("\n".join(body)).lstrip("\n")
        inner = [] if lead.lower() == "api reference" else [f"**{lead}:** " if lead else ""]
        if text and not ADMONITION.match(text.split("\n")[0]):
            out.append("".join(inner) + text if inner else text)
        elif inner:
            out.append(inner[0])
        out.append("")
    return "\n".join(out)


def inline(text: str, pages: dict[str, str]) -> str:
    """One line's inline Markdown: code spans, links (to a page of the wiki when pages maps
    a .md file's stem to its id), bold, italics, HTML links; other HTML dropped; DokuWiki's
    own markup characters in the text escaped."""
    keep: list[str] = []

    def hold(s: str) -> str:
        keep.append(s)
        return f"\x00{len(keep) - 1}\x00"

    def link(target: str, label: str) -> str:
        if label.strip() and not re.sub(r"<[^>]*>", "", label).strip():
            return ""       # an HTML link round a badge or logo: no text to keep
        label = re.sub(r"<[^>]*>|[`*]", "", label).replace("|", "/").replace("]]", "] ]").strip()
        if re.match(r"https?://", target):
            return hold(f"[[{target}|{label}]]" if label else f"[[{target}]]")
        m = re.match(r"(?:\./)?([\w-]+)\.md(#[\w-]*)?$", target)
        if m and m[1] in pages:
            return hold(f"[[{pages[m[1]]}{m[2] or ''}|{label}]]")
        if target.startswith("#"):
            return hold(f"[[{target}|{label}]]")
        return label        # an image or a file outside the wiki: its text only

    text = re.sub(r"!\[([^\]]*)\]\([^)]*\)", "", text)                          # images
    text = re.sub(r"\[([^\]]*(?:`[^`]*`[^\]]*)*)\]\(([^)\s]+)(?: \"[^\"]*\")?\)",
                  lambda m: link(m[2], m[1]), text)
    text = re.sub(r"<a\s[^>]*href=\"([^\"]+)\"[^>]*>(.*?)</a>", lambda m: link(m[1], m[2]), text)
    text = re.sub(r"(`+)(.+?)\1", lambda m: hold(f"''%%{m[2].strip()}%%''"), text)
    text = re.sub(r"</?[a-zA-Z][^>]*>", "", text)                                # other HTML
    text = re.sub(r"https?://[^\s)\]>]+", lambda m: hold(m[0]), text)             # bare URLs
    text = re.sub(r"\*\*(.+?)\*\*", lambda m: "\x01" + m[1] + "\x01", text)
    text = re.sub(r"(?<![\w*])[*_](?![\s*_])(.+?)(?<![\s*_])[*_](?![\w*])",
                  lambda m: "\x02" + m[1] + "\x02", text)
    text = re.sub(r"__+|''+|//+|\[\[|\]\]|\{\{|\}\}|<|\\\\|~~|%%",
                  lambda m: f"%%{m[0]}%%", text)
    text = text.replace("\x01", "**").replace("\x02", "//")
    while "\x00" in text:
        text = re.sub(r"\x00(\d+)\x00", lambda m: keep[int(m[1])], text)
    return text


def prose(block: str, pages: dict[str, str], shift: int) -> str:
    """A stretch of Markdown with no code block in it: headings, rules, lists (a wrapped
    item joined), paragraphs (joined, as DokuWiki would join them)."""
    out: list[str] = []
    in_list = False
    depths: list[int] = []              # the indents of the open list levels
    para: list[str] = []                # a paragraph's lines (a code span may span two)

    def flush() -> None:
        if para:
            out.append(inline(" ".join(para), pages))
            para.clear()

    for line in block.split("\n"):
        item = LIST_ITEM.match(line)
        if item or not line.strip():
            flush()
        if item:
            indent = len(item[1])
            while depths and indent < depths[-1]:
                depths.pop()
            if not depths or indent > depths[-1]:
                depths.append(indent)
            marker = "-" if item[2][0].isdigit() else "*"
            out.append("  " * len(depths) + f"{marker} {inline(item[3], pages)}")
            in_list = True
            continue
        if in_list and line.startswith(" ") and line.strip():
            out[-1] += " " + inline(line.strip(), pages)  # a list item's wrapped line
            continue
        in_list, depths = False, []
        heading = re.match(r"^(#{1,6}) +(.+?) *#*$", line)
        rule = re.match(r"^ *([-*_] *){3,}$", line)
        if heading or rule or not line.strip():
            flush()
        if heading:
            level = max(1, len(heading[1]) - shift)
            marks = "=" * (7 - level)
            out.append(f"{marks} {re.sub(r'[`*]', '', heading[2])} {marks}")
        elif rule:
            out.append("----")
        elif line.strip():
            para.append(line.strip())
        else:
            out.append("")
    flush()
    return "\n".join(out)


def dokuwiki(markdown: str, pages: dict[str, str] | None = None, title: str | None = None) -> str:
    """Markdown as DokuWiki syntax. The body's first heading level becomes level 2 (a page's
    sections), its `# Title` is dropped for title (set, as a level 1 heading) when given."""
    pages = pages or {}
    markdown = unwrap_blocks(re.sub(r"\A---\n.*?\n---\n", "", markdown, flags=re.S))
    refs = {m[1].lower(): m[2] for m in re.finditer(r"^\[([^\]]+)\]: *(\S+).*$", markdown, re.M)}
    markdown = re.sub(r"^\[([^\]]+)\]: *\S+.*\n?", "", markdown, flags=re.M)
    markdown = re.sub(r"\[([^\]]+)\]\[([^\]]*)\]", lambda m: f"[{m[1]}]({refs[(m[2] or m[1]).lower()]})"
                      if (m[2] or m[1]).lower() in refs else m[0], markdown)     # reference links
    if title is not None:
        markdown = re.sub(r"^# .+$", "", markdown, count=1, flags=re.M)
    levels = [len(h) for h in re.findall(r"^(#{1,6}) ", FENCE.sub("", markdown), re.M)]
    shift = min(levels) - 2 if levels else 0
    out, end = [], 0
    for m in FENCE.finditer(markdown):
        out.append(prose(markdown[end:m.start()], pages, shift))
        indent, lang, code = m[1], m[2], m[3]
        code = "\n".join(line[len(indent):] if line.startswith(indent) else line.lstrip()
                         for line in code.rstrip("\n").split("\n"))
        code = code.replace("</code>", "<\\/code>")
        out.append(f"<code{' ' + lang if lang else ''}>\n{code}\n</code>")
        end = m.end()
    out.append(prose(markdown[end:], pages, shift))
    text = re.sub(r"\n{3,}", "\n\n", "\n".join(out)).strip()
    return (f"====== {title} ======\n\n" if title else "") + text + "\n"


# --- the pages ------------------------------------------------------------------------------

def page_file(page_id: str) -> Path:
    *ns, name = page_id.split(":")
    return PAGES.joinpath(*ns, name + ".txt")


def write(page_id: str, text: str) -> None:
    path = page_file(page_id)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    shutil.chown(path, "www-data", "www-data")
    shutil.chown(path.parent, "www-data", "www-data")


def write_releases(changelog: str) -> set[str]:
    """One page per release, a link-list page per kind, the namespace's start page; returns
    the releases' page ids."""
    releases = posts(changelog)
    ids = {}
    for p in releases:
        ids[p.version] = f"releases:{slug(p.version)}"
        kind = f"releases:{p.category}"
        lead = (f"Released on {p.date:%B %-d, %Y}, a [[{kind}|{p.category} release]]"
                + (" (" + ", ".join(p.tags) + ")." if p.tags else "."))
        page = dokuwiki(p.body, title=f"Release {p.version}")
        head, _, rest = page.partition("\n\n")
        write(ids[p.version], f"{head}\n\n{lead}\n\n{rest}")
    for kind, name in KIND.items():
        links = "\n".join(f"  * [[{ids[p.version]}|Release {p.version}]] ({p.date:%B %-d, %Y})"
                          for p in releases if p.category == kind)
        write(f"releases:{kind}", f"====== {name} ======\n\n{links}\n")
    by_year: dict[int, list[str]] = {}
    for p in releases:
        by_year.setdefault(p.date.year, []).append(f"  * [[{ids[p.version]}|Release {p.version}]]")
    write("releases:start", "====== Releases ======\n\n"
          + "\n".join(f"  * [[releases:{k}|{name}]]" for k, name in KIND.items()) + "\n\n"
          + "\n\n".join(f"===== {year} =====\n\n" + "\n".join(links)
                        for year, links in by_year.items()) + "\n")
    latest = "\n".join(f"  * [[{ids[p.version]}|Release {p.version}]] ({p.date:%B %-d, %Y})"
                       for p in releases[:10])
    write("start", f"====== Release wiki ======\n\n{ABOUT}\n\n===== Latest releases =====\n\n"
          f"{latest}\n\n===== Browse =====\n\n  * [[releases:start|All releases]]\n"
          + "\n".join(f"  * [[releases:{k}|{name}]]" for k, name in KIND.items()) + "\n")
    return set(ids.values())


def write_docs(docs: Path) -> set[str]:
    """One page per Markdown file of a docs folder, named by its first heading, and the
    namespace's start page listing them; returns their page ids."""
    files = sorted(docs.glob("*.md"))
    titles, pages = {}, {}
    for f in files:
        text = FENCE.sub("", f.read_text(encoding="utf-8"))  # a code block's "# comment" is none
        m = re.search(r"^# (.+)$", text, re.M)
        titles[f.stem] = re.sub(r"[`*]", "", m[1]).strip() if m else f.stem.replace("-", " ").title()
        pages[f.stem] = f"docs:{slug(titles[f.stem])}"
    for f in files:
        write(pages[f.stem], dokuwiki(f.read_text(encoding="utf-8"), pages, titles[f.stem]))
    write("docs:start", "====== Documentation ======\n\n"
          + "\n".join(f"  * [[{pages[f.stem]}|{titles[f.stem]}]]" for f in files) + "\n")
    with open(page_file("start"), "a", encoding="utf-8") as start:     # by write_releases
        start.write("  * [[docs:start|Documentation]]\n")
    return set(pages.values())


def label(path: str, releases: set[str], docs: set[str]) -> tuple[str, str]:
    """The page at path (wget's file name: the URL's path and query, /releases:1.10.0 is
    releases:1.10.0, /start?do=index is start?do=index, / is index.html)."""
    page, _, query = unquote(path).partition("?")
    if page in ("index.html", "start") and not query:
        return "index", "dokuwiki start page"
    if page == "start" and re.fullmatch(r"do=index|idx=[^&]*", query):
        return "index", "dokuwiki sitemap"
    if query:
        return "other", "dokuwiki action"
    if re.fullmatch(r"[\w.:-]+", page) and not page_file(page).exists():
        return "other", "dokuwiki missing page"     # DokuWiki answers a missing page with 200
    if page in ("releases:start", "docs:start"):
        return "index", "dokuwiki namespace start page"
    if page in {f"releases:{k}" for k in KIND}:
        return "index", "dokuwiki link list (kind of release)"
    if page in releases:
        return "leaf", "dokuwiki page (release notes)"
    if page in docs:
        return "leaf", "dokuwiki page (documentation)"
    return "other", "dokuwiki page (other)"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("changelog", type=Path, nargs="?")
    ap.add_argument("out", type=Path, nargs="?")
    ap.add_argument("--docs", type=Path, help="a folder of Markdown docs to add as pages "
                    "(Starlette's sdist: docs/)")
    ap.add_argument("--setup", action="store_true", help="only write the settings, ACL and "
                    "router (then start the server, see above)")
    args = ap.parse_args(argv)
    setup()
    if args.setup:
        print(f"settings, ACL and {ROUTER} written; serve with:\n"
              f"  (cd /usr/share/dokuwiki && php -S 127.0.0.1:8002 {ROUTER})")
        return
    if not (args.changelog and args.out):
        ap.error("CHANGELOG.md and OUT_DIR are needed (or --setup)")
    try:
        urllib.request.urlopen(SITE + "/start", timeout=10).read()
    except OSError as exc:
        sys.exit(f"DokuWiki is not answering at {SITE} ({exc}); start it with\n"
                 f"  (cd /usr/share/dokuwiki && php -S 127.0.0.1:8002 {ROUTER})")
    for ns in ("releases", "docs"):
        shutil.rmtree(PAGES / ns, ignore_errors=True)
    releases = write_releases(args.changelog.read_text(encoding="utf-8"))
    docs = write_docs(args.docs) if args.docs else set()
    shutil.rmtree(args.out, ignore_errors=True)
    site = args.out / "site"
    host = re.escape(SITE)
    subprocess.run(["wget", "-q", "--mirror", "-e", "robots=off", "--no-cookies",
                    "--no-host-directories", "--regex-type", "pcre",
                    # pages (/<id>) and the sitemap as the start page links it
                    "--accept-regex", rf"^{host}/([^/?]*|start\?(do=index|idx=[^&/]*))$",
                    "--reject-regex", r"[?&](do=(?!index)|rev=|at=|rev2|difftype=|tab_|image=|"
                                      r"ns=|media=|sectok=)|\.php|/_(media|detail|export)/|/lib/",
                    "-P", str(site), SITE + "/"], check=False)
    write_labels(site, args.out, lambda path: label(path, releases, docs), pattern="*")


if __name__ == "__main__":
    main()
