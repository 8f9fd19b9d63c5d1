"""The item a crawled page becomes: a plain dict, JSON-able, one per fetched page.

Index and leaf pages both become items so that every page's score reaches Redis; only a
leaf's item carries archive=True and its blocks, which the archive job renders.
"""

from __future__ import annotations

from datetime import datetime, timezone


def utc_now() -> str:
    return datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def page_item(analysis, *, site: str, status: int, depth: int, referrer: str | None,
              referrer_score: float | None, render: str, archive: bool,
              validators: dict | None = None, followed: tuple[str, list[str]] | None = None,
              part_of: str | None = None) -> dict:
    """A fetched and analysed page. validators: the response's etag and last_modified;
    followed: the (links_ref, URLs) the page was followed by, for a later revisit
    (crawler/frontier/revisits.py); part_of: the first page of the split post this page
    continues (workers/joined_posts.py)."""
    ref, urls = followed or (None, None)
    return {
        **(validators or {}),
        "followed_links": ref,
        "followed_urls": urls,
        "url": analysis.url,
        "site": site,
        "verdict": analysis.verdict,
        "score": analysis.score,
        "seed_score": analysis.seed_score,
        "breakdown": analysis.breakdown,
        "counts": analysis.counts,
        "counted_links": analysis.counted_links,
        "status": status,
        "error": None,
        "depth": depth,
        "referrer": referrer,
        "referrer_score": referrer_score,
        "fetched_at": utc_now(),
        "content_hash": analysis.content_hash or None,     # none for an index (analyze_page)
        "title": analysis.title,
        "author": analysis.author,
        "date_published": analysis.date_published,
        "canonical_url": analysis.canonical_url,
        "render": render,
        "archive": archive,
        "part_of": part_of,
        "blocks": [b.to_dict() for b in analysis.blocks] if archive else [],
    }


def not_modified_item(url: str, *, site: str) -> dict:
    """A known page its server says is unchanged since the last crawl (HTTP 304)."""
    return {"url": url, "site": site, "not_modified": True, "checked_at": utc_now()}


def failure_item(url: str, *, site: str, status, error: str, depth: int,
                 referrer: str | None, referrer_score: float | None, render: str) -> dict:
    """A page that could not be fetched or analysed; stored so the failure can be inspected."""
    return {
        "url": url,
        "site": site,
        "verdict": None,
        "score": None,
        "status": status,
        "error": error,
        "depth": depth,
        "referrer": referrer,
        "referrer_score": referrer_score,
        "fetched_at": utc_now(),
        "render": render,
        "archive": False,
    }
