"""Link blocks (seeds/link-blocks.txt): groups of links that are navigation, not content.

Every link belongs to its nearest container (ul, ol, dl, table, div, nav, section…; never
<p>, <li> or a heading). A container with more than LINK_BLOCK_MIN_LINKS links is a *link
block* unless it passes the seed's three "combination approach" tests for text (list items
carry words beyond their link, no item is mostly link, links are under a third of the
words). A link block is then named:

- blogroll: the seed's blogroll score (+2 per new domain, +2 per rel=friend, -1 per
  own-domain link, -2 per external rel=tag/license) reaches BLOGROLL_THRESHOLD;
- tag_cloud: most of its links are taxonomy links (rel=tag or a /tag/, /category/ URL);
- menu: a nav-less menu — short in-site link texts outside main/article, in a header or
  footer, before the page's first heading, or in a container named like a menu;
- listing: anything else (an archive list, a table of posts): it stays in the count.

Beyond the seed, every link group inside a region its class or id names a sidebar
(div#secondary, div.sidebar, Butterfly's div#aside-content) is kind sidebar, however small:
a theme that builds its sidebar of divs inside <main> has an <aside> in all but the tag.

Menus, blogrolls and tag clouds are left out of the indexiness count like <nav>/<aside>
links are; an index page still follows their in-site links.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from lxml import etree

from .links import _BIT, INLINK, OUTLINK, SELFLINK, Link, element_text, subtree_text
from .url_shape import is_taxonomy_url

# A block needs more than this many links to be a link block (the seed: "more then 3").
LINK_BLOCK_MIN_LINKS = 3
# The seed's third test: link words under this share of the block's words mean text.
TEXT_BLOCK_MAX_LINK_SHARE = 1 / 3
# The seed's second test: an item whose link words reach half its words is a link item.
ITEM_MAX_LINK_SHARE = 0.5
# Blogroll scoring, the seed's numbers.
BLOGROLL_NEW_DOMAIN = +2
BLOGROLL_REL_FRIEND = +2
BLOGROLL_OWN_DOMAIN = -1
BLOGROLL_EXTERNAL_TAG_OR_LICENSE = -2
BLOGROLL_THRESHOLD = 5
# XFN relations that mean "a person I link to", the blogroll's mark (rel=friend and kin).
XFN_FRIEND = frozenset({"friend", "acquaintance", "contact", "met", "co-worker", "colleague"})
# Share of a block's links that must be taxonomy links for it to be a tag cloud.
TAG_CLOUD_SHARE = 0.6
# A tag cloud is bare links, at most a count beside each ("rust (12)"). Links that each
# carry a description are a directory: a docs root's toctree of /topics/x/ guides, each with
# its gist, read as a tag cloud and was left out (Scrapy's dirhtml root -6.6).
TAG_CLOUD_MAX_OTHER_WORDS_PER_LINK = 2
# Menus name pages in a word or three ("Home", "About me", "Contact"); post titles are longer.
MENU_MAX_MEAN_WORDS = 3.0
# Share of a menu's links that must stay on the site...
MENU_MIN_INSITE_SHARE = 0.8
# ...though a navbar may hold one link off the site however few its links: the project's
# GitHub, a social icon, an "Edit on GitHub" beside Previous and Next (MkDocs' own theme:
# that toolbar, 3 of 4 in-site, counted its Previous/Next as a listing's in-links and one
# short doc read as an index). No WCXB, blog or Readability verdict changes.
MENU_MAX_OFFSITE = 1
# How far above a small link group a menu's container is looked for: a dropdown's <ul> sits
# in the menu's <li>, which sits in the menu's <ul> (two levels), or one wrapper deeper.
# One WCXB verdict changes (a service page, now a leaf), none elsewhere.
SUBMENU_MAX_DEPTH = 3
# Class/id words of containers themes use for menus and widget columns.
MENU_HINT = re.compile(r"menu|navbar|nav\b|navigation|sidebar|widget|breadcrumb|masthead|topbar|"
                       r"site-header|site-footer|footer|header|social|share", re.I)
# The same for lowercased ASCII words, where ignoring case changes nothing and re.I made a
# search several times as slow
_MENU_HINT_ASCII = re.compile(MENU_HINT.pattern)

CONTAINER_TAGS = frozenset({"ul", "ol", "dl", "menu", "table", "div", "nav", "section", "aside",
                            "header", "footer", "main", "article", "body", "form", "details"})
LIST_TAGS = frozenset({"ul", "ol", "dl", "menu"})
ITEM_TAGS = ("li", "dt", "dd")
LEFT_OUT = ("menu", "blogroll", "tag_cloud", "sidebar")
# Class/id tokens that name a sidebar column: "sidebar", "side-bar" or "aside" as a word of
# the token (sidebar-left, aside-content), or WordPress' #secondary and .widget-area. A widget
# alone is not enough: page builders name their content blocks so (elementor-widget-posts).
# Hexo's Butterfly theme puts its div#aside-content in <main>: its category, archive and
# recent-post cards counted as the content's links and its about page read as an index
# (+30.1; -11.9 with the region and its mobile twin div#sidebar left out).
SIDEBAR_REGION = re.compile(r"(?:^|[-_])(?:sidebar|side-bar|aside)(?:$|[-_])|^(?:secondary|widget-area)$")
# Where the climb from a link group to a sidebar region stops: the content's own frame.
_REGION_STOPS = frozenset({"main", "article", "body", "html"})
# Grid frameworks' column classes (Bootstrap col-md-3, Foundation columns/cell, Bulma column,
# Pure pure-u-1-3, UIkit uk-width-…): a layout's side column is a sidebar however it is
# named (_mark_side_columns). Mezzanine's default theme puts its sidebar (recent posts, 48
# month archives, categories) in div.col-md-3.right beside div.col-md-7.middle: 92 of 98
# posts read as index pages (+1.4 to +21.7, link_targets at its cap). Tailwind's
# col-start-N/col-span-N place grid items in rows they do not name: not these.
GRID_COLUMN = re.compile(r"col|col-(?:(?:xs|sm|md|lg|xl|xxl)-)?(?:\d{1,2}|auto)|col-(?:xs|sm|md|lg|xl|xxl)|"
                         r"(?:small|medium|large|xlarge)-\d{1,2}|columns?|cell|span\d{1,2}|"
                         r"pure-u(?:-[a-z]{2})?-\d+-\d+|uk-width-\d+-\d+(?:@\w+)?|grid__col[\w-]*")
_MAIN_ARTICLE = _BIT["in_main"] | _BIT["in_article"]
_HEADER_FOOTER = _BIT["in_header"] | _BIT["in_footer"]
_HEADLINE = _BIT["in_headline"]


@dataclass
class LinkBlock:
    container: object = field(repr=False)
    links: list[Link]
    link_words: int            # words inside its links
    kind: str = "text"         # text | listing | menu | blogroll | tag_cloud | sidebar
    page_host: str = field(default="", repr=False)

    @property
    def blogroll_score(self) -> int:
        """The seed's blogroll score of the block's links (computed on demand: naming the
        block needs it only when its links can reach BLOGROLL_THRESHOLD at all); 0 for a
        block read as text, which is not named."""
        return blogroll_score(self.links, self.page_host) if self.kind != "text" else 0

    @property
    def words(self) -> int:
        """Words in the container, counted on demand (the text test needs only a bound)."""
        return _words(element_text(self.container))

    @property
    def density(self) -> float:
        """Link density: the share of the container's words that sit inside links."""
        words = self.words
        return self.link_words / words if words else 1.0


