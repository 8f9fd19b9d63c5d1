"""An item pipeline for tests of the shared frontier: it notes, for each page, whether the
page's request was still in its member's in-flight hash when the page's item reached the
item pipelines. Were it acknowledged already, a process killed then would lose the page."""

from __future__ import annotations

import redis

from crawler.shared_frontier import own_inflight_key

PROBE_KEY_SUFFIX = ":test:in-flight-at-pipeline"


class InFlightProbe:
    def __init__(self, conn: redis.Redis, inflight_key: str, probe_key: str):
        self.redis = conn
        self.inflight_key = inflight_key
        self.probe_key = probe_key

    @classmethod
    def from_crawler(cls, crawler):
        settings = crawler.settings
        return cls(redis.Redis.from_url(settings["REDIS_URL"]), own_inflight_key(settings),
                   settings["LEAFCRAWL_REDIS_PREFIX"] + PROBE_KEY_SUFFIX)

    def process_item(self, item):
        url = item.get("url")
        if url:
            held = any(url.encode() in entry for entry in self.redis.hvals(self.inflight_key))
            self.redis.hset(self.probe_key, url, int(held))
        return item
