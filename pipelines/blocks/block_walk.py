"""One top-down walk of the DOM that emits Blocks in document order.

Region flags ride down the walk in a small context object, so no element ever looks at its
ancestors. Each container flushes its own orphan text where the reader meets it.
"""
from __future__ import annotations

import re
from dataclasses import fields

from .block_code import (editor_kind, editor_language, editor_lines, editor_source,
                         is_line_number_gutter, is_strip, language, strip_element,
                         strip_language, verbatim)
from .block_inline import (InlineBuffer, escape_text, finish_text, hidden_attr_hides, POPOVER_ATTR,
                           hidden_by_class, link_target, normalize_ws, render_shown, hides_sr_text_at)
from .whitespace import collapse_ws
from .permalinks import is_permalink
from .block_media import (image_src, is_ad_frame, is_decoration, media_note, media_src,
                          picture_img, svg_text)
from .block_tables import is_layout_table, needs_html, read_rows, table_html, table_plain
from .block_model import Block
from ..htmlparse import base_url, element_paths, document_order, first_descendant, text_of
from .reading_order import (HIDDEN_ATTR, RECT_ATTR, is_measured, mark_floats, ordered_children,
                            parse_rect)
from .regions import LANDMARK_TAGS, landmark_of, landmark_of_role
from .shadow_dom import flatten_shadow_roots
from .furniture_boxes import DIALOG_WIDGET, is_modal_dialog, signup_box_widgets
from .reader_opened import disclosed_ids, folded_in_details, folded_panel, radio_tab_panel
from .widgets import NEVER_WIDGET_TAGS, with_id_widget
from .walk_context import Ctx, Holder
from .class_facts import CLASS_FACTS, PLAIN_CLASS, class_facts
from .walk_setup import set_up_tags
from .card_links import is_overlay_link, link_cards

HEADINGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
MEDIA_TAGS = frozenset({"video", "audio", "iframe", "object", "embed"})
IMAGE_TAGS = frozenset({"img", "svg", "picture"})
# Elements that start a block of their own (everything else is inline content).
BLOCK_TAGS = frozenset({
    "address", "article", "aside", "blockquote", "body", "center", "dd", "details", "dialog",
    "dir", "div", "dl", "dt", "fieldset", "figcaption", "figure", "footer", "form", "header",
    "hgroup", "hr", "li", "main", "menu", "nav", "ol", "p", "pre", "section", "summary",
    "table", "tbody", "thead", "tfoot", "tr", "td", "th", "caption", "ul", "legend",
    *IMAGE_TAGS, *HEADINGS, *MEDIA_TAGS,
})
# Block tags other than images: an image in a run of text is inline, these never are.
TEXT_BLOCK_TAGS = BLOCK_TAGS - IMAGE_TAGS
# A blockquote holding one of these keeps its structure (walked as a container).
STRUCTURED_QUOTE_TAGS = frozenset({"table", "ul", "ol", "dl", "pre", "blockquote", *HEADINGS})
# Elements whose content is never page text.
SKIP_TAGS = frozenset({"script", "style", "noscript", "template", "head", "title", "meta",
                       "link", "select", "textarea", "input", "button", "option", "datalist",
                       "map", "area", "base", "math", "canvas", "source", "track", "dialog"})
# Block children a container always hands to dispatch (images may sit in a sentence instead).
WALKED_BLOCK_TAGS = BLOCK_TAGS - SKIP_TAGS - IMAGE_TAGS
# Children Walker.container does not render inline (the rest go to InlineBuffer.element).
_NOT_INLINE_TAGS = WALKED_BLOCK_TAGS | SKIP_TAGS | IMAGE_TAGS | {"br"}
_HIDDEN_STYLE_RE = re.compile(r"display\s*:\s*none|visibility\s*:\s*hidden", re.I)
# The same for a lowercased ASCII style, where ignoring case changes nothing: re.I read every
# character's case variants (WCXB's style attributes: 2.0 -> 0.9 us a search, lowering too)
_HIDDEN_STYLE_ASCII = re.compile(_HIDDEN_STYLE_RE.pattern)


_BLOCK_FIELDS = (
    "text", "rich_text", "kind", "tag", "xpath", "dom_index", "rect",
    "level", "ordered", "ordinal", "rows", "rich_rows", "table_html", "href", "alt", "link",
    "language", "region", "in_main", "in_article", "in_nav", "in_aside", "in_header",
    "in_footer", "widget", "quoted", "body_of", "float_of", "hidden", "card_link")
