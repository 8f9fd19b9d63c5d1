"""Where the archive job writes a URL's Markdown: ``<archive_dir>/<host>/<path>.md`` (pure).

    http://ex.test/                  -> ex.test/index.md
    http://ex.test/a/b/              -> ex.test/a/b.md
    http://ex.test/a/b.html          -> ex.test/a/b.md
    http://ex.test/a/b/index.html    -> ex.test/a/b.md
    http://ex.test:8080/a?p=2        -> ex.test_8080/a-q<hash8>.md
    http://ex.test/a%20b/%2e%2e/c    -> ex.test/a_b/c.md
    http://ex.test/docs/#/guide/x    -> ex.test/docs/guide/x.md   (a hash route: its path)

Every segment is percent-decoded, then sanitised (dot segments and empty segments dropped,
separators / control characters / characters unsafe on common file systems replaced, leading
dots escaped, overlong names cut and suffixed with a hash), and the result is checked to lie
inside ``archive_dir``: no URL, however crafted, yields a path outside it.
"""

from __future__ import annotations

import hashlib
import os
import re
import unicodedata
from pathlib import Path
from urllib.parse import unquote, urlsplit

from pipelines.indexiness.hash_routes import route_of

PAGE_EXTENSIONS = frozenset({"html", "htm", "xhtml", "shtml", "php", "asp", "aspx", "jsp", "cfm"})
"""Extensions that only say "this is a page": dropped, since the file becomes .md."""

INDEX_STEMS = frozenset({"index", "default"})
"""Directory index file names: ``/a/index.html`` is the page ``/a/``."""

INDEX_NAME = "index"
"""File name (before .md) of a site's root page."""

MD_SUFFIX = ".md"
"""Suffix of every archived file."""

MAX_SEGMENT_BYTES = 120
"""Longest file/dir name kept as is (UTF-8 bytes); file systems allow 255, and the query
suffix and ``.md`` still have to fit."""

CUT_SEGMENT_BYTES = 96
"""An overlong name keeps this many bytes, then ``-<hash10>``: still unique, still readable."""

MAX_RELATIVE_BYTES = 1024
"""Longest relative path kept as is (PATH_MAX is 4096, and archive_dir comes on top):
deeper URLs keep their leading directories and end in a hash of the rest."""

QUERY_HASH_CHARS = 8
"""Hex digits of the query string's sha1 in the ``-q<hash>`` suffix."""

DEFAULT_PORTS = {"http": 80, "https": 443}
"""Ports dropped from the host directory: http://h:80/ and http://h/ are the same page."""

_UNSAFE = re.compile(r'[\x00-\x1f\x7f/\\:*?"<>|\s]+')
"""Runs of characters never kept in a name: control chars, separators, shell/Windows
specials, whitespace."""


_WINDOWS_RESERVED = re.compile(r"(?i)con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³]")
"""Device names Windows reserves in every folder, whatever follows the first dot: an archive
holding /con or /lpt1.html could not be copied there."""


def _short_hash(text: str, n: int) -> str:
    return hashlib.sha1(text.encode("utf-8", "surrogatepass")).hexdigest()[:n]


def _cut_bytes(text: str, limit: int) -> str:
    """``text`` cut to at most ``limit`` UTF-8 bytes, on a character boundary."""
    return text.encode("utf-8", "surrogatepass")[:limit].decode("utf-8", "ignore")


def _nbytes(text: str) -> int:
    return len(text.encode("utf-8", "surrogatepass"))


def sanitize_segment(segment: str) -> str | None:
    """One safe path component from a decoded URL segment, or None to drop it."""
    segment = unicodedata.normalize("NFC", segment)
    if segment in ("", ".", ".."):
        return None
    # Lone surrogates (from odd percent-escapes) and other unencodable code points.
    segment = segment.encode("utf-8", "replace").decode("utf-8")
    segment = "".join(c if unicodedata.category(c) not in ("Cc", "Cf", "Cs", "Co", "Cn") else "_"
                      for c in segment)
    segment = _UNSAFE.sub("_", segment)
    segment = segment.rstrip(". ")  # trailing dots/spaces vanish on some file systems
    if not segment:
        return None
    if segment.startswith("."):
        segment = "_" + segment[1:]  # no hidden files, never "." or ".."
    if _WINDOWS_RESERVED.fullmatch(segment.partition(".")[0]):
        segment = "_" + segment   # CON.md, aux/, lpt1.md: names Windows refuses, any extension
    if _nbytes(segment) > MAX_SEGMENT_BYTES:
        segment = _cut_bytes(segment, CUT_SEGMENT_BYTES).rstrip(". ") + "-" + _short_hash(segment, 10)
    return segment


