"""The date a leaf shows its readers, for its archive's front matter, when its metadata
names none (metadata.date_published: meta tags, JSON-LD, microdata, <time> in the content).

Many pages print their date for people only: "March 5, 2024" in a byline under the title,
with no machine-readable twin. WCXB dev: of 780 pages whose ground truth has a day, the
metadata found none on 219; the page's one <time> or its byline gives the truth's day on
137 of those and another on 17 (bench/eval_metadata.py). The score never reads these dates
(the seed's date_published term is the metadata's); only the archive does.
"""
from __future__ import annotations

import re
from datetime import date as Day, timedelta
from urllib.parse import urlsplit

from ..blocks.class_facts import widget_named
from ..indexiness.links import element_text
from .byline import byline_texts, is_read

# Month names and their usual abbreviations ("Sept." too) in the languages whose words
# _NOT_PUBLISHED reads: English, German, French, Spanish, Italian, Dutch and Portuguese.
# English alone missed the bylines of the many sites that print their day for readers only
# ("21. Januar 2022 | Mobilität", "1. Februar 2022, Daniel Dillenburg"): htmldate-eval's pages
# are in a dozen languages, and neither leafcrawl nor htmldate's fast search dated these.
_MONTH_NAMES = (
    ("january", "jan", "januar", "jänner", "janvier", "janv", "enero", "gennaio", "januari", "janeiro"),
    ("february", "feb", "februar", "février", "fevrier", "févr", "febrero", "febbraio", "februari",
     "fevereiro"),
    ("march", "mar", "märz", "mär", "mars", "marzo", "maart", "março"),
    ("april", "apr", "avril", "avr", "abril", "aprile"),
    ("may", "mai", "mayo", "maggio", "mei", "maio"),
    ("june", "jun", "juni", "juin", "junio", "giugno", "junho"),
    ("july", "jul", "juli", "juillet", "juil", "julio", "luglio", "julho"),
    ("august", "aug", "août", "aout", "agosto", "augustus"),
    ("september", "sep", "sept", "septembre", "septiembre", "setiembre", "settembre", "setembro"),
    ("october", "oct", "oktober", "okt", "octobre", "octubre", "ottobre", "outubro"),
    ("november", "nov", "novembre", "noviembre", "novembro"),
    ("december", "dec", "dezember", "dez", "décembre", "decembre", "déc", "diciembre", "dicembre",
     "dezembro"),
)
_MONTHS = {name: number for number, names in enumerate(_MONTH_NAMES, start=1) for name in names}
# longest first, so that "marzo" is not read as "mar"
_MONTH = "(" + "|".join(sorted(_MONTHS, key=len, reverse=True)) + r")\.?"
_YEAR = r"((?:19|20)\d\d)"
# "March 5, 2024", "Mar. 5th 2024"; "5 March 2024", "5th of March, 2024", "21. Januar 2022",
# "1er mars 2024", "5 de marzo de 2024"; "2024-03-05", "2024/03/05"; "21.01.2022", "02.12.19".
# Day-first and month-first dates with slashes (03/05/2024) are left out: which is which
# depends on the country. Dots are day-first wherever they are written so (Germany,
# Switzerland, Austria, Eastern Europe): a two-digit year only in the all-two-digit form
# ("02.12.19"), never a version number's shape ("1.27.3").
_TEXT_DATES = (
    (re.compile(rf"\b{_MONTH}\s+(\d{{1,2}})(?:st|nd|rd|th)?,?\s+{_YEAR}\b", re.I), (2, 0, 1)),
    (re.compile(rf"\b(\d{{1,2}})(?:st|nd|rd|th|er|º)?\.?\s+(?:of\s+|de\s+)?{_MONTH},?\s+(?:de\s+)?{_YEAR}\b",
                re.I), (2, 1, 0)),
    # (not inside a path or a name: blog/2021-02-28-greetings.md is no date of the page)
    (re.compile(rf"(?<![\w/.-]){_YEAR}[-/.]([01]?\d)[-/.]([0-3]?\d)(?!\d|[/.-]\w)"), (0, 1, 2)),
    (re.compile(rf"(?<![\w/.-])([0-3]?\d)\.\s*([01]?\d)\.\s*{_YEAR}(?![\d]|\.\d)"), (2, 1, 0)),
    (re.compile(r"(?<![\w/.-])([0-3]\d)\.([01]\d)\.(\d\d)(?![\d]|\.\d)"), (2, 1, 0)),
)
# A date said to be an update's, a review's or an event's is not the page's publication (the
# word in the languages whose dates confirmed_library_date reads: German, French, Spanish,
# Portuguese, Italian, Dutch).
_NOT_PUBLISHED = re.compile(r"\b(?:updated|modified|edited|revised|reviewed|aktualisiert|"
                            r"geändert|mis à jour|modifié|actualizado|atualizado|aggiornato|"
                            r"bijgewerkt)\b", re.I)

