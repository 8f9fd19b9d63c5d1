"""Browser tabs kept open between renders, one pool per browser context.

scrapy-playwright opens a new tab for every request and closes it after. A new tab is a new
renderer process in Chromium: 170-230 ms of a 2-core machine's CPU per page, where one tab
navigated from page to page of the same site renders 7.8 pages/s (measured here, issue 30).
scrapy-playwright renders in a tab it is given (request meta `playwright_page`) and leaves it
open when asked to (`playwright_include_page`); the download handler
(browser_handler.PlaywrightHandler) takes a tab from here for each render and gives it back.

A render holds one of the context's slots from before it takes a tab until it gives it back,
and a context has as many slots as scrapy-playwright lets it have pages: a render finds an
idle tab or room to open one, never waits on scrapy-playwright's page limit for a tab that
sits idle here (a deadlock at the crawl's end).
"""

from __future__ import annotations

import asyncio
import logging

logger = logging.getLogger(__name__)

RENDERS_PER_TAB = 100
"""Pages one tab renders before it is closed and a new one opened: the saving is nearly all
kept (one new tab per hundred pages), and whatever a long-lived renderer accumulates (a
site's caches, a leak in its scripts that outlives navigation) is bounded: over a 2,001-page
browser crawl Chromium's memory swung between 680 and 1,100 MB without climbing (8 tabs;
bench/eval_scale.py --render always)."""

STAT_REUSED = "leafcrawl/browser_tabs_reused"
"""Crawler stat: renders that ran in a tab an earlier render had opened."""


class PagePool:
    """Idle tabs per context name, and the slots that bound a context's tabs."""

    def __init__(self, tabs_per_context: int):
        self.tabs_per_context = max(1, tabs_per_context)
        self._idle: dict[str, list] = {}
        self._slots: dict[str, asyncio.Semaphore] = {}
        self._renders: dict[int, int] = {}     # id(tab) -> pages it rendered

    def slot(self, context_name: str) -> asyncio.Semaphore:
        """Held for a render's whole length, tab taken to tab given back."""
        if context_name not in self._slots:
            self._slots[context_name] = asyncio.Semaphore(self.tabs_per_context)
        return self._slots[context_name]

    def take(self, context_name: str, context) -> object | None:
        """An idle tab of this context (the context scrapy-playwright renders in now), or
        None: the render opens a new one. Tabs of a context since closed (a lost browser)
        are dropped."""
        idle = self._idle.get(context_name) or []
        while idle:
            tab = idle.pop()
            if context is not None and not tab.is_closed() and tab.context is context:
                return tab
            self._renders.pop(id(tab), None)
        return None

    async def give_back(self, context_name: str, tab, reusable: bool) -> None:
        """After a render: the tab waits for the next one, or is closed when its render
        failed (it may be stuck or half-navigated) or it has rendered RENDERS_PER_TAB pages."""
        if tab is None:
            return
        renders = self._renders.pop(id(tab), 0) + 1
        if tab.is_closed():
            return
        if reusable and renders < RENDERS_PER_TAB:
            self._renders[id(tab)] = renders
            self._idle.setdefault(context_name, []).append(tab)
            return
        try:
            await tab.close(run_before_unload=False)
        except Exception:  # noqa: BLE001 - a tab that will not close went with its browser
            logger.debug("a browser tab did not close", exc_info=True)
