"""Redirect loops fail by name.

Scrapy's RedirectMiddleware counts hops (REDIRECT_MAX_TIMES) but does not look at where they
go, and a redirect back to an address already asked for (/a/ -> /b/ -> /a/) is dropped by the
dupefilter as a page seen before: the page a user asked for vanished from the crawl with no
failure. Refusing a redirect to an address already in the request's own chain names the loop
the moment it closes, in both a site's links and its start URLs.
"""
from __future__ import annotations

from scrapy import Request
from scrapy.downloadermiddlewares.redirect import RedirectMiddleware
from scrapy.exceptions import IgnoreRequest


class RedirectLoop(IgnoreRequest):
    """A redirect back to an address its chain has already asked for; chain ends with it."""

    def __init__(self, chain: list[str]):
        self.chain = chain
        super().__init__(f"redirect loop: {' -> '.join(chain)}")


class LoopRefusingRedirectMiddleware(RedirectMiddleware):
    """Scrapy's RedirectMiddleware (same settings, same place), refusing loops."""

    def process_response(self, request, response):
        result = super().process_response(request, response)
        if isinstance(result, Request):
            chain = [*request.meta.get("redirect_urls", []), request.url]
            if result.url in chain:
                raise RedirectLoop([*chain, result.url])
        return result
