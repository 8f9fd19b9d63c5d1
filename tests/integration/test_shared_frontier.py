"""Two crawler processes on one scrapy-redis frontier: every page fetched once between
them, every post archived once, and the frontier cleared when the last one leaves."""

from __future__ import annotations

import asyncio
import collections
import json
import os
import subprocess
import sys
import time

import pytest

from tests.fixtures.make_blog import make_blog
from tests.support.cli import PROJECT_ROOT, archived_files
from pipelines.store.site_config import config_from_url
from tests.support.frontier_probe import release_once_members_joined
from tests.support.http_server import Hold, serve_directory

pytestmark = pytest.mark.integration


def start_crawler(base_url, workdir, ns, name, worker=True, extra_env=None, extra_args=()):
    env = {k: v for k, v in os.environ.items() if k != "REDIS_URL"}
    env.update(ns.env, REDIS_URL=ns.url, PYTHONPATH=str(PROJECT_ROOT), **(extra_env or {}))
    summary = workdir / f"{name}.json"
    argv = [sys.executable, "-m", "crawler.cli", "crawl", base_url + "/", "--render", "never",
            "--shared-frontier", "--archive-dir", str(workdir / "archive"),
            "--json-summary", str(summary), *extra_args] + (["--with-worker"] if worker else [])
    proc = subprocess.Popen(argv, cwd=workdir, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, stdin=subprocess.DEVNULL)
    return proc, summary


def frontier_spider(ns, site: str, render: str = "never"):
    """A site spider on the shared frontier's settings, outside any crawl: (crawler, spider)."""
    from scrapy.utils.test import get_crawler

    from crawler.frontier.shared_frontier import frontier_settings
    from crawler.spiders.site_spider import SiteSpider
    from pipelines.store.site_config import SiteConfig

    settings = dict(frontier_settings(ns.prefix, site, ns.url), LEAFCRAWL_SITE=site,
                    LEAFCRAWL_REDIS_PREFIX=ns.prefix, LEAFCRAWL_RENDER=render)
    crawler = get_crawler(SiteSpider, settings_dict=settings)
    crawler.stats.open_spider()
    spider = SiteSpider.from_crawler(crawler, site_config=SiteConfig(
        name=site, start_urls=["http://127.0.0.1:9/"], render=render))
    crawler.spider = spider
    return crawler, spider


def test_two_processes_share_one_frontier(tmp_path, redis_ns):
    site = tmp_path / "site"
    expected = make_blog(site)
    requests: list[str] = []
    conn, prefix = redis_ns.conn, redis_ns.prefix
    held = Hold()
    with serve_directory(site, request_log=requests, faults={"/": held}) as base_url:
        crawlers = [start_crawler(base_url, tmp_path, redis_ns, name)
                    for name in ("first", "second")]
        release_once_members_joined(held, conn, prefix, config_from_url(base_url + "/").name, 2)
        for proc, _ in crawlers:
            _, err = proc.communicate(timeout=300)
            assert proc.returncode == 0, err
    summaries = [json.loads(path.read_text()) for _, path in crawlers]

    pages = collections.Counter(p for p in requests if not p.endswith(("robots.txt", ".css", ".svg")))
    assert pages, "nothing was fetched"
    assert max(pages.values()) == 1, [p for p, n in pages.items() if n > 1]
    assert sum(s["pages_fetched"] for s in summaries) == len(pages)

    files = archived_files(tmp_path / "archive")
    assert {base_url + p for p in expected.posts} <= set(files)
    site_name = summaries[0]["site"]
    assert not list(conn.scan_iter(f"{prefix}:frontier:{site_name}:*"))


