"""Does a site need a browser? The measure behind ``--render auto``.

A browser renders about 5 pages a second here, plain HTTP 100 to 250: most blogs and docs
sites send every link and every word in their HTML, and rendering them buys nothing. Some
draw their pages by script (a single-page app, a listing that fetches its entries, an
article whose body is fetched). Auto mode fetches the start page and the first articles and
listing it links both ways and compares what each shows (script_drawn); a site whose pages
are their documents' is crawled by plain HTTP, and any page of it that arrives as a leaf of
a few short blocks (app_shell), or with an app's mount point left empty (empty_mount), is
rendered after all.

Pure: documents and analyses in, reasons out. The spider does the fetching.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from ..htmlparse import parse_html
from .links import SKIP_TAGS

# A page's text counts as its document's when scripts add at most this much of it: widgets,
# a cookie banner, a date formatted in place add a few hundred characters; a body drawn by
# script (fetched, or injected after load) is most of it. (Revisits read the same line:
# crawler/frontier/revisits.py.)
SCRIPT_TEXT_MIN_CHARS = 500
SCRIPT_TEXT_SHARE = 0.2
# The browser shows in-site links the document lacks: at least this many, and this share of
# what it shows. A script that adds a "log in" or a language switch adds one or two; a
# listing or a menu drawn by script adds its every entry.
SCRIPT_LINKS_MIN = 3
SCRIPT_LINKS_SHARE = 0.1
# A plain page read as a leaf with at most APP_SHELL_MAX_BLOCKS blocks of content, less
# than APP_SHELL_MAX_CHARS characters in all, is an empty frame a script fills
# (<div id="app"></div>), or an article whose body a script draws: its HTML holds the frame
# around the body (a title, a byline or a date, perhaps a summary line), not a paragraph of
# it. Rendered. A short post still has its few paragraphs or list items: Docusaurus' short
# release notes (93-200 characters in 5 to 8 blocks) were 34 of its 132 leaves rendered
# again when the number of blocks was not asked, and the auto crawl ran at 6 pages/s
# instead of 20.5. A real leaf so bare (a photo and its caption) costs only its render.
APP_SHELL_MAX_CHARS = 200
APP_SHELL_MAX_BLOCKS = 3


@dataclass(frozen=True)
class Shown:
    """What one fetch of a page shows the crawl: its in-site page links and its text."""
    links: frozenset[str]
    text_chars: int


def visible_text_chars(html: str | bytes) -> int:
    """Characters of the body's text, whitespace runs counted once, leaving out what is never
    shown (script, style, template, noscript)."""
    root = parse_html(html)
    body = root.find("body")
    if body is None:
        return 0
    chars = 0
    stack = [body]
    while stack:
        element = stack.pop()
        if isinstance(element.tag, str) and element.tag not in SKIP_TAGS:
            if element.text:
                chars += len(" ".join(element.text.split()))
            stack.extend(element)
        # a comment's or a skipped element's tail is shown; the body's own is past it
        if element.tail and element is not body:
            chars += len(" ".join(element.tail.split()))
    return chars


def shown(page_links, html: str | bytes, url: str = "") -> Shown:
    """What a fetch of the page at url shows: its links to other pages, its text."""
    pages = frozenset(link.split("#", 1)[0] for link in page_links)
    return Shown(pages - {url.split("#", 1)[0]}, visible_text_chars(html))


def script_drawn(plain: Shown, rendered: Shown) -> str | None:
    """Why the rendered page shows more than its document (in-site links, text), or None
    when the document holds what the crawl takes from it."""
    new_links = rendered.links - plain.links
    if len(new_links) >= max(SCRIPT_LINKS_MIN, SCRIPT_LINKS_SHARE * len(rendered.links)):
        return (f"a script drew {len(new_links)} of its {len(rendered.links)} links "
                "to other pages of the site")
    grew = rendered.text_chars - plain.text_chars
    if grew > max(SCRIPT_TEXT_MIN_CHARS, SCRIPT_TEXT_SHARE * rendered.text_chars):
        return f"a script drew {grew} of its {rendered.text_chars} characters of text"
    return None


# An element a script framework mounts its app in, left empty by the document: React's
# #root, Vue's #app, Next's #__next, Nuxt's #__nuxt, Gatsby's #___gatsby, Angular's
# <app-root>. What the page shows there, a script draws, however much text its frame holds
# around it (a docs section's intro, a listing's heading and blurb).
_EMPTY_MOUNT = re.compile(
    rb"""<(?:div|main|section)\s(?:[^>]*?\s)?id\s*=\s*["']?(?:root|app|__next|__nuxt|___gatsby)"""
    rb"""(?![\w-])[^>]*>\s*</(?:div|main|section)>|<app-root\b[^>]*>\s*</app-root>""", re.I)


def empty_mount(html: str | bytes) -> bool:
    """Does the document hold an app's mount point, empty (_EMPTY_MOUNT)? 0.4 ms on a
    240 KB page; asked only of pages a plain crawl under --render auto analysed."""
    body = html.encode("utf-8", "replace") if isinstance(html, str) else html
    return _EMPTY_MOUNT.search(body) is not None


# Short leaves rendered again that showed nothing more than their HTML, before the crawl
# takes its other short leaves as they are: a changelog blog's one-item posts are short in
# any browser. Hexo's and MkDocs Material's release posts made 49 and 36 renders of an
# auto crawl that needed none. A page whose script fills it resets nothing: once one
# rendered frame was filled, every short leaf is rendered.
FRAME_TRIALS = 3


def frame_filled(plain: Shown, rendered: Shown) -> bool:
    """Did the browser show a frame filled: links (SCRIPT_LINKS_MIN) or more text than a
    frame holds (APP_SHELL_MAX_CHARS) that its HTML did not?"""
    return (len(rendered.links - plain.links) >= SCRIPT_LINKS_MIN
            or rendered.text_chars - plain.text_chars > APP_SHELL_MAX_CHARS)


def app_shell(analysis) -> bool:
    """A plain page that reads as a leaf of a few short blocks, or as an index with no page
    to follow: what the crawl would archive of it, or follow from it, is a frame whose
    content a script draws. (A frame with nothing in it at all scores the head start alone
    and reads as an index: it led nowhere and was never rendered.)"""
    if analysis.verdict == "index":
        return not analysis.follow_links
    if len(analysis.blocks) > APP_SHELL_MAX_BLOCKS:
        return False
    return sum(len(block.text) for block in analysis.blocks) < APP_SHELL_MAX_CHARS
