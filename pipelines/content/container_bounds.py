"""Where a page's content container ends: narrowed into the child that holds nearly all its
prose, widened to the sections beside it, moved to the <main> the document names, or to the
column under the title (content.find_container picks the start; these bound it)."""
from __future__ import annotations

from ..blocks import Block

# A question or opening post of this many words of prose (net of link text) before a
# discussion's replies is its start (a one-paragraph question on Stack Exchange runs 40-80).
OPENING_POST_MIN_WORDS = 20

# find_container's acc, per path: [balance, prose words, net prose, the index of the long
# paragraph standing at this very path (LOOSE_NONE when none), the index of its first block]
LOOSE_NONE = 1 << 62


# A child subtree holding at least this share of the container's prose is the container: what
# the rest holds (a tenth or so of the words) is the furniture around the body.
NARROW_SHARE = 0.85
# ...and into a child that is the one <article> among its siblings when it holds most of
# the prose: the document's own statement of where the composition is. What sits beside it
# in <main> is the site's, not the article's (a breadcrumb, a category label, a donation
# plea after every post); at NARROW_SHARE a short post took all of that in and a long one
# none (Pelican corpus: Eevee's plea under 97 of its 340 posts, the short ones).
# bench/eval_extraction.py, WCXB dev and Readability's pages: 9 of 1,627 pages change, 7
# for the better (+0.09 on one article, folha +0.04, msn +0.03), a docs page -0.012 and
# breitbart -0.009; summed F1 +0.20 (0.5 and 0.6 alike there; at 0.6 the plea stayed under
# 7 posts, at 0.5 under 2).
ARTICLE_NARROW_SHARE = 0.5
# ...and into the child holding the page's title when it holds two thirds of the prose: the
# title's column is the body, the columns beside it a sidebar that names no landmark. Below
# two thirds the title's column is an intro beside the body, or half of a two-column text.
TITLE_COLUMN_SHARE = 2 / 3
# ...or when it holds TITLE_COLUMN_SHARE of the net prose (prose less link text) of the
# container's columns and at least TITLE_COLUMN_MIN_NET words of it: the columns beside it
# are then mostly links, however many words their teaser headlines add to the prose count
# (heise's news column beside an article: 255 prose words, nearly all of them in links,
# against the article's 245). Measured (bench/eval_extraction.py): 4 WCXB pages changed, two
# articles up 0.24 and 0.30 in F1, a landing page down 0.045 (its teaser cards, under the
# title's section, are in the truth) and a service page down 0.02; mean F1 0.8650 -> 0.8653;
# Readability's heise 0.45 -> 0.90, mean 0.8428 -> 0.8463. The floor keeps a short title
# section (a hero) from taking the page.
TITLE_COLUMN_MIN_NET = 100
# Widening, the other way from NARROW_SHARE: a landing or service page is a stack of sibling
# sections (hero, features, steps, FAQ), each a few paragraphs, and the balance often picks
# one of them because the page frame around the stack weighs against every ancestor. Frame
# chrome is dropped block by block anyway, so widening looks at the net prose without it
# (prose minus link text, by CHROME_PENALTY): an ancestor whose net prose the container holds
# less than WIDEN_SHARE of is the body...
WIDEN_SHARE = 0.7
# The page's one <main> is the document's own statement of where its content is. When the
# balance picks a subtree outside it -- a cookie-settings dialog, a shipping-terms ticker, a
# mega-menu panel written as paragraphs, all of them prose the frame flags do not catch --
# and the main holds at least this share of that subtree's net prose, the best subtree inside
# the main is the container. The main is measured by its prose words (headline links at
# LONG_ANCHOR_WEIGHT), not net of its link text: a product page's main is option links and
# a short description, and still the page's content. (Not a rule to drop everything outside main: that measured worse,
# content often sits beside an empty or misused <main>.)
MAIN_SHARE = 0.3
# ...when beside the container's branch at least WIDEN_SIBLINGS other children each hold
# WIDEN_SIB_MIN of the ancestor's net prose: sibling sections of one body. A single other
# branch is a consent box, a promo or a store-hours block beside a list, not a body.
WIDEN_SIBLINGS = 2
WIDEN_SIB_MIN = 0.1
# A <main> or <article> is the document's own statement of where its content is: the
# container never widens beyond one, except where the page declares itself a discussion
# (metadata/discussion.py): there each post is an <article> (Invision Community, XenForo,
# Discourse's crawler view), and one other post beside the container's is the rest of the
# thread, not a promo beside a body, however short (an Invision thread of two posts was
# archived as its long reply alone).
WIDEN_STOPS = frozenset({"main", "article"})


# A list is one part of a body, never the body: a post made of a list (a weekly roundup, a
# release's changes, a listicle) opens with a sentence or two beside it, which stepping into
# the list cut off, in a plain crawl and not in the browser's (Pelican corpus: 13 roundups
# below word F1 0.99 between the two; now none). bench/eval_extraction.py: WCXB dev 12
# pages change, 6 up (a listing +0.24, a forum thread +0.09), 6 down (at most -0.03),
# summed F1 +0.32; Readability's pages and trafilatura-eval's snippets unchanged.
LIST_TAGS = frozenset({"ul", "ol", "dl"})


