"""UTF-8 text that a browser decoded in a legacy single-byte charset, read back as UTF-8.

A page converted to UTF-8 whose template still says <meta charset="iso-8859-1"> (and whose
server names no charset) is decoded by Chromium as windows-1252, as the declaration says:
every "é" becomes "Ã©" and every "’" becomes "â€™". A plain fetch reads such bytes as the
UTF-8 they are (htmlparse._utf8_after_all), but a rendered page reaches us as the text
Chromium decoded. For a single-byte charset that decoding is a one-to-one map, so the
page's bytes are recovered by encoding its text back, and read again as UTF-8.

Only where the bytes so recovered are valid UTF-8: text truly in Latin-1 almost never is
(an accented letter followed by an ASCII one breaks it), so a page that is what it says it
is comes back untouched. Where script-drawn text (fetched as UTF-8, decoded right) sits
beside the document's own, the whole does not encode back, and each run of non-ASCII
characters is tried on its own.

Multi-byte legacy charsets (GBK, Shift_JIS, Big5) are not repaired: UTF-8 bytes decoded as
GBK lose bytes to replacement characters, and cannot be recovered from the text.
"""
from __future__ import annotations

import codecs
import re

# Chromium's document.characterSet (WHATWG encoding names) -> Python's codec of the same
# single-byte table. WHATWG's windows-1252 is also what the labels iso-8859-1, latin1 and
# us-ascii decode as.
SINGLE_BYTE_CODECS = {
    "windows-1252": "cp1252", "windows-1250": "cp1250", "windows-1251": "cp1251",
    "windows-1253": "cp1253", "windows-1254": "cp1254", "windows-1257": "cp1257",
    "iso-8859-2": "iso8859_2", "iso-8859-4": "iso8859_4", "iso-8859-5": "iso8859_5",
    "iso-8859-7": "iso8859_7", "iso-8859-13": "iso8859_13", "iso-8859-15": "iso8859_15",
    "koi8-r": "koi8_r", "koi8-u": "koi8_u",
}

_NON_ASCII_RUN = re.compile(r"[^\x00-\x7f]+")


def _c1_as_bytes(exc: UnicodeEncodeError):
    """The bytes a browser's decoder left as C1 controls (windows-1252 0x81, 0x8D, 0x8F,
    0x90, 0x9D: WHATWG maps them to U+0081..., Python's cp1252 has no such characters)."""
    chars = exc.object[exc.start:exc.end]
    if all(0x80 <= ord(c) <= 0x9F for c in chars):
        return bytes(ord(c) for c in chars), exc.end
    raise exc


codecs.register_error("leafcrawl-c1", _c1_as_bytes)


def _as_utf8(text: str, codec: str) -> str | None:
    try:
        return text.encode(codec, errors="leafcrawl-c1").decode("utf-8")
    except (UnicodeEncodeError, UnicodeDecodeError):
        return None


def repair_mojibake(text: str, charset: str | None) -> str | None:
    """text read back as UTF-8, when the browser decoded UTF-8 bytes in the single-byte
    charset `charset` (document.characterSet); None when there is nothing to repair."""
    codec = SINGLE_BYTE_CODECS.get((charset or "").lower())
    if codec is None or text.isascii():
        return None
    # Chromium serialises U+00A0 as &nbsp;, which splits a UTF-8 no-break space (C2 A0, read
    # as "Â" and U+00A0) in two; the parser reads both forms alike
    text = text.replace("&nbsp;", "\u00a0")
    whole = _as_utf8(text, codec)
    if whole is not None:
        return whole if whole != text else None
    repaired = 0

    def run(m: re.Match) -> str:
        nonlocal repaired
        fixed = _as_utf8(m.group(0), codec)
        if fixed is None:
            return m.group(0)
        repaired += 1
        return fixed

    out = _NON_ASCII_RUN.sub(run, text)
    return out if repaired else None
