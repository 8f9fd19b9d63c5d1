"""Which links a page leads to and the requests for them: depth, scope, traps, a leaf's
continuations.

A part of SiteSpider (crawler/spiders/site_spider.py), which it is mixed into."""
from __future__ import annotations

from urllib.parse import urlsplit

import scrapy

from crawler.rendering.browser import BROWSER_CONTEXT
from crawler.rendering.page_collector import collector_page_method
from crawler.rendering.page_expand import expand_page_method
from crawler.rendering.page_settle import settle_page_methods
from crawler.rendering.subresource_deadline import DEADLINE_META
from crawler.frontier.revisits import PAGE_META
from pipelines.indexiness.continuations import probe_links
from pipelines.indexiness.hash_routes import route_of
from pipelines.store.login_form import ends_session
from crawler.spiders.page_requests import (REFERRER, REFERRER_SCORE, CONTINUES_META, FEED_PATH,
                                           not_a_page_path, carry_site_host)


class LinkFollowing:
    """Which links a page leads to and the requests for them: depth, scope, traps, a leaf's
continuations."""

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
                "playwright_page_init_callback": "crawler.rendering.page_settle.install_settle_tracker",
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

    def continuing(self, analysis, meta, own_print: list[int]) -> dict[str, dict]:
        """The leaf's links that may continue it -> the CONTINUES_META their requests carry."""
        if CONTINUES_META in meta:       # a proven continuation: its pager, and its probe's
            rest = meta[CONTINUES_META]["rest"]
            first = meta[CONTINUES_META].get("first") or analysis.url
            return {link: {"print": own_print, "rest": [], "first": first}
                    for link in [*analysis.continuation_links, *rest]}
        return {probe: {"print": own_print, "rest": rest, "first": analysis.url}
                for probe, rest in probe_links(analysis.continuation_links, analysis.url).items()}

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

    def links_to_follow(self, analysis, url: str, meta, continuing: dict[str, dict]) -> list[str]:
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
        # A leaf's pagers are probed, one link each, until its content shows that they continue
        # it (continuing; pipelines/indexiness/continuations.py). A pager page under
        # the leaf's path (/story/3/ of /story/) waits for its probe like the rest of its
        # pager: asked for as a plain sub-page, it was archived as a post of its own.
        waiting = set(analysis.continuation_links).difference(continuing)
        return list(dict.fromkeys([*continuing, *(link for link in [*analysis.child_links,
                                                                   *analysis.sibling_links]
                                                  if link not in waiting)]))

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

    def on_site(self, url: str) -> bool:
        """Is url's host one of allowed_domains or under one? By host, not netloc: Scrapy's
        url_is_from_any_domain compares the netloc, so no host with a port is ever in."""
        host = (urlsplit(url).hostname or "").lower()
        return not self.allowed_domains or any(
            host == d or host.endswith("." + d) for d in (d.lower() for d in self.allowed_domains))

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

    def page_request_at(self, url: str, depth: int, referrer: str | None,
                        referrer_score: float | None, browser: bool | None = None) -> scrapy.Request:
        """A page's request again, at the depth it was first asked at (its URL is seen)."""
        request = self.page_request(url, referrer=referrer, referrer_score=referrer_score,
                                    browser=browser)
        request.meta["depth"] = depth
        return request.replace(dont_filter=True)
