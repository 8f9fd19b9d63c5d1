"""--render auto's section probes in the spider (SiteSpider.follow, closed): the first link into
a section the start probes did not see is held and probed, the section's later links wait
with it, the links of known sections go at once; held links survive an interruption."""

from __future__ import annotations

import asyncio

from scrapy.utils.test import get_crawler

from crawler.rendering.render_sections import SectionProbes
from crawler.spiders.site_spider import SiteSpider
from pipelines.store.site_config import config_from_url

BASE = "http://127.0.0.1:8000"


def plain_auto_spider(settings=None):
    crawler = get_crawler(SiteSpider, settings_dict={"LEAFCRAWL_RENDER": "auto", **(settings or {})})
    crawler.stats.open_spider()
    spider = SiteSpider.from_crawler(crawler, site_config=config_from_url(BASE + "/", render="auto"))
    spider.sections = SectionProbes([BASE + "/", BASE + "/posts/first/"])   # as decide_render leaves it
    spider.probed = []
    spider.start_section_probe = spider.probed.append
    return spider


def test_links_into_a_new_section_wait_for_its_first_page_probe():
    spider = plain_auto_spider({"DEPTH_PRIORITY": 1})     # crawler/settings.py's breadth-first
    links = [BASE + "/posts/second/", BASE + "/docs/a/", BASE + "/about/", BASE + "/docs/b/"]
    sent = list(spider.follow(links, {"depth": 1}, referrer=BASE + "/", referrer_score=9.0))
    assert [r.url for r in sent] == [BASE + "/posts/second/", BASE + "/about/"]
    assert spider.probed == [BASE + "/docs/a/"]
    held = spider.sections.held()
    assert [r.url for r in held] == [BASE + "/docs/a/", BASE + "/docs/b/"]
    # as Scrapy's depth middleware would have passed them: depth 2, DEPTH_PRIORITY's priority
    assert all(r.meta["depth"] == 2 and r.priority == -2 for r in held)
    assert not any(r.meta.get("playwright") for r in sent + held)


def test_a_section_found_drawn_is_asked_for_in_the_browser():
    spider = plain_auto_spider()
    spider.sections.route(BASE + "/docs/a/")
    spider.sections.decide("docs", "a script drew 4 of its 5 links")
    [request] = spider.follow([BASE + "/docs/c/"], {"depth": 0}, referrer=BASE + "/", referrer_score=None)
    assert request.meta.get("playwright") is True
    [plain] = spider.follow([BASE + "/posts/c/"], {"depth": 0}, referrer=BASE + "/", referrer_score=None)
    assert not plain.meta.get("playwright")


def test_links_past_the_depth_limit_are_left_to_scrapy_not_held():
    spider = plain_auto_spider({"DEPTH_LIMIT": 1})
    sent = list(spider.follow([BASE + "/docs/a/"], {"depth": 1}, referrer=BASE + "/", referrer_score=None))
    assert [r.url for r in sent] == [BASE + "/docs/a/"]      # the depth middleware drops it
    assert spider.probed == [] and spider.sections.held() == []


def test_an_interrupted_crawl_keeps_the_links_waiting_on_a_probe_for_resume(tmp_path):
    spider = plain_auto_spider({"JOBDIR": str(tmp_path)})
    list(spider.follow([BASE + "/docs/a/", BASE + "/docs/b/"], {"depth": 0}, referrer=BASE + "/",
                       referrer_score=None))
    spider.closed("shutdown")

    settings = {"LEAFCRAWL_RENDER": "never", "JOBDIR": str(tmp_path)}
    again = SiteSpider.from_crawler(get_crawler(SiteSpider, settings_dict=settings),
                                    site_config=config_from_url(BASE + "/"))

    async def started():
        return [r async for r in again.start()]

    requests = asyncio.run(started())
    assert [r.url for r in requests] == [BASE + "/", BASE + "/docs/a/", BASE + "/docs/b/"]
    assert all(r.dont_filter and r.meta["depth"] == 1 for r in requests[1:])
