"""The block model: one Block per innermost block-level element holding text, and reindex
for the selections made of a page's blocks. build_blocks (blocks.py) makes them."""
from __future__ import annotations

from copy import copy
from dataclasses import dataclass, fields
from itertools import compress
from operator import attrgetter

KINDS = ("paragraph", "heading", "list-item", "table", "image", "code", "quote",
         "figure-caption", "media", "rule")


# slots: a page makes ~250 blocks (every menu entry is one); without a __dict__ each is
# built and read faster and weighs a third
@dataclass(slots=True)
class Block:
    text: str                 # plain text, whitespace-normalised (verbatim for code)
    rich_text: str            # inline Markdown (links absolute, **strong**, *em*, `code`)
    kind: str                 # one of KINDS
    tag: str                  # the source element's tag
    xpath: str
    dom_index: int            # document order of the source element
    rect: tuple[float, float, float, float] | None = None   # x, y, w, h when measured
    level: int | None = None  # heading level; list nesting depth (1 = top)
    ordered: bool | None = None
    ordinal: int | None = None  # an ordered item's number (<ol start>, <li value>); 1 restarts a list
    rows: list[list[str]] | None = None
    rich_rows: list[list[str]] | None = None
    table_html: str | None = None
    href: str | None = None   # image src (absolute)
    alt: str | None = None
    link: str | None = None   # image wrapped in <a href>
    language: str | None = None
    region: str | None = None  # innermost landmark: main|article|nav|aside|header|footer|form|None
    in_main: bool = False
    in_article: bool = False
    in_nav: bool = False
    in_aside: bool = False
    in_header: bool = False
    in_footer: bool = False
    widget: str | None = None
    quoted: bool = False
    body_of: int | None = None
    float_of: int | None = None
    hidden: bool = False      # the browser drew no box for it (data-lc-hidden): dedup only
    # the page a card's overlay link leads to, for the blocks of that card (card_links.py)
    card_link: str | None = None

    def to_dict(self) -> dict:
        """JSON-able dict; None fields omitted, rect as a list."""
        # not asdict(): asdict deep-copies every field and cost 0.3 ms per block (a quarter
        # of a plain crawl's time); the values are already JSON-able.
        d = {k: v for k in _FIELD_NAMES if (v := getattr(self, k)) is not None}
        if self.rect is not None:
            d["rect"] = list(self.rect)
        return d

    @classmethod
    def from_dict(cls, d: dict) -> "Block":
        known = {f.name for f in fields(cls)}
        kw = {k: v for k, v in d.items() if k in known}
        if kw.get("rect") is not None:
            kw["rect"] = tuple(kw["rect"])
        return cls(**kw)


_FIELD_NAMES = tuple(f.name for f in fields(Block))
# A block's field values in field order, for the constructor to copy it: copy.copy goes
# through __reduce_ex__ for a slots class (4.1 us a block, 0.8 so), and dedup and the
# selection copy every block they renumber, ~20 a page.
_FIELD_VALUES = attrgetter(*_FIELD_NAMES)


def _copied(b: Block) -> Block:
    """copy(b), shallow."""
    return Block(*_FIELD_VALUES(b)) if type(b) is Block else copy(b)


def kept_positions(keep: list[bool]) -> list[int]:
    """The positions whose flag is set: [i for i, k in enumerate(keep) if k], picked in C
    (compress): the selection's passes each ask for them, 5.5 -> 2.3 us for 250 blocks."""
    return list(compress(range(len(keep)), keep))


def reindex(blocks: list[Block], keep: list[bool]) -> list[Block]:
    """Keep the blocks whose flag is set, renumbering body_of/float_of to the new positions.

    A renumbered block is a copy: `blocks` stays as it was, since a caller may select from
    it again (content selection tries a second reading of the same walked blocks), and
    renumbering its blocks in place would point their body_of into the first selection."""
    # the kept blocks picked in C (compress), and the old -> new positions made only for a
    # selection that holds a block to renumber: dedup and content selection call this on
    # every page, over all ~250 blocks of it (40 -> 34 us with a few blocks to renumber)
    out = list(compress(blocks, keep))
    new_pos: dict[int, int] | None = None
    for n, b in enumerate(out):
        if b.body_of is not None or b.float_of is not None:
            if new_pos is None:
                new_pos = {i: m for m, i in enumerate(compress(range(len(blocks)), keep))}
            b = out[n] = _copied(b)
            if b.body_of is not None:
                b.body_of = new_pos.get(b.body_of)
            if b.float_of is not None:
                b.float_of = new_pos.get(b.float_of)
    return out
