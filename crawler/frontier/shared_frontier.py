"""A crawl frontier shared by several crawler processes through Redis (scrapy-redis).

scrapy-redis shares the request queue and the dupefilter, but each process closes as soon
as the shared queue looks empty, even while another process is still fetching pages that
will add links to it; and with a persistent frontier the next crawl of the site would find
every URL already "seen"; and a killed process took its popped requests with it. This
module adds the missing pieces:
- membership: each process heartbeats how many requests it has in flight; an idle process
  stays while another live member is busy, since that member may still feed the queue;
- the last one out clears the site's frontier, so the next crawl starts fresh;
- acknowledgement: scrapy-redis pops a request off the shared queue and forgets it, so the
  requests a killed process had in flight were lost to every process (the dupefilter had
  them as seen). AckedPriorityQueue moves each popped request into its member's in-flight
  hash in the same atomic step; FrontierAckMiddleware deletes it once the response's items
  are through the item pipelines and its links are queued; and a member silent for
  MEMBER_TIMEOUT_S has its in-flight requests put back on the queue by whichever member
  notices first;
- one step for a new link: SharedScheduler marks a request seen and queues it in one Redis
  script, where scrapy-redis's scheduler does the two in turn.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import socket
import time
import uuid

import redis
from scrapy import Request, signals
from scrapy.exceptions import DontCloseSpider, NotConfigured
from scrapy_redis.queue import PriorityQueue
from scrapy_redis.scheduler import Scheduler

from crawler.frontier.request_dict import request_to_dict

logger = logging.getLogger(__name__)

HEARTBEAT_S = 1.0
"""How often a member reports its in-flight count."""

IDLE_POLL_S = 0.2
"""How soon a member that found the shared queue empty, while a peer may still add to it,
looks again. Scrapy's engine looks again only on its 5 s heartbeat: a second process
started beside the first sat the whole crawl of a 576-page blog out (3 s by plain HTTP:
bench/eval_scale_out.py, 576 pages fetched by one process and 0 by the other)."""

MEMBER_TIMEOUT_S = 30.0
"""A member silent this long is presumed dead: it no longer keeps the others waiting, and its
in-flight requests go back on the queue. The environment variable
LEAFCRAWL_FRONTIER_MEMBER_TIMEOUT (seconds) overrides it."""

MEMBER_SETTING = "LEAFCRAWL_FRONTIER_MEMBER"
"""This process's member id, shared by the queue, the middleware and the extension."""

TOKEN_META = "leafcrawl_frontier_token"
"""Request meta: the in-flight hash field of a request popped off the shared queue."""

request_failed = object()
"""Signal (request=, failure=): the request's download failed and the spider yields the
failure's record. A failure goes to the request's errback without passing the spider
middlewares, so the spider says so itself, and FrontierAckMiddleware acknowledges the
request once that record has left the item pipelines, like a page."""

FRONTIER_KEYS = {
    "requests": "{prefix}:frontier:{site}:requests",   # scrapy-redis request queue (ZSET)
    "seen": "{prefix}:frontier:{site}:dupefilter",      # scrapy-redis fingerprints (SET)
    "members": "{prefix}:frontier:{site}:members",      # member id -> JSON {active, at} (HASH)
    # token -> "<queue score>\n<serialized request>" of what a member has popped (HASH)
    "inflight": "{prefix}:frontier:{site}:inflight:{member}",
}


def frontier_key(kind: str, prefix: str, site: str, member: str = "") -> str:
    return FRONTIER_KEYS[kind].format(prefix=prefix, site=site, member=member)


def own_inflight_key(settings) -> str:
    """This process's in-flight hash, from the crawl's settings (frontier_settings)."""
    return frontier_key("inflight", settings.get("LEAFCRAWL_REDIS_PREFIX", "leafcrawl"),
                        settings["LEAFCRAWL_SITE"], settings[MEMBER_SETTING])


def new_member_id() -> str:
    return f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:6]}"


