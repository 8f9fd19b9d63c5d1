"""Main-content selection: which blocks belong in the archived Markdown.

Two passes over the blocks, no DOM needed (the blocks' xpaths give the container tree, so
this runs the same on a fresh page and on blocks stored in Redis):

1. Find the content container. Every block weighs in on each of its ancestors: prose that is
   not link text counts for it, link text and chrome (nav, aside, page header/footer,
   named furniture) count against it. The container is the ancestor with the best balance
   ``good - CHROME_PENALTY * bad`` -- the body-text-extraction idea (Finn et al. 2001,
   later boilerpipe/readability): the smallest subtree that holds most of the prose and
   little of the navigation. On an article that is the post body, on a forum the thread,
   on a listing the list of teasers, on a docs page the column beside the sidebar.
2. Keep the blocks inside it, minus chrome inside it (a TOC nav, a related-posts aside,
   share bars, consent, filters), plus the title heading wherever it sits.
"""
from __future__ import annotations

from itertools import compress

from ..blocks import Block, reindex
from ..blocks.block_model import kept_positions
from .content_controls import is_control_label
from .content_sections import drop_furniture_sections, furniture_heading
from .container_bounds import (  # noqa: F401  (_tag, narrow_container: read by tests)
    LOOSE_NONE, _main_instead, _tag, _title_column, body_around_block, narrow_container,
    widen_container)
from .emptied_sections import drop_emptied_headings
from .image_captions import pictures_leading_off
from .page_frame import FRAME_CHROME, is_frame_kind
from .link_text import _IMAGE_MD_RE, LINK_RE, NO_LINK_KINDS, anchor_text, is_brand, link_texts
from .post_links import drop_post_links, shares_page
from .standfirst import keep_standfirst
from .teaser_cards import drop_teasers
from .teaser_runs import host_of, link_targets
from .word_count import _UNSPACED, count_words, may_hold_unspaced

# Furniture that is not the page's content. Comments and rails are, on some pages: a forum's
# posts wear the same class names as a blog's comments, and "secondary" also names content
# columns. chrome_flags() keeps any of these that holds most of the page's prose.
DROP_WIDGETS = frozenset({"consent", "post-furniture", "filter", "comments", "rail", "dialog"})
# Widgets that never hold a paragraph of prose: a filter panel is facet labels and counts. A
# long paragraph under one sits in a mis-named wrapper (an FAQ accordion classed "filter")
# and is not chrome.
PROSE_WIDGETS_NEVER_HOLD = frozenset({"filter"})
# Widgets whose heading, inside the content and named as furniture ("Related coverage" in
# h2.internal_related), still heads its section of teasers, which carry no class of their
# own: the class took the heading out before drop_furniture_sections could read it. Not a
# comments heading: on a forum the replies are the content. (content_sections.drop_furniture_sections).
SECTION_WIDGETS = frozenset({"post-furniture"})
# A block whose text is mostly link text is navigation when it is not inside the container.
LINK_DENSITY_MAX = 0.5
# How much a word of navigation/chrome weighs against a container compared with a word of
# prose: above 1 a container must gain more prose than it takes in chrome to grow.
CHROME_PENALTY = 1.5


