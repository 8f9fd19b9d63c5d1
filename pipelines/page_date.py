"""The date a leaf shows its readers, for its archive's front matter, when its metadata
names none (metadata.date_published: meta tags, JSON-LD, microdata, <time> in the content).

Many pages print their date for people only: "March 5, 2024" in a byline under the title,
with no machine-readable twin. WCXB dev: of 782 pages whose ground truth has a date, the
metadata found none on 220, and 118 of those print it in English words near their h1. The
score never reads these dates (the seed's date_published term is the metadata's); only the
archive does.
"""
from __future__ import annotations

import re

# Month names and their usual abbreviations ("Sept." too), English only: a site in another
# language mostly declares its dates, and a wrong month is worse than none.
_MONTHS = {name: number for number, names in enumerate((
    ("january", "jan"), ("february", "feb"), ("march", "mar"), ("april", "apr"), ("may",),
    ("june", "jun"), ("july", "jul"), ("august", "aug"), ("september", "sep", "sept"),
    ("october", "oct"), ("november", "nov"), ("december", "dec")), start=1) for name in names}
_MONTH = r"(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?"
_YEAR = r"((?:19|20)\d\d)"
# "March 5, 2024", "Mar. 5th 2024"; "5 March 2024", "5th of March, 2024"; "2024-03-05",
# "2024/03/05". Day-first and month-first numeric dates (03/05/2024) are left out: which is
# which depends on the country.
_TEXT_DATES = (
    (re.compile(rf"\b{_MONTH}\s+(\d{{1,2}})(?:st|nd|rd|th)?,?\s+{_YEAR}\b", re.I), (2, 0, 1)),
    (re.compile(rf"\b(\d{{1,2}})(?:st|nd|rd|th)?\.?\s+(?:of\s+)?{_MONTH},?\s+{_YEAR}\b", re.I), (2, 1, 0)),
    # (not inside a path or a name: blog/2021-02-28-greetings.md is no date of the page)
    (re.compile(rf"(?<![\w/.-]){_YEAR}[-/.]([01]?\d)[-/.]([0-3]?\d)(?!\d|[/.-]\w)"), (0, 1, 2)),
)
# A date said to be an update's, a review's or an event's is not the page's publication.
_NOT_PUBLISHED = re.compile(r"\b(?:updated|modified|edited|revised|reviewed)\b", re.I)

# Text nodes looked at around the page's first h1, where a byline sits: a few before it (a
# kicker or a date above the title) and more after it (author, reading time, share links).
BYLINE_BEFORE = 6
BYLINE_AFTER = 40
# A byline's date stands in a short text of its own; a longer one is prose that mentions a date.
DATE_TEXT_MAX_CHARS = 100
# Never a byline: furniture, forms, code and what is not rendered.
_SKIP_TAGS = frozenset({"script", "style", "noscript", "template", "nav", "aside", "footer",
                        "form", "select", "button", "head", "pre", "code", "kbd", "samp"})
_SKIP_ROLES = frozenset({"navigation", "complementary", "contentinfo", "search"})
_ISO_DAY = re.compile(r"((?:19|20)\d\d)-(\d\d)-(\d\d)")


def parse_text_date(text: str) -> str | None:
    """The first date written out in text, as YYYY-MM-DD, or None."""
    for pattern, (y, m, d) in _TEXT_DATES:
        found = pattern.search(text)
        if found is None:
            continue
        parts = found.groups()
        month = parts[m]
        month = int(month) if month.isdigit() else _MONTHS[month.lower().rstrip(".")]
        day = int(parts[d])
        if 1 <= month <= 12 and 1 <= day <= 31:
            return f"{int(parts[y]):04d}-{month:02d}-{day:02d}"
    return None


def lone_time(root) -> str | None:
    """The page's one <time datetime>, wherever it stands but a footer, when every <time>
    of the page names that one day: a post's metadata in a nav or sidebar (MkDocs
    Material's blog puts it there), which metadata.date_published leaves out because a nav's
    dates are a listing's more often than the page's."""
    day = None
    for el in root.iter("time"):
        found = _ISO_DAY.search(el.get("datetime") or "")
        if found is None:
            continue
        if any(a.tag == "footer" or (a.get("role") or "") == "contentinfo" for a in el.iterancestors()):
            continue
        if day is not None and found.group(0) != day:
            return None
        day = found.group(0)
    return day


def byline_date(root) -> str | None:
    """The first date written out near the page's first h1 (BYLINE_BEFORE text nodes before
    it to BYLINE_AFTER after it), in a short text, not said to be an update's, outside
    navigation, sidebars, footers and forms."""
    body = root.find("body") if root.tag == "html" else root
    if body is None:
        return None
    texts: list[str] = []
    h1_at = None
    stack = [body]
    while stack:
        item = stack.pop()
        if isinstance(item, str):       # a tail, after its element's subtree
            texts.append(item)
        else:
            tag = item.tag
            if not isinstance(tag, str) or tag in _SKIP_TAGS or (item.get("role") or "") in _SKIP_ROLES:
                pass
            else:
                if tag == "h1" and h1_at is None:
                    h1_at = len(texts)
                if item.text and item.text.strip():
                    texts.append(item.text.strip())
                for child in reversed(item):
                    tail = child.tail
                    if tail and tail.strip():
                        stack.append(tail.strip())
                    stack.append(child)
        if h1_at is not None and len(texts) >= h1_at + BYLINE_AFTER:
            break
    if h1_at is None:
        return None
    start = max(0, h1_at - BYLINE_BEFORE)
    updated = None
    for i in range(start, min(len(texts), h1_at + BYLINE_AFTER)):
        text = texts[i]
        if len(text) > DATE_TEXT_MAX_CHARS:
            continue
        date = parse_text_date(text)
        if date is None:
            continue
        # "Updated Jun 16, 2025", or "Last Updated" / "on" in the texts just before it: the
        # date of the content as it stands, taken when the page shows no other
        if _NOT_PUBLISHED.search(" ".join(texts[max(start, i - 2):i + 1])):
            updated = updated or date
            continue
        return date
    return updated


def shown_date(root) -> str | None:
    """A leaf's date when its metadata names none: its one <time>, else its byline's."""
    return lone_time(root) or byline_date(root)
