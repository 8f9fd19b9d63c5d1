"""Pages addressed by a URL fragment: the routes of a hash-routed single-page site.

Docsify (by default), Vue Router's and React Router's hash modes and AngularJS address each
page as `/#/guide/intro` (AngularJS `/#!/guide/intro`): the server sees `/` for all of them,
and the browser's script draws the page the fragment names. To the seed a fragment is only a
place in the page (a SelfLink), so such a site was one page to the crawl: its sidebar of
routes read as links to itself, and the dupefilter, the archive and the score store all
dropped the fragment.

A fragment is a route when it starts with "/" (or "!/") and names more than the root; any
other fragment ("#install", "#top", "#") is a place in the page, as before. Inside a route,
the query is the router's own anchor (Docsify's `#/routing?id=http-routing` scrolls to a
heading) and a trailing "/" is nothing: page_address.py drops both, so one route is one page.
"""
from __future__ import annotations

from urllib.parse import urlsplit

ROUTE_PREFIXES = ("/", "!/")


def route_of(url: str) -> str | None:
    """The route a URL's fragment names ("/guide/intro", without "!", in-route query or
    trailing slash), or None: no fragment, a place in the page, or the root route "#/"
    (the page itself)."""
    hash_ = url.find("#")
    if hash_ < 0:
        return None
    fragment = url[hash_ + 1:]
    if fragment[:1] == "!":
        fragment = fragment[1:]
    if fragment[:1] != "/":
        return None
    route = fragment.split("?", 1)[0].rstrip("/")
    return route or None


def is_place_in_page(url: str) -> bool:
    """A fragment that is no route, not even the root one ("#install", "#"): a place in
    the page, whichever page (or route) holds it."""
    hash_ = url.find("#")
    return hash_ >= 0 and not url.startswith(ROUTE_PREFIXES, hash_ + 1)



# A site is hash-routed when a page's own address carries a route (a router rewrites / to
# /#/ on arrival), or when routes make up its links: at least this many distinct routes and
# this share of its in-site pages (Docsify's sidebar: 24 routes). A few route-like links on
# an ordinary site are an app's dialogs (Ghost's Casper: #/portal/signup on every page,
# which the browser crawl fetched as pages, 12 of 115 fetches) and are not followed.
ROUTED_MIN_ROUTES = 2
ROUTED_MIN_SHARE = 0.5


def carries_route(url: str) -> bool:
    """The URL's fragment is a route or the root route ("#/", "#!/x")."""
    return "#" in url and not is_place_in_page(url)


def routes_lead(page_urls: list[str], page_url: str) -> bool:
    """Do routes make up a page's links to its own host (page addresses, as page_links
    gives them)?"""
    # asked of every page until a site shows it: most pages have no routes, and need no split
    routes = {u for u in page_urls if "#" in u and route_of(u) is not None}
    if len(routes) < ROUTED_MIN_ROUTES:
        return False
    host = urlsplit(page_url).netloc
    own = [u for u in page_urls if urlsplit(u).netloc == host]
    routes = {u for u in routes if urlsplit(u).netloc == host}
    return len(routes) >= ROUTED_MIN_ROUTES and len(routes) >= ROUTED_MIN_SHARE * len(own)