def test_requests_in_flight_in_a_killed_process_are_fetched_by_another(tmp_path, redis_ns):
    # scrapy-redis forgets a request once popped: the posts a killed process was fetching
    # were in the dupefilter and on nobody's queue, so no process would ever fetch them
    site = tmp_path / "site"
    expected = make_blog(site)
    held = Hold()
    posts = sorted(expected.posts)[:3]
    faults = {p: held for p in posts}
    requests: list[str] = []
    timeout = 2.0
    env = {"LEAFCRAWL_FRONTIER_MEMBER_TIMEOUT": str(timeout)}
    with serve_directory(site, faults=faults, request_log=requests) as base_url:
        first, _ = start_crawler(base_url, tmp_path, redis_ns, "first", worker=False, extra_env=env)
        try:
            assert held.wait_for_arrivals(len(posts), timeout=120), "the posts were never requested"
        finally:
            first.kill()
            first.communicate(timeout=60)
        faults.clear()
        held.release()
        second, summary = start_crawler(base_url, tmp_path, redis_ns, "second", extra_env=env)
        _, err = second.communicate(timeout=300)
        assert second.returncode == 0, err

    # once by the killed process (held, never answered to it), once by the second
    assert {p: requests.count(p) for p in posts} == {p: 2 for p in posts}
    assert json.loads(summary.read_text())["pages_fetched"] >= len(posts)
    # and the second took up the rest of the site from the queue the first left: a crawl
    # with --shared-frontier resumes where a killed one stopped
    files = archived_files(tmp_path / "archive")
    assert {base_url + p for p in expected.posts} <= set(files)


def test_a_page_stays_in_flight_until_its_item_is_through_the_pipelines(tmp_path, redis_ns):
    # Scrapy queues a response's outputs and runs the item pipelines after the spider's
    # output has ended: a page acknowledged then and lost to a kill before its archive job
    # was enqueued would be in the dupefilter, off every queue, and never archived
    from tests.support.frontier_probe import PROBE_KEY_SUFFIX

    site = tmp_path / "site"
    expected = make_blog(site)
    probe = json.dumps({"tests.support.frontier_probe.InFlightProbe": 350})
    gone = expected.posts[0]        # its failure's record, too, is stored before it leaves
    with serve_directory(site, faults={gone: 404}) as base_url:
        proc, _ = start_crawler(base_url, tmp_path, redis_ns, "probed", worker=False,
                                extra_args=["-s", f"ITEM_PIPELINES={probe}"])
        _, err = proc.communicate(timeout=300)
        assert proc.returncode == 3, err      # its archive jobs wait for a worker: said

    seen = {url.decode(): flag == b"1" for url, flag in
            redis_ns.conn.hgetall(redis_ns.prefix + PROBE_KEY_SUFFIX).items()}
    assert {base_url + p for p in expected.posts} <= set(seen)
    assert [url for url, held in seen.items() if not held] == []
    assert redis_ns.conn.hget(f"{redis_ns.prefix}:page:{base_url}{gone}", "status") == b"404"


def test_a_failed_request_leaves_the_in_flight_hash(redis_ns):
    # a download failure goes to the errback without passing the spider middlewares: the
    # spider's failure record must still acknowledge it once stored, or a crash re-fetches it
    from scrapy import Request, signals
    from twisted.python.failure import Failure

    from crawler.frontier.shared_frontier import TOKEN_META, FrontierAckMiddleware, own_inflight_key

    crawler, spider = frontier_spider(redis_ns, "ack-site")

    middleware = FrontierAckMiddleware.from_crawler(crawler)   # kept: signals hold weak refs
    key = own_inflight_key(crawler.settings)
    redis_ns.conn.hset(key, "tok-1", "0\nrequest")
    request = Request("http://127.0.0.1:9/gone/", meta={TOKEN_META: "tok-1"})
    failure = Failure(ConnectionRefusedError("refused"))
    failure.request = request
    items = list(spider.on_error(failure))
    assert items and items[0]["error"] == "connection refused"
    # the scraper hands the record to the item pipelines after the errback is done
    assert redis_ns.conn.hexists(key, "tok-1")
    crawler.signals.send_catch_log(signal=signals.item_scraped, item=items[0],
                                   response=failure, spider=spider)
    assert not redis_ns.conn.hexists(key, "tok-1")
    assert middleware.inflight_key == key


