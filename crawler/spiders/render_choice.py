"""--render auto's choices: the start pages fetched both ways, the frames a script may
fill rendered after a plain fetch, and the site's sections probed for scripts.

A part of SiteSpider (crawler/spiders/site_spider.py), which it is mixed into."""
from __future__ import annotations

import asyncio
import json
from pathlib import Path
from urllib.parse import urlsplit

import scrapy

from crawler.rendering.render_sections import SectionProbes, section_of
from crawler.frontier.shared_frontier import TOKEN_META
from pipelines.indexiness.page_address import page_address
from pipelines.page import analyze_page
from pipelines.indexiness.render_need import (FRAME_TRIALS, Shown, app_shell, empty_mount, frame_filled,
                                   script_drawn, shown)
from pipelines.store.site_config import fetch_label
from pipelines.indexiness.url_shape import url_facts
from crawler.spiders.page_requests import (REFERRER, REFERRER_SCORE, PLAIN_VIEW_META,
                                           HELD_FRAMES_FILE, START_PROBES, LEAF_PROBES,
                                           LISTING_PROBES, not_a_page_path, body_charset,
                                           carry_site_host)


class RenderChoice:
    """--render auto's choices: the start pages fetched both ways, the frames a script may
fill rendered after a plain fetch, and the site's sections probed for scripts."""

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

    def start_section_probe(self, url: str) -> None:
        task = asyncio.ensure_future(self.probe_section(url))
        self.section_probes.add(task)
        task.add_done_callback(self.section_probes.discard)

    async def probe_section(self, url: str) -> None:
        """--render auto, by plain HTTP: the first page of a section fetched both ways; the
        section's held requests then go in its mode (crawler/rendering/render_sections.py)."""
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
