"""Whitespace as a page's text has it: runs collapsed to one space, the fast way where the
text allows it (split/join beats a regex sub on the walk's every text node)."""
from __future__ import annotations

import re

_WS_RE = re.compile(r"[ \t\r\n\f\v\u00a0\u200b]+")
# What str.split() takes for whitespace beyond _WS_RE's characters: where none occurs,
# split/join collapses exactly as _WS_RE does once U+200B (not whitespace to Python) is a
# space, and costs half of a regex sub, which pays per run of spaces.
_SPLIT_ONLY_WS_RE = re.compile("[\x1c-\x1f\x85\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]")


def _plain_ascii(s: str) -> bool:
    """ASCII without the separators \\x1c-\\x1f: str.split() then splits exactly on _WS_RE's
    characters, and split/join runs in a third of the time of a regex sub."""
    return (s.isascii() and "\x1c" not in s and "\x1d" not in s and "\x1e" not in s
            and "\x1f" not in s)


def collapse_ws(s: str) -> str:
    """_WS_RE.sub(" ", s): each run of whitespace becomes one space, ends kept."""
    # _plain_ascii(s), spelled out: this runs for every text node
    if (s.isascii() and "\x1c" not in s and "\x1d" not in s and "\x1e" not in s
            and "\x1f" not in s):
        pass
    elif _SPLIT_ONLY_WS_RE.search(s) is None:
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
    """Collapse runs of whitespace to single spaces, trim the ends."""
    if _plain_ascii(text):
        return " ".join(text.split())
    if _SPLIT_ONLY_WS_RE.search(text) is None:
        return " ".join((text.replace("\u200b", " ") if "\u200b" in text else text).split())
    return _WS_RE.sub(" ", text).strip()
