"""Cards whose link is an empty overlay: the card's page, named on the card's blocks.

A common way to make a whole card clickable (Bootstrap's `.stretched-link`, eBay's and most
shop themes' product tiles, news sites' teaser cards) is an <a> with no words of its own,
stretched by CSS over the card, beside the card's image, headline and price rather than
around them; an aria-label or title names it for screen readers. The headline then links
nowhere in the markup's own terms, and a grid of such cards ("People who viewed this item
also viewed", "More stories") reads as headings and prices of the article's own. Naming the
overlay's target on the blocks of its card (Block.card_link) lets the teaser rules see the
grid for what it is, as they see cards whose <a> wraps them.
"""
from __future__ import annotations

from .block_inline import link_target


def is_overlay_link(a) -> bool:
    """An <a href> with no words and no picture: a card's overlay (or an empty link, which
    leads nowhere a reader could click and names no block)."""
    if len(a) or (a.text and not a.text.isspace()):
        return False
    href = a.get("href")
    return bool(href) and not href.startswith("#")


# Kinds that can be a card's headline: its title in a heading, a line or a list item.
HEADLINE_KINDS = frozenset({"heading", "paragraph", "list-item"})


def link_cards(blocks, overlays, path_of, base: str) -> None:
    """Set card_link on the headline of each card that holds an overlay link (the link's
    parent element): its first heading, else its first line. A card's price and byline lines
    are not its headline, and teaser_cards pairs the headlines of neighbouring cards."""
    cards: dict[str, str] = {}
    for card, href in overlays:
        target = link_target(href, base)
        if target is not None:
            cards.setdefault(path_of(card), target)
    if not cards:
        return
    first: dict[str, list] = {}     # card -> [first heading, first line]
    # A block's card is its deepest ancestor path among the cards: the longest card path that
    # is its xpath up to a "/". One slice per distinct card length (WCXB: 1-8), where
    # climbing the xpath sliced it at each of its 15-25 steps (0.9 -> 0.13 ms a page with cards).
    lengths = sorted({len(card) for card in cards}, reverse=True)
    for b in blocks:
        if b.kind not in HEADLINE_KINDS:
            continue
        xpath = b.xpath
        for n in lengths:
            if xpath[n:n + 1] == "/" and (card := xpath[:n]) in cards:
                pick = first.setdefault(card, [None, b])
                if pick[0] is None and b.kind == "heading":
                    pick[0] = b
                break
    for card, (heading, line) in first.items():
        (heading or line).card_link = cards[card]
