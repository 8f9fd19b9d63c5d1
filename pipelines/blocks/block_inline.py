"""Inline content of a block: plain text plus inline Markdown (rich_text).

Plain text keys hashing and de-duplication; rich_text carries links, emphasis and code for
the Markdown renderer. Markdown-special characters in page text are escaped only where a
Markdown reader would otherwise misread them.
"""
from __future__ import annotations

import re
from urllib.parse import urljoin, urlsplit

from .block_media import emoji_alt, image_src, is_decoration, picture_img
from .whitespace import _WS_RE, collapse_ws, normalize_ws  # noqa: F401 (normalize_ws: imported from here too)

# Inline wrappers and the Markdown delimiter each becomes.
EMPHASIS_TAGS = {"strong": "**", "b": "**", "em": "*", "i": "*", "cite": "*", "dfn": "*"}
CODE_TAGS = frozenset({"code", "kbd", "samp", "tt", "var"})
_SCRIPT_TAGS = frozenset({"sup", "sub"})     # superscript and subscript
# Inline elements whose content is never read as text. A ruby annotation (<rt>, and the <rp>
# parentheses shown where ruby is not drawn) is the reading printed above a word (Japanese
# furigana, Chinese pinyin): inline, it split every word it glosses ("子こども" for "子ども").
SKIP_INLINE_TAGS = frozenset({
    "script", "style", "noscript", "template", "select", "textarea", "input", "button",
    "option", "datalist", "object", "embed", "canvas", "map", "svg", "math",
    "iframe", "video", "audio", "source", "track", "wbr", "rt", "rp",
})
# Schemes that are not navigation: keep the words, drop the link.
NON_LINK_SCHEMES = ("javascript:", "data:", "vbscript:")

BREAK = "\n"               # hard break inside plain text
RICH_BREAK = "  \n"        # Markdown hard break (two trailing spaces)

_SPACES_RE = re.compile(r"[ \t\u00a0]+")
# Characters that can open inline Markdown constructs anywhere in a line.
_STAR_RE = re.compile(r"(?<![\s])\*|\*(?![\s])")          # a * touching a word can open emphasis
_UNDERSCORE_RE = re.compile(r"(?<![A-Za-z0-9])_|_(?![A-Za-z0-9])")  # intra-word _ is literal in GFM
_TILDE_RE = re.compile(r"~~")
_HTML_OPEN_RE = re.compile(r"<(?=[A-Za-z/!?])")
_BRACKET_RE = re.compile(r"[\[\]]")
# Constructs that matter only at the start of a line.
_LINE_START_RE = re.compile(
    r"^(?P<lead>\s*)(?:(?P<hash>#{1,6})(?=\s|$)|(?P<quote>>)|(?P<bullet>[-+*])(?=\s|$)"
    r"|(?P<num>\d{1,9})(?P<dot>[.)])(?=\s|$)|(?P<setext>[=-]+\s*$))"
)


def escape_text(text: str) -> str:
    """Escape page text for inline Markdown where it would be misread (not line starts)."""
    if "\\" in text:
        text = re.sub(r"\\(?=[!-/:-@\[-`{-~])", r"\\\\", text)
    if "`" in text:
        text = text.replace("`", "\\`")
    if "*" in text:
        text = _STAR_RE.sub(r"\\*", text)
    if "_" in text:
        text = _UNDERSCORE_RE.sub(r"\\_", text)
    if "~~" in text:
        text = _TILDE_RE.sub(r"\\~\\~", text)
    if "<" in text:
        text = _HTML_OPEN_RE.sub(r"\\<", text)
    if "[" in text and "]" in text:
        text = _BRACKET_RE.sub(lambda m: "\\" + m.group(0), text)
    return text


_MARKER_STARTS = frozenset("#>-+*=")


def escape_line_start(line: str) -> str:
    """Escape a block-level marker a page line happens to start with ('1.', '#', '- ')."""
    c = line[:1]
    if c and c not in _MARKER_STARTS and not c.isspace() and not c.isdecimal():
        return line                   # _LINE_START_RE cannot match (\\d is isdecimal)
    m = _LINE_START_RE.match(line)
    if not m:
        return line
    lead = m.group("lead")
    rest = line[len(lead):]
    if m.group("num"):
        n = len(m.group("num"))
        return lead + rest[:n] + "\\" + rest[n:]
    return lead + "\\" + rest


