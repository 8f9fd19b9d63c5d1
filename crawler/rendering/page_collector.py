"""The in-page collector: after a rendered page settled, measure it and serialise it in the
"Browser-measured HTML" format of docs/interfaces.md.

One walk over the flat tree (the tree the browser renders: shadow roots instead of their
hosts' light children, slots replaced by what is assigned to them) reads every box first;
only then are attributes written, so layout is computed once and never thrashed:

- each element that can hold a block and has a box gets ``data-lc-rect="x,y,w,h"``
  (document coordinates, CSS px, integers);
- the topmost element of each subtree the browser drew nothing for gets
  ``data-lc-hidden="1"`` (display:none, visibility:hidden or zero-size with nothing drawn
  inside, light children no slot takes, slot fallback that assigned content replaced), and
  a box folded to zero size that clips its overflow also ``data-lc-folded="1"`` (a collapsed
  accordion panel or callout, pipelines/blocks/reader_opened.py);
- open shadow roots are serialised as ``<template shadowrootmode="open">`` first in their
  host (Chromium's ``Element.getHTML({shadowRoots})``), and ``<html data-lc-measured="1">``
  marks the page as measured.

The attributes are set on the live DOM in one synchronous task, serialised and removed
again before the task ends: the page never renders with them, no layout is recomputed
(no stylesheet knows ``data-lc-*``), and the HTML scrapy-playwright reads afterwards is
the page's own.

Content the browser only collapsed (inside a closed ``<details>``, ``hidden=until-found``,
``content-visibility:hidden``) is not marked hidden: find-in-page reveals it, so it is the
page's text, just folded. It gets no rectangle either.

The collector never costs a page: any failure (script error, timeout, a DOM too large to
walk) returns a result without ``html`` and the spider analyses ``response.body`` unmeasured.
"""

from __future__ import annotations

import asyncio
import time

from scrapy_playwright.page import PageMethod

from crawler.rendering.page_settle import page_method

COLLECT_TIMEOUT_S = 5.0
"""A page whose collector runs longer is analysed unmeasured; measuring must not stall the crawl
(the fixture blog's pages take a few ms)."""

MAX_ELEMENTS = 150_000
"""Above this many elements the page is a data dump or a runaway script, not an article:
walking it would cost seconds, so it is analysed unmeasured."""

# Tags that never start a block of their own (phrasing content), or hold no page text at
# all: they get no rectangle, which keeps the HTML small. Hidden marks still apply to them.
NO_RECT_TAGS = (
    "a abbr b bdi bdo big br cite code data del dfn em font i ins kbd label mark nobr q rp rt "
    "ruby s samp small span strike strong sub sup time tt u var wbr slot "
    "option optgroup datalist area map source track param"
).split()
# Never walked: not rendered as page content, or (svg, math) not HTML inside.
SKIP_TAGS = "script style template noscript link meta head title base svg math iframe object embed".split()
# Replaced and void elements are drawn even at zero size (an image that has not loaded yet,
# a <br>): only display/visibility hide them.
REPLACED_TAGS = "img picture video audio iframe object embed canvas svg br wbr hr input".split()

