"""What a class string tells the block walk about its element, read once per class string."""
from __future__ import annotations

from .block_inline import hidden_alert_class, screen_reader_class
from .widgets import NEVER_WIDGET_TAGS, widget_for, with_id_widget

# class string -> (screen_reader_class(cls), widget_for(tag, cls, None) for a tag outside
# NEVER_WIDGET_TAGS). Walker.dispatch reads it with one dict lookup where the two calls cost
# ~0.4 us an element with a class (~350 of a page's ~500 block elements). Bounded, as the
# widget caches: a site builds its class strings from the same few hundred tokens.
CLASS_FACTS: dict[str, tuple[bool, str | None]] = {}
_CLASS_FACTS_MAX = 20_000
# The facts of a class that tells the walk nothing (not screen-reader text, no widget, no
# code editor), one shared tuple: Walker.container hands a child whose only attribute is such
# a class straight to its handler with one identity test, where dispatch would change nothing.
PLAIN_CLASS = (False, None)


def class_facts(cls: str) -> tuple[bool, str | None]:
    """(hides its element from sighted readers, the widget it names) for a class string."""
    facts = CLASS_FACTS.get(cls)
    if facts is None:
        if len(CLASS_FACTS) >= _CLASS_FACTS_MAX:
            CLASS_FACTS.clear()
        hides = screen_reader_class(cls) or hidden_alert_class(cls)
        widget = widget_for(None, cls, None)
        if not hides and widget is None and "editor" not in cls and "CodeMirror" not in cls:
            facts = PLAIN_CLASS
        else:
            facts = (hides, widget)
        CLASS_FACTS[cls] = facts
    return facts


def widget_named(el) -> str | None:
    """widgets.widget_of(el), its class's part read from CLASS_FACTS: the block walk has put
    the page's class strings there, and labelled_date, which asks this of every element of
    a leaf's text, matched each one's furniture words again (~1.3 us an element with a class)."""
    tag = el.tag
    if tag in NEVER_WIDGET_TAGS:
        return None
    cls = el.get("class")
    by_cls = class_facts(cls)[1] if cls else None
    ident = el.get("id")
    return with_id_widget(tag, by_cls, ident) if ident else by_cls
