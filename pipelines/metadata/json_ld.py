"""The values of a JSON-LD <script>, read as leniently as the consumers of structured data
read them.

Templates write JSON-LD by pasting fields into a string, and the slips they make are the
same everywhere: a CMS text field printed raw, its newlines and tabs inside a string
("articleBody": "line one<newline>line two"), which strict JSON refuses; two objects
printed one after the other with a comma or a semicolon between and no array around them
({...},{...} or [...];). A search engine's structured-data reader takes all of these; a
strict parser drops the whole script, and with it the page's type, author and date (a
forum's DiscussionForumPosting with its poster and date read as no type at all)."""
from __future__ import annotations

import json

_DECODER = json.JSONDecoder(strict=False)       # control characters allowed inside strings
# What may stand between two values pasted one after the other.
_BETWEEN = " \t\r\n,;"


def json_ld_values(text: str | None) -> list:
    """The JSON values the script's text holds, in order: one for well-formed JSON-LD,
    several where values were pasted one after another, [] where the first one is
    unreadable. A value that cannot be read ends the reading; those before it are kept."""
    if not text:
        return []
    values: list = []
    pos, end = 0, len(text)
    while True:
        while pos < end and text[pos] in _BETWEEN:
            pos += 1
        if pos >= end:
            return values
        try:
            value, pos = _DECODER.raw_decode(text, pos)
        except ValueError:
            return values
        values.append(value)
