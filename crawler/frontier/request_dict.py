"""Requests to dicts for the queues that store them (JOBDIR's disk queue, the shared frontier).

Scrapy's Request.to_dict(spider=...) names the callback and errback by searching the
spider's members with inspect.getmembers, which reads every attribute of the spider (its
properties too) for each of the two: ~0.2 ms a request on this project's spider. A crawl
queues every request it makes, so on a page listing 20,000 links that search was 7.4 s of a
21 s crawl. Here a bound method of the spider is named once per function, and Scrapy's own
to_dict builds the rest of the dict, so what is stored is what Scrapy stores.
"""
from __future__ import annotations

from scrapy.squeues import PickleFifoDiskQueue

# (spider class, function) -> the attribute name the spider has it under
_NAMES: dict[tuple[type, object], str | None] = {}


def _method_name(spider, method) -> str | None:
    """The name under which `spider` has the bound method `method`, or None (not one of its
    methods, or only under another name than its own)."""
    func = getattr(method, "__func__", None)
    if func is None or getattr(method, "__self__", None) is not spider:
        return None
    key = (type(spider), func)
    if key not in _NAMES:
        name = func.__name__
        found = getattr(type(spider), name, None)
        _NAMES[key] = name if found is func else None
    return _NAMES[key]


def request_to_dict(request, spider) -> dict:
    """request.to_dict(spider=spider), with the callback's and errback's names looked up
    once per spider class instead of on every request."""
    callback, errback = request.callback, request.errback
    names = {}
    for field, method in (("callback", callback), ("errback", errback)):
        if callable(method):
            name = _method_name(spider, method)
            if name is None:                    # Scrapy's search, and its error if it fails
                return request.to_dict(spider=spider)
            names[field] = name
    request.callback = request.errback = None
    try:
        data = request.to_dict(spider=spider)
    finally:
        request.callback, request.errback = callback, errback
    data.update(names)
    return data


class FifoDiskQueue(PickleFifoDiskQueue):
    """Scrapy's PickleFifoDiskQueue (SCHEDULER_DISK_QUEUE) storing request_to_dict's dicts."""

    def push(self, request) -> None:
        # past PickleFifoDiskQueue's own push, which would call request.to_dict
        super(PickleFifoDiskQueue, self).push(request_to_dict(request, self.spider))