# A byline's date stands in a short text of its own; a longer one is prose that mentions a date.
DATE_TEXT_MAX_CHARS = 100
# What every form of _DAY_FORMS holds (a four-digit year, a numeric day, month and
# two-digit year, or a year's two digits after an apostrophe), and what a day in an
# address's path is written as: without either, no date htmldate returns can be
# confirmed, so it is not asked.
_SOME_DAY = re.compile(r"\d{4}|\d{1,2}\s*[./-]\s*\d{1,2}\s*[./-]\s*\d{2}|['’]\d{2}\b")
_PATH_DAY = re.compile(r"\d{4}[/_-]?\d\d[/_-]?\d\d")
# What a date value in an attribute or a meta tag looks like (2024-03-05, 2024/03/05,
# 20240305, 2024-03).
DATE_LIKE = re.compile(r"\d{4}-\d{2}-\d{2}|\d{4}/\d{2}/\d{2}|\d{8}|\d{4}-\d{2}")
ISO_DAY = re.compile(r"((?:19|20)\d\d)-(\d\d)-(\d\d)")


# _TEXT_DATES without re.I, for lowercased ASCII text, where ignoring case changes nothing
# and re.I's reading of every character's case variants made a search ~9 times as slow
_ASCII_TEXT_DATES = tuple((re.compile(pattern.pattern, pattern.flags & ~re.I), groups)
                          for pattern, groups in _TEXT_DATES)


def parse_text_date(text: str) -> str | None:
    """The first date written out in text, as YYYY-MM-DD, or None."""
    # lowercasing ASCII keeps every position, and the month's name is looked up lowercased
    dates = _TEXT_DATES
    if text.isascii():
        text, dates = text.lower(), _ASCII_TEXT_DATES
    for pattern, (y, m, d) in dates:
        found = pattern.search(text)
        if found is None:
            continue
        parts = found.groups()
        month = parts[m]
        month = int(month) if month.isdigit() else _MONTHS[month.lower().rstrip(".")]
        day = int(parts[d])
        year = int(parts[y]) + (2000 if len(parts[y]) == 2 else 0)
        if 1 <= month <= 12 and 1 <= day <= 31:
            return f"{year:04d}-{month:02d}-{day:02d}"
    return None


def lone_time(root) -> str | None:
    """The page's one <time datetime>, wherever it stands but a footer, when every <time>
    of the page names that one day: a post's metadata in a nav or sidebar (MkDocs
    Material's blog puts it there), which metadata.date_published leaves out because a nav's
    dates are a listing's more often than the page's."""
    day = None
    for el in root.iter("time"):
        found = ISO_DAY.search(el.get("datetime") or "")
        if found is None:
            continue
        if any(a.tag == "footer" or (a.get("role") or "") == "contentinfo" for a in el.iterancestors()):
            continue
        if day is not None and found.group(0) != day:
            return None
        day = found.group(0)
    return day


# A dateline: a news story's first paragraph opens with its day ("(18.01.2018) Berlin –",
# "18.01.2018 - Die Bundesregierung…"), where agencies and press offices print it.
DATELINE_CHARS = 24
_DATELINE = re.compile(r"^\(?\s*\d{1,4}[./-]\d{1,2}[./-]\d{2,4}\b")


def byline_date(byline: list[tuple[str, object]]) -> str | None:
    """The first date written out near the page's first h1 (byline: byline.byline_texts),
    in a short text, not said to be an update's; an update's when the page prints no other."""
    texts = [text for text, _ in byline]
    updated = None
    for i, text in enumerate(texts):
        if len(text) > DATE_TEXT_MAX_CHARS:
            text = text[:DATELINE_CHARS]
            if not _DATELINE.match(text):
                continue
        date = parse_text_date(text)
        if date is None:
            continue
        # "Updated Jun 16, 2025", or "Last Updated" / "on" in the texts just before it: the
        # date of the content as it stands, taken when the page shows no other
        if _NOT_PUBLISHED.search(" ".join(texts[max(0, i - 2):i + 1])):
            updated = updated or date
            continue
        return date
    return updated


