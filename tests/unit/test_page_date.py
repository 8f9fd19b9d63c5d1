"""The date a leaf prints for its readers (pipelines/metadata/page_date.py), for its archive's front
matter when its metadata names none."""
import pytest

from pipelines.metadata.byline import byline_texts
from pipelines.htmlparse import parse_html
from pipelines.page import analyze_page
from pipelines.metadata.page_date import (byline_date as date_of_texts, iso_date, lone_time, parse_text_date,
                                          prints_day, shown_date)


def byline_date(root):
    return date_of_texts(byline_texts(root))


PROSE = "<p>" + "A paragraph of the post, long enough to be its prose. " * 12 + "</p>"


def page(head_of_post: str, rest: str = PROSE, around: str = "") -> str:
    return (f"<html><head><title>A post</title></head><body><header><nav><a href='/'>Home</a>"
            f"</nav></header>{around}<main><article><h1>A post</h1>{head_of_post}{rest}"
            f"</article></main><footer>Updated 2026-01-01</footer></body></html>")


def test_written_dates_in_the_usual_forms():
    assert parse_text_date("March 5, 2024") == "2024-03-05"
    assert parse_text_date("Posted on Sept. 30th 2019 by Ann") == "2019-09-30"
    assert parse_text_date("5 March 2024") == "2024-03-05"
    assert parse_text_date("12th of December, 2025") == "2025-12-12"
    assert parse_text_date("2024/03/05 10:00") == "2024-03-05"
    assert parse_text_date("2024-03-05T10:00:00Z") == "2024-03-05"
    # no day, a path, an impossible day, a number that is no year: none
    assert parse_text_date("March 2024") is None
    assert parse_text_date("see blog/2021-02-28-greetings.md") is None
    assert parse_text_date("2024-13-40") is None
    assert parse_text_date("Chapter 5, 1066 words") is None


def test_dates_written_in_the_languages_of_europes_sites():
    assert parse_text_date("21. Januar 2022 | Mobilität") == "2022-01-21"
    assert parse_text_date("1er mars 2024") == "2024-03-01"
    assert parse_text_date("5 de marzo de 2024") == "2024-03-05"
    assert parse_text_date("12 luglio 2017") == "2017-07-12"
    assert parse_text_date("3 maart 2020") == "2020-03-03"
    # dots are day-first wherever dates are written so; a two-digit year only as dd.mm.yy
    assert parse_text_date("06.11.2023 13:30 von Olga") == "2023-11-06"
    assert parse_text_date("4.\u20092.\u20092022") == "2022-02-04"
    assert parse_text_date("02.12.19") == "2019-12-02"
    # a version number, a month without its day, a page count: none
    assert parse_text_date("Version 1.27.3") is None and parse_text_date("v2.10.12") is None
    assert parse_text_date("Mai 2019") is None and parse_text_date("Seite 1 von 2") is None


def test_a_byline_in_german_dates_the_post():
    root = parse_html(page('<p class="meta">Handball Schweiz &#8226; 02.02.2022</p>'))
    assert byline_date(root) == "2022-02-02"
    post = analyze_page(page('<p class="meta">1. Februar 2022, Daniel Dillenburg</p>'),
                        "https://golf.example.de/nachruf.html")
    assert post.date_published == "2022-02-01"


def test_the_byline_under_the_title_dates_the_post():
    root = parse_html(page('<p class="byline">By Ann Lee · <span>March 5, 2024</span> · 4 min read</p>'))
    assert byline_date(root) == "2024-03-05"


def test_an_update_date_gives_way_to_the_publication_date_and_stands_alone_else():
    both = page('<div><span>Last Updated</span> <span>on</span> <span>Jun 16, 2025</span></div>'
                '<div>Published May 2, 2024</div>')
    assert byline_date(parse_html(both)) == "2024-05-02"
    alone = page('<div><span>Last Updated</span> <span>on</span> <span>Jun 16, 2025</span></div>')
    assert byline_date(parse_html(alone)) == "2025-06-16"


def test_dates_in_menus_sidebars_code_and_far_prose_are_not_the_posts():
    sidebar = '<aside><h3>Recent</h3><ul><li>Another post, March 1, 2024</li></ul></aside>'
    code = '<pre><code>hugo new posts/2021-02-28-hello.md</code></pre>'
    far = PROSE * 45 + "<p>On May 1, 2020 we met.</p>"
    root = parse_html(page(code, rest=far, around=sidebar))
    assert byline_date(root) is None
    # a long sentence that mentions a date is prose, not a byline
    long = "<p>On March 5, 2024 " + "the team shipped a release that changed many things " * 3 + "</p>"
    assert byline_date(parse_html(page(long))) is None


def test_a_posts_one_time_in_its_metadata_nav_dates_it():
    # MkDocs Material's blog: the post's <time> sits in a sidebar nav of its metadata
    nav = ('<nav class="md-post__meta"><ul><li><time datetime="2020-11-08 00:00:00+00:00">'
           'November 8, 2020</time></li></ul></nav>')
    root = parse_html(page("", around=nav))
    assert lone_time(root) == "2020-11-08" and shown_date(root) == "2020-11-08"
    # two days among the page's times: a list of posts, none of them this one's for sure
    two = nav + '<nav><time datetime="2020-10-01">Oct 1</time></nav>'
    assert lone_time(parse_html(page("", around=two))) is None


