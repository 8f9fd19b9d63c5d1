"""A crawl frontier shared by several crawler processes through Redis (scrapy-redis).

scrapy-redis shares the request queue and the dupefilter, but each process closes as soon
as the shared queue looks empty, even while another process is still fetching pages that
will add links to it; and with a persistent frontier the next crawl of the site would find
every URL already "seen". This extension adds the two missing pieces:
- membership: each process heartbeats how many requests it has in flight; an idle process
  stays while another live member is busy, since that member may still feed the queue;
- the last one out clears the site's frontier, so the next crawl starts fresh.
"""

from __future__ import annotations

import json
import os
import socket
import time
import uuid

from scrapy import signals
from scrapy.exceptions import DontCloseSpider, NotConfigured

HEARTBEAT_S = 1.0
"""How often a member reports its in-flight count."""

MEMBER_TIMEOUT_S = 30.0
"""A member silent this long is presumed dead and no longer keeps the others waiting."""

FRONTIER_KEYS = {
    "requests": "{prefix}:frontier:{site}:requests",   # scrapy-redis request queue (ZSET)
    "seen": "{prefix}:frontier:{site}:dupefilter",      # scrapy-redis fingerprints (SET)
    "members": "{prefix}:frontier:{site}:members",      # member id -> JSON {active, at} (HASH)
}


def frontier_key(kind: str, prefix: str, site: str) -> str:
    return FRONTIER_KEYS[kind].format(prefix=prefix, site=site)


def frontier_settings(prefix: str, site: str, redis_url: str) -> dict:
    """Scrapy settings that put this crawl on the site's shared frontier."""
    return {
        "SCHEDULER": "scrapy_redis.scheduler.Scheduler",
        "DUPEFILTER_CLASS": "crawler.fingerprint.RouteAwareRedisDupeFilter",
        "SCHEDULER_QUEUE_CLASS": "scrapy_redis.queue.PriorityQueue",
        "SCHEDULER_QUEUE_KEY": frontier_key("requests", prefix, site),
        "SCHEDULER_DUPEFILTER_KEY": frontier_key("seen", prefix, site),
        # Persist: one member closing must not flush what the others still work on;
        # SharedFrontier clears it when the last member leaves.
        "SCHEDULER_PERSIST": True,
        "REDIS_URL": redis_url,
        "LEAFCRAWL_SHARED_FRONTIER": True,
        "EXTENSIONS": {"crawler.shared_frontier.SharedFrontier": 100},
    }


class SharedFrontier:
    def __init__(self, crawler, redis, prefix: str, site: str):
        self.crawler = crawler
        self.redis = redis
        self.members_key = frontier_key("members", prefix, site)
        self.frontier_keys = [frontier_key(k, prefix, site) for k in ("requests", "seen")]
        self.member = f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:6]}"
        self._beat = None

    @classmethod
    def from_crawler(cls, crawler):
        settings = crawler.settings
        if not settings.getbool("LEAFCRAWL_SHARED_FRONTIER"):
            raise NotConfigured
        import redis

        conn = redis.Redis.from_url(settings["REDIS_URL"])
        site = settings["LEAFCRAWL_SITE"]
        ext = cls(crawler, conn, settings.get("LEAFCRAWL_REDIS_PREFIX", "leafcrawl"), site)
        crawler.signals.connect(ext.spider_opened, signal=signals.spider_opened)
        crawler.signals.connect(ext.spider_idle, signal=signals.spider_idle)
        crawler.signals.connect(ext.spider_closed, signal=signals.spider_closed)
        return ext

    def _in_flight(self) -> int:
        engine = self.crawler.engine
        downloading = len(engine.downloader.active) if engine and engine.downloader else 0
        scraping = len(engine.scraper.slot.active) if engine and engine.scraper.slot else 0
        return downloading + scraping

    def heartbeat(self) -> None:
        self.redis.hset(self.members_key, self.member, json.dumps({"active": self._in_flight(), "at": time.time()}))

    def spider_opened(self, spider):
        from twisted.internet.task import LoopingCall

        self.heartbeat()
        self._beat = LoopingCall(self.heartbeat)
        self._beat.start(HEARTBEAT_S, now=False)

    def busy_peers(self) -> list[str]:
        now = time.time()
        busy = []
        for member, raw in self.redis.hgetall(self.members_key).items():
            member = member.decode() if isinstance(member, bytes) else member
            if member == self.member:
                continue
            state = json.loads(raw)
            if state.get("active", 0) > 0 and now - state.get("at", 0) < MEMBER_TIMEOUT_S:
                busy.append(member)
        return busy

    def spider_idle(self, spider):
        self.heartbeat()
        if self.busy_peers():
            raise DontCloseSpider  # a peer may still add links to the shared queue

    def spider_closed(self, spider, reason):
        if self._beat and self._beat.running:
            self._beat.stop()
        self.redis.hdel(self.members_key, self.member)
        now = time.time()
        live = [m for m, raw in self.redis.hgetall(self.members_key).items()
                if now - json.loads(raw).get("at", 0) < MEMBER_TIMEOUT_S]
        if not live and reason == "finished":
            # Last one out: clear the frontier so the next crawl of the site starts fresh.
            self.redis.delete(self.members_key, *self.frontier_keys)
        self.redis.close()
