"""Is the author a page's metadata gives its publisher?

News sites and company blogs fill meta author or JSON-LD's author with their own name on
every page ("FOCUS Online", "Badische Zeitung", "tagesschau.de") while the story prints its
writer's byline; a site's name is what its pages are published under, not who wrote one.
"""
from __future__ import annotations

from urllib.parse import urlsplit

from .byline import plain_words
from .page_metadata import site_names


def names_the_site(name: str, root, metas: dict, url: str) -> bool:
    """Is name the site's own: its og:site_name or <title>'s tail (page_metadata.site_names),
    or its host without www ("mdr.de", "Tagesschau.de")?"""
    plain = plain_words(name)
    if not plain:
        return False
    host = (urlsplit(url).hostname or "") if url else ""
    return plain in site_names(root, metas) or (
        bool(host) and plain == plain_words(host.removeprefix("www.")))
