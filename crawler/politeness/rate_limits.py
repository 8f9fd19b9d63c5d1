"""Back off when a site says it is asked too often: 429 Too Many Requests, and 503 with a
Retry-After.

Scrapy retries a 429 like any error (RETRY_TIMES, at once), so a site that rate-limits a
crawl of sixteen requests at a time answered its retries with 429 too, and those pages
failed. Here the host's downloader slot waits as long as the answer's Retry-After asks
(else BACKOFF_S, doubled on each further 429 of the same page), then goes on one request at
a time, twice as far apart as before (RATE_LIMITED_MIN_DELAY_S at first), and the page is
asked for again. After RECOVER_AFTER answers without a 429 the pace doubles back, down to
the host's own. A wait longer than MAX_WAIT_S (a site that says "come back in an hour"), or
a page limited MAX_RETRIES times, fails as the HTTP status it got, and the crawl goes on.
The summary says how often the site limited the crawl and the slowest pace it took.
"""

from __future__ import annotations

import email.utils
import logging
import time
from dataclasses import dataclass

from scrapy.exceptions import NotConfigured

from crawler.rendering.page_settle import NAV_ANSWER_META, unshown_answer

logger = logging.getLogger(__name__)

BACKOFF_S = 5.0
"""The wait after a 429 that names none, doubled on each further 429 of the same page."""

MAX_WAIT_S = 300.0
"""A Retry-After beyond this fails the page instead of stalling the crawl (the site is
closed to crawlers for now); LEAFCRAWL_RATE_LIMIT_MAX_WAIT overrides it."""

MAX_RETRIES = 5
"""429s of one page before it fails: 5 + 10 + 20 + 40 + 80 s of waiting without Retry-After."""

RATE_LIMITED_MIN_DELAY_S = 1.0
"""The pace after a first 429, when the crawl had no delay: one request a second."""

MAX_DELAY_S = 60.0
"""The slowest pace backing off reaches, as robots.txt's Crawl-delay is capped."""

RECOVER_AFTER = 50
"""Answers without a 429 in a row after which a slowed host's pace doubles back: a limit hit
once does not slow the rest of a crawl of thousands of pages."""

ATTEMPTS_META = "leafcrawl_rate_limited"
"""Request meta: how often this page was answered 429 (or 503 with Retry-After)."""

RATE_LIMIT_STATUSES = frozenset({429, 503})
"""Answers that may say the site is asked too often (a 503 only with a Retry-After)."""


def retry_after_s(value: bytes | str | None, now: float | None = None) -> float | None:
    """Seconds a Retry-After header asks for: delta-seconds or an HTTP-date; None when it
    is absent or unreadable."""
    if value is None:
        return None
    text = value.decode("latin-1") if isinstance(value, bytes) else value
    text = text.strip()
    if text.isdigit():
        return float(text)
    try:
        when = email.utils.parsedate_to_datetime(text)
    except (TypeError, ValueError, IndexError):
        return None
    if when is None:
        return None
    return max(0.0, when.timestamp() - (time.time() if now is None else now))


@dataclass
class _Limited:
    """A host slot under a rate limit: its own pace before the first 429, the pace now, the
    end of its current wait (time.monotonic()) and the answers since the last 429."""
    before: tuple[float, int, float]      # (delay, concurrency, jitter)
    pace: float
    held_until: float
    calm: int = 0


