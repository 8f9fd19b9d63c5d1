"""One top-down walk of the DOM that emits Blocks in document order.

Region flags ride down the walk in a small context object, so no element ever looks at its
ancestors. Each container flushes its own orphan text where the reader meets it.
"""
from __future__ import annotations

import re

from .block_inline import InlineBuffer, link_target, normalize_ws
from .block_tables import is_layout_table, needs_html, read_rows, table_html, table_plain
from .blocks import Block
from .htmlparse import text_of, base_url
from .regions import landmark_of
from .widgets import widget_of

HEADINGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
MEDIA_TAGS = frozenset({"video", "audio", "iframe", "object", "embed"})
# Elements that start a block of their own (everything else is inline content).
BLOCK_TAGS = frozenset({
    "address", "article", "aside", "blockquote", "body", "center", "dd", "details", "dialog",
    "dir", "div", "dl", "dt", "fieldset", "figcaption", "figure", "footer", "form", "header",
    "hgroup", "hr", "li", "main", "menu", "nav", "ol", "p", "pre", "section", "summary",
    "table", "tbody", "thead", "tfoot", "tr", "td", "th", "caption", "ul", "legend", "img",
    "svg", "picture", *HEADINGS, *MEDIA_TAGS,
})
BLOCK_TAG_LIST = tuple(BLOCK_TAGS)
# Elements whose content is never page text.
SKIP_TAGS = frozenset({"script", "style", "noscript", "template", "head", "title", "meta",
                       "link", "select", "textarea", "input", "button", "option", "datalist",
                       "map", "area", "base", "math", "canvas", "source", "track", "dialog"})
# Below this many pixels a declared image dimension is a tracking pixel or a spacer.
MIN_IMAGE_PX = 32
# An <svg> is a chart or diagram worth its labels when it has this many <text> labels...
SVG_MIN_LABELS = 2
# ...or this many words; fewer is an icon.
SVG_MIN_WORDS = 3
SVG_LABEL_JOIN = " · "
# Words a highlighter writes when it found no language.
NOT_A_LANGUAGE = frozenset({"undefined", "none", "null", "text", "plaintext", "plain",
                            "nohighlight", "txt", "no-highlight"})
# Permalink glyphs authors put after a heading.
PERMALINK_GLYPHS = frozenset({"¶", "#", "§", "🔗", "⚓", "link", "permalink"})
PERMALINK_CLASS_RE = re.compile(r"headerlink|header-anchor|anchorjs|hash-link|permalink|\banchor\b")
_LANG_CLASS_RE = re.compile(r"(?:^|\s)(?:language|lang|highlight|brush)[-:]\s*([\w#+.-]+)", re.I)
_HIDDEN_STYLE_RE = re.compile(r"display\s*:\s*none|visibility\s*:\s*hidden", re.I)


class Ctx:
    """Where the walk is: landmarks, list nesting, quote, enclosing link and item holder."""

    __slots__ = ("in_main", "in_article", "in_nav", "in_aside", "in_header", "in_footer",
                 "region", "quoted", "list_level", "ordered", "holder", "link", "widget")

    def __init__(self):
        self.in_main = self.in_article = self.in_nav = self.in_aside = False
        self.in_header = self.in_footer = self.quoted = False
        self.region = self.link = self.widget = self.holder = None
        self.list_level = 0
        self.ordered = False

    def copy(self) -> "Ctx":
        c = Ctx.__new__(Ctx)
        for name in Ctx.__slots__:
            setattr(c, name, getattr(self, name))
        return c

    def enter(self, landmark: str) -> "Ctx":
        c = self.copy()
        c.region = landmark
        if landmark != "form":
            setattr(c, "in_" + landmark, True)
        return c


class Holder:
    """A list item or <dd> whose first paragraph is the item and the rest continuation."""

    __slots__ = ("kind", "tag", "level", "ordered", "index")

    def __init__(self, kind, tag, level=None, ordered=None):
        self.kind, self.tag, self.level, self.ordered = kind, tag, level, ordered
        self.index: int | None = None


def is_hidden(el) -> bool:
    if el.get("hidden") is not None or el.get("aria-hidden") == "true":
        return True
    style = el.get("style")
    return bool(style and _HIDDEN_STYLE_RE.search(style))


def contains_block(el) -> bool:
    return next(el.iterdescendants(*BLOCK_TAG_LIST), None) is not None


