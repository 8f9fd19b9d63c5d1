"""Indexiness: how much a page is a navigation (index) page rather than content (leaf).

Negative means leaf, positive means index, the magnitude is the confidence. seed_score is
the literal seed formula (seeds/indexiness.txt). score is the seed formula with the seed's
own known misclassifications fixed, link blocks (menus, blogrolls, tag clouds) left out of
the count, and a handful of signals beyond the seed. Every term is count x weight in the
breakdown, which sums to the score, so `leafcrawl explain` can show each verdict's reasons.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace

from .link_blocks import LEFT_OUT, find_link_blocks, left_out_links
from ..content.directory_sections import heads_directory
from .links import _BIT, INLINK, SELFLINK, Link, TextStats, enclosing_heading, extract_links
from ..metadata.page_metadata import date_facts
from .pagination import pages_one_content, pagination_links
from .seed_formula import (HEADER_TERM, LINK_TERMS, LIST_TERM, SEED_TERMS, SEED_WEIGHTS,
                           count_link_terms, score_total)
from .signals import (CONVERSION_MAX_CHARS, CONVERSION_TEXT, declared, headed_entries,
                      is_heading_tool, numbered_pagination, titles_definition)
from .url_identity import child_targets, path_has_record_id, query_names_record, target_shapes
from .url_shape import (NO_FACTS, continues_content, in_place_pagers, is_home_url,
                        is_date_archive_url, is_term_archive_url, url_facts, without_tracking)

# --- corrections to the seed (each documented in the seed's own notes) ---------------------
# Blogger wraps images in <a href>; those links carry no words and are part of the image.
# Only image links: a textless heading permalink (an icon anchor) is still a selflink.
IGNORE_TEXTLESS_IMAGE_LINKS = True
# Table-based indexes (Inside Rust blog): when tables hold at least this share of the
# relevant in-links, table in-links count like list in-links. Kept high because leaf pages
# (gtk-doc, wikis) also put a few in-links in tables.
TABLE_LINK_SHARE = 0.6
# ...and only when there are enough table in-links to be a listing at all.
TABLE_MIN_INLINKS = 5
# The seed's note: a table of contents correctly marked up as <nav> inside the content
# still counts its self-links, so good markup does not cost a leaf its leafiness.
COUNT_TOC_SELFLINKS_IN_NAV = True

# --- the final score -----------------------------------------------------------------------
# Terms marked "fitted" are fitted by bench/eval_grouped_cv.py over every labelled page
# there is (WCXB dev, the generator-labelled sites, Readability's and trafilatura-eval's
# articles): class-balanced L2 logistic regression, P(index) = sigmoid(score / 10), the
# regularisation chosen by a grouped cross-validation in which no site is both fitted and
# scored, then rounded. Terms marked "hand" are set by reason and are an offset to the fit;
# terms "held at 0" had weights whose sign changed from one fold's fit to another's. The
# figures, cross-validated by site, and the command that prints them: docs/ (benchmarks).
#
# The seed's link kinds, each counted up to LINK_COUNT_CAP links: past a screenful, more
# links of one kind say nothing new (a shop's 300 product links, a forum's 100 member
# links), and uncapped they drown every other signal. The raw count is kept in the counts
# as <term>_uncapped.
LINK_COUNT_CAP = 10
FINAL_SELFLINK_IN_HEADER = -10   # fitted: heading anchors, a leaf's own sections
# Heading anchors count once: a renderer that anchors every heading (Sphinx's headerlink,
# GitHub's and Hugo's heading anchors, Docsify's ?id=) puts one on a listing's headings as
# on a document's sections, so their number measures the template, not the page. One
# anchored section is the evidence: a page that speaks in sections of its own.
SELFLINK_IN_HEADER_CAP = 1
FINAL_SELFLINK_IN_LIST = -0.7    # fitted: a table of contents
# hand: post titles, but weak on the web at large (leaves head their related links so too);
# linked_headings below carries the listing evidence. The fit, free, turned it slightly
# negative against linked_headings, so it is fixed at a small weight of the seed's sign.
FINAL_INLINK_IN_HEADER = +0.5
FINAL_INLINK_IN_LIST = 0        # held at 0: in-site links in lists; link_targets and content_targets carry them
FINAL_OUTLINK = -0.7               # fitted: citing other sites is what content does
FINAL_DATE_PUBLISHED = -6        # fitted: the page's own publishing date
# fitted: the intercept, with the leaf evidence below. Fitted without the index pages whose
# HTML shows no list (eval_grouped_cv.shows_no_list: a frame a crawl renders first), which
# held it at +9: a page with no evidence either way, a one-line post or a wiki stub, read
# as index on every generator-built site with stubs
FINAL_HEAD_START = +4
# Every other count is capped at SIGNAL_CAP too, for the same reason.
SIGNAL_CAP = 20
# A tag/category/archive/page-N URL: the shape CMSs give their listings (hand: the fit
# turned it negative, a WCXB quirk; every CMS names its listings so). +8, not +5: a month
# archive of a quiet month shows its one post whole, with that post's citations and section
# headings, and only its address says it is the archive (Mezzanine's one-post months read
# -0.4 and -0.7, Material's second page of a year's archive -2.4). No corpus verdict moves
# from +5 to +10. A forum thread's page N (/topic/44?page=3) has this shape but is not
# counted: url_thread says whose page it is.
URL_LISTING = +8
# The site's home (/ or /index.html, no query): hand, not fitted. A home tops its site's
# navigation, but is as often a landing page: WCXB's 70 homes are 27 listings and 43 leaves
# (40 of them service pages). So the address is a tiebreak and the page decides: at +15 it
# carried 15 more WCXB landing pages over the line, and no listing needed it (balanced
# accuracy 0.927 at +15, 0.929 at +10, 0.933 at +5, 0.930 at 0).
# The crawl loses nothing by it: the spider follows a start page at the site's root
# whatever its verdict (SiteSpider.links_to_follow), and a home of whole posts reads as
# the listing it is by its entries (PER_ENTRY_TERMS), not by its address. Replaces
# url_listing there.
URL_HOME = +5
# A taxonomy URL (/tag/x, /tags/x, /category/x, /label/x): hand, not fitted (WCXB holds few
# such pages). Every CMS names its term archives so, and hardly anything else.
URL_TAXONOMY = +40
# The same by a word that is also a plain folder name (/topic/software, /sections/science/:
# url_shape.FOLDER_LIKE_SEGMENTS): a term archive on news and magazine sites, a folder of
# documents on docs sites (Django's and Scrapy's topic guides, /topics/forms/; Sphinx's
# dirhtml builder gives them no extension to tell them by). hand: a quarter of url_taxonomy,
# so the address alone does not outweigh a document's own evidence (at +20, 8 of Scrapy's
# dirhtml topic guides and Britannica's /topic/ article read as index, at +10 2), while a section
# front, whose entries are all it holds, stays an index (WCXB's lowest such front: +3.3).
URL_TOPIC = +10
# A shop platform's category path (/collections/x, /product-category/x, /c/x) or the
# shop's front (/shop/): url_shape.is_catalog_url. hand, like url_taxonomy: WCXB's shops
# are few, and the platforms' defaults hold for every shop built on them. Weaker than a
# taxonomy, as shops also file a few content pages there (buying guides).
URL_CATALOG = +15
# A forum or Q&A platform's address for one discussion (/t/slug/123, viewtopic.php?t=…,
# /threads/slug.123/): url_shape.is_thread_url. hand, the mirror of url_taxonomy: as
# specific a platform default, naming one piece of content. It outweighs what makes a long
# thread look like a listing: its pager, its query, its many reply links.
URL_THREAD = -40
# A shop platform's address for one product (/app/730/x, /item/1005….html, /dp/B0…,
# /itm/3659…): url_shape.is_product_url. hand, the mirror of url_catalog: a product page's
# variants, price list and related-item grid otherwise read like a catalog's (WCXB: the
# product pages it misses score up to +25 that way). Outweighs them as url_thread outweighs
# a thread's pager.
URL_PRODUCT = -30
# A forum or community platform's address for a member's page or the lists of what they
# wrote (/user/name, /u/name/activity, /members/name.123/): url_shape.is_people_url. hand,
# at url_catalog's strength: as much a platform default as a thread's address, and no more
# a document than an author archive is, but docs sites file user guides under /user/ too
# (Requests' /user/advanced/ reads -18 with it). A member's posts shown whole, with their
# citations and section headings, read as a leaf otherwise (FlaskBB's /user/name/posts -9.8,
# its profiles -3.6: both would be archived as documents, one per member).
URL_PEOPLE = +15
# A dated or long slug (/2019/05/some-post-title): the shape CMSs give their posts. fitted
URL_CONTENT = -17
# Per word of the URL's last segment (up to SLUG_WORDS_CAP): leaves get titles for slugs,
# sections get a word or two. fitted
URL_SLUG_WORD = -2
SLUG_WORDS_CAP = 10
# A query string: search results, filtered and sorted listings. hand, at its fitted size: the
# fits of the folds swung from -2 to +19 against query_record, which few sites' pages carry.
URL_QUERY = +15
# JSON-LD CollectionPage/ItemList/SearchResultsPage: the page says it is a listing. hand, at
# its fitted size: few pages declare it (23 of WCXB's 1,497, 22 of them index), so a fold
# whose training part holds few of them fitted anything from -7 to +42.
DECLARED_COLLECTION = +35
# og:type article / JSON-LD Article, BlogPosting, Product…: the page says it is content. fitted
DECLARED_ARTICLE = -10
# og:type website: not an article by its own account (hand: home pages, listings, but
# also lazy leaves, so it is weak).
OG_WEBSITE = +1.6
# Teasers and cards (repeated sibling items linking to other pages) are not a term: fitted to
# 0 once content_targets counted what they link to (landing pages repeat cards as much as
# listings do). Their headed entries still divide a listing's full posts (MIN_ENTRIES).

# Links to numbered pages of this listing: only listings are paginated this way. fitted
PAGINATION = +31
# Per percentage point of the content's text inside links, above LINK_SHARE_NEUTRAL. fitted
LINK_TEXT_SHARE_POINT = +0.3
# Where link text share says nothing: below it the page reads as prose, above as links.
LINK_SHARE_NEUTRAL = 0.35
# Per PROSE_UNIT characters of paragraph text outside links. held at 0 (a listing's card
# excerpts are <p> text too: the folds' fits gave it either sign)
PROSE = 0
PROSE_UNIT = 500
# Entries (repeated items headed by a link) that make the page's prose theirs, not its own.
MIN_ENTRIES = 3
# Leaf evidence that full posts shown on a listing carry with them: counted per entry there.
PER_ENTRY_TERMS = ("selflinks_in_headers", "selflinks_in_lists", "outlinks")
# Per PROSE_UNIT characters of any text outside links (pages that write prose without <p>).
# held at 0: the folds' fits gave it either sign
PLAIN_TEXT = 0
# Per distinct in-site page linked from the content per 100 words of it: an index is a
# map of other pages, a leaf mentions a few. Term archives (a post's tags, a wiki article's
# categories) are not counted: every post links its own, and at a stub's few words they
# were its whole "map" (Ghost's one-line posts and MediaWiki's stubs read as index; no
# corpus verdict changed). Nor, on a post's address, are calendar archives (/2019/10/): a
# blog's archive widget lists the months beside every post (a trafilatura-eval post read
# +7.5 by its 40 months, now -22.5; no generator site's score moves). fitted
LINK_TARGET = +2
CHARS_PER_WORD = 6
# A page shorter than about a screenful of text is no dense map for its few links: a wiki's
# stub (fifty words and its two to five category links) read as +8 to +12 at a floor of 50
# words. MediaWiki (bench/sites/build_mediawiki_site.py): 59 of 136 pages wrong at 50, 24 at
# 100, 2 at 150 under c2a37f7's weights (none under today's: docs/benchmarks.md).
MIN_WORDS = 150
# ...unless its in-links head entries (a year archive of one or two posts, each a heading
# link): a short listing is still a listing. At 150 for all, Jekyll's two-post year page
# fell from +6.5 to +0.5 and Docusaurus' smallest tag page to +0.5; at 50 for listings both
# are back, with no verdict changed anywhere (the stubs' links head nothing). A heading
# linking the site's home is its title, no entry: Django's docs theme puts it in an <h1>,
# and five one-sentence release notes read as listings (+0.8 to +5.0, now -5.0 to -9.2;
# no score changes on WCXB, Readability or any other site corpus).
MIN_WORDS_LISTING = 50
# ...and so is a page whose content holds no paragraph, only a list of links to pages of the
# site (a wiki's list of releases of one kind, a disambiguation page): the list is all it
# says. A stub's links sit in its sentences (its "See also" list beside prose of its own).
LIST_ONLY_MIN_LINKS = 2
# Readability's isProbablyReaderable score (sqrt(length - 140) over runs of 140+ characters
# outside links) was measured as a term and fitted to ~0 once prose, plain_text and
# link_targets are in: kept out.

# Per section heading (h2-h6) that is a link: a listing's entries are headed by their links. fitted
LINKED_HEADING = -0.4
# One add-to-cart button: a product page (a shop's collection has one per card or none). fitted
ONE_BUY_BUTTON = -10
# Six or more prices: a shop's collection (a product page shows its price, maybe a sale one). fitted
MANY_PRICES = +17
MANY_PRICES_MIN = 6
# A control that reorders the entries the page lists, a "Sort by" select or sort bar
# (WooCommerce's orderby, Shopify's sort_by; sort_controls.py). A listing offers its reader
# an order of many pages, a leaf has one thing to read. Not one that orders a leaf's
# replies (comments, reviews, answers), nor one in the header, footer, nav or aside. fitted
# (refit with the other weights held: +28; WCXB: 40 of 117 collections and 10 of 99
# listings hold one, 13 of 1,281 leaves, 10 of them forum threads whose address outweighs
# it; trafilatura-eval 3 of 884 articles). Grouped CV, 8 dealings: WCXB 0.917 -> 0.923,
# Readability 0.932 -> 0.943, trafilatura-eval 0.946 -> 0.950; every fold's fit keeps its
# sign (+25..+41).
SORT_CONTROL = +28
# Per link in the content whose whole text is a call to act (signals.CONVERSION_TEXT: "Get
# started", "Request a demo", "Start free trial", "Contact sales"), up to CONVERSION_LINKS_CAP:
# a product's or a service's landing page exists to convert its reader; an index asks them
# to pick one of its entries. hand, in the fit's direction: WCXB's service pages were its
# largest group of leaves read as index (30 of 60), landing pages whose feature cards link
# the product's sections like a listing's entries. Any weight from -5 to -10 turns 6 to 9
# of them leaf and no index page (at -12 a listing goes); -6 (7 pages) sits inside that
# range, well short of the fit's -14.5, so a listing with a "Get started" banner loses less
# than one teaser heading is worth. 9 of WCXB's 216 index pages hold such links (175 of its
# 1,281 leaves).
CONVERSION_LINK = -6
CONVERSION_LINKS_CAP = 3
# A query naming one record (?t=186269, url_identity.query_names_record): a forum thread or
# a shop item behind a script, not the filtered listing most queries make. hand: it cancels
# query exactly, so such an address says nothing either way and the page decides (the folds'
# fits swung from -27 to +3: too few sites to fit it).
QUERY_RECORD = -URL_QUERY
# A pager on a page whose path holds a record key or numbers a content address (/a-title/2/:
# WordPress' <!--nextpage-->, "Page 2 of 3"): a long thread or a multi-page article, paged
# like a listing but one piece of content. Offsets pagination. fitted
PAGINATED_RECORD = -23
# In-site targets addressed like content (title or dated slugs) and like records (numeric
# keys): what a listing links to, where a landing page links to its sections. Per target,
# up to SIGNAL_CAP. fitted; record targets held at 0 (the folds' fits gave them either sign)
CONTENT_TARGET = +0.9
RECORD_TARGET = 0
# In-site targets under the page's own path (url_identity.child_targets: /blog/ ->
# /blog/a-post), up to SIGNAL_CAP: a listing files its entries beneath it, a leaf links
# across the site. fitted
CHILD_TARGET = +0.6
# Section headings that link nowhere: a page that speaks in sections of its own (a landing
# page, a doc, an article), where a listing's headings link to its entries. fitted
PLAIN_HEADING = -0.3
# A date counts against the page only when it is the page's own (metadata.date_is_own).

SIGNAL_TERMS = ("url_home", "url_listing", "url_taxonomy", "url_topic", "url_catalog",
                "url_thread", "url_product",
                "url_content", "slug_words", "query", "declared_collection", "declared_article",
                "og_website", "pagination", "link_text_share", "prose", "plain_text", "link_targets",
                "linked_headings", "one_buy_button", "many_prices", "conversion_links", "query_record",
                "paginated_record", "content_targets", "record_targets", "child_targets",
                "plain_headings", "url_people", "sort_control")
TERMS = SEED_TERMS + SIGNAL_TERMS
WEIGHTS = {
    "selflinks_in_headers": FINAL_SELFLINK_IN_HEADER,
    "selflinks_in_lists": FINAL_SELFLINK_IN_LIST,
    "inlinks_in_headers": FINAL_INLINK_IN_HEADER,
    "inlinks_in_lists": FINAL_INLINK_IN_LIST,
    "outlinks": FINAL_OUTLINK,
    "date_published": FINAL_DATE_PUBLISHED,
    "head_start": FINAL_HEAD_START,
    "url_home": URL_HOME,
    "url_listing": URL_LISTING,
    "url_taxonomy": URL_TAXONOMY,
    "url_topic": URL_TOPIC,
    "url_catalog": URL_CATALOG,
    "url_thread": URL_THREAD,
    "url_product": URL_PRODUCT,
    "url_people": URL_PEOPLE,
    "url_content": URL_CONTENT,
    "slug_words": URL_SLUG_WORD,
    "query": URL_QUERY,
    "declared_collection": DECLARED_COLLECTION,
    "declared_article": DECLARED_ARTICLE,
    "og_website": OG_WEBSITE,
    "pagination": PAGINATION,
    "link_text_share": LINK_TEXT_SHARE_POINT,
    "prose": PROSE,
    "plain_text": PLAIN_TEXT,
    "link_targets": LINK_TARGET,
    "linked_headings": LINKED_HEADING,
    "one_buy_button": ONE_BUY_BUTTON,
    "many_prices": MANY_PRICES,
    "conversion_links": CONVERSION_LINK,
    "query_record": QUERY_RECORD,
    "paginated_record": PAGINATED_RECORD,
    "content_targets": CONTENT_TARGET,
    "record_targets": RECORD_TARGET,
    "child_targets": CHILD_TARGET,
    "plain_headings": PLAIN_HEADING,
    "sort_control": SORT_CONTROL,
}


@dataclass
class Indexiness:
    score: float
    seed_score: float
    breakdown: dict[str, float]
    counts: dict[str, int]
    counted_links: dict[str, list[str]]
    seed_breakdown: dict[str, float] = field(default_factory=dict)
    relevant: list[Link] = field(default_factory=list)
    left_out: dict[str, list[Link]] = field(default_factory=dict)


# Signature bits the terms read (Link.has(name), as bit tests).
_HEADLINE, _LIST, _TABLE = _BIT["in_headline"], _BIT["in_list"], _BIT["in_table"]
_NAV_ASIDE = _BIT["in_nav"] | _BIT["in_aside"]
_MAIN_ARTICLE = _BIT["in_main"] | _BIT["in_article"]
_HEADER_FOOTER = _BIT["in_header"] | _BIT["in_footer"]


def _relevant_and_toc(links: list[Link]):
    """(relevant, counted, toc, seed terms): the relevant links (is_relevant); those of them
    the final score counts (IGNORE_TEXTLESS_IMAGE_LINKS); the table-of-contents self-links
    (self-links in a nav/aside inside main/article: a marked-up table of contents, never
    relevant as they sit in a nav/aside); and the seed's link-term counts of the relevant
    links (count_link_terms(relevant)[0]). One pass on the bits."""
    relevant, counted, toc = [], [], []
    seed = {t: 0 for t in SEED_TERMS}
    for lk in links:
        flags = lk.flags
        if flags & _NAV_ASIDE:
            if flags & _MAIN_ARTICLE and lk.locality == SELFLINK:
                toc.append(lk)
        elif flags & _MAIN_ARTICLE or not flags & _HEADER_FOOTER:
            relevant.append(lk)
            if lk.text or not lk.has_image or not IGNORE_TEXTLESS_IMAGE_LINKS:
                counted.append(lk)
            if flags & _HEADLINE:
                seed[HEADER_TERM.get(lk.locality, "outlinks")] += 1
            elif flags & _LIST:
                seed[LIST_TERM.get(lk.locality, "outlinks")] += 1
            elif lk.locality not in HEADER_TERM:
                seed["outlinks"] += 1
    seed["head_start"] = 1
    return relevant, counted, toc, seed


def score_links(links: list[Link], has_date_published: bool, *, url: str = "",
                date_own: bool | None = None, og_type: str | None = None,
                ld_types: set[str] | frozenset = frozenset(), pager: list[str] = (),
                stats: TextStats | None = None, canonical: str | None = None) -> Indexiness:
    """Seed score and final score of a page from its links and metadata.

    Without the keyword arguments only the seed and its corrections (image links, tables,
    link blocks) apply, and the signal terms count 0."""
    # the seed's breakdown (seed_counts' third value) from counts alone: its link lists
    # are not read here
    relevant, final, toc, seed_terms = _relevant_and_toc(links)
    seed_terms["date_published"] = int(has_date_published)
    seed_breakdown = {t: float(SEED_WEIGHTS[t] * seed_terms[t]) for t in SEED_TERMS}

    blocks = find_link_blocks(final, url, stats.first_heading_pos if stats else None)
    left_out = left_out_links(blocks)
    dropped = {id(lk) for kind in LEFT_OUT for lk in left_out[kind]}
    if COUNT_TOC_SELFLINKS_IN_NAV and toc:
        final = sorted(final + toc, key=lambda lk: lk.pos)
    # One pass: what link blocks leave out goes; a heading self-link without a fragment
    # (the page's title linking to itself, on listings and posts alike: not the linkable
    # header the seed means) goes; and what the later terms read of the in-links is noted.
    kept: list[Link] = []
    inlinks = in_tables = 0
    targets: set[str] = set()       # distinct in-site pages linked
    headed: list[Link] = []         # heading in-links: the entries of a listing
    inlink_pages = None             # in-link elements -> pages, for heads_directory
    directory_anchors: list[Link] = []
    teaser_headings = None          # headings holding an in-link, for the anchors beside it
    teaser_anchors: list[Link] = []
    page_query = url.split("#", 1)[0].partition("?")[2]
    for lk in final:
        locality = lk.locality
        if locality == SELFLINK:
            # (a query naming a place in the page, Docsify's /routing/?id=x, is an anchor too)
            if "#" not in lk.url and lk.url.partition("?")[2] == page_query:
                continue
            # the anchor of a heading that links another page is a teaser's decoration:
            # renderers that anchor every heading draw listings so (<h2 id="x"><a href="#x">
            # around <a href="/posts/x">); the heading is the entry's, not a section's
            if lk.flags & _HEADLINE and lk.element is not None:
                if teaser_headings is None:
                    teaser_headings = {enclosing_heading(x.element) for x in final
                                       if x.locality == INLINK and x.flags & _HEADLINE
                                       and x.element is not None}
                    teaser_headings.discard(None)
                if teaser_headings and enclosing_heading(lk.element) in teaser_headings:
                    teaser_anchors.append(lk)
                    continue
            # the anchor of a section that lists other pages (a docs root's headed toctrees)
            # marks no section of content: left out (directory_sections.py)
            if lk.flags & _HEADLINE and lk.element is not None:
                if inlink_pages is None:
                    inlink_pages = {x.element: x.url.split("#", 1)[0] for x in final
                                    if x.locality == INLINK and x.element is not None}
                if heads_directory(lk, inlink_pages):
                    directory_anchors.append(lk)
                    continue
        elif locality == INLINK:
            if dropped and id(lk) in dropped:
                continue
            inlinks += 1
            flags = lk.flags
            if flags & _LIST and not flags & _HEADLINE and titles_definition(lk):
                lk = replace(lk, flags=flags | _HEADLINE)
                flags = lk.flags
            if flags & _TABLE:
                in_tables += 1
            if flags & _HEADLINE and lk.element is not None:
                if is_heading_tool(lk):
                    continue
                headed.append(lk)
            url_ = lk.url
            targets.add(url_[:url_.find("#")] if "#" in url_ else url_)
            kept.append(lk)
            continue
        if dropped and id(lk) in dropped:
            continue
        kept.append(lk)
    if directory_anchors:
        # a table of contents' entries for those sections are no sections of content either
        # (the PyData and Book themes list a Sphinx root's toctree sections in an "On this
        # page" nav inside <main>: -4.9 and -7.0, the root read as a leaf)
        anchors = {lk.url for lk in directory_anchors}
        toc_entries = [lk for lk in kept if lk.locality == SELFLINK and lk.url in anchors]
        if toc_entries:
            directory_anchors += toc_entries
            kept = [lk for lk in kept if not (lk.locality == SELFLINK and lk.url in anchors)]
    final = kept
    is_call = CONVERSION_TEXT.fullmatch
    calls = [lk for lk in kept if len(lk.text) <= CONVERSION_MAX_CHARS and is_call(lk.text)]
    # tables hold the listing (TABLE_MIN_INLINKS, TABLE_LINK_SHARE of the in-links): their
    # in-links count like list in-links
    tables = in_tables >= TABLE_MIN_INLINKS and in_tables >= TABLE_LINK_SHARE * inlinks
    counts, counted = count_link_terms(final, tables)
    # the final score weighs the seed's link kinds up to LINK_COUNT_CAP links each, and
    # the page's heading anchors as one piece of evidence (SELFLINK_IN_HEADER_CAP)
    for t in LINK_TERMS:
        cap = SELFLINK_IN_HEADER_CAP if t == "selflinks_in_headers" else LINK_COUNT_CAP
        if counts[t] > cap:
            counts[f"{t}_uncapped"] = counts[t]
            counts[t] = cap

    own = has_date_published if date_own is None else (has_date_published and date_own)
    counts["date_published"] = int(own)
    facts = url_facts(url) if url else NO_FACTS
    shape, taxonomy, home, slug = facts.shape, facts.taxonomy, facts.home, facts.slug_words
    # /a-post-title/2/ is the post's page 2: addressed as content, as its first page is
    if continued := bool(url) and shape != "content" and continues_content(url):
        shape = "content"
    decl = declared(og_type, set(ld_types))
    counts["url_taxonomy"] = int(taxonomy and not facts.topic)
    counts["url_topic"] = int(facts.topic)
    counts["url_home"] = int(home)
    # a thread's ?page=3 is the thread's page 3, not a listing's (url_thread says which)
    counts["url_listing"] = int(shape == "listing" and not taxonomy and not home
                                and not facts.thread)
    counts["url_content"] = int(shape == "content")
    counts["declared_collection"] = int(decl == "collection")
    counts["declared_article"] = int(decl == "article")
    counts["og_website"] = int((og_type or "") == "website")
    entries = headed_entries(headed)
    if entries:
        counts["teaser_entries"] = entries      # for the explanation: not a term
    if entries >= MIN_ENTRIES:
        # full posts on a listing: their anchors and citations are theirs, counted per entry
        for t in PER_ENTRY_TERMS:
            counts[t] = round(counts[t] / entries)
    # Several pagers paging in place, each by its own parameter, page widgets inside the page
    # (a post's paged lists of other posts: WordPress' Query Loops; a portal's paged boxes):
    # no pager of the page's own. A listing has one pager; one in place is not enough (shops:
    # /cat/desks-20649/?page=2).
    own_pager = bool(pager) and len(in_place_pagers(pager, url)) < 2
    counts["pagination"] = int(own_pager and numbered_pagination(list(pager), links, url, canonical))
    share = stats.link_text_share if stats and stats.text_chars else LINK_SHARE_NEUTRAL
    counts["link_text_share"] = round((share - LINK_SHARE_NEUTRAL) * 100)
    # A listing's prose belongs to its entries (full posts on a blog's home): per entry,
    # when there are several entries, each headed by a link to its own page.
    per = PROSE_UNIT * (entries if entries >= MIN_ENTRIES else 1)
    counts["prose"] = min(stats.prose_chars // per, SIGNAL_CAP) if stats else 0
    counts["plain_text"] = min((stats.text_chars - stats.link_chars - stats.prose_chars) // per,
                               SIGNAL_CAP) if stats else 0
    if stats is not None:
        # the site's title, a heading linking home, heads no entry
        entries_headed = any(not is_home_url(lk.url) for lk in headed)
        # a page whose content is a list of links and no paragraph is a listing however short
        only_list = not stats.prose_chars and counts["inlinks_in_lists"] >= LIST_ONLY_MIN_LINKS
        words = max(stats.text_chars / CHARS_PER_WORD,
                    MIN_WORDS_LISTING if entries_headed or only_list else MIN_WORDS)
        # a page's term archives (its tags and categories) are labels it is filed under, which
        # every post carries, not pages of a map: not counted here; nor, on a page addressed
        # as a post, are calendar archives (/2019/10/), the month list a blog's archive widget
        # sets beside every post (an archive page's own list of months is its map). (Topics
        # and sections are: docs sites file their documents under /topics/, and a dirhtml
        # root's map is them.)
        post = shape == "content"
        mapped = len(targets) - sum(1 for t in targets if is_term_archive_url(t)
                                    or (post and is_date_archive_url(t)))
        counts["link_targets"] = min(round(mapped / words * 100), SIGNAL_CAP)
        counts["content_targets"], counts["record_targets"] = target_shapes(targets, SIGNAL_CAP)
        counts["child_targets"] = child_targets(targets, url, SIGNAL_CAP) if url else 0
        counts["plain_headings"] = min(stats.plain_headings, SIGNAL_CAP)
        counts["linked_headings"] = min(stats.linked_headings, SIGNAL_CAP)
        counts["one_buy_button"] = int(stats.buy_buttons == 1)
        counts["many_prices"] = int(stats.prices >= MANY_PRICES_MIN)
        counts["sort_control"] = int(bool(stats.sort_control))
        if stats.sort_control:
            counted["sort_control"] = [stats.sort_control]      # for the explanation
    else:
        for t in ("link_targets", "linked_headings", "one_buy_button", "many_prices", "sort_control",
                  "content_targets", "record_targets", "child_targets", "plain_headings"):
            counts[t] = 0
    counts["conversion_links"] = min(len(calls), CONVERSION_LINKS_CAP)
    if calls:
        # for the explanation: the call is in the link's words, not its address
        counted["conversion_links"] = [f'{lk.url}  ("{lk.text}")' for lk in calls]
    counts["url_catalog"] = int(facts.catalog and not taxonomy)
    if counts["url_catalog"]:
        # under a catalog path the slug is a category's handle (womens-insulated-down-jackets),
        # not a title, as a taxonomy's term is: it says nothing of content
        counts["url_content"] = slug = 0
    counts["slug_words"] = min(slug, SLUG_WORDS_CAP)
    counts["url_thread"] = int(facts.thread)
    counts["url_product"] = int(facts.product)
    counts["url_people"] = int(facts.people and not facts.thread and not taxonomy)
    # a query of tracking parameters alone (utm_*, srsltid…) neither filters nor pages
    query_url = without_tracking(url.split("#", 1)[0])
    counts["query"] = int("?" in query_url)
    # a thread's address names its one record already: its query pages that discussion or
    # points into it (/topic/44?page=2), and filters no listing
    counts["query_record"] = int(counts["query"] and (facts.thread or query_names_record(query_url)))
    # a thread's address (/topic/458/slug/, /t/slug/123) holds its record key in a segment of
    # its own, which RECORD_ID does not take for one: its page 3 is the thread still (Spirit's
    # tail pages of one short reply read +1.1, +1.2 without it)
    counts["paginated_record"] = int(counts["pagination"] and (
        path_has_record_id(url) or facts.thread or continued
        or pages_one_content(pager, targets, url)))
    breakdown = {t: float(WEIGHTS[t] * counts[t]) for t in TERMS}
    # for the explanation: what was left out, and a listing's date that did not count
    for kind in LEFT_OUT:
        if left_out[kind]:
            counts[f"left_out_{kind}"] = len(left_out[kind])
            counted[f"left_out_{kind}"] = [lk.url for lk in left_out[kind]]
    if teaser_anchors:
        counts["left_out_teaser_anchors"] = len(teaser_anchors)
        counted["left_out_teaser_anchors"] = [lk.url for lk in teaser_anchors]
    if directory_anchors:
        counts["left_out_directory_anchors"] = len(directory_anchors)
        counted["left_out_directory_anchors"] = [lk.url for lk in directory_anchors]
    if has_date_published and not own:
        counts["date_of_a_listing"] = 1
    return Indexiness(score_total(breakdown), score_total(seed_breakdown), breakdown, counts,
                      counted, seed_breakdown, relevant, left_out)


def score_tree(root, url: str, facts: dict | None = None):
    """Score a parsed page: (Indexiness, links, pager). facts: metadata.date_facts(root)."""
    facts = date_facts(root, url=url) if facts is None else facts
    stats = TextStats()
    links = extract_links(root, url, stats, facts.get("base_url"))
    pager = pagination_links(links, root, url)
    dated = facts["date_published"] is not None or facts.get("date_updated") is not None
    result = score_links(links, dated, url=url, pager=pager, date_own=facts["date_own"], og_type=facts["og_type"],
                         stats=stats, ld_types=facts["ld_types"], canonical=facts["canonical"])
    return result, links, pager
