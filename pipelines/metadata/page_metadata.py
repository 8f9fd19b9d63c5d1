"""Page metadata: title, author and publishing date, from meta tags, JSON-LD, microdata and
<time> in the content.
"""
from __future__ import annotations

import re
from urllib.parse import urljoin, urlsplit

from lxml import etree

from ..htmlparse import base_href_url, base_url, first_below, text_of, text_without_buttons
from ..blocks.block_inline import normalize_ws
from ..blocks.class_facts import widget_named
from .byline import ANCHOR_MARKS, TITLE_HEADING_MIN_CHARS, author_name, named_after_by, plain_words
from .page_date import DATE_LIKE
from .json_ld import json_ld_values
from .ld_authors import ld_author
from .headline import headline_text
from .hatom import forget_marks, hatom_dates, hatom_mark_is_a_teasers, hatom_updated, heading_links_away

# <meta> names/properties that carry the publishing date, most specific first.
DATE_META_KEYS = (
    "article:published_time", "og:published_time", "og:article:published_time",
    "datepublished", "date", "dc.date.issued", "dc.date", "dcterms.issued", "dcterms.date",
    "dcterms.created", "pubdate", "publishdate", "publish_date", "publication_date",
    "sailthru.date", "parsely-pub-date", "citation_publication_date", "citation_date",
)
AUTHOR_META_KEYS = ("author", "article:author", "dc.creator", "dcterms.creator",
                    "parsely-author", "sailthru.author", "citation_author")
# Title separators a site appends its name with ("Post | Site").
TITLE_SEPARATORS = (" | ", " – ", " — ", " - ", " :: ", " · ", " » ")
# ...and a site's name in brackets after the page's ("Database [Release wiki]": DokuWiki's
# default <title>): stripped only where a heading or og:site_name shows it is the site's.
_BRACKETED_TAIL = re.compile(r"(.*\S) \[([^\[\]]+)\]")
# A trailing segment longer than this is part of the title, not a site name.
SITE_NAME_MAX_WORDS = 5
# Landmarks whose <time> is not the page's own date (listing furniture, comments); a footer
# only when it is not an article's own (_content_time).
TIME_EXCLUDED = frozenset({"nav", "aside"})


# root.iterfind(".//*[@itemprop]") in C (ElementPath tests each element in Python); the
# attributes' parents, not a predicate on every element: same elements, same order, and
# libxml2 walks a page's elements a fifth faster so
_ITEMPROP_ELEMENTS = etree.XPath("descendant::*/@itemprop/..")
# the <a> elements holding a rel, as the rel attributes' parents: the same elements in the
# same order, 0.026 -> 0.018 ms a WCXB page (libxml2 tests an attribute step faster than a
# predicate on each <a>)
_REL_LINKS = etree.XPath("descendant::a/@rel/..")
# Those whose itemprop is 13 characters or more: "datepublished" in prop.lower() needs as
# many (lowercasing lengthens only "İ", to "i" and a combining dot, which breaks the word).
_LONG_ITEMPROP_ELEMENTS = etree.XPath("descendant::*/@itemprop[string-length() > 12]/..")
# root.find(".//title") and next(root.iter("h1"), None), stopped at the first (first_below):
# a leaf's title, site names and h1 roles asked for them five times, each a walk of the tree
_first_title = first_below("title")
_first_h1 = first_below("h1", self_too=True)


def _date_props(root) -> list[tuple[object, str]]:
    """(element, lowercased itemprop) of the itemprop elements naming datePublished, in
    document order."""
    props = []
    for el in _LONG_ITEMPROP_ELEMENTS(root):
        prop = el.get("itemprop").lower()
        if "datepublished" in prop:
            props.append((el, prop))
    return props


def _metas(root) -> dict[str, str]:
    found: dict[str, str] = {}
    for meta in root.iter("meta"):
        _add_meta(meta, found)
    return found


def _json_ld(root) -> list[dict]:
    items: list[dict] = []
    for script in root.iter("script"):
        _add_json_ld(script, items)
    return items


def _metas_and_json_ld(root) -> tuple[dict[str, str], list[dict]]:
    """(_metas(root), _json_ld(root)) from one walk of the tree instead of two."""
    return _metas_json_ld_and_base(root)[:2]


