"""scrapy-playwright's download handler, with renders that cannot finish given up.

When Chromium dies in a crawl (the kernel's OOM killer on a big site, a crash), scrapy-
playwright starts a new browser for the next page. But a page that was being opened in the
dead browser's context waited for ever: Playwright's new_page() on that context never
answered, Scrapy's DOWNLOAD_TIMEOUT does not reach the browser's downloads, and the crawl
hung at its end, waiting for those requests, until it was killed (seen here: Chromium
killed 12 s into a crawl of the Hugo blog; 134 pages crawled, then nothing for minutes).

Each attempt to render a page is watched: once the browser it began under is gone, it is
dropped and retried as scrapy-playwright retries a page whose target closed, in the new
browser.

The new browser's context is made with the crawl's login and cookies, as the first was, and
every context starts with the site's cookies in Scrapy's jar.

And a render gets the request's DOWNLOAD_TIMEOUT (180 s unless set), which Scrapy's own
downloads have and the browser's had not: a page whose script never yields (a busy loop)
answers none of Playwright's calls, and scrapy-playwright's page.content() waited for it for
ever, holding the crawl open. At the deadline the page is closed (its renderer with it) and
fails as RenderTimeout, not retried: it would only block again.
"""

from __future__ import annotations

import asyncio
import logging
import weakref

# the class scrapy-playwright's handler catches to retry a page (playwright.async_api does
# not export it)
from playwright._impl._errors import TargetClosedError
from scrapy_playwright.handler import DEFAULT_CONTEXT_NAME, ScrapyPlaywrightDownloadHandler

from crawler.login.site_cookies import jar_cookies
from crawler.rendering.page_pool import STAT_REUSED, PagePool

logger = logging.getLogger(__name__)

WATCH_S = 1.0
"""How often an attempt's browser is looked at: a browser lost costs its pages this much."""

STAT_ABANDONED = "leafcrawl/browser_lost_pages"
"""Crawler stat: renders given up because their browser was gone, then retried."""


PAGE_CLOSE_S = 10.0
"""How long closing a timed-out page may take before it is left to the browser."""

_PAGES: dict[int, tuple[object, float]] = {}
"""id(request) -> (the Playwright page rendering it, when it was opened: note_page), while it
renders. Not in the request's meta: a page does not serialize, and a retried request is."""


def note_page(request, page) -> None:
    """From the page's init callback: the page that renders this request, opened now."""
    _PAGES[id(request)] = (page, asyncio.get_running_loop().time())


_WITH_CONTEXTS: weakref.WeakSet = weakref.WeakSet()
"""The handlers that have made a browser context (scrapy-playwright has one per scheme)."""


async def share_jar_cookies(crawler) -> int:
    """The site's cookies in Scrapy's jar, added to the browser contexts made already: a
    form login's session, for a context the crawl made at its start (one holding an HTTP
    login). How many contexts were given them."""
    cookies = jar_cookies(crawler)
    shared = 0
    for handler in list(_WITH_CONTEXTS):
        if handler._crawler is not crawler or not cookies:
            continue
        for wrapper in list(handler.context_wrappers.values()):
            await wrapper.context.add_cookies(cookies)
            shared += 1
    return shared


class RenderTimeout(Exception):
    """A page's render did not finish within its DOWNLOAD_TIMEOUT."""


class BrowserGone(TargetClosedError):
    """The browser a page was being rendered in is gone (scrapy-playwright retries it as it
    retries a page whose target closed)."""


class PlaywrightHandler(ScrapyPlaywrightDownloadHandler):
    """DOWNLOAD_HANDLERS for http and https in browser mode."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.tabs = PagePool(self.config.max_pages_per_context)

    async def _download_request_with_retry(self, request, spider):
        # each render in a tab an earlier one opened, when one is idle (page_pool.py)
        context_name = request.meta.setdefault("playwright_context", DEFAULT_CONTEXT_NAME)
        async with self.tabs.slot(context_name):
            wrapper = self.context_wrappers.get(context_name)
            tab = self.tabs.take(context_name, wrapper.context if wrapper else None)
            if tab is not None:
                request.meta["playwright_page"] = tab
                self.stats.inc_value(STAT_REUSED)
            request.meta["playwright_include_page"] = True
            rendered = False
            try:
                response = await self._watched_render(request, spider)
                rendered = True
                return response
            finally:
                # the tab never travels with the request or its response: a Page does not
                # serialize (a retry through a shared frontier), and callbacks need none
                tab = request.meta.pop("playwright_page", None)
                request.meta.pop("playwright_include_page", None)
                await self.tabs.give_back(context_name, tab, rendered)

    async def _watched_render(self, request, spider):
        attempt = asyncio.ensure_future(super()._download_request_with_retry(request, spider))
        browser = getattr(self, "browser", None)
        loop = asyncio.get_running_loop()
        timeout = float(request.meta.get("download_timeout")
                        or self._crawler.settings.getfloat("DOWNLOAD_TIMEOUT"))
        try:
            while True:
                done, _ = await asyncio.wait({attempt}, timeout=WATCH_S)
                if done:
                    return attempt.result()
                # from the page's opening: a wait for a free page in the context is no render
                opened = _PAGES.get(id(request))
                if opened is not None and loop.time() > opened[1] + timeout:
                    attempt.cancel()
                    await self._close_page(request)
                    raise RenderTimeout(
                        f"the page did not finish rendering in {timeout:g} s (DOWNLOAD_TIMEOUT); "
                        "a script on it may never yield")
                # not launched when the attempt began: the first browser launched is its
                browser = browser or getattr(self, "browser", None)
                if browser is not None and not browser.is_connected():
                    attempt.cancel()
                    self.stats.inc_value(STAT_ABANDONED)
                    logger.warning("the browser rendering %s is gone; rendering it again in a "
                                   "new one", request.url)
                    raise BrowserGone(f"the browser was lost while rendering {request.url}")
        finally:
            if not attempt.done():
                attempt.cancel()
            _PAGES.pop(id(request), None)

    async def _create_browser_context(self, name, context_kwargs, spider=None):
        # A context the crawl made at its start (PLAYWRIGHT_CONTEXTS: the one holding its
        # HTTP login) is made again from the same options when a lost browser took it
        # along: scrapy-playwright remakes it from the request's own options, which hold no
        # login (crawl_runner keeps it out of requests), and every page after the loss met
        # the site's login.
        startup = self.config.startup_context_kwargs.get(name)
        kwargs = dict(startup if startup is not None else context_kwargs or {})
        # and it starts with the site's cookies in Scrapy's jar: a cookies file's, a form
        # login's session, what plain fetches were given (crawler/login/site_cookies.py)
        cookies = jar_cookies(self._crawler)
        if cookies:
            kwargs["storage_state"] = {"cookies": cookies}
        _WITH_CONTEXTS.add(self)
        return await super()._create_browser_context(name, kwargs, spider)

    @staticmethod
    async def _close_page(request) -> None:
        page, _ = _PAGES.pop(id(request), (None, None))
        if page is None:
            return
        try:
            # closing the page frees its slot in the context (scrapy-playwright's close
            # callback) and ends its renderer, however stuck
            await asyncio.wait_for(page.close(run_before_unload=False), PAGE_CLOSE_S)
        except Exception:  # noqa: BLE001 - a page that will not close is the browser's now
            logger.warning("a timed-out page of %s did not close", request.url)