def _px(value: str | None) -> int | None:
    if not value:
        return None
    m = re.match(r"\s*(\d+)", value)
    return int(m.group(1)) if m and not value.strip().endswith("%") else None


class Walker:
    def __init__(self, root, url: str):
        self.root = root
        self.base = base_url(root, url)
        self.tree = root.getroottree()
        self.order = {el: i for i, el in enumerate(root.iter())}
        self.blocks: list[Block] = []

    # -- emission -----------------------------------------------------------
    def emit(self, kind, tag, el, ctx: Ctx, text, rich, **extra) -> int:
        holder = ctx.holder
        if holder is not None:
            if holder.index is None:
                if kind == "paragraph":
                    kind, tag = holder.kind, holder.tag
                    if holder.level is not None:
                        extra["level"], extra["ordered"] = holder.level, holder.ordered
                holder.index = len(self.blocks)
            else:
                extra.setdefault("body_of", holder.index)
        b = Block(
            text=text, rich_text=rich, kind=kind, tag=tag, xpath=self.tree.getpath(el),
            dom_index=self.order.get(el, -1), region=ctx.region, in_main=ctx.in_main,
            in_article=ctx.in_article, in_nav=ctx.in_nav, in_aside=ctx.in_aside,
            in_header=ctx.in_header, in_footer=ctx.in_footer, widget=ctx.widget,
            quoted=ctx.quoted, **extra,
        )
        self.blocks.append(b)
        return len(self.blocks) - 1

    def flush(self, buf: InlineBuffer, kind, tag, el, ctx) -> None:
        if not buf.plain:
            return
        if not buf.has_text():
            buf.reset()      # whitespace between blocks: nothing to emit
            return
        text, rich, _ = buf.finish()
        if text:
            self.emit(kind, tag, el, ctx, text, rich)

    # -- dispatch -----------------------------------------------------------
    def dispatch(self, el, ctx: Ctx) -> None:
        tag = el.tag
        if not isinstance(tag, str) or tag in SKIP_TAGS or is_hidden(el):
            return
        lm = landmark_of(el)
        if lm:
            ctx = ctx.enter(lm)
        w = widget_of(el)
        if w and w != ctx.widget:
            ctx = ctx.copy()
            ctx.widget = w
        if tag in HEADINGS:
            self.heading(el, ctx)
        elif tag == "pre":
            self.code(el, ctx)
        elif tag == "hr":
            self.emit("rule", "hr", el, ctx, "", "")
        elif tag == "table":
            self.table(el, ctx)
        elif tag in ("ul", "ol", "menu", "dir"):
            c = ctx.copy()
            c.list_level += 1
            c.ordered = tag == "ol"
            self.container(el, c)
        elif tag == "li":
            c = ctx.copy()
            c.holder = Holder("list-item", "li", max(ctx.list_level, 1), ctx.ordered)
            self.container(el, c)
        elif tag in ("dt", "dd"):
            c = ctx.copy()
            c.holder = Holder("paragraph", tag)
            self.container(el, c)
        elif tag == "blockquote":
            self.blockquote(el, ctx)
        elif tag == "img":
            self.image(el, ctx)
        elif tag == "svg":
            self.svg(el, ctx)
        elif tag in MEDIA_TAGS:
            self.media(el, ctx)
        elif tag == "figcaption":
            self.container(el, ctx, "figure-caption")
        else:
            self.container(el, ctx)

    def container(self, el, ctx: Ctx, kind: str = "paragraph") -> None:
        """Walk children; inline runs between block children become blocks of `kind`."""
        buf = InlineBuffer(self.base)
        buf.text(el.text)
        tag = el.tag
        for child in el:
            ctag = child.tag
            if not isinstance(ctag, str) or ctag in SKIP_TAGS:
                pass
            elif ctag == "br":
                if buf.pending_break:
                    self.flush(buf, kind, tag, el, ctx)   # <br><br> ends a paragraph
                else:
                    buf.hard_break()
            elif ctag in BLOCK_TAGS:
                self.flush(buf, kind, tag, el, ctx)
                self.dispatch(child, ctx)
            elif is_hidden(child):
                pass
            elif contains_block(child):
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
            else:
                buf.element(child)
            buf.text(child.tail)
        self.flush(buf, kind, tag, el, ctx)

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
            if not isinstance(ctag, str) or ctag in SKIP_TAGS or is_hidden(child):
                pass
            elif strip_permalinks and _is_permalink(child):
                pass
            elif ctag in BLOCK_TAGS or contains_block(child):
                buf.text(" ")
                self._fill_atomic(child, buf, strip_permalinks)
                buf.text(" ")
            else:
                buf.element(child)
            buf.text(child.tail)

    def code(self, el, ctx: Ctx) -> None:
        text = _verbatim(el).strip("\n")
        if not text.strip():
            return
        lang = _language(el)
        self.emit("code", "pre", el, ctx, text, text, language=lang)

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
            elif part.tag in ("td", "th"):
                self.dispatch(part, ctx)
            elif part.tag not in SKIP_TAGS:
                self.dispatch(part, ctx)

    def blockquote(self, el, ctx: Ctx) -> None:
        c = ctx.copy()
        c.quoted = True
        structured = next(el.iterdescendants("table", "ul", "ol", "dl", "pre", "h1", "h2",
                                             "h3", "h4", "h5", "h6", "blockquote"), None)
        paragraphs = sum(1 for _ in el.iterdescendants("p", "div"))
        if structured is not None or paragraphs > 1:
            self.container(el, c)
            return
        buf = InlineBuffer(self.base)
        self._fill_atomic(el, buf)
        text, rich, _ = buf.finish()
        if text:
            self.emit("quote", "blockquote", el, ctx, text, rich)

    def image(self, el, ctx: Ctx) -> None:
        w, h = _px(el.get("width")), _px(el.get("height"))
        if (w is not None and w < MIN_IMAGE_PX) or (h is not None and h < MIN_IMAGE_PX):
            return
        src = _image_src(el)
        if not src:
            return
        href = link_target(src, self.base)
        if not href:
            return
        alt = normalize_ws(el.get("alt") or "")
        self.emit("image", "img", el, ctx, alt, alt, href=href, alt=alt or None, link=ctx.link)

    def svg(self, el, ctx: Ctx) -> None:
        labels = [normalize_ws(text_of(t)) for t in el.iter("text")]
        labels = [t for t in labels if t]
        words = sum(len(t.split()) for t in labels)
        if len(labels) >= SVG_MIN_LABELS or words >= SVG_MIN_WORDS:
            text = SVG_LABEL_JOIN.join(labels)
            self.emit("paragraph", "svg", el, ctx, text, text)

    def media(self, el, ctx: Ctx) -> None:
        src = el.get("src") or el.get("data") or el.get("data-src")
        if not src:
            source = next(el.iter("source"), None)
            src = source.get("src") if source is not None else None
        href = link_target(src, self.base) if src else None
        label = {"video": "Video", "audio": "Audio"}.get(el.tag, "Embedded content")
        title = normalize_ws(el.get("title") or "")
        rich = f"*[{label}{': ' + title if title else ''} — not transcribed]*"
        self.emit("media", el.tag, el, ctx, "", rich, href=href)


