"""The string-test fast paths give exactly what the regexes and urlsplit they stand for give."""
from urllib.parse import urlsplit

import pytest

from pipelines.pagination import PAGE_URL, PAGER_TEXT, is_page_url, is_pager_text
from pipelines.signals import _TEASER_MARKS, _has_mark
from pipelines.htmlparse import parse_html
from pipelines.url_identity import RECORD_ID, _ZEROS, _ascii_record, target_shapes, _target_shapes_each
from pipelines.url_shape import _url_path, is_taxonomy_url, url_facts

PAGE_URLS = ["http://127.0.0.1:8000/", "https://x.org/a-page-2", "https://x.org/a_page2.html/",
             "https://x.org/page-3.HTM", "https://x.org/xpage-3", "https://x.org/index12.html",
             "https://x.org/index12.html/", "https://x.org/Index7.Htm", "https://x.org/2019/05/",
             "https://x.org/tags/html/", "https://x.org/a/5//", "https://x.org/page-", "https://x.org/7",
             "https://x.org/\u0663/", "https://x.org/p/12\n", "https://x.org/a.html", "-page1", "page1"]


@pytest.mark.parametrize("url", PAGE_URLS)
def test_is_page_url_is_the_regex(url):
    assert is_page_url(url) == (PAGE_URL.search(url) is not None)


@pytest.mark.parametrize("text", ["© 2024", "Ｎext", "→", "»»", "next »", "\u0663", "prevıous", "1\n"])
def test_is_pager_text_is_the_regex(text):
    assert is_pager_text(text) == (PAGER_TEXT.match(text) is not None)


@pytest.mark.parametrize("path", ["/topic/188682-new-case/", "/12345", "/1234/", "/2019/05-x",
                                  "12-x", "/a1-x", "/1-/", "/1-2", "/1-", "/x/1-\n", "/0-a"])
def test_ascii_record_is_record_id(path):
    assert _ascii_record(path.encode().translate(_ZEROS)) == (RECORD_ID.search(path) is not None)


def test_target_shapes_fast_and_per_url_agree():
    urls = ["https://x.org/2019/05/a-post/", "https://x.org/t/123-x", "https://x.org/\u0663\u0663/x",
            "https://x.org/a/12345", "https://x.org/2019/x"]
    assert target_shapes(urls, 20) == _target_shapes_each(urls, 20)


@pytest.mark.parametrize("url", ["https://x.org/tags/a?b#c", "http://x.org", "https://x.org?q=/tag/",
                                 "https://[::1]/tag/x", "https://x.org/t\tag/", "HTTPS://x.org/tag/",
                                 "https://é.org/tag/", "http:///tag/x", "https://x.org#/tag/"])
def test_url_path_is_urlsplits(url):
    try:
        expected = urlsplit(url).path
    except ValueError:
        with pytest.raises(ValueError):
            _url_path(url)
        return
    assert _url_path(url) == expected
    assert isinstance(is_taxonomy_url(url), bool)


@pytest.mark.parametrize("url,slug_words", [("https://x.org/a-b.c", 3), ("https://x.org/x.html", 1),
                                            ("https://x.org/.html", 0), ("https://x.org/a%20b-c", 3)])
def test_slug_words_as_the_regex_split_counts_them(url, slug_words):
    assert url_facts(url).slug_words == slug_words


def test_has_mark_is_the_tag_iter():
    root = parse_html("<div><div><p>a</p><p>b</p><span>c</span><em>d</em><b>e</b><i>f</i>"
                      "<u>g</u><s>h</s><img src=x></div><ul><li>x</li></ul></div>")
    for el in root.iter():
        assert _has_mark(el) == (next(el.iter(*_TEASER_MARKS), None) is not None)