def _words(s: str) -> int:
    return len(s.split())


def _link_words(links: list[Link]) -> int:
    return sum(len(lk.text.split()) for lk in links)


def _link_heavy(container, link_words: int) -> bool:
    """link_words >= TEXT_BLOCK_MAX_LINK_SHARE of the container's words: the seed's third
    test. The words are counted only up to a bound past which the test fails anyway (a
    container holding a whole article has thousands)."""
    # the test is false from `bound` words on, and stays false for more words
    bound = int(link_words / TEXT_BLOCK_MAX_LINK_SHARE) + 2
    assert not link_words >= TEXT_BLOCK_MAX_LINK_SHARE * bound
    words = len(element_text(container).split(None, bound))   # min(words, bound + 1)
    return link_words >= TEXT_BLOCK_MAX_LINK_SHARE * max(words, 1)


def _container(el):
    p = el.getparent()
    while p is not None and p.tag not in CONTAINER_TAGS:
        p = p.getparent()
    return p


def _registrable(host: str) -> str:
    """example.org for www.example.org and blog.example.org: one owner, one domain."""
    parts = host.lower().split(".")
    if len(parts) >= 3 and len(parts[-2]) <= 3 and len(parts[-1]) == 2:   # example.co.uk
        return ".".join(parts[-3:])
    return ".".join(parts[-2:])


