"""A date the page labels as its publication's ("Veröffentlicht am 16.08.2019", "Published"
then "Feb 2, 2023") dates a leaf wherever the theme prints it; a reply's or a related post's
labelled date does not."""
from __future__ import annotations

from pipelines.htmlparse import parse_html
from pipelines.metadata.page_date import labelled_date
from pipelines.page import analyze_page

URL = "https://podcast.example.de/2019/folge-158-sternfusion/"
# paragraphs enough that what follows them lies beyond the byline's window under the title
BODY = "".join(f"<p>Teil {i}: wir sprechen über Sternfusion am Teilchenbeschleuniger.</p>" for i in range(50))


def page(after_body: str) -> str:
    return ("<html><head><title>Folge 158: Sternfusion</title></head><body><main><article>"
            f"<h1>Folge 158: Sternfusion</h1>{BODY}{after_body}</article></main></body></html>")


def test_a_publication_date_printed_under_the_content_dates_the_leaf():
    post = analyze_page(page("<p class='meta'>Veröffentlicht am 16.08.2019</p>"), URL)
    assert post.verdict == "leaf" and post.date_published == "2019-08-16"


def test_a_label_and_its_date_in_separate_elements():
    html = page("<div class='info'><span>Published</span> <span>Feb 2, 2023</span></div>")
    assert labelled_date(parse_html(html)) == "2023-02-02"


def test_labelled_dates_of_comments_and_related_posts_are_not_the_pages():
    comments = ("<section class='comments-area'><p>Veröffentlicht am 3.9.2019 von Leser</p>"
                "<p>Tolle Folge!</p></section>")
    related = "<div class='related-posts'><p>Published on March 3, 2018</p><a href='/x/'>Other</a></div>"
    assert labelled_date(parse_html(page(comments + related))) is None
    assert analyze_page(page(comments + related), URL).date_published is None


def test_an_unlabelled_or_update_date_far_from_the_title_is_none():
    assert labelled_date(parse_html(page("<p>Stand: 16.08.2019</p>"))) is None
