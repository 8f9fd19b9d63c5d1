"""A CMS writes a post's instant in UTC; the page prints its site's local day. Where the
byline shows the day before or after the metadata's, that day is the post's date."""
from __future__ import annotations

from pipelines.page import analyze_page

BODY = "<p>" + "The council met late into the evening and voted on the new budget. " * 20 + "</p>"


def story(published: str, byline: str) -> str:
    return ('<html><head><title>Council votes</title><meta property="og:type" content="article">'
            f'<meta property="article:published_time" content="{published}"></head><body><main>'
            f'<article><h1>Council votes on the budget</h1><p class="meta">{byline}</p>{BODY}'
            '</article></main></body></html>')


URL = "https://news.example.com/2023/council-votes/"


def test_an_evening_story_is_dated_by_the_day_its_page_prints():
    post = analyze_page(story("2023-11-09T06:35:29+00:00", "Nov 8, 2023 / 10:35 PM PST"), URL)
    assert post.verdict == "leaf" and post.date_published == "2023-11-08"
    # the byline line, now the front matter's date, leaves the body
    assert not any("10:35 PM" in b.text for b in post.blocks)


def test_a_morning_story_east_of_utc_is_dated_by_the_next_day():
    post = analyze_page(story("2019-10-18T22:04:00Z", "19. Oktober 2019 00:04 Uhr"), URL)
    assert post.date_published == "2019-10-19"


def test_the_metadatas_instant_stays_where_the_page_prints_its_day():
    post = analyze_page(story("2023-11-09T06:35:29+00:00", "Nov 9, 2023"), URL)
    assert post.date_published == "2023-11-09T06:35:29+00:00"


def test_an_instant_told_in_the_sites_own_zone_is_kept():
    # a thread's metadata in local time; the neighbouring day printed is its last reply's
    post = analyze_page(story("2024-01-14T21:50:50-05:00", "Last reply Jan 15, 2024"), URL)
    assert post.date_published == "2024-01-14T21:50:50-05:00"


def test_a_permalinks_day_is_the_sites_local_day():
    # WordPress writes the permalink's /YYYY/MM/DD/ in the site's zone, the metadata in UTC
    evening = story("2023-11-09T05:30:59+00:00", "Staff report")
    assert analyze_page(evening, "https://news.example.com/2023/11/08/mayor-elected/").date_published \
        == "2023-11-08"
    # where the permalink names the metadata's day, a neighbouring day printed is not the post's
    morning = story("2016-07-09T10:15:18+00:00", "Jul 8, 2016: the march was announced")
    assert analyze_page(morning, "https://blog.example.com/2016/07/09/the-march/").date_published \
        == "2016-07-09T10:15:18+00:00"


def test_a_neighbouring_day_of_another_month_is_no_print_of_it():
    # Ghost's Headline: a short post's "Read next" cards date other posts; "24 Oct 2026" is
    # the 24th of another month, no local print of a post published on 23 May
    post = analyze_page(story("2026-05-23T12:00:00Z", "By Maintainer · 24 Oct 2026"), URL)
    assert post.date_published == "2026-05-23T12:00:00Z"
    # a month name of another language still counts ("24. Mai 2026")
    post = analyze_page(story("2026-05-23T23:30:00Z", "24. Mai 2026"), URL)
    assert post.date_published == "2026-05-24"