def _metas_json_ld_and_base(root) -> tuple[dict[str, str], list[dict], object]:
    """(_metas(root), _json_ld(root), the first <base> or None) from one walk of the tree.
    The <base> rides along: the link walk and the canonical address each searched the whole
    tree for it (0.02 ms of a median WCXB page's metadata and links)."""
    found: dict[str, str] = {}
    items: list[dict] = []
    base = None
    for el in root.iter("meta", "script", "base"):
        tag = el.tag
        if tag == "meta":
            _add_meta(el, found)
        elif tag == "script":
            _add_json_ld(el, items)
        elif base is None:
            base = el
    return found, items, base


def _add_meta(meta, found: dict[str, str]) -> None:
    """A <meta>'s key (property, name or itemprop) and content; the first of a key wins."""
    key = (meta.get("property") or meta.get("name") or meta.get("itemprop") or "").strip().lower()
    content = meta.get("content")
    if key and content and content.strip() and key not in found:
        found[key] = content.strip()


def _add_json_ld(script, items: list[dict]) -> None:
    """The items of a JSON-LD <script> (json_ld_values); other scripts add none."""
    if (script.get("type") or "").strip().lower() != "application/ld+json":
        return
    for value in json_ld_values(script.text):
        _collect(value, items)


def _collect(data, items: list[dict], depth: int = 0) -> None:
    if depth > 6:
        return
    if isinstance(data, list):
        for d in data:
            _collect(d, items, depth + 1)
    elif isinstance(data, dict):
        items.append(data)
        for key in ("@graph", "mainEntity", "mainEntityOfPage"):
            if isinstance(data.get(key), (list, dict)):
                _collect(data[key], items, depth + 1)


def date_published(root, metas=None, ld=None) -> str | None:
    return _date_published(root, metas, ld)[0]


def _date_published(root, metas=None, ld=None):
    """(date_published, the itemprop scan it made: _date_props(root), or None when the
    date came before it, whether the date is an hAtom mark's). date_is_own takes the scan
    and the source rather than scanning the page again."""
    metas = _metas(root) if metas is None else metas
    for key in DATE_META_KEYS:
        v = metas.get(key)
        if v and DATE_LIKE.search(v):
            return v, None, False
    for item in _json_ld(root) if ld is None else ld:
        v = item.get("datePublished") or item.get("dateCreated")
        if isinstance(v, str) and DATE_LIKE.search(v):
            return v.strip(), None, False
    props = _date_props(root)
    for el, prop in props:
        if "datepublished" in prop.split():
            v = el.get("datetime") or el.get("content") or normalize_ws(text_of(el))
            if v and DATE_LIKE.search(v):
                return v, props, False
    found = _content_time(root)
    if found is not None:
        return found, props, False
    marked = hatom_dates(root)
    return (marked[0] if marked else None), props, bool(marked)


# schema.org types that make a page (or the item holding its date) one piece of content…
ARTICLE_TYPES = frozenset({"article", "blogposting", "newsarticle", "techarticle", "report",
                           "scholarlyarticle", "socialmediaposting", "liveblogposting",
                           "review", "recipe", "howto", "qapage", "discussionforumposting",
                           "product", "event", "videoobject", "creativework", "posting"})
# …and types that make it a collection of others: a date there dates the newest entry.
COLLECTION_TYPES = frozenset({"collectionpage", "itemlist", "searchresultspage", "blog",
                              "profilepage", "mediagallery", "imagegallery", "videogallery"})
# og:type values that say "not an article": a bare microdata date there is not the page's own.
OG_NOT_ARTICLE = frozenset({"website", "blog", "profile"})


def schema_types(value) -> set[str]:
    """A JSON-LD @type value's type names, lowercased, without their schema.org address."""
    vals = value if isinstance(value, list) else [value]
    return {str(v).rsplit("/", 1)[-1].lower() for v in vals if isinstance(v, str)}


def ld_types(ld: list[dict]) -> set[str]:
    """Lowercased schema.org @type names declared in the page's JSON-LD."""
    found: set[str] = set()
    for item in ld:
        found |= schema_types(item.get("@type"))
    return found


