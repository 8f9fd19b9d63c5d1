"""Thin Scrapy item pipelines: store every page's score in Redis; enqueue leaf pages for archiving.

Enable with (crawler/settings.py)::

    ITEM_PIPELINES = {"pipelines.scrapy_pipelines.StoreScorePipeline": 300,
                      "pipelines.scrapy_pipelines.EnqueueLeafPipeline": 400}
    LEAFCRAWL_REDIS_URL = "redis://127.0.0.1:6379/0"    # required, else NotConfigured

Both share one Redis client per crawler. The archive job is enqueued by its dotted path
(redis_keys.ARCHIVE_JOB), so this module never imports workers/.
"""

from __future__ import annotations

import logging
import weakref

import redis
from itemadapter import ItemAdapter
from scrapy.exceptions import DropItem, NotConfigured

from pipelines.store import redis_keys as rk
from pipelines.store.score_store import ScoreStore

logger = logging.getLogger(__name__)

JOB_TIMEOUT_S = 180
"""Kill an archive job after this long: rendering and writing one page takes milliseconds,
so anything near this is a hang."""

ARCHIVE_RETRIES = 2
"""Runs an archive job gets after its first: a worker killed mid-job (OOM, a machine lost)
leaves the job abandoned, and RQ's maintenance on any live worker puts a job with retries
left back on the queue instead of into the failed registry; a transient fault (a full disk,
a Redis failover) gets another try. The job counts a failure only on its last run."""

RESULT_TTL_S = 0
"""A finished archive job leaves Redis at once: what it did is counted in its run's counters
and stored in its page's record (archived_path, canonical), and a day of finished jobs and
their results held about 2.7 KB a page (a 20,000-page crawl: 54 MB of 284). Failed jobs
stay (FAILURE_TTL_S), to be inspected."""

FAILURE_TTL_S = 30 * 24 * 3600
"""Keep failed jobs (with their traceback) a month so failures can be inspected and requeued."""

STAT_ENQUEUED = "leafcrawl/enqueued"
"""Scrapy stats key counting archive jobs enqueued."""

STAT_STORED = "leafcrawl/stored"
"""Scrapy stats key counting page records stored."""

REDIS_LOST = "redis_unavailable"
"""Finish reason of a crawl whose Redis went away: every later page would be fetched only to
be lost, so the crawl stops at once (crawl_runner turns it into a one-line error)."""

STAT_REDIS_LOST = "leafcrawl/redis_lost"
"""Scrapy stats key holding why Redis was lost (the first error's first line)."""


FEED_DAYS_FIELD = "feed_dates"
"""The item a fetched feed yields (crawler/spiders/feed_requests.py): {"feed": its URL,
FEED_DAYS_FIELD: {feed key: day}}. It is no page: no record, no archive, no JSON line."""

STAT_FEED_DAYS = "leafcrawl/feed_days"
"""Scrapy stats key counting feeds whose days were stored."""


def is_feed_item(item) -> bool:
    return isinstance(item, dict) and FEED_DAYS_FIELD in item


def _lost_redis(crawler, exc: redis.RedisError) -> DropItem:
    """Stop the crawl once Redis stops answering; the DropItem to raise for this item."""
    reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    stats = crawler.stats
    if stats is not None and not stats.get_value(STAT_REDIS_LOST):
        stats.set_value(STAT_REDIS_LOST, reason)
        logger.error("Redis went away (%s): closing the crawl", reason)
        from scrapy.utils.defer import deferred_from_coro

        deferred_from_coro(crawler.engine.close_spider_async(reason=REDIS_LOST))
    return DropItem(f"not stored, Redis went away: {reason}")


def _write_or_stop(crawler, write, stat: str) -> None:
    """Run a pipeline's Redis write and count it in ``stat``; a lost connection stops the
    crawl (_lost_redis) and drops the item."""
    try:
        write()
    except (redis.ConnectionError, redis.TimeoutError) as exc:
        raise _lost_redis(crawler, exc) from None
    if crawler.stats is not None:
        crawler.stats.inc_value(stat)


_connections: "weakref.WeakKeyDictionary[object, redis.Redis]" = weakref.WeakKeyDictionary()


def redis_for(crawler) -> redis.Redis:
    """The one Redis client of ``crawler`` (from LEAFCRAWL_REDIS_URL); NotConfigured if unset."""
    url = crawler.settings.get(rk.REDIS_URL_SETTING)
    if not url:
        raise NotConfigured(f"{rk.REDIS_URL_SETTING} is not set")
    conn = _connections.get(crawler)
    if conn is None:
        conn = _connections[crawler] = redis.Redis.from_url(url)
    return conn


def _close_connection(crawler) -> None:
    conn = _connections.pop(crawler, None)
    if conn is not None:
        conn.close()


