"""A leaf whose metadata and English rules name no date takes htmldate's, but only where the
page shows that day as its own: in its byline under the title, in any language, or in its
address's path. Timestamps in a page's scripts (an app's state) date nothing."""
from __future__ import annotations

import json

from pipelines.metadata.page_date import printed_in_byline, prints_day
from pipelines.page import analyze_page

BODY = "<p>" + "What the team learned while moving the service to a new host. " * 20 + "</p>"


def page(og_type: str, header: str = "<h1>Moving day</h1>", script: str = "") -> str:
    return (f'<html><head><title>Moving day</title><meta property="og:type" content="{og_type}">'
            f'{script}</head><body><main><article>{header}{BODY}</article></main></body></html>')


def test_an_article_is_dated_by_what_its_address_says():
    post = analyze_page(page("article"), "https://blog.example.org/2021/03/05/moving-day/")
    assert post.verdict == "leaf" and post.date_published == "2021-03-05"


def test_a_date_printed_in_another_language_under_the_title_dates_the_post():
    header = '<h1>Moving day</h1><div class="post-meta">Veröffentlicht am 12. Juli 2017</div>'
    post = analyze_page(page("website", header), "https://blog.example.de/umzug/")
    assert post.verdict == "leaf" and post.date_published == "2017-07-12"


def test_an_old_theme_that_titles_its_post_with_an_h2_is_dated_by_the_line_under_it():
    header = ('<div id="header"><a href="/">Le carnet</a></div>'
              '<h2 class="entry-title">Moving day</h2><p class="meta">22 novembre 2011</p>')
    post = analyze_page(page("website", header), "https://carnet.example.fr/demenagement/")
    assert post.date_published == "2011-11-22"


def test_timestamps_in_a_pages_scripts_date_nothing():
    state = json.dumps({"product": {"createdAt": "2022-05-17T03:57:10Z",
                                    "updatedAt": "2026-03-05T15:05:17Z"}})
    script = f'<script type="application/json" id="state">{state}</script>'
    product = analyze_page(page("product", script=script), "https://shop.example.com/p/kettle")
    assert product.verdict == "leaf" and product.date_published is None


def test_an_updates_date_in_the_byline_is_not_a_confirmation():
    byline = [("Moving day", None), ("Zuletzt aktualisiert:", None), ("12.07.2017", None)]
    assert printed_in_byline("2017-07-12", [("Moving day", None), ("12.07.2017", None)])
    assert not printed_in_byline("2017-07-12", byline[:1] + [("Last updated 12.07.2017", None)])
    # named an update's once, printed again further on: still the update's day
    assert not printed_in_byline("2017-07-12", byline + [("Contact: Ron Sands", None),
                                                        ("Effective 12.07.2017:", None)])


def test_the_posts_date_beats_an_older_date_printed_first_near_its_title():
    # a "previous post" link between title and byline: the byline rules take its date
    # first; htmldate knows the post's own by its markup (abbr.published)
    header = ('<h1>Moving day</h1><p class="prev">Previous: <a href="/spring/">Spring</a> '
              'June 1, 2017</p><p class="byline">Published: <abbr class="published" '
              'title="2017-07-23T17:06:45+0000">July 23, 2017</abbr></p>')
    post = analyze_page(page("website", header), "https://blog.example.org/moving-day/")
    assert post.date_published == "2017-07-23"


def test_a_known_day_is_recognised_in_every_form_pages_print_it_in():
    day = "2024-03-05"
    for text in ("2024-03-05", "2024.3.5", "5.3.2024", "05/03/24", "3/5/2024", "2024年3月5日",
                 "5. März 2024", "5 de marzo de 2024", "March 5th, 2024", "Mar. 5 2024"):
        assert prints_day(text, day), text
    # another day, a longer number, a day with two leading zeros, a date without its year
    for text in ("2024-03-15", "15.3.2024", "5.3.2023", "005.03.2024", "12024-03-05", "March 5"):
        assert not prints_day(text, day), text