def link_target(href: str | None, base: str) -> str | None:
    """Absolute URL for an href, or None when it is not a navigable link; its tracking
    parameters left out (untracked)."""
    if href is None:
        return None
    href = href.strip()
    if href.startswith(("https://", "http://")) and " " not in href:
        # already absolute (two links in three): urljoin would return it unchanged; asked
        # first, it spares them the lowered copy the scheme test below makes
        return untracked(href, base) if "?" in href else href
    if not href or href.lower().startswith(NON_LINK_SCHEMES):
        return None
    joined = _joined(base, href)
    return untracked(joined, base) if joined and "?" in joined else joined


# Query parameters that only tell the target where a reader came from, never what it is:
# campaign tags (utm_*), ad and mail click ids, and the ref=<this site> Ghost adds to every
# link out (its default "outbound link tagging"). An archive's links lead to the page, not to
# a record of the visit. A ref naming anything else (a branch on GitHub) is the address's own.
_TRACKING_PARAM = re.compile(r"(?:utm_\w+|fbclid|gclid|dclid|msclkid|mc_cid|mc_eid|_hsenc|_hsmi)$", re.I)


def untracked(url: str, base: str) -> str:
    """url without its tracking parameters (_TRACKING_PARAM, ref=<the page's host>)."""
    head, _, rest = url.partition("?")
    query, hash_, fragment = rest.partition("#")
    if "utm_" not in query and "ref=" not in query and "clid=" not in query \
            and "mc_" not in query and "_hs" not in query:
        return url      # nearly every query: no tracking word in it at all
    own = (urlsplit(base).hostname or "").lower().removeprefix("www.")
    parts = query.split("&")
    kept = []
    for part in parts:
        name, _, value = part.partition("=")
        if not (_TRACKING_PARAM.match(name)
                or (own and name.lower() == "ref" and value.lower().removeprefix("www.") == own)):
            kept.append(part)
    if len(kept) == len(parts):
        return url
    return head + ("?" + "&".join(kept) if kept else "") + hash_ + fragment


# (base, href) -> urljoin(base, href), None where urljoin raised ValueError: exact, so a hit
# returns what urljoin would; urljoin costs ~5 us and pages repeat their hrefs
_JOINED: dict[tuple[str, str], str | None] = {}
_JOINED_MAX = 50_000
_MISSING = object()


def _joined(base: str, href: str) -> str | None:
    key = (base, href)
    joined = _JOINED.get(key, _MISSING)
    if joined is _MISSING:
        joined = _rooted(base, href)
        if joined is None:
            try:
                joined = urljoin(base, href)
            except ValueError:
                joined = None
        if len(_JOINED) >= _JOINED_MAX:
            _JOINED.clear()
        _JOINED[key] = joined
    return joined


# base -> "scheme://netloc" as urljoin rebuilds it, or "" when the base is not http(s)
_ORIGINS: dict[str, str] = {}
# characters after which urljoin's result is no longer origin + href: urlsplit drops tabs
# and newlines, a ';' starts params, '\\' is left to urljoin; "/." may be a dot segment
_NOT_VERBATIM = ("\t", "\r", "\n", ";", "\\", "/.")
# one search for them all: any() over a generator of six `in` tests cost ~1 us a new href
_NOT_VERBATIM_RE = re.compile("|".join(map(re.escape, _NOT_VERBATIM)))


def _rooted(base: str, href: str) -> str | None:
    """urljoin(base, href) for a root-relative href ("/a/b?q#f") on an http(s) base, or None
    when urljoin must decide. Exact: urljoin keeps such a path as it is (no dot segments),
    and drops only an empty query or fragment marker, which is refused here."""
    if href[:1] != "/" or href[:2] == "//" or _NOT_VERBATIM_RE.search(href):
        return None
    path, hash_, fragment = href.partition("#")
    if hash_ and not fragment:
        return None
    if path.endswith("?"):
        return None
    origin = _ORIGINS.get(base)
    if origin is None:
        origin = _origin(base)
        if len(_ORIGINS) >= _JOINED_MAX:
            _ORIGINS.clear()
        _ORIGINS[base] = origin
    return origin + href if origin else None


def _origin(base: str) -> str:
    try:
        parts = urlsplit(base)
    except ValueError:
        return ""
    if parts.scheme not in ("http", "https") or not parts.netloc:
        return ""
    return f"{parts.scheme}://{parts.netloc}"