def date_is_own(root, metas, ld, og_type: str | None, url: str = "",
                declared: set[str] | None = None, props=None, hatom: bool = False) -> bool:
    """Is the date date_published() finds the page's own, or the newest entry's of a listing?

    Follows date_published()'s order. A date is not the page's own when it sits on a
    schema.org collection (CollectionPage, ItemList…) or when it is a bare microdata date on
    a page that declares itself no article (og:type website, a collection in JSON-LD): Hugo
    writes the newest post's datePublished on every tag page that way. declared:
    ld_types(ld), props: _date_props(root), when already known; hatom: the date is an hAtom
    mark's (_date_published's third answer)."""
    declared = ld_types(ld) if declared is None else declared
    listing = bool(declared & COLLECTION_TYPES) or (
        (og_type or "") in OG_NOT_ARTICLE and not declared & ARTICLE_TYPES)
    for key in DATE_META_KEYS:
        v = metas.get(key)
        if v and DATE_LIKE.search(v):
            if key == "datepublished":       # microdata: judged by its scope below
                return _microdata_date_is_own(root, listing)
            return True
    for item in ld:
        v = item.get("datePublished") or item.get("dateCreated")
        if isinstance(v, str) and DATE_LIKE.search(v):
            t = schema_types(item.get("@type"))
            if t & COLLECTION_TYPES:
                return False
            return bool(t & ARTICLE_TYPES) or not listing
    # one scan of the itemprop elements serves the test and the scope judgement
    props = _date_props(root) if props is None else props
    if props:
        return _microdata_date_is_own(root, listing, props)
    if hatom:
        # an hAtom date is the page's own where the page marks one entry's, not several
        return len(set(hatom_dates(root))) == 1 and not listing \
            and not (url and hatom_mark_is_a_teasers(root, url))
    return not (url and _time_is_a_teasers(root, url))


def _time_is_a_teasers(root, url: str) -> bool:
    """The content <time> sits in an <article> whose heading links to another page: the
    one entry of a listing (a tag page with one post), not the page itself."""
    for t in root.iter("time"):
        article = next((a for a in t.iterancestors("article")), None)
        if article is not None:
            return heading_links_away(article, url)
    return False


def _microdata_date_is_own(root, listing: bool, props=None) -> bool:
    """props: _date_props(root), when already read."""
    if props is None:
        props = _date_props(root)
    scopes = []
    for el, prop in props:
        if "datepublished" in prop.split():
            scopes.append(next((a for a in el.iterancestors() if a.get("itemscope") is not None), None))
    if len({id(s) for s in scopes}) > 1:
        return False                  # several dated items: the entries of a listing
    scope = scopes[0] if scopes else None
    t = schema_types(scope.get("itemtype", "")) if scope is not None else set()
    if t & COLLECTION_TYPES:
        return False
    return bool(t & ARTICLE_TYPES) or not listing


def _links_away(element) -> bool:
    """The element holds a link to another page (not an anchor within this one)."""
    return any((a.get("href") or "#")[:1] != "#" for a in element.iter("a"))


def _content_time(root) -> str | None:
    """<time datetime> of the one article/main, not from a list of several articles."""
    found = None
    articles = set()
    for t in root.iter("time"):
        v = (t.get("datetime") or "").strip()
        if not v or not DATE_LIKE.search(v):
            continue
        in_content = False
        article = None
        excluded = False
        item_checked = False
        in_footer = False
        for anc in t.iterancestors():
            tag = anc.tag
            role = (anc.get("role") or "").lower()
            if tag == "footer":
                # an <article>'s own footer holds its meta (WordPress' entry-footer: "Published
                # <time>"); the page's footer is furniture
                in_footer = True
                continue
            if tag in TIME_EXCLUDED or role in ("navigation", "complementary", "contentinfo"):
                excluded = True
                break
            if tag == "li" and not item_checked:
                # a list item that links elsewhere is a teaser (a list of other posts inside
                # the article, WordPress' Query Loop) or a comment: its date is not the page's
                item_checked = True
                if _links_away(anc):
                    excluded = True
                    break
            if tag == "article" or role == "article":
                in_content = True
                article = article if article is not None else anc
            elif tag == "main" or role == "main":
                in_content = True
        if excluded or not in_content or (in_footer and article is None):
            continue
        if article is not None:
            articles.add(article)
        if found is None:
            found = v
    # times spread over several <article>s date the entries of a listing, not the page
    return found if len(articles) <= 1 else None


