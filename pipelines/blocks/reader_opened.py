"""Hidden content the reader opens with a click, so its words are the page's: the panel of a
collapsed disclosure button, an inactive CSS-only tab, the body of a closed <details>."""
from __future__ import annotations

from lxml import etree

from .reading_order import HIDDEN_ATTR


# ids named by the aria-controls of a control not marked expanded: a collapsed disclosure
# button (aria-expanded="false"), or an accordion heading that names its panel and leaves the
# state to its script (a solar installer's guide hid eight of its nine steps so: WCXB dev
# 0.50 -> 0.97, two service pages +0.14 each, two product pages -0.02)
# Every aria-controls attribute, its element's expanded state read in Python: the attribute
# axis alone costs libxml2 half of "//*[@aria-controls][not(@aria-expanded='true')]", whose
# predicates are evaluated on every element (WCXB median 0.16 -> 0.08 ms, on the third of
# pages that hide something by id).
_CONTROLS = etree.XPath("//@aria-controls")


def disclosed_ids(root) -> frozenset:
    """The ids of the panels collapsed disclosure buttons and accordion headings open (an FAQ
    answer, a guide's step): hidden until the reader clicks, their words are the page's."""
    return frozenset(i for v in _CONTROLS(root) if v.getparent().get("aria-expanded") != "true"
                     for i in v.split())


# How far above a hidden element a CSS-only tab set keeps its radio buttons.
RADIO_TABS_DEPTH = 3


def radio_tab_panel(el) -> bool:
    """el is a panel of CSS-only tabs: a set whose radio buttons (one name, two or more) show
    one panel at a time, the others drawn nothing for until the reader picks their label
    (pymdownx.tabbed in MkDocs Material's "content tabs", and the pure-CSS tabs of many
    themes). Like an inactive ARIA tab panel, its words are the page's: a plain fetch keeps
    them, and so must the browser's measured page."""
    node = el.getparent()
    for _ in range(RADIO_TABS_DEPTH):
        if node is None:
            return False
        names = [child.get("name") for child in node
                 if child.tag == "input" and (child.get("type") or "").lower() == "radio"]
        if len(names) >= 2 and len(set(names)) == 1:
            return True
        node = node.getparent()
    return False


def folded_in_details(el) -> bool:
    """el is the body of a <details> that is itself drawn (closed, not hidden)."""
    parent = el.getparent()
    return (parent is not None and parent.tag == "details"
            and parent.get(HIDDEN_ATTR) is None and el.tag != "summary")
