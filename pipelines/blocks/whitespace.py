"""Whitespace as a page's text has it: runs collapsed to one space, the fast way where the
text allows it (split/join beats a regex sub on the walk's every text node)."""
from __future__ import annotations

import re

# U+00AD marks where a browser may break a long word ("Mag&shy;da&shy;le&shy;ner", which
# German and Dutch sites set by the thousand): invisible unless the line breaks there, so the
# word a reader sees, copies and searches for has none. Kept, it splits every such word for
# search, de-duplication and any tool reading the archive.
SOFT_HYPHEN = "\u00ad"
_WS_RE = re.compile(r"[ \t\r\n\f\v\u00a0\u200b]+")
# What str.split() takes for whitespace beyond _WS_RE's characters: where none occurs,
# split/join collapses exactly as _WS_RE does once U+200B (not whitespace to Python) is a
# space, and costs half of a regex sub, which pays per run of spaces.
_SPLIT_ONLY_WS_RE = re.compile("[\x1c-\x1f\x85\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]")
# ...all of them separators or controls, which str.isprintable() finds in C: a printable text
# (no line break, tab or no-break space either) holds none, and is not searched for them


def _plain_ascii(s: str) -> bool:
    """ASCII without the separators \\x1c-\\x1f: str.split() then splits exactly on _WS_RE's
    characters, and split/join runs in a third of the time of a regex sub."""
    return (s.isascii() and "\x1c" not in s and "\x1d" not in s and "\x1e" not in s
            and "\x1f" not in s)


def collapse_ws(s: str) -> str:
    """_WS_RE.sub(" ", s): each run of whitespace becomes one space, ends kept; soft hyphens
    dropped (SOFT_HYPHEN)."""
    if s.isascii() and s.isprintable() and "  " not in s:
        # printable ASCII has no whitespace but the space, and no run of it: already
        # collapsed. Three in four of the walk's texts (link words, a paragraph on one line);
        # asked first, it spares them split and join (-0.25 us a text, the walk -2%)
        return s
    # _plain_ascii(s), spelled out: this runs for every text node
    if (s.isascii() and "\x1c" not in s and "\x1d" not in s and "\x1e" not in s
            and "\x1f" not in s):
        pass
    elif SOFT_HYPHEN in s:
        return collapse_ws(s.replace(SOFT_HYPHEN, ""))
    elif s.isprintable() or _SPLIT_ONLY_WS_RE.search(s) is None:
        if "\u200b" in s:
            s = s.replace("\u200b", " ")
    else:
        return _WS_RE.sub(" ", s)
    # s's whitespace is now exactly what str.split() splits on
    parts = s.split()
    if not parts:
        return " " if s else ""
    out = " ".join(parts)
    if s[0].isspace():
        out = " " + out
    if s[-1].isspace():
        out += " "
    return out


def normalize_ws(text: str) -> str:
    """Collapse runs of whitespace to single spaces, trim the ends; soft hyphens dropped."""
    if _plain_ascii(text):
        return " ".join(text.split())
    if SOFT_HYPHEN in text:
        text = text.replace(SOFT_HYPHEN, "")
    if text.isprintable() or _SPLIT_ONLY_WS_RE.search(text) is None:
        return " ".join((text.replace("\u200b", " ") if "\u200b" in text else text).split())
    return _WS_RE.sub(" ", text).strip()
