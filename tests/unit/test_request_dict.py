"""Requests stored by the disk queue and the shared frontier: the dict Scrapy's to_dict makes,
callback and errback named without searching the spider's members each time."""
from __future__ import annotations

import pytest
import scrapy
from scrapy.utils.request import request_from_dict
from scrapy.utils.test import get_crawler

from crawler.frontier.request_dict import FifoDiskQueue, request_to_dict
from crawler.spiders.site_spider import SiteSpider
from pipelines.store.site_config import config_from_url

BASE = "http://127.0.0.1:8000"


def spider() -> SiteSpider:
    crawler = get_crawler(SiteSpider, settings_dict={"LEAFCRAWL_RENDER": "never"})
    crawler.stats.open_spider()
    s = SiteSpider.from_crawler(crawler, site_config=config_from_url(BASE + "/"))
    crawler.spider = s
    return s


def test_a_page_request_becomes_the_dict_scrapy_makes():
    s = spider()
    request = s.page_request(BASE + "/post/", referrer=BASE + "/", referrer_score=3.0)
    assert callable(request.callback) and callable(request.errback)
    ours = request_to_dict(request, s)
    assert ours == request.to_dict(spider=s)
    assert (ours["callback"], ours["errback"]) == ("parse_page", "on_error")
    # the request itself is left as it was
    assert request.callback == s.parse_page and request.errback == s.on_error
    back = request_from_dict(ours, spider=s)
    assert back.callback == s.parse_page and back.url == request.url and back.meta == request.meta


def test_requests_without_callbacks_or_with_another_objects_are_scrapys_business():
    s = spider()
    plain = scrapy.Request(BASE + "/x/", priority=3, meta={"depth": 2})
    assert request_to_dict(plain, s) == plain.to_dict(spider=s)

    class Other:
        def parse(self, response):
            return None

    foreign = scrapy.Request(BASE + "/y/", callback=Other().parse)
    with pytest.raises(ValueError):          # Scrapy's own error: not a method of the spider
        request_to_dict(foreign, s)


def test_the_disk_queue_gives_back_the_request_it_was_given(tmp_path):
    s = spider()
    queue = FifoDiskQueue.from_crawler(s.crawler, str(tmp_path / "q"))
    requests = [s.page_request(f"{BASE}/p{i}/", referrer=BASE + "/", referrer_score=1.0)
                for i in range(3)]
    for request in requests:
        queue.push(request)
    popped = [queue.pop() for _ in requests]
    queue.close()
    assert [r.url for r in popped] == [r.url for r in requests]
    assert all(r.callback == s.parse_page and r.errback == s.on_error for r in popped)
    assert [r.meta for r in popped] == [r.meta for r in requests]