def test_a_member_interrupted_puts_its_held_leaves_back_on_the_queue(redis_ns):
    # --render auto holds short leaves while its trial renders are out; their URLs are in the
    # shared dupefilter, so a member interrupted with leaves held must hand them back
    from crawler.frontier.shared_frontier import AckedPriorityQueue, TOKEN_META

    crawler, spider = frontier_spider(redis_ns, "held-site", render="auto")
    held = spider.page_request("http://127.0.0.1:9/notes/v3/", referrer="http://127.0.0.1:9/",
                               referrer_score=12.5)
    held.meta.update({"depth": 2, TOKEN_META: "acknowledged-already"})
    spider.frames_held = [held]
    spider.closed("shutdown")

    queue = AckedPriorityQueue(redis_ns.conn, spider, crawler.settings["SCHEDULER_QUEUE_KEY"])
    assert len(queue) == 1
    back = queue.pop()
    assert back.url == "http://127.0.0.1:9/notes/v3/"
    assert back.dont_filter and back.meta["depth"] == 2
    assert back.callback == spider.parse_page
    assert back.meta[TOKEN_META] != "acknowledged-already"     # in flight anew, for the taker


def test_a_member_interrupted_puts_back_the_links_waiting_on_a_section_probe(redis_ns):
    # --render auto, crawling by plain HTTP, holds a section's links while its first page is
    # probed (crawler/rendering/render_sections.py): a member interrupted meanwhile hands them back
    from crawler.rendering.render_sections import SectionProbes
    from crawler.frontier.shared_frontier import AckedPriorityQueue

    crawler, spider = frontier_spider(redis_ns, "section-site", render="auto")
    spider.sections = SectionProbes(["http://127.0.0.1:9/"])
    for url in ("http://127.0.0.1:9/docs/a/", "http://127.0.0.1:9/docs/b/"):
        assert spider.sections.route(url) in ("probe", "hold")
        spider.sections.hold(url, spider.at_depth(spider.page_request(
            url, referrer="http://127.0.0.1:9/", referrer_score=3.0), 1))
    spider.closed("shutdown")

    queue = AckedPriorityQueue(redis_ns.conn, spider, crawler.settings["SCHEDULER_QUEUE_KEY"])
    back = sorted((queue.pop() for _ in range(len(queue))), key=lambda r: r.url)
    assert [r.url for r in back] == ["http://127.0.0.1:9/docs/a/", "http://127.0.0.1:9/docs/b/"]
    assert all(r.meta["depth"] == 1 and r.callback == spider.parse_page for r in back)


def _open_scheduler(crawler, spider):
    """The member's real scheduler, and an engine whose crawl() hands it requests as
    Scrapy's engine does (the spider's probes and releases call engine.crawl)."""
    import types

    from crawler.frontier.shared_frontier import SharedScheduler

    scheduler = SharedScheduler.from_crawler(crawler)
    scheduler.open(spider)
    crawler.engine = types.SimpleNamespace(crawl=scheduler.enqueue_request)
    return scheduler


def _fall_silent(ns, crawler, site) -> None:
    """The member stops heartbeating, as a process killed with SIGKILL does."""
    from crawler.frontier.shared_frontier import MEMBER_SETTING, frontier_key

    ns.conn.hset(frontier_key("members", ns.prefix, site), crawler.settings[MEMBER_SETTING],
                 json.dumps({"active": 0, "at": 0}))