# Pop the queue's first request into the member's in-flight hash, in one step: a process
# killed between the two would lose the request again.
_POP_INTO_FLIGHT = r"""
local first = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
if #first == 0 then return false end
redis.call('ZREM', KEYS[1], first[1])
redis.call('HSET', KEYS[2], ARGV[1], first[2] .. '\n' .. first[1])
return first[1]
"""

# Put a dead member's in-flight requests back on the queue and forget the member, in one
# step, so two members that notice at once do not both do it.
_REQUEUE_FLIGHT = r"""
local entries = redis.call('HVALS', KEYS[1])
for _, entry in ipairs(entries) do
  local cut = string.find(entry, '\n', 1, true)
  redis.call('ZADD', KEYS[2], string.sub(entry, 1, cut - 1), string.sub(entry, cut + 1))
end
redis.call('DEL', KEYS[1])
redis.call('HDEL', KEYS[3], ARGV[1])
return #entries
"""


# Mark a request seen and queue it, in one step: scrapy-redis's scheduler does the two in
# turn, and a process killed between them left a URL seen by every member and queued for none.
# An empty fingerprint is a dont_filter request, queued whether seen or not. A redirect or a
# retry of a request this member popped carries that request's token (ARGV[4]): the request
# is done with once its successor is queued, or its successor's URL was seen already.
_SEE_AND_PUSH = r"""
local added = 1
if ARGV[1] ~= '' and redis.call('SADD', KEYS[1], ARGV[1]) == 0 then
  added = 0
else
  redis.call('ZADD', KEYS[2], ARGV[2], ARGV[3])
end
if ARGV[4] ~= '' then redis.call('HDEL', KEYS[3], ARGV[4]) end
return added
"""


# What a lost Redis raises (scrapy_pipelines._write_or_stop catches the same)
REDIS_DOWN = (redis.ConnectionError, redis.TimeoutError)


def _stop_on_redis_loss(crawler, exc) -> None:
    """The frontier's Redis stopped answering: stop the crawl as the item pipelines do when
    theirs does (a one-line error, crawl again once Redis is back); every later page would
    be fetched only to be lost."""
    from pipelines.scrapy_pipelines import _lost_redis

    _lost_redis(crawler, exc)


class SharedScheduler(Scheduler):
    """scrapy-redis's scheduler whose dupefilter check and queue push are one Redis step,
    which also acknowledges the request a redirect or a retry follows."""

    def open(self, spider):
        super().open(spider)
        if not isinstance(self.queue, PriorityQueue):
            raise NotConfigured("SharedScheduler needs a scrapy-redis PriorityQueue "
                                f"(SCHEDULER_QUEUE_CLASS), not {type(self.queue).__name__}")
        self._see_and_push = self.server.register_script(_SEE_AND_PUSH)
        self.inflight_key = own_inflight_key(spider.crawler.settings)

    def enqueue_request(self, request):
        fingerprint = "" if request.dont_filter else self.df.request_fingerprint(request)
        # Scrapy's redirect and retry middlewares copy the meta: the token is the request's
        # this one follows, and the new one gets its own when popped
        token = request.meta.pop(TOKEN_META, None) or ""
        try:
            added = self._see_and_push(keys=[self.df.key, self.queue.key, self.inflight_key],
                                       args=[fingerprint, -request.priority,
                                             self.queue._encode_request(request), token])
        except REDIS_DOWN as exc:
            _stop_on_redis_loss(self.spider.crawler, exc)
            return False
        if not added:
            self.df.log(request, self.spider)
            return False
        if self.stats:
            self.stats.inc_value("scheduler/enqueued/redis")
        return True

    def has_pending_requests(self) -> bool:
        try:
            return len(self) > 0
        except REDIS_DOWN as exc:
            _stop_on_redis_loss(self.spider.crawler, exc)
            return False

    def next_request(self):
        # scrapy-redis's, less the spider argument Scrapy 2.19 deprecates in stats calls
        try:
            request = self.queue.pop(self.idle_before_close)
        except REDIS_DOWN as exc:
            _stop_on_redis_loss(self.spider.crawler, exc)
            return None
        if request and self.stats:
            self.stats.inc_value("scheduler/dequeued/redis")
        return request


