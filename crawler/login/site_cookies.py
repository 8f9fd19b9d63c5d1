"""A crawl that starts logged in, from the user's cookies file (site config cookies_file,
--cookies; pipelines/store/cookie_file.py reads it).

Plain fetches: Scrapy's own cookie middleware, its jars started with the file's cookies, so
the cookies a site sets during the crawl (a refreshed session) join them as usual. In a
browser: each browser context starts with the site's cookies in that jar (jar_cookies, read
by crawler/rendering/browser_handler.py), so the page's own scripts fetch with the session too; a
form login's session (crawler/login/form_login.py) reaches the browser the same way. The file is read when the crawl starts, so a scheduled
crawl takes the cookies exported last.
"""

from __future__ import annotations

import copy
import http.cookiejar
import time
from collections import defaultdict

from scrapy.downloadermiddlewares.cookies import CookiesMiddleware
from scrapy.http.cookies import CookieJar

from pipelines.store.cookie_file import for_site, read_cookie_file, subdomains_included

FILE_SETTING = "LEAFCRAWL_COOKIES_FILE"
LOGINS_META = "leafcrawl_logins"
"""Request meta: the form logins made when the request left (SiteCookiesMiddleware.logins)."""
DOMAINS_SETTING = "LEAFCRAWL_COOKIES_DOMAINS"


def cookie_settings(cookies_file: str | None, domains) -> dict:
    """The Scrapy settings that give a crawl its cookies file; {} without one."""
    if not cookies_file:
        return {}
    return {FILE_SETTING: cookies_file, DOMAINS_SETTING: sorted(domains)}


class SiteCookiesMiddleware(CookiesMiddleware):
    """Scrapy's CookiesMiddleware (in its place, 700), with two changes:

    - each jar starts with the cookies file's cookies;
    - the Cookie header is taken off a request again once its answer (or error) is back,
      before the retry and redirect middlewares copy the request: a retry written to disk
      (--resume) or to Redis (a shared frontier) carries no session. The header is made
      from the jar again on the request's next way out, as it always is."""

    def __init__(self, debug: bool = False, cookies=()):
        super().__init__(debug)
        self.preset = list(cookies)
        self.jars = defaultdict(self._new_jar)
        # form logins made so far (crawler/login/form_login.py): each request notes how many had
        # been when it left, so a page that met the login form is known to have carried a
        # session a later login replaced
        self.logins = 0

    @classmethod
    def from_crawler(cls, crawler):
        mw = super().from_crawler(crawler)
        path = crawler.settings.get(FILE_SETTING)
        if path:
            mw.preset = read_cookie_file(path, crawler.settings.getlist(DOMAINS_SETTING))
        return mw

    def _new_jar(self) -> CookieJar:
        jar = CookieJar()
        for cookie in self.preset:
            jar.set_cookie(copy.copy(cookie))
        return jar

    def process_request(self, request, spider=None):
        # when it first left: a redirect to the login form keeps its page's count
        request.meta.setdefault(LOGINS_META, self.logins)
        return super().process_request(request)

    def process_response(self, request, response, spider=None):
        response = super().process_response(request, response)
        self._take_off(request)
        return response

    def process_exception(self, request, exception, spider=None):
        self._take_off(request)
        return None

    @staticmethod
    def _take_off(request) -> None:
        if not request.meta.get("dont_merge_cookies", False):
            request.headers.pop(b"Cookie", None)


def cookies_middleware(crawler) -> SiteCookiesMiddleware | None:
    """The crawl's SiteCookiesMiddleware, once its engine runs."""
    engine = getattr(crawler, "engine", None)
    if engine is None:
        return None
    return next((m for m in engine.downloader.middleware.middlewares
                 if isinstance(m, SiteCookiesMiddleware)), None)


def jar_cookies(crawler) -> list[dict]:
    """The unexpired cookies of the site's domains in the crawl's cookie jar (the file's, a
    form login's session, those the site set on plain fetches), as Playwright's storage_state
    lists them: what a browser context the crawl makes starts with."""
    spider = getattr(crawler, "spider", None)
    mw = cookies_middleware(crawler)
    if mw is None or spider is None:
        return []
    domains = [d.lower() for d in getattr(spider, "allowed_domains", None) or ()]
    now = time.time()
    return [playwright_cookie(c) for c in mw.jars[None].jar
            if not c.is_expired(now) and any(for_site(c, d) for d in domains)]


def playwright_cookie(cookie: http.cookiejar.Cookie) -> dict:
    # Playwright's domain: ".example.org" for the domain and its subdomains, the bare
    # host for that host alone
    bare = cookie.domain.lstrip(".")
    return {"name": cookie.name, "value": cookie.value or "",
            "domain": "." + bare if subdomains_included(cookie) else bare,
            "path": cookie.path or "/",
            "expires": float(cookie.expires) if cookie.expires else -1,
            "httpOnly": cookie.has_nonstandard_attr(http.cookiejar.HTTPONLY_ATTR),
            "secure": bool(cookie.secure), "sameSite": "Lax"}