assert tuple(f.name for f in fields(Block)) == _BLOCK_FIELDS, "Walker.emit passes Block fields by position"


def is_hidden(el, by_class: bool = False) -> bool:
    """Hidden by its hidden, aria-hidden or style attribute; by_class: or by its class
    (hidden_by_class), all an inline child's checks before render_shown."""
    # one keys() call, then get() only for the names present (as dispatch does): most inline
    # elements have no attribute or only href and class, and each get() is a libxml2 lookup
    keys = el.keys()
    if not keys:
        return False
    if ("hidden" in keys and hidden_attr_hides(el.get("hidden"))) or POPOVER_ATTR in keys \
            or ("aria-hidden" in keys and el.get("aria-hidden") == "true") \
            or ("style" in keys and _style_hides(el.get("style"))):
        return True
    return by_class and "class" in keys and hidden_by_class(el, el.get("class"))


def _style_hides(style: str) -> bool:
    """Does a style attribute hide its element (_HIDDEN_STYLE_RE)?"""
    if style.isascii():
        return _HIDDEN_STYLE_ASCII.search(style.lower()) is not None
    return _HIDDEN_STYLE_RE.search(style) is not None


def _is_block_child(el) -> bool:
    return el.tag in BLOCK_TAGS


def _int_attr(el, name: str) -> int | None:
    v = el.get(name)
    if v:
        v = v.strip()
        if v.lstrip("-").isdigit():
            return int(v)
    return None