def _is_permalink(el) -> bool:
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


def _verbatim(el) -> str:
    parts = [el.text or ""]
    for child in el:
        if isinstance(child.tag, str) and child.tag not in SKIP_TAGS:
            parts.append("\n" if child.tag == "br" else _verbatim(child))
        parts.append(child.tail or "")
    return "".join(parts)


def _language(pre) -> str | None:
    candidates = [pre]
    code = next(pre.iterchildren("code"), None)
    if code is not None:
        candidates.insert(0, code)
    parent = pre.getparent()
    for _ in range(2):
        if parent is None:
            break
        candidates.append(parent)
        parent = parent.getparent()
    for el in candidates:
        for attr in ("data-lang", "data-language"):
            v = (el.get(attr) or "").strip().lower()
            if v and v not in NOT_A_LANGUAGE:
                return v
        for m in _LANG_CLASS_RE.finditer(el.get("class") or ""):
            v = m.group(1).strip().lower().rstrip(";")
            if v and v not in NOT_A_LANGUAGE:
                return v
    return None


def _image_src(el) -> str | None:
    src = (el.get("src") or "").strip()
    if src and not src.startswith("data:"):
        return src
    lazy = (el.get("data-src") or el.get("data-lazy-src") or "").strip()
    if lazy:
        return lazy
    srcset = (el.get("srcset") or el.get("data-srcset") or "").strip()
    if srcset:
        first = srcset.split(",")[0].strip().split()
        if first:
            return first[0]
    return None


def walk_document(root, url: str) -> list[Block]:
    walker = Walker(root, url)
    body = root.find("body") if root.tag == "html" else None
    start = body if body is not None else root
    walker.dispatch(start, Ctx())
    return walker.blocks