# A link whose anchor has at least this many words is a headline (a teaser's title, a
# thread's subject), not a menu entry: menus and footers say "Home", "About us", "Contact".
LONG_ANCHOR_WORDS = 4
# How much a word of headline-long link text counts as prose for a container.
LONG_ANCHOR_WEIGHT = 0.5
# A chrome kind holding more than two thirds of the page's prose is a mis-nested wrapper.
CHROME_MAJORITY = 2 / 3
# A widget (comment thread, filter panel, rail) is measured against the prose outside the
# frame's landmarks, not the whole page's: a forum thread in comment markup under a page with
# a wordy header and footer holds most of the body but less than two thirds of the page.
WIDGET_MAJORITY_OF_BODY = True
# Chrome that stays chrome however much of the prose it holds. A <footer> holding most of a
# page's prose is a footer of disclaimers, legal text or SEO copy under a page whose own text
# is short (a product grid, a quote form): HTML defines a footer as its section's byline,
# copyright and links, and no template opens one around its body. A consent dialog holding
# most of the prose is a privacy-preference centre on a page whose own text is short (a
# listing of cards): no page wraps its body in one, nor in any modal dialog
# (blocks/furniture_boxes.py).
NEVER_EXEMPT = frozenset({"footer", "consent", "dialog"})
# Prose outside a comment thread that makes the page an article with comments.
ARTICLE_MIN_WORDS = 400
# A paragraph of this many prose words is body text (boilerpipe's long-text class starts
# around 20-30 words; a teaser's one-line summary and a caption are shorter).
LONG_PARAGRAPH_WORDS = 25
# Kinds a long paragraph can be.
PROSE_KINDS = frozenset({"paragraph", "list-item", "quote"})
# Words of prose (outside links) under a heading that make it a section's, not a control's
# label: a sentence. Share buttons, a tag list and a pager are links or a word or two.
SECTION_PROSE_WORDS = 8
# A page whose kept words are at least this share long paragraphs is an article.
ARTICLE_SHARE = 0.3
# Under this many words a heading, paragraph or caption is a label, not text.
SHORT_BLOCK_WORDS = 15
FURNITURE_SHORT_KINDS = frozenset({"heading", "paragraph", "figure-caption"})
# In an article's tail, a short paragraph (or caption) of this many words with no link text
# is a sentence -- a feature card's description, a step's summary, a FAQ answer -- not a
# label: labels ('Share this:', a date, 'Tags') are shorter, and a teaser's text is a link.
# A short heading followed by such text introduces it and is not furniture either. Without
# this, a page whose last long paragraph comes early (a service page's feature grid, a guide's
# step list) lost everything after it as a furniture run.
TAIL_SENTENCE_WORDS = 8
# ...and so is a shorter paragraph (from this many words) that ends as a statement does,
# with a full stop: an article's closing line ("He never came back."), a coupon's terms.
# Labels end in none ('Share this:', 'Tags', a date), and a widget's shorter lines ask or
# exclaim ('How useful was this post?', 'Click on a star to rate it!'). WCXB: 21 pages
# better and 13 worse, word F1 summed +0.36 (the worst -0.007); Readability 3 better, 0 worse.
TAIL_STATEMENT_MIN_WORDS = 4
# This many furniture blocks in a row after an article's body start its furniture.
FURNITURE_RUN = 3
# The short lines of an article's own <header> (its title, byline, kicker) are kept with
# the body wherever they sit (the title by _kept, a standfirst by keep_standfirst), and
# vote for no container: on a post of one short list (a release note, a link post) the
# title and "May 3, 2022 by maintainer" outweighed the body, which was lost (GeneratePress
# and Twenty Twenty-One, 5 of 99 posts; PaperMod 1).
HEADER_LINE_WORDS = 12
# ...nor does a control's label (content_controls.CONTROL_LABELS): a table of contents folded
# under its "Table of Contents" summary (PaperMod's ShowToc) outvoted a one-item post.
# Kinds whose words are prose evidence for a container (images and rules carry none).
TEXT_KINDS = frozenset({"paragraph", "heading", "list-item", "table", "code", "quote",
                        "figure-caption"})
def chrome_kind(b: Block) -> str | None:
    """Which chrome the block sits in: nav, aside, header, footer or a furniture widget."""
    if b.in_nav:
        return "nav"
    if b.in_aside:
        return "aside"
    if b.region == "footer":
        # a <footer> inside an article or main is that section's footer: its byline, tags,
        # share links, copyright (HTML spec) -- never the section's text
        return "footer"
    if not (b.in_main or b.in_article):
        if b.in_header:
            return "header"
        if b.in_footer:
            return "footer"
    if b.region == "form":
        # a form inside the content is a comment box, a newsletter sign-up or a search box;
        # a form wrapping the whole page (ASP.NET) holds most of its prose and is exempted
        return "form"
    return b.widget if b.widget in DROP_WIDGETS else None


# Per-block figures every pass of the selection reads, counted once per block by block_stats:
# (len(text.split()), word count, short-anchor words, long-anchor words, link density, prose
# words, inside an <a>). The split's length, not its words: a page's worth of word lists
# held through the selection cost more in the pipeline's cold caches than splitting the
# few short lines that need their words again (select 1.40-1.50 -> 1.37-1.41 ms median).
Stats = tuple[int, int, int, int, float, float, bool]
_EMPTY_STATS: Stats = (0, 0, 0, 0, 0.0, 0.0, False)


