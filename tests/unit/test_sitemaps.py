import gzip

import pytest

from crawler.frontier.sitemaps import NotASitemap, read_sitemap, robots_url, sitemaps_of_robots
from pipelines.store.site_config import ConfigError, validate

URLSET = (b'<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'
          b"<url><loc>https://ex.org/a/</loc><lastmod>2024-01-01</lastmod></url>"
          b"<url><loc> https://ex.org/b/ </loc></url><url><lastmod>2024</lastmod></url></urlset>")


def test_a_urlset_gives_its_pages_and_an_index_its_sitemaps():
    assert read_sitemap(URLSET) == ("urlset", ["https://ex.org/a/", "https://ex.org/b/"])
    assert read_sitemap(gzip.compress(URLSET)) == read_sitemap(URLSET)
    index = (b'<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap>'
             b"<loc>https://ex.org/posts.xml.gz</loc></sitemap></sitemapindex>")
    assert read_sitemap(index) == ("sitemapindex", ["https://ex.org/posts.xml.gz"])


@pytest.mark.parametrize("body, reason", [
    (b"<html><body><h1>Not found</h1></body></html>", "<html>"),   # a site's catch-all page
    (b"User-agent: *", "no XML"),
    (b"\x1f\x8b\x08garbage", "does not inflate"),
])
def test_what_is_no_sitemap_says_what_it_is(body, reason):
    with pytest.raises(NotASitemap, match=reason):
        read_sitemap(body)


def test_robots_names_the_sitemaps_else_the_default_place():
    robots = robots_url("https://ex.org:8443/blog/post/")
    assert robots == "https://ex.org:8443/robots.txt"
    assert sitemaps_of_robots(b"User-agent: *\nSitemap: /maps/one.xml\nsitemap: https://cdn.ex.org/two.xml\n",
                              robots) == ["https://ex.org:8443/maps/one.xml", "https://cdn.ex.org/two.xml"]
    assert sitemaps_of_robots(b"User-agent: *\nDisallow: /private\n", robots) == [
        "https://ex.org:8443/sitemap.xml"]


def test_the_sitemaps_key_is_a_boolean():
    assert validate({"name": "x", "start_urls": ["https://ex.org/"], "sitemaps": True}, "s.yaml").sitemaps
    with pytest.raises(ConfigError, match="key 'sitemaps': expected true or false"):
        validate({"name": "x", "start_urls": ["https://ex.org/"], "sitemaps": "yes"}, "s.yaml")


def test_locations_given_as_paths_are_read_against_the_sitemaps_address():
    # a site built with an empty base URL writes <loc>/post/</loc>: Scrapy's request for it
    # failed with "Missing scheme" and the page was counted as listed, never fetched
    body = (b'<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'
            b'<url><loc>/posts/a/</loc></url><url><loc> posts/b/ </loc></url>'
            b'<url><loc>https://cdn.ex.org/c/</loc></url></urlset>')
    assert read_sitemap(body, "https://ex.org/blog/sitemap.xml") == (
        "urlset", ["https://ex.org/posts/a/", "https://ex.org/blog/posts/b/", "https://cdn.ex.org/c/"])
