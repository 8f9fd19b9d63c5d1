"""The spider's wiring of the in-page collector: in browser mode it analyses the collector's
HTML; when the collector failed, or in plain mode, the response body (unmeasured)."""

from __future__ import annotations

import asyncio
import logging

import pytest
from scrapy.http import HtmlResponse, Request
from scrapy.utils.test import get_crawler

from crawler.rendering.page_collector import collect_measured_html, collector_page_method, collector_result
from crawler.rendering.page_settle import settle_page_methods
from crawler.spiders.site_spider import SiteSpider
from pipelines.store.site_config import SiteConfig

URL = "https://example.org/post/"
BODY = (b"<html><body><article><h1>A post</h1><p>BODY-TEXT the page as page.content() read it, "
        b"long enough to be a paragraph of its own.</p></article></body></html>")
MEASURED = ('<html data-lc-measured="1"><body data-lc-rect="0,0,800,600"><article data-lc-rect="0,0,800,200">'
            '<h1 data-lc-rect="0,0,800,40">A post</h1><p data-lc-rect="0,50,800,40">MEASURED-TEXT the page '
            'as the collector serialised it, long enough to be a paragraph.</p></article></body></html>')


def make_spider(render: str) -> SiteSpider:
    cfg = SiteConfig(name="example", start_urls=[URL], render=render)
    # pages analysed on this thread: these tests are about what the collector hands over
    crawler = get_crawler(SiteSpider, settings_dict={"LEAFCRAWL_RENDER": render,
                                                     "LEAFCRAWL_ANALYSIS_PROCESSES": 0})
    return SiteSpider.from_crawler(crawler, site_config=cfg)


def response_for(request: Request, result=None) -> HtmlResponse:
    if result is not None:
        for pm in request.meta["playwright_page_methods"]:
            if pm.method is collect_measured_html:
                pm.result = result
    return HtmlResponse(url=request.url, body=BODY, encoding="utf-8", request=request)


def page_text(spider, response) -> str:
    items = [x for x in asyncio.run(spider.parse_page(response)) if isinstance(x, dict)]
    assert len(items) == 1
    return " ".join(b["text"] for b in items[0]["blocks"])


def test_browser_requests_measure_after_settling():
    spider = make_spider("always")
    methods = spider.page_request(URL, None, None).meta["playwright_page_methods"]
    assert len(methods) == len(settle_page_methods(300, 3000)) + 1
    assert methods[-1].method is collect_measured_html


def test_plain_requests_run_no_collector():
    spider = make_spider("never")
    request = spider.page_request(URL, None, None)
    assert "playwright_page_methods" not in request.meta
    assert collector_result(request.meta) is None
    assert "BODY-TEXT" in page_text(spider, response_for(request))


def test_browser_mode_analyses_the_collector_html():
    spider = make_spider("always")
    request = spider.page_request(URL, None, None)
    text = page_text(spider, response_for(request, {"html": MEASURED, "wallMs": 3.0}))
    assert "MEASURED-TEXT" in text and "BODY-TEXT" not in text
    assert spider.crawler.stats.get_value("leafcrawl/measured") == 1


@pytest.mark.parametrize("result", [{"error": "collector timed out after 5 s", "wallMs": 5000.0}, None])
def test_collector_failure_falls_back_to_the_body(result, caplog):
    spider = make_spider("always")
    request = spider.page_request(URL, None, None)   # result None: the method never ran
    with caplog.at_level(logging.INFO):
        text = page_text(spider, response_for(request, result))
    assert "BODY-TEXT" in text
    assert spider.crawler.stats.get_value("leafcrawl/unmeasured") == 1
    assert any("unmeasured" in r.getMessage() and r.levelno == logging.INFO for r in caplog.records)


def test_collector_method_survives_pickling():
    """The shared frontier pickles requests into Redis; the collector must come back as itself."""
    import pickle

    pm = pickle.loads(pickle.dumps(collector_page_method()))
    assert pm.method is collect_measured_html
    assert collector_result({"playwright_page_methods": [pm]}) == {"error": "collector did not run"}


def test_a_fault_of_the_analysis_is_the_pages_failure_not_a_lost_page(monkeypatch, caplog):
    import crawler.spiders.analysis_pool as analysis_pool

    def broken(*args, **kwargs):
        raise ValueError("Invalid IPv6 URL")

    monkeypatch.setattr(analysis_pool, "analyze_page", broken)
    spider = make_spider("never")
    spider.crawler.stats.open_spider()
    request = spider.page_request(URL, None, None)
    with caplog.at_level(logging.ERROR):
        items = asyncio.run(spider.parse_page(response_for(request)))
    assert len(items) == 1 and items[0]["url"] == URL and items[0]["verdict"] is None
    assert items[0]["error"] == "analysis failed: ValueError: Invalid IPv6 URL"
    assert spider.errors == [(URL, items[0]["error"])]
    assert spider.crawler.stats.get_value("leafcrawl/failures") == 1
    assert "Traceback" in caplog.text and "Invalid IPv6 URL" in caplog.text
