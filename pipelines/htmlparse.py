"""Turn a response body into an lxml tree: decoding, sanity checks, boilerplate removal.

Kept apart from page.py so blocks.py and links.py can accept raw HTML as well as a tree.
"""
from __future__ import annotations

import codecs
import re
from itertools import count

import lxml.etree

from .double_encoding import undo_double_encoding

# A page larger than this is not an article or an index but a data dump or an attack.
MAX_HTML_BYTES = 20 * 1024 * 1024
# Only the first bytes may declare the charset (HTML spec: the prescan looks at 1024 bytes;
# real pages put a long <head> before it, so look a little further).
CHARSET_PRESCAN_BYTES = 4096
# Share of U+FFFD replacement characters above which the body is not text at all.
MAX_REPLACEMENT_SHARE = 0.05
# The first bytes read for NULs, and the share of them above which the body is binary (a
# quarter of what random bytes hold: 64 in 64 KB; one in a page of 1 KB).
NUL_SAMPLE = 65536
NUL_SHARE = 0.001

_CHARSET_RE = re.compile(rb"""<meta[^>]+charset\s*=\s*["']?\s*([a-zA-Z0-9_:.-]+)""", re.I)
_BOMS = (
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF32_LE, "utf-32-le"),
    (codecs.BOM_UTF32_BE, "utf-32-be"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)


# collect_ids=False: no ID hash table (nothing here looks elements up by id; it cost ~0.1 ms).
# The decoded text is handed over as UTF-8 bytes: lxml passes a str as UTF-16/UCS-4, which
# libxml2 then converts to UTF-8 itself, a quarter slower than parsing UTF-8; the encoding is
# fixed, as it is for a str, so a <meta charset> in the page cannot re-decode it.
_PARSER = lxml.etree.HTMLParser(remove_comments=True, remove_pis=True, collect_ids=False,
                                encoding="utf-8")
# libxml2 stops at an element nested 256 deep (or a text of 10 MB) and keeps only what came
# before: a thread of 400 posts, each opening a <div> it never closed, lost its last 150 and
# all that followed. Such a page is parsed again without those limits; its chains of
# unclosed elements become siblings (unnest_chains), and what still lies deeper than
# MAX_DEPTH is laid flat in document order, as Chromium lays flat what lies deeper than 512.
# MAX_DEPTH is the depth libxml2 let through, so the walks here (which recurse by depth) meet
# no deeper tree than before.
MAX_DEPTH = 255
# An element holding something of its own and then, as its last content, an element of its
# own tag, this many times over, is a run of elements left open (<div class="post"> never
# closed): each one's end is where the next begins. Such a run is unnested whatever its
# depth. 7: the content search narrows into a child holding content.NARROW_SHARE (0.85) of
# its parent's, and in a run of m like posts the next holds (m - 1) / m of the rest, 0.85
# from m = 7: every run of 7 to 15 open posts was archived as its last 6 (at 16, the length
# first chosen, the run was unnested). The corpora's 2,681 pages end in runs of 5 at most
# (13 of 4, 1 of 5), so none is unnested.
UNCLOSED_CHAIN_MIN = 7
_UNLIMITED_PARSER = lxml.etree.HTMLParser(remove_comments=True, remove_pis=True,
                                          collect_ids=False, encoding="utf-8", huge_tree=True)
_RESOURCE_LIMIT = lxml.etree.ErrorTypes.ERR_RESOURCE_LIMIT
# what text.lstrip().startswith("<?xml") tests, without copying the document
_XML_DECL_START = re.compile(r"\s*<\?xml")


# Tags deeper than this are dropped from markup nested beyond what any parser takes
# (flatten_markup); their text stays where it was.
FLATTEN_DEPTH = 1000
_TAG = re.compile(r"<(/?)([a-zA-Z][a-zA-Z0-9:-]*)\b[^>]*?(/?)>")
_VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
                   "source", "track", "wbr", "param"})


