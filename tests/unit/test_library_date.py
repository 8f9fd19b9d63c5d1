"""A leaf that declares itself an article is dated by htmldate where the rules find no date;
a page that does not (a service, a product) stays undated."""
from __future__ import annotations

from pipelines.page import analyze_page

BODY = "<p>" + "What the team learned while moving the service to a new host. " * 20 + "</p>"


def page(og_type: str) -> str:
    return (f'<html><head><title>Moving day</title><meta property="og:type" content="{og_type}">'
            f'</head><body><main><article><h1>Moving day</h1>{BODY}</article></main></body></html>')


def test_an_article_is_dated_by_what_its_address_says():
    post = analyze_page(page("article"), "https://blog.example.org/2021/03/05/moving-day/")
    assert post.verdict == "leaf" and post.date_published == "2021-03-05"


def test_a_page_that_is_no_article_is_left_undated():
    service = analyze_page(page("website"), "https://example.org/2021/03/05/moving-day/")
    assert service.date_published is None