def title(root, metas=None, url: str = "") -> str | None:
    metas = _metas(root) if metas is None else metas
    og = metas.get("og:title") or metas.get("twitter:title")
    h1 = _first_h1(root)
    h1_text = normalize_ws(text_without_buttons(h1)) if h1 is not None else ""
    # an h1 linking the site's root is the site's logo heading: it names the site, not the
    # page, so the part of <title> that repeats it is the site's ("Release notes - Release
    # 0.14.2" under Pelican's simple theme, whose posts all took the site's name), where the
    # other part heads the page: HonKit's header h1 links home too, but with the page's own
    # title. The home page's title is the site's name.
    logo = h1_text if h1_text and url and _links_home(h1, url) \
        and urlsplit(url).path not in ("", "/", "/index.html") else ""

    def heads_page(text: str) -> bool:
        text = text.lower()
        return any(normalize_ws(text_without_buttons(h)).strip(ANCHOR_MARKS).lower() == text
                   for h in root.iter("h1", "h2", "h3") if h is not h1)
    if og:
        # og:title often carries the site name too ("Post | Site"): same rule as <title>
        return _strip_site(normalize_ws(og), h1_text, metas.get("og:site_name"), logo, heads_page)
    t = _first_title(root)
    raw = normalize_ws(text_of(t)) if t is not None else ""
    if raw:
        return _strip_site(raw, h1_text, metas.get("og:site_name"), logo, heads_page)
    return h1_text or None


# A heading longer than this is no title (a page that puts its whole intro in an h1).
TITLE_MAX_CHARS = 200
# Links a site's logo heading holds: to the site's root.
_HOME_HREFS = frozenset({"/", "./", "../", "index.html", "/index.html"})


def site_names(root, metas, title_tail: bool = True) -> set[str]:
    """What the page says its site is called: og:site_name, and the part of <title> after
    its last separator ("Release 0.14.0 — Release notes")."""
    names = {plain_words(metas.get("og:site_name") or "")}
    t = _first_title(root)
    raw = normalize_ws(text_of(t)) if t is not None else ""
    for sep in TITLE_SEPARATORS if title_tail else ():
        if sep in raw:
            names.add(plain_words(raw.rpartition(sep)[2]))
    names.discard("")
    return names


def _links_home(h1, url: str) -> bool:
    """Does the heading hold a link to a site's root (a logo heading)? Any site's: a
    department's pages set their university's logo so (ml.gatech.edu's h1 links
    www.gatech.edu), a blog its name under another of its hosts (blogspot.tw, .com)."""
    for a in h1.iter("a"):
        href = (a.get("href") or "").strip()
        if href in _HOME_HREFS:
            return True
        if href:
            target = urlsplit(urljoin(url, href))
            if target.netloc and target.path in ("", "/", "/index.html") and not target.query:
                return True
    return False


def heading_title(root, metas=None, declared: str | None = None, url: str = "",
                  h1s: list | None = None) -> str | None:
    """The title a leaf shows its readers, when its headings say it: its one h1, or an h1
    that its declared title (title()) starts with ("Zero Waste for Beginners" of "Zero Waste
    for Beginners Archives"); a site's name in an h1 (linking home, or named so by
    og:site_name or <title>'s tail) is none. og:title and <title> are written for search
    results and shares and often say more than the page's heading: WCXB dev's annotators
    wrote 1,151 of 1,497 titles as a crawl now takes them, 1,045 as og:title and <title>
    first (bench/eval_metadata.py; index pages keep their declared title). `h1s`: the
    page's named_h1s(root, url), when the caller has them."""
    texts = [text for _, text in _page_h1s(root, metas, url, h1s=h1s)]
    if not texts or len(texts[0]) > TITLE_MAX_CHARS:
        return None
    if len(texts) == 1 or (declared and plain_words(declared).startswith(plain_words(texts[0]))):
        return texts[0]
    return None


