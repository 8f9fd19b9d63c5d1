"""Wait until a rendered page has finished building itself, not just until `load`.

scrapy-playwright returns at `load`, but many pages inject their body afterwards
(a setTimeout, a fetch of JSON). A fixed sleep is either too short or wasted on every
page, so the page is instrumented before navigation: short timers and in-flight
fetch/XHR are counted, and the page counts as settled once none is pending and the DOM
has not changed for a quiet window, capped by a maximum wait. Animation frames requested
outside an animation loop count as pending too.
"""

from __future__ import annotations

from scrapy_playwright.page import PageMethod

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
  if (window.fetch) { const f = window.fetch.bind(window);
    window.fetch = (...a) => track(f(...a)); }
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
      if (pending <= 0 && performance.now() - lastChange >= quiet) return true;
      await new Promise((r) => (window.__leafcrawlOrigTimeout || setTimeout)(r, 25));
    }
    return false;
  } finally { obs.disconnect(); }
}
"""


async def install_settle_tracker(page, request) -> None:
    """playwright_page_init_callback: instrument the page before it navigates."""
    await page.add_init_script(TRACKER_JS)


def settle_page_methods(quiet_ms: int, max_ms: int) -> list[PageMethod]:
    return [PageMethod("evaluate", WAIT_SETTLED_JS, {"quiet": quiet_ms, "max": max_ms})]