def cached_urljoin(base: str, href: str) -> str:
    """urllib.parse.urljoin(base, href), memoised per process (bounded); raises ValueError
    where urljoin does. For other walks over the same page's links (links.py)."""
    joined = _joined(base, href)
    if joined is None:
        raise ValueError(f"cannot join {href!r} to {base!r}")
    return joined


def md_url(url: str) -> str:
    """A URL safe inside Markdown (..) link syntax."""
    return url.replace(" ", "%20").replace("(", "%28").replace(")", "%29")


def code_span(text: str) -> str:
    """Inline code with a delimiter longer than any backtick run inside."""
    text = normalize_ws(text)
    if not text:
        return ""
    runs = [len(r) for r in re.findall(r"`+", text)]
    fence = "`" * (max(runs) + 1 if runs else 1)
    pad = " " if runs or text.startswith("`") or text.endswith("`") else ""
    return f"{fence}{pad}{text}{pad}{fence}"


class InlineBuffer:
    """Accumulates one block's inline content as parallel plain and rich fragments."""

    __slots__ = ("plain", "rich", "base", "link_chars", "pending_break", "has")

    def __init__(self, base: str):
        self.plain: list[str] = []
        self.rich: list[str] = []
        self.base = base
        self.link_chars = 0           # characters of text inside links (link density)
        self.pending_break = False    # last significant thing was a <br>
        self.has = False              # holds a word (not only whitespace and breaks)

    def text(self, s: str | None) -> None:
        if not s:
            return
        if s.isspace():               # the common case: indentation between tags
            if self.plain:            # leading whitespace is stripped by finish() anyway
                self.plain.append(" ")
                self.rich.append(" ")
            return
        s = collapse_ws(s)
        self.plain.append(s)
        self.rich.append(escape_text(s))
        self.pending_break = False    # not whitespace: a word
        self.has = True

    def hard_break(self) -> None:
        self.plain.append(BREAK)
        self.rich.append(BREAK)
        self.pending_break = True

    def element(self, el, shown_tag: str | None = None) -> None:
        """Append an inline element (one without block-level descendants). shown_tag: el's
        tag, when the caller has found el not hidden (render_shown skips the checks)."""
        plain, rich, linked = (render_shown(el, shown_tag, self.base) if shown_tag
                               else render_inline(el, self.base))
        if not plain and rich.strip():
            self.rich.append(rich)        # an inline image: Markdown only, no words
            return
        if not plain:
            # keep the word gap an empty <span> </span> stands for
            if el.tail is None and rich:
                self.plain.append(" ")
                self.rich.append(" ")
            return
        self.plain.append(plain)
        self.rich.append(rich)
        self.link_chars += linked
        if not plain.isspace():
            self.pending_break = False
            self.has = True

    def has_text(self) -> bool:
        return self.has

    def reset(self) -> None:
        self.plain, self.rich, self.link_chars, self.pending_break = [], [], 0, False
        self.has = False

    def finish(self) -> tuple[str, str, int]:
        """(plain text, rich_text, link characters) and reset the buffer."""
        plain, rich = finish_text("".join(self.plain), "".join(self.rich))
        linked = self.link_chars
        self.plain, self.rich, self.link_chars, self.pending_break = [], [], 0, False
        self.has = False
        return plain, rich, linked


def finish_text(plain: str, rich: str) -> tuple[str, str]:
    """A block's joined plain and rich fragments as its text and rich_text: whitespace
    trimmed line by line, blank lines dropped, Markdown markers at line starts escaped."""
    plain = _finish_lines(plain)
    if not plain:
        return "", ""
    rich = _finish_lines(rich)
    if "\n" in rich:
        return plain, RICH_BREAK.join(escape_line_start(line) for line in rich.split("\n"))
    return plain, escape_line_start(rich)


def _finish_lines(s: str) -> str:
    if "\t" in s or "\xa0" in s:
        s = _SPACES_RE.sub(" ", s)
    else:
        # runs of plain spaces only (fragments joined as "word " + " word"): str.replace
        # collapses them as _SPACES_RE.sub would, without a regex match per run
        while "  " in s:
            s = s.replace("  ", " ")
    if "\n" not in s:
        return s.strip()
    lines = [line.strip() for line in s.split("\n")]
    # drop leading/trailing empty lines and collapse blank runs (a break stays a break)
    out = [line for line in lines if line]
    return "\n".join(out)