def block_stats(b: Block) -> Stats:
    """The block's word and link figures in one pass: its text split once, its links matched
    once. Each figure is what a single-purpose function would return (its prose words,
    link_words, link_density, inside_link)."""
    # count_split_words, anchor_text and count_words inlined, and the anchors taken with
    # findall (strings, no match objects): this runs once per block, ~200 times a page, and
    # the calls were a third of its time (select 1.41 -> 1.35 ms median, WCXB dev, warm)
    text = b.text
    if not text:
        return _EMPTY_STATS
    tokens = len(text.split())
    n = tokens if not may_hold_unspaced(text) or _UNSPACED.search(text) is None else count_words(text)
    kind = b.kind
    xpath = b.xpath
    inside = "/a/" in xpath or "/a[" in xpath
    if kind in NO_LINK_KINDS:
        return (tokens, n, 0, 0, 0.0, max(0.0, n) if kind in TEXT_KINDS else 0.0, inside)
    short = long_ = 0
    density = 0.0
    rich = b.rich_text
    if "](" in rich:
        linked = 0
        for anchor in link_texts(rich):
            if "![" in anchor:
                anchor = _IMAGE_MD_RE.sub("", anchor)
            linked += len(anchor)
            if not inside:
                k = len(anchor.split()) if anchor.isascii() else count_words(anchor)
                if k >= LONG_ANCHOR_WORDS:
                    long_ += k
                else:
                    short += k
        density = min(1.0, linked / max(len(text), 1))
    if inside:
        # a whole card is a link: its words are a teaser, not a menu entry
        short, long_ = 0, n
    prose = max(0.0, n - short - long_) if kind in TEXT_KINDS else 0.0
    return (tokens, n, short, long_, density, prose, inside)


def chrome_flags(blocks: list[Block], stats: list[Stats] | None = None) -> list[bool]:
    """Which blocks are chrome on this page (see _chrome)."""
    return _chrome(blocks, stats)[0]


def _chrome(blocks: list[Block], stats: list[Stats] | None = None,
            discussion: bool = False) -> tuple[list[bool], list[bool]]:
    """Which blocks are chrome on this page, and which of those are the page frame's
    landmarks (FRAME_CHROME, the chrome that counts against a container). `discussion`: the
    page declares itself a forum thread or Q&A (metadata/discussion.py).

    A chrome landmark or widget that holds most of the page's prose is a mis-nested wrapper,
    not chrome: an unclosed <header> swallowing the page, a `class="share"` div around the
    whole post. Those are exempted page by page."""
    if stats is None:
        stats = [block_stats(b) for b in blocks]
    # one pass for the kinds and their prose, where three passes were
    kinds: list[str | None] = []
    per_kind: dict[str, float] = {}
    # A form is exempted as the page's wrapper (ASP.NET's) by the prose it holds, a comment
    # thread as a forum's posts by theirs. A comment widget beside the page's <article> is
    # that article's thread or reply box ("Your email address will not be published", a
    # Disqus mount whose script writes "Disqus comments not available…" on a local preview),
    # and its words do not count, except on a page that declares itself a discussion (old
    # Reddit's thread, with no <article>, is a form of comments and still counts). Under
    # ColorMag's short posts the reply form outweighed the post and was archived in its place
    # (29 of 101 posts); under Hugo Stack's, Disqus' placeholder sentence (2 of 98).
    reply_box_apart = not discussion and any(b.in_article for b in blocks)
    for b, st in zip(blocks, stats):
        k = chrome_kind(b)
        if k is not None:
            if k in PROSE_WIDGETS_NEVER_HOLD and st[5] >= LONG_PARAGRAPH_WORDS:
                k = None
            elif not (b.widget == "comments" and reply_box_apart and not b.in_article):
                per_kind[k] = per_kind.get(k, 0.0) + st[5]
        kinds.append(k)
    total = sum([st[5] for st in stats])
    # a widget's share is taken of the prose inside the page frame: a masthead's tagline, a
    # sidebar's blurbs and a footer's legal text are no part of the body a widget might wrap
    # (WIDGET_MAJORITY_OF_BODY)
    frame_words = sum(w for k, w in per_kind.items() if k in FRAME_CHROME)
    body = total - frame_words if WIDGET_MAJORITY_OF_BODY else total
    exempt = {k for k, w in per_kind.items()
              if total and w > CHROME_MAJORITY * (total if k in FRAME_CHROME else body)
              and k not in NEVER_EXEMPT}
    if ("comments" in exempt and not discussion
            and total - sum(per_kind.values()) >= ARTICLE_MIN_WORDS):
        # an article with a long comment thread: the post is the content, the thread is
        # comments. A forum's posts wear comment classes too, but beside them there is
        # little prose (the first post, a title). The post is what no chrome holds: a
        # header's, sidebar's or footer's words are not an article beside the thread. A page
        # that declares itself a discussion is one, however long its opening post.
        exempt.discard("comments")
    chrome = [bool(k) and k not in exempt for k in kinds]
    return chrome, [c and is_frame_kind(b, k) for b, c, k in zip(blocks, chrome, kinds)]