class AckedPriorityQueue(PriorityQueue):
    """scrapy-redis's priority queue whose pop leaves the request in this member's in-flight
    hash until FrontierAckMiddleware acknowledges it (the request's meta carries the token)."""

    def __init__(self, server, spider, key, serializer=None):
        super().__init__(server, spider, key, serializer)
        self.inflight_key = own_inflight_key(spider.crawler.settings)
        self._pop = server.register_script(_POP_INTO_FLIGHT)

    def _encode_request(self, request):
        # scrapy-redis's, without Scrapy's search of the spider's members per request
        return self.serializer.dumps(request_to_dict(request, self.spider))

    def pop(self, timeout=0):
        token = uuid.uuid4().hex
        data = self._pop(keys=[self.key, self.inflight_key], args=[token])
        if not data:
            return None
        request = self._decode_request(data)
        request.meta[TOKEN_META] = token
        return request


def push_back(spider, requests) -> int:
    """Put requests back on the site's shared queue, for a peer or the next member to take
    (a member interrupted while it held pages for later: the dupefilter has seen them, so
    nothing else would ever fetch them). dont_filter, for that reason. A request kept in
    this member's in-flight hash (HeldInFlight) leaves it in the same step."""
    settings = spider.crawler.settings
    server = redis.Redis.from_url(settings["REDIS_URL"])
    try:
        queue = PriorityQueue(server, spider, settings["SCHEDULER_QUEUE_KEY"])
        inflight = own_inflight_key(settings)
        with server.pipeline(transaction=True) as step:
            for request in requests:
                token = request.meta.get(TOKEN_META)
                request = request.replace(dont_filter=True)
                request.meta.pop(TOKEN_META, None)     # the taker pops it with its own
                step.execute_command("ZADD", queue.key, -request.priority,
                                     queue._encode_request(request))
                if token:
                    step.hdel(inflight, token)
            step.execute()
    finally:
        server.close()
    return len(requests)


class HeldInFlight:
    """Requests a member holds back for a while (--render auto: short leaves waiting on the
    trial renders, links waiting on their section's probe), kept in its in-flight hash as if
    popped off the queue.

    Held in memory alone, they died with a member killed meanwhile: the page that led to
    them was acknowledged, a held leaf's URL was in the dupefilter, and a link only that
    page listed was never asked for again. In the hash, a peer puts them back on the queue
    once the member goes silent (SharedFrontier.requeue_dead_peers), a peer waits for them
    as for a busy member's work (busy_peers), and handing one to the scheduler acknowledges
    it (its token, as a redirect's: _SEE_AND_PUSH)."""

    def __init__(self, spider):
        settings = spider.crawler.settings
        self.server = redis.Redis.from_url(settings["REDIS_URL"])
        self.queue = AckedPriorityQueue(self.server, spider, settings["SCHEDULER_QUEUE_KEY"])

    def keep(self, request: Request) -> Request:
        """The request to hold instead: a copy whose token names its in-flight entry (the
        original's own token, if popped, is its response's, acknowledged by
        FrontierAckMiddleware)."""
        held = request.replace()
        held.meta.pop(TOKEN_META, None)
        token = uuid.uuid4().hex
        entry = b"%d\n" % -held.priority + self.queue._encode_request(held)
        self.server.hset(self.queue.inflight_key, token, entry)
        held.meta[TOKEN_META] = token
        return held

    def close(self) -> None:
        self.server.close()


OUTPUTS_WAIT_S = 60.0
"""The longest a response's acknowledgement waits for its items to leave the item pipelines
and its requests to be scheduled. Those are Redis writes of milliseconds; a response whose
outputs never report (an engine closing under it) stays in flight rather than hang the
scraper, which costs a fetch after a crash and loses nothing."""


