"""The site's feed, read for its posts' days (pipelines/metadata/feed_dates.py).

A part of SiteSpider (crawler/spiders/site_spider.py), which it is mixed into. The feeds a
start page advertises are fetched once each, plainly in any render mode (a feed is data),
ahead of the pages waiting: most leaves are then archived knowing their feed day, and the
rest are dated when it comes (workers/feed_dating.py).
"""
from __future__ import annotations

import scrapy

from pipelines.metadata.feed_dates import NotAFeed, advertised_feeds, read_feed
from pipelines.scrapy_pipelines import FEED_DAYS_FIELD

FEED_PRIORITY = 10
"""Above every page's (0): the feed's days should be known before the leaves are archived."""

STAT_FEEDS = "leafcrawl/feeds_read"
STAT_FEED_ERRORS = "leafcrawl/feed_errors"


class FeedRequests:
    """Fetch the feeds start pages advertise; each read feed becomes one feed item."""

    def feed_requests(self, html: str | bytes, url: str):
        if not self.site.feeds:
            return
        asked = self.__dict__.setdefault("_feeds_asked", set())
        for feed in advertised_feeds(html, url):
            if feed in asked:
                continue
            asked.add(feed)
            # the site named it: past the offsite filter (a feed host such as FeedBurner);
            # only days of the crawl's own pages are ever used
            yield scrapy.Request(feed, callback=self.parse_feed, errback=self.on_feed_error,
                                 priority=FEED_PRIORITY, meta={"allow_offsite": True})

    def parse_feed(self, response):
        try:
            days = read_feed(response.body, response.url)
        except NotAFeed as exc:
            self.crawler.stats.inc_value(STAT_FEED_ERRORS)
            self.logger.warning("%s is no feed: %s", response.url, exc)
            return
        self.crawler.stats.inc_value(STAT_FEEDS)
        self.logger.info("feed %s dates %d pages", response.url, len(days))
        yield {"feed": response.url, FEED_DAYS_FIELD: days}

    def on_feed_error(self, failure):
        # a feed that cannot be fetched leaves pages as their own dates left them
        self.crawler.stats.inc_value(STAT_FEED_ERRORS)
        self.logger.warning("feed %s: %s", failure.request.url, failure.getErrorMessage())