def inside_link(b: Block) -> bool:
    """The block sits inside an <a> (a card or menu entry whose <a> wraps block elements):
    its rich_text carries no link markup, its xpath does."""
    return "/a/" in b.xpath or "/a[" in b.xpath


def link_words(b: Block) -> tuple[int, int]:
    """Words of link text in the block: (in short anchors, in headline-long anchors)."""
    if b.kind in NO_LINK_KINDS:
        return 0, 0
    if inside_link(b):
        # a whole card is a link: its words are a teaser, not a menu entry
        return 0, count_words(b.text)
    if "](" not in b.rich_text:
        return 0, 0
    short = long_ = 0
    for m in LINK_RE.finditer(b.rich_text):
        n = count_words(anchor_text(m))
        if n >= LONG_ANCHOR_WORDS:
            long_ += n
        else:
            short += n
    return short, long_


def find_container(blocks: list[Block], chrome: list[bool],
                   stats: list[Stats] | None = None, links_as_text: bool = False,
                   frame: list[bool] | None = None, leaf: bool = False,
                   discussion: bool = False) -> str | None:
    """The xpath of the subtree with the best prose-minus-chrome balance, narrowed to the
    child that holds nearly all its prose (narrow_container), widened to the body its
    sibling sections make up (widen_container), or None. Only `frame` chrome
    (the page frame's landmarks) counts against a subtree; other chrome counts for nothing."""
    if stats is None:
        stats = [block_stats(b) for b in blocks]
    if frame is None:
        frame = [c and is_frame_kind(b, chrome_kind(b)) for b, c in zip(blocks, chrome)]
    # path -> [balance, prose words, net prose: prose minus link text, chrome left out, its
    # own long paragraph, its first block] (container_bounds.LOOSE_NONE)
    acc: dict[str, list[float]] = {}
    for i, (b, is_chrome, is_frame, st) in enumerate(zip(blocks, chrome, frame, stats)):
        if not b.text or b.hidden:
            continue
        words = st[1]
        if not is_chrome and words <= HEADER_LINE_WORDS and (
                b.in_header and b.in_article or is_control_label(b.text, st[0])):
            continue
        if is_chrome:
            if not is_frame:
                continue
            good, bad, net = 0.0, float(words), 0.0
        elif links_as_text:
            good = float(words) if b.kind in TEXT_KINDS else 0.0
            bad, net = 0, good
        else:
            short, long_ = st[2], st[3]
            linked = min(words, short + long_)
            if leaf and st[6]:
                # a card wholly inside a link (a "Read next" teaser of another post) is no
                # part of this leaf's body, however long its excerpt: under Ghost Headline's
                # one-item posts the first card's excerpt was archived in their place
                long_ = 0
            good = (words - linked + LONG_ANCHOR_WEIGHT * long_) if b.kind in TEXT_KINDS else 0.0
            bad = short
            net = st[5] - CHROME_PENALTY * linked
        delta = good - CHROME_PENALTY * bad
        if delta == 0 and good == 0 and net == 0:
            continue
        body = i if (not is_chrome and b.kind == "paragraph"
                     and st[5] >= LONG_PARAGRAPH_WORDS) else LOOSE_NONE
        a = acc.get(b.xpath)
        if a is None:
            acc[b.xpath] = [delta, good, net, body, i]
        else:
            a[0] += delta
            a[1] += good
            a[2] += net
            a[3] = min(a[3], body)
    if not acc:
        return None
    # each subtree's figures are its own plus its children's: add every path into its parent
    # once, deepest first (one pass per distinct path, not one per block and ancestor)
    depth_of: dict[str, int] = {}
    by_depth: dict[int, list[str]] = {}
    for path in acc:
        d = depth_of[path] = path.count("/")
        by_depth.setdefault(d, []).append(path)
    for depth in range(max(by_depth), 1, -1):
        for path in by_depth.get(depth, ()):
            parent = path[:path.rfind("/")]
            a, p = acc[path], acc.get(parent)
            if p is None:
                acc[parent] = [a[0], a[1], a[2], LOOSE_NONE, a[4]]
                depth_of[parent] = depth - 1
                by_depth.setdefault(depth - 1, []).append(parent)
            else:
                p[0] += a[0]
                p[1] += a[1]
                p[2] += a[2]
                if a[4] < p[4]:         # min(), without the call
                    p[4] = a[4]
    # the best balance, the shallowest of the subtrees sharing it (the first of those);
    # the max of plain floats first, without a key tuple built per subtree
    value = max(a[0] for a in acc.values())
    if value <= 0:
        return None
    best = min((path for path, a in acc.items() if a[0] == value), key=depth_of.__getitem__)
    best = body_around_block(_main_instead(best, acc, depth_of), acc)
    node = widen_container(narrow_container(best, acc, by_depth, leaf, discussion, blocks), acc, by_depth, discussion)
    return _title_column(node, blocks, acc, by_depth)


