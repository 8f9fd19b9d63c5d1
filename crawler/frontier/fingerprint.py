"""Request fingerprints that know a hash-routed site's pages apart.

Scrapy's default fingerprint drops the URL fragment (a server never sees it), so the
routes of a hash-routed site (/#/guide, /#/api: pipelines/indexiness/hash_routes.py) were all one
request to the dupefilter, and the crawl stopped at its first page. Here a route stays in
the fingerprint, as page_address writes it (no in-route query: Docsify's heading anchors
/#/guide?id=x are /#/guide); any other fragment still drops, as before.
"""
from __future__ import annotations

from scrapy.utils.request import fingerprint
from scrapy_redis.dupefilter import RFPDupeFilter

from pipelines.indexiness.hash_routes import route_of
from pipelines.indexiness.page_address import page_address


def routed_url(url: str) -> str | None:
    """The URL a routed request is known by, or None when it names no route."""
    return page_address(url) if route_of(url) is not None else None


class RouteAwareFingerprinter:
    """REQUEST_FINGERPRINTER_CLASS: Scrapy's fingerprint, with a route kept."""

    @classmethod
    def from_crawler(cls, crawler):
        return cls()

    def fingerprint(self, request) -> bytes:
        routed = routed_url(request.url)
        if routed is None:
            return fingerprint(request)
        return fingerprint(request.replace(url=routed), keep_fragments=True)



class RouteAwareRedisDupeFilter(RFPDupeFilter):
    """The shared frontier's dupefilter (scrapy-redis computes its own fingerprint, fragment
    dropped): a routed request gets RouteAwareFingerprinter's instead."""

    def request_fingerprint(self, request):
        if routed_url(request.url) is None:
            return super().request_fingerprint(request)
        return RouteAwareFingerprinter().fingerprint(request).hex()