_ISO_FORM = re.compile(
    r"\s*((?:19|20)\d\d)[-/.](\d\d?)[-/.](\d\d?)"                       # date
    r"(?:(?:[T ]|\s*UTC\s*)(\d\d?):(\d\d)(?::(\d\d)(\.\d+)?)?)?"          # time
    r"\s*(Z|UTC|GMT|[+-]\d\d:?\d\d)?", re.I)                               # zone


# ISO 8601's basic form of a day, which some CMSes write in their meta tags ("20231102")
_COMPACT_DAY = re.compile(r"\s*((?:19|20)\d\d)(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])\s*")


def iso_date(value: str | None) -> str | None:
    """A date as found in a page ("2024-05-09 00:00:00 +0000", "2025/12/18") in ISO 8601
    ("2024-05-09T00:00:00+00:00", "2025-12-18"), for front matter that sorts and parses
    alike; a date in words ("Mon, 05 Mar 2024") as its day; anything else as it is."""
    if not value:
        return value
    compact = _COMPACT_DAY.fullmatch(value)
    if compact:
        return "-".join(compact.groups())
    m = _ISO_FORM.match(value)
    if m is None:
        return parse_text_date(value) or value.strip()
    year, month, day, hour, minute, second, fraction, zone = m.groups()
    if not (1 <= int(month) <= 12 and 1 <= int(day) <= 31):
        return value.strip()
    out = f"{year}-{int(month):02d}-{int(day):02d}"
    if hour is None:
        return out
    out += f"T{int(hour):02d}:{minute}:{second or '00'}{fraction or ''}"
    if zone:
        zone = zone.upper()
        if zone in ("Z", "UTC", "GMT"):
            out += "Z" if zone == "Z" else "+00:00"
        else:
            out += f"{zone[:3]}:{zone[-2:]}"
    return out


def library_date(html: str | bytes, url: str) -> str | None:
    """htmldate's fast search (find_date with original_date, no extensive search): a library
    kept up for exactly this, which parses what hand-written rules miss (dates in the many
    languages and markups of CMS templates, in a URL's path). Its answer alone is no page's
    date: see confirmed_library_date."""
    try:
        from htmldate import find_date
    except ImportError:         # an install without it keeps the rules' answer
        return None
    try:
        return find_date(html, url=url or None, original_date=True, extensive_search=False)
    except Exception:           # htmldate's failure on odd markup is no date, never a crash
        return None


# The forms a page prints one day in, in any language: numeric (2024-03-05, 5.3.2024,
# 03/05/24, 2024.3.5, 2024年3月5日) and with a month word of any language ("5. März 2024",
# "März 5, 2024", "5 de marzo de 2024"). The day is known (htmldate parsed it), so a word
# between day and year needs no dictionary: only where it is printed counts. Each is
# compiled once with its numbers captured (y, m, d) and read at every position (a lookahead),
# where a pattern per day cost a compile of six regular expressions on every leaf. A year
# captured as Y may be written by its last two digits (numeric day-first and month-first).
_DIGIT = re.compile(r"\d")
# (captured: a month name this module knows must be the day's month, "24 Oct 2026" is no
# 24 May; a word it does not know is let be, the day and year matching)
_MONTH_WORD = r"([^\W\d_]{3,})\.?"
_DAY_FORMS = tuple((re.compile(pattern, re.I), parts) for pattern, parts in (
    (r"(?=\b(\d{4})\s*[-/.]\s*(\d{1,3})\s*[-/.]\s*(\d{1,3})\b)", "ymd"),
    (r"(?=\b(\d{1,3})\s*[./-]\s*(\d{1,3})\s*[./-]\s*(\d{4}|\d{2})\b)", "dmY"),
    (r"(?=\b(\d{1,3})\s*/\s*(\d{1,3})\s*/\s*(\d{4}|\d{2})\b)", "mdY"),
    (rf"(?=\b(\d{{1,3}})(?:st|nd|rd|th|er|\.|º|ª)?\s+(?:de\s+)?{_MONTH_WORD},?\s+(?:de\s+)?(\d{{4}})\b)", "dwy"),
    (rf"(?=\b{_MONTH_WORD}\s+(\d{{1,3}})(?:st|nd|rd|th)?,?\s+(\d{{4}})\b)", "wdy"),
    (r"(?=(\d{4})\s*年\s*(\d{1,3})\s*月\s*(\d{1,3})\s*日)", "ymd"),
    # the year by its last two digits after an apostrophe ("5 Mar '24", "Mar 5, '24"):
    # forum software's short form for a post older than this year (Spirit, Discourse)
    (rf"(?=\b(\d{{1,3}})(?:st|nd|rd|th)?\s+{_MONTH_WORD},?\s+['’](\d{{2}})\b)", "dwY"),
    (rf"(?=\b{_MONTH_WORD}\s+(\d{{1,3}})(?:st|nd|rd|th)?,?\s+['’](\d{{2}})\b)", "wdY"),
))