class StoreScorePipeline:
    """Saves every page item (score, breakdown, status …) through ScoreStore.

    Items of pages that failed (an ``error`` and no score) go through
    ScoreStore.record_failure, which keeps the score of an earlier successful crawl.
    """

    def __init__(self, crawler, store: ScoreStore):
        self.crawler = crawler
        self.store = store

    @classmethod
    def from_crawler(cls, crawler):
        conn = redis_for(crawler)
        return cls(crawler, ScoreStore(conn, rk.prefix_from_settings(crawler.settings)))

    def process_item(self, item):
        if is_feed_item(item):      # no page: EnqueueLeafPipeline keeps its days
            return item
        _write_or_stop(self.crawler, lambda: self._store(ItemAdapter(item)), STAT_STORED)
        return item

    def _store(self, record: ItemAdapter) -> None:
        if record.get("not_modified"):
            self.store.note_not_modified(record["url"], record["checked_at"])
        elif record.get("error") and record.get("score") is None:
            status = record.get("status")
            self.store.record_failure(
                record["url"], record["site"], record["error"], record.get("depth"),
                record.get("referrer"), fetched_at=record.get("fetched_at"),
                referrer_score=record.get("referrer_score"),
                status=status if status not in (None, "") else "error",
            )
        else:
            self.store.save_page(dict(record.items()))

    def close_spider(self):
        _close_connection(self.crawler)


class EnqueueLeafPipeline:
    """Enqueues ``workers.jobs.archive_page`` for items with verdict "leaf" and archive=True."""

    def __init__(self, crawler, conn: redis.Redis, *, queue: str, prefix: str, run_id: str,
                 archive_dir: str):
        from rq import Queue, Retry

        self.crawler = crawler
        self.redis = conn
        self.queue = Queue(queue, connection=conn)
        self.retry = Retry(max=ARCHIVE_RETRIES)
        self.prefix = prefix
        self.run_id = run_id
        self.archive_dir = archive_dir

    @classmethod
    def from_crawler(cls, crawler):
        settings = crawler.settings
        conn = redis_for(crawler)
        run_id = settings.get(rk.RUN_ID_SETTING)
        if not run_id:
            run_id = rk.new_run_id()
            logger.info("%s not set: this run is %s", rk.RUN_ID_SETTING, run_id)
        return cls(crawler, conn, queue=rk.queue_from_settings(settings),
                   prefix=rk.prefix_from_settings(settings), run_id=str(run_id),
                   archive_dir=rk.archive_dir_from_settings(settings))

    def payload(self, item: ItemAdapter) -> dict:
        """The archive job's JSON-able argument (docs/interfaces.md)."""
        blocks = [b.to_dict() if hasattr(b, "to_dict") else dict(b) for b in item.get("blocks") or []]
        return {
            "url": item["url"],
            "site": item.get("site"),
            "run_id": self.run_id,
            "prefix": self.prefix,
            "archive_dir": self.archive_dir,
            "blocks": blocks,
            "title": item.get("title"),
            "author": item.get("author"),
            "date_published": item.get("date_published"),
            "canonical_url": item.get("canonical_url"),
            "fetched_at": item.get("fetched_at"),
            "score": item.get("score"),
            "verdict": item.get("verdict"),
            "content_hash": item.get("content_hash"),
            "part_of": item.get("part_of"),
        }

    def process_item(self, item):
        if is_feed_item(item):
            _write_or_stop(self.crawler, lambda: self._keep_feed_days(item), STAT_FEED_DAYS)
            return item
        adapter = ItemAdapter(item)
        if adapter.get("verdict") != "leaf" or not adapter.get("archive"):
            return item
        _write_or_stop(self.crawler, lambda: self._enqueue(self.payload(adapter)), STAT_ENQUEUED)
        return item

    def _enqueue(self, payload: dict) -> None:
        run_key = rk.run_key(self.prefix, self.run_id)
        # Count first: "enqueued" is never below the jobs' done counters, so a waiter that
        # compares them cannot see a run finished while a job is still on its way.
        self.redis.hincrby(run_key, rk.COUNTER_ENQUEUED, 1)
        try:
            self.queue.enqueue(
                rk.ARCHIVE_JOB, payload, retry=self.retry,
                job_timeout=JOB_TIMEOUT_S, result_ttl=RESULT_TTL_S, failure_ttl=FAILURE_TTL_S,
                description=f"archive {payload['url']}",
            )
        except BaseException:
            self.redis.hincrby(run_key, rk.COUNTER_ENQUEUED, -1)
            raise

    def _keep_feed_days(self, item: dict) -> None:
        """Store the days a feed gives its pages, and date the files archived before it came
        (workers/feed_dating.py)."""
        days = item[FEED_DAYS_FIELD]
        if not days:
            return
        self.redis.hset(rk.feed_dates_key(self.prefix), mapping=days)
        self.queue.enqueue(rk.FEED_DATE_JOB, {"prefix": self.prefix, "keys": sorted(days)},
                           job_timeout=JOB_TIMEOUT_S, result_ttl=RESULT_TTL_S,
                           failure_ttl=FAILURE_TTL_S, description=f"date from {item['feed']}")

    def close_spider(self):
        _close_connection(self.crawler)