# HTML's popover attribute: the element is not drawn until something opens it (the browser's
# own stylesheet: [popover]:not(:popover-open) { display: none }), as a closed <dialog> is
# not: a menu, a tooltip, a share sheet, a prompt to allow notifications, never the page's
# text. Invision Community prints its browser-by-browser "allow notifications" steps in one
# on every topic, and they were archived in place of the thread's posts.
POPOVER_ATTR = "popover"


def hidden_attr_hides(value: str | None) -> bool:
    """Whether a hidden attribute with this value (None: absent) hides the element. Not
    hidden="until-found": the browser shows that content to find-in-page and to a reader
    following a link into it (collapsed FAQ answers, accordion sections), so it is the
    page's own text."""
    return value is not None and (not value or value.strip().lower() != "until-found")


# Class names that hide an element at every screen width in the common CSS frameworks:
# text for screen readers only (WordPress' screen-reader-text, Bootstrap's visually-hidden,
# Bootstrap's and Tailwind's sr-only). A plain fetch has no CSS, so without these their
# words ("Skip to content", "Regular price", "Open menu") read as the page's. Bootstrap's
# d-none was measured beside them and changed nothing more for the better.
SCREEN_READER_CLASSES = frozenset({"sr-only", "visually-hidden", "screen-reader-text"})
# ...unless a variant shows it at some width (Tailwind's "sr-only xl:not-sr-only")
_SHOWN_AT_SOME_WIDTH = re.compile(r"\w:not-sr-only\b")


def hidden_by_class(el, cls: str | None) -> bool:
    """Whether el's class attribute cls hides it from sighted readers (SCREEN_READER_CLASSES).
    Not inside a link to another page: there it names an icon or a logo the reader sees
    (fly.io's customer logos, each link's one word in an sr-only span), and the link would
    lose its words (hides_sr_text_at)."""
    if cls and "avatar" in cls and _letter_avatar(el):
        return True
    if not cls or ("sr-only" not in cls and "visually-hidden" not in cls
                   and "screen-reader-text" not in cls):
        # nearly every class string, answered without a further call (the substrings of
        # SCREEN_READER_CLASSES: split() and a set test cost ~0.2 us an element)
        return False
    return _names_screen_reader_text(cls) and hides_sr_text_at(el)


def hides_sr_text_at(el) -> bool:
    """Whether screen-reader text at el is hidden as it is outside links: el is in no link,
    or in a link to a place on this page. A heading's anchor link is an icon beside the
    heading and its screen-reader words ("Section titled “Added”", Starlight's) repeat the
    heading; archived, they were a line of their own under every heading."""
    a = next(el.iterancestors("a"), None)
    return a is None or (a.get("href") or "").startswith("#")


# A notice box its template prints hidden, for a script to show on an event (Bootstrap's
# "alert ... hidden"/"d-none": NodeBB's "This topic has been deleted" on every thread, a form's
# "Message sent", an error box). Only an alert: a framework's display: none class alone also
# marks content a script reveals on load (measured on WCXB dev: whole articles went).
_HIDDEN_ALERT_TOKENS = frozenset({"hidden", "d-none", "hide", "is-hidden"})


def hidden_alert_class(cls: str | None) -> bool:
    if not cls or "alert" not in cls:
        return False
    tokens = cls.split()
    return "alert" in tokens and not _HIDDEN_ALERT_TOKENS.isdisjoint(tokens)


def _letter_avatar(el) -> bool:
    """A user's picture drawn as their initials (NodeBB's, Gmail-style letter avatars): one or
    two letters in an element of an avatar class, a picture rather than words."""
    text = el.text
    return not len(el) and bool(text) and len(text.strip()) <= 2


def screen_reader_class(cls: str | None) -> bool:
    """Whether the class attribute cls hides its element from sighted readers, wherever the
    element is (hidden_by_class, before its test of the ancestors). Asked of each class
    string the walk meets first: the substring tests spare nearly all of them split() and a
    set test, as in hidden_by_class."""
    return bool(cls) and ("sr-only" in cls or "visually-hidden" in cls
                          or "screen-reader-text" in cls) and _names_screen_reader_text(cls)


def _names_screen_reader_text(cls: str) -> bool:
    return (not SCREEN_READER_CLASSES.isdisjoint(cls.split())
            and not _SHOWN_AT_SOME_WIDTH.search(cls))


