"""What a URL's shape says about its page: listing (tag, category, archive, page N) or
content (a dated or long slug). Site generators and CMSs across the web share these shapes
(WordPress, Blogger, Hugo, Jekyll, Ghost, Pelican, Drupal), so they are priors, not proofs.
"""
from __future__ import annotations

import re
from typing import NamedTuple
from urllib.parse import parse_qsl, unquote, urlsplit

from .hash_routes import route_of

# Path segments that name a taxonomy listing (/tag/x, /tags/x, /category/x, /label/x …).
TAXONOMY_SEGMENTS = frozenset({
    "tag", "tags", "category", "categories", "topic", "topics", "label", "labels",
    "subject", "subjects", "series", "keyword", "keywords", "theme", "themes",
    "section", "sections",     # news CMSs' section fronts (/section/technology, /sections/science/)
})
# Taxonomy segments under which a term may nest one level (see _taxonomy_word).
NESTING_SEGMENTS = frozenset({"tag", "tags", "category", "categories"})
# Taxonomy words that are also plain folder names: news and magazine CMSs' term archives
# (/topic/software, /sections/science/) but docs sites' folders of documents too (Django's
# and Scrapy's topic guides, /topics/forms/), so their URL is a weaker sign (UrlFacts.topic).
# Under these a page file is a document, not a term's archive, which CMSs address by the
# term alone: Sphinx files docs as topics/spiders.html (Scrapy's docs: 6 of its 54 documents
# read as term archives). Tags and categories keep their archive reading with a page
# extension: Pelican files them as /tag/python.html.
FOLDER_LIKE_SEGMENTS = TAXONOMY_SEGMENTS - {"tag", "tags", "category", "categories", "label",
                                            "labels"}
# Path segments of other listings: archives, authors, search results, feeds of posts.
LISTING_SEGMENTS = frozenset({"archive", "archives", "author", "authors", "search", "blog",
                              "news", "posts", "articles", "all", "sitemap", "index"})
# A listing's page N: /page/2/, ?page=2, and the named parameter /page:2 of CakePHP's
# paginator and of Askbot's question lists (/questions/…/tags:x/page:2/).
_PAGE_N = re.compile(r"(?:^|/)(?:page|p)[/:]\d+/?$|[?&](?:page|paged|pg|start|offset)=\d+", re.I)
_DATE_ONLY = re.compile(r"^/(?:\d{4})(?:/\d{1,2}){0,2}/?$")            # /2019/ or /2019/03/
DATED_SLUG = re.compile(r"/\d{4}/(?:\d{1,2}/){0,2}[^/]*[a-z][^/]*/?$", re.I)   # /2019/03/slug
_INDEX_FILE = re.compile(r"/index\.\w+$", re.I)
# A page file's extension: /post.html and /post name one page.
PAGE_EXTENSION = re.compile(r"\.(?:html?|php|aspx?|jsp)$", re.I)
# A slug of this many hyphen/underscore-separated words reads as a title: a content page.
SLUG_MIN_WORDS = 4
# Path segments under which shop platforms file their category pages: Shopify's
# /collections/<handle>, WooCommerce's /product-category/<term>, Salesforce Commerce and
# SAP's /c/<category> (beside /p/<id> for products), IKEA-style /cat/, /browse/ and
# Amazon's best-seller lists /zgbs/. A catalog page is a listing of products; the shapes
# are the platforms' defaults, so they hold across thousands of shops, not one site.
CATALOG_SEGMENTS = frozenset({"collections", "product-category", "c", "cat", "browse", "zgbs"})
# ...unless a product follows in the path (/collections/x/products/y, /c/product/123-x).
PRODUCT_SEGMENTS = frozenset({"p", "product", "products", "item", "dp"})
# A shop's front (/shop/, /store/, /products/ ending a path of at most two segments) lists
# the catalog too, like /blog/ lists the posts.
CATALOG_FRONTS = frozenset({"shop", "store", "products", "collections"})

# The addresses forum and Q&A platforms give one discussion, each its platform's default:
# Discourse /t/slug/123, phpBB viewtopic.php, vBulletin showthread.php, MyBB thread-123.html,
# XenForo /threads/slug.123/, NodeBB /topic/123/slug, Invision Community and FlaskBB
# /topic/123-slug/ (Invision's page N /topic/123-slug/page/2/), Vanilla /discussion/123/, Flarum
# /d/123-slug, Lemmy /post/123, Reddit /comments/id/, Stack Exchange /questions/123/, Askbot
# /question/123/slug/.
THREAD_PATH = re.compile(
    r"/t/[^/]+/\d+(?:/\d+)?/?$|/(?:viewtopic|showthread|showtopic|viewthread)\.php$|"
    r"/thread-\d+[^/]*$|/threads/[^/]*\.\d+(?:/page-\d+)?/?$|/topic/\d+(?:/|$)|"
    r"/topic/\d+-[^/]+(?:/page/\d+)?/?$|/discussion/\d+(?:/|$)|"
    r"/d/\d+-|/post/\d+/?$|/comments/[a-z0-9]+(?:/|$)|/questions?/\d+(?:/|$)", re.I)

