"""A site on HTTPS whose certificate no authority signed (an intranet's, a staging site's):
crawled in both render modes, as Scrapy's plain fetches never check certificates."""

from __future__ import annotations

import pytest

from tests.integration.test_crawl_blog import crawl
from tests.integration.test_crawl_rate_limits import POSTS, make_site
from tests.support.cli import archived_files
from tests.support.http_server import serve_directory

pytestmark = pytest.mark.integration


@pytest.mark.parametrize("render", [pytest.param("always", marks=pytest.mark.browser), "never"])
def test_a_site_with_a_self_signed_certificate_is_crawled_in_both_modes(tmp_path, redis_ns, render):
    site = tmp_path / "site"
    make_site(site)
    with serve_directory(site, self_signed=True) as base:
        assert base.startswith("https://")
        summary, result = crawl(base, tmp_path, redis_ns, render)
    # a browser crawl failed every page: "TLS certificate not trusted (net::ERR_CERT_AUTHORITY_INVALID)"
    assert summary["failures"] == 0, result.stdout
    assert {base + p for p in POSTS} <= set(archived_files(tmp_path / "archive"))