def render_inline(el, base: str) -> tuple[str, str, int]:
    """(plain, rich, link chars) of an inline element and its descendants (not its tail)."""
    tag = el.tag
    if not isinstance(tag, str) or hidden_attr_hides(el.get("hidden")) \
            or hidden_by_class(el, el.get("class")):
        return "", "", 0
    return render_shown(el, tag, base)


def render_shown(el, tag: str, base: str) -> tuple[str, str, int]:
    """render_inline of an element whose hidden and class attributes the caller has read and
    found not hiding it (the block walk checks each inline child before it renders it: the
    checks again here cost two attribute reads an element)."""
    if tag in SKIP_INLINE_TAGS:
        return "", "", 0
    if tag == "br":
        return BREAK, BREAK, 0
    if tag == "img":
        return _inline_image(el, base)
    if tag == "picture":
        img = picture_img(el)
        return _inline_image(img, base) if img is not None else ("", "", 0)
    if tag in CODE_TAGS:
        raw = "".join(el.itertext())
        if not raw.strip():
            return "", "", 0
        lead, trail = _edges(_WS_RE.sub(" ", raw))
        return lead + normalize_ws(raw) + trail, lead + code_span(raw) + trail, 0
    text = el.text
    if not len(el):                    # a leaf (most links and spans): no part lists to join
        linked = 0
        if text:
            plain = collapse_ws(text)
            rich = escape_text(plain)
        else:
            plain = rich = ""
    else:
        plain_parts, rich_parts, linked = [], [], 0
        if text:
            t = collapse_ws(text)
            plain_parts.append(t)
            rich_parts.append(escape_text(t))
        for child in el:
            if isinstance(child.tag, str):
                p, r, n = render_inline(child, base)
                plain_parts.append(p)
                rich_parts.append(r)
                linked += n
            tail = child.tail
            if tail:
                t = collapse_ws(tail)
                plain_parts.append(t)
                rich_parts.append(escape_text(t))
        plain = "".join(plain_parts)
        rich = "".join(rich_parts)
    if not plain.strip():
        if "![" in rich:               # only images: keep their Markdown (and the link)
            target = link_target(el.get("href"), base) if tag == "a" else None
            inner = rich.strip()
            return "", (f"[{inner}]({md_url(target)})" if target else inner), 0
        return (" " if plain else ""), (" " if plain else ""), 0
    if tag == "a":
        target = link_target(el.get("href"), base)
        if target:
            lead, trail = _edges(plain)
            inner = rich.strip().replace("\n", " ")
            return plain, f"{lead}[{inner}]({md_url(target)}){trail}", len(plain.strip())
        return plain, rich, linked
    mark = EMPHASIS_TAGS.get(tag)
    if mark and linked < len(plain.strip()):
        lead, trail = _edges(plain)
        inner = rich.strip()
        if "\n" not in inner and not inner.startswith(("*", "_")) and not inner.endswith(("*", "_")):
            return plain, f"{lead}{mark}{inner}{mark}{trail}", linked
    if tag in _SCRIPT_TAGS and plain.strip():
        # an exponent, an index, a footnote's mark: Markdown has no syntax of its own for them
        # and the raw tag is CommonMark's way (GitHub, MkDocs and Obsidian render it); flat,
        # "mc<sup>2</sup>" read as "mc2" and "H<sub>2</sub>O" as "H2O"
        lead, trail = _edges(plain)
        inner = rich.strip()
        if inner and "\n" not in inner:
            return plain, f"{lead}<{tag}>{inner}</{tag}>{trail}", linked
    return plain, rich, linked


def _inline_image(img, base: str) -> tuple[str, str, int]:
    """An image inside a sentence: an emoji reads as its character, a picture as Markdown."""

    emoji = emoji_alt(img)
    if emoji:
        return emoji, escape_text(emoji), 0
    if is_decoration(img):
        return "", "", 0
    src = image_src(img)
    target = link_target(src, base) if src else None
    if not target:
        return "", "", 0
    alt_el = img
    if img.tag == "source" and img.getparent() is not None:
        alt_el = next(img.getparent().iter("img"), img)
    alt = normalize_ws(alt_el.get("alt") or "").replace("[", "\\[").replace("]", "\\]")
    return "", f"![{alt}]({md_url(target)})", 0


def _edges(s: str) -> tuple[str, str]:
    lead = " " if s[:1].isspace() else ""
    trail = " " if s[-1:].isspace() else ""
    return lead, trail
