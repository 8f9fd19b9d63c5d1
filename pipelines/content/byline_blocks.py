"""The byline under a leaf's title, out of its body: the archive's front matter holds it.

News and blog templates print the post's author and day between its title and its first
paragraph ("By Jane Roe · 3 March 2024", "Christoph von Eichhorn", "Aktualisiert:
11.04.2020, 10:27"). leafcrawl reads them into the front matter's `author:` and `date:`;
left in the body as well, they are the first line a reader of the Markdown meets and the
first a text corpus takes for the article's own. A short line before the article's first
long paragraph that names the page's author or prints a date is that byline.
"""
from __future__ import annotations

import re

from ..blocks import Block
from ..blocks.block_model import reindex
from ..metadata.byline import is_byline_label, is_trailing_label
from ..metadata.page_date import ISO_DAY, prints_day
from .emptied_sections import drop_bare_ends
from .selection import LONG_PARAGRAPH_WORDS
from .teaser_runs import bold_line
from .word_count import count_words

# A byline is a line: a name, a date, a time, a label or two ("By", "Updated", "min read").
BYLINE_MAX_WORDS = 12
# A line that is a date and little else ("Aktualisiert: 11.04.2020, 10:27", "05. Februar
# 2020"): at most this many words besides its numbers.
DATE_LINE_MAX_WORDS = 3
_NUMERIC_DATE = re.compile(r"\b\d{1,2}\s*[./]\s*\d{1,2}\s*[./]\s*(?:\d{4}|\d{2})\b|\b(?:19|20)\d\d\b")
_DATE_PARTS = re.compile(r"[\d.:/,\-]+")
_KINDS = frozenset({"paragraph", "list-item"})
# A byline set as a minor heading (Mezzanine's h6.post-meta, "Posted by: … 4 years ago") is
# a byline; an h1-h3 naming the author is a title or a section's.
MINOR_HEADING = 4


# A list item that opens with a link: its text and where it leads.
_LEADING_LINK = re.compile(r"^\[([^\]]+)\]\(")


def _entry(b: Block, day: str | None) -> bool:
    """A list item led by a link whose words are no date: an entry of a list of pages ("[Release
    1.0.0](…) (March 22, 2026)") with the day it gives, not a byline's date line, however
    close under the title it stands (a wiki's page listing two releases lost the first)."""
    if b.kind != "list-item":
        return False
    lead = _LEADING_LINK.match(b.rich_text)
    return lead is not None and not (day and prints_day(lead.group(1), day)) \
        and not _NUMERIC_DATE.search(lead.group(1))


# A speaker's line: the name, a colon, then a sentence ("Nikolai Roe: Wo sind Sie in die EU
# eingereist?"), an interview's question or a transcript's turn, not a byline ("Jane Roe:
# Senior Editor" ends in no sentence's stop).
_SENTENCE_END = (".", "?", "!", "…", "?»", "?“", "?\"")
SPEAKER_LINE_MIN_WORDS = 3


def _speaker_line(text: str, name: str) -> bool:
    low = text.lower()
    at = low.find(name)
    rest = text[at + len(name):].lstrip(" *_")
    return at >= 0 and rest.startswith(":") and len(rest[1:].split()) >= SPEAKER_LINE_MIN_WORDS \
        and rest.rstrip(" *_").endswith(_SENTENCE_END)


# A writer's portrait is captioned by their name and little else ("Benjamin Fischer",
# "Von Jennifer Patt", "Autorin Sara Roe"): a photo of a scene names more.
PORTRAIT_MAX_WORDS = 4


def _portrait_of(b: Block, name: str) -> bool:
    """An image whose alt text or title is the author's name, with a word or two at most."""
    alt = (b.alt or "").strip().lower()
    title = b.rich_text.rpartition(' "')[2].rstrip(')"').strip().lower() if b.rich_text.endswith('")') else ""
    return any(name in t and len(t.split()) <= PORTRAIT_MAX_WORDS for t in (alt, title) if t)


def drop_byline_blocks(blocks: list[Block], author: str | None, date: str | None,
                       discussion: bool = False) -> list[Block]:
    """`blocks` without the byline lines before the first long paragraph. In a discussion,
    the author's name goes once: the opening post's card is the thread's byline, and the
    short posts after it are the author's replies, each under the same name (a NodeBB
    thread lost its starter's name on every post before the first long one)."""
    day = date[:10] if date and ISO_DAY.fullmatch(date[:10]) else None
    name = (author or "").strip().lower()
    name = name if len(name) > 3 else ""
    keep = [True] * len(blocks)
    name_gone = False       # a discussion's name line went already
    for i, b in enumerate(blocks):
        n = count_words(b.text) if b.text else 0
        # (a lead set wholly in bold, which news templates print between the title and the
        # byline: "**Wenn ein Käufer …** / Von Tobias Kuske", opens no body)
        if b.kind in _KINDS and n >= LONG_PARAGRAPH_WORDS and not bold_line(b):
            break
        if b.kind == "image" and name and not discussion and _portrait_of(b, name):
            keep[i] = False          # the byline's photo of its writer, named by its alt or title
            if i + 1 < len(blocks) and is_byline_label(blocks[i + 1].text):
                keep[i + 1] = False  # ...and the "von" beside it
            continue
        if (b.kind not in _KINDS and not (b.kind == "heading" and (b.level or 1) >= MINOR_HEADING)) \
                or not n or n > BYLINE_MAX_WORDS:
            continue
        text = b.text
        named = bool(name) and name in text.lower() and not _speaker_line(text, name)
        if named and name_gone:
            continue
        if not named and _entry(b, day):
            continue
        if named \
                or (day is not None and prints_day(text, day)) \
                or (_NUMERIC_DATE.search(text)
                    and count_words(_DATE_PARTS.sub(" ", text)) <= DATE_LINE_MAX_WORDS):
            keep[i] = False
            name_gone = name_gone or (named and discussion)
            # the label the name stood under in a line of its own ("by" / "maintainer")
            if named and i and keep[i - 1] and is_byline_label(blocks[i - 1].text):
                keep[i - 1] = False
            # ...and the word after it ("wrote": NodeBB's post card)
            if named and i + 1 < len(blocks) and is_trailing_label(blocks[i + 1].text):
                keep[i + 1] = False
    if all(keep):
        return blocks
    drop_bare_ends(blocks, keep)     # a closing byline gone leaves the rule above it bare
    return reindex(blocks, keep)
