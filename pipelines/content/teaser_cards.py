"""Teaser cards inside an article: a grid of the site's other pages, each with its summary.

teaser_runs.py cuts runs of bare headlines; a run ends at a teaser's summary, so that a
listicle (linked headings, each with its paragraphs) is never cut. "Latest articles",
"See also" and "More from the author" grids carry a summary on every card all the same:
image, kicker, linked headline, a sentence or two. What sets them apart from a listicle is
the shape the seed's link-block rule names (`../shared/seeds/link-blocks.txt`, repeated
shape): each teaser is its own element, a sibling of the same tag as the next card's
(`<article>`, `<li>`, `<div class="card">`), holding one headline to another page of the
site and a few words. A listicle's headings and paragraphs are siblings in the article's
own flow, so no element holds one item alone, and its items run longer than a summary.

Only an article's body is searched (the caller decides), as for teaser runs.
"""
from __future__ import annotations

from ..blocks import Block
from ..blocks.block_model import kept_positions
from ..blocks.card_links import HEADLINE_KINDS
from .teaser_runs import (FILLER_MAX_WORDS, TEASER_LINK_DENSITY, TEASER_RUN_MIN,
                          drop_lone_cards, drop_lone_teasers, drop_teaser_runs,
                          label_before, page_of, teaser_target)

# A grid's middle card holds at most this many words (its thumbnail's alt text aside; the
# middle one, so that one long summary does not keep a grid): a teaser's summary is a search
# snippet's length (about 25 words, ~160 characters), or WordPress' default excerpt of 55
# words (a "recent posts" grid under a post: 72-77 words a card with headline and date),
# plus headline and kicker; a listicle's item, a forum reply or an article's section runs
# longer. (60 had kept WordPress' grids: WCXB dev, 3 pages up by up to +0.26, none down.)
CARD_MAX_WORDS = 80
# A grid beside an article holds less than half the page's words; where the units of its
# kind (every sibling of the cards' tag) hold more, they are what the page is: a forum
# thread's posts (each headed by its author's linked name), a roundup's entries.
GRID_MAX_SHARE = 2
# ...unless a whole article stands before them: a news site's river of its latest stories
# under each story (rows of teaser cards with their summaries) may run longer than the story,
# where a roundup's entries or a thread's replies follow an intro or an opening post.
ARTICLE_BEFORE_GRID_WORDS = 400
# A headline is a phrase; a link of one or two words on each unit is a name (a forum post's
# author, a tag), and units headed so are no teasers.
HEADLINE_MIN_WORDS = 3
# A labelled grid that closes the article may show as few as two cards ("Latest articles",
# "Read next" with two teasers): under a label and with nothing of the article after it,
# two headlines to other pages of the site are that grid, not a listicle's two items.
TAIL_GRID_MIN = 2


def _tag(step: str) -> str:
    return step.partition("[")[0]


def _card_pair(a: str, b: str) -> tuple[str, str, str] | None:
    """(parent, card of a, card of b) when two headlines' xpaths part at two sibling elements
    of one tag, else None."""
    sa, sb = a.split("/"), b.split("/")
    k = 0
    while k < len(sa) and k < len(sb) and sa[k] == sb[k]:
        k += 1
    if k >= len(sa) - 1 or k >= len(sb) - 1 or _tag(sa[k]) != _tag(sb[k]):
        return None      # one headline's element holds the other's, or the cards differ in kind
    parent = "/".join(sa[:k])
    return parent, parent + "/" + sa[k], parent + "/" + sb[k]


def _shape(xpath: str, card: str) -> str:
    """Where a headline sits inside its card, by tags alone ("h3/a", "div/h2"): the same in
    every card of a grid, as a template repeats it."""
    return "/".join(_tag(step) for step in xpath[len(card) + 1:].split("/"))


def _card_of(xpath: str, parent: str) -> str:
    """The child of `parent` on the way to `xpath`."""
    return parent + "/" + xpath[len(parent) + 1:].split("/", 1)[0]


def _in_family(xpath: str, sibling: str) -> bool:
    """Whether `xpath` lies in one of the elements `sibling` names (parent/tag, any index)."""
    return xpath.startswith(sibling) and xpath[len(sibling):len(sibling) + 1] in ("[", "/")


def _inside(xpath: str, card: str) -> bool:
    return xpath == card or xpath.startswith(card + "/")


def drop_teasers(blocks: list[Block], keep: list[bool], densities: list[float],
                 inside: list[bool], words: list[int], page_url: str | None,
                 article: bool, title_key: str = "") -> list[int]:
    """A leaf's teasers, dropped in place on `keep`; returns their indices. On an article:
    runs, grids and lone teasers. On any other leaf (a product or a landing page, whose own
    cards of features, templates or plans are its content) only a grid of cards each
    clickable through an overlay link to another page of the site ("People who viewed this
    item also viewed"): the shop's recommendations all the same (card_links.py). WCXB: 3
    product pages gain (word F1 summed +0.20), none lose. `title_key`: the page's title,
    lowercased (selection._select)."""
    if article:
        dropped = (drop_teaser_runs(blocks, keep, densities, inside, words, page_url)
                   + drop_teaser_cards(blocks, keep, densities, inside, words, page_url)
                   + drop_lone_teasers(blocks, keep, densities, inside, words, page_url)
                   + drop_lone_cards(blocks, keep, densities, inside, words, page_url))
    else:
        dropped = drop_teaser_cards(blocks, keep, densities, inside, words, page_url,
                                    overlays_only=True)
    return _unless_title(blocks, keep, dropped, title_key) if title_key and dropped else dropped


