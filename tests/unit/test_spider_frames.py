"""--render auto's frames (SiteSpider.frame_to_render, note_frame): a short leaf is rendered
until FRAME_TRIALS of them showed nothing more than their HTML; once one was filled by its
script, every short leaf is; an empty index and an app's empty mount point always are."""

from __future__ import annotations

from scrapy.utils.test import get_crawler

from crawler.spiders.site_spider import SiteSpider
from pipelines.page import IndexinessConfig, analyze_page
from pipelines.indexiness.render_need import FRAME_TRIALS, Shown
from pipelines.store.site_config import config_from_url

BASE = "http://127.0.0.1:8000"
SHORT = (b'<html><head><meta property="og:type" content="article"></head><body><main><article>'
         b"<h1>Release 1.2.1</h1><p>Fixed a typo.</p></article></main></body></html>")
EMPTY = b'<html><body><div id="shell"></div><script src="/a.js"></script></body></html>'
MOUNT = (b'<html><head><meta property="og:type" content="article"></head><body><main><article>'
         b'<h1>Release 1.2.1</h1><p>Fixed a typo.</p><div id="root"></div></article></main></body></html>')


def spider():
    crawler = get_crawler(SiteSpider, settings_dict={"LEAFCRAWL_RENDER": "auto"})
    crawler.stats.open_spider()
    return SiteSpider.from_crawler(crawler, site_config=config_from_url(BASE + "/", render="auto"))


def analysed(html: bytes, path="/2024/05/release-1-2-1/"):
    return analyze_page(html, BASE + path, IndexinessConfig(), content="leaves")


def idle(s, times):
    for _ in range(times):
        s.note_frame({"links": [], "text_chars": 40}, Shown(frozenset(), 60))


def test_short_leaves_are_rendered_until_the_trials_show_nothing_more():
    s = spider()
    short = analysed(SHORT)
    assert short.verdict == "leaf"
    assert s.frame_to_render(short, SHORT) == "trial"
    idle(s, FRAME_TRIALS - 1)
    assert s.frame_to_render(short, SHORT) == "trial"
    idle(s, 1)
    assert s.frame_to_render(short, SHORT) is None
    assert s.crawler.stats.get_value("leafcrawl/render_frames_trusted") == 1
    # an empty frame and an empty mount point still are rendered
    assert s.frame_to_render(analysed(EMPTY, "/board/"), EMPTY) == "frame"
    assert s.frame_to_render(analysed(MOUNT), MOUNT) == "frame"


def test_one_filled_frame_keeps_every_short_leaf_rendered():
    s = spider()
    s.note_frame({"links": [], "text_chars": 40}, Shown(frozenset(), 40 + 2000))   # a body drawn
    idle(s, FRAME_TRIALS + 2)
    assert s.frames_filled == 1
    assert s.frame_to_render(analysed(SHORT), SHORT) == "trial"


def test_short_leaves_wait_while_the_trials_are_on_their_way():
    s = spider()
    s.trials_out = FRAME_TRIALS
    assert s.frame_to_render(analysed(SHORT), SHORT) == "hold"
    s.trials_out = FRAME_TRIALS - 1
    assert s.frame_to_render(analysed(SHORT), SHORT) == "trial"


def test_an_interrupted_crawl_keeps_its_held_leaves_for_resume(tmp_path):
    """Held leaves were seen by the dupefilter: a resumed crawl asks for them again itself."""
    import asyncio

    settings = {"LEAFCRAWL_RENDER": "never", "JOBDIR": str(tmp_path)}
    crawler = get_crawler(SiteSpider, settings_dict=settings)
    crawler.stats.open_spider()
    first = SiteSpider.from_crawler(crawler, site_config=config_from_url(BASE + "/"))
    held = first.page_request(BASE + "/notes/v3/", referrer=BASE + "/", referrer_score=12.5)
    held.meta["depth"] = 1
    # and one on the host the start URL redirected to (adopt_host): the resumed crawl has
    # not seen that redirect, and must let it past its offsite filter all the same
    first.adopt_host("localhost", BASE + "/", "http://localhost:8000/")
    [moved] = first.follow(["http://localhost:8000/notes/v4/"], {"depth": 0},
                           referrer=BASE + "/", referrer_score=12.5)
    first.frames_held = [held, moved]
    first.closed("shutdown")

    again = SiteSpider.from_crawler(get_crawler(SiteSpider, settings_dict=settings),
                                    site_config=config_from_url(BASE + "/"))

    async def started():
        return [r async for r in again.start()]

    requests = asyncio.run(started())
    assert [r.url for r in requests] == [BASE + "/", BASE + "/notes/v3/", "http://localhost:8000/notes/v4/"]
    resumed = requests[1]
    assert resumed.dont_filter and resumed.meta["depth"] == 1
    assert "allow_offsite" not in resumed.meta
    assert requests[2].meta["allow_offsite"] and requests[2].meta["leafcrawl_site_host"] == "localhost"
    # once: the file is gone
    assert again.held_at_interruption() == []