# The most one link can add to the blogroll score: an out-link a new domain, an in-link its
# own domain, either a rel=friend.
_MOST_PER_OUTLINK = max(BLOGROLL_NEW_DOMAIN, BLOGROLL_OWN_DOMAIN, 0)
_MOST_PER_REL = max(BLOGROLL_REL_FRIEND, 0)


def may_be_blogroll(links: list[Link]) -> bool:
    """Can blogroll_score(links) reach BLOGROLL_THRESHOLD? An upper bound from the links'
    localities and whether they have a rel at all, without splitting any host: a menu of
    in-site links without rel is ruled out at once."""
    most = 0
    for link in links:
        most += _MOST_PER_OUTLINK if link.locality == OUTLINK else BLOGROLL_OWN_DOMAIN
        if link.rel:
            most += _MOST_PER_REL
    return most >= BLOGROLL_THRESHOLD


def blogroll_score(links: list[Link], page_host: str) -> int:
    own = _registrable(page_host)
    seen: set[str] = set()
    hosts: dict[str, str] = {}     # an out-link's scheme and netloc -> its registrable domain
    score = 0
    for link in links:
        if link.locality == OUTLINK:
            url = link.url
            # the URL up to its netloc's end, which alone decides urlsplit's hostname:
            # each host is split and reduced to its domain once
            start = url.find("//")
            end = len(url)
            if start >= 0:
                for stop in "/?#":
                    i = url.find(stop, start + 2, end)
                    if i >= 0:
                        end = i
            key = url[:end]
            domain = hosts.get(key)
            if domain is None:
                host = urlsplit(url).hostname or ""
                domain = hosts[key] = _registrable(host) if host else own
        else:
            domain = own       # an in-site link's host is the page's
        external = domain != own
        if external and domain not in seen:
            seen.add(domain)
            score += BLOGROLL_NEW_DOMAIN
        if not external:
            score += BLOGROLL_OWN_DOMAIN
        rel = link.rel
        if rel:
            if not XFN_FRIEND.isdisjoint(rel):
                score += BLOGROLL_REL_FRIEND
            if external and not _TAG_OR_LICENSE.isdisjoint(rel):
                score += BLOGROLL_EXTERNAL_TAG_OR_LICENSE
    return score


_TAG_OR_LICENSE = frozenset({"tag", "license"})


def _is_tag_cloud(links: list[Link]) -> bool:
    """taxonomy links >= TAG_CLOUD_SHARE of the links, counted only until decided."""
    need = TAG_CLOUD_SHARE * len(links)
    taxonomy = 0
    left = len(links)
    for lk in links:
        left -= 1
        if "tag" in lk.rel or (lk.locality != OUTLINK and is_taxonomy_url(lk.url)):
            taxonomy += 1
            if taxonomy >= need:
                return True
        elif taxonomy + left < need:
            return False
    return taxonomy >= need