def _unless_title(blocks: list[Block], keep: list[bool], dropped: list[int],
                  title_key: str) -> list[int]:
    """dropped, less the page's title heading, kept again: the heading that names the page
    is no teaser of another, however its template links it (to its own address, a
    category, a comment count) or sets it in a card (htmldate-eval: 4 of 752 leaves had
    lost their title so)."""
    out = []
    for i in dropped:
        if blocks[i].kind == "heading" and blocks[i].text.strip().lower() == title_key:
            keep[i] = True
        else:
            out.append(i)
    return out


def drop_teaser_cards(blocks: list[Block], keep: list[bool], densities: list[float],
                      inside: list[bool], words: list[int], page_url: str | None,
                      overlays_only: bool = False) -> list[int]:
    """Drop, in place on `keep`, every grid of TEASER_RUN_MIN or more teaser cards among the
    kept blocks, with its short label heading. Returns the dropped blocks' indices.
    overlays_only: only cards whose headline links through an overlay (Block.card_link)."""
    page, host, _ = page_of(page_url)
    idx = kept_positions(keep)
    heads = []
    for i in idx:
        if overlays_only and blocks[i].card_link is None:
            continue
        if blocks[i].kind in HEADLINE_KINDS and words[i] >= HEADLINE_MIN_WORDS and (
                inside[i] or densities[i] > TEASER_LINK_DENSITY or blocks[i].card_link):
            # (teaser_target's first test before the call: most headline-long lines are prose)
            target = teaser_target(blocks[i], densities[i], inside[i], page, host)
            if target is not None:
                heads.append((i, target))
    dropped: list[int] = []

    def cards_in(card: str) -> int:
        """1, or the child elements holding kept blocks of a card that heads several pages
        (a row of cards)."""
        if len({t for i, t in heads if _inside(blocks[i].xpath, card)}) < 2:
            return 1
        cut = len(card) + 1
        return len({blocks[i].xpath[cut:].split("/", 1)[0] for i in idx
                    if blocks[i].xpath.startswith(card + "/")})

    def close(parent: str | None, cards: list[str], targets: set[str]) -> None:
        if len(cards) < TAIL_GRID_MIN or len(targets) < TAIL_GRID_MIN:
            return
        # every kept block in an element of the cards' kind (parent/tag, any index), by card
        sibling = f"{parent}/{_tag(cards[0][len(parent) + 1:])}"
        card_of = {i: _card_of(blocks[i].xpath, parent) for i in idx
                   if _in_family(blocks[i].xpath, sibling)}
        named = set(cards)
        members = [i for i in idx if card_of.get(i) in named]
        span = [i for i in idx if members[0] <= i <= members[-1]]
        sizes: dict[str, int] = {}
        for i in span:
            card = card_of.get(i)
            if card is None:
                if not _filler(blocks[i], words[i]):
                    return   # prose between the cards: the headlines are the article's own
                continue
            # a card between them whose headline the selection dropped is a card all the same
            sizes[card] = sizes.get(card, 0) + (0 if blocks[i].kind == "image" else words[i])
        if len(cards) < TEASER_RUN_MIN or len(targets) < TEASER_RUN_MIN:
            # two cards are a grid only under a label at the article's end, where nothing
            # but more of the grid's kind follows ("Latest articles" with its first two)
            after = [i for i in idx if i > span[-1]]
            if label_before(blocks, idx, members[0], words) is None or any(
                    i not in card_of and not _filler(blocks[i], words[i]) for i in after):
                return
        # a "card" holding headlines to different pages is a row of cards (a Bootstrap row
        # of three teasers, rows under rows): its words are its cards', one per child
        # element holding any of them (a card whose headline the selection dropped too)
        middle = sorted(size / cards_in(card) for card, size in sizes.items())[len(sizes) // 2]
        if middle > CARD_MAX_WORDS:
            return
        family = sum(words[i] for i in card_of if blocks[i].kind != "image")
        if family * GRID_MAX_SHARE > sum(words[i] for i in idx if blocks[i].kind != "image") \
                and sum(words[i] for i in idx if i < members[0] and i not in card_of
                        and blocks[i].kind != "image") < ARTICLE_BEFORE_GRID_WORDS:
            return   # the units are the page's content: a thread's replies, a roundup's entries
        for i in span:
            keep[i] = False
            dropped.append(i)
        label = label_before(blocks, idx, members[0], words)
        if label is not None:
            keep[label] = False
            dropped.append(label)

    parent, cards, targets = None, [], set()
    for (a, ta), (b, tb) in zip(heads, heads[1:]):
        if cards and _inside(blocks[a].xpath, cards[-1]) and _inside(blocks[b].xpath, cards[-1]):
            continue     # a card's second link (its kicker's section, "read more")
        pair = _card_pair(blocks[a].xpath, blocks[b].xpath)
        if pair is not None and _shape(blocks[a].xpath, pair[1]) != _shape(blocks[b].xpath, pair[2]):
            pair = None  # the headlines sit at different places in their elements: no grid
        if pair is None or pair[0] != parent or pair[1] != cards[-1]:
            close(parent, cards, targets)
            parent, cards, targets = None, [], set()
            if pair is None:
                continue
            parent, cards, targets = pair[0], [pair[1]], {ta}
        if pair[2] != cards[-1]:
            cards.append(pair[2])
        targets.add(tb)
    close(parent, cards, targets)
    return sorted(set(dropped))


def _filler(b: Block, n: int) -> bool:
    """A block between cards that belongs to none: a thumbnail, a rule, a short label."""
    if b.kind in ("image", "rule", "media"):
        return not b.link
    return n <= FILLER_MAX_WORDS and "](" not in b.rich_text