def prints_day(text: str, day: str) -> bool:
    """Does `text` print the day `day` (YYYY-MM-DD) in one of _DAY_FORMS? A month or a day
    may carry one leading zero ("05" or "5"); a year is written whole or, in the numeric
    day-first and month-first forms, by its last two digits."""
    forms = _day_forms(text)
    if forms is None:
        return False
    year, month, date = day.split("-")
    # what each captured part may read: y a whole year, Y also its last two digits
    wanted = {"y": (year,), "Y": (year, year[2:]), "m": (str(int(month)), "0" + str(int(month))),
              "d": (str(int(date)), "0" + str(int(date)))}
    for parts, groups in forms:
        if all(_MONTHS.get(value.lower(), int(month)) == int(month) if part == "w"
               else value in wanted[part] for part, value in zip(parts, groups)):
            return True
    return False


# text -> _day_forms_in(text): a leaf's byline texts are asked for up to four days
# (printed_local_day's day and its neighbours, printed_in_byline, byline_blocks), and each
# ask ran the six forms over the text again. Bounded, as the other text caches.
_FORMS: dict[str, list | None] = {}
_FORMS_MAX = 20_000


def _day_forms(text: str) -> list[tuple[str, tuple]] | None:
    """_day_forms_in(text), kept in _FORMS."""
    forms = _FORMS.get(text, _FORMS)
    if forms is _FORMS:
        if len(_FORMS) >= _FORMS_MAX:
            _FORMS.clear()
        forms = _FORMS[text] = _day_forms_in(text)
    return forms


def _day_forms_in(text: str) -> list[tuple[str, tuple]] | None:
    """(parts, captured values) of each match of _DAY_FORMS in text, in prints_day's order;
    None for a text without a digit."""
    if _DIGIT.search(text) is None:
        return None
    return [(parts, found.groups()) for pattern, parts in _DAY_FORMS
            for found in pattern.finditer(text)]


def _prints_a_day(text: str) -> bool:
    """Can prints_day(text, day) hold for some day: does a form of _DAY_FORMS match at all?
    A byline with only a copyright year or a count in it passed _SOME_DAY alone, and
    htmldate's 10-20 ms were spent on a date that could not be confirmed (84 of WCXB dev's
    300 calls). The matches are kept for the prints_day asks that follow."""
    return _SOME_DAY.search(text) is not None and bool(_day_forms(text))


def printed_in_byline(day: str, byline: list[tuple[str, object]]) -> bool:
    """Does the byline (byline.byline_texts) print this day as the page's own: in a short
    text, and nowhere said to be an update's ("Updated: 6/2/2025 … Effective beginning
    6/2/2025": a day the page names its update's is not its publication, wherever else it
    is printed)?"""
    texts = [text for text, _ in byline]
    printed = False
    for i, text in enumerate(texts):
        if len(text) <= DATE_TEXT_MAX_CHARS and prints_day(text, day):
            if _NOT_PUBLISHED.search(" ".join(texts[max(0, i - 2):i + 1])):
                return False
            printed = True
    return printed


