"""The spider asks for each link once per depth (SiteSpider.follow)."""

from __future__ import annotations

from scrapy.utils.test import get_crawler

from crawler.spiders.site_spider import SiteSpider
from pipelines.store.site_config import config_from_url

BASE = "http://127.0.0.1:8000"


def spider():
    crawler = get_crawler(SiteSpider, settings_dict={"LEAFCRAWL_RENDER": "never"})
    crawler.stats.open_spider()
    return SiteSpider.from_crawler(crawler, site_config=config_from_url(BASE + "/"))


def asked(s, links, depth):
    return [r.url for r in s.follow([BASE + link for link in links], {"depth": depth},
                                    referrer=BASE + "/", referrer_score=1.0)]


def test_a_link_is_asked_for_once_however_often_pages_repeat_it():
    s = spider()
    assert asked(s, ["/a/", "/b/", "/a/"], 1) == [BASE + "/a/", BASE + "/b/"]
    assert asked(s, ["/a/", "/c/", "/b/"], 1) == [BASE + "/c/"]
    assert asked(s, ["/a/", "/c/"], 4) == []


def test_a_link_found_higher_up_is_asked_for_again():
    """DEPTH_LIMIT drops a request too deep only after the spider made it: found again
    nearer the start, the link must be asked for at that depth."""
    s = spider()
    assert asked(s, ["/deep/"], 5) == [BASE + "/deep/"]
    assert asked(s, ["/deep/"], 1) == [BASE + "/deep/"]
    assert asked(s, ["/deep/"], 3) == []


def test_links_that_are_no_pages_are_still_refused():
    s = spider()
    assert asked(s, ["/logo.png", "/feed/", "/post/"], 0) == [BASE + "/post/"]
    assert s.crawler.stats.get_value("leafcrawl/skipped_not_page") == 2


def test_the_not_a_page_test_is_scrapys_url_has_any_extension():
    from urllib.parse import urlsplit

    from scrapy.utils.url import url_has_any_extension

    from crawler.spiders.page_requests import NOT_PAGE_EXTENSIONS, not_a_page_path

    urls = [BASE + path for path in (
        "/a.pdf", "/a.PDF?x=1", "/file.pdf;jsessionid=1", "/a;x/b.png", "/dir.pdf/", "/x.tar.gz",
        "/post/", "/feed.xml#top", "/post.md", "/.jpg", "/a.html", "/a.html?f=b.pdf", "/notes.txt",
        "/p", "/a.js;", "/a.pdf%20", "/2024/01/title/", "/img.JPEG", "/docs/index.rst.txt")]
    assert [not_a_page_path(urlsplit(u).path) for u in urls] == \
        [url_has_any_extension(u, NOT_PAGE_EXTENSIONS) for u in urls]
    assert sum(not_a_page_path(urlsplit(u).path) for u in urls) == 12