def flatten_markup(text: str, max_depth: int) -> str:
    """The markup with every tag that would open or close an element deeper than max_depth
    removed (their text kept in order), so a document nested 100,000 deep parses whole."""
    depth = 0
    out: list[str] = []
    last = 0
    for m in _TAG.finditer(text):
        closing, name, self_closing = m.group(1), m.group(2).lower(), m.group(3)
        if name in _VOID or self_closing:
            continue
        if closing:
            drop = depth > max_depth
            depth = max(depth - 1, 0)
        else:
            depth += 1
            drop = depth > max_depth
        if drop:
            out.append(text[last:m.start()])
            last = m.end()
    out.append(text[last:])
    return "".join(out)


class HtmlInputError(ValueError):
    """The body cannot be read as an HTML document (page.PageError subclasses it)."""


def _declared_charset(body: bytes) -> str | None:
    m = _CHARSET_RE.search(body[:CHARSET_PRESCAN_BYTES])
    if not m:
        return None
    # (the spec maps latin-1 labels to windows-1252, which is a superset: _charset)
    return _charset(m.group(1).decode("ascii", "ignore"))


def _charset(label: str | None) -> str | None:
    """A charset label as a Python codec name (latin-1 read as windows-1252), or None."""
    if not label:
        return None
    try:
        name = codecs.lookup(label.strip().lower()).name
    except LookupError:
        return None
    return "cp1252" if name in ("latin-1", "iso8859-1", "ascii") else name


def decode_body(body: bytes | str, error=HtmlInputError, encoding: str | None = None) -> str:
    """Bytes -> str by BOM, then the transport's charset (encoding: the HTTP Content-Type's,
    which wins over the document's own, as in browsers), then <meta charset>, then UTF-8;
    a body that declares nothing and is not UTF-8 is read as windows-1252, as browsers do."""
    return _decode(body, error, encoding)[0]


_CONTROL_BYTES = [c for c in range(32) if c not in (9, 10, 12, 13)]


