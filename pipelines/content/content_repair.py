"""What the browser would show that a plain parse of the HTML hides: tree repairs before the
block walk, and last-resort sources for a page whose visible HTML yields next to nothing.

Repairs (always, cheap, each a standard the browser follows):
- ``<button>`` holds phrasing content only (HTML content model). libxml2 does not close a
  ``<button>`` the HTML5 way when a ``<div>`` inside it is left open, so one mis-nested menu
  button swallows the rest of the page. A button holding paragraphs or headings is walked as a
  ``<div>``.
- React 18 streaming (Next.js app router, Remix...) sends each suspended part of the page as
  ``<div hidden id="S:n">`` at the end of the body, and a script swaps it in for the
  ``<template id="B:n">`` placeholder. The part is put where the placeholder is, shown.

Fallbacks, in order, only when the selected content is nearly empty (content.py decides):
1. the page with inline-hidden wrappers shown (anti-flicker snippets hide the whole body until
   a script runs; collapsed panels hold a product's description);
2. JSON-LD ``articleBody``/``text`` (the publisher's own statement of the page's body);
3. Next.js ``__NEXT_DATA__``: the longest prose strings of the page props (a client-rendered
   page ships its text only there).
"""
from __future__ import annotations

import copy
import json
import re

from lxml import etree

from ..blocks import Block
from .word_count import count_words
from ..metadata.json_ld import json_ld_values

# Descendants that no real <button> holds: their presence marks a parse artifact.
_FLOW_TAGS = ("p", "h1", "h2", "h3", "h4", "h5", "h6", "article", "main", "section", "table",
              "ul", "ol", "footer")
_SUSPENSE_ID = re.compile(r"^S:[0-9a-zA-Z]+$")
# the hidden divs with an id, found in C: a Python test of every <div> cost ~0.1 ms a page
_HIDDEN_DIVS_WITH_ID = etree.XPath("descendant-or-self::div[@hidden][@id]")
_HIDDEN_STYLE = re.compile(r"(?:display\s*:\s*none|visibility\s*:\s*hidden)\s*;?", re.I)
# A JSON-LD body or a Next.js string is prose when it has this many words...
FALLBACK_MIN_WORDS = 12
# ...and a Next.js string looks like prose, not an id, a URL or markup.
_PROSE = re.compile(r"[A-Za-z\u00c0-\uffff]{2,}[ ,.;:!?]")
_TAGS = re.compile(r"<[^>]+>")
_WS = re.compile(r"[ \t\r\f\v\u00a0]+")


def repair_tree(root) -> bool:
    """Undo the parse artifacts and streaming placeholders described above, in place.
    True when elements moved (a streamed section put in its placeholder's place)."""
    # the buttons and the hidden divs in one walk of the tree (iter in C, the hidden test in
    # Python), where the buttons' walk and the XPath search took two (median -49%, ~0.04 ms)
    buttons, hidden_divs = [], []
    for el in root.iter("button", "div"):
        if el.tag == "button":
            buttons.append(el)
        elif el.get("hidden") is not None:
            hidden_divs.append(el)
    made_div = False
    for button in buttons:
        if next(button.iterdescendants(*_FLOW_TAGS), None) is not None:
            button.tag = "div"
            made_div = True
    if made_div:        # a button made a div may be a hidden one: searched again, in order
        hidden_divs = _HIDDEN_DIVS_WITH_ID(root)
    suspended = [el for el in hidden_divs
                 if (ident := el.get("id")) is not None and _SUSPENSE_ID.match(ident)]
    if not suspended:
        return False
    templates = {t.get("id"): t for t in root.iter("template") if (t.get("id") or "").startswith("B:")}
    for div in suspended:
        del div.attrib["hidden"]
        place = templates.get("B:" + div.get("id")[2:])
        parent = place.getparent() if place is not None else None
        if parent is not None:
            div.getparent().remove(div)
            div.tail = place.tail
            parent.replace(place, div)
    return True


def revealed_copy(root):
    """A copy of the page with every inline-hidden element shown, or None when nothing was hidden."""
    doc = copy.deepcopy(root)
    changed = False
    for el in doc.iter():
        if not isinstance(el.tag, str) or el.tag in ("script", "style", "template", "noscript"):
            continue
        style = el.get("style")
        if style and _HIDDEN_STYLE.search(style):
            el.set("style", _HIDDEN_STYLE.sub("", style))
            changed = True
        if el.get("hidden") is not None:
            del el.attrib["hidden"]
            changed = True
        if el.get("aria-hidden") == "true":
            del el.attrib["aria-hidden"]
            changed = True
    return doc if changed else None


def _paragraph_blocks(texts: list[str], source: str) -> list[Block]:
    out = []
    for text in texts:
        for para in re.split(r"\n\s*\n|\r\n\s*\r\n", text):
            para = _WS.sub(" ", para).strip()
            if para:
                out.append(Block(text=para, rich_text=_escape(para), kind="paragraph", tag="p",
                                 xpath=source, dom_index=-1))
    return out


def _escape(text: str) -> str:
    from ..blocks.block_inline import escape_line_start, escape_text

    return escape_line_start(escape_text(text))


def _ld_objects(root):
    for script in root.iter("script"):
        if (script.get("type") or "").strip().lower() != "application/ld+json" or not script.text:
            continue
        stack = json_ld_values(script.text)
        while stack:
            item = stack.pop()
            if isinstance(item, list):
                stack.extend(item)
            elif isinstance(item, dict):
                yield item
                stack.extend(v for v in item.values() if isinstance(v, (list, dict)))


def json_ld_body(root) -> list[Block]:
    """Paragraph blocks of the longest JSON-LD articleBody/text, or []."""
    best = ""
    for obj in _ld_objects(root):
        for key in ("articleBody", "text", "reviewBody"):
            v = obj.get(key)
            if isinstance(v, str) and len(v) > len(best):
                best = v
    best = _TAGS.sub(" ", best) if "<" in best else best
    if count_words(best) < FALLBACK_MIN_WORDS:
        return []
    return _paragraph_blocks([best], "/json-ld")


def next_data_text(root) -> list[Block]:
    """Paragraph blocks from the prose strings of Next.js's __NEXT_DATA__ page props, or []."""
    script = next((s for s in root.iter("script") if s.get("id") == "__NEXT_DATA__"), None)
    if script is None or not script.text:
        return []
    try:
        data = json.loads(script.text)
    except ValueError:
        return []
    props = data.get("props", data) if isinstance(data, dict) else data
    found: list[str] = []
    seen: set[str] = set()
    stack = [props]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(reversed(list(item.values())))
        elif isinstance(item, list):
            stack.extend(reversed(item))
        elif isinstance(item, str) and count_words(item) >= FALLBACK_MIN_WORDS:
            text = _TAGS.sub(" ", item) if "<" in item else item
            if _PROSE.search(text) and text not in seen and "://" not in text.split()[0]:
                seen.add(text)
                found.append(text)
    return _paragraph_blocks(found, "/next-data")
