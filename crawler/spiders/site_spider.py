"""The one spider: fetch a page, ask the analysis whether it is an index or a leaf,
follow an index's links, hand a leaf to the archive pipeline.

Follow requests go through Scrapy's scheduler so DEPTH_LIMIT, allowed_domains and the
dupefilter hold; each carries the URL and score of the page that produced it, so every
crawl edge can be explained from Redis.
"""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path
from urllib.parse import urlsplit

import scrapy
from scrapy import signals
from scrapy.exceptions import DontCloseSpider, IgnoreRequest
from scrapy.http import HtmlResponse, TextResponse
from scrapy.linkextractors import IGNORED_EXTENSIONS
from scrapy.spidermiddlewares.httperror import HttpError
from w3lib.encoding import http_content_type_encoding

from crawler.browser import BROWSER_CONTEXT
from crawler.items import failure_item, not_modified_item, page_item
from crawler.fetch_errors import describe_fetch_error, describe_redirect_chain
from crawler.redirect_loops import RedirectLoop
from crawler.form_login import STAT_ERROR as STAT_LOGIN_ERROR
from crawler.form_login import LoginFailed, LoginUnreachable, log_in
from crawler.site_cookies import LOGINS_META, cookies_middleware
from crawler.page_collector import collector_page_method, collector_result
from crawler.page_expand import expand_page_method, expand_result
from crawler.page_settle import settle_page_methods, settle_result, unshown_answer
from crawler.subresource_deadline import CUT_META, DEADLINE_META, deadline_ms
from crawler.render_sections import SectionProbes, section_of
from crawler.revisits import (DIGEST_META, FIELD_DIGEST, PAGE_META, REVISIT_META,
                              document_digest, drawn_by_its_document, follow_tag, links_ref,
                              response_validators, written_per_request)
from crawler.shared_frontier import TOKEN_META, HeldInFlight, push_back, request_failed
from crawler.sitemaps import NotASitemap, read_sitemap, robots_url, sitemaps_of_robots
from crawler.trap_guard import LINKS_PER_PAGE, TrapGuard
from pipelines.continuations import content_print, probe_links, same_content
from pipelines.redirect_stub import stub_target
from pipelines.hash_routes import carries_route, route_of, routes_lead
from pipelines.login_form import ends_session
from pipelines.page_address import page_address
from pipelines.metadata import robots_directives
from pipelines.mojibake import repair_mojibake
from pipelines.page import IndexinessConfig, PageError, analyze_page
from pipelines.render_need import (FRAME_TRIALS, Shown, app_shell, empty_mount, frame_filled,
                                   script_drawn, shown)
from pipelines.site_config import config_from_spider_args, fetch_label
from pipelines.url_shape import url_facts

REFERRER = "leafcrawl_referrer"
REFERRER_SCORE = "leafcrawl_referrer_score"
# What a short leaf's HTML showed (its links, its text), carried to its render (note_frame)
PLAIN_VIEW_META = "leafcrawl_plain_view"
# In the JOBDIR of an interrupted crawl: the short leaves held for --render auto's trials
# (their requests were seen, so the resumed crawl's dupefilter would drop them)
HELD_FRAMES_FILE = "leafcrawl-held-frames.json"
# Every HTTP error status, for a request whose callback reads errors too
ERROR_STATUSES = list(range(400, 600))
# Request meta: a start request (its redirect may lead to another host: adopt_host)
START_META = "leafcrawl_start"
# Request meta: the host, adopted as the site's, of the page requested (adopt_host)
SITE_HOST_META = "leafcrawl_site_host"
CONTINUES_META = "leafcrawl_continues"
"""Request meta: {"print": the content print (pipelines/continuations.py) of the leaf whose
pager led here, "rest": that pager's other links}. A page that matches the print repeats the
leaf (a widget's pager) and is neither archived nor followed; one that does not continues it,
and the rest of its pager is followed."""
# --render auto fetches both ways, before the crawl, up to this many start pages...
START_PROBES = 3
# ...and this many of the first start page's links that are addressed like articles (dated
# or titled slugs): a static home may lead to articles whose script draws their body...
LEAF_PROBES = 2
# ...and like listings (/tags/x, /blog/, /page/2/): or to listings whose script draws their
# entries, which a plain crawl would never reach
LISTING_PROBES = 1
MAX_ERRORS_KEPT = 20  # enough to explain a failed crawl; the rest are in Redis
# Links to images, archives, media and office files are not pages: don't spend a fetch
# (or a browser tab) on them. Scrapy's own LinkExtractor list, so behaviour is familiar.
# Feeds and sitemaps (.xml/.rss/.atom) are not pages either.
# Plain text files (.txt: a docs site's "show source" links to its reST, robots.txt) are
# no pages either, nor the sources generators publish beside each post (Nikola's
# COPY_SOURCES links every post's .md/.rst; notebooks are JSON): a browser shows them as
# text, so each cost a fetch and came back a "not an HTML page" failure.
SOURCE_EXTENSIONS = {".md", ".markdown", ".rst", ".adoc", ".asciidoc", ".ipynb"}
NOT_PAGE_EXTENSIONS = ({"." + ext for ext in IGNORED_EXTENSIONS} | {".xml", ".rss", ".atom", ".txt"}
                       | SOURCE_EXTENSIONS)