def named_h1s(root, url: str, h1s: list | None = None) -> list:
    """(h1, its text) for each h1 with text that does not link to the site's root. `h1s`:
    the page's h1 elements in document order (list(root.iter("h1"))), when the caller has
    them."""
    found = []
    for h in root.iter("h1") if h1s is None else h1s:
        text = normalize_ws(headline_text(h)).strip(ANCHOR_MARKS)
        # a heading of no letters is a count or a score (a post's votes), no name; one in a
        # comment section heads its form or thread ("Comments Form"), not the page
        if text and any(ch.isalpha() for ch in text) and not _links_home(h, url) \
                and not any(widget_named(a) == "comments" for a in h.iterancestors()):
            found.append((h, text))
    return found


def _page_h1s(root, metas, url: str, title_tail: bool = True, h1s: list | None = None):
    """(h1, its text) for each h1 that names the page: not empty, not the site's logo
    heading (linking home, or named as og:site_name or <title>'s tail say the site is).
    `h1s`: named_h1s(root, url), when the caller has them (a leaf's heading_title and
    names_page both read them: one walk of the tree for the h1s instead of two, 0.03 ms)."""
    metas = _metas(root) if metas is None else metas
    names = None
    for h, text in named_h1s(root, url) if h1s is None else h1s:
        names = site_names(root, metas, title_tail) if names is None else names
        if plain_words(text) not in names:
            yield h, text


def names_page(root, metas=None, url: str = "", h1s: list | None = None):
    """What an h1 is to its page: "title" where its <title> or og:title says it (they name
    the page wherever a theme puts the site's name), "heading" for another that is not the
    site's logo heading (_page_h1s; a content's sections are h1s in some markups: HTML5's
    outline, Markdown renderers), None for the logo's. For byline.byline_texts, which passes
    over a banner's h1 to the post's title."""
    metas = _metas(root) if metas is None else metas
    t = _first_title(root)
    titles = [plain_words(text_of(t)) if t is not None else "", plain_words(metas.get("og:title") or "")]
    roles = {h: "title" if len(words := plain_words(text)) >= TITLE_HEADING_MIN_CHARS
             and any(words in t for t in titles) else "heading"
             for h, text in _page_h1s(root, metas, url, title_tail=False, h1s=h1s)}
    return roles.get


def _strip_site(raw: str, h1: str, site_name: str | None, logo: str = "",
                heads_page=None) -> str:
    """Drop a trailing " | Site" only when safe: it matches h1/og:site_name or is short.
    `logo`: the text of an h1 linking home, the site's name where it leads and
    heads_page(the rest) says a heading of the page shows the rest."""
    splits = [(sep, *raw.rpartition(sep)[::2]) for sep in TITLE_SEPARATORS if sep in raw]
    if (bracketed := _BRACKETED_TAIL.fullmatch(raw)) is not None:
        splits.append((" [", *bracketed.groups()))
    for sep, head, tail in splits:
        if not head.strip():
            continue
        if logo and normalize_ws(head).lower() == logo.lower() and tail.strip() \
                and heads_page(normalize_ws(tail)):
            return normalize_ws(tail)
        if h1 and normalize_ws(head).lower() == h1.lower():
            return normalize_ws(head)
        # the tail is the site's name its banner heading shows ("Release 0.14.0 — Release
        # notes" under an h1 "Release notes")
        if h1 and normalize_ws(tail).lower() == h1.lower():
            return normalize_ws(head)
        if site_name and normalize_ws(tail).lower() == normalize_ws(site_name).lower():
            return normalize_ws(head)
        if (len(tail.split()) <= SITE_NAME_MAX_WORDS and len(head.split()) >= 2
                and sep in (" | ", " :: ", " » ")):
            return normalize_ws(head)
    return raw


def author(root, metas=None, ld=None) -> str | None:
    """The author the metadata names, as a name (byline.author_name)."""
    raw = _author_field(root, metas, ld)
    return author_name(raw) if raw else None


def _author_field(root, metas=None, ld=None) -> str | None:
    metas = _metas(root) if metas is None else metas
    for key in AUTHOR_META_KEYS:
        v = metas.get(key)
        if v and not v.startswith(("http://", "https://")):
            return normalize_ws(v)
    name = ld_author(_json_ld(root) if ld is None else ld)
    if name:
        return name
    for el in _ITEMPROP_ELEMENTS(root):
        if "author" in el.get("itemprop", "").lower().split():
            name = el.get("content") or _item_name(el) or normalize_ws(text_of(el))
            if name:
                return name
    for a in _REL_LINKS(root):
        if "author" in a.get("rel", "").lower().split():
            name = named_after_by(normalize_ws(text_of(a)))
            if name:
                return name
    return None


