"""Reveal what a rendered page shows only on request: "Load more" buttons and infinite scroll.

A listing that draws its next entries when the reader clicks "Load more" or scrolls to the
bottom links them nowhere else, so a crawl that reads the page as it first settles never
reaches them (and a site without a sitemap loses them for good). After the page settles,
this clicks such a button, else scrolls to the bottom, waits for the page to settle again,
and repeats while each round brings new links or height, within a few bounds. A page where
nothing happens pays one scroll and one quiet window (LEAFCRAWL_SETTLE_QUIET_MS).

Only buttons are clicked, never a link to an address (the crawl follows those itself) nor a
form's button, so no round leaves the page or submits anything. A page that declares itself
a piece of content (og:type article and the like, or a JSON-LD Article) is left as it is: news sites scroll on
into their next article, which is no part of this one. So is a listing that links its next
page (rel=next): Ghost's themes scroll on by fetching exactly that page, which the crawl
fetches anyway (Ghost Source's browser crawl: 3.95 pages/s with the rounds, 4.45 without). For a site that does so without
saying, the rounds stop once the address changes to another page's (history.pushState), and
what that last round drew is marked as another page's: left out of the content, its links
kept (a listing that rewrites its address as it pages on still leads to its entries).
"""

from __future__ import annotations

import asyncio

from scrapy_playwright.page import PageMethod

from crawler.rendering.page_settle import WAIT_SETTLED_JS, page_method
from pipelines.indexiness.signals import OG_ARTICLE

EXPAND_MAX_LINKS = 3000
"""Stop once the page holds this many links: enough for any listing worth its pages."""

EXPAND_BUDGET_MS = 10000
"""Time all rounds may take together, waits included."""

LD_ARTICLE_TYPES = ("article", "blogposting", "newsarticle", "techarticle", "report",
                    "scholarlyarticle", "liveblogposting", "socialmediaposting")
"""JSON-LD types of a piece of writing that a news site may scroll on from into its next
story (narrower than metadata.ARTICLE_TYPES: a product or an event page scrolls into no
other product)."""

MORE_TEXT_MAX_CHARS = 40
"""A "load more" control's label is a few words; longer text is a teaser that says "more"."""