def _inside(xpath: str, container: str) -> bool:
    return xpath == container or xpath.startswith(container + "/")


def select_content(blocks: list[Block], title: str | None = None) -> list[Block]:
    return _select(blocks, title)[0]


def _select(blocks: list[Block], title: str | None, links_as_text: bool = False,
            leaf: bool = False, url: str | None = None,
            discussion: bool = False, post: bool = False) -> tuple[list[Block], int]:
    """select_content's blocks and their word count (content_words), from one count per block.
    `links_as_text`: link text weighs as prose (find_container), for a page that is a list of
    links; `discussion`: as _chrome's; `post`: the leaf declares its own publication date."""
    title_key = (title or "").strip().lower()
    stats = [block_stats(b) for b in blocks]
    chrome, frame = _chrome(blocks, stats, discussion)
    container = find_container(blocks, chrome, stats, links_as_text, frame, leaf, discussion)
    prefix = None if container is None else container + "/"
    keep = _kept(blocks, chrome, container, title_key, stats)
    # the stats' columns the passes below read, transposed in C
    tokens, words, _, _, densities, _, inside = zip(*stats) if stats else ((),) * 7
    if leaf:
        keep_standfirst(blocks, keep, container, words, densities, title_key)
    drop_controls(blocks, keep, title_key, stats)
    marked = frozenset(i for i in kept_positions(chrome)
                       if blocks[i].kind == "heading" and chrome_kind(blocks[i]) in SECTION_WIDGETS
                       and container is not None and blocks[i].xpath.startswith(prefix)
                       and furniture_heading(blocks[i], words[i])) if container is not None \
        else frozenset()
    headings = drop_furniture_sections(blocks, keep, words, marked)
    # On a leaf, whether the article's teaser rules run is measured on prose, link text left
    # out: the headlines of a "latest news" rail or a tag list kept inside the article's
    # container are what they cut, and counted as words they would keep the rules from
    # running (a news page's rails outweigh its story). trafilatura-eval P 0.896 -> 0.897.
    # A dated leaf is a post or a story however short its paragraphs (release notes' list
    # items): a product's or a landing page's own cards carry no publication date.
    if leaf:
        article = post or bool(article_paragraphs(blocks, keep, stats, prose_only=True))
        headings = sorted(headings + drop_teasers(blocks, keep, densities, inside, words, url,
                                                  article, title_key))
    trim_article_tail(blocks, keep, stats, headings, url, discussion)
    if leaf:
        drop_post_links(blocks, keep, url, discussion)
        drop_emptied_headings(blocks, keep, tokens)
    kept = reindex(blocks, keep)
    return kept, sum(compress(words, keep))