def _undeclared(body: bytes) -> str:
    """A body no charset is declared for: UTF-8 when it is (a stray byte or two aside),
    else windows-1252, the legacy pages' encoding browsers fall back to."""
    text = body.decode("utf-8", errors="replace")
    bad = text.count("\ufffd")
    wide = len(body) - len(text) + bad      # bytes beyond the first of valid multi-byte chars
    if bad <= max(wide // 3, 2):
        return text
    # control bytes are no text in any charset: a binary body keeps its replacement
    # characters, for _decode to refuse it
    controls = sum(body.count(bytes((c,))) for c in _CONTROL_BYTES)
    if controls > MAX_REPLACEMENT_SHARE * len(body):
        return text
    return body.decode("cp1252", errors="replace")


def _utf8_after_all(body: bytes) -> str | None:
    """The text of a body declared in another charset whose bytes are UTF-8 all the same
    (valid UTF-8 with non-ASCII characters in it), else None. Text in a legacy charset is
    almost never valid UTF-8 by chance (an accented Latin-1 letter before an ASCII one, a
    GBK pair, breaks it), while a page saved or served as UTF-8 under a stale declaration (a
    template's charset=gb2312, a server's default ISO-8859-1) read as declared is mojibake
    in every word: Readability's qq.com page, UTF-8 under charset=gb2312, came out as
    鏂扮數鑴戝凡 for 新电脑已."""
    if body.isascii():
        return None
    try:
        return body.decode("utf-8")
    except UnicodeDecodeError:
        return None


def _binary_nuls(nuls: int, sampled: int) -> bool:
    """NUL bytes are no text in any 8-bit charset, but one stray NUL does not make a page a
    file: random bytes (images, archives, compressed streams) hold one in 256, a page at
    most a few, so a body is binary above NUL_SHARE of its first NUL_SAMPLE bytes."""
    return nuls > NUL_SHARE * sampled


def _too_few_bytes_for_replacements(body: bytes, text: str, utf8: bytes | None,
                                    limit: float) -> bool:
    """Can text, body decoded as strict UTF-8 (utf8 is body), hold no more than limit
    U+FFFD characters? Each is three bytes of body read as one character (EF BF BD), and
    no character is read from fewer bytes than one, so they number at most half of the
    bytes beyond the text's length. Spares counting them in the text (0.07 ms of a median
    WCXB page: the count walks a text of two-byte characters as one) wherever a page is
    mostly ASCII."""
    return utf8 is not None and len(body) - len(text) <= 2 * limit


def _decode(body: bytes | str, error, encoding: str | None = None) -> tuple[str, bytes | None]:
    """(decode_body's text, body itself when it is exactly that text in UTF-8, else None)."""
    utf8 = None
    if isinstance(body, str):
        text = body
    else:
        if len(body) > MAX_HTML_BYTES:
            raise error(f"body too large: {len(body)} bytes > MAX_HTML_BYTES={MAX_HTML_BYTES}")
        text = None
        for bom, enc in _BOMS:
            if body.startswith(bom):
                text = body[len(bom):].decode(enc, errors="replace")
                break
        if text is None:
            # find first: it runs at memchr's speed, count of one byte at a quarter of it,
            # and most pages hold no NUL (0.018 -> 0.004 ms on a median WCXB page)
            if body.find(b"\x00", 0, NUL_SAMPLE) >= 0 and _binary_nuls(
                    body.count(b"\x00", 0, NUL_SAMPLE), min(len(body), NUL_SAMPLE)):
                raise error("binary body: NUL bytes in the content")
            declared = _charset(encoding) or _declared_charset(body)
            if declared and declared != "utf-8":
                text = _utf8_after_all(body)
                if text is not None:
                    declared, utf8 = "utf-8", body
            enc = declared or "utf-8"
            if text is None:
                try:
                    text = body.decode(enc)
                    if enc == "utf-8":
                        utf8 = body
                except UnicodeDecodeError:
                    text = body.decode(enc, errors="replace") if declared else _undeclared(body)
            limit = MAX_REPLACEMENT_SHARE * max(len(text), 1)
            if not _too_few_bytes_for_replacements(body, text, utf8, limit) \
                    and text.count("\ufffd") > limit:
                raise error(f"binary body: undecodable as {enc}")
    if len(text) > MAX_HTML_BYTES:
        raise error(f"body too large: {len(text)} characters > MAX_HTML_BYTES={MAX_HTML_BYTES}")
    repaired = undo_double_encoding(text, utf8)    # "letâ\x80\x99s" -> "let’s" (double_encoding.py)
    if repaired is not text:
        text, utf8 = repaired, None
    # a text's NUL characters are its UTF-8's NUL bytes: found in the bytes, where a search
    # is about six times as fast as in a text holding characters past Latin-1 (0.06 ms of a
    # median WCXB page)
    if (text.find("\x00") if utf8 is None else utf8.find(b"\x00")) != -1:
        if _binary_nuls(text.count("\x00", 0, NUL_SAMPLE), min(len(text), NUL_SAMPLE)):
            raise error("binary body: NUL characters in the content")
        # a stray NUL or two in a page (a CMS field pasted from elsewhere): a browser drops
        # them and shows the page, so do we (libxml2 would stop reading at the first)
        text, utf8 = text.replace("\x00", ""), None
    if not text or text.isspace():               # = not text.strip(), without the copy
        raise error("empty body")
    return text, utf8


def parse_html(body: bytes | str, error=HtmlInputError, encoding: str | None = None):
    """Parse a body into an lxml.html document root (the <html> element). encoding: the
    charset the transport declared (decode_body)."""
    text, data = _decode(body, error, encoding)
    # an XML declaration would name an encoding (the text was decoded already): drop it
    if _XML_DECL_START.match(text):
        text = re.sub(r"^\s*<\?xml[^>]*>", "", text, count=1)
        data = None
    try:
        if data is None:
            data = text.encode("utf-8")
    except UnicodeEncodeError:       # lone surrogates in a str body: let lxml take the str
        data = text
    try:
        # plain etree elements: the lxml.html element classes cost a lookup per node visited
        root = lxml.etree.fromstring(data, _PARSER)
        stopped = _PARSER.error_log.last_error
        if stopped is not None and stopped.type == _RESOURCE_LIMIT:
            root = lxml.etree.fromstring(data, _UNLIMITED_PARSER)
            stopped = _UNLIMITED_PARSER.error_log.last_error
            if stopped is not None and stopped.type == _RESOURCE_LIMIT:
                # deeper than even huge_tree's 2048 levels (100,000 nested <div>s): the
                # markup is laid flat before it is parsed, its text kept in order
                flat = flatten_markup(data.decode("utf-8", "replace") if isinstance(data, bytes)
                                      else data, FLATTEN_DEPTH)
                root = lxml.etree.fromstring(flat.encode("utf-8", "replace"), _UNLIMITED_PARSER)
            unnest_chains(root, UNCLOSED_CHAIN_MIN)
            lay_flat_below(root, MAX_DEPTH)     # what is still too deep (its walk finds it)
        elif root is not None and _open_run_at_end(root) >= UNCLOSED_CHAIN_MIN:
            # below the limit too: a thread of 20 posts left open kept its last 6 in the
            # archive (the content search narrows to the child holding most of the prose,
            # one nested post at a time)
            unnest_chains(root, UNCLOSED_CHAIN_MIN)
    except (lxml.etree.ParserError, lxml.etree.XMLSyntaxError, ValueError) as exc:
        raise error(f"unparsable document: {exc}") from exc
    if root is None or not isinstance(root.tag, str):
        raise error("unparsable document: no root element")
    if next(root.iter(), None) is None or (len(root) == 0 and not (root.text or "").strip()):
        raise error("unparsable document: no elements")
    if root.getnext() is not None or (len(root) and root[-1].tag != "body"):
        gather_after_end(root)
    return root


def gather_after_end(root) -> None:
    """Move what a page holds after its </body> or </html> to the end of its body, where a
    browser puts it. libxml2 leaves the first after the body, in the <html>, and the second
    in another <html> beside the document's: a theme whose header template closes the
    document (header, </body></html>, then the article) lost its article (3.8% of WCXB
    pages hold elements after the first end tag; most are a widget's box or two)."""
    body = root.find("body")
    if body is None or root.tag != "html":
        return
    moved: list = [body.tail, *body.itersiblings()]     # texts and elements, in order
    body.tail = None
    nxt = root.getnext()
    while nxt is not None:
        if isinstance(nxt.tag, str):
            moved.append(nxt.text)
            for child in list(nxt):
                if child.tag == "body":
                    moved += [child.text, *child]
                elif child.tag != "head":
                    moved.append(child)
        nxt = nxt.getnext()
    for item in moved:
        if item is None or isinstance(item, str):
            if item and not item.isspace():
                append_text(body, body[-1] if len(body) else None, item)
        else:
            body.append(item)       # with its tail


def append_text(parent, prev, text: str) -> None:
    """Put text after prev, parent's child (its tail), or first in parent when prev is None."""
    if prev is None:
        parent.text = (parent.text or "") + text
    else:
        prev.tail = (prev.tail or "") + text


def _open_run_at_end(root) -> int:
    """The longest chain (unnest_chains) on the way down the page's last children: elements
    left open hold all that follows them, the page's end too, so a run of them lies on that
    way. A few steps on a page; as many as the run is long on one left open."""
    longest = run = 0
    el = root
    while len(el):
        nxt = _last_link(el)
        run = run + 1 if nxt is not None else 0
        longest = max(longest, run)
        el = nxt if nxt is not None else el[-1]
    return longest + 1 if longest else 0


def _last_link(el):
    """el's last child when it is of el's tag, nothing but white space follows it, and el
    holds something of its own before it (a post left open holds its text, then the next
    post; a wrapper holding only a wrapper is design: page builders nest a dozen)."""
    if len(el) < 2:
        return None
    last = el[-1]
    if last.tag != el.tag or (last.tail and not last.tail.isspace()):
        return None
    return last


def unnest_chains(root, min_length: int) -> None:
    """Make each chain of at least min_length elements, each the last content of the one
    before and of its tag, a run of siblings in the same order (a browser draws both alike:
    one block after another)."""
    for head in list(root.iter()):
        parent = head.getparent()
        if parent is not None and _last_link(parent) is head:
            continue       # inside a chain: its head does the work
        links = [head]
        nxt = _last_link(head)
        while nxt is not None:
            links.append(nxt)
            nxt = _last_link(nxt)
        if len(links) < min_length:
            continue
        # the text after the head's end comes after the whole chain's
        after, head.tail = head.tail, None
        for outer, inner in zip(links, links[1:]):
            outer.addnext(inner)
        if after:
            links[-1].tail = (links[-1].tail or "") + after


def lay_flat_below(root, max_depth: int) -> None:
    """Make every element below depth max_depth - 1 (the root is 0) a child of its ancestor
    at that depth, in document order, each text where it was read: no element then lies
    deeper than max_depth."""
    anchors = []
    depth = -1
    for event, el in lxml.etree.iterwalk(root, events=("start", "end")):
        if event == "end":
            depth -= 1
            continue
        depth += 1
        if depth == max_depth - 1 and len(el):
            anchors.append(el)
    for anchor in anchors:
        events = [(event, el) for event, el in lxml.etree.iterwalk(anchor, events=("start", "end"))
                  if el is not anchor]
        tails = {el: el.tail for event, el in events if event == "start"}
        for el in tails:
            el.tail = None
        last = None
        for event, el in events:
            if event == "start":
                anchor.append(el)      # moved, with what it still holds, to the anchor's end
                last = el
            elif tails[el]:
                # text after an element's end follows the last element read inside it
                last.tail = (last.tail or "") + tails[el]


def document_order(root) -> dict:
    """element -> its position in document order (root.iter()), built in C.

    Taken once, right after the parse, it also keeps a Python proxy alive for every element:
    each walk over the tree after it (metadata, the link walk, the block walk) gets the
    existing proxy instead of allocating and freeing one per element visited, which cost
    the link walk ~0.24 ms of a median WCXB page's 1.9."""
    return dict(zip(root.iter(), count()))


# A parent with at most this many children has one child's step found by libxml2 (as
# getelementpath from the parent: "li[3]", an index only where a sibling shares the tag),
# which scans the siblings; larger ones have all their children's steps taken at once.
SMALL_PARENT = 16
_TreeAt = lxml.etree.ElementTree


class ElementPaths:
    """tree.getpath(el) for the elements of one tree, each parent's children read once.

    libxml2's getpath counts an element's same-named siblings afresh on every call, so the
    paths of a list's N items cost N² sibling steps: a page listing 50,000 links spent 9 s
    of its 15 s analysis there. Here a path is its parent's path and one step, and a parent's
    children get their steps in one pass: the same strings ("/html/body/ul/li[3]", an
    index only where a sibling shares the tag)."""

    __slots__ = ("tree", "paths")

    def __init__(self, tree):
        self.tree = tree
        self.paths: dict = {}

    def __call__(self, el) -> str:
        paths = self.paths
        path = paths.get(el)
        if path is not None:
            return path
        # climb to the nearest ancestor whose path is known (or the root), then come down
        chain = [el]
        parent = el.getparent()
        while parent is not None and parent not in paths:
            chain.append(parent)
            parent = parent.getparent()
        if parent is None:
            parent = chain.pop()
            paths[parent] = self.tree.getpath(parent)
        for node in reversed(chain):
            n_children = len(parent)
            if n_children == 1:
                # an only child (a wrapper's wrapper): its step is its tag, no sibling to read.
                # Over half the parents on a block's way down (WCXB: 121 of 230 a page), and
                # _steps' lists and set for them cost the block walk 2.5% (~0.1 ms a page)
                paths[node] = f"{paths[parent]}/{node.tag}"
            elif n_children <= SMALL_PARENT:
                # libxml2 finds the one step, counting at most SMALL_PARENT siblings in C,
                # where _steps reads every child's tag into Python (paths -17%, walk -2%)
                paths[node] = f"{paths[parent]}/{_TreeAt(parent).getelementpath(node)}"
            else:
                self._steps(parent)
            parent = node
        return paths[el]

    def _steps(self, parent) -> None:
        paths = self.paths
        base = paths[parent]
        kids = [ch for ch in parent if isinstance(ch.tag, str)]
        tags = [ch.tag for ch in kids]
        if len(set(tags)) == len(tags):
            paths.update(zip(kids, map((base + "/").__add__, tags)))
            return
        total: dict[str, int] = {}
        for tag in tags:
            total[tag] = total.get(tag, 0) + 1
        seen: dict[str, int] = {}
        for ch, tag in zip(kids, tags):
            if total[tag] == 1:
                paths[ch] = f"{base}/{tag}"
            else:
                k = seen[tag] = seen.get(tag, 0) + 1
                paths[ch] = f"{base}/{tag}[{k}]"


# A tree of at most this many elements has each path from libxml2 in one call (getelementpath
# from the root, which counts the siblings of each ancestor in C): the siblings of different
# ancestors are different nodes, so one call reads at most the tree's nodes, and a page's
# paths at most blocks x nodes. Five WCXB pages in six are so small (1,257 of 1,497; median
# 977 elements), and their paths cost a third less than ElementPaths' (walk -3%). The worst
# such tree, one list of 2,000 items, walks in 15 ms where ElementPaths took 9.
SMALL_TREE = 2000


def element_paths(tree, elements: int):
    """el -> tree.getpath(el) for the elements of tree, which holds `elements` elements:
    ElementPaths, or on a small tree one libxml2 call a path."""
    if elements > SMALL_TREE:
        return ElementPaths(tree)
    root = tree.getroot()
    root_path = tree.getpath(root)      # "/html", or "/html[1]" beside a second root
    prefix = root_path + "/"
    steps = tree.getelementpath

    def path_of(el) -> str:
        return root_path if el is root else prefix + steps(el)
    return path_of


def text_of(el) -> str:
    """All text under an element (comments excluded), like HtmlElement.text_content()."""
    return "".join(el.itertext())


# A badge's class (Bootstrap's .badge and .label, XenForo's thread prefixes "label
# label--green"): a tag set beside a heading's words ("New", "Solved", a thread's "News").
_BADGE_CLASS = re.compile(r"(?:^|\s)(?:badge|label)(?:$|\s|-)")


def text_without_buttons(el) -> str:
    """text_of(el) without its <button>s' labels and its badges' (_BADGE_CLASS): a control
    set in a heading (Askbot's and wikis' inline "edit") or a tag beside it ("New", a
    forum's thread prefix) is no part of what the heading says. A line break is a space: a
    heading set on two lines ("Data Analytics<br>Agency") says two words there, not one."""
    if next(el.iter("button", "br"), None) is None and not _BADGE_CLASS.search(
            " ".join(e.get("class") or "" for e in el.iter("span", "small", "sup"))):
        return text_of(el)
    parts: list[str] = []

    def walk(e) -> None:
        if e.tag == "br":
            parts.append(" ")
        elif e.tag != "button" and (e is el or not _BADGE_CLASS.search(e.get("class") or "")):
            if isinstance(e.tag, str):
                parts.append(e.text or "")
            for child in e:
                walk(child)
        if e is not el:
            parts.append(e.tail or "")
    walk(el)
    return "".join(parts)


def first_descendant(el, tags):
    """The first element below el (document order) whose tag is in the set `tags`, or None.

    Not el.iterdescendants(*tags): lxml builds a matcher for the tag list on every call,
    which costs ~0.1 us a tag (5-20 us for the block tags) where most subtrees here hold
    one or two elements. Tags are compared as strings (HTML elements carry no namespace).
    """
    for d in el.iterdescendants():
        if d.tag in tags:
            return d
    return None


def first_below(tag: str, self_too: bool = False):
    """A function el -> the first element of `tag` below el in document order (el itself
    too, with self_too), or None, found by libxml2, which stops there. lxml's iterators look
    one match ahead: next(el.iter("title")) and el.find(".//title") walk the rest of the
    tree for a second <title>, which a page seldom has (15 us a call on a median WCXB page,
    1.5 us so)."""
    first = lxml.etree.XPath(f"{'descendant-or-self' if self_too else 'descendant'}::{tag}[1]")

    def find(el):
        found = first(el)
        return found[0] if found else None
    return find


def as_root(html_or_tree):
    """Accept HTML text/bytes, an lxml element or an ElementTree; return the root element."""
    if isinstance(html_or_tree, (str, bytes)):
        return parse_html(html_or_tree)
    if hasattr(html_or_tree, "getroot"):
        return html_or_tree.getroot()
    return html_or_tree


def base_url(root, url: str) -> str:
    """The document's base for resolving links: <base href> when present."""
    return base_href_url(next(root.iter("base"), None), url)


def base_href_url(base, url: str) -> str:
    """base_url of a document whose first <base> is base (None: it has none)."""
    from urllib.parse import urljoin

    href = (base.get("href") or "").strip() if base is not None else ""
    if href:
        try:
            return urljoin(url, href)
        except ValueError:     # "http://[bad": a browser falls back to the page's URL
            return url
    return url
