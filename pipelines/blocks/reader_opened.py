"""Hidden content the reader opens with a click, so its words are the page's: the panel of a
collapsed disclosure button, an inactive CSS-only tab, the body of a closed <details>, a panel
an accordion or a callout folded to nothing."""
from __future__ import annotations

import re

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


FOLDED_ATTR = "data-lc-folded"
# Class words of the disclosure widgets that fold a panel to nothing by CSS, without ARIA: an
# accordion, a collapsible callout (Obsidian's and Quartz's "is-collapsible is-collapsed"), a
# spoiler or an FAQ's answer. Matched as parts of a class token (accordion-item, faq__answer).
_DISCLOSURE_WORDS = re.compile(r"(?:^|[-_])(?:accordion|collaps\w*|fold\w*|expand\w*|toggle\w*"
                               r"|disclosure|spoiler|faq|callout)(?:$|[-_])")


def _disclosure_class(el) -> bool:
    cls = el.get("class")
    return bool(cls) and any(_DISCLOSURE_WORDS.search(t) for t in cls.lower().split())


def folded_panel(el) -> bool:
    """el is a panel a disclosure widget folded to nothing (measured: zero size, clipped) and
    the reader unfolds with a click: the element before it, its title or toggle, is drawn, and
    the widget says what it is (a disclosure class on the panel, its holder or its title, or
    an aria-expanded or a button in the title). A plain fetch keeps its words, and so must the
    browser's measured page: Quartz folds a callout's body with grid-template-rows: 0fr."""
    if el.get(FOLDED_ATTR) is None:
        return False
    prev = el.getprevious()
    while prev is not None and not isinstance(prev.tag, str):
        prev = prev.getprevious()
    if prev is None or prev.get(HIDDEN_ATTR) is not None:
        return False
    parent = el.getparent()
    return (_disclosure_class(el) or (parent is not None and _disclosure_class(parent))
            or _disclosure_class(prev) or prev.get("aria-expanded") is not None
            or prev.tag == "button" or next(prev.iter("button"), None) is not None)
