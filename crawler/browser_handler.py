"""scrapy-playwright's download handler, with pages that outlive their browser given up.

When Chromium dies in a crawl (the kernel's OOM killer on a big site, a crash), scrapy-
playwright starts a new browser for the next page. But a page that was being opened in the
dead browser's context waited for ever: Playwright's new_page() on that context never
answered, Scrapy's DOWNLOAD_TIMEOUT does not reach the browser's downloads, and the crawl
hung at its end, waiting for those requests, until it was killed (seen here: Chromium
killed 12 s into a crawl of the Hugo blog; 134 pages crawled, then nothing for minutes).

Each attempt to render a page is watched: once the browser it began under is gone, it is
dropped and retried as scrapy-playwright retries a page whose target closed, in the new
browser.
"""

from __future__ import annotations

import asyncio
import logging

# the class scrapy-playwright's handler catches to retry a page (playwright.async_api does
# not export it)
from playwright._impl._errors import TargetClosedError
from scrapy_playwright.handler import ScrapyPlaywrightDownloadHandler

logger = logging.getLogger(__name__)

WATCH_S = 1.0
"""How often an attempt's browser is looked at: a browser lost costs its pages this much."""

STAT_ABANDONED = "leafcrawl/browser_lost_pages"
"""Crawler stat: renders given up because their browser was gone, then retried."""


class BrowserGone(TargetClosedError):
    """The browser a page was being rendered in is gone (scrapy-playwright retries it as it
    retries a page whose target closed)."""


class PlaywrightHandler(ScrapyPlaywrightDownloadHandler):
    """DOWNLOAD_HANDLERS for http and https in browser mode."""

    async def _download_request_with_retry(self, request, spider):
        attempt = asyncio.ensure_future(super()._download_request_with_retry(request, spider))
        browser = getattr(self, "browser", None)
        try:
            while True:
                done, _ = await asyncio.wait({attempt}, timeout=WATCH_S)
                if done:
                    return attempt.result()
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
