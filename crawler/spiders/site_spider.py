"""The one spider: fetch a page, ask the analysis whether it is an index or a leaf,
follow an index's links, hand a leaf to the archive pipeline.

Follow requests go through Scrapy's scheduler so DEPTH_LIMIT, allowed_domains and the
dupefilter hold; each carries the URL and score of the page that produced it, so every
crawl edge can be explained from Redis.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import urlsplit

import scrapy
from scrapy import signals
from scrapy.exceptions import DontCloseSpider

from crawler.items import failure_item, not_modified_item, page_item
from crawler.login.form_login import STAT_ERROR as STAT_LOGIN_ERROR
from crawler.login.form_login import LoginFailed, log_in
from crawler.rendering.page_collector import collector_result
from crawler.rendering.page_expand import expand_result
from crawler.rendering.page_settle import settle_result
from crawler.rendering.subresource_deadline import CUT_META, deadline_ms
from crawler.rendering.render_sections import SectionProbes
from crawler.frontier.revisits import (DIGEST_META, FIELD_DIGEST, REVISIT_META, document_digest,
                              drawn_by_its_document, follow_tag, links_ref, response_validators,
                              written_per_request)
from crawler.frontier.shared_frontier import HeldInFlight, push_back
from crawler.frontier.sitemaps import NotASitemap, read_sitemap, robots_url, sitemaps_of_robots
from crawler.frontier.trap_guard import LINKS_PER_PAGE, TrapGuard
from pipelines.indexiness.continuations import content_print, same_content
from pipelines.content.redirect_stub import stub_target
from pipelines.indexiness.hash_routes import carries_route, routes_lead
from pipelines.indexiness.page_address import page_address
from pipelines.metadata.page_metadata import robots_directives
from pipelines.content.mojibake import repair_mojibake
from pipelines.page import IndexinessConfig, PageError
from pipelines.indexiness.render_need import app_shell, empty_mount, shown
from pipelines.store.site_config import config_from_spider_args, fetch_label
from crawler.spiders.page_requests import (REFERRER, REFERRER_SCORE, PLAIN_VIEW_META,
                                           HELD_FRAMES_FILE, ERROR_STATUSES, START_META,
                                           SITE_HOST_META, CONTINUES_META, is_html_response,
                                           body_charset, asked_url)
from crawler.spiders.analysis_pool import AnalysisCall, AnalysisPool, run_steps
from crawler.spiders.feed_requests import FeedRequests
from crawler.spiders.fetch_failures import FetchFailures
from crawler.spiders.link_following import LinkFollowing
from crawler.spiders.login_retries import LoginRetries
from crawler.spiders.render_choice import RenderChoice


class SiteSpider(RenderChoice, LinkFollowing, LoginRetries, FetchFailures, FeedRequests,
                 scrapy.Spider):
    name = "site"

    def __init__(self, site_config=None, *args, **kwargs):
        # `scrapy crawl site -a url=...` (or scrapyd) names the site in spider arguments;
        # `leafcrawl crawl` passes its config, and settings made from it, itself
        self.from_scrapy_command = site_config is None
        self.join_shared_frontier = False
        if site_config is None:
            # -a shared_frontier=true: as `leafcrawl crawl --shared-frontier`
            self.join_shared_frontier = str(kwargs.pop("shared_frontier", "")).lower() in (
                "1", "true", "yes", "on")
            site_config = config_from_spider_args(kwargs)
        super().__init__(*args, **kwargs)
        self.site = site_config
        self.allowed_domains = list(site_config.allowed_domains)
        self.start_urls = list(site_config.start_urls)
        self.deny = [re.compile(pattern) for pattern in site_config.deny]
        # a crawl with a session (a form login's, a cookies file's), which "Log out" would end
        self.form_login = bool(site_config.login_form)
        self.logged_in = bool(site_config.cookies_file or site_config.login_form)
        self.allow = [re.compile(pattern) for pattern in site_config.allow]
        # --render auto: short leaves rendered again whose script filled them, and not; the
        # trial renders on their way, and the short leaves held until the trials have spoken
        self.frames_filled = self.frames_idle = self.trials_out = 0
        self.frames_held: list = []
        # --render auto, crawling by plain HTTP: the sections probed, rendered, held
        # (crawler/rendering/render_sections.py), and the probes on their way
        self.sections: SectionProbes | None = None
        self.section_probes: set = set()
        # distinct URLs linked but left out by deny or allow, for the summary
        self.out_of_scope: set[str] = set()
        self.errors: list[tuple[str, str]] = []  # (url, error), first few, for the summary
        # the site draws its pages at hash routes (/#/x): set by the first page that shows it
        # (pipelines/indexiness/hash_routes.py); until then route-like links are an app's dialogs
        self.hash_routed = False
        # link -> the least depth this spider asked for it at (follow)
        self.followed: dict[str, int] = {}
        # hosts the site's start URLs led to, off allowed_domains: crawled as the site's
        # (adopt_host)
        self.adopted_hosts: set[str] = set()

    @classmethod
    def from_crawler(cls, crawler, *args, **kwargs):
        spider = super().from_crawler(crawler, *args, **kwargs)
        settings = crawler.settings
        if spider.from_scrapy_command:
            from crawler.crawl_settings import settings_for_scrapy_crawl

            # Scrapy freezes the settings after the spider is made: still ours to complete
            settings_for_scrapy_crawl(settings, spider.site,
                                      shared_frontier=spider.join_shared_frontier)
        spider.index_config = IndexinessConfig.from_settings(settings)
        # A crawl logged in by a form analyses on the reactor's thread: a page that meets the
        # login form again must pause the crawl before another request leaves with the ended
        # session, and an analysis elsewhere lets the reactor send several meanwhile, each
        # meeting the form (login_retries.py)
        spider.analyses = AnalysisPool(0) if spider.form_login else AnalysisPool.from_settings(settings)
        crawler.signals.connect(spider.analyses.start, signal=signals.spider_opened)
        render = settings.get("LEAFCRAWL_RENDER", "auto")
        spider.browser = render == "always"
        # --render auto: the start pages decide, before the crawl (decide_render)
        spider.auto = render == "auto"
        spider.render_reason: str | None = None
        spider.follow_leaf_links = settings.getbool("LEAFCRAWL_FOLLOW_LEAF_LINKS")
        spider.obey_robots_meta = settings.getbool("LEAFCRAWL_OBEY_ROBOTS_META", True)
        spider.settle = (settings.getint("LEAFCRAWL_SETTLE_QUIET_MS"),
                         settings.getint("LEAFCRAWL_SETTLE_MAX_MS"))
        spider.expand_rounds = settings.getint("LEAFCRAWL_EXPAND_ROUNDS")
        spider.subresource_deadline = deadline_ms(
            settings.getfloat("PLAYWRIGHT_DEFAULT_NAVIGATION_TIMEOUT"))
        # on a shared frontier, what --render auto holds back is kept in Redis too
        spider.held_in_flight = (HeldInFlight(spider) if spider.auto and settings.getbool(
            "LEAFCRAWL_SHARED_FRONTIER") else None)
        # a form login: the one under way again (log_in_again), how many were made again,
        # and the pages waiting for it
        spider.relogin = None
        spider.relogins = 0
        spider.after_login = []
        if spider.auto or spider.form_login:
            crawler.signals.connect(spider.on_spider_idle, signal=signals.spider_idle)
        spider.trap_guard = TrapGuard.from_settings(settings)
        spider.max_links_per_page = settings.getint("LEAFCRAWL_MAX_LINKS_PER_PAGE", LINKS_PER_PAGE) or 10 ** 12
        crawler.signals.connect(spider.report_traps, signal=signals.spider_closed)
        return spider

    def report_traps(self, spider=None, reason=None):
        if self.trap_guard.cut:
            self.crawler.stats.set_value("leafcrawl/traps", self.trap_guard.report())

    async def start(self):
        if self.form_login:
            try:
                landed = await log_in(self.crawler)
            except LoginFailed as exc:
                # nothing is crawled logged out: the pages would all lead to the login form
                self.crawler.stats.set_value(STAT_LOGIN_ERROR, str(exc))
                self.logger.error("login failed: %s", exc)
                return
            self.logger.info("logged in as %s (the site then showed %s)",
                             self.site.login_user, landed)
            if self.settings.getdict("PLAYWRIGHT_CONTEXTS"):
                # a browser context made at the crawl's start (an HTTP login's) predates the
                # session; contexts made later start with it (browser_handler)
                await self.share_session()
        if self.auto:
            await self.decide_render()
        for url in self.start_urls:
            request = self.page_request(url, referrer=None, referrer_score=None)
            # where a start URL redirects is the site asked for, whatever its host: past the
            # offsite filter (the redirect keeps the meta), and adopted in parse_page
            request.meta.update({START_META: True, "allow_offsite": True})
            yield request
        for request in self.held_at_interruption():
            yield request
        if self.site.sitemaps:
            # after the start pages (lower priority): the crawl begins where the user pointed
            for robots in dict.fromkeys(robots_url(url) for url in self.start_urls):
                # an error status reaches the callback: no robots.txt means /sitemap.xml (not
                # handle_httpstatus_all, which stops redirects too: a start host's robots.txt
                # moved to the site's new host read as none)
                yield scrapy.Request(robots, callback=self.parse_robots_sitemaps, priority=-1,
                                     errback=self.on_sitemap_error, dont_filter=True,
                                     meta={"handle_httpstatus_list": ERROR_STATUSES})

    def parse_robots_sitemaps(self, response):
        # a start host's robots.txt redirected to another host: the site's too, and its
        # sitemaps' pages may come before the start page lands there
        self.adopt_landing(asked_url(response), response.url)
        robots = response.body if response.status == 200 else b""
        for url in sitemaps_of_robots(robots, response.url):
            yield self.sitemap_request(url)

    def sitemap_request(self, url: str) -> scrapy.Request:
        # a plain fetch in either mode: a sitemap is data, not a page to render. It may live
        # on another host (a storage bucket or CDN that robots.txt or a sitemap index names):
        # the site named it, so the offsite filter lets it through; the pages it lists are
        # kept to the site as any link is (follow)
        return scrapy.Request(url, callback=self.parse_sitemap, errback=self.on_sitemap_error,
                              priority=-1, meta={"allow_offsite": True})

    def parse_sitemap(self, response):
        try:
            kind, locations = read_sitemap(response.body, response.url)
        except NotASitemap as exc:
            self.crawler.stats.inc_value("leafcrawl/sitemap_errors")
            self.logger.warning("%s is no sitemap: %s", response.url, exc)
            return
        if kind == "sitemapindex":
            for url in locations:
                yield self.sitemap_request(url)
            return
        self.crawler.stats.inc_value("leafcrawl/sitemap_pages", len(locations))
        yield from self.follow(locations, response.meta, referrer=response.url, referrer_score=None)

    def on_sitemap_error(self, failure):
        # a site without sitemaps is no failure of the crawl: noted, not counted
        self.crawler.stats.inc_value("leafcrawl/sitemap_errors")
        self.logger.warning("sitemap %s: %s", failure.request.url, failure.getErrorMessage())

    def adopt_host(self, host: str, start: str | None = None, landed: str | None = None) -> None:
        """A host off allowed_domains that a start URL leads to (start redirects to landed:
        www.example.org to example.org, an old domain to its new one) is the site asked for:
        it joins allowed_domains, which Scrapy's offsite filter reads. Without it the filter
        dropped the redirect, and the crawl ended after one request with 0 pages and no
        failure. Links to it carry the host (follow, SITE_HOST_META): a peer on a shared
        frontier, or a resumed crawl, that never saw the start page adopts it from them."""
        host = host.lower()
        if not host or host in self.adopted_hosts:     # ("" would let every host in)
            return
        self.adopted_hosts.add(host)
        self.allowed_domains = [*self.allowed_domains, host]
        if start is None:
            self.logger.info("pages on %s are crawled as the site's (its start URL leads there)", host)
            return
        self.crawler.stats.set_value("leafcrawl/start_redirects", [
            *self.crawler.stats.get_value("leafcrawl/start_redirects", []), f"{start} -> {landed}"])
        self.logger.info("%s redirects to %s: pages on %s are crawled as the site's",
                         start, landed, host)

    def adopt_landing(self, start: str, landed: str) -> None:
        """start led to landed (a redirect, the server's or a script's): when landed is off
        the site, its host joins it (adopt_host)."""
        if not self.on_site(landed):
            self.adopt_host(urlsplit(landed).hostname or "", start, landed)

    async def parse_page(self, response):
        """A coroutine callback: its steps run here, the page's analysis in the pool."""
        return await run_steps(self.page_steps(response), self.analyses)

    def page_steps(self, response):
        """parse_page's body: yields its items and requests, and an AnalysisCall where it
        needs the page's analysis, which is sent back (analysis_pool.run_steps)."""
        meta = response.meta
        revisit = meta.get(REVISIT_META)
        if revisit and "links" in revisit:     # not modified (crawler/frontier/revisits.py)
            yield from self.not_modified(response, revisit)
            return
        rendered = bool(meta.get("playwright"))
        url = self.shown_url(response)
        where = dict(site=self.site.name, depth=meta.get("depth", 0), referrer=meta.get(REFERRER),
                     referrer_score=meta.get(REFERRER_SCORE), render=fetch_label(rendered))
        if not is_html_response(response):
            ctype = response.headers.get("Content-Type", b"").decode("latin-1") or "no content type"
            error = f"not an HTML page ({ctype})"
            self.note_failure(url, error)
            yield failure_item(url, status=response.status, error=error, **where)
            return
        asked = asked_url(response)
        if meta.get(SITE_HOST_META):
            self.adopt_host(meta[SITE_HOST_META])
        if meta.get(START_META):
            self.adopt_landing(asked, url)
        if url != asked and not self.on_site(url):
            # Redirected off the site (by the server, or a script in the browser): Scrapy's
            # offsite filter drops a plain redirect unless the request may leave the site
            # (SITE_HOST_META's); this says where, as a failure.
            error = f"redirected off the site, to {url}"
            self.note_failure(asked, error)
            yield failure_item(asked, status=response.status, error=error, **where)
            return
        if url != asked:
            # the page a redirect landed on is asked for no more at its depth, as a plain
            # crawl's dupefilter has its URL (a browser follows redirects on its own: the
            # home page a start URL redirected to was fetched again when pages linked it)
            self.followed.setdefault(page_address(url), meta.get("depth", 0))
        left_for = self.expansion_left(response)
        if left_for is not None:
            # A control the expansion clicked took the browser to another page: what was
            # measured is that page's. This one is fetched again without the expansion, and
            # the other is a page like any link's.
            self.crawler.stats.inc_value("leafcrawl/expand_navigated")
            self.logger.info("%s: expanding it led to %s; fetching it again as it settles",
                             url, left_for)
            yield self.page_request(url, referrer=meta.get(REFERRER),
                                    referrer_score=meta.get(REFERRER_SCORE), expand=False,
                                    browser=rendered)
            if self.may_fetch(left_for):
                yield self.page_request(left_for, referrer=url, referrer_score=None)
            return
        html = self.page_html(response)
        target = None if rendered else stub_target(html, url)
        if target is not None:
            # a redirect stub (meta refresh, a script setting location): what a browser
            # would do with it, done (pipelines/content/redirect_stub.py)
            if not self.on_site(target):
                error = f"redirected off the site, to {target}"
                self.note_failure(url, error)
                yield failure_item(url, status=response.status, error=error, **where)
            elif self.may_fetch(target):
                yield from self.follow([target], meta, referrer=url, referrer_score=None)
            return
        try:
            # a page is known by its address: a hash-routed page by its route, and the root
            # route a router writes on arrival (/ -> /#/) is the page asked for
            # an index page's content is never archived: not cut (analyze_page)
            # a leaf's pager page is cut whatever it reads as: its content decides (continuing)
            analysis = yield AnalysisCall(html, page_address(url), self.index_config,
                                          content="always" if CONTINUES_META in meta else "leaves",
                                          encoding=body_charset(response, html))
        except Exception as exc:
            if isinstance(exc, PageError):      # the page itself: binary, empty, too large
                error = str(exc)
            else:
                # a fault of the analysis on this page (a bug of ours): a failure the summary
                # and Redis name, its traceback in the log, and the crawl goes on; left to
                # Scrapy it was one log line, the page neither scored nor counted
                self.logger.exception("analysing %s failed", url)
                error = f"analysis failed: {type(exc).__name__}: {exc}"
            self.note_failure(url, error)
            yield failure_item(url, status=response.status, error=error, **where)
            return
        if not self.browser and not self.auto and (empty_mount(html) or (app_shell(analysis) and (
                analysis.verdict == "index" or not analysis.blocks))):
            # --render never on a page a script fills (an empty app mount, an index with
            # nothing to follow, a leaf with no content): said in the summary (doubts). A
            # short leaf is not enough: changelogs post one-liners
            self.crawler.stats.inc_value("leafcrawl/script_drawn")
        frame = self.frame_to_render(analysis, html) if self.auto and not rendered else None
        if frame == "hold":
            self.hold_frame(response.request)
            return
        if frame:
            # a frame a script may fill, on a site whose start page needed no browser: a
            # short leaf goes with what its HTML showed, to be compared once rendered
            self.crawler.stats.inc_value("leafcrawl/render_app_shell")
            self.logger.info("%s reads as a frame (almost no content, or an app's empty mount "
                             "point): rendering it", url)
            self.render_again(response.request, plain=shown(analysis.page_links, html, analysis.url)
                              if frame == "trial" else None)
            return
        if rendered and meta.get(PLAIN_VIEW_META):
            self.note_frame(meta[PLAIN_VIEW_META], shown(analysis.page_links, html, analysis.url))
        if analysis.account_form and url != asked and self.retried_after_login(response.request, asked):
            return

        if not self.hash_routed and (carries_route(url)
                                     or routes_lead(analysis.page_links, analysis.url)):
            self.hash_routed = True
        is_index = analysis.verdict == "index"
        # a thread's window around one post, reached by a post's permalink: its posts are the
        # thread's pages' own. A page reached as the next page of a post is no window.
        window = analysis.post_window and CONTINUES_META not in meta
        self.crawler.stats.inc_value(f"leafcrawl/{analysis.verdict}")
        robots = self.robots_directives(analysis, response)
        own_print = content_print(b.text for b in analysis.blocks)
        repeats = CONTINUES_META in meta and same_content(own_print, meta[CONTINUES_META]["print"])
        if repeats:
            # a pager inside the leaf paged a widget, not the leaf: this is the leaf again
            self.crawler.stats.inc_value("leafcrawl/widget_pager_pages")
            self.logger.info("%s repeats the page whose pager led here (%s): a widget's "
                             "pager; not archived, its pagers not followed", url, meta.get(REFERRER))
        # the leaf's links that may continue it, with what their requests carry (one probe
        # per pager, or a proven continuation's whole pager)
        continuing = None if is_index else self.continuing(analysis, meta, own_print)
        links = ([] if "nofollow" in robots or repeats
                 else self.links_to_follow(analysis, url, meta, continuing or {}))
        # the links it was followed by, kept: a later crawl that finds the page not modified
        # follows them again without fetching it (crawler/frontier/revisits.py)
        own = not rendered or drawn_by_its_document(is_index, links, collector_result(meta))
        followed = (links_ref(follow_tag(self.follow_leaf_links, is_index), links), links) if own else None
        validators = response_validators(response.headers)
        # the document's bytes, for a later revisit of a server without validators: a
        # browser sees them only when a revisit's plain fetch brought them (DIGEST_META)
        # (a revisit that compared this very answer already took its digest: DIGEST_META)
        validators[FIELD_DIGEST] = meta.get(DIGEST_META) or (None if rendered else document_digest(
            response.body, masked=written_per_request(response.headers)))
        item = page_item(analysis, status=response.status,
                         archive=(not is_index and "noindex" not in robots and not analysis.account_form
                                  and not analysis.search_page and not window and not repeats),
                         validators=validators, followed=followed,
                         # a continuation's text joins its post's document, not a file of its own
                         part_of=(meta[CONTINUES_META].get("first")
                                  if CONTINUES_META in meta and not repeats else None),
                         **where)
        notes = {f"robots_{d}": 1 for d in ("noindex", "nofollow") if d in robots}
        if repeats:
            notes["repeats_continued_page"] = 1
        if analysis.search_page:
            notes["search_page"] = 1
        if window:
            notes["post_window"] = 1
        if analysis.account_form:
            notes["account_form"] = 1
            if url != asked:
                self.note_login_wall(asked, url)
        if notes:      # a note beside the terms, so `leafcrawl explain` says why not archived
            item["counts"] = {**item["counts"], **notes}
        yield item
        if meta.get(START_META):
            yield from self.feed_requests(html, analysis.url)
        yield from self.follow(links, meta, referrer=analysis.url, referrer_score=analysis.score,
                               continuing=continuing)

    def closed(self, reason: str) -> None:
        """An interrupted crawl keeps the short leaves it held, and the links waiting on a
        section's probe: on a shared frontier back on its queue, for a peer or the next
        member; else in its JOBDIR, for --resume."""
        self.analyses.close()
        if self.held_in_flight:
            self.held_in_flight.close()
        waiting = self.frames_held + (self.sections.held() if self.sections else [])
        if not waiting:
            return
        if self.crawler.settings.getbool("LEAFCRAWL_SHARED_FRONTIER"):
            n = push_back(self, waiting)
            self.logger.info("%d pages held for --render auto's trials are back on the "
                             "shared frontier", n)
            return
        jobdir = self.crawler.settings.get("JOBDIR")
        if not jobdir:
            return
        held = [{"url": r.url, "depth": r.meta.get("depth", 0), "referrer": r.meta.get(REFERRER),
                 "referrer_score": r.meta.get(REFERRER_SCORE),
                 "site_host": r.meta.get(SITE_HOST_META)} for r in waiting]
        (Path(jobdir) / HELD_FRAMES_FILE).write_text(json.dumps(held), encoding="utf-8")
        self.logger.info("%d pages held for --render auto's trials are kept for --resume",
                         len(held))

    def on_spider_idle(self) -> None:
        """The crawl would end with short leaves held: a trial render never came back (a
        middleware dropped it). Nothing is on its way now, so none is counted out, and the
        held leaves are fetched again."""
        if self.frames_held:
            self.trials_out = 0
            self.release_held_frames()
            raise DontCloseSpider
        if self.section_probes:
            raise DontCloseSpider      # a probe's held requests come when it is back
        if self.relogin is not None:
            raise DontCloseSpider      # the pages that met the login form come after it

    def not_modified(self, response, revisit: dict):
        """A known page its server says is unchanged (crawler/frontier/revisits.py): noted, and the
        links it was followed by last time are followed again."""
        url = page_address(response.url)
        self.crawler.stats.inc_value("leafcrawl/not_modified")
        yield not_modified_item(url, site=self.site.name)
        yield from self.follow(revisit["links"], response.meta, referrer=url,
                               referrer_score=revisit["score"])

    def robots_directives(self, analysis, response) -> frozenset[str]:
        """The page's robots meta and X-Robots-Tag directives, when obeyed (the setting
        LEAFCRAWL_OBEY_ROBOTS_META, on by default, as ROBOTSTXT_OBEY is): noindex keeps a
        leaf out of the archive (its score is still stored), nofollow stops the crawl there.
        Wikis mark their history, diff and recent-changes pages so, whose filter links are
        endless."""
        if not self.obey_robots_meta:
            return frozenset()
        header = b", ".join(response.headers.getlist("X-Robots-Tag")).decode("latin-1")
        robots = analysis.robots | robots_directives(header)
        for directive in ("noindex", "nofollow"):
            if directive in robots:
                self.crawler.stats.inc_value(f"leafcrawl/robots_{directive}")
        return robots

    def shown_url(self, response) -> str:
        """The address of the page analysed. In browser mode, the browser's address once the
        page settled: after the redirects it followed, a script's (location.href = …)
        included, which is the page it shows, and before the expansion, whose scrolling may
        rewrite the address (history.pushState to /page/2/, Docsify's ?id= of the section
        in view) while the document stays this one. scrapy-playwright's response.url is the
        address at the end, after the expansion."""
        settled = (settle_result(response.meta) or {}).get("url")
        if settled and settled.startswith(("http://", "https://")):
            return settled
        return response.url

    def expansion_left(self, response) -> str | None:
        """Where the expansion's click took the browser, when it left the page (the
        expansion failed, and the page ended at another address), else None. The browser's
        address changes when the new document commits, which may be after the collector ran:
        the response's own, read last, is the one that tells. The click's navigation may also
        commit after the expansion returned, destroying the collector's context instead: a
        failed collector after an expansion tells as a failed expansion does."""
        expanded = expand_result(response.meta)
        collected = collector_result(response.meta) or {}
        if not expanded or ("error" not in expanded and "error" not in collected):
            return None
        before = self.shown_url(response).split("#", 1)[0]
        measured = collected.get("url") or ""
        for after in (response.url, measured):
            if after.startswith(("http://", "https://")) and after.split("#", 1)[0] != before:
                return after
        return None

    def page_html(self, response) -> str | bytes:
        """What to analyse: in browser mode the collector's measured HTML, else (plain mode,
        or the collector failed) the response body, unmeasured."""
        result = collector_result(response.meta)
        if result is None:
            return response.body
        stats = self.crawler.stats
        cut = response.meta.get(CUT_META)
        if cut:
            stats.inc_value("leafcrawl/subresources_cut", len(cut))
            self.logger.info("%s loaded without %d of its resources, cut at %d ms: %s",
                             response.url, len(cut), self.subresource_deadline, ", ".join(cut[:3]))
        expanded = expand_result(response.meta)
        if expanded and "error" in expanded:
            stats.inc_value("leafcrawl/expand_failed")
            self.logger.info("analysing %s as it settled: %s", response.url, expanded["error"])
        elif expanded:
            for what in ("clicks", "scrolls", "grew"):
                stats.inc_value(f"leafcrawl/expand_{what}", expanded.get(what, 0))
        if "error" in result:
            stats.inc_value("leafcrawl/unmeasured")
            self.logger.info("analysing %s unmeasured: %s", response.url, result["error"])
            return response.body
        stats.inc_value("leafcrawl/measured")
        # wall: seen from Python, queueing behind other tabs included; in_page: the script itself
        stats.inc_value("leafcrawl/collector_ms", round(result.get("wallMs", 0)))
        stats.inc_value("leafcrawl/collector_in_page_ms", round(result.get("ms", 0)))
        # a UTF-8 page under a stale legacy declaration, which the browser followed
        repaired = repair_mojibake(result["html"], result.get("charset"))
        if repaired is not None:
            stats.inc_value("leafcrawl/mojibake_repaired")
            self.logger.info("read %s as UTF-8: the browser decoded it as its declared %s",
                             response.url, result.get("charset"))
            return repaired
        return result["html"]