class _Outputs:
    """A response's outputs the scraper has not yet dealt with."""

    def __init__(self):
        self.left = 0
        self.requests: list[Request] = []
        self.yielded_all = False
        self.dealt_with = asyncio.get_running_loop().create_future()

    def one_done(self) -> None:
        self.left -= 1
        self._check()

    def _check(self) -> None:
        if self.yielded_all and self.left <= 0 and not self.dealt_with.done():
            self.dealt_with.set_result(None)

    def all_yielded(self) -> None:
        self.yielded_all = True
        self._check()


class FrontierAckMiddleware:
    """Spider middleware: a request popped off the shared queue is done once every output of
    its response has been dealt with: its items have left the item pipelines (the page is
    stored and its archive job enqueued) and its requests are on the shared queue. Or, when
    its download failed, once the failure's record has left them (request_failed).

    The scraper takes a response's outputs through a queue and hands them to the item
    pipelines and the scheduler afterwards, so the end of the spider's output is too early:
    a process killed in between lost the page, acknowledged and in the dupefilter, yet never
    archived. A request redirected or retried is acknowledged by SharedScheduler, once its
    successor is queued."""

    def __init__(self, redis, inflight_key: str):
        self.redis = redis
        self.inflight_key = inflight_key
        self._by_response: dict[object, _Outputs] = {}
        self._by_request: dict[object, _Outputs] = {}
        self._failed: dict[object, Request] = {}     # failure -> its request

    @classmethod
    def from_crawler(cls, crawler):
        if not crawler.settings.getbool("LEAFCRAWL_SHARED_FRONTIER"):
            raise NotConfigured
        middleware = cls(redis.Redis.from_url(crawler.settings["REDIS_URL"]),
                         own_inflight_key(crawler.settings))
        connect = crawler.signals.connect
        connect(middleware._request_failed, signal=request_failed)
        for signal in (signals.item_scraped, signals.item_dropped, signals.item_error):
            connect(middleware._item_done, signal=signal)
        # Sent just before the scheduler pushes the request, in the same synchronous step;
        # the acknowledgement it may release runs in a later step of the event loop.
        connect(middleware._request_scheduled, signal=signals.request_scheduled)
        return middleware

    def _ack_request(self, request) -> None:
        token = request.meta.get(TOKEN_META)
        if token:
            try:
                self.redis.hdel(self.inflight_key, token)
            except REDIS_DOWN:
                pass     # the crawl stops on it (SharedScheduler); the request stays in flight

    def _request_failed(self, request, failure=None, **_):
        if failure is None:
            self._ack_request(request)
        else:
            self._failed[failure] = request

    def _item_done(self, item, response, **_):
        outputs = self._by_response.get(response)
        if outputs is not None:
            outputs.one_done()
        elif response in self._failed:      # an errback's items carry its failure
            self._ack_request(self._failed.pop(response))

    def _request_scheduled(self, request, **_):
        outputs = self._by_request.pop(request, None)
        if outputs is not None:
            outputs.one_done()

    async def process_spider_output(self, response, result, spider=None):
        request = response.request
        if request is None or not request.meta.get(TOKEN_META):
            async for output in result:
                yield output
            return
        outputs = self._by_response[response] = _Outputs()
        try:
            async for output in result:
                if output is not None:
                    outputs.left += 1
                    if isinstance(output, Request):
                        self._by_request[output] = outputs
                        outputs.requests.append(output)
                yield output
            outputs.all_yielded()
            try:
                await asyncio.wait_for(outputs.dealt_with, OUTPUTS_WAIT_S)
            except asyncio.TimeoutError:
                logger.warning("%s: its outputs were not all dealt with in %.0f s; it stays "
                               "in flight", response.url, OUTPUTS_WAIT_S)
                return
        finally:
            self._by_response.pop(response, None)
            for output in outputs.requests:
                self._by_request.pop(output, None)
        self._ack_request(request)

    def process_spider_exception(self, response, exception, spider=None):
        if response.request is not None:
            self._ack_request(response.request)