EXPAND_JS = """
async ({ rounds, quiet, max, maxLinks, budget, maxText, articleTypes, ldArticleTypes }) => {
  const settled = %(settled)s;
  const ogType = document.querySelector('meta[property="og:type"]');
  if (ogType && articleTypes.includes((ogType.getAttribute('content') || '').trim().toLowerCase()))
    return { clicks: 0, scrolls: 0, grew: 0, skipped: 'article' };
  // ...or in JSON-LD: the page's own types (top level or in its @graph), not its entries'
  for (const script of document.querySelectorAll('script[type="application/ld+json"]')) {
    let data;
    try { data = JSON.parse(script.textContent); } catch (e) { continue; }
    const own = [].concat(data).flatMap((d) => (d && d['@graph']) ? [].concat(d['@graph']) : [d]);
    for (const d of own) {
      const types = [].concat((d && d['@type']) || []).map((t) => String(t).toLowerCase());
      if (types.some((t) => ldArticleTypes.includes(t)))
        return { clicks: 0, scrolls: 0, grew: 0, skipped: 'article' };
    }
  }
  // a listing that links its next page: the crawl reaches it through that link, and what
  // scrolling would fetch is that page again
  if (document.querySelector('link[rel~="next" i][href], a[rel~="next" i][href]'))
    return { clicks: 0, scrolls: 0, grew: 0, skipped: 'paginated' };
  const page = location.pathname + location.search;
  const MORE = /^(load|show|view|see) (\\d+ )?(more|older|next)\\b|^more (posts|articles|stories|news|results|items|entries|products)\\b|^older (posts|entries|articles)$/i;
  const drawn = (el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
  };
  const moreButton = () => {
    for (const el of document.querySelectorAll('button, [role=button], a:not([href]), a[href="#"]')) {
      if (el.disabled || el.getAttribute('aria-disabled') === 'true' || el.closest('form')) continue;
      const text = (el.innerText || el.textContent || '').replace(/\\s+/g, ' ').trim();
      if (!text || text.length > maxText || !MORE.test(text) || !drawn(el)) continue;
      return el;
    }
    return null;
  };
  const raf = window.requestAnimationFrame ? window.requestAnimationFrame.bind(window) : null;
  const frames = (n) => new Promise((r) => {
    if (!raf) { r(); return; }
    const step = () => (--n <= 0 ? r() : raf(step));
    raf(step);
  });
  const start = performance.now();
  const done = { clicks: 0, scrolls: 0, grew: 0 };
  for (let i = 0; i < rounds && performance.now() - start < budget; i++) {
    const links = document.links.length;
    const height = document.documentElement.scrollHeight;
    const added = [];
    const watch = new MutationObserver((records) => {
      for (const r of records) for (const n of r.addedNodes) added.push(n);
    });
    watch.observe(document.documentElement, { childList: true, subtree: true });
    const button = moreButton();
    if (button) { button.click(); done.clicks++; }
    else if (height <= window.scrollY + window.innerHeight) { watch.disconnect(); break; }
    else { window.scrollTo(0, height); done.scrolls++; }
    // what a scroll or click sets off (an IntersectionObserver's callback, a scroll
    // handler's fetch) runs from the next rendering frame on: wait for two frames before
    // the quiet window may start, or a busy machine ends the round before it begins
    await Promise.race([frames(2), new Promise((r) => (window.__leafcrawlOrigTimeout || setTimeout)(r, max))]);
    await settled({ quiet, max: Math.min(max, Math.max(0, budget - (performance.now() - start))) });
    for (const r of watch.takeRecords()) for (const n of r.addedNodes) added.push(n);
    watch.disconnect();
    if (document.links.length === links && document.documentElement.scrollHeight === height) break;
    done.grew++;
    if (location.pathname + location.search !== page) {
      // scrolled on into another page (a news site's next story): what this round drew is
      // that page's. Marked as drawn nowhere (the collector's data-lc-hidden), its words
      // stay out of this page's content; its links still count, for a listing that
      // rewrites its address as it pages on
      done.otherPage = 0;
      for (const n of added) {
        if (n.nodeType !== 1 || !n.isConnected) continue;
        n.setAttribute('data-lc-hidden', '1');
        done.otherPage++;
      }
      break;
    }
    if (document.links.length >= maxLinks) break;
  }
  window.scrollTo(0, 0);
  done.links = document.links.length;
  return done;
}
""" % {"settled": WAIT_SETTLED_JS.strip()}


EXPAND_GRACE_S = 2.0
"""Beyond the budget and one settle wait, how long Python waits for the page's answer."""


async def expand_page(page, args: dict) -> dict:
    """PageMethod callable: run the expansion in ``page``. Never raises: a page method that
    raises fails the whole download, and a page whose scripts break the expansion (one that
    replaces scrollTo, one that navigates on a click) is still a page to analyse as it is."""
    timeout_s = (args["budget"] + args["max"]) / 1000 + EXPAND_GRACE_S
    try:
        result = await asyncio.wait_for(page.evaluate(EXPAND_JS, args), timeout_s)
    except asyncio.TimeoutError:
        return {"error": f"expansion timed out after {timeout_s:g} s"}
    except Exception as exc:  # noqa: BLE001 - any failure means "analyse the page as it is"
        message = (str(exc).strip().splitlines() or ["no message"])[0]
        return {"error": f"expansion failed: {type(exc).__name__}: {message}"}
    return result if isinstance(result, dict) else {"error": "expansion returned no result"}


def expand_page_method(quiet_ms: int, max_ms: int, rounds: int) -> PageMethod:
    """The PageMethod to run after the settle wait and before the collector; rounds: the
    site config's expand_rounds."""
    return PageMethod(expand_page, {
        "rounds": rounds, "quiet": quiet_ms, "max": max_ms, "maxLinks": EXPAND_MAX_LINKS,
        "budget": EXPAND_BUDGET_MS, "maxText": MORE_TEXT_MAX_CHARS,
        "articleTypes": sorted(OG_ARTICLE), "ldArticleTypes": list(LD_ARTICLE_TYPES)})


def expand_result(meta: dict) -> dict | None:
    """What the expansion did on a response's page ({clicks, scrolls, grew, links}, or
    {error}), or None when it did not run."""
    pm = page_method(meta, expand_page)
    return pm.result if pm is not None and isinstance(pm.result, dict) else None