def _described(block: LinkBlock) -> bool:
    """Does the block hold more than TAG_CLOUD_MAX_OTHER_WORDS_PER_LINK words per link beyond
    its links' own words?"""
    other = _words(element_text(block.container)) - block.link_words
    return other > TAG_CLOUD_MAX_OTHER_WORDS_PER_LINK * len(block.links)


def _is_text_block(container, links: list[Link], link_words: int) -> bool:
    """The seed's combination approach: True when the block reads as text, not links."""
    if _link_heavy(container, link_words):
        return False
    if container.tag in LIST_TAGS:
        items = [c for c in container if c.tag in ITEM_TAGS]
        linked = {lk.element.getparent() for lk in links}
        for item in items:
            item_words = _words(element_text(item))
            item_link_words = sum(_words(subtree_text(a)) for a in item.iter("a"))
            if item_words <= item_link_words:          # nothing beyond the link
                return False
            if item_link_words >= ITEM_MAX_LINK_SHARE * item_words and item in linked:
                return False
    return True


def _attr_words(el) -> str:
    return " ".join(filter(None, (el.get("class"), el.get("id"), el.get("role"))))


def _hinted(container) -> bool:
    el = container
    for _ in range(3):
        if el is None or el.tag in ("body", "main", "article"):
            return False
        words = _attr_words(el)
        if (_MENU_HINT_ASCII.search(words.lower()) if words.isascii()
                else MENU_HINT.search(words)):
            return True
        el = el.getparent()
    return False


def _kind(block: LinkBlock, page_host: str, first_heading_pos: int | None) -> str:
    links = block.links
    block.page_host = page_host
    # the links' signature bits, OR-ed (one in main/article, in a heading, in a header/footer)
    # and AND-ed (all in main/article)
    bits, every = 0, -1
    for lk in links:
        bits |= lk.flags
        every &= lk.flags
    # A blogroll is a sidebar's or a footer's list of friends' sites. Other sites listed in
    # the page's main content or article, outside anything marked as a sidebar or widget
    # (_hinted: themes put a div sidebar inside <main> too), are the content citing them
    # (further reading, the libraries a doc names): the seed's out-link evidence of a leaf,
    # however many domains they name. Left out, a docs page's four links to other projects
    # read as a map (Readability 8 -> 7 wrong; Docusaurus' and VitePress' closest leaves
    # -2.3 -> -5.9, -13.6 -> -17.2; no other verdict changes).
    cited = every & _MAIN_ARTICLE and not _hinted(block.container)
    if (not cited and may_be_blogroll(links)
            and blogroll_score(links, page_host) >= BLOGROLL_THRESHOLD):
        return "blogroll"
    if _is_tag_cloud(links) and not _described(block):
        return "tag_cloud"
    in_content = bits & _MAIN_ARTICLE
    insite = sum(1 for lk in links if lk.locality in (INLINK, SELFLINK))
    mean_words = block.link_words / len(links)     # the same sum over the links' texts
    headline = bits & _HEADLINE
    offsite = len(links) - insite
    if (not in_content and not headline and mean_words <= MENU_MAX_MEAN_WORDS
            and (insite >= MENU_MIN_INSITE_SHARE * len(links) or offsite <= MENU_MAX_OFFSITE)):
        framed = bits & _HEADER_FOOTER
        early = first_heading_pos is not None and links[-1].pos < first_heading_pos
        if framed or early or _hinted(block.container):
            return "menu"
    return "listing"