def confirmed_library_date(html: str | bytes, url: str,
                           byline: list[tuple[str, object]]) -> str | None:
    """htmldate's date for a leaf whose metadata, <time> and byline rules name none, taken
    only where the page shows it as its own: printed in its byline, under its title (any
    language or format), or written in its address's path (/2019/03/05/). htmldate alone
    also reads the timestamps of a page's scripts and app state (a product feed's
    "updatedAt", a CMS's "createdAt", a review's datePublished), which date product, service
    and docs pages that publish none: on WCXB dev, gated by the page declaring itself an
    article it gave 24 undated pages a date and 11 another day; confirmed so, 1 and 2, while
    htmldate-eval's articles gain more (bench/eval_dates.py, bench/eval_metadata.py)."""
    if not _PATH_DAY.search(urlsplit(url or "").path) and not any(
            len(text) <= DATE_TEXT_MAX_CHARS and _prints_a_day(text) for text, _ in byline):
        return None   # nothing htmldate could find would be confirmed: spare its 20 ms
    found = library_date(html, url)
    day = iso_date(found)[:10] if found else None
    if not day or not ISO_DAY.fullmatch(day):
        return None
    year, month, date = day.split("-")
    in_path = re.search(rf"{year}[/_-]?{month}[/_-]?{date}(?!\d)", urlsplit(url or "").path)
    return day if in_path or printed_in_byline(day, byline) else None


# A timestamp in UTC or in no zone: the CMS's, not the site's local time.
_UTC_OR_NO_ZONE = re.compile(r"T[\d:.]+(?:Z|\+00:?00)?$")


def utc_instant(date: str | None) -> bool:
    """Is this ISO 8601 date (iso_date's) an instant in UTC or in no zone, which a page may
    print as its site's local day (printed_local_day)?"""
    return bool(date) and len(date) > 10 and ISO_DAY.match(date) is not None \
        and _UTC_OR_NO_ZONE.search(date) is not None


# A day as a blog's permalink writes it in its path: /2016/07/09/ (WordPress, Blogger, Jekyll,
# and the news sites built on them), in the site's own time zone.
_PERMALINK_DAY = re.compile(r"/((?:19|20)\d\d)/(0?[1-9]|1[0-2])/(0?[1-9]|[12]\d|3[01])(?:/|$)")


def path_day(url: str) -> str | None:
    """The day a URL's path names as a permalink's /YYYY/MM/DD/, as YYYY-MM-DD, or None."""
    found = _PERMALINK_DAY.search(urlsplit(url or "").path)
    return f"{found[1]}-{int(found[2]):02d}-{int(found[3]):02d}" if found else None


def printed_local_day(date: str | None, byline: list[tuple[str, object]], url: str = "") -> str | None:
    """The day a page prints for its metadata's timestamp, where that is the day before or
    after the timestamp's own: CMSes write a post's instant in UTC (WordPress'
    article:published_time, a news site's JSON-LD) while the page prints its site's local day,
    so an evening story in Los Angeles is "2023-11-09T06:35:29+00:00" in the metadata and
    "Nov 8, 2023" under its title. The day a reader is shown is the page's date; the metadata's
    day stands where the byline prints it or prints neither neighbour (or both). A permalink
    (path_day: /2016/07/09/) is the site's local day too, written when the post was, and
    says it before the byline does. None where nothing changes."""
    if not utc_instant(date):
        # a day alone, or an instant told in another zone, was written in the site's own:
        # a neighbouring day printed beside it is another event's (a thread's last reply)
        return None
    try:
        own = Day.fromisoformat(date[:10])
    except ValueError:
        return None
    neighbours = ((own - timedelta(days=1)).isoformat(), (own + timedelta(days=1)).isoformat())
    in_path = path_day(url)
    if in_path == date[:10]:
        return None
    if in_path in neighbours:
        return in_path
    texts = [text for text, _ in byline if len(text) <= DATE_TEXT_MAX_CHARS]
    if not texts or any(prints_day(text, date[:10]) for text in texts):
        return None
    printed = [day for day in neighbours if any(prints_day(text, day) for text in texts)]
    return printed[0] if len(printed) == 1 else None


# A word that labels the date after it as the page's publication, in the languages whose
# month names parse_text_date reads ("Published: 30.07.2019", "Veröffentlicht am 16.08.2019",
# "Erschienen am: 01.11.2023", "Publié le 3 mars 2024", "Publicado el 5 de marzo de 2024").
PUBLISHED_WORDS = ("published", "posted", "publication", "veröffentlicht", "veröffentlichung",
                   "erschienen", "erstellt", "publié", "publicado", "publicación", "pubblicato",
                   "pubblicazione", "gepubliceerd", "publicatie")
