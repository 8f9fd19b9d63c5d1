"""A news headline's words without its kicker.

News and magazine templates set a kicker (German papers' Dachzeile, an overline, a topic
label) in the headline's own <h1>, before its words: `<h1><span class="dachzeile">Nach
Corona-Lockerungen</span> <span class="headline">Autohäuser rechnen …</span></h1>`,
`<h1><small>Tunesien</small><br>Große Aufgaben …</h1>`. The title is the headline; the
kicker is the topic it is filed under, as readers and the page's own `itemprop="headline"`
tell them apart.
"""
from __future__ import annotations

import re

from ..htmlparse import text_without_buttons

# A leading element's class that names a kicker: kicker, Dachzeile, overline, eyebrow,
# topline, roofline, toptitle, subtitle, subheadline, sub-heading, topic label, "h1small".
KICKER_CLASS = re.compile(r"kicker|dachzeile|overline|eyebrow|top-?line|roof|top-?title|"
                          r"sub-?title|sub-?head|topic|h\dsmall", re.I)
# The elements a kicker is set in.
KICKER_TAGS = frozenset({"span", "small", "div", "p", "strong", "em"})


def headline_text(h1) -> str:
    """The h1's words (text_without_buttons) without a leading kicker: its child marked
    itemprop="headline" where it has one, else its text after a first child element that is
    a <small> or classed as a kicker (KICKER_CLASS), when words follow it."""
    for el in h1.iterdescendants():
        if el.get("itemprop") == "headline":
            return text_without_buttons(el)
    first = next((c for c in h1 if isinstance(c.tag, str)), None)
    if first is None or (h1.text or "").strip() or first.tag not in KICKER_TAGS:
        return text_without_buttons(h1)
    if first.tag != "small" and not KICKER_CLASS.search(first.get("class") or ""):
        return text_without_buttons(h1)
    whole = text_without_buttons(h1)
    kicker = text_without_buttons(first)
    rest = whole[whole.find(kicker) + len(kicker):] if kicker and kicker in whole else ""
    rest = rest.strip().lstrip(":-–—|").strip()
    return rest or whole
