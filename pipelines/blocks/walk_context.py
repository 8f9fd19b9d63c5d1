"""Where the block walk is, riding down it: Ctx (regions, lists, quote, link, widget) and
the Holder of a list item or <dd> whose first paragraph is the item."""
from __future__ import annotations


class Ctx:
    """Where the walk is: landmarks, list nesting, quote, enclosing link and item holder."""

    __slots__ = ("in_main", "in_article", "in_nav", "in_aside", "in_header", "in_footer",
                 "region", "quoted", "list_level", "ordered", "counter", "holder", "link",
                 "widget", "hidden")

    def __init__(self):
        self.in_main = self.in_article = self.in_nav = self.in_aside = False
        self.in_header = self.in_footer = self.quoted = self.hidden = False
        self.region = self.link = self.widget = self.holder = self.counter = None
        self.list_level = 0
        self.ordered = False

    def copy(self) -> "Ctx":
        # spelled out: a setattr loop over __slots__ cost a microsecond per copy
        c = _new_ctx(Ctx)
        c.in_main, c.in_article, c.in_nav, c.in_aside = (
            self.in_main, self.in_article, self.in_nav, self.in_aside)
        c.in_header, c.in_footer, c.region, c.quoted = (
            self.in_header, self.in_footer, self.region, self.quoted)
        c.list_level, c.ordered, c.counter, c.holder = (
            self.list_level, self.ordered, self.counter, self.holder)
        c.link, c.widget, c.hidden = self.link, self.widget, self.hidden
        return c

    def enter(self, landmark: str) -> "Ctx":
        c = self.copy()
        c.region = landmark
        if landmark != "form":
            setattr(c, "in_" + landmark, True)
        if landmark == "main":
            # HTML puts a page's main in no nav, aside, header or footer: one found inside
            # them was opened in an element left unclosed (a menu's <li>), not in that chrome
            c.in_nav = c.in_aside = c.in_header = c.in_footer = False
        return c


_new_ctx = object.__new__
assert len(Ctx.__slots__) == 15, "Ctx.copy names every slot"


class Holder:
    """A list item or <dd> whose first paragraph is the item and the rest continuation."""

    __slots__ = ("kind", "tag", "level", "ordered", "ordinal", "index")

    def __init__(self, kind, tag, level=None, ordered=None, ordinal=None):
        self.kind, self.tag, self.level, self.ordered = kind, tag, level, ordered
        self.ordinal = ordinal
        self.index: int | None = None
