"""Crawl a small forum end to end (plain mode, real Redis and RQ worker, served on
127.0.0.1): its board is followed, and each thread is archived whole, every page of it,
though a thread is a leaf and a leaf's links are not followed."""

from __future__ import annotations

import pytest

from tests.integration.test_crawl_blog import crawl
from tests.support.cli import archived_files
from tests.support.http_server import serve_directory, write_page

pytestmark = pytest.mark.integration

THREADS = {"which-bike.101": 3, "tyre-pressure.102": 1}


def _thread(slug: str, n: int, pages: int) -> str:
    posts = "".join(
        f'<article class="message"><a href="/members/rider{i}.{i}/">rider{i}</a><p>'
        + f"Reply {i} on page {n} of {slug} weighs frames, gears and saddles. " * 6
        + "</p></article>" for i in range(5))
    pager = "".join(f'<a href="/threads/{slug}/{"" if k == 1 else f"page-{k}/"}">{k}</a>'
                    for k in range(1, pages + 1)) if pages > 1 else ""
    return (f"<html><head><title>{slug} page {n}</title></head><body>"
            f'<nav><a href="/">Forum</a></nav><main><h1>{slug}</h1>{posts}'
            f'<div class="pageNav">{pager}</div></main></body></html>')


def make_forum(root) -> set[str]:
    """The forum's files; returns the thread page paths a crawl must archive."""
    entries = "".join(
        f'<li class="thread"><h3><a href="/threads/{slug}/">{slug}</a></h3>'
        f"<p>Started by rider0, {pages} pages of replies</p></li>" for slug, pages in THREADS.items())
    write_page(root, f"<html><body><main><h1>Bikes board</h1><ul>{entries}</ul></main></body></html>")
    expected = set()
    for slug, pages in THREADS.items():
        for n in range(1, pages + 1):
            path = f"/threads/{slug}/" + ("" if n == 1 else f"page-{n}/")
            write_page(root / path.strip("/"), _thread(slug, n, pages))
            expected.add(path)
    return expected


def test_every_page_of_a_paged_thread_is_archived(tmp_path, redis_ns):
    site = tmp_path / "site"
    expected = make_forum(site)
    with serve_directory(site) as base_url:
        summary, _ = crawl(base_url, tmp_path, redis_ns, "never")
    archived = set(archived_files(tmp_path / "archive"))
    assert archived == {base_url + path for path in expected}
    assert summary["pages_fetched"] == 1 + len(expected)
