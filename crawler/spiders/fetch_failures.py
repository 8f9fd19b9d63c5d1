"""A page that could not be fetched: one line saying why, a record in Redis.

A part of SiteSpider (crawler/spiders/site_spider.py), which it is mixed into."""
from __future__ import annotations

from scrapy.exceptions import IgnoreRequest
from scrapy.spidermiddlewares.httperror import HttpError

from crawler.items import failure_item
from crawler.fetch_errors import describe_fetch_error, describe_redirect_chain
from crawler.frontier.redirect_loops import RedirectLoop
from crawler.rendering.page_settle import unshown_answer
from crawler.frontier.shared_frontier import request_failed
from pipelines.store.site_config import fetch_label
from crawler.spiders.page_requests import (REFERRER, REFERRER_SCORE, PLAIN_VIEW_META,
                                           MAX_ERRORS_KEPT, fetched_in_browser)


class FetchFailures:
    """A page that could not be fetched: one line saying why, a record in Redis."""

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
