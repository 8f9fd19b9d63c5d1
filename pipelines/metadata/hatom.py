"""hAtom's and microformats2's date marks (<abbr class="published" title="…">,
class="dt-published", class="updated"): a post's machine-readable date on many older blogs
and CMS templates, read by page_metadata where meta tags, JSON-LD and microdata name none.
"""
from __future__ import annotations

import re
from urllib.parse import urljoin, urlsplit

from ..blocks.block_inline import normalize_ws
from ..htmlparse import text_of
from .page_date import DATE_LIKE, iso_date, parse_text_date


# hAtom's and microformats2's mark of an entry's publication: <abbr class="published"
# title="2011-03-30T21:05:00">, <span class="dt-published">. Blogger, WordPress' themes of
# the 2000s and many CMSes' templates print it, often as the page's only machine-readable
# date. And hAtom's last-change mark, which an entry must carry where published is optional.
_HATOM_TOKENS = {"published": "published", "dt-published": "published",
                 "updated": "updated", "dt-updated": "updated"}
# The last page's marks, by identity of its root (kept alive, so never another's): the
# date rules ask for them up to four times a page, and a scan of every element's class costs
# 0.4 ms (an XPath test of each, 1.2 ms). date_facts clears it when done.
_MARKS: list = [None, None]


def _hatom_marks(root, kind: str) -> list:
    """The elements classed with hAtom's (or microformats2's) `kind` mark ("published" or
    "updated"), in document order."""
    if _MARKS[0] is not root:
        found: dict[str, list] = {"published": [], "updated": []}
        for el in root.iter():
            cls = el.get("class")
            if cls and ("published" in cls or "updated" in cls):
                for token in cls.split():
                    mark = _HATOM_TOKENS.get(token)
                    if mark is not None:
                        found[mark].append(el)
                        break
        _MARKS[0], _MARKS[1] = root, found
    return _MARKS[1][kind]


def hatom_updated(root) -> str | None:
    """The day of the page's hAtom updated marks, where they name one day: the date of a
    post whose template marks no publication (hAtom's entry must say when it was updated,
    its publication may go unsaid). A weaker date than a printed byline's: a leaf's archive
    takes it where every other rule found none."""
    days = set(hatom_dates(root, "updated"))
    return days.pop() if len(days) == 1 else None


def hatom_dates(root, kind: str = "published") -> list[str]:
    """The days of the page's hAtom/microformats2 published marks (or the updated ones:
    kind="updated"), in document order, one per mark that names a day (its datetime or
    title, else its text): a post has one, a listing one per entry."""
    days = []
    for el in _hatom_marks(root, kind):
        if not isinstance(el.tag, str) or el.tag in ("html", "body", "article"):
            continue   # a class on the whole entry or page names no date
        value = el.get("datetime") or el.get("title") or ""
        day = iso_date(value)[:10] if DATE_LIKE.search(value) and iso_date(value) else None
        day = day or parse_text_date(value) or parse_text_date(normalize_ws(text_of(el))[:80])
        if day:
            days.append(day)
    return days


def forget_marks() -> None:
    """Let go of the last page's marks (and so of its tree)."""
    _MARKS[0] = _MARKS[1] = None


_HENTRY = re.compile(r"(?:^|\s)h-?entry(?:\s|$)")


def hatom_mark_is_a_teasers(root, url: str, kind: str = "published") -> bool:
    """The page's first hAtom published mark (or updated: kind="updated") sits in an entry
    (an <article> or a .hentry) whose heading links to another page: a listing's entry, as a
    content <time> in such an <article> is (page_metadata._time_is_a_teasers)."""
    for mark in _hatom_marks(root, kind):
        entry = next((a for a in mark.iterancestors()
                      if a.tag == "article" or _HENTRY.search(a.get("class") or "")), None)
        if entry is not None:
            return heading_links_away(entry, url)
    return False


def heading_links_away(entry, url: str) -> bool:
    """A heading (h1-h3) of the entry links to another page than url."""
    here = urlsplit(url).path.rstrip("/")
    for h in entry.iter("h1", "h2", "h3"):
        for a in h.iter("a"):
            href = (a.get("href") or "").strip()
            if href and not href.startswith("#"):
                try:
                    there = urlsplit(urljoin(url, href)).path.rstrip("/")
                except ValueError:
                    continue
                if there != here:
                    return True
    return False
