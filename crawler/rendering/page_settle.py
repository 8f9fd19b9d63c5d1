"""Wait until a rendered page has finished building itself, not just until `load`.

scrapy-playwright returns at `load`, but many pages inject their body afterwards
(a setTimeout, a fetch of JSON). A fixed sleep is either too short or wasted on every
page, so the page is instrumented before navigation: short timers and in-flight
fetch/XHR are counted, and the page counts as settled once none is pending and the DOM
has not changed for a quiet window, capped by a maximum wait. Animation frames requested
outside an animation loop count as pending too.
"""

from __future__ import annotations

import asyncio
import weakref

from scrapy_playwright.page import PageMethod

from crawler.rendering.browser_handler import note_page
from crawler.rendering.subresource_deadline import install_deadline

TRACKED_TIMER_MAX_MS = 2000
"""Timers longer than this are polling or ads, not content on its way; don't wait for them."""

# Runs in every document before its own scripts.
TRACKER_JS = """
(() => {
  if (window.__leafcrawlPending !== undefined) return;
  window.__leafcrawlPending = 0;
  const track = (p) => { window.__leafcrawlPending++;
    const done = () => { window.__leafcrawlPending--; };
    return p.then((v) => { done(); return v; }, (e) => { done(); throw e; }); };
  const origSetTimeout = window.setTimeout.bind(window);
  const origClearTimeout = window.clearTimeout.bind(window);
  window.__leafcrawlOrigTimeout = origSetTimeout;
  const live = new Set();
  window.setTimeout = function (fn, ms, ...args) {
    const delay = Number(ms) || 0;
    if (delay > %(max_timer)d || typeof fn !== 'function') return origSetTimeout(fn, ms, ...args);
    window.__leafcrawlPending++;
    let id;
    id = origSetTimeout(function () {
      if (live.delete(id)) window.__leafcrawlPending--;
      return fn.apply(this, args);
    }, ms);
    live.add(id);
    return id;
  };
  window.clearTimeout = function (id) {
    if (live.delete(id)) window.__leafcrawlPending--;
    return origClearTimeout(id);
  };
  // Animation frames, as timers: frameworks apply head and DOM updates in one (React
  // Helmet sets a Docusaurus page's <title> and metas so, after a frame showing the site's
  // defaults). A frame requested from inside a frame is an animation loop: not counted.
  if (window.requestAnimationFrame) {
    const origRaf = window.requestAnimationFrame.bind(window);
    const origCancelRaf = window.cancelAnimationFrame.bind(window);
    const frames = new Set();
    let inFrame = false;
    window.requestAnimationFrame = function (fn) {
      if (typeof fn !== 'function') return origRaf(fn);
      const counted = !inFrame;
      if (counted) window.__leafcrawlPending++;
      let id;
      id = origRaf(function (t) {
        if (counted && frames.delete(id)) window.__leafcrawlPending--;
        inFrame = true;
        try { return fn.call(this, t); } finally { inFrame = false; }
      });
      if (counted) frames.add(id);
      return id;
    };
    window.cancelAnimationFrame = function (id) {
      if (frames.delete(id)) window.__leafcrawlPending--;
      return origCancelRaf(id);
    };
  }
  // The links and the amount of text of the parsed document, before timers, fetches and
  // clicks add any: a page whose links and text were there can be revisited by plain HTTP
  // (revisits.py).
  document.addEventListener('DOMContentLoaded', () => {
    window.__leafcrawlParsedLinks = Array.from(document.querySelectorAll('a[href]'), (a) => a.href);
    window.__leafcrawlParsedText = document.body ? document.body.textContent.length : 0;
  }, { once: true });
  if (window.fetch) { const f = window.fetch.bind(window);
    window.fetch = (...a) => track(f(...a)); }
  // fetch() resolves at the headers; the body a script then inserts is read after that
  if (window.Response) for (const read of ['text', 'json', 'arrayBuffer', 'blob']) {
    const orig = Response.prototype[read];
    if (orig) Response.prototype[read] = function () { return track(orig.call(this)); };
  }
  const send = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.send = function (...a) {
    window.__leafcrawlPending++;
    this.addEventListener('loadend', () => { window.__leafcrawlPending--; }, { once: true });
    return send.apply(this, a);
  };
})();
""" % {"max_timer": TRACKED_TIMER_MAX_MS}