def frontier_settings(prefix: str, site: str, redis_url: str) -> dict:
    """Scrapy settings that put this crawl on the site's shared frontier."""
    return {
        "SCHEDULER": "crawler.frontier.shared_frontier.SharedScheduler",
        "DUPEFILTER_CLASS": "crawler.frontier.fingerprint.RouteAwareRedisDupeFilter",
        "SCHEDULER_QUEUE_CLASS": "crawler.frontier.shared_frontier.AckedPriorityQueue",
        "SCHEDULER_QUEUE_KEY": frontier_key("requests", prefix, site),
        "SCHEDULER_DUPEFILTER_KEY": frontier_key("seen", prefix, site),
        # Persist: one member closing must not flush what the others still work on;
        # SharedFrontier clears it when the last member leaves.
        "SCHEDULER_PERSIST": True,
        "REDIS_URL": redis_url,
        "LEAFCRAWL_SHARED_FRONTIER": True,
        "EXTENSIONS": {"crawler.frontier.shared_frontier.SharedFrontier": 100},
        # Nearest the engine (output passes middlewares from the spider's end to the
        # engine's): what it counts is what the scraper gets, whatever a user's middleware
        # drops on the way
        "SPIDER_MIDDLEWARES": {"crawler.frontier.shared_frontier.FrontierAckMiddleware": 1},
        MEMBER_SETTING: new_member_id(),
        "LEAFCRAWL_FRONTIER_MEMBER_TIMEOUT": float(os.environ.get("LEAFCRAWL_FRONTIER_MEMBER_TIMEOUT")
                                                   or MEMBER_TIMEOUT_S),
    }


def clear_frontier(conn, prefix: str, site: str) -> None:
    """Forget the site's frontier: its queue, seen URLs, members and their requests in flight
    (a crawl that starts afresh)."""
    inflight = list(conn.scan_iter(frontier_key("inflight", prefix, site, "*")))
    conn.delete(*(frontier_key(k, prefix, site) for k in ("requests", "seen", "members")), *inflight)


def recover_frontier(conn, prefix: str, site: str) -> int:
    """Put back on the queue what the site's members had in flight, and forget the members:
    the crawl that called this knows them all dead (it holds the site's job folder). Returns
    how many requests wait on the queue then: 0 when there is nothing to go on with."""
    requeue = conn.register_script(_REQUEUE_FLIGHT)
    members_key = frontier_key("members", prefix, site)
    requests_key = frontier_key("requests", prefix, site)
    base = frontier_key("inflight", prefix, site, "")
    for inflight in conn.scan_iter(base + "*"):
        inflight = inflight.decode() if isinstance(inflight, bytes) else inflight
        member = inflight[len(base):]
        requeue(keys=[inflight, requests_key, members_key], args=[member])
    conn.delete(members_key)
    return conn.zcard(requests_key)


