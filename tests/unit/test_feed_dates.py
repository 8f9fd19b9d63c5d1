"""A site's feed as a source of its posts' days (pipelines/metadata/feed_dates.py)."""
from __future__ import annotations

import pytest

from pipelines.metadata.feed_dates import (MAX_FEEDS, NotAFeed, advertised_feeds, page_key,
                                           read_feed)

RSS = b"""<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><title>Log</title>
<item><title>One</title><link>https://www.example.org/2012/first/</link>
<pubDate>Sun, 08 Jan 2012 10:00:20 +0000</pubDate></item>
<item><title>Two</title><guid isPermaLink="true">https://example.org/2012/second/</guid>
<dc:date>2012-02-03T08:00:00Z</dc:date></item>
<item><title>A comment</title><link>https://example.org/2012/first/#comment-7</link>
<pubDate>Mon, 09 Jan 2012 11:00:00 +0000</pubDate></item>
<item><title>Undated</title><link>https://example.org/about/</link></item>
<item><title>Hugo's undated page</title><link>https://example.org/contact/</link>
<pubDate>Mon, 01 Jan 0001 00:00:00 +0000</pubDate></item>
</channel></rss>"""

ATOM = """<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom">
<title>Notes</title><updated>2026-12-05T03:44:34Z</updated>
<entry><title>A</title><link rel="alternate" href="/posts/a.html"/>{a}</entry>
<entry><title>B</title><link href="http://127.0.0.1:8000/posts/b.html"/>{b}</entry>
</feed>"""

RDF = b"""<?xml version="1.0"?><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"
xmlns="http://purl.org/rss/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/">
<item rdf:about="http://example.org/news/1"><title>N</title><link>http://example.org/news/1</link>
<dc:date>2019-05-04</dc:date></item></rdf:RDF>"""


def test_rss_items_give_their_publication_day_and_comments_are_left_out():
    days = read_feed(RSS, "https://example.org/feed/")
    assert days == {"example.org/2012/first/": "2012-01-08",
                    "example.org/2012/second/": "2012-02-03T08:00:00Z"}


def test_atom_published_wins_over_updated_which_is_an_edit():
    body = ATOM.format(a="<published>2020-01-02T00:00:00Z</published>"
                         "<updated>2024-06-01T00:00:00Z</updated>",
                       b="<updated>2024-06-01T00:00:00Z</updated>").encode()
    days = read_feed(body, "http://127.0.0.1:8000/blog/atom.xml")
    # B has no published day in a feed that names them: its updated day is no publication
    assert days == {"127.0.0.1:8000/posts/a.html": "2020-01-02T00:00:00Z"}


def test_atom_without_any_published_dates_entries_by_updated():
    body = ATOM.format(a="<updated>2020-11-08T00:00:00+00:00</updated>",
                       b="<updated>2021-03-01T00:00:00+00:00</updated>").encode()
    days = read_feed(body, "http://127.0.0.1:8000/blog/atom.xml")
    assert days == {"127.0.0.1:8000/posts/a.html": "2020-11-08T00:00:00+00:00",
                    "127.0.0.1:8000/posts/b.html": "2021-03-01T00:00:00+00:00"}


def test_rss_1_0_rdf_items():
    assert read_feed(RDF, "http://example.org/index.rdf") == {"example.org/news/1": "2019-05-04"}


@pytest.mark.parametrize("body, says", [
    (b"<html><body><p>Not found</p></body></html>", "<html>"),
    (b"\x89PNG\r\n\x1a\n\x00\x00binary", "not XML"),
    (b"", "not XML"),
])
def test_what_is_no_feed_is_named(body, says):
    with pytest.raises(NotAFeed, match=says):
        read_feed(body, "http://example.org/feed/")


def test_the_head_advertises_feeds_in_order_and_only_feeds():
    links = "".join(f'<link rel="alternate" type="application/rss+xml" href="/feed{i}/">'
                    for i in range(MAX_FEEDS + 2))
    html = (f'<html><head><link rel="stylesheet" href="/s.css">'
            f'<link rel="alternate" hreflang="de" href="/de/">'
            f'<link rel="alternate" type="application/atom+xml" href="https://example.org/atom.xml">'
            f'{links}</head><body><p>x</p></body></html>')
    feeds = advertised_feeds(html, "https://example.org/")
    assert feeds[0] == "https://example.org/atom.xml"
    assert feeds[1:] == [f"https://example.org/feed{i}/" for i in range(MAX_FEEDS - 1)]
    assert advertised_feeds("<html><head></head><body></body></html>", "https://example.org/") == []


def test_feed_and_page_meet_whatever_the_scheme_or_www():
    assert page_key("https://www.Example.org/a/?p=3#x") == page_key("http://example.org/a/?p=3")
    assert page_key("http://example.org/a/") != page_key("http://example.org/b/")