def test_links_held_for_a_section_probe_outlive_a_member_killed_holding_them(redis_ns, monkeypatch):
    # a member that holds a section's links while its first page is probed, and is killed
    # meanwhile: the page that listed them was acknowledged, so they lived nowhere else
    from crawler.rendering.render_sections import SectionProbes
    from crawler.frontier.shared_frontier import AckedPriorityQueue, SharedFrontier, own_inflight_key

    crawler, spider = frontier_spider(redis_ns, "probe-site", render="auto")
    spider.sections = SectionProbes(["http://127.0.0.1:9/"])
    probes: list[str] = []
    monkeypatch.setattr(spider, "start_section_probe", probes.append)
    links = ["http://127.0.0.1:9/docs/a/", "http://127.0.0.1:9/docs/b/"]
    assert list(spider.follow(links, {"depth": 0}, referrer="http://127.0.0.1:9/",
                              referrer_score=8.0)) == []
    assert probes == links[:1]
    conn = redis_ns.conn
    assert conn.hlen(own_inflight_key(crawler.settings)) == 2
    # a peer waits for them as for a busy member's work
    peer = SharedFrontier(crawler, conn, redis_ns.prefix, "probe-site", member="peer")
    _fall_silent(redis_ns, crawler, "probe-site")
    assert peer.requeue_dead_peers() == 2

    queue = AckedPriorityQueue(conn, spider, crawler.settings["SCHEDULER_QUEUE_KEY"])
    back = sorted((queue.pop() for _ in range(len(queue))), key=lambda r: r.url)
    assert [r.url for r in back] == links
    assert all(r.meta["depth"] == 1 and r.callback == spider.parse_page for r in back)


def test_links_released_by_their_section_probe_leave_the_in_flight_hash(redis_ns, monkeypatch):
    import asyncio

    from crawler.rendering.render_sections import SectionProbes
    from crawler.frontier.shared_frontier import TOKEN_META, own_inflight_key

    crawler, spider = frontier_spider(redis_ns, "release-site", render="auto")
    scheduler = _open_scheduler(crawler, spider)
    spider.sections = SectionProbes(["http://127.0.0.1:9/"])
    monkeypatch.setattr(spider, "start_section_probe", lambda url: None)
    links = ["http://127.0.0.1:9/app/a/", "http://127.0.0.1:9/app/b/"]
    list(spider.follow(links, {"depth": 0}, referrer="http://127.0.0.1:9/", referrer_score=8.0))
    inflight = own_inflight_key(crawler.settings)
    assert redis_ns.conn.hlen(inflight) == 2

    async def script_drawn(url):     # the probe's finding: a script draws the section
        return True, "a script drew 12 of its links", None

    monkeypatch.setattr(spider, "compare_views", script_drawn)
    asyncio.run(spider.probe_section(links[0]))
    # queued for the browser, and released from the hash in the same step
    assert redis_ns.conn.hlen(inflight) == 0
    queued = sorted((scheduler.next_request() for _ in links), key=lambda r: r.url)
    assert [r.url for r in queued] == links
    assert all(r.meta.get("playwright") and r.meta["depth"] == 1 for r in queued)
    # popped, each is in flight under the token the queue gave it, until its response is through
    assert {r.meta[TOKEN_META] for r in queued} == {k.decode() for k in redis_ns.conn.hkeys(inflight)}


def test_a_short_leaf_held_for_the_trials_is_in_flight_until_released(redis_ns):
    from crawler.frontier.shared_frontier import TOKEN_META, own_inflight_key

    crawler, spider = frontier_spider(redis_ns, "frame-site", render="auto")
    scheduler = _open_scheduler(crawler, spider)
    request = spider.page_request("http://127.0.0.1:9/notes/v3/", referrer="http://127.0.0.1:9/",
                                  referrer_score=2.0)
    request.meta.update({"depth": 2, TOKEN_META: "its-response"})
    spider.hold_frame(request)
    # the response's own token stays its own, for FrontierAckMiddleware to acknowledge
    assert request.meta[TOKEN_META] == "its-response"
    inflight = own_inflight_key(crawler.settings)
    entries = redis_ns.conn.hvals(inflight)
    assert len(entries) == 1 and b"/notes/v3/" in entries[0]

    spider.release_held_frames()
    assert redis_ns.conn.hlen(inflight) == 0
    again = scheduler.next_request()
    assert again.url == "http://127.0.0.1:9/notes/v3/" and again.meta["depth"] == 2