def _tag(path: str) -> str:
    """The element name of the last step of an xpath ('div' for '/html/body/div[2]')."""
    step = path[path.rfind("/") + 1:]
    i = step.find("[")
    return step if i < 0 else step[:i]


def _title_column(node: str, blocks: list[Block], acc: dict[str, list[float]],
                  by_depth: dict[int, list[str]]) -> str:
    """The container's child that holds the page's title (its one <h1>) and TITLE_COLUMN_SHARE
    of its prose, instead of the container: the body column beside a sidebar column that no
    landmark names (a quote form, a reviews box, a news teaser), which the prose balance
    alone took in. `acc` maps a path to [balance, prose words, net prose]."""
    prefix = node + "/"
    h1 = [b.xpath for b in blocks
          if b.kind == "heading" and b.level == 1 and b.xpath.startswith(prefix)]
    if len(h1) != 1:
        return node
    kids = [p for p in by_depth.get(node.count("/") + 1, ()) if p.startswith(prefix)]
    if len(kids) < 2:
        return node
    for kid in kids:
        if h1[0] == kid or h1[0].startswith(kid + "/"):
            if TITLE_COLUMN_SHARE * acc[node][1] <= acc[kid][1] < acc[node][1]:
                return kid
            net = acc[kid][2]
            if net >= TITLE_COLUMN_MIN_NET and net >= TITLE_COLUMN_SHARE * sum(
                    max(acc[k][2], 0.0) for k in kids):
                return kid
            break
    return node


def _last_step_main(path: str) -> bool:
    """_tag(path) == "main"."""
    at = path.rfind("/") + 1
    return path.startswith("main", at) and (len(path) == at + 4 or path[at + 4] == "[")


def _main_instead(best: str, acc: dict[str, list[float]], depth_of: dict[str, int]) -> str:
    """The best-balanced subtree of the page's one <main> instead of `best`, when `best` lies
    outside it and the main's prose words come to MAIN_SHARE of best's net prose (acc: path
    -> [balance, prose words, net prose])."""
    # a path whose last step is main or main[n]: tested on the last step alone, since on a
    # page with a <main> every path under it holds "/main" (0.052 -> 0.041 ms a page, mean)
    mains = [p for p in acc if "/main" in p and _last_step_main(p) and acc[p][2] > 0]
    if len(mains) != 1:
        return best
    main = mains[0]
    if best.startswith(main + "/") or main.startswith(best + "/") or best == main:
        return best
    if acc[main][1] < MAIN_SHARE * acc[best][2]:
        return best
    prefix = main + "/"
    value, _, path = max((v[0], -depth_of[p], p) for p, v in acc.items()
                         if p == main or p.startswith(prefix))
    return path if value > 0 else best


def body_around_block(best: str, acc: dict[str, list[float]]) -> str:
    """The parent of `best` when best is a single block (no path of acc below it): a block
    is the body's longest line, never the body. Mezzanine's short posts were archived as
    their "Posted by" line, the share buttons under each post outweighing the rest."""
    parent = best[:best.rfind("/")]
    if parent in acc and not any(p.startswith(best + "/") for p in acc):
        return parent
    return best


def widen_container(node: str, acc: dict[str, list[float]],
                    by_depth: dict[int, list[str]], discussion: bool = False) -> str:
    """Step up from the container to the highest ancestor that holds sibling sections of the
    same body (WIDEN_SHARE, WIDEN_SIBLINGS, WIDEN_SIB_MIN), not beyond a <main>/<article>
    (WIDEN_STOPS). `acc` maps a path to [balance, prose words, net prose without chrome].
    `discussion`: the page declares itself a thread, whose posts are <article>s of one body
    (WIDEN_STOPS)."""
    best = node
    own = acc[node][2]
    while node.count("/") > 1:
        post = discussion and _tag(node) == "article"
        if _tag(node) in WIDEN_STOPS and not post:
            break
        child, node = node, node[:node.rfind("/")]
        p = acc.get(node)
        # a post's share of the thread says nothing: a long reply beside a short question
        if p is None or p[2] <= 0 or (own >= WIDEN_SHARE * p[2] and not post):
            continue
        prefix = node + "/"
        # another post, however short ("Thanks, that fixed it"), is the thread's: any prose
        floor = 0 if post else WIDEN_SIB_MIN * p[2]
        others = [k for k in by_depth.get(node.count("/") + 1, ())
                  if k != child and k.startswith(prefix) and acc[k][2] > floor]
        if any(_tag(k) == "article" for k in others) if post else len(others) >= WIDEN_SIBLINGS:
            best, own = node, p[2]
    return best