# The addresses forum, Q&A and community platforms give a member's page, each its
# platform's default: NodeBB, FlaskBB, Drupal and Reddit /user/name, Discourse, Flarum and
# Lemmy /u/name, XenForo /members/name.123/, Stack Exchange /users/123/name; and the lists of
# what the member wrote beneath it (/user/name/posts, /u/name/activity). A member's page is
# no document: it is the person's stats and the way to their posts, which the forum's boards
# list too. Only these shapes: a staff or member directory's /profiles/jane-doe and
# /members/jane-doe are a person's written bio, a leaf. No page file (/user/guide.html): docs
# sites file a user guide under /user/ (Requests' /user/advanced/ is a weak false hit).
PEOPLE_PATH = re.compile(
    r"/(?:u/[^/.]+|user/[^/.]+|users/\d+/[^/.]+|members/[^/]+\.\d+)"
    r"(?:/(?:posts|topics|threads|activity|summary|replies|comments|questions|answers))?/?$", re.I)

# The addresses shops give one product, each a platform's default: a product segment and the
# product's record key (a number, or Amazon's ten-character ASIN holding a digit), maybe
# with a slug between or after: Steam /app/730/Counter-Strike_2/, AliExpress
# /item/1005….html, eBay /itm/3659…, Amazon /dp/B0D1PC8551, Walmart /ip/slug/5622…, Etsy
# /listing/6154…/slug, REI-style /product/227955/slug, iHerb /pr/slug/123. The key is what
# a catalog's handle (/products/mens-runners, /collections/bags) never is: a record.
PRODUCT_RECORD = re.compile(
    r"/(?:item|items|itm|app|dp|listing|ip|product|products|p|pr)/(?:[^/]+/)?"
    r"(?:\d{3,}|(?=[a-z]*\d)[a-z0-9]{10})(?:[/._-][^/]*)?/?$", re.I)

# Query parameters that only tag where a visitor came from (campaign, ad click, search
# result): they change nothing on the page, so a URL carrying only these has no query that
# filters or pages a listing. Google's shopping results append srsltid to every shop URL.
TRACKING_PARAMS = frozenset({"srsltid", "gclid", "gbraid", "wbraid", "dclid", "fbclid",
                             "msclkid", "yclid", "twclid", "ttclid", "igshid", "mc_cid",
                             "mc_eid", "_ga", "_gl", "_hsenc", "_hsmi", "mkt_tok", "ref",
                             "ref_src"})
TRACKING_PREFIXES = ("utm_",)


def _segments(path: str) -> list[str]:
    return [s for s in unquote(path).lower().split("/") if s]


# Every taxonomy segment contains one of these: a URL holding none (and no %-escape, and
# none of the tab/newline characters urlsplit drops) has no taxonomy segment.
_TAXONOMY_STEMS = ("tag", "categor", "topic", "label", "subject", "series", "keyword", "theme",
                   "section")
assert all(any(stem in seg for stem in _TAXONOMY_STEMS) for seg in TAXONOMY_SEGMENTS)
assert _TAXONOMY_STEMS == ("tag", "categor", "topic", "label", "subject", "series", "keyword",
                           "theme", "section")   # as _may_name_taxonomy spells them out


def is_taxonomy_url(url: str) -> bool:
    """A term archive: a taxonomy segment ending the path or followed by the term alone
    (/tags/, /tag/rust/, /category/dev/page/2/); deeper paths (/category/x/product) are not."""
    return _taxonomy_word_of(url) is not None


def is_term_archive_url(url: str) -> bool:
    """A tag's or a category's archive (is_taxonomy_url by a word no docs site files its
    documents under, as it does under /topics/ or /sections/: FOLDER_LIKE_SEGMENTS)."""
    word = _taxonomy_word_of(url)
    return word is not None and word not in FOLDER_LIKE_SEGMENTS


def _taxonomy_word_of(url: str) -> str | None:
    if not _may_name_taxonomy(url):
        return None             # the cheap test first: most URLs name no taxonomy at all
    try:
        return _taxonomy_word(urlsplit(url).path)
    except ValueError:
        return None