_NOT_PAGE_SUFFIXES = tuple(sorted(NOT_PAGE_EXTENSIONS))
# Feeds under paths of their own (WordPress' /feed/ and /category/x/feed/, Mezzanine's
# /blog/feeds/rss/, /rss/, /atom.xml is an extension already): XML, no page. Mezzanine's
# sidebar and listings link 24 of them, each fetched and refused as no HTML.
# (/rss/ and /atom/ only at the root: /tags/atom/ is a tag's page.)
FEED_PATH = re.compile(r"/feeds?(?:/(?:rss2?|atom|comments))?/?$|^/(?:rss2?|atom)/?$", re.I)


def not_a_page_path(path: str) -> bool:
    """Does a URL's path end in one of NOT_PAGE_EXTENSIONS? Scrapy's url_has_any_extension,
    its ;params aside as urlparse sets them aside, with one endswith over a tuple instead of
    one call per extension: 80 us a link over its 180 extensions, 20,000 links a page."""
    last = path.rpartition("/")[2]
    if ";" in last:
        last = last.split(";", 1)[0]
    return last.lower().endswith(_NOT_PAGE_SUFFIXES)
# The media types a browser renders as a web page.
HTML_MEDIA_TYPES = frozenset({"text/html", "application/xhtml+xml"})


def is_html_response(response) -> bool:
    """A response that is a web page: declared text/html or XHTML, or, undeclared, sniffed as
    HTML by Scrapy. A declared text/plain, JSON or XML body is shown as text by a browser,
    whatever it holds: analysed as a page, a docs site's reST sources and a site's JSON
    were archived as articles. (Scrapy itself sniffs HTML-looking text/plain as HTML, and
    the browser wraps any text in <html><pre>, so the class alone cannot tell.)"""
    declared = response.headers.get("Content-Type")
    if declared:
        media = declared.decode("latin-1").split(";", 1)[0].strip().lower()
        if media and media != "application/octet-stream":
            return media in HTML_MEDIA_TYPES and isinstance(response, TextResponse)
    return isinstance(response, HtmlResponse)


def fetched_in_browser(meta) -> bool:
    """Was (or would) the page of this request's meta be rendered? A revisit asks by plain
    HTTP whatever the page's own mode, which it keeps (crawler/revisits.py)."""
    revisit = meta.get(REVISIT_META)
    return bool(revisit["playwright"] if revisit else meta.get("playwright"))


def body_charset(response, html: str | bytes | None = None) -> str | None:
    """The charset response.body is in, as its transport says (it wins over the page's
    <meta charset>, as in browsers): scrapy-playwright's body, encoded again from the
    browser's text, names its own; a plain response its Content-Type's, or None. None too
    when what is analysed (html) is text already (the browser's measured HTML)."""
    if isinstance(html, str):
        return None
    if response.meta.get("playwright"):
        return getattr(response, "encoding", None)
    return http_content_type_encoding(response.headers.get("Content-Type", b"").decode("latin-1"))


MAX_RELOGINS = 10
"""Form logins a crawl makes again when its session ends: a site that ends every session at
once (or a crawl that meets many pages its user may not see) is not logged into for ever."""
MAX_PAGE_RETRIES = 2
"""Times a page that met the login form is asked for again after a login."""
RELOGIN_PRIORITY = 100
"""How far a page retried after a login goes ahead of the pages queued before it."""
RELOGIN_META = "leafcrawl_after_login"
"""Request meta: times asked for again after meeting the login form (retried_after_login)."""


def asked_url(response) -> str:
    """The address a response was asked for: a plain fetch's response.request is its last
    redirect's."""
    return (response.meta.get("redirect_urls") or [response.request.url])[0]


def carry_site_host(request, host: str) -> None:
    """The request is for a page on a host the crawl adopted as the site's: past any
    process's offsite filter, and adopted by the process that parses it (adopt_host)."""
    request.meta.update({SITE_HOST_META: host, "allow_offsite": True})


