"""A rendered page's scripts, stylesheets, images and fonts get a deadline.

scrapy-playwright returns a page at its `load` event and waits for `load` again after every
page method, and `load` waits for each of these. One from a host that never answers (a
tracker or an image CDN behind a firewall that drops packets) failed the whole page at the
navigation timeout, with its text long drawn. Nothing in the browser gives up on one
request: window.stop() and CDP's Page.stopLoading leave Playwright's `load` unresolved, and a
request once continued cannot be aborted. So these requests are fetched through the route
(route.fetch, which has a timeout) and handed to the page, or aborted at the deadline, as
an unreachable host's would be; the page then loads without them.
"""

from __future__ import annotations

import logging

from playwright.async_api import TimeoutError as PlaywrightTimeout

from crawler.rendering.browser import abort_request

logger = logging.getLogger(__name__)

DEADLINE_META = "leafcrawl_subresource_deadline_ms"
"""Request meta: the deadline of each of a rendered page's load-holding requests, in ms."""

DEADLINE_SHARE = 1 / 3
"""The deadline, as a share of the navigation timeout: a page whose script loads another
script, each cut at the deadline, still loads before the navigation times out."""

HOLDS_LOAD = frozenset({"script", "stylesheet", "image", "font"})
"""Resource types the `load` event waits for. Iframes are never loaded (browser.py); media
elements and XHR do not hold `load`, and a video fetched whole through the route would be
read into memory."""

CUT_META = "leafcrawl_subresources_cut"
"""Request meta: the addresses given up on at the deadline (the spider counts them in the
crawl's stats as leafcrawl/subresources_cut)."""


def deadline_ms(navigation_timeout_ms: float) -> int:
    return int(navigation_timeout_ms * DEADLINE_SHARE)


async def install_deadline(page, request) -> None:
    """Route the page's load-holding requests through route.fetch with the request's
    DEADLINE_META. Registered after scrapy-playwright's route, so it is asked first, and it
    passes everything else on (route.fallback) to scrapy-playwright's handler."""
    deadline = request.meta.get(DEADLINE_META)
    if not deadline:
        return
    user_agent = request.headers.get(b"User-Agent")
    user_agent = user_agent.decode("latin-1") if user_agent else None

    async def bounded(route, pw_request) -> None:
        if pw_request.resource_type not in HOLDS_LOAD or abort_request(pw_request):
            await route.fallback()
            return
        headers = await pw_request.all_headers()
        if user_agent:
            # scrapy-playwright's own handler gives sub-resources Scrapy's User-Agent too
            headers["user-agent"] = user_agent
        try:
            # a redirect is handed to the page, which follows it (through this route again):
            # followed here, its answer would stand at the first address, and a module's
            # relative imports be looked for beside that one
            response = await route.fetch(headers=headers, timeout=deadline, max_redirects=0)
        except Exception as exc:  # noqa: BLE001 - a timeout, a refused connection, a closed page
            timed_out = isinstance(exc, PlaywrightTimeout)
            if timed_out:
                request.meta.setdefault(CUT_META, []).append(pw_request.url)
            logger.debug("sub-resource %s given up: %s", pw_request.url, exc)
            try:
                await route.abort("timedout" if timed_out else "failed")
            except Exception:  # noqa: BLE001 - the page closed meanwhile: nothing to abort
                pass
            return
        try:
            await route.fulfill(response=response)
        except Exception:  # noqa: BLE001 - the page closed meanwhile
            pass
        finally:
            # the response's body stays in the browser context until disposed, and a crawl's
            # context lives for the crawl
            try:
                await response.dispose()
            except Exception:  # noqa: BLE001
                pass

    await page.route("**", bounded)
