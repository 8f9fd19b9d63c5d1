"""analyze_page: one call per fetched page -> verdict, score, links, content blocks."""
from __future__ import annotations

import gc
import hashlib
import re
from contextlib import contextmanager
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from .store.account_forms import is_account_page
from .store.search_pages import is_search_page
from .blocks import Block
from .content.page_content import page_content
from .content.unicode_form import compose_blocks, composed
from .htmlparse import MAX_HTML_BYTES, HtmlInputError, document_order, parse_html
from .indexiness.score import score_tree
from .indexiness.hash_routes import is_place_in_page, route_of
from .indexiness.page_address import page_address
from .indexiness.url_identity import PAGE_NUMBER_KEYS, is_post_window
from .metadata.discussion import declares_discussion
from .metadata.byline import (author_name, byline_author, byline_texts, names_alike, shown_title,
                              shows_heading, title_heading)
from .content.byline_blocks import drop_byline_blocks
from .content.author_box import drop_author_box
from .metadata.page_date import iso_date, printed_local_day, shown_date, utc_instant
from .indexiness.links import (_BIT, FLAG_ROLES, FLAG_TAGS, INLINK, OUTLINK, SELFLINK, is_http,
                               link_addresses, page_links)
from .metadata.page_metadata import extract_page_metadata, heading_title, named_h1s, names_page
from .metadata.publisher import is_login, site_namer, without_site
from .metadata.thread_starter import first_post_time, thread_starter
from .metadata.ld_authors import ld_author
from .indexiness.url_shape import PAGE_EXTENSION

__all__ = ["PageError", "IndexinessConfig", "PageAnalysis", "analyze_page", "MAX_HTML_BYTES"]

# Index when score > threshold: 0 is the seed's own boundary (positive = navigation).
DEFAULT_THRESHOLD = 0.0


class PageError(HtmlInputError):
    """Bad input: binary body, empty, too large, unparsable. The message names the problem."""


@dataclass
class IndexinessConfig:
    threshold: float = DEFAULT_THRESHOLD   # index when score > threshold

    @classmethod
    def from_settings(cls, settings) -> "IndexinessConfig":
        return cls(threshold=settings.getfloat("LEAFCRAWL_THRESHOLD", DEFAULT_THRESHOLD))


@dataclass
class PageAnalysis:
    url: str
    title: str | None
    # the metadata's author; on a leaf whose metadata names none, its byline's
    author: str | None
    # the metadata's date (the score's date_published term reads it); on a leaf whose
    # metadata names none, the date it prints for its readers (page_date.shown_date)
    date_published: str | None
    verdict: str
    score: float
    seed_score: float
    breakdown: dict[str, float]
    counts: dict[str, int]
    counted_links: dict[str, list[str]]
    follow_links: list[str]
    page_links: list[str]
    # The numbered pages this page continues on (a long thread's page 2, 3…): a leaf's
    # pager leads to more of the same content, so the crawl follows it even from a leaf.
    continuation_links: list[str] = field(default_factory=list)
    # The in-site pages filed under this page's path (/usage/domains/c.html under
    # /usage/domains/): its sub-pages, which the crawl follows even from a leaf.
    child_links: list[str] = field(default_factory=list)
    # The in-site pages beside this one in the navigation that lists it (a docs site's
    # sidebar): its siblings, which the crawl follows even from a leaf.
    sibling_links: list[str] = field(default_factory=list)
    # <meta name="robots"> directives (noindex, nofollow…): the page's own word on whether it
    # may be kept and its links followed
    robots: frozenset[str] = frozenset()
    # the content is an account form (log in, sign up, reset a password): scored and
    # followed like any page, never archived (account_forms.py)
    account_form: bool = False
    # the content is a search box (a static site's search page): scored and followed like
    # any page, never archived (search_pages.py)
    search_page: bool = False
    # a discussion's window around one post (/topic/56/slug/16, whose canonical names the
    # thread's page holding it: url_identity.is_post_window): followed, never archived
    post_window: bool = False
    # <link rel="canonical"> naming another URL (metadata.declared_canonical): the archive
    # hands this page's file to that URL when it turns up with the same content
    canonical_url: str | None = None
    blocks: list[Block] = field(default_factory=list)
    content_hash: str = ""

    def to_dict(self) -> dict:
        return {
            "url": self.url, "title": self.title, "author": self.author,
            "date_published": self.date_published, "verdict": self.verdict,
            "score": self.score, "seed_score": self.seed_score,
            "breakdown": dict(self.breakdown), "counts": dict(self.counts),
            "counted_links": {k: list(v) for k, v in self.counted_links.items()},
            "follow_links": list(self.follow_links), "page_links": list(self.page_links),
            "continuation_links": list(self.continuation_links),
            "child_links": list(self.child_links),
            "sibling_links": list(self.sibling_links), "robots": sorted(self.robots),
            "account_form": self.account_form, "search_page": self.search_page,
            "post_window": self.post_window,
            "canonical_url": self.canonical_url,
            "blocks": [b.to_dict() for b in self.blocks], "content_hash": self.content_hash,
        }