class Walker:
    def __init__(self, root, url: str, order: dict | None = None, setup: dict | None = None):
        """order: document_order(root) when the caller took it and the tree has not
        changed shape since; setup: set_up_tags(root), likewise."""
        self.root = root
        if setup is None:
            setup = set_up_tags(root)
        # base_url(root, url) is url itself on a page without <base>
        self.base = base_url(root, url) if setup["base"] else url
        self.order = order if order is not None else document_order(root)
        self.path_of = element_paths(root.getroottree(), len(self.order))
        self.blocks: list[Block] = []
        self.els: list = []              # the source element of each block
        self.measured = is_measured(root)
        self.rtl = (root.get("dir") or "").lower() == "rtl"
        self.consumed: set = set()       # elements already read (an editor's hidden source)
        self.disclosed: frozenset | None = None    # disclosed_ids(root), when first asked
        # sign-up boxes: widgets (modal dialogs are found in dispatch, by their attributes)
        self.boxes = signup_box_widgets(root, setup["form"]) if setup["form"] else {}
        self.overlays: list = []         # (card element, href) of each overlay link (card_links)

    def _opened_by_reader(self, role, ident) -> bool:
        """A hidden element the reader opens with a click, so its words are the page's (as
        a closed <details>'s): an inactive tab panel (install steps per OS, code per
        language) or the panel of a collapsed disclosure button (an FAQ answer)."""
        if role == "tabpanel":
            return True
        if not ident:
            return False
        if self.disclosed is None:      # read once, and only on pages hiding something
            self.disclosed = disclosed_ids(self.root)
        return ident in self.disclosed

    # -- emission -----------------------------------------------------------
    def emit(self, kind, tag, el, ctx: Ctx, text, rich, **extra) -> int:
        holder = ctx.holder
        level = ordered = ordinal = body_of = None
        if holder is not None:
            if holder.index is None:
                if kind == "paragraph":
                    kind, tag = holder.kind, holder.tag
                    level, ordered, ordinal = holder.level, holder.ordered, holder.ordinal
                holder.index = len(self.blocks)
            else:
                body_of = holder.index
        rect = parse_rect(el.get(RECT_ATTR)) if self.measured else None
        # positional, in _BLOCK_FIELDS order: Block() with 17 keywords cost ~1.8 us more,
        # and a list item's fields set afterwards one by one ~0.5 us more
        b = Block(text, rich, kind, tag, self.path_of(el), self.order.get(el, -1), rect,
                  level, ordered, ordinal, None, None, None, None, None, None, None,
                  ctx.region, ctx.in_main, ctx.in_article, ctx.in_nav, ctx.in_aside,
                  ctx.in_header, ctx.in_footer, ctx.widget, ctx.quoted, body_of, None, ctx.hidden)
        if extra:
            for name, value in extra.items():
                setattr(b, name, value)
        self.blocks.append(b)
        self.els.append(el)
        return len(self.blocks) - 1

    def flush(self, buf: InlineBuffer, kind, tag, el, ctx) -> None:
        if not buf.plain:
            return
        if not buf.has:      # buf.has_text(), without the call
            buf.reset()      # whitespace between blocks: nothing to emit
            return
        text, rich, _ = buf.finish()
        if text:
            self.emit(kind, tag, el, ctx, text, rich)

    # -- dispatch -----------------------------------------------------------
    def dispatch(self, el, ctx: Ctx) -> None:
        tag = el.tag
        if not isinstance(tag, str) or tag in SKIP_TAGS:
            return
        # is_hidden(), landmark_of() and widget_of() inlined: this runs for every block element.
        # One keys() call, then get() only for the attributes present: a fifth of these
        # elements have none and most have one or two, and each get() is a libxml2 lookup.
        get = el.get
        keys = el.keys()
        style = role = cls = ident = facts = None
        modal = False
        if keys:
            if "role" in keys:
                role = get("role")
            if "id" in keys:
                ident = get("id")
            if "style" in keys:
                style = get("style")
            if (("hidden" in keys and hidden_attr_hides(get("hidden"))) or POPOVER_ATTR in keys
                    or ("aria-hidden" in keys and get("aria-hidden") == "true")
                    or (style and _style_hides(style))) \
                    and not self._opened_by_reader(role, ident):
                return
            if "class" in keys:
                cls = get("class")
                facts = CLASS_FACTS.get(cls) or class_facts(cls)
                # screen-reader text: a browser draws it as a clipped 1x1 box, so the
                # measurement keeps it, and a plain fetch has no CSS at all
                # (facts[0] and no link to another page around: hidden_by_class)
                if facts[0] and hides_sr_text_at(el) \
                        and not self._opened_by_reader(role, ident):
                    return
            modal = "aria-modal" in keys and is_modal_dialog(el)
        if self.consumed and el in self.consumed:
            return
        if self.measured and not ctx.hidden and get(HIDDEN_ATTR) is not None:
            ctx = ctx.copy()
            # a closed <details> draws no box for its body, yet the reader opens it with a
            # click (FAQ answers, accordions): its words are the page's, not a hidden copy
            ctx.hidden = not (folded_in_details(el) or radio_tab_panel(el) or folded_panel(el)
                              or self._opened_by_reader(role, ident))
        lm = LANDMARK_TAGS.get(tag)
        if lm is None and role:
            lm = landmark_of_role(role)
        if lm:
            ctx = ctx.enter(lm)
        # element_widget(tag, cls, ident), the class's part from facts: element_widget's own
        # cache by class string would match each new string a second time
        if tag in NEVER_WIDGET_TAGS:
            w = None
        elif ident:
            w = with_id_widget(tag, facts[1] if cls else None, ident)
        else:
            w = facts[1] if cls else None
        if w and w != ctx.widget:
            ctx = ctx.copy()
            ctx.widget = w
        # a modal dialog's box is the dialog's, even around a sign-up form (furniture_boxes)
        box = DIALOG_WIDGET if modal else self.boxes.get(el) if self.boxes else None
        if box is not None and ctx.widget != box:
            ctx = ctx.copy()
            ctx.widget = box
        handler = _HANDLERS.get(tag)
        if handler is not None:
            handler(self, el, ctx)
        elif tag == "div" and cls and ("editor" in cls or "CodeMirror" in cls) and editor_kind(el):
            self.editor(el, ctx, editor_kind(el))
        else:
            self.container(el, ctx)

    # Lists, items and definitions set their fields on the ctx they are given for the walk of
    # their subtree and put the old values back after, where a copy each cost ~0.6 us (a page
    # has ~110 items): below, a copy taken keeps the values as they were when taken, and no
    # Ctx outlives the walk of its subtree.
    def _list(self, el, ctx: Ctx) -> None:
        saved = ctx.list_level, ctx.ordered, ctx.counter
        ctx.list_level += 1
        ctx.ordered = ordered = el.tag == "ol"
        ctx.counter = [_int_attr(el, "start") or 1] if ordered else None
        self.container(el, ctx)
        ctx.list_level, ctx.ordered, ctx.counter = saved

    def _item(self, el, ctx: Ctx) -> None:
        ordinal = None
        if ctx.ordered and ctx.counter is not None:
            ordinal = _int_attr(el, "value") or ctx.counter[0]
            ctx.counter[0] = ordinal + 1
        saved = ctx.holder
        ctx.holder = Holder("list-item", "li", max(ctx.list_level, 1), ctx.ordered, ordinal)
        self.container(el, ctx)
        ctx.holder = saved

    def _definition(self, el, ctx: Ctx) -> None:
        saved = ctx.holder
        ctx.holder = Holder("paragraph", el.tag)
        self.container(el, ctx)
        ctx.holder = saved

    def _rule(self, el, ctx: Ctx) -> None:
        self.emit("rule", "hr", el, ctx, "", "")

    def _picture(self, el, ctx: Ctx) -> None:
        img = picture_img(el)
        if img is not None:
            self.image(img, ctx, el)

    def _figcaption(self, el, ctx: Ctx) -> None:
        self.container(el, ctx, "figure-caption")

    def container(self, el, ctx: Ctx, kind: str = "paragraph") -> None:
        """Walk children; inline runs between block children become blocks of `kind`."""
        # The buffer is made at the first inline content: nearly half the containers hold
        # only blocks and whitespace (which an empty buffer ignores anyway).
        buf = None
        text = el.text
        n_children = len(el)
        if not n_children:
            # A block of text alone (<p>..</p>, <td>, <li>Home</li>): a sixth of the containers.
            # Its text and rich_text as the buffer would make them, without the buffer
            # (walk CPU -1.6% with the lone inline subtree below).
            if text and not text.isspace():
                plain = collapse_ws(text)
                plain, rich = finish_text(plain, escape_text(plain))
                if plain:
                    self.emit(kind, el.tag, el, ctx, plain, rich)
            return
        if n_children == 1 and (not text or text.isspace()):
            # A lone inline element (<li><a>Home</a></li>, <p><span>..</span></p>): a fifth of
            # a page's blocks are menu entries so. Rendered straight to text and rich_text,
            # what the buffer would make of it (whitespace around it is trimmed anyway)
            # without the buffer's appends, joins and flush.
            child = el[0]
            ctag = child.tag
            if (isinstance(ctag, str) and ctag not in _NOT_INLINE_TAGS
                    and (not child.tail or child.tail.isspace())
                    and (not len(child) or first_descendant(child, BLOCK_TAGS) is None)
                    and not is_hidden(child, by_class=True)):
                plain, rich, _ = render_shown(child, ctag, self.base)
                if plain and not plain.isspace():
                    plain, rich = finish_text(plain, rich)
                    if plain:
                        self.emit(kind, el.tag, el, ctx, plain, rich)
                    return
        if text and not text.isspace():
            buf = InlineBuffer(self.base)
            buf.text(text)
        tag = el.tag
        children = el
        if self.measured and n_children > 1:
            children = ordered_children(el, _is_block_child, self.rtl) or el
        for child in children:
            ctag = child.tag
            if ctag in WALKED_BLOCK_TAGS:
                if buf is not None and buf.plain:
                    self.flush(buf, kind, tag, el, ctx)
                # A child with no attribute but a plain class (or none), outside a landmark
                # tag: dispatch would keep ctx as it is, so its handler is called straight
                # (~45% of dispatch calls; walk CPU -2.3%, ~0.06 ms a median page).
                keys = child.keys()
                if (not keys or (keys == _CLASS_ONLY
                                 and CLASS_FACTS.get(child.get("class")) is PLAIN_CLASS)) \
                        and not (self.consumed or self.boxes):
                    _PLAIN_CHILD_HANDLERS[ctag](self, child, ctx)
                else:
                    self.dispatch(child, ctx)
            elif not isinstance(ctag, str) or ctag in SKIP_TAGS:
                pass
            elif ctag == "br":
                if buf is None:
                    buf = InlineBuffer(self.base)
                if buf.pending_break:
                    self.flush(buf, kind, tag, el, ctx)   # <br><br> ends a paragraph
                else:
                    buf.hard_break()
            elif ctag in IMAGE_TAGS:
                if buf is None:
                    buf = InlineBuffer(self.base)
                if self._in_text(buf, child):
                    buf.element(child)                   # an image inside a sentence
                else:
                    if buf.plain:
                        self.flush(buf, kind, tag, el, ctx)
                    self.dispatch(child, ctx)
            elif is_hidden(child, by_class=True):
                if buf is not None:
                    _keep_apart(buf, child)
            else:
                if buf is None:
                    buf = InlineBuffer(self.base)
                # len() first: most inline elements are leaves
                first = first_descendant(child, BLOCK_TAGS) if len(child) else None
                if first is not None and first.tag in IMAGE_TAGS:
                    if self._in_text(buf, child, own_text=True) and first_descendant(
                            child, TEXT_BLOCK_TAGS) is None:
                        first = None                     # <a><img></a> inside a sentence
                if first is None:
                    if ctag == "a" and is_overlay_link(child):
                        self.overlays.append((el, child.get("href")))
                    buf.element(child, ctag)
                else:
                    # an inline wrapper around blocks (<a><div>..</div></a>) is transparent
                    self.flush(buf, kind, tag, el, ctx)
                    c = ctx
                    if ctag == "a":
                        c = ctx.copy()
                        c.link = link_target(child.get("href"), self.base) or ctx.link
                    lm = landmark_of(child)
                    if lm:
                        c = c.enter(lm)
                    self.container(child, c, kind)
            tail = child.tail
            if tail:
                if buf is not None:
                    buf.text(tail)
                elif not tail.isspace():
                    buf = InlineBuffer(self.base)
                    buf.text(tail)
        if buf is not None and buf.plain:
            self.flush(buf, kind, tag, el, ctx)

    @staticmethod
    def _in_text(buf: InlineBuffer, child, own_text: bool = False) -> bool:
        """An image sits in a sentence when words come before it, after it or around it."""
        tail = child.tail
        if tail and not tail.isspace():
            return True
        if own_text and text_of(child).strip():
            return True
        return buf.has

    # -- constructs ---------------------------------------------------------
    def heading(self, el, ctx: Ctx) -> None:
        buf = InlineBuffer(self.base)
        self._fill_atomic(el, buf, strip_permalinks=True)
        text, rich, _ = buf.finish()
        if text:
            text = text.replace("\n", " ")
            rich = rich.replace("  \n", " ")
            self.emit("heading", el.tag, el, ctx, text, rich, level=int(el.tag[1]))

    def _fill_atomic(self, el, buf: InlineBuffer, strip_permalinks=False) -> None:
        buf.text(el.text)
        for child in el:
            ctag = child.tag
            if not isinstance(ctag, str) or ctag in SKIP_TAGS:
                pass
            elif is_hidden(child):
                _keep_apart(buf, child)
            elif strip_permalinks and is_permalink(child):
                pass
            elif ctag in IMAGE_TAGS:
                pass
            elif ctag in BLOCK_TAGS or (len(child) and first_descendant(child, TEXT_BLOCK_TAGS)
                                        is not None):
                # an icon (<svg>, <img>) inside a heading's link leaves it a link
                buf.text(" ")
                self._fill_atomic(child, buf, strip_permalinks)
                buf.text(" ")
            else:
                buf.element(child)
            buf.text(child.tail)

    def code(self, el, ctx: Ctx) -> None:
        text = verbatim(el, SKIP_TAGS).strip("\n")
        if not text.strip() or is_line_number_gutter(el, text):
            return
        if " \n" in text or "\t\n" in text:
            # a blank line is empty: highlighters that wrap each line in an element of its
            # own (rehype-pretty-code, Shiki) write a blank one as a space, so it could hold
            text = "\n".join([line if line.strip() else "" for line in text.split("\n")])
        self.emit_code(el, ctx, text, language(el))

    def emit_code(self, el, ctx: Ctx, text: str, lang: str | None) -> None:
        """Emit a code block, consuming the copy/label strip just above it."""
        if self.blocks and not ctx.hidden:
            strip = strip_element(el)
            last, last_el = self.blocks[-1], self.els[-1]
            if (strip is not None and last.kind == "paragraph" and last.body_of is None
                    and (last_el is strip or strip.getparent() is last_el
                         or any(a is strip for a in last_el.iterancestors()))
                    and is_strip(strip, last.text, last.tag, lang)):
                lang = lang or strip_language(last.text)
                self.blocks.pop()
                self.els.pop()
        self.emit("code", el.tag, el, ctx, text, text, language=lang)

    def editor(self, el, ctx: Ctx, kind: str) -> None:
        """CodeMirror/Monaco/Ace: the drawn lines as one block, or the full hidden source."""
        lines = editor_lines(el, kind)
        found = editor_source(el, lines)
        if found is not None:
            source, text = found
            self.consumed.add(source)
        else:
            text = "\n".join(lines).strip("\n")
        if text.strip():
            self.emit_code(el, ctx, text, editor_language(el))

    def table(self, el, ctx: Ctx) -> None:
        if is_layout_table(el):
            self.container_rows(el, ctx)
            return
        for child in el:
            if child.tag == "caption":
                cap = normalize_ws(text_of(child))
                if cap:
                    self.emit("figure-caption", "caption", child, ctx, cap, cap)
        rows, rich_rows = read_rows(el, self.base)
        text = table_plain(rows)
        if not text:
            return
        if needs_html(el):
            self.emit("table", "table", el, ctx, text, text, table_html=table_html(el))
        else:
            self.emit("table", "table", el, ctx, text, text, rows=rows, rich_rows=rich_rows)

    def container_rows(self, table, ctx: Ctx) -> None:
        """A layout table: each cell is a container in reading order."""
        for part in table:
            if not isinstance(part.tag, str):
                continue
            if part.tag in ("thead", "tbody", "tfoot", "tr"):
                self.container_rows(part, ctx)
            elif part.tag not in SKIP_TAGS:      # a cell, or markup a table should not hold
                self.dispatch(part, ctx)

    def blockquote(self, el, ctx: Ctx) -> None:
        c = ctx.copy()
        c.quoted = True
        structured = first_descendant(el, STRUCTURED_QUOTE_TAGS)
        paragraphs = sum(1 for _ in el.iterdescendants("p", "div"))
        if structured is not None or paragraphs > 1:
            self.container(el, c)
            return
        buf = InlineBuffer(self.base)
        self._fill_atomic(el, buf)
        text, rich, _ = buf.finish()
        if text:
            self.emit("quote", "blockquote", el, ctx, text, rich)

    def image(self, el, ctx: Ctx, source_el=None) -> None:
        if is_decoration(el):
            return
        src = image_src(el)
        href = link_target(src, self.base) if src else None
        if not href:
            return
        alt_el = el
        if el.tag == "source" and source_el is not None:
            alt_el = next(source_el.iter("img"), el)
        alt = normalize_ws(alt_el.get("alt") or "")
        self.emit("image", "img", source_el if source_el is not None else el, ctx, alt, alt,
                  href=href, alt=alt or None, link=ctx.link)

    def svg(self, el, ctx: Ctx) -> None:
        text = svg_text(el)
        if text:
            self.emit("paragraph", "svg", el, ctx, text, text)

    def media(self, el, ctx: Ctx) -> None:
        if is_ad_frame(el):
            return
        src = media_src(el)
        href = link_target(src, self.base) if src else None
        title = normalize_ws(el.get("title") or "")
        self.emit("media", el.tag, el, ctx, "", media_note(el, title), href=href)


