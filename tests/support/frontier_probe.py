"""An item pipeline for tests of the shared frontier: it notes, for each page, whether the
page's request was still in its member's in-flight hash when the page's item reached the
item pipelines. Were it acknowledged already, a process killed then would lose the page."""

from __future__ import annotations

import redis

from crawler.frontier.shared_frontier import own_inflight_key

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


def release_once_members_joined(held, conn: redis.Redis, prefix: str, site: str, members: int,
                                timeout: float = 120.0) -> None:
    """Answer the held start page once `members` crawler processes have joined the site's
    frontier. Started together, one process can otherwise crawl a small site whole and
    leave (clearing the frontier, as the last one out does) before the other has even
    imported Scrapy: two crawls one after the other, every page fetched twice."""
    import time

    from crawler.frontier.shared_frontier import frontier_key

    assert held.wait_for_arrivals(1, timeout), "the start page was never requested"
    key = frontier_key("members", prefix, site)
    deadline = time.monotonic() + timeout
    while conn.hlen(key) < members:
        assert time.monotonic() < deadline, f"only {conn.hlen(key)} of {members} joined"
        time.sleep(0.05)
    held.release()