# Below this much text (whitespace aside) a page's words do not tell its content from
# another's: a photo post is "Untitled" and a picture, a video page its title and the player.
# There the addresses of its pictures and media join the print, so two photo posts titled
# alike are two documents, not one archived and one called its duplicate. A longer text is
# print enough, and one its pictures cannot move (resized copies, a CDN's variants).
MEDIA_PRINT_BELOW_CHARS = 280
MEDIA_KINDS = frozenset({"image", "media"})


def content_hash(blocks) -> str:
    """sha1 of the blocks' text, whitespace dropped; for a short text, with its media's
    addresses (query and fragment cut: a cache-buster's ?v=… is no other picture). Blocks
    or their dicts (an archive job's payload)."""
    # whitespace dropped from the joined text, not block by block: the same string, one
    # pass instead of one per block; split() drops exactly what \s matches (str.isspace),
    # 3.7 times faster than re.sub on a long text. The spaces go first with replace, a C
    # loop that makes no objects: split() then cuts only at line breaks and rarer spaces,
    # not into every word (70 -> 37 us a page, WCXB dev median)
    if blocks and isinstance(blocks[0], dict):
        blocks = [Block.from_dict(b) for b in blocks]
    text = "".join("".join([b.text for b in blocks]).replace(" ", "").split())
    if len(text) < MEDIA_PRINT_BELOW_CHARS:
        media = [b.href.split("#")[0].split("?")[0] for b in blocks
                 if b.kind in MEDIA_KINDS and b.href]
        if media:
            text += "\n" + "\n".join(media)
    return hashlib.sha1(text.encode("utf-8")).hexdigest()


def h1s_and_forms(root) -> tuple[list, list]:
    """The page's h1 and form elements, in document order, from one walk of the tree: the
    leaf's title and byline read its h1s, the account-form test its forms, and each walked
    the whole tree for its own before (cold, right after the block walk: heading_title,
    names_page and is_account_page 0.25 -> 0.15 ms median, phases min of 3, WCXB dev)."""
    h1s, forms = [], []
    for el in root.iter("h1", "form"):
        (h1s if el.tag == "h1" else forms).append(el)
    return h1s, forms