_HANDLERS = {
    **{h: Walker.heading for h in HEADINGS},
    "pre": Walker.code,
    "hr": Walker._rule,
    "table": Walker.table,
    **{t: Walker._list for t in ("ul", "ol", "menu", "dir")},
    "li": Walker._item,
    "dt": Walker._definition,
    "dd": Walker._definition,
    "blockquote": Walker.blockquote,
    "img": Walker.image,
    "picture": Walker._picture,
    "svg": Walker.svg,
    **{t: Walker.media for t in MEDIA_TAGS},
    "figcaption": Walker._figcaption,
}

_CLASS_ONLY = ["class"]
# Walker.container's handler for a block child whose attributes tell dispatch nothing:
# dispatch's own handler, or a landmark's dispatch (its Ctx changes).
_PLAIN_CHILD_HANDLERS = {
    tag: Walker.dispatch if tag in LANDMARK_TAGS else _HANDLERS.get(tag, Walker.container)
    for tag in WALKED_BLOCK_TAGS}


def _keep_apart(buf: InlineBuffer, hidden) -> None:
    """What only screen readers skip still parts the words beside it where it holds a space:
    an aria-hidden " – " between a headline's kicker and its words is drawn."""
    if " " in text_of(hidden):
        buf.text(" ")


def walk_document(root, url: str, order: dict | None = None,
                  tags: dict | None = None) -> list[Block]:
    """Blocks in reading order, before de-duplication; shadow roots are composed first.
    order: document_order(root), taken before; retaken here if composing moved elements.
    tags: filled with set_up_tags(root) when the walk leaves the tree as it found it."""
    setup = set_up_tags(root)
    if setup["template"] and flatten_shadow_roots(root, setup["template"]):
        order = setup = None
    elif tags is not None:
        tags.update(setup)
    walker = Walker(root, url, order, setup)
    body = root.find("body") if root.tag == "html" else None
    start = body if body is not None else root
    walker.dispatch(start, Ctx())
    if walker.overlays:
        link_cards(walker.blocks, walker.overlays, walker.path_of, walker.base)
    if walker.measured:
        mark_floats(walker.blocks)
    return walker.blocks
