"""The address a page is known by: what the crawl fetches, dedupes, stores and archives it as.

Two things a link may carry are not the page:
- a fragment, unless it is a hash route (hash_routes.py): #install is a place in the page;
- a return address: the way back a login or sign-up link carries (/user/login/?next=/topic/5/,
  Drupal's ?destination=, ?return_to=). Every page links the login form with its own way
  back, so a forum's crawl fetched the form once per page: 254 of 403 fetches of a Spirit
  forum were /user/login/?next=<that page>. Dropped, the form is one page, fetched once.
  A value counts as a return address only when it is a path or a URL, so ?next=2 (a page
  number) stays.
"""
from __future__ import annotations

from urllib.parse import unquote

from .hash_routes import route_of

RETURN_ADDRESS_PARAMS = frozenset({
    "next", "return", "returnto", "return_to", "returnurl", "return_url", "returnpath",
    "redirect", "redirect_to", "redirect_url", "redirect_uri", "redirecturl", "came_from",
    "destination", "continue", "goto", "back", "backurl", "back_url", "from"})


def _is_return_address(pair: str) -> bool:
    key, _, value = pair.partition("=")
    if key.lower() not in RETURN_ADDRESS_PARAMS or not value:
        return False
    value = unquote(value)
    return value.startswith(("/", "http://", "https://"))


def without_return_address(url: str) -> str:
    """url without its return-address parameters (fragment kept); a query of nothing else
    goes with its "?"."""
    head, sep, rest = url.partition("?")
    if not sep:
        return url
    query, hash_, fragment = rest.partition("#")
    pairs = query.split("&")
    kept = [pair for pair in pairs if pair and not _is_return_address(pair)]
    if len(kept) == len([p for p in pairs if p]):
        return url
    return head + ("?" + "&".join(kept) if kept else "") + hash_ + fragment


def page_address(url: str) -> str:
    """The URL of the page itself: return addresses dropped, and the fragment, unless it is
    a route, which is kept as the router writes it ("#/x" or "#!/x") without its in-route
    query and trailing slash. What the dupefilter, the score store and the archive know a
    page by."""
    if "?" in url:
        url = without_return_address(url)
    hash_ = url.find("#")
    if hash_ < 0:
        return url
    route = route_of(url)
    if route is None:
        return url[:hash_]
    bang = "!" if url[hash_ + 1:hash_ + 2] == "!" else ""
    return f"{url[:hash_]}#{bang}{route}"