def _follow_links(result, pager: list[str], links, page_url: str,
                  addresses: dict[str, str] | None = None) -> list[str]:
    """What an index page leads to: its relevant in-links first, then its tag clouds and
    pager (themes put the pager in a <nav>, which the relevant-link rule leaves out), then
    every other in-site link (menus, header, footer), so the crawl reaches sections such
    as /tags/ that only the site's navigation links to. Blogrolls lead off-site anyway.
    addresses: links.link_addresses(links), the links' page addresses."""
    own = page_address(page_url)
    addresses = addresses or {}
    seen: dict[str, None] = {}
    candidates = ([link.url for link in result.relevant if link.locality == INLINK]
                  + [link.url for link in result.left_out.get("tag_cloud", [])]
                  + pager
                  + [link.url for link in links if link.locality == INLINK])
    # each URL once (the relevant in-links come twice, menus repeat): a later occurrence
    # of a URL adds nothing, and page_address is no cheap call on 150 links a page
    for url in dict.fromkeys(candidates):
        u = addresses.get(url)
        if u is None:
            if not is_http(url):
                continue
            u = page_address(url)     # a pager's <link rel=next>, among no <a>
        if u != own:
            seen.setdefault(u, None)
    return list(seen)


# Of url_identity.PAGE_NUMBER_KEYS, these count items from 0, the rest pages from 1
_OFFSET_KEYS = frozenset({"start", "offset"})


def _continuation_links(result, pager: list[str], page_url: str) -> list[str]:
    """The pager's links that number pages of this very page: the pagination term counted
    them, and each keeps this page's path and query and only adds to them (…/page-2,
    ?t=112320&start=20). A post's rel=next to the next post, or a sidebar's year archives,
    are no continuation of it."""
    if not result.counts.get("pagination"):
        return []
    own = urlsplit(page_address(page_url))
    stem = PAGE_EXTENSION.sub("", own.path).rstrip("/")
    # (this page's own number is no part of what its next pages keep: ?lang=en&page=2 goes
    # on to ?lang=en&page=3; kept, a thread's page 2 had no continuation, and NodeBB's
    # pages 3 and 4 of a thread were never fetched)
    own_query = {pair for pair in own.query.split("&")
                 if pair and pair.partition("=")[0].lower() not in PAGE_NUMBER_KEYS}
    own_numbers = _page_numbers(own.query)
    found: dict[str, None] = {}
    for url in pager:
        if not is_http(url):
            continue
        parts = urlsplit(page_address(url))
        if (parts.netloc == own.netloc and parts.path.startswith(stem)
                and own_query <= set(parts.query.split("&")) and parts[:4] != own[:4]
                and not _goes_back(_page_numbers(parts.query), own_numbers)):
            found.setdefault(parts.geturl(), None)
    return list(found)


def _page_numbers(query: str) -> dict[str, int]:
    """The query's page-number parameters (PAGE_NUMBER_KEYS) whose values are numbers."""
    out = {}
    for pair in query.split("&"):
        key, _, value = pair.partition("=")
        if value.isdigit() and key.lower() in PAGE_NUMBER_KEYS:
            out[key.lower()] = int(value)
    return out


def _goes_back(numbers: dict[str, int], own: dict[str, int]) -> bool:
    """A pager link to this page or an earlier one (page 2's link to ?page=1): no more of it.
    A page without the key is the first (page 1, offset 0)."""
    return any(n <= own.get(key, 0 if key in _OFFSET_KEYS else 1)
               for key, n in numbers.items())


# A thread's or a listing's page N in its path: XenForo's /threads/x.12/page-3, Invision's
# and WordPress' /page/2/.
_PATH_PAGE = re.compile(r"/page[-/:]?(\d+)/?$", re.I)


def _writers(ld: list[dict], names_the_site) -> str | None:
    """The authors the page's JSON-LD names, unless they too are the site or a login."""
    name = ld_author(ld)
    name = author_name(name) if name else None
    return name if name and not names_the_site(name) and not is_login(name) else None


def _later_page(url: str) -> bool:
    """Is url a page after the first of what it pages (?page=2, ?start=20, /page-3)?"""
    parts = urlsplit(url)
    found = _PATH_PAGE.search(parts.path)
    return (found is not None and int(found.group(1)) > 1) or any(
        n > (0 if key in _OFFSET_KEYS else 1) for key, n in _page_numbers(parts.query).items())