class RateLimitMiddleware:
    """Downloader middleware: between Scrapy's RetryMiddleware (550) and the download, so a
    rate-limited answer is waited out here and never reaches the immediate retry."""

    def __init__(self, crawler, max_wait_s: float = MAX_WAIT_S):
        self.crawler = crawler
        self.max_wait_s = max_wait_s
        self.limited: dict[str, _Limited] = {}     # slot key -> its state

    @classmethod
    def from_crawler(cls, crawler):
        if not crawler.settings.getbool("LEAFCRAWL_RATE_LIMITS", True):
            raise NotConfigured
        return cls(crawler, crawler.settings.getfloat("LEAFCRAWL_RATE_LIMIT_MAX_WAIT", MAX_WAIT_S))

    def process_response(self, request, response, spider=None):
        status = response.status
        if status not in RATE_LIMIT_STATUSES:
            if self.limited:
                self._calm(request)
            return response
        retry = self._wait_out(request, status, response.headers.get("Retry-After"))
        return response if retry is None else retry

    def process_exception(self, request, exception, spider=None):
        """A rendered page answered 429 with an empty body: Chromium failed the navigation
        (ERR_HTTP_RESPONSE_CODE_FAILURE), and the answer's status is in NAV_ANSWER_META."""
        answer = unshown_answer(request.meta, exception)
        if not answer or answer.get("status") not in RATE_LIMIT_STATUSES:
            return None
        return self._wait_out(request, answer["status"], answer.get("retry_after"))

    def _wait_out(self, request, status: int, retry_after):
        """The request again once the wait is over (None: not a rate limit, or given up)."""
        asked = retry_after_s(retry_after)
        if status == 503 and asked is None:
            return None              # a server error, for Scrapy's retry
        attempts = request.meta.get(ATTEMPTS_META, 0) + 1
        wait = asked if asked is not None else BACKOFF_S * 2 ** (attempts - 1)
        stats = self.crawler.stats
        stats.inc_value("leafcrawl/rate_limited")
        if attempts > MAX_RETRIES or wait > self.max_wait_s:
            why = (f"asked to wait {wait:.0f} s" if wait > self.max_wait_s
                   else f"rate-limited {attempts} times")
            logger.warning("%s answered %s (%s): given up", request.url, status, why)
            stats.inc_value("leafcrawl/rate_limited_given_up")
            request.meta["dont_retry"] = True    # Scrapy's retry would only be limited again
            return None
        pace = self._slow_down(request, wait)
        logger.info("%s answered %s: waiting %.0f s, then one request every %.1f s",
                    request.url, status, wait, pace)
        retry = request.replace(dont_filter=True)
        retry.meta[ATTEMPTS_META] = attempts
        retry.meta.pop(NAV_ANSWER_META, None)
        return retry

    def _slot(self, request):
        downloader = self.crawler.engine.downloader
        key = downloader.get_slot_key(request)
        return downloader, key, downloader.slots.get(key)

    def _slow_down(self, request, wait: float) -> float:
        """Hold the host's slot for `wait` seconds and halve its pace. Returns the pace. The
        answers of one burst (sixteen requests were out at once) halve it once: while the
        slot is held, a further 429 only lengthens the wait."""
        downloader, key, slot = self._slot(request)
        now = time.monotonic()
        state = self.limited.get(key)
        if state is None:
            before = ((slot.delay, slot.concurrency, slot.jitter) if slot is not None else
                      (self.crawler.settings.getfloat("DOWNLOAD_DELAY"),
                       self.crawler.settings.getint("CONCURRENT_REQUESTS_PER_DOMAIN"), 0.0))
            state = self.limited[key] = _Limited(before, before[0], now)
        if state.held_until <= now:
            state.pace = min(max(2 * state.pace, RATE_LIMITED_MIN_DELAY_S), MAX_DELAY_S)
        state.held_until = max(state.held_until, now + wait)
        state.calm = 0
        self._apply(downloader, key, slot, (state.pace, 1, 0.0))
        if slot is not None:
            # the slot sends its next request once lastseen + delay has passed
            slot.lastseen = max(slot.lastseen, state.held_until - state.pace)
        self.crawler.stats.max_value(f"leafcrawl/rate_limited_pace/{key}", state.pace)
        return state.pace

    def _calm(self, request) -> None:
        """An answer that was not limited, on a slot that was: after RECOVER_AFTER of them in
        a row, the pace doubles back, down to the slot's own (the user's --delay, robots.txt's
        Crawl-delay), and then the slot is as it was."""
        downloader, key, slot = self._slot(request)
        state = self.limited.get(key)
        if state is None or state.held_until > time.monotonic():
            return
        state.calm += 1
        if state.calm < RECOVER_AFTER:
            return
        state.calm = 0
        faster = state.pace / 2
        if faster < max(state.before[0], RATE_LIMITED_MIN_DELAY_S):
            self._apply(downloader, key, slot, state.before)
            del self.limited[key]
            logger.info("%s: %d answers without a 429: back to its own pace", key, RECOVER_AFTER)
            return
        state.pace = faster
        self._apply(downloader, key, slot, (faster, 1, 0.0))
        logger.info("%s: %d answers without a 429: one request every %.1f s",
                    key, RECOVER_AFTER, faster)

    @staticmethod
    def _apply(downloader, key: str, slot, pace: tuple[float, int, float]) -> None:
        """The slot's delay, concurrency and jitter, kept when Scrapy recycles an idle slot
        (per_slot_settings, as crawl_delay.py keeps robots.txt's Crawl-delay)."""
        delay, concurrency, jitter = pace
        downloader.per_slot_settings[key] = dict(
            downloader.per_slot_settings.get(key, {}), delay=delay, concurrency=concurrency,
            jitter=jitter)
        if slot is not None:
            slot.delay, slot.concurrency, slot.jitter = delay, concurrency, jitter
