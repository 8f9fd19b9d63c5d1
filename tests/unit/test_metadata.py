import json

import pytest

from pipelines.htmlparse import parse_html
from pipelines.metadata.page_metadata import extract_metadata


def meta(html):
    return extract_metadata(parse_html(html))


def test_meta_tags():
    m = meta('<html><head><meta property="og:title" content="OG Title">'
             '<meta name="author" content="Ann Author"><meta name="DC.date" content="2020-05-06">'
             '<title>Other | Site</title></head><body><h1>H</h1></body></html>')
    assert m == {"title": "OG Title", "author": "Ann Author", "date_published": "2020-05-06"}


def test_json_ld_graph():
    m = meta('<html><head><script type="application/ld+json">{"@graph": [{"@type": "WebSite"},'
             '{"@type": "Article", "datePublished": "2021-01-02T03:04:05Z", "author": {"name": "Bo"}}]}'
             '</script></head><body></body></html>')
    assert m["date_published"] == "2021-01-02T03:04:05Z" and m["author"] == "Bo"


def test_microdata_and_time_in_article():
    m = meta('<body><article><span itemprop="datePublished" content="2019-09-09">Sep</span></article></body>')
    assert m["date_published"] == "2019-09-09"
    m = meta('<body><main><article><time datetime="2018-01-01">x</time></article></main>'
             '<aside><time datetime="2017-01-01">y</time></aside></body>')
    assert m["date_published"] == "2018-01-01"


def test_time_outside_content_or_in_listing_is_not_a_date():
    assert meta('<body><footer><time datetime="2018-01-01">x</time></footer><p>t</p></body>')["date_published"] is None
    listing = "".join(f'<article><time datetime="2018-01-0{i}">d</time></article>' for i in range(1, 4))
    assert meta(f"<body><main>{listing}</main></body>")["date_published"] is None


def test_title_suffix_stripped_only_when_safe():
    assert meta("<head><title>My Post | Example Site</title></head><body><h1>My Post</h1></body>")["title"] == "My Post"
    assert meta("<head><title>Pride - Prejudice</title></head><body></body>")["title"] == "Pride - Prejudice"
    assert meta("<body><h1>Only H1</h1></body>")["title"] == "Only H1"


def test_og_title_site_suffix_stripped_like_title():
    html = ('<head><meta property="og:title" content="Starter basics | Crumb Journal">'
            '<meta property="og:site_name" content="Crumb Journal"></head><body><h1>Starter basics</h1></body>')
    assert meta(html)["title"] == "Starter basics"
    # a suffix that is part of the title stays
    assert meta('<head><meta property="og:title" content="Pride - Prejudice"></head><body></body>')["title"] == "Pride - Prejudice"
    # matching the page's h1 is enough, whatever the separator
    assert meta('<head><meta property="og:title" content="How to proof dough – Crumb"></head>'
                '<body><h1>How to proof dough</h1></body>')["title"] == "How to proof dough"


@pytest.mark.parametrize("head, url, expected", [
    ('<link rel="canonical" href="/q/12/slug/">', "http://ex.test/q/12/slug/?answer=34",
     "http://ex.test/q/12/slug/"),
    ('<link rel="Canonical" href="https://ex.test/post/">', "https://ex.test/post/?utm_source=x",
     "https://ex.test/post/"),
    ('<base href="http://ex.test/blog/"><link rel="canonical" href="post-1">',
     "http://ex.test/blog/post-1?replytocom=5", "http://ex.test/blog/post-1"),
    # naming itself, fragment aside: no other URL
    ('<link rel="canonical" href="http://ex.test/a/#top">', "http://ex.test/a/", None),
    ('<link rel="canonical" href="">', "http://ex.test/a/", None),
    ('<link rel="canonical" href="javascript:void(0)">', "http://ex.test/a/", None),
    ('<link rel="alternate" href="http://ex.test/amp/">', "http://ex.test/a/", None),
])
def test_declared_canonical(head, url, expected):
    from pipelines.metadata.page_metadata import declared_canonical

    root = parse_html(f"<html><head>{head}</head><body><p>x</p></body></html>")
    assert declared_canonical(root, url) == expected


def test_analysis_carries_the_declared_canonical():
    from pipelines.page import analyze_page

    html = ('<html><head><link rel="canonical" href="/post/"></head><body><article><h1>Post</h1>'
            '<p>Some words of the post.</p></article></body></html>')
    assert analyze_page(html, "http://ex.test/post/?replytocom=7").canonical_url == "http://ex.test/post/"
    assert analyze_page(html, "http://ex.test/post/").canonical_url is None


def _graph(author, *nodes):
    graph = json.dumps({"@context": "https://schema.org", "@graph": [
        {"@type": "Article", "@id": "https://b.example/p/#article", "author": author}, *nodes]})
    return meta(f'<html><head><script type="application/ld+json">{graph}</script></head>'
                '<body></body></html>')


def test_a_json_ld_author_by_reference_is_the_person_it_names():
    # Yoast SEO's graph: the article's author is an @id, the Person elsewhere in @graph
    person = {"@type": "Person", "@id": "https://b.example/#/schema/person/6556", "name": "Jessie Roe"}
    assert _graph({"@id": person["@id"]}, person)["author"] == "Jessie Roe"
    assert _graph(person["@id"], person)["author"] == "Jessie Roe"
    # an address naming no node is no name, nor is the publisher's Organization a writer
    assert _graph("https://b.example/author/jessie/#author")["author"] is None
    org = {"@type": "Organization", "@id": "https://b.example/#organization", "name": "Roe Media"}
    assert _graph({"@id": org["@id"]}, org)["author"] is None