def _child_links(links: list[str], page_url: str) -> list[str]:
    """The links (http, fragment-free) to pages below this page's path: under its folder
    when it is the folder's index (/docs/ or /docs/index.html: /docs/x), under its own name
    as a folder otherwise (/guide.html: /guide/x). A docs section's introduction or a
    book's chapter is a leaf whose sub-pages often hang from it alone (a Sphinx toctree in
    the text, with no global table of contents on the site), so following only index pages
    would never reach them. The site's home has every page below it and gets none: the
    crawl follows it as an index or as its start. On a hash-routed site the route is the
    path (/#/guide: /#/guide/x)."""
    own_route = route_of(page_url)
    if own_route is not None:
        base = page_url.split("#", 1)[0]
        return [url for url in links if url.split("#", 1)[0] == base
                and (route_of(url) or "").startswith(own_route + "/")]
    own = urlsplit(page_address(page_url))
    folder, _, name = (own.path or "/").rpartition("/")
    if name and not name.startswith("index."):
        folder += "/" + PAGE_EXTENSION.sub("", name)
    stem = folder + "/"
    if stem == "/":
        return []
    children = []
    for url in links:
        if stem not in url:     # no path under the stem: no need to split it (most links)
            continue
        parts = urlsplit(url)
        if parts.netloc == own.netloc and parts.path.startswith(stem) and len(parts.path) > len(stem):
            children.append(url)
    return children


# What marks a navigation region: the elements and ARIA roles the location signature reads
# as in_nav / in_aside (links.FLAG_TAGS, links.FLAG_ROLES).
_NAVIGATION_FLAGS = ("in_nav", "in_aside")
NAVIGATION_TAGS = frozenset(tag for flag in _NAVIGATION_FLAGS for tag in FLAG_TAGS[flag])
NAVIGATION_ROLES = frozenset(role for role, flag in FLAG_ROLES.items() if flag in _NAVIGATION_FLAGS)


# Link.has() of these flags as one bit test each: _sibling_links asks it of every link.
_NAV_OR_ASIDE = _BIT["in_nav"] | _BIT["in_aside"]
_HEADER_OR_FOOTER = _BIT["in_header"] | _BIT["in_footer"]


def _sibling_links(links, page_url: str, addresses: dict[str, str] | None = None) -> list[str]:
    """The in-site links (http, fragment-free, without a query) of the outermost navigation
    region (nav/aside, outside the header and footer) that holds a link to this very page.

    A docs site's pages reach each other through such a sidebar alone: it lists the page
    among its siblings (the current entry highlighted), and its other entries are docs, or
    category pages leading to them. Following only index pages would reach the first doc
    and stop: one doc of 33 on Docusaurus' classic template. A site menu in the header
    lists the page too, but the crawl reached it from the home already; a post's
    "related" box does not list the post itself, so a blog's leaves lead on no further
    than before. A link to a place on the page (#section: its own table of contents, a
    skip link) does not list the page. Queries are left out: the links of a wiki's page
    tabs (edit, history) and of a forum's filters are views of pages, not pages beside
    this one. addresses: links.link_addresses(links), the links' page addresses."""
    own = _page_key(page_url)
    addresses = addresses or {}
    regions = []
    for lk in links:
        if (lk.locality != OUTLINK and lk.element is not None
                and lk.flags & _NAV_OR_ASIDE and not lk.flags & _HEADER_OR_FOOTER
                and not is_place_in_page(lk.url)   # an anchor on it (its contents, a skip link)
                and (lk.locality == SELFLINK or _page_key(lk.url, addresses) == own)):
            region = _outermost_navigation(lk.element)
            if region is not None and all(region is not r for r in regions):
                regions.append(region)
    if not regions:
        return []
    anchors = {id(a) for region in regions for a in region.iter("a")}
    found: dict[str, None] = {}
    for lk in links:
        if lk.locality == INLINK and id(lk.element) in anchors and is_http(lk.url):
            url = addresses.get(lk.url) or page_address(lk.url)
            if "?" not in url and _page_key(url) != own:
                found.setdefault(url, None)
    return list(found)


