"""Reading order from the rectangles the browser measured.

On a measured page (``<html data-lc-measured="1">``) each element the browser drew carries
``data-lc-rect="x,y,w,h"``. The walk visits a container's children in the order a reader
meets them on screen: stacked boxes top to bottom, boxes side by side (columns) left to
right, or right to left on an RTL page, so each column is read whole before the next. A
container whose children the browser drew in DOM order (nearly all of them) is walked as it
is; an unmeasured page always keeps DOM order.

Inline content between block children stays with the block child before it, so a run of
text is never torn from its place.
"""
from __future__ import annotations

from functools import cmp_to_key

RECT_ATTR = "data-lc-rect"
HIDDEN_ATTR = "data-lc-hidden"
MEASURED_ATTR = "data-lc-measured"
# Boxes overlapping by less than this many CSS px are side by side, not stacked (borders and
# negative margins make neighbours touch or overlap by a pixel or two).
OVERLAP_SLACK = 2.0


def parse_rect(value: str | None) -> tuple[float, float, float, float] | None:
    """'x,y,w,h' -> (x, y, w, h); None when absent, malformed or without area."""
    if not value:
        return None
    parts = value.split(",")
    if len(parts) != 4:
        return None
    try:
        x, y, w, h = (float(p) for p in parts)
    except ValueError:
        return None
    if w <= 0 or h <= 0:
        return None
    return (x, y, w, h)


def is_measured(root) -> bool:
    return root.get(MEASURED_ATTR) is not None


def reads_before(a, b, rtl: bool = False) -> bool:
    """True when a reader meets rectangle a before rectangle b."""
    ax, ay, aw, ah = a
    bx, by, bw, bh = b
    if min(ax + aw, bx + bw) - max(ax, bx) > OVERLAP_SLACK:
        return ay < by                      # stacked: top first
    if min(ay + ah, by + bh) - max(ay, by) > OVERLAP_SLACK:
        return (ax > bx) if rtl else (ax < bx)   # side by side: columns in line direction
    return ay < by                          # apart both ways: top first


def _cmp(rtl):
    def cmp(p, q):
        if reads_before(p[0], q[0], rtl):
            return -1
        if reads_before(q[0], p[0], rtl):
            return 1
        return p[1] - q[1]                  # undecided: document order
    return cmp


def ordered_children(el, is_block, rtl: bool = False) -> list | None:
    """el's children in drawn order, or None when that is document order.

    is_block(child) says which children are blocks; only measured blocks move, and the
    inline nodes after a block travel with it.
    """
    groups: list[list] = [[]]
    keyed: list[tuple] = []
    prev_rect = None
    out_of_order = False
    for child in el:
        tag = child.tag
        if isinstance(tag, str) and is_block(child):
            rect = parse_rect(child.get(RECT_ATTR))
            if rect is not None:
                if prev_rect is not None and reads_before(rect, prev_rect, rtl):
                    out_of_order = True
                prev_rect = rect
                groups.append([child])
                keyed.append((rect, len(keyed), groups[-1]))
                continue
        groups[-1].append(child)
    if not out_of_order:
        return None
    keyed.sort(key=cmp_to_key(_cmp(rtl)))
    out = list(groups[0])
    for _, _, group in keyed:
        out.extend(group)
    return out


# Kinds that float beside the text (a picture the paragraph wraps around, a pull quote) and
# the kinds of text they float beside.
FLOAT_KINDS = frozenset({"image", "figure-caption", "quote", "media"})
FLOAT_HOST_KINDS = frozenset({"paragraph", "list-item", "heading"})


def mark_floats(blocks) -> None:
    """Set float_of on a floated block to the reading-order neighbour it is drawn beside."""
    n = len(blocks)
    for i, b in enumerate(blocks):
        if b.kind not in FLOAT_KINDS or b.rect is None or b.float_of is not None:
            continue
        for j in (i + 1, i - 1):
            if 0 <= j < n:
                host = blocks[j]
                if (host.kind in FLOAT_HOST_KINDS and host.rect is not None
                        and _beside(b.rect, host.rect)):
                    b.float_of = j
                    break


def _beside(a, b) -> bool:
    ax, ay, aw, ah = a
    bx, by, bw, bh = b
    x_overlap = min(ax + aw, bx + bw) - max(ax, bx)
    y_overlap = min(ay + ah, by + bh) - max(ay, by)
    return x_overlap <= OVERLAP_SLACK and y_overlap > OVERLAP_SLACK