def test_a_leaf_without_metadata_date_is_archived_with_its_byline_date():
    html = page('<p class="meta">Jane Roe — 12 December 2025</p>')
    leaf = analyze_page(html, "https://x.org/2025/12/a-post-about-things/")
    assert leaf.verdict == "leaf"
    assert leaf.date_published == "2025-12-12"
    assert leaf.breakdown["date_published"] == 0      # the score reads the metadata's date only
    # metadata wins over the byline
    declared = html.replace("<title>", '<meta property="article:published_time" '
                                       'content="2025-12-10T08:00:00Z"><title>')
    assert analyze_page(declared, "https://x.org/2025/12/a-post-about-things/").date_published \
        == "2025-12-10T08:00:00Z"


def test_dates_are_written_in_iso_8601():
    assert iso_date("2024-05-09 00:00:00 +0000") == "2024-05-09T00:00:00+00:00"
    assert iso_date("2025-12-02 08:30:10 -0600") == "2025-12-02T08:30:10-06:00"
    assert iso_date("2013-08-22 21:43:53 UTC") == "2013-08-22T21:43:53+00:00"
    assert iso_date("2025/12/18") == "2025-12-18"
    assert iso_date("2024-03-05T10:00:00.250Z") == "2024-03-05T10:00:00.250Z"
    assert iso_date("Mon, 05 Mar 2024 10:00:00 GMT") == "2024-03-05"
    assert iso_date("sometime soon") == "sometime soon"
    assert iso_date("20231102") == "2023-11-02" and iso_date("20231350") == "20231350"
    html = page("").replace("<title>", '<meta property="article:published_time" '
                                       'content="2024-05-09 07:30:00 +0200"><title>')
    assert analyze_page(html, "https://x.org/2024/05/a-post/").date_published == "2024-05-09T07:30:00+02:00"


def test_a_list_of_other_posts_or_comments_inside_the_article_does_not_date_it():
    # WordPress' Query Loop inside a post, then the post's own date in its footer meta
    teasers = "".join(f'<li><h2><a href="/2026/10/{d}/release-{d}/">Release {d}</a></h2>'
                      f'<div><time datetime="2026-10-{d}T12:00:00+00:00">October {d}, 2026</time></div></li>'
                      for d in (24, 18, 13))
    comments = ('<ol class="comment-list"><li><article><a href="/about/">Ann</a> said on '
                '<time datetime="2027-01-02">January 2, 2027</time>: nice post.</article></li></ol>')
    html = page("", PROSE + f"<h2>More releases</h2><ul>{teasers}</ul>"
                f'<footer><p>Posted</p><time datetime="2026-08-05T12:00:00+00:00">August 5, 2026</time>'
                f"</footer>{comments}")
    result = analyze_page(html, "https://blog.example/2026/08/05/release-1-4/")
    assert (result.date_published or "")[:10] == "2026-08-05", result.date_published
    # a date in a list item that links nowhere else is still the post's (a meta list)
    meta_list = page('<ul class="post-meta"><li><time datetime="2024-03-05">March 5, 2024</time></li>'
                     '<li><a href="#comments">3 comments</a></li></ul>')
    assert (analyze_page(meta_list, "https://blog.example/a-post/").date_published or "")[:10] == "2024-03-05"


def test_a_posts_meta_in_a_footer_inside_its_article_dates_it_the_pages_footer_does_not():
    # Pelican's notmyidea: the site's name in the banner's h1, the post's date in the
    # article's own <footer class="post-info">
    meta = ('<footer class="post-info"><abbr class="published">Published: Wed 25 December 2024'
            '</abbr><address>By The maintainers</address></footer>')
    html = ("<html><head><title>Release 0.43.0</title></head><body><header><h1><a href='/'>"
            "Release notes</a></h1></header><section><article><header><h1>Release 0.43.0</h1>"
            f"</header><div>{meta}{PROSE}</div></article></section>"
            "<footer>Published 2026-01-01</footer></body></html>")
    assert byline_date(parse_html(html)) == "2024-12-25"
    assert byline_date(parse_html(html.replace(meta, ""))) is None


def test_a_dateline_opening_the_first_paragraph_dates_the_story():
    from pipelines.page import analyze_page
    story = ("<html><head><title>Schweinepest: neue Hoffnung</title></head><body><main><article>"
             "<h1>Schweinepest: neue Hoffnung</h1><p>{}Deutschlands Landwirte zittern vor der "
             "Schweinepest. " + "Seit Jahren breitet sich die Seuche in Osteuropa aus. " * 8 +
             "</p></article></main></body></html>")
    url = "https://presse.example.de/aktuell/2687.schweinepest.html"
    dated = analyze_page(story.format("(18.01.2018) "), url)
    assert dated.date_published == "2018-01-18"
    # the paragraph is the story's, not a byline: it stays in the archive
    assert any(b.text.startswith("(18.01.2018) Deutschlands") for b in dated.blocks)
    assert analyze_page(story.format("27.1.2022 - "), url).date_published == "2022-01-27"
    # a version number or a date inside the paragraph is no dateline
    assert analyze_page(story.format("Version 1.27.3 "), url).date_published is None
    assert analyze_page(story.format("Am 18.01.2018 "), url).date_published is None


@pytest.mark.parametrize("text", ["5 Mar '24", "Mar 5, '24", "5th March ’24"])
def test_a_forums_short_date_with_an_apostrophe_year_prints_its_day(text):
    # forum software's form for a post older than this year (Spirit, Discourse)
    assert prints_day(text, "2024-03-05") and not prints_day(text, "2024-03-06")
    assert not prints_day(text, "2023-03-05")
