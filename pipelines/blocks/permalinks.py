"""The permalink mark beside a heading (Sphinx's ¶, a docs theme's #, MediaWiki's [edit]):
no part of the heading's words."""
from __future__ import annotations

import re

from ..htmlparse import text_of

# Permalink glyphs authors put after a heading.
PERMALINK_GLYPHS = frozenset({"¶", "#", "§", "🔗", "⚓", "link", "permalink"})
PERMALINK_CLASS_RE = re.compile(r"headerlink|header-anchor|anchorjs|hash-link|permalink|\banchor\b")


def is_permalink(el) -> bool:
    tag = el.tag
    cls = el.get("class") or ""
    if tag == "span" and "mw-editsection" in cls:
        return True
    if tag != "a":
        return False
    if PERMALINK_CLASS_RE.search(cls):
        return True
    href = el.get("href") or ""
    return href.startswith("#") and text_of(el).strip().lower() in PERMALINK_GLYPHS
