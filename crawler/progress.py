"""A progress line while a crawl runs: a browser crawl of a 500-page blog takes minutes, and
Scrapy's log goes to a file, so without this the terminal said nothing until the summary.

Every LEAFCRAWL_PROGRESS seconds (0: off; `leafcrawl crawl` sets 5 when stderr is a
terminal and Scrapy's log is not on it) one line goes to stderr: pages done and their kinds,
the rate, and the requests still queued. On a terminal the line is rewritten in place.
"""
from __future__ import annotations

import sys
import time

PROGRESS_SETTING = "LEAFCRAWL_PROGRESS"


def progress_line(stats: dict, elapsed_s: float, queued: int | None = None) -> str:
    """The line for these crawl stats (Scrapy's stats dict) after elapsed_s seconds; queued:
    the requests the scheduler holds and the downloader is fetching (queued_now), else
    what the stats' counters say."""
    index, leaf = stats.get("leafcrawl/index", 0), stats.get("leafcrawl/leaf", 0)
    failures = stats.get("leafcrawl/failures", 0)
    not_modified = stats.get("leafcrawl/not_modified", 0)
    done = index + leaf + failures + not_modified
    if queued is None:
        queued = max(stats.get("scheduler/enqueued", 0) - stats.get("scheduler/dequeued", 0), 0)
    rate = done / elapsed_s if elapsed_s > 0 else 0.0
    parts = [f"{index} index", f"{leaf} leaf"]
    if not_modified:
        parts.append(f"{not_modified} not modified")
    if failures:
        parts.append(f"{failures} failed")
    return (f"leafcrawl: {done} page{'' if done == 1 else 's'} ({', '.join(parts)}) in {elapsed_s:.0f} s, "
            f"{rate:.1f} pages/s, {queued} queued")


def queued_now(crawler) -> int | None:
    """Requests still to come: the scheduler's own count of what it holds (its memory and
    disk queues, or a shared frontier's) and the downloads under way. The stats' enqueued
    minus dequeued said "0 queued" while 31 pages were still to come (a resumed crawl's disk
    queue, requests held back for --render auto)."""
    try:
        engine = crawler.engine
    except RuntimeError:       # Scrapy 2.19: no engine before the crawl starts
        return None
    slot = getattr(engine, "_slot", None) or getattr(engine, "slot", None)
    scheduler = getattr(slot, "scheduler", None)
    try:
        pending = len(scheduler)
    except TypeError:          # a scheduler that cannot count
        return None
    downloader = getattr(engine, "downloader", None)
    return pending + len(getattr(downloader, "active", ()) or ())


class CrawlProgress:
    """Scrapy extension: the progress line (module docstring)."""

    def __init__(self, crawler, interval_s: float, stream=None):
        self.crawler = crawler
        self.interval_s = interval_s
        self.stream = stream if stream is not None else sys.stderr
        self.in_place = self.stream.isatty()
        self.started: float | None = None
        self.task = None
        self.shown = False

    @classmethod
    def from_crawler(cls, crawler):
        from scrapy import signals
        from scrapy.exceptions import NotConfigured

        interval_s = crawler.settings.getfloat(PROGRESS_SETTING, 0)
        if interval_s <= 0:
            raise NotConfigured
        progress = cls(crawler, interval_s)
        crawler.signals.connect(progress.spider_opened, signal=signals.spider_opened)
        crawler.signals.connect(progress.spider_closed, signal=signals.spider_closed)
        return progress

    def spider_opened(self, spider):
        from twisted.internet import task

        self.started = time.monotonic()
        self.task = task.LoopingCall(self.tick)
        self.task.start(self.interval_s, now=False)

    def tick(self) -> None:
        line = progress_line(self.crawler.stats.get_stats(), time.monotonic() - self.started,
                             queued_now(self.crawler))
        # in place: back to the line's start, then clear what a longer line left
        self.stream.write(f"\r{line}\x1b[K" if self.in_place else line + "\n")
        self.stream.flush()
        self.shown = True

    def spider_closed(self, spider):
        if self.task is not None and self.task.running:
            self.task.stop()
        if self.shown and self.in_place:
            self.stream.write("\n")     # the summary starts on a line of its own
            self.stream.flush()