def _host_dir(url: str) -> str:
    parts = urlsplit(url)
    host = parts.hostname
    if not host:
        raise ValueError(f"URL has no host: {url!r}")
    host = unquote(host).rstrip(".")
    try:
        host = host.encode("idna").decode("ascii")
    except UnicodeError:
        pass  # not a valid IDN: keep the sanitised unicode form
    try:
        port = parts.port
    except ValueError:  # port out of range or not a number: keep its text, sanitised
        port = parts.netloc.rpartition(":")[2] or None
    if port is not None and port != DEFAULT_PORTS.get(parts.scheme.lower()):
        host = f"{host}_{port}"
    safe = sanitize_segment(host)
    if safe is None:
        raise ValueError(f"URL host is not usable as a directory name: {url!r}")
    return safe


def _path_segments(path: str) -> list[str]:
    decoded = unquote(path, errors="replace")
    raw = re.split(r"[/\\]", decoded)
    return [s for s in (sanitize_segment(r) for r in raw) if s is not None]


def relative_archive_path(url: str) -> Path:
    """The archive path of ``url`` relative to the archive dir (see the module docstring)."""
    parts = urlsplit(url.strip())
    host = _host_dir(url.strip())
    segments = _path_segments(parts.path)
    if segments:
        stem, dot, ext = segments[-1].rpartition(".")
        if dot and stem and ext.lower() in PAGE_EXTENSIONS:
            segments[-1] = stem
        if segments[-1].lower() in INDEX_STEMS:
            segments.pop()
    # a hash-routed page (pipelines/indexiness/hash_routes.py) is its route below the page that draws it
    route = route_of(url.strip())
    if route is not None:
        segments += _path_segments(route)
    if not segments:
        segments = [INDEX_NAME]
    # A directory named "x.md" would collide with the file of page "/x".
    segments = [s + "_" if i < len(segments) - 1 and s.lower().endswith(MD_SUFFIX) else s
                for i, s in enumerate(segments)]
    name = segments.pop()
    if parts.query:
        name = f"{name}-q{_short_hash(parts.query, QUERY_HASH_CHARS)}"
    dirs = segments
    total = sum(_nbytes(d) + 1 for d in dirs) + _nbytes(name)
    if total > MAX_RELATIVE_BYTES:
        whole = "/".join(dirs + [name])
        kept: list[str] = []
        budget = MAX_RELATIVE_BYTES - 64
        for d in dirs:
            if sum(_nbytes(k) + 1 for k in kept) + _nbytes(d) + 1 > budget:
                break
            kept.append(d)
        dirs, name = kept, f"{_cut_bytes(name, 40).rstrip('. ')}-{_short_hash(whole, 16)}"
    return Path(host, *dirs, name + MD_SUFFIX)


URL_HASH_CHARS = 8
"""Hex digits of the URL's sha1 in the ``-u<hash>`` suffix of distinct_archive_path."""


def distinct_archive_path(path: Path, url: str) -> Path:
    """The file for ``url`` when another URL already owns ``path``: ``/a/b`` and ``/a/b/``
    (or ``/a/b.html``) can be two pages, and one name for both would lose one of them."""
    return path.with_name(f"{path.name[:-len(MD_SUFFIX)]}-u{_short_hash(url, URL_HASH_CHARS)}{MD_SUFFIX}")


def archive_path(archive_dir: str | os.PathLike, url: str) -> Path:
    """Absolute path of ``url``'s Markdown file inside ``archive_dir``.

    Raises ValueError if the URL has no usable host or if the path would resolve outside
    ``archive_dir`` (e.g. through a symlink planted inside it).
    """
    base = Path(archive_dir).resolve()
    target = base / relative_archive_path(url)
    resolved = target.resolve()
    if not resolved.is_relative_to(base) or resolved == base:
        raise ValueError(f"archive path of {url!r} escapes the archive dir: {resolved}")
    return resolved
