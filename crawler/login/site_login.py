"""HTTP Basic auth for a site behind a login (site config http_user, --http-user).

Not Scrapy's HttpAuthMiddleware: it reads HTTPAUTH_PASS, one of Scrapy's own settings, and
Scrapy logs every own setting a crawl overrides ("Overridden settings"), so the password
would be written to the crawl's log. leafcrawl's LEAFCRAWL_* settings are never logged.

The login goes to the start URLs' hosts only (any port, either scheme): never to a CDN
that holds the site's sitemaps, nor to another site a page links. In a browser, Chromium
answers the site's challenge itself (browser_login), for the page's scripts and styles
too; the page's own request carries the header from here, as every Scrapy request does.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from w3lib.http import basic_auth_header

USER_SETTING = "LEAFCRAWL_HTTP_USER"
PASSWORD_SETTING = "LEAFCRAWL_HTTP_PASSWORD"
HOSTS_SETTING = "LEAFCRAWL_HTTP_LOGIN_HOSTS"


def login_settings(user: str | None, password: str | None, start_urls: list[str]) -> dict:
    """The Scrapy settings that give a crawl its login; {} without one."""
    if not user:
        return {}
    hosts = sorted({(urlsplit(u).hostname or "").lower() for u in start_urls} - {""})
    return {USER_SETTING: user, PASSWORD_SETTING: password or "", HOSTS_SETTING: hosts}


def browser_login(user: str, password: str, start_url: str) -> dict:
    """Playwright's http_credentials for the browser context: given to the first start
    URL's origin only (Playwright takes one), when the site challenges."""
    parts = urlsplit(start_url)
    return {"username": user, "password": password, "origin": f"{parts.scheme}://{parts.netloc}"}


ADDED_META = "leafcrawl_login_added"
"""Request meta: this request's Authorization header is the login's, added here."""


class SiteLoginMiddleware:
    """Downloader middleware: the Authorization header on every request to the site's
    hosts that has none, from just before the download to just after it. It is taken off
    again before any other middleware sees the answer, so a retry or a redirect that Scrapy
    schedules (on disk for --resume, in Redis on a shared frontier) never carries the
    password; the request gets it again on its way out."""

    def __init__(self, user: str, password: str, hosts) -> None:
        self.header = basic_auth_header(user, password) if user else None
        self.hosts = frozenset(hosts)

    @classmethod
    def from_crawler(cls, crawler):
        s = crawler.settings
        return cls(s.get(USER_SETTING) or "", s.get(PASSWORD_SETTING) or "",
                   s.getlist(HOSTS_SETTING))

    def process_request(self, request, spider=None):
        if self.header is None or b"Authorization" in request.headers:
            return None
        if (urlsplit(request.url).hostname or "").lower() in self.hosts:
            request.headers[b"Authorization"] = self.header
            request.meta[ADDED_META] = True
        return None

    def process_response(self, request, response, spider=None):
        self._take_off(request)
        return response

    def process_exception(self, request, exception, spider=None):
        self._take_off(request)
        return None

    @staticmethod
    def _take_off(request) -> None:
        if request.meta.pop(ADDED_META, False):
            request.headers.pop(b"Authorization", None)