class SharedFrontier:
    def __init__(self, crawler, redis, prefix: str, site: str, member: str | None = None,
                 member_timeout: float = MEMBER_TIMEOUT_S):
        self.crawler = crawler
        self.redis = redis
        self.prefix, self.site = prefix, site
        self.members_key = frontier_key("members", prefix, site)
        self.requests_key = frontier_key("requests", prefix, site)
        self.member = member or new_member_id()
        self.member_timeout = member_timeout
        self._requeue = redis.register_script(_REQUEUE_FLIGHT)
        self._beat = None
        self._poll = None

    @classmethod
    def from_crawler(cls, crawler):
        settings = crawler.settings
        if not settings.getbool("LEAFCRAWL_SHARED_FRONTIER"):
            raise NotConfigured
        conn = redis.Redis.from_url(settings["REDIS_URL"])
        site = settings["LEAFCRAWL_SITE"]
        ext = cls(crawler, conn, settings.get("LEAFCRAWL_REDIS_PREFIX", "leafcrawl"), site,
                  settings.get(MEMBER_SETTING),
                  settings.getfloat("LEAFCRAWL_FRONTIER_MEMBER_TIMEOUT", MEMBER_TIMEOUT_S))
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
        try:
            self._heartbeat()
        except REDIS_DOWN as exc:
            _stop_on_redis_loss(self.crawler, exc)

    def _heartbeat(self) -> None:
        self.redis.hset(self.members_key, self.member, json.dumps({"active": self._in_flight(), "at": time.time()}))

    def spider_opened(self, spider):
        from twisted.internet.task import LoopingCall

        self.heartbeat()
        self._beat = LoopingCall(self.heartbeat)
        self._beat.start(HEARTBEAT_S, now=False)

    def _inflight(self, member: str) -> str:
        return frontier_key("inflight", self.prefix, self.site, member)

    def _peers(self) -> dict[str, dict]:
        peers = {}
        for member, raw in self.redis.hgetall(self.members_key).items():
            member = member.decode() if isinstance(member, bytes) else member
            if member != self.member:
                peers[member] = json.loads(raw)
        return peers

    def busy_peers(self) -> list[str]:
        """Live members that are fetching: by their last heartbeat, or by requests they hold
        in flight (a member may pop requests between two heartbeats)."""
        now = time.time()
        return [m for m, state in self._peers().items()
                if now - state.get("at", 0) < self.member_timeout
                and (state.get("active", 0) > 0
                     or self.redis.exists(self._inflight(m)))]

    def requeue_dead_peers(self) -> int:
        """Put the in-flight requests of members silent for member_timeout back on the
        queue (they are in the dupefilter, so nothing else would ever fetch them again)."""
        now = time.time()
        requeued = 0
        for member, state in self._peers().items():
            if now - state.get("at", 0) >= self.member_timeout:
                inflight = self._inflight(member)
                n = self._requeue(keys=[inflight, self.requests_key, self.members_key], args=[member])
                if n:
                    self.crawler.stats.inc_value("leafcrawl/frontier_requeued", n)
                    logger.warning("shared frontier: member %s went silent; its %d request(s) "
                                   "in flight are back on the queue", member, n)
                requeued += n
        return requeued

    def spider_idle(self, spider):
        try:
            self._heartbeat()
            busy = self.requeue_dead_peers() or self.busy_peers()
        except REDIS_DOWN as exc:
            _stop_on_redis_loss(self.crawler, exc)
            return
        if busy:
            self._look_again_soon()
            raise DontCloseSpider  # requests to fetch, or a peer that may still add some

    def _look_again_soon(self) -> None:
        from twisted.internet import reactor

        if self._poll is None or not self._poll.active():
            self._poll = reactor.callLater(IDLE_POLL_S, self._look_again)

    def _look_again(self) -> None:
        # the engine's own way to run its loop now: what crawl() and a finished download call
        slot = getattr(self.crawler.engine, "_slot", None)
        if slot is not None:
            slot.nextcall.schedule()

    def spider_closed(self, spider, reason):
        if self._beat and self._beat.running:
            self._beat.stop()
        if self._poll is not None and self._poll.active():
            self._poll.cancel()
        try:
            self._leave(reason)
        except REDIS_DOWN:
            # Redis went away (the crawl says so): what this member had in flight stays
            # there, for --resume or a peer once Redis is back
            pass
        self.redis.close()

    def _leave(self, reason) -> None:
        # Scrapy closes once its requests in progress are through, so what is still in
        # flight here was given up on (its outputs never reported: OUTPUTS_WAIT_S)
        self.redis.delete(self._inflight(self.member))
        self.redis.hdel(self.members_key, self.member)
        now = time.time()
        live = [m for m, raw in self.redis.hgetall(self.members_key).items()
                if now - json.loads(raw).get("at", 0) < self.member_timeout]
        if not live and reason == "finished":
            # Last one out: clear the frontier so the next crawl of the site starts fresh.
            clear_frontier(self.redis, self.prefix, self.site)