def drop_controls(blocks: list[Block], keep: list[bool], title_key: str,
                  stats: list[Stats] | None = None) -> None:
    """Drop kept blocks that are controls or per-post metadata (content_controls.py), never
    the title heading."""
    from .content_controls import control_rule, is_furniture_label

    for i, b in enumerate(blocks):
        if keep[i] and control_rule(b, None if stats is None else stats[i][0]) \
                and not (title_key and b.text.strip().lower() == title_key) \
                and not (b.kind == "heading" and _heads_prose(blocks, keep, i, stats)
                         and not is_furniture_label(b.text)):
            keep[i] = False


def _heads_prose(blocks: list[Block], keep: list[bool], i: int,
                 stats: list[Stats] | None) -> bool:
    """A heading whose next block is a sentence or more of prose (or code), and kept, heads a
    section of the body, whatever it says: an API's "Filter" or "Embed", a style guide's
    "Quote". A control's label heads controls ("Share this:" over its buttons, "Table of
    contents" over its links, dropped or not) or nothing."""
    for j in range(i + 1, len(blocks)):
        if blocks[j].text and blocks[j].kind != "image":    # (a section may open with its picture)
            b = blocks[j]
            if not keep[j]:
                return False
            if b.kind == "code":
                return True
            st = stats[j] if stats is not None else block_stats(b)
            return b.kind in PROSE_KINDS and st[5] >= SECTION_PROSE_WORDS
    return False


def _furniture(b: Block, st: Stats | None = None) -> bool:
    """A block that reads as page furniture: mostly link text (a menu entry, a teaser's
    headline, a tag list) or a short label (a 'Related posts' heading, a date, 'Share')."""
    if b.kind in ("image", "rule", "media"):
        return False
    if st is None:
        st = block_stats(b)
    if st[6] or st[4] > LINK_DENSITY_MAX:
        return True
    return b.kind in FURNITURE_SHORT_KINDS and st[1] < SHORT_BLOCK_WORDS


def _short_statement(b: Block, st: Stats) -> bool:
    """A paragraph of TAIL_STATEMENT_MIN_WORDS or more ending in a full stop."""
    return (b.kind == "paragraph" and st[1] >= TAIL_STATEMENT_MIN_WORDS
            and b.text.rstrip().rstrip('"\u201d\u2019').endswith("."))


def _linking_statement(b: Block, st: Stats) -> bool:
    """A statement (_short_statement) whose link sits inside it: the article's closing line
    pointing on ("You can read more on the [blog post](…)."). A teaser opens with its link,
    its headline, and a "Read more: [title]" line is mostly link text."""
    return (st[4] <= LINK_DENSITY_MAX and not b.rich_text.startswith("[")
            and _short_statement(b, st))


def _code_line(b: Block) -> bool:
    """A paragraph that is one span of code (`request.state.time_started = time.time()`): a
    docs page's closing example, never a label or a link."""
    rich = b.rich_text
    return (b.kind == "paragraph" and len(rich) > 2 and rich[0] == "`" and rich[-1] == "`"
            and rich.count("`") == 2)


def _introduces(b: Block, st: Stats, host: str) -> bool:
    """A heading, or a line ending in a colon ("For example:"), that would introduce the
    text after it: one mostly of words, or a heading that links off the site (an entry of a
    list of third-party projects, `#### [WSGIMiddleware](https://github.com/…)`: a
    related-posts grid heads its entries with links into the site)."""
    if st[6]:
        return False
    if b.kind == "paragraph":
        return b.text.rstrip().endswith(":") and st[4] == 0
    if b.kind != "heading":
        return False
    return st[4] <= LINK_DENSITY_MAX or _off_site(link_targets(b), host)


def _reference(b: Block, host: str) -> bool:
    """A list item that cites another site (a docs page's closing list of third-party
    projects, a post's further reading): the site's furniture links into the site, and a
    share button, which leads off it, carries this page's address in its query."""
    if b.kind != "list-item":
        return False
    targets = link_targets(b)
    return (_off_site(targets, host)
            and not any(shares_page(t, host) for t in targets))


def _off_site(targets: list[str], host: str) -> bool:
    return bool(host and targets) and all(
        t.startswith(("http://", "https://")) and host_of(t) != host for t in targets)