# Resolves once nothing is pending and the DOM was quiet for `quiet` ms, or after `max` ms.
WAIT_SETTLED_JS = """
async ({ quiet, max }) => {
  const start = performance.now();
  let lastChange = performance.now();
  const obs = new MutationObserver(() => { lastChange = performance.now(); });
  obs.observe(document.documentElement, { childList: true, subtree: true, characterData: true });
  try {
    while (performance.now() - start < max) {
      const pending = window.__leafcrawlPending || 0;
      // the quiet window runs from the last pending work's end, not from the wait's start:
      // a fetch that took longer than the window is followed by the DOM update it feeds
      if (pending > 0) lastChange = performance.now();
      else if (performance.now() - lastChange >= quiet) return true;
      await new Promise((r) => (window.__leafcrawlOrigTimeout || setTimeout)(r, 25));
    }
    return false;
  } finally { obs.disconnect(); }
}
"""


NAV_ANSWER_META = "leafcrawl_navigation_answer"
"""Request meta: the status and Retry-After of the answer to a rendered page's navigation.
Chromium fails a navigation to an error status with an empty body (net::
ERR_HTTP_RESPONSE_CODE_FAILURE) instead of returning it: from this the crawl still knows it
was a 404, or a 429 to wait out (rate_limits.py)."""


_RENDERING: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()
"""tab -> the request it renders now: a tab serves many requests (page_pool.py), and what
it instruments once reports to the one it renders."""


async def install_settle_tracker(page, request) -> None:
    """playwright_page_init_callback, before each render: note the tab's request and give
    its sub-resources the request's deadline (subresource_deadline.py; scrapy-playwright
    drops a reused tab's routes before each render); once per tab, instrument every
    document it will load and note the answer to its navigations (NAV_ANSWER_META)."""
    note_page(request, page)
    first_render = page not in _RENDERING
    _RENDERING[page] = request
    if first_render:
        await page.add_init_script(TRACKER_JS)

        def note_answer(response) -> None:
            try:
                if response.frame == page.main_frame and response.request.is_navigation_request():
                    _RENDERING[page].meta[NAV_ANSWER_META] = {
                        "status": response.status,
                        "retry_after": response.headers.get("retry-after")}
            except Exception:  # noqa: BLE001 - a frame gone meanwhile: nothing to note
                pass

        page.on("response", note_answer)
    await install_deadline(page, request)


EMPTY_ERROR_PAGE = "ERR_HTTP_RESPONSE_CODE_FAILURE"
"""Chromium's failure of a navigation answered with an error status and an empty body."""


def unshown_answer(meta: dict, exception: BaseException) -> dict | None:
    """The noted answer ({status, retry_after}) of a rendered page whose navigation Chromium
    failed because the answer was an error status with an empty body; else None."""
    answer = meta.get(NAV_ANSWER_META)
    return answer if answer and EMPTY_ERROR_PAGE in str(exception) else None


SETTLE_ATTEMPTS = 3
"""Documents waited for: the page's own, and up to two a script moved it on to (a JS
redirect replaces the document the wait was running in)."""

SETTLE_GRACE_S = 2.0
"""Beyond the in-page cap, how long Python waits for the page's answer."""


async def settle_page(page, args: dict) -> dict:
    """PageMethod callable: wait until the page settles. Never raises: a page method that
    raises fails the download, and scrapy-playwright then hangs closing a page that is
    navigating (scrapy-playwright#244: the whole crawl stopped at a JS redirect). A script
    that navigates the page away (location.href = …) destroys the wait's context; the wait
    starts again in the new document, whose address ``url`` says: the spider names the
    page by it, as it would after an HTTP redirect (SiteSpider.shown_url)."""
    timeout_s = args["max"] / 1000 + SETTLE_GRACE_S
    settled, error = False, None
    for _ in range(SETTLE_ATTEMPTS):
        try:
            settled = bool(await asyncio.wait_for(page.evaluate(WAIT_SETTLED_JS, args), timeout_s))
            error = None
            break
        except asyncio.TimeoutError:
            error = f"settle wait timed out after {timeout_s:g} s"
            break
        except Exception as exc:  # noqa: BLE001 - a navigation, most likely: wait for it
            error = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
            try:
                await page.wait_for_load_state("load", timeout=args["max"])
            except Exception:  # noqa: BLE001 - the next attempt (or none) says what is left
                pass
    result = {"settled": settled, "url": page.url}
    if error:
        result["error"] = error
    return result


def settle_page_methods(quiet_ms: int, max_ms: int) -> list[PageMethod]:
    return [PageMethod(settle_page, {"quiet": quiet_ms, "max": max_ms})]


def page_method(meta: dict, method) -> PageMethod | None:
    """The PageMethod of a response's request that called ``method`` (its .result holds what
    the method returned), or None when the request had none (plain mode)."""
    for pm in meta.get("playwright_page_methods") or ():
        if isinstance(pm, PageMethod) and pm.method is method:
            return pm
    return None


def settle_result(meta: dict) -> dict | None:
    """The settle wait's result from a response's meta ({settled, url[, error]}), or None."""
    pm = page_method(meta, settle_page)
    return pm.result if pm is not None and isinstance(pm.result, dict) else None
