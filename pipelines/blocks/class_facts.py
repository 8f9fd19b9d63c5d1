"""What a class string tells the block walk about its element, read once per class string."""
from __future__ import annotations

from .block_inline import screen_reader_class
from .widgets import widget_for

# class string -> (screen_reader_class(cls), widget_for(tag, cls, None) for a tag outside
# NEVER_WIDGET_TAGS). Walker.dispatch reads it with one dict lookup where the two calls cost
# ~0.4 us an element with a class (~350 of a page's ~500 block elements). Bounded, as the
# widget caches: a site builds its class strings from the same few hundred tokens.
CLASS_FACTS: dict[str, tuple[bool, str | None]] = {}
_CLASS_FACTS_MAX = 20_000


def class_facts(cls: str) -> tuple[bool, str | None]:
    """(hides its element from sighted readers, the widget it names) for a class string."""
    facts = CLASS_FACTS.get(cls)
    if facts is None:
        if len(CLASS_FACTS) >= _CLASS_FACTS_MAX:
            CLASS_FACTS.clear()
        facts = CLASS_FACTS[cls] = (screen_reader_class(cls), widget_for(None, cls, None))
    return facts