def _may_name_taxonomy(url: str) -> bool:
    # _TAXONOMY_STEMS spelled out: a generator per URL costs more than the tests
    low = url.lower()
    return ("tag" in low or "categor" in low or "topic" in low or "label" in low
            or "subject" in low or "series" in low or "keyword" in low or "theme" in low
            or "section" in low
            or "%" in url or "\t" in url or "\r" in url or "\n" in url)


def _taxonomy_word(path: str, segs: list[str] | None = None) -> str | None:
    """The taxonomy segment that makes the path a term archive, or None when it is none.
    segs: _segments(path), when already split."""
    segs = _without_page_n(_segments(path) if segs is None else segs)
    if segs and segs[-1].startswith("index."):
        segs = segs[:-1]
    if not segs:
        return None
    if segs[-1] in TAXONOMY_SEGMENTS:
        return segs[-1]
    # a generator's page of every tag or category, filed as a page (Pelican's tags.html and
    # categories.html)
    stem, dot, _ = segs[-1].rpartition(".")
    if dot and stem in NESTING_SEGMENTS and PAGE_EXTENSION.search(segs[-1]):
        return stem
    # A wiki names a page by its namespace (/wiki/Category:Physics, MediaWiki's and its kin's
    # Namespace:Title): a category's page is its term archive, and the page listing every
    # category (Special:Categories) is the taxonomy's own. Every article's category box links
    # both; read as pages of a map, they made a one-line wiki article an index.
    namespace, colon, title = segs[-1].partition(":")
    if colon and title and (namespace in NESTING_SEGMENTS or title in NESTING_SEGMENTS):
        return namespace if namespace in NESTING_SEGMENTS else title
    # /topic/188682-new-case/ is a forum thread, not the archive of a term: a term is a
    # word, a record's key is a number leading its slug (term_is_record). Nor is a title
    # (/topic/starting-projects-of-an-absolute-beginner/): terms are a word or three, a
    # slug of SLUG_MIN_WORDS words is a post filed under the term.
    if len(segs) >= 2 and segs[-2] in TAXONOMY_SEGMENTS:
        if segs[-2] in FOLDER_LIKE_SEGMENTS and PAGE_EXTENSION.search(segs[-1]):
            return None
        return segs[-2] if _is_term(segs[-1]) else None
    # A child category filed under its parent (WordPress: /category/parent/child/) or a term
    # holding a slash (Hugo: /tags/ci/cd/). Only tags and categories nest so: under /topic/
    # a second segment is a thread or a guide (/topics/camping/best-gps-watch).
    if (len(segs) >= 3 and segs[-3] in NESTING_SEGMENTS and _is_term(segs[-2])
            and _is_term(segs[-1])):
        return segs[-3]
    return None


def _is_term(segment: str) -> bool:
    """A taxonomy term: words, not a record's key (term_is_record, or a bare number) nor a
    title of SLUG_MIN_WORDS words."""
    return (not term_is_record(segment) and not segment.isdigit()
            and len(_SLUG_SEPARATORS.split(segment)) < SLUG_MIN_WORDS)


def term_is_record(segment: str) -> bool:
    """A taxonomy-looking segment's term that is a record's key plus slug (/topic/188682-x):
    forums file threads under /topic/, and a tag archive's term is a word, not a number."""
    return bool(_RECORD_TERM.match(segment))


# A number leading a word (/topic/188682-new-case), or a long one leading anything
# (/topic/3003956-2024-pros-…, a thread whose title starts with a year).
_RECORD_TERM = re.compile(r"\d{5,}-|\d+-[^\d]")


def url_shape(url: str) -> str | None:
    """'listing', 'content' or None (the URL says nothing)."""
    return url_facts(url).shape


def slug_words(url: str) -> int:
    """Words of the path's last segment (extension dropped): "a-long-post-title" is 4."""
    return url_facts(url).slug_words


def is_home_url(url: str) -> bool:
    """The site's home: an empty path, "/" or /index.html, and no query."""
    return url_facts(url).home


# A calendar archive under a blog's folder: /blog/archive/2019/, /news/2019/03/ (MkDocs
# Material's blog, WordPress under /blog/). The folders hold letters, and the year is one of
# this or the last century, so that /page/12/ and /t/thread-title/1234 are no archives.
_DATE_END = re.compile(r"/(?:19|20)\d{2}(?:/\d{1,2}){0,2}/?$")