def test_a_member_interrupted_hands_back_what_it_held_once(redis_ns):
    # closed() puts the held leaf on the queue and out of the in-flight hash in one step: a
    # peer requeueing the hash later must not queue it a second time
    from crawler.frontier.shared_frontier import AckedPriorityQueue, TOKEN_META, own_inflight_key

    crawler, spider = frontier_spider(redis_ns, "handback-site", render="auto")
    request = spider.page_request("http://127.0.0.1:9/notes/v4/", referrer="http://127.0.0.1:9/",
                                  referrer_score=2.0)
    request.meta.update({"depth": 1, TOKEN_META: "its-response"})
    spider.hold_frame(request)
    spider.closed("shutdown")
    assert redis_ns.conn.hlen(own_inflight_key(crawler.settings)) == 0
    queue = AckedPriorityQueue(redis_ns.conn, spider, crawler.settings["SCHEDULER_QUEUE_KEY"])
    assert len(queue) == 1 and queue.pop().url == "http://127.0.0.1:9/notes/v4/"


def test_the_scheduler_marks_a_request_seen_and_queues_it_in_one_step(redis_ns):
    # scrapy-redis marks a request seen, then queues it: a kill between the two left the
    # URL seen by every member and queued for none
    from scrapy import Request

    from crawler.frontier.shared_frontier import SharedScheduler, frontier_key

    crawler, spider = frontier_spider(redis_ns, "see-site")
    scheduler = SharedScheduler.from_crawler(crawler)
    scheduler.open(spider)

    page = "http://127.0.0.1:9/posts/a/"
    assert scheduler.enqueue_request(Request(page)) is True
    assert scheduler.enqueue_request(Request(page + "#comments")) is False   # seen
    assert scheduler.enqueue_request(Request(page, dont_filter=True)) is True
    conn = redis_ns.conn
    assert conn.scard(frontier_key("seen", redis_ns.prefix, "see-site")) == 1
    queued = conn.zrange(frontier_key("requests", redis_ns.prefix, "see-site"), 0, -1)
    assert len(queued) == 2 and all(page.encode() in entry for entry in queued)
    assert scheduler.df.request_seen(Request(page)) is True      # the dupefilter agrees


def test_a_redirect_queued_acknowledges_the_request_it_follows(redis_ns):
    # Scrapy's redirect and retry middlewares copy the request's meta, token and all, and
    # send the new request to the scheduler: the old one stayed in flight, and was fetched
    # once more if its member died
    from scrapy import Request

    from crawler.frontier.shared_frontier import TOKEN_META, SharedScheduler, frontier_key, own_inflight_key

    crawler, spider = frontier_spider(redis_ns, "redirect-site")
    scheduler = SharedScheduler.from_crawler(crawler)
    scheduler.open(spider)
    conn, inflight = redis_ns.conn, own_inflight_key(crawler.settings)
    conn.hset(inflight, mapping={"tok-moved": "0\nrequest", "tok-seen": "0\nrequest"})

    scheduler.enqueue_request(Request("http://127.0.0.1:9/seen/"))
    moved = Request("http://127.0.0.1:9/new-home/", meta={TOKEN_META: "tok-moved"})
    assert scheduler.enqueue_request(moved) is True
    # a redirect to a page seen already: its request is done with, the page is not queued twice
    again = Request("http://127.0.0.1:9/seen/", meta={TOKEN_META: "tok-seen"})
    assert scheduler.enqueue_request(again) is False

    assert conn.hlen(inflight) == 0
    queued = conn.zrange(frontier_key("requests", redis_ns.prefix, "redirect-site"), 0, -1)
    assert len(queued) == 2
    popped = [scheduler.next_request(), scheduler.next_request()]
    assert sorted(r.url for r in popped) == ["http://127.0.0.1:9/new-home/", "http://127.0.0.1:9/seen/"]
    # each popped with a token of its own, in flight until its response is through
    assert {r.meta[TOKEN_META] for r in popped} == {k.decode() for k in conn.hkeys(inflight)}
    assert "tok-moved" not in {r.meta[TOKEN_META] for r in popped}


