"""Images, SVG labels and media placeholders.

An image's address is its src, else data-src, else the first srcset candidate; a declared
size under 32 px is a tracking pixel or a spacer. An <svg> is a chart worth its labels with
at least 2 <text> labels or 3 words, joined by " · "; an icon emits nothing. <video>,
<audio> and <iframe> leave a note that something was there and was not transcribed.
"""
from __future__ import annotations

import re

from .whitespace import normalize_ws

# Below this many pixels a declared image dimension is a tracking pixel or a spacer.
MIN_IMAGE_PX = 32
# An <svg> is a chart or diagram worth its labels when it has this many <text> labels...
SVG_MIN_LABELS = 2
# ...or this many words; fewer is an icon.
SVG_MIN_WORDS = 3
SVG_LABEL_JOIN = " · "
MEDIA_LABELS = {"video": "Video", "audio": "Audio"}
# An inline image whose alt is at most this long and has no letters is an emoji (wp-smiley).
EMOJI_ALT_CHARS = 3
_PX_RE = re.compile(r"\s*(\d+)")


def px(value: str | None) -> int | None:
    if not value:
        return None
    m = _PX_RE.match(value)
    return int(m.group(1)) if m and not value.strip().endswith("%") else None


def is_tracking_pixel(img) -> bool:
    w, h = px(img.get("width")), px(img.get("height"))
    return (w is not None and w < MIN_IMAGE_PX) or (h is not None and h < MIN_IMAGE_PX)


# An image whose class names it an icon (icon, book-icon, icon-calendar): a glyph beside a
# date or a link, drawn as an image, never a picture of the text (hugo-book's calendar).
_ICON_CLASS = re.compile(r"(?:^|\s)(?:[\w-]*[-_])?icons?(?:[-_][\w-]*)?(?:\s|$)", re.I)


def is_decoration(img) -> bool:
    """A tracking pixel or an icon: no picture for the archive."""
    cls = img.get("class")
    return is_tracking_pixel(img) or (cls is not None and _ICON_CLASS.search(cls) is not None)


def image_src(el) -> str | None:
    src = (el.get("src") or "").strip()
    if src and not src.startswith("data:"):
        return src
    lazy = (el.get("data-src") or el.get("data-lazy-src") or el.get("data-original") or "").strip()
    if lazy:
        return lazy
    srcset = (el.get("srcset") or el.get("data-srcset") or "").strip()
    if srcset:
        first = srcset.split(",")[0].strip().split()
        if first:
            return first[0]
    return None


def picture_img(picture):
    """The <img> of a <picture>, completed from its first <source srcset> when it has none."""
    img = next(picture.iter("img"), None)
    if img is not None and image_src(img):
        return img
    for source in picture.iter("source"):
        if source.get("srcset"):
            return source
    return img


def emoji_alt(img) -> str | None:
    """The character an emoji image stands for, or None when it is not an emoji."""
    alt = (img.get("alt") or "").strip()
    cls = img.get("class") or ""
    if "emoji" in cls or "smiley" in cls:
        return alt or None
    if alt and len(alt) <= EMOJI_ALT_CHARS and not any(c.isalnum() for c in alt):
        return alt
    return None


def svg_text(el) -> str | None:
    labels = [normalize_ws("".join(t.itertext())) for t in el.iter("text", "{*}text")]
    labels = [t for t in labels if t]
    words = sum(len(t.split()) for t in labels)
    if len(labels) >= SVG_MIN_LABELS or words >= SVG_MIN_WORDS:
        return SVG_LABEL_JOIN.join(labels)
    return None


# An iframe that an ad server or a social widget fills, by its title, id, name or address:
# its note would tell the reader nothing of the page ("3rd party ad content", Google's
# google_ads_iframe_…, Facebook's cross-domain frames).
_AD_FRAME = re.compile(r"(?:^|[\W_])(?:ads?|advert\w*|sponsored|doubleclick|googlesyndication|"
                       r"adservice|xd_arbiter|social plugin|cross domain communication)(?:$|[\W_])",
                       re.I)


def is_ad_frame(el) -> bool:
    """An <iframe> that shows an ad or a social widget, or is too small to show anything."""
    if el.tag != "iframe":
        return False
    if is_tracking_pixel(el):
        return True
    address = (el.get("src") or "").split("?", 1)[0]     # a query's words name nothing
    named = " ".join([el.get("title") or "", el.get("id") or "", el.get("name") or "", address])
    return bool(_AD_FRAME.search(named))


def media_note(el, title: str) -> str:
    label = MEDIA_LABELS.get(el.tag, "Embedded content")
    return f"*[{label}{': ' + title if title else ''} — not transcribed]*"


def media_src(el) -> str | None:
    src = el.get("src") or el.get("data") or el.get("data-src")
    if not src:
        source = next(el.iter("source"), None)
        src = source.get("src") if source is not None else None
    return src