def _page_key(url: str, addresses: dict[str, str] | None = None) -> str:
    """The page address without trailing slash: /docs/intro and /docs/intro/ are one page
    (a static host answers one with a redirect to the other), as a sidebar written without
    slashes lists it. addresses: known page addresses of URLs."""
    address = addresses.get(url) if addresses else None
    return (address if address is not None else page_address(url)).rstrip("/")


def _outermost_navigation(el):
    found = None
    while el is not None:
        role = el.get("role")
        if el.tag in NAVIGATION_TAGS or (role and (role.split() or [""])[0].lower() in NAVIGATION_ROLES):
            found = el
        el = el.getparent()
    return found


@contextmanager
def collector_paused():
    """The cyclic garbage collector off for one page's analysis. The analysis allocates
    ~100k short-lived objects (element proxies, blocks, tuples, strings), none of them in
    cycles, so refcounting frees them all; the collector's passes over them found nothing
    and cost 3% of the median page and 5% of the mean (WCXB dev, bench/profile_analysis.py).
    Re-enabled on the way out, so anything cyclic is still collected afterwards."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def analyze_page(html: str | bytes, url: str, config: IndexinessConfig | None = None, *,
                 content: str = "always", encoding: str | None = None) -> PageAnalysis:
    """Score a page and cut it into its content blocks.

    content="leaves" (a crawl's) cuts the content only when the page is a leaf: an index
    page's blocks are never archived, and the cut is two thirds of a page's analysis
    (Pelican: 6.7 of 10.4 ms), which a crawl of a site of tag pages and archives paid on
    almost every page. An index page then has blocks [] and content_hash "".
    encoding: the charset a bytes body's transport declared (its HTTP Content-Type's)."""
    with collector_paused():
        return _analyze_page(html, url, config, content, encoding)


def _analyze_page(html: str | bytes, url: str, config: IndexinessConfig | None,
                  content: str, encoding: str | None = None) -> PageAnalysis:
    config = config or IndexinessConfig()
    if html is None:
        raise PageError("empty body")
    root = parse_html(html, error=PageError, encoding=encoding)
    order = document_order(root)     # first: it keeps every element's proxy for the walks
    meta = extract_page_metadata(root, url)
    result, links, pager = score_tree(root, url, meta)
    verdict = "index" if result.score > config.threshold else "leaf"
    cut = content == "always" or verdict == "leaf"
    discussion = cut and (declares_discussion(root, meta["ld_types"]) or bool(result.counts.get("url_thread")))
    tags: dict = {}       # the walk's set_up_tags: the tree's h1s and forms as it left it
    # post: a leaf its metadata dates, whose teaser lists go however short its paragraphs;
    # a forum thread is dated too, but its short replies between permalinks are its content
    shown: dict = {}      # a leaf's named h1s and the title its headings show

    def title_of_h1s(h1_elements) -> str | None:
        shown["h1s"] = h1s = named_h1s(root, url, h1_elements)
        shown["title"] = heading_title(root, meta["metas"], declared=meta["title"], url=url,
                                       h1s=h1s) or (None if h1s else shown_title(root))
        # the heading the selection keeps, where it words the page's name otherwise than
        # og:title or <title> (written for search results: a site's suffix, other words),
        # unless the declared name is a heading of the page itself: then that is the post's
        # title, and a lone h1 is the blog's name or a comment form's ("Comments Form")
        declared = shown["title"] and meta["title"]
        if declared and not names_alike(shown["title"], declared) and shows_heading(root, declared):
            return None
        return shown["title"]
    blocks = page_content(root, url, meta["title"], order, leaf=verdict == "leaf",
                          discussion=discussion, tags=tags,
                          post=verdict == "leaf" and bool(meta["date_published"])
                          and not result.counts.get("url_thread"),
                          title_of_h1s=title_of_h1s if verdict == "leaf" else None) if cut else []
    addresses = link_addresses(links)
    all_links = page_links(links, addresses)
    title, author = meta["title"], meta["author"]
    # a listing's date that the score judged its newest entry's is not the page's
    date = meta["date_published"] if verdict == "leaf" or meta["date_own"] else None
    # h1s_and_forms(root) as the walk found them, where one walked the tree (it was the only
    # walk of the whole tree left after the block walk, cold: -0.1 ms a page)
    all_h1s, forms = (tags["h1"], tags["form"]) if tags else h1s_and_forms(root)
    if verdict == "leaf":
        # an index page keeps the title its site declares: its first entry's heading is not its
        if "h1s" not in shown:
            title_of_h1s(all_h1s)
        h1s = shown["h1s"]
        title = shown["title"] or title
    publisher = None
    # (a forum names its posters by their logins: there the login is the name)
    names_the_site = site_namer(root, meta["metas"], url, meta["ld"]) \
        if verdict == "leaf" and author else None
    if names_the_site and (names_the_site(author) or (
            is_login(author) and not (discussion or result.counts.get("url_thread")))):
        # the site's own name or a login as author: the byline's writer, where the story
        # prints one (publisher.py)
        publisher, author = author, None
    elif names_the_site and "," in author:
        author = without_site(author, names_the_site)
    if verdict == "leaf" and (date is None or author is None or utc_instant(iso_date(date))):
        # what the leaf prints for its readers, for the archive only (the score read the
        # metadata's date)
        byline = byline_texts(root, names_page(root, meta["metas"], url, h1s), all_h1s)
        # a thread's first post, under its title, gives its start and its starter
        thread = None
        # (not on a later page or a window around one post: its first post is a reply)
        if (discussion or result.counts.get("url_thread")) and not _later_page(url) \
                and not is_post_window(url, meta["canonical"]):
            thread = h1s[0][0] if h1s else title_heading(root)
            thread = root.find("body") if thread is None else thread
        date = date or first_post_time(thread) or shown_date(root, byline, html, url) \
            or meta["date_updated"]
        date = printed_local_day(iso_date(date), byline, url) or date
        author = author or byline_author(byline, root.get("lang") or meta["metas"].get("og:locale"))
        if author is None and publisher:
            # the JSON-LD's own author, where the site's name filled meta author (FAZ's
            # "Frankfurter Allgemeine Zeitung GmbH" over the two writers its Persons name)
            author = _writers(meta["ld"], names_the_site)
        if author is None:
            # named by the link to their member page over the first post: a username a
            # byline reader does not take for a name (thread_starter)
            author = thread_starter(thread)
    author = author or publisher
    if verdict == "leaf" and blocks:
        blocks = drop_byline_blocks(blocks, author, date, discussion)
        if not discussion:
            blocks = drop_author_box(blocks, author)
    blocks = compose_blocks(blocks)
    return PageAnalysis(
        url=url, title=title and composed(title), author=author and composed(author),
        date_published=iso_date(date),
        verdict=verdict,
        score=result.score, seed_score=result.seed_score, breakdown=result.breakdown,
        counts=result.counts, counted_links=result.counted_links,
        follow_links=_follow_links(result, pager, links, url, addresses), page_links=all_links,
        continuation_links=_continuation_links(result, pager, url),
        child_links=_child_links(all_links, url),
        sibling_links=_sibling_links(links, url, addresses),
        robots=meta["robots"], account_form=is_account_page(root, url, forms),
        search_page=verdict == "leaf" and is_search_page(root, blocks),
        post_window=discussion and is_post_window(url, meta["canonical"]),
        canonical_url=meta["canonical"],
        blocks=blocks, content_hash=content_hash(blocks) if cut else "",
    )