COLLECTOR_JS = r"""
({ noRect, skip, replaced, maxElements }) => {
  const t0 = performance.now();
  const doc = document;
  const root = doc.documentElement, body = doc.body;
  if (!root || !body || typeof root.getHTML !== 'function')
    return { error: 'no HTML body or no Element.getHTML' };
  const total = doc.getElementsByTagName('*').length;
  if (total > maxElements) return { error: `too many elements (${total} > ${maxElements})` };
  const NO_RECT = new Set(noRect), SKIP = new Set(skip), REPLACED = new Set(replaced);
  const sx = window.scrollX, sy = window.scrollY;
  const rects = [];       // [element, "x,y,w,h"]
  const hidden = [];      // topmost elements with nothing drawn
  const folded = [];      // of those, boxes folded to zero size that clip what they hold
  const roots = [];       // open shadow roots, for getHTML
  const VIS = { visibilityProperty: true };

  // A zero-size box that does not clip still draws its own text, overflowing.
  const textOverflows = (el) => {
    for (let n = el.firstChild; n; n = n.nextSibling)
      if (n.nodeType === 3 && n.data.trim()) return true;
    return false;
  };

  // Children in the flat tree: a host's shadow root, a slot's assigned nodes (or fallback).
  const flatChildren = (el) => {
    const sr = el.shadowRoot;
    if (sr && sr.mode === 'open') {
      roots.push(sr);
      // Light children no slot takes are not rendered: mark them (walked no further).
      for (const c of el.children) if (!c.assignedSlot && !SKIP.has(c.localName)) hidden.push(c);
      return sr.children;
    }
    if (el.localName === 'slot') {
      const assigned = el.assignedElements();
      if (el.assignedNodes().length) {
        // Fallback content is not rendered when something is assigned.
        for (const c of el.children) if (!SKIP.has(c.localName)) hidden.push(c);
        return assigned;
      }
    }
    return el.children;
  };

  // Post-order: returns whether anything under (and including) el was drawn.
  const walk = (el) => {
    const tag = el.localName;
    if (SKIP.has(tag)) {
      // an svg/iframe still has a box worth its rectangle; its insides are not walked
      if (tag === 'svg' || tag === 'iframe' || tag === 'object' || tag === 'embed') {
        if (!el.checkVisibility(VIS)) { hidden.push(el); return false; }
        const r = el.getBoundingClientRect();
        rects.push([el, `${Math.round(r.left + sx)},${Math.round(r.top + sy)},${Math.round(r.width)},${Math.round(r.height)}`]);
        return true;
      }
      return true;  // not content; never counted as "nothing drawn"
    }
    let box = true, visible = true, transparent = false, collapsed = false;
    if (!el.checkVisibility(VIS)) {
      const cs = getComputedStyle(el);
      if (cs.display === 'none') { hidden.push(el); return false; }
      if (cs.display === 'contents') { box = false; transparent = true; }
      else if (cs.visibility !== 'visible') visible = false;
      else { box = false; collapsed = true; }   // skipped by content-visibility (closed <details>…)
    }
    const mark = hidden.length, rectMark = rects.length, foldMark = folded.length;
    let rect = null, self = false;
    if (box && !collapsed) {
      const r = el.getBoundingClientRect();
      rect = r;
      if (r.width > 0 && r.height > 0) self = visible;
      else if (!REPLACED.has(tag)) {
        // A zero-size box that clips its overflow draws nothing inside it (a folded
        // accordion panel): the whole subtree is hidden.
        const cs = getComputedStyle(el);
        if (cs.overflowX !== 'visible' || cs.overflowY !== 'visible') { hidden.push(el); folded.push(el); return false; }
        self = visible && textOverflows(el);
      } else self = visible;
    }
    let inner = false;
    for (const c of flatChildren(el)) if (walk(c)) inner = true;
    if (collapsed) return true;        // folded, not hidden: leave its insides as they are
    if (transparent) return inner;     // display:contents is never hidden itself
    if (!self && !inner) {
      hidden.length = mark;            // one mark at the top of an undrawn subtree
      rects.length = rectMark;
      folded.length = foldMark;
      hidden.push(el);
      return false;
    }
    if (rect && !NO_RECT.has(tag))
      rects.push([el, `${Math.round(rect.left + sx)},${Math.round(rect.top + sy)},${Math.round(rect.width)},${Math.round(rect.height)}`]);
    return true;
  };
  const tWalk0 = performance.now();
  walk(body);
  const tWalk = performance.now() - tWalk0;

  // Writes only after every read. Remember what the page had, to restore it exactly.
  const touched = [];
  const set = (el, name, value) => {
    touched.push([el, name, el.getAttribute(name)]);
    el.setAttribute(name, value);
  };
  let html;
  try {
    for (const [el, r] of rects) set(el, 'data-lc-rect', r);
    for (const el of hidden) set(el, 'data-lc-hidden', '1');
    for (const el of folded) set(el, 'data-lc-folded', '1');
    const esc = (v) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/\u00a0/g, '&nbsp;');
    let open = '<html';
    for (const a of root.attributes)
      if (a.name !== 'data-lc-measured') open += ` ${a.name}="${esc(a.value)}"`;
    open += ' data-lc-measured="1">';
    const doctype = doc.doctype ? `<!DOCTYPE ${doc.doctype.name}>` : '';
    html = doctype + open + root.getHTML({ serializableShadowRoots: true, shadowRoots: roots }) + '</html>';
  } finally {
    for (let i = touched.length - 1; i >= 0; i--) {
      const [el, name, old] = touched[i];
      if (old === null) el.removeAttribute(name); else el.setAttribute(name, old);
    }
  }
  // the links and text the document held once parsed (page_settle's tracker), against its
  // text now: what its own HTML and synchronous scripts drew, before anything fetched or
  // clicked (revisits.py)
  const parsedText = window.__leafcrawlParsedText;
  return { html, elements: total, rects: rects.length, hidden: hidden.length,
           shadowRoots: roots.length, walkMs: tWalk, ms: performance.now() - t0,
           parsedLinks: window.__leafcrawlParsedLinks || null,
           parsedText: parsedText === undefined ? null : parsedText,
           text: doc.body ? doc.body.textContent.length : 0,
           charset: doc.characterSet };
}
"""


async def collect_measured_html(page, timeout_s: float = COLLECT_TIMEOUT_S) -> dict:
    """PageMethod callable: run the collector in `page`. Never raises.

    Returns the collector's dict: ``html`` (the measured HTML) plus counts and timings, or
    ``error`` (one line) when the page could not be measured. ``wallMs`` is the time seen
    from Python, page round trip included.
    """
    started = time.monotonic()
    args = {"noRect": NO_RECT_TAGS, "skip": SKIP_TAGS, "replaced": REPLACED_TAGS,
            "maxElements": MAX_ELEMENTS}
    try:
        result = await asyncio.wait_for(page.evaluate(COLLECTOR_JS, args), timeout_s)
    except asyncio.TimeoutError:
        result = {"error": f"collector timed out after {timeout_s:g} s"}
    except Exception as exc:  # noqa: BLE001 - any failure means "analyse unmeasured"
        message = (str(exc).strip().splitlines() or ["no message"])[0]
        result = {"error": f"collector failed: {type(exc).__name__}: {message}"}
    if not isinstance(result, dict):
        result = {"error": f"collector returned {type(result).__name__}"}
    if "error" not in result and not isinstance(result.get("html"), str):
        result = {"error": "collector returned no HTML"}
    result["wallMs"] = (time.monotonic() - started) * 1000
    result["url"] = page.url      # the document measured: the one asked for, unless it moved
    return result


def collector_page_method() -> PageMethod:
    """The PageMethod to append after the settle wait (its .result is the collector's dict)."""
    return PageMethod(collect_measured_html)


def collector_result(meta: dict) -> dict | None:
    """The collector's result from a response's meta, or None when it did not run."""
    pm = page_method(meta, collect_measured_html)
    if pm is None:
        return None
    return pm.result if isinstance(pm.result, dict) else {"error": "collector did not run"}