def test_a_peer_learns_the_host_a_start_url_led_to_from_the_requests_it_pops(redis_ns):
    # One member's start URL redirected to another host, which it adopted as the site's. A
    # peer never parsed that start page (the shared dupefilter gave it to the first): the
    # requests for pages there carry the host, past the peer's offsite filter and into its
    # own allowed_domains, so it follows their links as the first member would.
    from scrapy.downloadermiddlewares.offsite import OffsiteMiddleware
    from scrapy.exceptions import IgnoreRequest
    from scrapy.http import HtmlResponse

    _, first = frontier_spider(redis_ns, "moved-site")
    first.adopt_host("localhost", "http://127.0.0.1:9/", "http://localhost:9/")
    [request] = first.follow(["http://localhost:9/posts/a/"], {"depth": 0},
                             referrer="http://localhost:9/", referrer_score=12.0)

    peer_crawler, peer = frontier_spider(redis_ns, "moved-site")
    offsite = OffsiteMiddleware.from_crawler(peer_crawler)
    offsite.spider_opened(peer)
    offsite.process_request(request)      # passes: no IgnoreRequest
    with pytest.raises(IgnoreRequest):    # what the peer's filter makes of the host otherwise
        offsite.process_request(peer.page_request("http://localhost:9/posts/b/", None, None))

    page = ("<html><head><title>A</title></head><body><main><h1>A</h1><p>" + "Words. " * 80
            + '</p><p><a href="/posts/b/">the next post</a></p></main></body></html>')
    request.meta["depth"] = 1
    response = HtmlResponse(request.url, body=page.encode(), encoding="utf-8", request=request)
    outputs = asyncio.run(peer.parse_page(response))
    assert "localhost" in peer.allowed_domains
    assert outputs[0]["url"] == "http://localhost:9/posts/a/" and not outputs[0].get("error")
    offsite.process_request(peer.page_request("http://localhost:9/posts/b/", None, None))


def test_a_member_that_found_the_queue_empty_looks_again_soon_while_a_peer_is_busy(redis_ns):
    # Scrapy's engine looks at an empty scheduler again only on its 5 s heartbeat: a second
    # process beside a busy first one sat a whole crawl out (bench/eval_scale_out.py)
    import types

    from scrapy.exceptions import DontCloseSpider
    from twisted.internet import reactor

    from crawler.frontier.shared_frontier import IDLE_POLL_S, SharedFrontier

    crawler, spider = frontier_spider(redis_ns, "idle-site")
    scheduled: list[int] = []
    slot = types.SimpleNamespace(nextcall=types.SimpleNamespace(schedule=lambda: scheduled.append(1)))
    crawler.engine = types.SimpleNamespace(downloader=None, scraper=types.SimpleNamespace(slot=None),
                                           _slot=slot)
    conn = redis_ns.conn
    member = SharedFrontier(crawler, conn, redis_ns.prefix, "idle-site", member="me")
    peer = SharedFrontier(crawler, conn, redis_ns.prefix, "idle-site", member="peer")

    peer.heartbeat()                 # a live peer with nothing in flight: nothing to wait for
    member.spider_idle(spider)
    assert member._poll is None

    conn.hset(peer.members_key, "peer", json.dumps({"active": 3, "at": time.time()}))
    with pytest.raises(DontCloseSpider):
        member.spider_idle(spider)
    try:
        poll = member._poll
        assert poll.active()
        assert poll.getTime() - reactor.seconds() <= IDLE_POLL_S + 0.05
        with pytest.raises(DontCloseSpider):
            member.spider_idle(spider)      # idle again before it fired: one poll, not two
        assert member._poll is poll
        poll.func(*poll.args, **poll.kw)     # as the reactor would, IDLE_POLL_S later
        assert scheduled == [1]              # the engine's loop runs now, and pops again
    finally:
        if member._poll.active():
            member._poll.cancel()
