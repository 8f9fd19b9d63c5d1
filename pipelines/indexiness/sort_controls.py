"""Sort controls: a listing lets its reader reorder its entries ("Sort by": WooCommerce's
orderby select, Shopify's sort_by, a catalogue's sort bar); a leaf has one thing to read.
The link walk (links._walk_with_stats) asks is_sort_control of the relevant region's
elements, so the site's header, footer, nav and aside never count (pure)."""
from __future__ import annotations

import re

# A name, id or class word that is the control's own, set off by a separator or a camelCase
# capital: sort, sorting, sort-by, sortBy, orderby (WooCommerce), order_by; never "resort",
# "assorted", "sorted" or "sortable" (a table its reader re-sorts is content of its own).
SORT_WORD = re.compile(r"(?:^|[\s_-]|(?<=[a-z])(?=[SO]))(?:[Ss]ort(?:ing|[-_]?[Bb]y)?|[Oo]rder[-_]?[Bb]y)"
                       r"(?=$|[\s_A-Z-])")
# The elements a sort control is built of (a select, a bar of buttons or links in a <div> or
# <ul>); the walk reads no class of the rest (spans, links, list items, paragraphs: two
# thirds of a page's elements). Not a heading, whose id is its text made a slug
# ("methods-sort-of"), a table's header cell, which sorts the table's own rows (Wikipedia's
# headerSort), or an icon (an SVG sprite's symbol, an icon font's <i>).
SORT_HOLDERS = frozenset({"div", "ul", "ol", "form", "select", "input", "button", "label",
                          "section", "fieldset"})
# Form fields: their name says what they send (<select name="orderby">).
FIELDS = frozenset({"select", "input"})
# An icon font's glyph (<span class="glyphicons glyphicons-sort">, Font Awesome's fa-sort),
# which a sortable table's header or a menu carries as well. (An empty element is a control
# still: a listing's sort bar is often an empty box its script fills.)
ICON_CLASS = re.compile(r"icon|glyph|(?:^|\s)fa-")
# Where a sort control orders one leaf's replies: its comments (Disqus, Gigya; Livefyre
# calls its box a conversation), a product's reviews, a question's answers.
REPLIES_WORD = re.compile(r"comment|review|answer|repl(?:y|ies)|conversation")


def is_sort_control(el, cls: str | None) -> bool:
    """el (with its class, read by the caller) orders the entries of the page."""
    tag = el.tag
    if tag not in SORT_HOLDERS or (cls and ICON_CLASS.search(cls)):
        return False
    if tag in FIELDS:
        if el.get("type") == "hidden":
            return False
        named = any(SORT_WORD.search(v) for v in (el.get("name"), el.get("id"), cls) if v)
    else:
        named = bool(cls and SORT_WORD.search(cls))
    return named and not _orders_its_own(el)


def control_markup(el, cls: str | None) -> str:
    """The control's opening tag as explain shows it: <select name="orderby">."""
    attrs = [(a, el.get(a)) for a in ("name", "id") if el.tag in FIELDS and el.get(a)]
    attrs += [("class", cls)] if cls else []
    return f"<{el.tag}" + "".join(f' {a}="{v[:60]}"' for a, v in attrs[:2]) + ">"


def _orders_its_own(el) -> bool:
    """The control orders a leaf's replies, or the rows of the table it sits in (a
    comparison table's "reset sort" in its caption)."""
    for up in el.iterancestors():
        if up.tag == "table":
            return True
        key = f"{up.get('class', '')} {up.get('id', '')}"
        if len(key) > 1 and REPLIES_WORD.search(key.lower()):
            return True
    return bool(REPLIES_WORD.search(f"{el.get('class', '')} {el.get('id', '')}".lower()))