def _item_name(el) -> str | None:
    """An author that is an item of its own (itemscope, a schema.org Person) is named by its
    name property: the element's whole text is its card (NodeBB's avatar letter, "Online",
    the name, "wrote", "last edited by", the post's number)."""
    if el.get("itemscope") is None:
        return None
    for prop in el.iterdescendants():
        if isinstance(prop.tag, str) and "name" in (prop.get("itemprop") or "").lower().split():
            return normalize_ws(prop.get("content") or text_of(prop)) or None
    return None


def extract_metadata(root) -> dict[str, str | None]:
    return {k: v for k, v in extract_page_metadata(root).items()
            if k in ("title", "author", "date_published")}


def date_facts(root, metas=None, ld=None, url: str = "", base: str | None = None) -> dict:
    """What indexiness reads from metadata: the date (date_published; where none,
    date_updated: hatom_updated), whether it is the page's own (date_own), what the page
    declares itself to be (og_type, ld_types), and its canonical address (the pager's pages
    are numbered from it), with the base its links resolve against (base_url; base: when
    already known)."""
    forget_marks()     # another call's marks, of a tree that may have changed since
    try:
        return _date_facts(root, metas, ld, url, base_url(root, url) if base is None else base)
    finally:
        forget_marks()     # the page's tree is not kept past its facts


def _date_facts(root, metas, ld, url: str, base: str) -> dict:
    if metas is None and ld is None:
        metas, ld = _metas_and_json_ld(root)
    metas = _metas(root) if metas is None else metas
    ld = _json_ld(root) if ld is None else ld
    published, props, hatom = _date_published(root, metas, ld)
    og_type = (metas.get("og:type") or "").strip().lower() or None
    declared = ld_types(ld)
    # where nothing names the publication, an entry's one hAtom updated mark dates it
    updated = hatom_updated(root) if published is None else None
    if updated is not None and url and hatom_mark_is_a_teasers(root, url, "updated"):
        updated = None     # entries of a listing, updated the same day
    return {
        "date_published": published,
        "date_updated": updated,
        "date_own": (published is not None and date_is_own(root, metas, ld, og_type, url, declared,
                                                              props, hatom))
                    or updated is not None,
        "og_type": og_type,
        "ld_types": declared,
        "canonical": declared_canonical(root, url, base),
        "base_url": base,
    }


def declared_canonical(root, url: str, base: str | None = None) -> str | None:
    """The page's <link rel="canonical"> as an absolute http(s) URL, when it names a page
    other than ``url`` itself (fragments aside): the URL the site says this content lives at.
    base: base_url(root, url), when already known."""
    for link in root.iter("link"):
        if "canonical" not in (link.get("rel") or "").lower().split():
            continue
        href = (link.get("href") or "").strip()
        if not href:
            return None
        canonical = urljoin(base_url(root, url) if base is None else base, href).split("#", 1)[0]
        if urlsplit(canonical).scheme not in ("http", "https"):
            return None
        return canonical if canonical != url.split("#", 1)[0] else None
    return None


def robots_directives(*values: str | None) -> frozenset[str]:
    """The directives of <meta name="robots"> contents or X-Robots-Tag headers, lowercased
    ("noindex", "nofollow"…); "none" is both noindex and nofollow."""
    found: set[str] = set()
    for value in values:
        for word in (value or "").lower().replace(",", " ").split():
            found.update(("noindex", "nofollow") if word == "none" else (word,))
    return frozenset(found)


def extract_page_metadata(root, url: str = "") -> dict:
    """extract_metadata plus date_facts and robots directives, meta tags and JSON-LD read once
    (kept as "metas", for heading_title, and "ld", for the publisher's names)."""
    metas, ld, base = _metas_json_ld_and_base(root)
    return dict(date_facts(root, metas, ld, url, base_href_url(base, url)), title=title(root, metas, url), author=author(root, metas, ld),
                robots=robots_directives(metas.get("robots")), metas=metas, ld=ld)