def find_link_blocks(links: list[Link], page_url: str,
                     first_heading_pos: int | None = None) -> list[LinkBlock]:
    """Link blocks among the given links (usually the relevant ones), each with its kind."""
    groups: dict[object, list[Link]] = {}   # container element -> its links
    containers: dict[object, object] = {}   # a link's parent -> its nearest container
    for link in links:
        el = link.element
        if el is None:
            continue
        parent = el.getparent()
        c = containers.get(parent, containers)
        if c is containers:
            c = parent       # _container(el), climbing from the parent already in hand
            while c is not None and c.tag not in CONTAINER_TAGS:
                c = c.getparent()
            containers[parent] = c
        if c is None:
            continue
        group = groups.get(c)
        if group is None:
            groups[c] = [link]
        else:
            group.append(link)
    page_host = None      # split only when a block needs naming
    blocks = []
    small = []            # groups too small to be blocks: a menu's dropdowns, among others
    regions: dict = {}    # element -> in a sidebar region (memo of the climbs)
    rows: set = set()     # grid rows whose columns were weighed (_mark_side_columns)
    for container, group in groups.items():
        sidebar = _in_sidebar(container, regions, rows)
        if len(group) <= LINK_BLOCK_MIN_LINKS:
            if sidebar:
                blocks.append(LinkBlock(container, group, _link_words(group), "sidebar"))
            else:
                small.append((container, group))
            continue
        link_words = _link_words(group)
        block = LinkBlock(container, group, link_words)
        if not _is_text_block(container, group, link_words):
            if page_host is None:
                page_host = urlsplit(page_url).hostname or ""
            block.kind = _kind(block, page_host, first_heading_pos)
        if sidebar and block.kind not in LEFT_OUT:
            block.kind = "sidebar"     # a blogroll or tag cloud there keeps its own name
        blocks.append(block)
    if small:
        blocks.extend(_submenus(small, blocks))
    return blocks


# A side column's words are mostly its links' (headings and counts beside them).
SIDE_COLUMN_MIN_LINK_SHARE = 0.5


# Layout rows hold two or three columns (content and one or two sidebars); a row of more is
# a grid of cards, whose cards are the content.
LAYOUT_MAX_COLUMNS = 3


def _side_hint(words: str | None) -> bool:
    """Can SIDEBAR_REGION match here? Substring tests before the regex: a regex call per
    element cost more than the rest of the climb (class names are lowercase; "Sidebar" ids
    are the exception)."""
    return bool(words) and ("side" in words or "Side" in words or "secondary" in words
                            or "widget-area" in words)


def _column_hint(cls: str) -> bool:
    """Can GRID_COLUMN match a word of cls? (Substring tests, as _side_hint.)"""
    return ("col" in cls or "cell" in cls or "span" in cls or "pure-u" in cls
            or "uk-width" in cls or "small-" in cls or "medium-" in cls or "large-" in cls)


def _is_column(el) -> bool:
    cls = el.get("class")
    return bool(cls) and _column_hint(cls) and any(
        GRID_COLUMN.fullmatch(w) for w in cls.lower().split())


def _mark_side_columns(row, memo: dict) -> None:
    """Mark in memo (as _in_sidebar reads it) the side columns of a layout row: in a row of
    two or three grid columns, itself in no column, the content column is the widest by its
    class (else the one with the most words outside links), and a column beside it that is
    mostly links is a sidebar. Weighed when a link group's climb first meets one of the
    row's columns: a page without link groups in columns pays nothing."""
    cols = [c for c in row if isinstance(c.tag, str) and _is_column(c)]
    if not 2 <= len(cols) <= LAYOUT_MAX_COLUMNS:
        return
    if any(_is_column(anc) for anc in row.iterancestors()):
        return            # columns inside a column: a block of the content, not the layout
    widths = {c: _column_width(c) for c in cols}
    widest = max(widths.values())
    if widest and sum(1 for w in widths.values() if w == widest) == 1:
        # the widest column by its class is the content's: the others are beside it, and
        # only theirs need counting (the content's words are most of the page's)
        content = max(cols, key=widths.get)
        words = {c: _link_and_all_words(c) for c in cols if c is not content}
        own = None
    else:
        # else the wordiest outside links (a short post of links beside a sidebar of month
        # archives and counts would not be the widest by words alone)
        words = {c: _link_and_all_words(c) for c in cols}
        content = max(cols, key=lambda c: words[c][1] - words[c][0])
        own = words[content][1] - words[content][0]
    for c, (linked, total) in words.items():
        beside = own is None or total - linked < own
        if c is not content and total and linked >= SIDE_COLUMN_MIN_LINK_SHARE * total and beside:
            memo[c] = True