def is_date_archive_url(url: str) -> bool:
    """A calendar archive: /2019/, /2019/03/ or /2019/03/12/ and nothing after, at the root
    or under folders that each hold a letter (_DATE_END)."""
    try:
        path = urlsplit(url).path
    except ValueError:
        return False
    return _is_date_archive_path(path)


def _is_date_archive_path(path: str) -> bool:
    if _DATE_ONLY.match(path) is not None:
        return True
    end = _DATE_END.search(path)
    if end is None or end.start() == 0:
        return False
    return all(any(c.isalpha() for c in folder) for folder in path[1:end.start()].split("/"))


def without_tracking(url: str) -> str:
    """The URL without its tracking parameters (TRACKING_PARAMS), fragment kept; a query
    of nothing else goes with its "?"."""
    head, sep, query = url.partition("?")
    if not sep:
        return url
    query, hash_, fragment = query.partition("#")
    kept = [pair for pair in query.split("&") if pair and not _is_tracking(pair)]
    return head + ("?" + "&".join(kept) if kept else "") + hash_ + fragment


def _is_tracking(pair: str) -> bool:
    key = pair.partition("=")[0].lower()
    return key in TRACKING_PARAMS or key.startswith(TRACKING_PREFIXES)


class UrlFacts(NamedTuple):
    shape: str | None        # url_shape
    taxonomy: bool           # is_taxonomy_url
    topic: bool              # ...by a folder-like word (FOLDER_LIKE_SEGMENTS): a weaker sign
    home: bool               # is_home_url
    slug_words: int          # slug_words
    catalog: bool            # is_catalog_url
    thread: bool             # is_thread_url
    product: bool            # is_product_url
    people: bool             # is_people_url


def is_catalog_url(url: str) -> bool:
    return url_facts(url).catalog


def is_people_url(url: str) -> bool:
    return url_facts(url).people


def is_thread_url(url: str) -> bool:
    return url_facts(url).thread


def is_product_url(url: str) -> bool:
    return url_facts(url).product


# A page number after a content address: /slug/2/ (WordPress' <!--nextpage-->), /slug/page/2,
# /slug?page=2 (news sites' "Page 2 of 3").
_CONTINUATION = re.compile(r"(?:/(?:page|p))?/\d{1,3}/?$")
_CONTINUATION_QUERY = re.compile(r"[?&](?:page|paged|pg|p)=\d{1,3}(?=&|$)", re.I)


def continuation_base(url: str) -> str:
    """The address without its page number (/post/2/ -> /post/, ?page=3 dropped), fragment
    dropped; an address without one, as it is."""
    base = url.split("#", 1)[0]
    stripped = _CONTINUATION_QUERY.sub("", base)
    if stripped == base:
        path_end = base.split("?", 1)[0]
        stripped = _CONTINUATION.sub("/", path_end) + base[len(path_end):]
    return stripped.replace("?&", "?").rstrip("?")


def continues_content(url: str) -> bool:
    """The URL is a numbered page of an address shaped like content (a title slug or a dated
    slug): one article or post continued over pages, where a listing's pages number an
    address shaped like a listing (/blog/page/2/, /category/x/?page=2)."""
    base = url.split("#", 1)[0]
    stripped = _CONTINUATION_QUERY.sub("", base)
    if stripped == base:
        path_end = base.split("?", 1)[0]
        cut = _CONTINUATION.sub("/", path_end)
        if cut == path_end:
            return False
        stripped = cut + base[len(path_end):]
    return url_facts(stripped.replace("?&", "?").rstrip("?")).shape == "content"


def in_place_pagers(links: list[str], page_url: str) -> set[str]:
    """The pagers shown in place on a page: query parameters that links keeping the page's
    address vary alone, to page 2 among others (?page=2 of /a-post/: {"page"}; four paged
    widgets: four names). A link that changes two parameters at once (page and sort, page
    and a session id) and a page-size or sort choice (?ps=48, ?sort=price) page nothing."""
    own = urlsplit(page_url.split("#", 1)[0])
    own_query = dict(parse_qsl(own.query, keep_blank_values=True))
    pagers: set[str] = set()
    for link in links:
        other = urlsplit(link.split("#", 1)[0])
        if (other.netloc, other.path.rstrip("/")) != (own.netloc, own.path.rstrip("/")):
            continue
        varied = [(k, v) for k, v in parse_qsl(other.query, keep_blank_values=True)
                  if own_query.get(k) != v]
        if len(varied) == 1 and varied[0][1] == "2":
            pagers.add(varied[0][0])
    return pagers


