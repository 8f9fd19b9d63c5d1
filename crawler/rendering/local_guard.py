"""A crawled page's scripts must not reach services on the crawler's machine or network.

In a browser crawl the site's own scripts run: a page can fetch('http://127.0.0.1:6379/'),
POST to an admin port on the LAN or read a cloud metadata address (169.254.169.254), with
the crawler's network position. This predicate, scrapy-playwright's PLAYWRIGHT_ABORT_REQUEST,
aborts a rendered page's requests (all but its own main-frame navigations) to loopback, private, link-local and unspecified addresses
(and `localhost` names) other than the crawled site's own host and port, before Chromium
sends them. Addresses are judged as written: a public name that resolves to a private
address is not looked up (a per-request DNS lookup would stall the reactor). A user whose
pages load resources from an intranet opts out with --allow-local-requests
(LEAFCRAWL_ALLOW_LOCAL_REQUESTS)."""

from __future__ import annotations

import ipaddress
import logging
from urllib.parse import urlsplit

from crawler.rendering.browser import abort_request

logger = logging.getLogger(__name__)

DEFAULT_PORTS = {"http": 80, "https": 443, "ws": 80, "wss": 443}


def host_port(url: str) -> tuple[str, int] | None:
    parts = urlsplit(url)
    if not parts.hostname:
        return None
    try:
        port = parts.port
    except ValueError:
        port = None
    return parts.hostname.lower(), port or DEFAULT_PORTS.get(parts.scheme.lower(), 0)


def is_local_address(host: str) -> bool:
    """A loopback, private, link-local or unspecified address, or a localhost name."""
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        address = ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        return False
    return (address.is_loopback or address.is_private or address.is_link_local
            or address.is_unspecified or address.is_reserved)


def _main_frame_navigation(request) -> bool:
    try:
        return bool(request.is_navigation_request()) and request.frame.parent_frame is None
    except Exception:      # noqa: BLE001 - a service worker's request has no frame
        return False


class LocalRequestGuard:
    """PLAYWRIGHT_ABORT_REQUEST for one site: browser.abort_request's rules, and no local
    address but the site's own (its start URLs' hosts with their ports)."""

    def __init__(self, start_urls: list[str]):
        self.own = {hp for hp in map(host_port, start_urls) if hp is not None}

    def __call__(self, request) -> bool:
        if abort_request(request):
            return True
        where = host_port(request.url)
        if where is None or where in self.own or not is_local_address(where[0]):
            return False
        if _main_frame_navigation(request):
            # the page itself moving (a redirect, a script setting location): the crawl
            # sees where it landed and records it ("redirected off the site, to …");
            # aborted, it read "to chrome-error://chromewebdata/"
            return False
        logger.warning("blocked a rendered page's request to a local address: %s "
                       "(--allow-local-requests lets it through)", request.url)
        return True