class SiteSpider(scrapy.Spider):
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
        # (crawler/render_sections.py), and the probes on their way
        self.sections: SectionProbes | None = None
        self.section_probes: set = set()
        # distinct URLs linked but left out by deny or allow, for the summary
        self.out_of_scope: set[str] = set()
        self.errors: list[tuple[str, str]] = []  # (url, error), first few, for the summary
        # the site draws its pages at hash routes (/#/x): set by the first page that shows it
        # (pipelines/hash_routes.py); until then route-like links are an app's dialogs
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
        render = settings.get("LEAFCRAWL_RENDER", "always")
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

    def page_request(self, url: str, referrer: str | None, referrer_score: float | None,
                     expand: bool = True, browser: bool | None = None) -> scrapy.Request:
        """A page's request; browser: render it (default: as this crawl renders pages)."""
        if browser is None:
            browser = self.browser or (self.sections is not None and self.sections.rendered(url))
        meta = {REFERRER: referrer, REFERRER_SCORE: referrer_score, PAGE_META: True}
        # fetched again without the expansion (expansion_left): no new request, so no dupe
        again = browser and self.expand_rounds > 0 and not expand
        expand = expand and self.expand_rounds > 0
        if browser:
            meta.update({
                "playwright": True,
                # the context, when this request is the first to need it: as lenient with
                # certificates as Scrapy's plain fetches, which never check them (an
                # intranet's self-signed one failed every page in a browser, none plain)
                "playwright_context_kwargs": dict(BROWSER_CONTEXT),
                "playwright_page_init_callback": "crawler.page_settle.install_settle_tracker",
                # a script or image that never loads holds `load` no longer than this
                DEADLINE_META: self.subresource_deadline,
                # settle, reveal what "Load more" and scrolling add, then measure: the
                # collector reads the finished page
                "playwright_page_methods": [
                    *settle_page_methods(*self.settle),
                    *([expand_page_method(*self.settle, rounds=self.expand_rounds)]
                      if expand else []),
                    collector_page_method()],
            })
        return scrapy.Request(url, callback=self.parse_page, errback=self.on_error, meta=meta,
                              dont_filter=again)

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

    async def plain_view(self, url: str):
        """What a plain fetch of the page shows (render_need.Shown) and its analysis, or None
        when it could not be fetched or read (the crawl's own fetch then says what is wrong).
        An error page (HTTP 4xx, 5xx) is None too: it shows how the server says "not found",
        not how the site draws its pages (a section whose first link was broken was judged by
        its 404 page)."""
        request = scrapy.Request(url, dont_filter=True)
        try:
            response = await self.crawler.engine.download_async(request)
            if response.status >= 400:
                self.logger.info("--render auto: no plain view of %s (HTTP %d)", url, response.status)
                return None
            analysis = analyze_page(response.body, page_address(response.url), self.index_config,
                                    content="leaves", encoding=body_charset(response))
        except Exception as exc:      # any failure of the probe: the page is rendered anyway
            self.logger.info("--render auto: no plain view of %s (%s)", url, exc)
            return None
        return shown(analysis.page_links, response.body, analysis.url), analysis

    async def rendered_view(self, url: str):
        """What the browser shows of the page (render_need.Shown), or None when it failed."""
        request = self.page_request(url, referrer=None, referrer_score=None, browser=True)
        try:
            response = await self.crawler.engine.download_async(request.replace(dont_filter=True))
            html = self.page_html(response)
            analysis = analyze_page(html, page_address(self.shown_url(response)),
                                    self.index_config, content="leaves",
                                    encoding=body_charset(response, html))
        except Exception as exc:
            self.logger.info("--render auto: no rendered view of %s (%s)", url, exc)
            return None
        return shown(analysis.page_links, html, analysis.url)

    async def compare_views(self, url: str):
        """(compared, why the browser is needed or None, the plain analysis or None): the page
        fetched both ways at once and compared (render_need.script_drawn). Not compared when
        either fetch failed (refused, not HTML): no evidence either way."""
        plain, rendered = await asyncio.gather(self.plain_view(url), self.rendered_view(url))
        self.crawler.stats.inc_value("leafcrawl/render_probes")
        if plain is None or rendered is None:
            return False, None, plain[1] if plain else None
        reason = script_drawn(plain[0], rendered)
        return True, (f"{url}: {reason}" if reason else None), plain[1]

    async def decide_render(self) -> None:
        """--render auto, before the crawl: the site needs a browser when a start page (up to
        START_PROBES) or one of the first start page's articles and listings (LEAF_PROBES,
        LISTING_PROBES) shows, rendered, links or text its document lacks; and, for want of
        evidence, when no start page could be fetched both ways. The crawl then fetches every
        page, the probed ones included, in the mode decided."""
        reason, first, compared = None, None, 0
        for url in self.start_urls[:START_PROBES]:
            done, reason, analysis = await self.compare_views(url)
            compared += done
            if analysis is not None:     # where it redirects
                self.adopt_landing(url, analysis.url)
            first = first or analysis
            if reason:
                break
        # the pages the crawl would fetch: a section's articles, not the site's
        links = [link for link in (first.follow_links if first else ())
                 if not not_a_page_path(urlsplit(link).path)
                 and not self.denied(link) and not self.not_allowed(link)]
        shapes = {link: url_facts(link).shape for link in links}
        articles = ([link for link in links if shapes[link] == "content"][:LEAF_PROBES]
                    + [link for link in links if shapes[link] == "listing"][:LISTING_PROBES])
        starts = compared
        if reason is None and compared and articles:
            for done, found, _ in await asyncio.gather(*(self.compare_views(a) for a in articles)):
                compared += done
                reason = reason or found
        if reason is None and not compared:
            reason = f"{self.start_urls[0]}: no start page could be fetched both ways to compare"
        self.browser = reason is not None
        if not self.browser:
            self.sections = SectionProbes(self.start_urls[:START_PROBES] + articles)
        self.render_reason = reason or (
            f"{compared} page{'s' if compared > 1 else ''} probed ({self.start_urls[0]}"
            f"{' and pages it links' if compared > starts else ''}): each document holds its "
            "links and text")
        self.crawler.stats.set_value("leafcrawl/render_auto", self.render_mode)
        self.crawler.stats.set_value("leafcrawl/render_reason", self.render_reason)
        self.logger.info("--render auto: crawling by %s (%s)", self.render_mode, self.render_reason)

    @property
    def render_mode(self) -> str:
        return fetch_label(self.browser)

    def parse_page(self, response):
        meta = response.meta
        revisit = meta.get(REVISIT_META)
        if revisit and "links" in revisit:     # not modified (crawler/revisits.py)
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
            # would do with it, done (pipelines/redirect_stub.py)
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
            analysis = analyze_page(html, page_address(url), self.index_config,
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
        self.crawler.stats.inc_value(f"leafcrawl/{analysis.verdict}")
        robots = self.robots_directives(analysis, response)
        own_print = content_print(b.text for b in analysis.blocks)
        repeats = CONTINUES_META in meta and same_content(own_print, meta[CONTINUES_META]["print"])
        if repeats:
            # a pager inside the leaf paged a widget, not the leaf: this is the leaf again
            self.crawler.stats.inc_value("leafcrawl/widget_pager_pages")
            self.logger.info("%s repeats the page whose pager led here (%s): a widget's "
                             "pager; not archived, its pagers not followed", url, meta.get(REFERRER))
        links = [] if "nofollow" in robots or repeats else self.links_to_follow(analysis, url, meta)
        # the links it was followed by, kept: a later crawl that finds the page not modified
        # follows them again without fetching it (crawler/revisits.py)
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
                                  and not repeats),
                         validators=validators, followed=followed, **where)
        notes = {f"robots_{d}": 1 for d in ("noindex", "nofollow") if d in robots}
        if repeats:
            notes["repeats_continued_page"] = 1
        if analysis.account_form:
            notes["account_form"] = 1
            if url != asked:
                self.note_login_wall(asked, url)
        if notes:      # a note beside the terms, so `leafcrawl explain` says why not archived
            item["counts"] = {**item["counts"], **notes}
        yield item
        yield from self.follow(links, meta, referrer=analysis.url, referrer_score=analysis.score,
                               continuing=self.continuing(analysis, meta, own_print) if not is_index else None)

    def continuing(self, analysis, meta, own_print: list[int]) -> dict[str, dict]:
        """The leaf's links that may continue it -> the CONTINUES_META their requests carry."""
        if CONTINUES_META in meta:       # a proven continuation: its pager, and its probe's
            rest = meta[CONTINUES_META]["rest"]
            return {link: {"print": own_print, "rest": []}
                    for link in [*analysis.continuation_links, *rest]}
        return {probe: {"print": own_print, "rest": rest}
                for probe, rest in probe_links(analysis.continuation_links, analysis.url).items()}

    def frame_to_render(self, analysis, html) -> str | None:
        """--render auto, a page fetched plain: is it a frame a script may fill? "frame" for an
        index with nothing to follow or an app's empty mount point: rendered. For a short leaf
        (app_shell): "trial", rendered and compared (note_frame), while fewer than
        FRAME_TRIALS have been; once they all showed nothing more than their HTML, None (taken
        as it is); once one showed more, "trial" for every one; "hold" while the trials are
        on their way (a plain crawl meets many short leaves before the first render returns:
        without the hold, Hexo's release posts made 48 renders and 1 was taken as it was)."""
        shell = app_shell(analysis)
        if shell and analysis.verdict != "leaf":
            return "frame"
        if empty_mount(html):
            return "frame"
        if not shell:
            return None
        if self.frames_filled:
            return "trial"
        if self.frames_idle >= FRAME_TRIALS:
            self.crawler.stats.inc_value("leafcrawl/render_frames_trusted")
            return None
        if self.frames_idle + self.trials_out < FRAME_TRIALS:
            return "trial"
        return "hold"

    def note_frame(self, plain: dict | None, rendered: Shown | None) -> None:
        """A short leaf rendered again (a trial): did its script fill it? A render that failed
        (rendered None) showed nothing more. Once the trials have spoken, the short leaves
        held meanwhile are fetched again, to be taken as they are or rendered."""
        self.trials_out = max(self.trials_out - 1, 0)
        if plain is not None and rendered is not None and frame_filled(
                Shown(frozenset(plain["links"]), plain["text_chars"]), rendered):
            self.frames_filled += 1
        else:
            self.frames_idle += 1
            if self.frames_idle == FRAME_TRIALS and not self.frames_filled:
                self.logger.info("--render auto: %d short pages rendered showed nothing more "
                                 "than their HTML; the site's other short pages are taken as "
                                 "they are", FRAME_TRIALS)
        if self.frames_filled or self.frames_idle >= FRAME_TRIALS:
            self.release_held_frames()

    def hold_frame(self, request) -> None:
        """A short leaf met while the trials are on their way: fetched again once they spoke."""
        self.crawler.stats.inc_value("leafcrawl/render_frames_held")
        self.frames_held.append(self.keep_held(request))

    def keep_held(self, request):
        """A request --render auto holds back; on a shared frontier it is also kept in this
        member's in-flight hash, for a peer to take should this process die holding it
        (shared_frontier.HeldInFlight); handing it to the scheduler releases it there."""
        return self.held_in_flight.keep(request) if self.held_in_flight else request

    def release_held_frames(self) -> None:
        """The held short leaves, fetched again (plain) at their depth."""
        held, self.frames_held = self.frames_held, []
        for request in held:
            self.crawler.engine.crawl(request.replace(dont_filter=True))

    def closed(self, reason: str) -> None:
        """An interrupted crawl keeps the short leaves it held, and the links waiting on a
        section's probe: on a shared frontier back on its queue, for a peer or the next
        member; else in its JOBDIR, for --resume."""
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

    def held_at_interruption(self) -> list:
        """The requests of the short leaves an interrupted crawl held (closed), once."""
        jobdir = self.crawler.settings.get("JOBDIR")
        path = Path(jobdir) / HELD_FRAMES_FILE if jobdir else None
        if path is None or not path.is_file():
            return []
        held = json.loads(path.read_text(encoding="utf-8"))
        path.unlink()
        requests = []
        for page in held:
            request = self.page_request_at(page["url"], page["depth"], page["referrer"],
                                           page["referrer_score"])
            if page.get("site_host"):    # a host its start URL led to (adopt_host)
                carry_site_host(request, page["site_host"])
            requests.append(request)
        return requests

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

    def page_request_at(self, url: str, depth: int, referrer: str | None,
                        referrer_score: float | None, browser: bool | None = None) -> scrapy.Request:
        """A page's request again, at the depth it was first asked at (its URL is seen)."""
        request = self.page_request(url, referrer=referrer, referrer_score=referrer_score,
                                    browser=browser)
        request.meta["depth"] = depth
        return request.replace(dont_filter=True)

    def render_again(self, request, plain: Shown | None = None) -> None:
        """--render auto: the page through the browser, at its depth (app_shell). Straight to
        the scheduler: a request yielded from the callback would be a level deeper. plain:
        what its HTML showed, to be compared once rendered: a trial (note_frame)."""
        meta = request.meta
        again = self.page_request_at(request.url, meta.get("depth", 0), meta.get(REFERRER),
                                     meta.get(REFERRER_SCORE), browser=True)
        if plain is not None:
            again.meta[PLAIN_VIEW_META] = {"links": sorted(plain.links), "text_chars": plain.text_chars}
            self.trials_out += 1
        self.crawler.engine.crawl(again.replace(priority=request.priority))

    def within_depth(self, depth: int) -> bool:
        limit = self.crawler.settings.getint("DEPTH_LIMIT")
        return not limit or depth <= limit

    def at_depth(self, request, depth: int):
        """A followed request as Scrapy's depth middleware would pass it (its depth and the
        priority DEPTH_PRIORITY gives that depth), for the engine directly: a request held for
        a probe does not go back through the spider's middlewares."""
        request.meta["depth"] = depth
        return request.replace(priority=request.priority
                               - depth * self.crawler.settings.getint("DEPTH_PRIORITY"))

    def start_section_probe(self, url: str) -> None:
        task = asyncio.ensure_future(self.probe_section(url))
        self.section_probes.add(task)
        task.add_done_callback(self.section_probes.discard)

    async def probe_section(self, url: str) -> None:
        """--render auto, by plain HTTP: the first page of a section fetched both ways; the
        section's held requests then go in its mode (crawler/render_sections.py)."""
        section = section_of(url)
        compared, reason = False, None
        try:
            compared, reason, _ = await self.compare_views(url)
        finally:
            held, probe_next = self.sections.decide(section, reason, compared, url)
            if probe_next:
                self.start_section_probe(probe_next)
            if reason:
                # for the summary: "/docs/: why", every section found drawn so far
                self.crawler.stats.set_value("leafcrawl/render_section_reasons", [
                    f"/{drawn}/: {why}" for drawn, why in self.sections.drawn.items()])
                self.logger.info("--render auto: %s: the pages under /%s/ are rendered",
                                 reason, section)
            for request in held:
                if reason:
                    meta = request.meta
                    request = self.at_depth(self.page_request(
                        request.url, meta.get(REFERRER), meta.get(REFERRER_SCORE), browser=True),
                        meta["depth"])
                    if TOKEN_META in meta:      # its in-flight entry, released once queued
                        request.meta[TOKEN_META] = meta[TOKEN_META]
                try:
                    self.crawler.engine.crawl(request)
                except Exception as exc:     # the crawl is closing: closed() keeps none
                    self.logger.warning("%s was not fetched: %s", request.url, exc)

    def follow(self, links, meta, referrer: str, referrer_score: float | None,
               continuing: dict[str, dict] | None = None):
        """Requests for the links a page leads to, from a response of meta's depth.

        A link asked for before at no greater depth is not asked for again. Scrapy's
        dupefilter would drop it, but only after the request had gone through every spider
        middleware and the scheduler: a site's menus and tag clouds repeat the same links on
        every page, 3,591 of the 4,167 requests a plain crawl of the Hugo blog made for its
        576 pages. Skipped here, that crawl went from 50-55 to 65-71 pages/s (Pelican 31.7
        -> 36.6). The dupefilter still judges what is left: other spellings of one URL, and a
        shared frontier's other crawlers. A link first asked for too deep for DEPTH_LIMIT is
        asked for again when found higher up. continuing: the links that may continue this
        leaf -> the CONTINUES_META their requests carry."""
        depth = meta.get("depth", 0) + 1
        followed = self.followed
        if len(links) > self.max_links_per_page:
            # a page of 200,000 links held the crawl for minutes while they were queued
            self.crawler.stats.inc_value("leafcrawl/links_cut", len(links) - self.max_links_per_page)
            self.crawler.stats.set_value("leafcrawl/links_cut_page", referrer)
            links = list(links)[:self.max_links_per_page]
        # (past DEPTH_LIMIT, Scrapy's depth middleware drops the links: nothing to probe)
        sections = (self.sections if self.sections is not None and not self.browser
                    and self.within_depth(depth) else None)
        for link in links:
            if followed.get(link, depth + 1) <= depth:
                continue
            if self.may_fetch(link):
                followed[link] = depth
                request = self.page_request(link, referrer=referrer, referrer_score=referrer_score)
                if continuing and link in continuing:
                    request.meta[CONTINUES_META] = continuing[link]
                if self.adopted_hosts:
                    host = (urlsplit(link).hostname or "").lower()
                    if host in self.adopted_hosts:     # for a process that has not adopted it
                        carry_site_host(request, host)
                step = sections.route(link) if sections is not None else None
                if step is None:
                    yield request
                    continue
                # waits for its section's probe (render_sections.py)
                sections.hold(link, self.keep_held(self.at_depth(request, depth)))
                if step == "probe":
                    self.start_section_probe(link)

    def links_to_follow(self, analysis, url: str, meta) -> list[str]:
        """The links of an analysed page this crawl follows."""
        # A site's home page given as the start is followed whatever its verdict: a blog
        # whose home page shows whole posts reads as a leaf, and a crawl that stops there is
        # no use to someone who asked for the site. A deeper start URL that reads as a leaf
        # (an article) is archived, as asked, with its sub-pages if it has any.
        # A leaf's numbered pager is followed: page 2 of a long thread or a multi-page
        # article is more of the same content, archived like its first page. So are its
        # sub-pages (pages under its path): a docs section's introduction is a leaf that is
        # often the only way to its pages. And so are its siblings in the navigation that
        # lists it: a docs site's pages reach each other through their sidebar alone.
        if analysis.verdict == "index" or (meta.get("depth", 0) == 0
                                           and urlsplit(url).path in ("", "/")):
            return list(analysis.follow_links)
        if self.follow_leaf_links:
            return list(analysis.page_links)
        # A leaf's pagers are probed, one link each, until its content shows that they
        # continue it (pipelines/continuations.py); a proven continuation's pager is followed
        continuations = ([*analysis.continuation_links, *meta[CONTINUES_META]["rest"]]
                         if CONTINUES_META in meta
                         else list(probe_links(analysis.continuation_links, analysis.url)))
        return list(dict.fromkeys(continuations + analysis.child_links + analysis.sibling_links))

    def not_modified(self, response, revisit: dict):
        """A known page its server says is unchanged (crawler/revisits.py): noted, and the
        links it was followed by last time are followed again."""
        url = page_address(response.url)
        self.crawler.stats.inc_value("leafcrawl/not_modified")
        yield not_modified_item(url, site=self.site.name)
        yield from self.follow(revisit["links"], response.meta, referrer=url,
                               referrer_score=revisit["score"])

    def may_fetch(self, link: str) -> bool:
        """Is the link a page this crawl may fetch? (Off-site links are Scrapy's to drop.)"""
        path = urlsplit(link).path
        if not_a_page_path(path) or FEED_PATH.search(path):
            self.crawler.stats.inc_value("leafcrawl/skipped_not_page")
            return False
        if route_of(link) is not None and not (self.browser and self.hash_routed):
            if self.hash_routed:
                # a plain fetch of /#/x is a fetch of /: only a browser draws the route
                self.crawler.stats.inc_value("leafcrawl/skipped_hash_route")
            else:
                self.crawler.stats.inc_value("leafcrawl/skipped_fragment_link")
            return False
        if self.logged_in and ends_session(link):
            # a "Log out" link in a logged-in crawl's menus would end its session, and every
            # page after would lead to the login form
            self.crawler.stats.inc_value("leafcrawl/skipped_logout")
            return False
        if not self.trap_guard.admits(link):
            # (asked no more: the same trap's links come back on every page of it)
            self.followed[link] = -1
            self.crawler.stats.inc_value("leafcrawl/skipped_trap")
            return False
        denied = self.denied(link)
        if denied or self.not_allowed(link):
            self.crawler.stats.inc_value("leafcrawl/skipped_denied" if denied
                                         else "leafcrawl/skipped_not_allowed")
            if link not in self.out_of_scope:
                self.out_of_scope.add(link)
                self.crawler.stats.set_value("leafcrawl/out_of_scope", len(self.out_of_scope))
            return False
        return True

    def denied(self, link: str) -> bool:
        return bool(self.deny) and any(p.search(link) for p in self.deny)

    def not_allowed(self, link: str) -> bool:
        return bool(self.allow) and not any(p.search(link) for p in self.allow)

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

    def on_site(self, url: str) -> bool:
        """Is url's host one of allowed_domains or under one? By host, not netloc: Scrapy's
        url_is_from_any_domain compares the netloc, so no host with a port is ever in."""
        host = (urlsplit(url).hostname or "").lower()
        return not self.allowed_domains or any(
            host == d or host.endswith("." + d) for d in (d.lower() for d in self.allowed_domains))

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
        the response's own, read last, is the one that tells."""
        expanded = expand_result(response.meta)
        if not expanded or "error" not in expanded:
            return None
        before = self.shown_url(response).split("#", 1)[0]
        measured = (collector_result(response.meta) or {}).get("url") or ""
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

    def retried_after_login(self, request, asked: str) -> bool:
        """A page of a crawl with a form login led to the login form: the session ended (a
        site's sessions last so long, or end when the same account logs in elsewhere). The
        crawl logs in again (log_in_again) and asks for the page once more; so do the pages
        that meet the form while it does, and those that left with a session a later login
        replaced (they are asked for again at once). False when the page is not to be
        retried: it met the form with a session that a login for it had just given (a page
        this user may not see), or the crawl has logged in MAX_RELOGINS times."""
        meta = request.meta
        tries = meta.get(RELOGIN_META, 0)
        if not self.form_login or tries >= MAX_PAGE_RETRIES:
            return False
        mw = cookies_middleware(self.crawler)
        logins = mw.logins if mw is not None else 0
        replaced = meta.get(LOGINS_META, logins) < logins
        if self.relogin is None and not replaced and (tries or self.relogins >= MAX_RELOGINS):
            return False
        # first after the login: the session that it gives is theirs too
        again = self.page_request_at(asked, meta.get("depth", 0), meta.get(REFERRER),
                                     meta.get(REFERRER_SCORE)).replace(
            priority=request.priority + RELOGIN_PRIORITY)
        again.meta[RELOGIN_META] = tries + 1
        if self.relogin is None and replaced:
            self.crawler.engine.crawl(again)
            return True
        self.after_login.append(again)
        if self.relogin is None:
            self.relogins += 1
            # every page asked for meanwhile would meet the form too: the scheduler waits
            # (the login's own requests go straight to the downloader)
            self.crawler.engine.pause()
            self.relogin = asyncio.ensure_future(self.log_in_again())
        return True

    async def share_session(self) -> None:
        """The jar's cookies (a new login's session) into the browser contexts made already."""
        from crawler.browser_handler import share_jar_cookies

        try:
            await share_jar_cookies(self.crawler)
        except Exception as exc:  # noqa: BLE001 - a context closing under it: the next is made from the jar
            self.logger.warning("the new session did not reach a browser context: %s", exc)

    async def log_in_again(self) -> None:
        try:
            landed = await log_in(self.crawler)
            self.crawler.stats.inc_value("leafcrawl/relogins")
            await self.share_session()
            self.logger.warning("the session ended; logged in again (the site then showed %s)",
                                landed)
        except LoginUnreachable as exc:
            # no answer: the pages waiting for it are asked for as if it had not been tried,
            # and the next to meet the form tries again
            self.logger.warning("logging in again failed, to be tried again: %s", exc)
            for request in self.after_login:
                request.meta[RELOGIN_META] -= 1
        except LoginFailed as exc:
            # refused: the pages left meet the form, and the summary says so
            self.relogins = MAX_RELOGINS
            self.logger.error("logging in again failed: %s", exc)
        except Exception:  # noqa: BLE001 - a fault of ours: the crawl goes on without logins
            self.relogins = MAX_RELOGINS
            self.logger.exception("logging in again failed")
        finally:
            waiting, self.after_login = self.after_login, []
            self.relogin = None
            self.crawler.engine.unpause()
            for request in waiting:
                self.crawler.engine.crawl(request)

    def note_login_wall(self, asked: str, form: str) -> None:
        """A page that led to the site's login form (a session that expired, or none): the
        form is scored and never archived, so without this the crawl ended quietly with
        nothing archived. The summary says what to do (crawl_runner.CrawlSummary)."""
        stats = self.crawler.stats
        if not stats.get_value("leafcrawl/login_walls"):
            stats.set_value("leafcrawl/login_form", form.split("?", 1)[0])
            self.logger.warning("%s led to the site's login form, %s", asked, form)
        stats.inc_value("leafcrawl/login_walls")

    def note_failure(self, url: str, error: str) -> None:
        self.crawler.stats.inc_value("leafcrawl/failures")
        if len(self.errors) < MAX_ERRORS_KEPT:
            self.errors.append((url, error))
        self.logger.info("failed %s: %s", url, error)

    def on_error(self, failure):
        request = failure.request
        meta = request.meta
        answer = unshown_answer(meta, failure.value)
        if failure.check(HttpError):
            status = failure.value.response.status
            error = f"HTTP {status}"
        elif answer:
            # a rendered page's error status with an empty body, which Chromium fails
            status = answer["status"]
            error = f"HTTP {status}"
        elif failure.check(RedirectLoop):
            status, error = "error", describe_redirect_chain(failure.value.chain)
        elif failure.check(IgnoreRequest) and meta.get("redirect_urls"):
            # RedirectMiddleware gave up past REDIRECT_MAX_TIMES: the address asked for
            # fails, not the last hop, or the crawl drops it unnamed
            status, error = "error", describe_redirect_chain([*meta["redirect_urls"], request.url])
        else:
            # DNS failures and timeouts too, in the same words in both render modes
            status, error = "error", describe_fetch_error(failure.value)
        if status == 401:
            error += (" (the login was refused)" if self.site.http_user else
                      " (the site asks for a login: --http-user, or http_user in its config)")
        url = (meta.get("redirect_urls") or [request.url])[0]
        self.note_failure(url, error)
        if PLAIN_VIEW_META in meta:       # a trial render that failed showed nothing more
            self.note_frame(None, None)
        # a shared frontier forgets the request once this record is stored
        # (shared_frontier.request_failed)
        self.crawler.signals.send_catch_log(signal=request_failed, request=request,
                                            failure=failure)
        yield failure_item(url, site=self.site.name, status=status, error=error,
                           depth=meta.get("depth", 0), referrer=meta.get(REFERRER),
                           referrer_score=meta.get(REFERRER_SCORE),
                           render=fetch_label(fetched_in_browser(meta)))
