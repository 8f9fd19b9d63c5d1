"""A site that answers 429 Too Many Requests: the crawl waits as asked, slows down, and
archives the page all the same; a site that asks for too long a wait fails that page alone.
Plain mode, real Redis and RQ worker, served on 127.0.0.1."""

from __future__ import annotations

import pytest

from crawler.politeness.rate_limits import RATE_LIMITED_MIN_DELAY_S
from tests.integration.test_crawl_blog import crawl
from tests.support.cli import archived_files
from tests.support.http_server import RateLimit, serve_directory, write_page

pytestmark = pytest.mark.integration

POSTS = ("/posts/spring-rolls/", "/posts/dumplings/", "/posts/noodles/")


def make_site(root) -> None:
    """A home listing three long posts."""
    entries = "".join(f'<li><h2><a href="{p}">{p.split("/")[2].title()}</a></h2>'
                      f"<p>A post about {p.split('/')[2]}.</p></li>" for p in POSTS)
    write_page(root, f"<html><head><title>Kitchen</title></head><body><main><h1>Kitchen</h1>"
                     f"<ul>{entries}</ul></main></body></html>")
    for p in POSTS:
        dish = p.split("/")[2]
        write_page(root / p.strip("/"), f"<html><head><title>{dish}</title></head><body><main>"
                   f"<article><h1>{dish.title()}</h1><time datetime='2024-05-01'>May 1</time>"
                   + f"<p>How we make {dish} at home, step by step, with what the shop has. " * 30
                   + "</p></article></main></body></html>")


@pytest.mark.parametrize("render", [pytest.param("always", marks=pytest.mark.browser), "never"])
def test_a_page_answered_429_is_fetched_again_after_retry_after_and_archived(tmp_path, redis_ns,
                                                                              render):
    site = tmp_path / "site"
    make_site(site)
    limit = RateLimit(times=2, retry_after="1")
    with serve_directory(site, faults={POSTS[1]: limit}) as base:
        summary, result = crawl(base, tmp_path, redis_ns, render)
    files = archived_files(tmp_path / "archive")
    assert {base + p for p in POSTS} <= set(files)
    # two 429s, then the page: each asked for again only once its Retry-After had passed
    assert len(limit.arrivals) == 3
    gaps = [b - a for a, b in zip(limit.arrivals, limit.arrivals[1:])]
    assert min(gaps) >= 0.95, gaps
    assert summary["rate_limited"] == 2 and summary["rate_limited_given_up"] == 0
    assert summary["failures"] == 0
    assert summary["rate_limited_pace"] == 2 * RATE_LIMITED_MIN_DELAY_S
    assert "rate limited" in result.stdout and "429 Too Many Requests" in result.stdout


def test_a_page_whose_site_asks_for_too_long_a_wait_fails_alone(tmp_path, redis_ns):
    site = tmp_path / "site"
    make_site(site)
    limit = RateLimit(times=100, retry_after="3600")
    with serve_directory(site, faults={POSTS[0]: limit}) as base:
        summary, result = crawl(base, tmp_path, redis_ns, "never")
    files = archived_files(tmp_path / "archive")
    assert base + POSTS[0] not in files
    assert {base + p for p in POSTS[1:]} <= set(files)
    # given up at once: neither waited an hour nor retried by Scrapy's retry middleware
    assert len(limit.arrivals) == 1
    assert summary["rate_limited_given_up"] == 1 and summary["failures"] == 1
    assert f"{base}{POSTS[0]}: HTTP 429" in result.stdout


@pytest.mark.parametrize("render", [pytest.param("always", marks=pytest.mark.browser), "never"])
def test_a_revisit_answered_429_is_asked_again_after_the_wait_not_rendered_at_once(
        tmp_path, redis_ns, render):
    # a later crawl asks for a known leaf conditionally; a 429 says nothing of the page, and
    # a browser crawl took it for a change and rendered the page at once, into the limit
    site = tmp_path / "site"
    make_site(site)
    with serve_directory(site) as base:
        crawl(base, tmp_path, redis_ns, render)
    limit = RateLimit(times=1, retry_after="1")
    with serve_directory(site, faults={POSTS[2]: limit}, port=int(base.rsplit(":", 1)[1])) as base:
        summary, _ = crawl(base, tmp_path, redis_ns, render)
    assert len(limit.arrivals) == 2 and limit.arrivals[1] - limit.arrivals[0] >= 0.95
    assert summary["rate_limited"] == 1
    assert summary["not_modified"] == len(POSTS) and summary["failures"] == 0


@pytest.mark.browser
def test_a_rendered_page_answered_429_with_an_empty_body_is_waited_out_too(tmp_path, redis_ns):
    # Chromium fails a navigation to an error status with an empty body
    # (net::ERR_HTTP_RESPONSE_CODE_FAILURE): the status came from the page's response event
    site = tmp_path / "site"
    make_site(site)
    limit = RateLimit(times=1, retry_after="1", page=False)
    gone = RateLimit(times=100, retry_after=None, status=404, page=False)
    with serve_directory(site, faults={POSTS[1]: limit, POSTS[2]: gone}) as base:
        summary, result = crawl(base, tmp_path, redis_ns, "always")
    files = archived_files(tmp_path / "archive")
    assert base + POSTS[1] in files
    assert len(limit.arrivals) == 2 and limit.arrivals[1] - limit.arrivals[0] >= 0.95
    assert summary["rate_limited"] == 1
    # and an empty 404 reads as the plain crawl's would
    assert summary["failures"] == 1 and f"{base}{POSTS[2]}: HTTP 404" in result.stdout