_PUBLISHED_LABEL = re.compile(r"\b(?:" + "|".join(PUBLISHED_WORDS) + r")"
                              r"\b(?:\s+(?:on|am|le|el|em|il|op|de))?\s*[:\-–]?\s*", re.I)
# What IGNORECASE matches to a letter of PUBLISHED_WORDS where str.lower() gives no such
# letter: dotless ı and long ſ (re's case equivalents of i and s), and İ, which re lowers to
# i and str.lower() to i and a combining dot. A text without them holds a label only where
# its lowercase holds one of the words.
_FOLDED_APART = ("\u0130", "\u0131", "\u017f")
# How far after its label a labelled date may start ("am Samstag, 3. Dezember 2011").
LABELLED_DATE_SPAN = 48


def _page_texts(el):
    """The text nodes of el's subtree in reading order, outside navigation, sidebars,
    footers (but an article's own), forms, code and named furniture (comments, related
    posts, share bars: widgets.widget_of, read as class_facts.widget_named), where a
    teaser's or a reply's date stands."""
    # a walk with a stack of elements and tails, in the order the recursion read them: a
    # recursive generator passes each text up through one generator per level, and a page's
    # texts sit 15 to 30 levels deep (labelled_date 1.48 -> 1.30 ms a page, WCXB dev mean)
    stack: list = [el]
    while stack:
        item = stack.pop()
        if item.__class__ is str:         # a tail, after its element's subtree
            yield item
            continue
        if not isinstance(item.tag, str) or not is_read(item) or widget_named(item) is not None:
            continue
        if item.text and item.text.strip():
            yield item.text.strip()
        for child in reversed(item):
            if child.tail and child.tail.strip():
                stack.append(child.tail.strip())
            stack.append(child)


# Past this many characters of text (a page's inline scripts and data count too) the test
# below costs more than the walk it would spare: the walk is taken at once.
LABEL_TEST_MAX_CHARS = 100_000


def _may_hold_label(body) -> bool:
    """Can _PUBLISHED_LABEL match a text of body? Not where all its text, lowercased, holds
    none of PUBLISHED_WORDS: seven pages in ten that ask (WCXB dev), where the walk of
    _page_texts, testing every element, cost ~1 ms (the test ~0.4)."""
    text = element_text(body)
    if len(text) > LABEL_TEST_MAX_CHARS or any(c in text for c in _FOLDED_APART):
        return True
    low = text.lower()
    return any(word in low for word in PUBLISHED_WORDS)


def labelled_date(root) -> str | None:
    """The first date the page labels its publication's in a short text of its own
    ("Veröffentlicht am 16.08.2019"), or with its label in the text before it ("Published"
    then "30.07.2019"), wherever the theme prints it: an entry's meta line under its text,
    a review's footer. A date so labelled is the page's by its own words; the byline's
    window around the title misses those printed under the content."""
    body = root.find("body") if root.tag == "html" else root
    if body is None or not _may_hold_label(body):
        return None
    before = ""
    for text in _page_texts(body):
        if len(text) > DATE_TEXT_MAX_CHARS:
            before = ""
            continue
        joined = f"{before} {text}" if before else text
        for label in _PUBLISHED_LABEL.finditer(joined):
            found = parse_text_date(joined[label.end():label.end() + LABELLED_DATE_SPAN])
            if found is not None:
                return found
        before = text
    return None


def shown_date(root, byline: list[tuple[str, object]] | None = None, html: str | bytes | None = None,
               url: str = "") -> str | None:
    """A leaf's date when its metadata names none: its one <time>; else htmldate's where the
    byline prints it (confirmed_library_date, when the page's html is given); else the first
    date the byline prints (byline: byline.byline_texts(root), when already taken). htmldate
    comes before the byline's first date because it knows a published from an archive
    widget's or a related post's date by markup: where the two differed, htmldate's was the
    truth's on all 8 pages of htmldate-eval and WCXB dev, the byline's on none."""
    if byline is None:
        byline = byline_texts(root)
    return (lone_time(root) or (html is not None and confirmed_library_date(html, url, byline))
            or byline_date(byline) or labelled_date(root) or path_day(url))
