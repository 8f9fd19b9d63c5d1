"""hAtom's and microformats2's published mark (<abbr class="published" title="…">,
class="dt-published") is a post's machine-readable date on many older blogs: one mark dates
the page, one per entry is a listing's."""
from __future__ import annotations

from pipelines.htmlparse import parse_html
from pipelines.metadata.page_metadata import date_facts, hatom_dates
from pipelines.page import analyze_page

BODY = "<p>" + "Ein Beitrag über die Außenpolitik und ihre Folgen für den Handel. " * 20 + "</p>"


def post(mark: str) -> str:
    return ("<html><head><title>Außenpolitik unter Lula</title></head><body><div class='hentry'>"
            f"<h2 class='entry-title'>Außenpolitik unter Lula</h2><p class='meta'>Veröffentlicht "
            f"von Kim {mark}</p><div class='entry-content'>{BODY}</div></div></body></html>")


def test_a_posts_one_published_mark_dates_it():
    for mark in ("<abbr class='published' title='2011-03-30T21:05:00-07:00'>30. März</abbr>",
                 "<abbr class='published' title='Sonntag, Dezember 16th, 2012'>16.12.2012</abbr>",
                 "<span class='dt-published'>2012-12-16</span>"):
        html = post(mark)
        facts = date_facts(parse_html(html), url="https://blog.example.de/?p=959")
        assert facts["date_published"] and facts["date_own"], mark
    page = analyze_page(post("<abbr class='published' title='Sonntag'>16.12.2012</abbr>"),
                        "https://blog.example.de/?p=959")
    assert page.date_published == "2012-12-16" and page.counts["date_published"] == 1


def listing(mark, href="/posts/{n}/") -> str:
    """A blog's listing of three hAtom entries, each with `mark` (formatted with its n)."""
    entries = "".join(f"<div class='hentry'><h2><a href='{href.format(n=n)}'>Post {n}</a></h2>"
                      f"{mark.format(n=n)}<p>An excerpt of post {n}, long enough to be a "
                      f"teaser.</p></div>" for n in (16, 9, 2))
    return f"<html><head><title>Blog</title></head><body><h1>Blog</h1>{entries}</body></html>"


def test_a_listings_published_marks_are_its_entries_not_its_own():
    html = listing("<abbr class='published' title='2012-12-{n:02d}'>{n}.12.2012</abbr>", "/?p={n}")
    root = parse_html(html)
    assert hatom_dates(root) == ["2012-12-16", "2012-12-09", "2012-12-02"]
    assert date_facts(root, url="https://blog.example.de/")["date_own"] is False


def test_an_entrys_updated_mark_dates_a_post_that_marks_no_publication():
    updated = "<span class='updated' title='2013-04-04T18:52:11+00:00'>vor langer Zeit</span>"
    page = analyze_page(post(updated), "https://blog.example.de/haben-sich-mozarts-eltern/")
    assert page.verdict == "leaf" and page.date_published == "2013-04-04"
    assert page.counts["date_published"] == 1
    # the day the byline prints under the title is the publication's: it comes first
    printed = post(updated).replace("<p class='meta'>", "<p class='meta'>4. März 2013 · ")
    assert analyze_page(printed, "https://blog.example.de/haben-sich-mozarts-eltern/").date_published \
        == "2013-03-04"


def test_a_tag_page_of_one_entry_does_not_take_its_entrys_date():
    # Pelican's notmyidea marks each entry of a listing as a post marks itself: the entry's
    # heading linking to its post says it is a teaser, as a one-post tag page shows
    entry = ("<article class='hentry'><header><h1 class='entry-title'><a href='/release-0-14-0.html' "
             "rel='bookmark'>Release 0.14.0</a></h1></header><footer class='post-info'><abbr "
             "class='published' title='2024-12-25T00:00:00+00:00'>Wed 25 December 2024</abbr>"
             "</footer><div class='entry-content'><p>A summary of the release, long enough to be "
             "a teaser of the post.</p></div></article>")
    html = ("<html><head><title>Release notes - http</title></head><body><header><h1><a href='/'>"
            f"Release notes</a></h1></header><section id='content'><h1>Articles tagged http</h1>"
            f"<ol class='hfeed'><li>{entry}</li></ol></section></body></html>")
    tag = analyze_page(html, "https://r.example/tag/http.html")
    assert tag.verdict == "index" and tag.date_published is None
    assert tag.counts["date_published"] == 0 and tag.counts["date_of_a_listing"] == 1
    post = analyze_page(html, "https://r.example/release-0-14-0.html")
    assert post.date_published == "2024-12-25" and post.counts["date_published"] == 1


def test_a_listings_entries_updated_the_same_day_do_not_date_it():
    # a blog imported in one go: every entry's updated mark names the import's day
    html = listing("<span class='updated' title='2020-05-01T10:00:00'>1.5.2020</span>")
    facts = date_facts(parse_html(html), url="https://blog.example.de/")
    assert facts["date_updated"] is None and facts["date_own"] is False