# Widths grid classes state: Bootstrap col-md-7 and Foundation medium-8 (of 12), span8 (of 12),
# Pure pure-u-2-3 and UIkit uk-width-2-3 (fractions).
_TWELFTHS = re.compile(r"(?:col-(?:(?:xs|sm|md|lg|xl|xxl)-)?|(?:small|medium|large|xlarge)-|span)(\d{1,2})")
_FRACTION = re.compile(r"(?:pure-u-(?:[a-z]{2}-)?|uk-width-)(\d+)-(\d+)(?:@\w+)?")


def _column_width(el) -> float:
    """The widest width the column's classes state (a share of the row), 0 when none."""
    width = 0.0
    for w in (el.get("class") or "").lower().split():
        m = _TWELFTHS.fullmatch(w)
        if m:
            width = max(width, int(m[1]) / 12)
            continue
        m = _FRACTION.fullmatch(w)
        if m and int(m[2]):
            width = max(width, int(m[1]) / int(m[2]))
    return width


_COUNT = re.compile(r"(?<!\S)[(\[]?\d+[)\]]?(?!\S)")
_LINK_TEXTS = etree.XPath(".//a//text()", smart_strings=False)


def _words_not_counts(text: str) -> int:
    """Words, a number alone ("(3)", "2026": an archive's counts and years) not one."""
    return len(text.split()) - len(_COUNT.findall(text))


def _link_and_all_words(el) -> tuple[int, int]:
    return _words_not_counts(" ".join(_LINK_TEXTS(el))), _words_not_counts(element_text(el))


def _in_sidebar(el, memo: dict, rows: set) -> bool:
    """Is el, or an ancestor below the content's frame (main, article, body), named as a
    sidebar (SIDEBAR_REGION) or a side column of a layout row (_mark_side_columns)? memo
    keeps each element's answer (groups share ancestors); rows, the rows weighed so far."""
    path = []
    found = False
    while el is not None and el.tag not in _REGION_STOPS:
        known = memo.get(el)
        if known is not None:
            found = known
            break
        path.append(el)
        cls, ident = el.get("class"), el.get("id")
        if cls or ident:
            # the word-by-word regex only where one of its words could be ("aside" holds
            # "side"): most elements name neither
            if (_side_hint(cls) or _side_hint(ident)) and any(
                    SIDEBAR_REGION.search(w) for w in f"{ident or ''} {cls or ''}".lower().split()):
                found = True
                break
            if cls and _column_hint(cls) and _is_column(el):
                row = el.getparent()
                if row is not None and row not in rows:
                    rows.add(row)
                    _mark_side_columns(row, memo)
                if memo.get(el):
                    found = True
                    break
        el = el.getparent()
    for seen in path:
        memo[seen] = found
    return found


def _submenus(small, blocks: list[LinkBlock]) -> list[LinkBlock]:
    """The small link groups nested in a menu (a dropdown's two or three entries under a
    navbar's item): part of the menu, though too small to be a block of their own. Left
    counted, a div-built navbar's dropdowns read as lists of in-site links on every page."""
    menus = {b.container for b in blocks if b.kind == "menu"}   # elements, as groups' keys
    if not menus:
        return []
    found = []
    for container, group in small:
        el = container.getparent()
        for _ in range(SUBMENU_MAX_DEPTH):
            if el is None:
                break
            if el in menus:
                found.append(LinkBlock(container, group, _link_words(group), "menu"))
                break
            el = el.getparent()
    return found


def left_out_links(blocks: list[LinkBlock]) -> dict[str, list[Link]]:
    """kind -> links of the menus, blogrolls and tag clouds (left out of the count)."""
    out: dict[str, list[Link]] = {k: [] for k in LEFT_OUT}
    for b in blocks:
        if b.kind in out:
            out[b.kind].extend(b.links)
    return out