def url_facts(url: str) -> UrlFacts:
    """The URL's shape facts, split once. Tracking parameters are no part of its shape. A
    hash-routed page's route is its path (hash_routes.py): /#/guide/intro reads as
    /guide/intro, not as the site's home."""
    if "#" in url:
        route = route_of(url)
        if route is not None:
            url = url.split("#", 1)[0].split("?", 1)[0].rstrip("/") + route
    try:
        parts = urlsplit(without_tracking(url))
    except ValueError:
        return NO_FACTS
    raw_segs = _segments(parts.path)       # split once for the taxonomy test and the slug
    word = _taxonomy_word(parts.path, raw_segs) if _may_name_taxonomy(url) else None
    taxonomy = word is not None
    path = _INDEX_FILE.sub("/", parts.path or "/")
    segs = raw_segs if path == parts.path else _segments(path)
    home = not parts.query and not segs
    return UrlFacts(_shape(parts, path, segs, taxonomy), taxonomy, word in FOLDER_LIKE_SEGMENTS, home,
                    # a folder's default page is the folder: /x/index.html has x's words
                    _slug_words(path, segs), _is_catalog(segs),
                    THREAD_PATH.search(parts.path) is not None,
                    PRODUCT_RECORD.search(parts.path) is not None,
                    PEOPLE_PATH.search(parts.path) is not None)


NO_FACTS = UrlFacts(None, False, False, False, 0, False, False, False, False)   # an unparseable URL


def _is_catalog(segs: list[str]) -> bool:
    """A shop's category page by its platform's path (CATALOG_SEGMENTS followed by a term,
    no product after it) or the catalog's front (CATALOG_FRONTS)."""
    if not segs:
        return False
    if segs[-1] in CATALOG_FRONTS and len(segs) <= 2:
        return True
    for i, seg in enumerate(segs[:-1]):
        if seg in CATALOG_SEGMENTS:
            return not PRODUCT_SEGMENTS.intersection(segs[i + 1:])
    return False


# The folder under which a blog engine files each writer's archive: WordPress' and Ghost's
# /author/<name>/, Docusaurus' /blog/authors/<key>/, Pelican's author/<name>.html, Hugo's
# authors taxonomy. The page lists what the writer published (an index); its last segment is
# the writer's key, however many words it holds, never a post's title (Docusaurus' own
# site keys its writers so: /blog/authors/all-sebastien-lorber-articles/ read as a post and
# its page 2 as the post's continuation).
AUTHOR_SEGMENTS = frozenset({"author", "authors"})


def is_author_archive(segs: list[str]) -> bool:
    """segs (a path's segments, as _segments gives them) name a writer's archive, or a page
    N of one: an author segment, then the writer's key last."""
    segs = _without_page_n(segs)
    return len(segs) >= 2 and segs[-2] in AUTHOR_SEGMENTS


def _without_page_n(segs: list[str]) -> list[str]:
    """A path's segments less a trailing /page/N (or /p/N): page N of the same archive."""
    if len(segs) >= 2 and segs[-2] in ("page", "p") and segs[-1].isdigit():
        return segs[:-2]
    return segs


def _shape(parts, path: str, segs: list[str], taxonomy: bool) -> str | None:
    """url_shape from the URL's parts, its path with /index.* dropped and that path's segments."""
    full = path + ("?" + parts.query if parts.query else "")
    if not segs:
        return "listing" if not parts.query else None        # the site's home
    # a calendar archive, at the root or under the blog's folders (Mezzanine's
    # /blog/archive/2022/1/: its one-post months read as posts without it)
    if _PAGE_N.search(full) or _is_date_archive_path(path):
        return "listing"
    if taxonomy:
        return "listing"
    last = PAGE_EXTENSION.sub("", segs[-1])
    if segs[-1] in LISTING_SEGMENTS and len(segs) <= 2:
        return "listing"
    if is_author_archive(segs):
        return "listing"
    if DATED_SLUG.search(path):
        return "content"
    if len(_SLUG_SEPARATORS.split(last)) >= SLUG_MIN_WORDS:
        return "content"
    return None


_SLUG_SEPARATORS = re.compile(r"[-_+]+")
_WORD_SEPARATORS = re.compile(r"[-_+.\s]+")


def _slug_words(path: str, segs: list[str] | None = None) -> int:
    """segs: _segments(path), when already split."""
    segs = _segments(path) if segs is None else segs
    if not segs or is_author_archive(segs):
        return 0     # a writer's key is no title, nor a folder's word
    return len([w for w in _WORD_SEPARATORS.split(PAGE_EXTENSION.sub("", segs[-1])) if w])