def narrow_container(container: str, acc: dict[str, list[float]],
                     by_depth: dict[int, list[str]], leaf: bool = False,
                     discussion: bool = False, blocks: list[Block] | None = None) -> str:
    """Step down from the container into the child subtree that holds nearly all of its prose
    (NARROW_SHARE), as long as there is one. `acc` maps a path to its [balance, prose words],
    `by_depth` a depth (its count of "/") to the paths at that depth. The balance lets a
    container take in a byline strip, a share bar or a teaser column beside the body when the
    body's prose outweighs their penalty; a child holding nearly all the prose is the body
    without them. A single block is never a container (it is the body's one long paragraph,
    not the body). On a leaf (`leaf`), also into the child beside columns of links
    (_beside_link_columns). Never into one section of a sectioned document (blocks:
    _one_section)."""
    node = container
    depth = node.count("/")
    while True:
        prefix = node + "/"
        kids = [p for p in by_depth.get(depth + 1, ()) if p.startswith(prefix)]
        if not kids:
            break
        child = max(kids, key=lambda path: acc[path][1])
        balance, prose = acc[child][0], acc[child][1]
        share = NARROW_SHARE
        if _tag(child) == "article" and sum(_tag(kid) == "article" for kid in kids) == 1:
            share = ARTICLE_NARROW_SHARE
        if balance <= 0 or (prose < share * acc[node][1]
                            and not (leaf and _beside_link_columns(child, kids, acc, node))):
            break
        if _tag(child) in LIST_TAGS or _start_before(child, kids, acc, discussion):
            break
        if blocks is not None and _one_section(node, acc[child][4], blocks):
            break
        child_prefix = child + "/"
        if not any(p.startswith(child_prefix) for p in by_depth.get(depth + 2, ())):
            break   # a single block
        node, depth = child, depth + 1
    return node


def _start_before(child: str, kids: list[str], acc: dict[str, list[float]],
                  discussion: bool) -> bool:
    """Does a sibling before `child` hold the body's start, so that stepping into child
    would cut it off?

    A long paragraph standing loose in the container is the body's lead: a news site sets
    its standfirst and first paragraphs straight in the article's column and the rest in a
    wrapper of its own (often its paywall's), so the wrapper held 85% of the prose and the
    narrowing cut the lead off. What sits beside a body as furniture is labels, bylines and
    boxes of their own, not loose prose (a link or two inside a lead leaves it prose).
    trafilatura-eval snippets tp +11, fp +5; WCXB dev 9 pages up (to +0.08), 7 down (a forum
    thread -0.07, the rest under 0.02), F1 0.868 either way; Readability 1 up.

    On a declared discussion the replies hold most of the prose, and the question or opening
    post before them (OPENING_POST_MIN_WORDS) is the thread's start however short beside
    them: a Stack Exchange page lost its question to its answers. WCXB dev threads 0.941 ->
    0.989, 0.909 -> 0.954 and 6 more up, 5 down by at most 0.04; snippets tp +2."""
    first = acc[child][4]
    for k in kids:
        if k == child:
            continue
        own_lead, start = acc[k][3], acc[k][4]
        if own_lead < first or (discussion and start < first
                                and acc[k][2] >= OPENING_POST_MIN_WORDS):
            return True
    return False


# A document written as flat sections sets its headings straight in its body, each just
# before the section it heads: DokuWiki's h1, div.level1, h2, div.level2; MediaWiki's and
# most Markdown renderers' h2s between runs of paragraphs. A child whose own heading stands
# in the container right before it, after another heading there, is one section of the
# container's document (the title and the intro before it): a DokuWiki page whose second
# section held 85% of the prose was archived as that section alone, its title, intro and
# heading cut off. A body after its title and a byline or a picture (a post's) is not it.


def _one_section(node: str, first: int, blocks: list[Block]) -> bool:
    """Is the block before `first` a heading standing directly in node, after another
    heading there?"""
    prefix = node + "/"
    cut = len(prefix)

    def heads(b: Block) -> bool:
        return b.kind == "heading" and b.xpath.startswith(prefix) and "/" not in b.xpath[cut:]
    return bool(first) and heads(blocks[first - 1]) \
        and any(heads(blocks[i]) for i in range(first - 1))


def _beside_link_columns(child: str, kids: list[str], acc: dict[str, list[float]],
                         node: str) -> bool:
    """On a leaf, the child holding TITLE_COLUMN_SHARE of the node's prose (and at least
    TITLE_COLUMN_MIN_NET words of it outside links) is the body when every child beside it
    is mostly link text (net prose <= 0): a blog's sidebar column of recent posts, friends
    and archives that names no landmark and no widget, whose long link texts count as prose
    and kept the body under NARROW_SHARE (pixnet: the post and its 45,000-character links
    column, F1 0.58). Not on an index page: there the columns of links are the content."""
    if acc[child][2] < TITLE_COLUMN_MIN_NET or acc[child][1] < TITLE_COLUMN_SHARE * acc[node][1]:
        return False
    return all(acc[k][2] <= 0 for k in kids if k != child)
