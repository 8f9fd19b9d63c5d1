"""The rate-limit middleware on Scrapy's own downloader: how long a slot waits, how its pace
falls on a 429 and comes back after calm answers."""
from __future__ import annotations

import email.utils
import time
import types

import pytest
from scrapy import Request
from scrapy.core.downloader import Downloader, Slot
from scrapy.http import Response
from scrapy.utils.test import get_crawler

from crawler.politeness.rate_limits import (ATTEMPTS_META, BACKOFF_S, MAX_RETRIES, RATE_LIMITED_MIN_DELAY_S,
                                 RECOVER_AFTER, RateLimitMiddleware, retry_after_s)

URL = "https://blog.example/posts/one/"


def setup(delay=0.0):
    # no download handler: nothing is downloaded here, and the HTTP one wants a running reactor
    crawler = get_crawler(settings_dict={"DOWNLOAD_DELAY": delay, "CONCURRENT_REQUESTS_PER_DOMAIN": 8,
                                         "DOWNLOAD_HANDLERS": {"http": None, "https": None}})
    crawler.stats.open_spider()
    downloader = Downloader(crawler)
    crawler.engine = types.SimpleNamespace(downloader=downloader)
    # the slot the request was downloaded through, as Downloader._get_slot makes it (which
    # would also start the slots' collector, a looping call on a running reactor)
    slot = downloader.slots["blog.example"] = Slot(8, delay, 0.5)
    request = Request(URL, meta={downloader.DOWNLOAD_SLOT: "blog.example"})
    return RateLimitMiddleware(crawler), downloader, slot, request


def answer(request, status, retry_after=None):
    headers = {"Retry-After": retry_after} if retry_after is not None else {}
    return Response(request.url, status=status, headers=headers, request=request)


def test_retry_after_in_seconds_or_as_a_date():
    assert retry_after_s(b"120") == 120.0
    now = time.time()
    date = email.utils.formatdate(now + 30, usegmt=True)
    assert 28 <= retry_after_s(date, now=now) <= 31
    assert retry_after_s(email.utils.formatdate(now - 30, usegmt=True), now=now) == 0.0
    assert retry_after_s(None) is None and retry_after_s("soon") is None


def test_a_429_holds_the_slot_as_asked_and_slows_it_once_per_burst():
    mw, downloader, slot, request = setup()
    retry = mw.process_response(request, answer(request, 429, "7"), None)
    assert isinstance(retry, Request) and retry.dont_filter and retry.meta[ATTEMPTS_META] == 1
    assert (slot.delay, slot.concurrency, slot.jitter) == (RATE_LIMITED_MIN_DELAY_S, 1, 0.0)
    # the next request leaves once lastseen + delay has passed: 7 s from now
    assert 6.5 <= slot.lastseen + slot.delay - time.monotonic() <= 7.0
    # the other requests of the same burst: the wait stands, the pace is not halved again
    other = Request("https://blog.example/posts/two/", meta={downloader.DOWNLOAD_SLOT: "blog.example"})
    mw.process_response(other, answer(other, 429, "3"), None)
    assert slot.delay == RATE_LIMITED_MIN_DELAY_S
    assert downloader.per_slot_settings["blog.example"]["delay"] == RATE_LIMITED_MIN_DELAY_S


def test_without_retry_after_the_wait_doubles_and_the_page_is_given_up_at_last():
    mw, _, slot, request = setup()
    for attempt in range(1, MAX_RETRIES + 1):
        request = mw.process_response(request, answer(request, 429), None)
        assert request.meta[ATTEMPTS_META] == attempt
        wait = slot.lastseen + slot.delay - time.monotonic()
        assert BACKOFF_S * 2 ** (attempt - 1) - 0.5 <= wait <= BACKOFF_S * 2 ** (attempt - 1)
        mw.limited["blog.example"].held_until = 0.0    # as if the wait had passed
    response = answer(request, 429)
    assert mw.process_response(request, response, None) is response
    assert request.meta["dont_retry"] is True
    assert mw.crawler.stats.get_value("leafcrawl/rate_limited_given_up") == 1


@pytest.mark.parametrize("status,header", [(503, None), (500, "5"), (404, None)])
def test_other_answers_pass_through(status, header):
    mw, _, slot, request = setup()
    response = answer(request, status, header)
    assert mw.process_response(request, response, None) is response
    assert slot.delay == 0.0 and not mw.limited


def test_a_503_with_retry_after_is_waited_out_too():
    mw, _, _, request = setup()
    assert isinstance(mw.process_response(request, answer(request, 503, "2"), None), Request)


def test_calm_answers_bring_the_pace_back_down_to_the_slots_own():
    mw, downloader, slot, request = setup(delay=0.5)
    before = (slot.delay, slot.concurrency, slot.jitter)
    for _ in range(2):                                   # two limits, waited out: 2 s
        mw.process_response(request, answer(request, 429, "1"), None)
        mw.limited["blog.example"].held_until = 0.0
    assert slot.delay == 2 * RATE_LIMITED_MIN_DELAY_S
    ok = answer(request, 200)
    for _ in range(RECOVER_AFTER - 1):
        assert mw.process_response(request, ok, None) is ok
    assert slot.delay == 2 * RATE_LIMITED_MIN_DELAY_S
    mw.process_response(request, ok, None)
    assert slot.delay == RATE_LIMITED_MIN_DELAY_S and slot.concurrency == 1
    for _ in range(RECOVER_AFTER):
        mw.process_response(request, ok, None)
    assert (slot.delay, slot.concurrency, slot.jitter) == before
    assert not mw.limited
    assert downloader.per_slot_settings["blog.example"]["delay"] == 0.5


def test_a_rendered_page_whose_429_chromium_failed_is_waited_out_from_its_noted_answer():
    from playwright.async_api import Error as PlaywrightError

    from crawler.rendering.page_settle import NAV_ANSWER_META

    mw, _, slot, request = setup()
    failed = PlaywrightError(f"Page.goto: net::ERR_HTTP_RESPONSE_CODE_FAILURE at {URL}")
    request.meta[NAV_ANSWER_META] = {"status": 429, "retry_after": "2"}
    retry = mw.process_exception(request, failed, None)
    assert isinstance(retry, Request) and NAV_ANSWER_META not in retry.meta
    assert 1.5 <= slot.lastseen + slot.delay - time.monotonic() <= 2.0
    # any other status, or any other failure, is not a rate limit
    request.meta[NAV_ANSWER_META] = {"status": 404, "retry_after": None}
    assert mw.process_exception(request, failed, None) is None
    request.meta[NAV_ANSWER_META] = {"status": 429, "retry_after": "2"}
    assert mw.process_exception(request, PlaywrightError("net::ERR_CONNECTION_RESET"), None) is None
