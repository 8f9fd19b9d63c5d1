"""Honour robots.txt's Crawl-delay: one request at a time to that host, that many seconds apart.

Scrapy obeys robots.txt's Allow and Disallow (ROBOTSTXT_OBEY), but not its Crawl-delay:
a site that asks for ten seconds between requests got sixteen at once. Once a host's
robots.txt is parsed (Scrapy's robots_parsed signal, before any page of the host is
requested), its downloader slot gets the delay, without jitter, and a concurrency of one,
for as long as the crawl runs (per_slot_settings keep it when Scrapy recycles idle slots).
A delay the user set that is longer is kept. Off with LEAFCRAWL_OBEY_CRAWL_DELAY = False
(site config ``obey_crawl_delay: false``).
"""

from __future__ import annotations

import logging

from scrapy import signals
from scrapy.exceptions import NotConfigured

logger = logging.getLogger(__name__)

MAX_CRAWL_DELAY_S = 60.0
"""A Crawl-delay beyond this is capped: an hour's delay would stall a crawl for days, and
robots.txt files with absurd values exist. The cap is logged."""


class CrawlDelay:
    def __init__(self, crawler):
        self.crawler = crawler

    @classmethod
    def from_crawler(cls, crawler):
        settings = crawler.settings
        if not (settings.getbool("ROBOTSTXT_OBEY") and settings.getbool("LEAFCRAWL_OBEY_CRAWL_DELAY", True)):
            raise NotConfigured
        ext = cls(crawler)
        crawler.signals.connect(ext.robots_parsed, signal=signals.robots_parsed)
        return ext

    def robots_parsed(self, robotparser, request):
        asked = _crawl_delay(robotparser, self.crawler.settings.get("USER_AGENT") or "*")
        if not asked or asked <= 0:
            return
        delay = min(float(asked), MAX_CRAWL_DELAY_S)
        downloader = self.crawler.engine.downloader
        key = downloader.get_slot_key(request)
        own = downloader.per_slot_settings.get(key, {}).get(
            "delay", self.crawler.settings.getfloat("DOWNLOAD_DELAY"))
        delay = max(delay, own or 0.0)
        downloader.per_slot_settings[key] = {"delay": delay, "concurrency": 1, "jitter": 0}
        slot = downloader.slots.get(key)
        if slot is not None:
            slot.delay, slot.concurrency, slot.jitter = delay, 1, 0
        self.crawler.stats.set_value(f"leafcrawl/crawl_delay/{key}", delay)
        capped = " (capped)" if float(asked) > MAX_CRAWL_DELAY_S else ""
        logger.info("robots.txt of %s asks for Crawl-delay %s: one request every %.1f s%s",
                    key, asked, delay, capped)


def _crawl_delay(robotparser, user_agent: str) -> float | None:
    ask = getattr(robotparser, "crawl_delay", None)
    if ask is None:          # a parser that does not read Crawl-delay
        return None
    try:
        return ask(user_agent)
    except Exception:  # noqa: BLE001 - a broken robots.txt asks nothing
        return None
