"""The progress line of a running crawl (crawler/progress.py)."""

from __future__ import annotations

import io
import time

import pytest
from scrapy.exceptions import NotConfigured
from scrapy.utils.test import get_crawler

from crawler.progress import PROGRESS_SETTING, CrawlProgress, progress_line


def test_the_line_counts_pages_by_kind_and_what_is_queued():
    stats = {"leafcrawl/index": 30, "leafcrawl/leaf": 12, "leafcrawl/failures": 2,
             "scheduler/enqueued": 80, "scheduler/dequeued": 45}
    assert progress_line(stats, 20.0) == (
        "leafcrawl: 44 pages (30 index, 12 leaf, 2 failed) in 20 s, 2.2 pages/s, 35 queued")


def test_a_later_crawl_counts_the_pages_not_modified():
    stats = {"leafcrawl/index": 1, "leafcrawl/leaf": 1, "leafcrawl/not_modified": 54}
    assert progress_line(stats, 4.0) == (
        "leafcrawl: 56 pages (1 index, 1 leaf, 54 not modified) in 4 s, 14.0 pages/s, 0 queued")


def test_no_progress_unless_asked():
    with pytest.raises(NotConfigured):
        CrawlProgress.from_crawler(get_crawler(settings_dict={PROGRESS_SETTING: 0}))


class Terminal(io.StringIO):
    def isatty(self):
        return True


@pytest.mark.parametrize("stream, first, closing", [
    (io.StringIO(), "leafcrawl: 3 pages (2 index, 1 leaf) in ", ""),
    (Terminal(), "\rleafcrawl: 3 pages (2 index, 1 leaf) in ", "\n"),
])
def test_each_tick_writes_the_line_on_a_terminal_in_place(stream, first, closing):
    crawler = get_crawler(settings_dict={PROGRESS_SETTING: 5})
    crawler.stats.open_spider()
    progress = CrawlProgress(crawler, 5, stream=stream)
    progress.started = time.monotonic()
    for name, value in (("leafcrawl/index", 2), ("leafcrawl/leaf", 1)):
        crawler.stats.set_value(name, value)
    progress.tick()
    written = stream.getvalue()
    assert written.startswith(first)
    assert written.endswith("\x1b[K" if stream.isatty() else " queued\n")
    progress.spider_closed(None)
    assert stream.getvalue() == written + closing


def test_the_queue_is_what_the_scheduler_and_downloader_hold():
    from crawler.progress import queued_now

    # the stats' counters say nothing is queued (a resumed crawl's disk queue was filled
    # by the last run); the line shows what the scheduler says it holds
    stats = {"leafcrawl/index": 3, "scheduler/enqueued": 0, "scheduler/dequeued": 0}
    assert progress_line(stats, 1.0, queued=31).endswith("31 queued")

    class Scheduler:
        def __len__(self):
            return 29

    class Engine:
        _slot = type("Slot", (), {"scheduler": Scheduler()})()
        downloader = type("Downloader", (), {"active": {"a", "b"}})()

    assert queued_now(type("Crawler", (), {"engine": Engine()})()) == 31
    assert queued_now(type("Crawler", (), {"engine": None})()) is None