def article_paragraphs(blocks: list[Block], keep: list[bool], stats: list[Stats],
                       prose_only: bool = False) -> list[int]:
    """The kept long paragraphs when the kept words are an article's (ARTICLE_SHARE of them
    in long paragraphs), else []. `prose_only`: link text left out of the measure."""
    idx = [i for i in kept_positions(keep) if blocks[i].text]
    w = 5 if prose_only else 1
    total = sum(stats[i][w] for i in idx if blocks[i].kind != "image")
    long_ = [i for i in idx if blocks[i].kind in PROSE_KINDS and stats[i][5] >= LONG_PARAGRAPH_WORDS]
    if not total or not long_ or sum(stats[i][w] for i in long_) < ARTICLE_SHARE * total:
        return []
    return long_


def trim_article_tail(blocks: list[Block], keep: list[bool],
                      stats: list[Stats] | None = None, headings: list[int] = (),
                      page_url: str | None = None, discussion: bool = False) -> None:
    """On an article, drop the furniture that follows the body (in place on `keep`).

    An article is a page whose kept words are mostly long paragraphs. Its body ends with its
    last long paragraph; what follows it is, on the web at large, the related-posts grid,
    tags, share bar, author box and newsletter box (boilerpipe's observation: content is
    long text, furniture is short and link-dense, and both come in runs). There, each
    furniture block goes, and from the first run of FURNITURE_RUN furniture blocks on,
    everything goes: a related-posts grid is a run of teaser headlines and dates. `headings`
    are furniture-section headings drop_furniture_sections took out already, and teaser
    runs' blocks (teaser_runs.py): they count in a run as the furniture they are. On a page
    that declares itself a discussion no run ends it: each reply comes with a run of its own
    (avatar, name, the post's number), and the replies after the last long one are the
    thread's (a NodeBB thread lost its last three posts so)."""
    if stats is None:
        stats = [block_stats(b) for b in blocks]
    long_ = article_paragraphs(blocks, keep, stats)
    if not long_:
        return
    # (a reply's pictures are its own, linked where its writer linked them)
    pictures = [] if discussion else pictures_leading_off(blocks, keep, long_[-1], page_url)
    idx = [i for i in kept_positions(keep) if blocks[i].text]
    tail = [i for i in idx if i > long_[-1]]
    host = host_of(page_url) if page_url else ""
    furniture = {i: _furniture(blocks[i], stats[i]) for i in tail}
    for i in tail:
        st = stats[i]
        if furniture[i] and blocks[i].kind != "heading" and not st[6] and (
                st[4] == 0 and (st[1] >= TAIL_SENTENCE_WORDS or _short_statement(blocks[i], st))
                or _linking_statement(blocks[i], st) or _code_line(blocks[i])
                or _reference(blocks[i], host)):
            furniture[i] = False   # a sentence, a line of code or a reference, not a label
    for h, nxt in zip(tail, tail[1:]):
        if furniture[h] and not furniture[nxt] and _introduces(blocks[h], stats[h], host):
            furniture[h] = False   # a heading or a line that introduces text
    dropped = [h for h in headings if h > long_[-1]]
    if dropped:
        # a furniture section's heading (already dropped) still starts a furniture run
        furniture.update(dict.fromkeys(dropped, True))
        tail = sorted(tail + dropped)
    run: list[int] = []
    for i in tail:
        if furniture[i] and not discussion:
            run.append(i)
            if len(run) >= FURNITURE_RUN:
                for j in range(run[0], len(blocks)):
                    keep[j] = False
                break
        else:
            run = []
    else:
        for i in tail:
            if furniture[i]:
                keep[i] = False
    for i in pictures:     # after the runs, which a picture still ends: taken out first,
        keep[i] = False    # they let runs go on into a partners' row or a report's promo


def _kept(blocks: list[Block], chrome: list[bool], container: str | None, title_key: str,
          stats: list[Stats]) -> list[bool]:
    """Which blocks the container keeps: not hidden, not chrome, inside the container (or,
    without one, not mostly link text), and the title heading wherever it sits."""
    # one loop over the blocks, not a call per block (a third less, line_profiler)
    prefix = "" if container is None else container + "/"
    keep = []
    for b, is_chrome, st in zip(blocks, chrome, stats):
        if b.hidden:
            keep.append(False)
        elif (b.kind == "heading" and title_key and b.text.strip().lower() == title_key
              and not (b.in_nav and is_brand(b))):
            keep.append(True)
        elif is_chrome:
            keep.append(False)
        elif container is None:
            keep.append(st[4] <= LINK_DENSITY_MAX)
        else:
            xpath = b.xpath
            keep.append(xpath == container or xpath.startswith(prefix))
    return keep
