"""A byline sits under the post's title, not under the banner's h1 that names the site: many
themes print the site's name in an h1 on every page and the post's title in a later h1 or an
h2, with a long menu between the two."""
from __future__ import annotations

from pipelines.page import analyze_page

URL = "https://verein.example.org/aktuelles/fachtag-im-herbst/"
BODY = "<p>" + "Der Fachtag bringt Fachleute aus Schulen und Vereinen zusammen. " * 20 + "</p>"
# a long banner of opening hours and contacts: more text nodes than a byline window holds
# after the banner's h1
MENU = "<div class='hours'>" + "".join(f"<p>Beratung {i}: Raum {i}</p>" for i in range(60)) + "</div>"


def page(banner: str, heading: str, byline: str = "<p class='date'>8. November 2021</p>") -> str:
    return ("<html><head><title>Fachtag im Herbst » Verein für Bildung</title>"
            "<meta property='og:site_name' content='Verein für Bildung'><meta property='og:type' content='article'></head><body>"
            f"<div class='header'>{banner}</div>{MENU}<div class='post'>{heading}{byline}"
            f"{BODY}</div></body></html>")


def test_the_post_title_h1_after_a_banner_h1_holds_the_byline():
    post = analyze_page(page("<h1><a href='/'>Verein für Bildung</a></h1>",
                             "<h1>Fachtag im Herbst</h1>"), URL)
    assert post.verdict == "leaf" and post.date_published == "2021-11-08"


def test_a_post_titled_by_an_h2_under_a_logo_h1_holds_the_byline():
    post = analyze_page(page("<h1>Verein für Bildung</h1>", "<h2>Fachtag im Herbst</h2>"), URL)
    assert post.date_published == "2021-11-08"


def test_a_section_h1_that_the_title_does_not_name_is_no_anchor():
    # the content's own h1 sections (HTML5 outlines) come after the post's title: the first
    # h1 stays the anchor where none is the page's title
    html = page("<h1><a href='/'>Verein für Bildung</a></h1>",
                "<div class='intro'><p class='date'>8. November 2021</p></div>"
                "<h1>Programm</h1>", byline="")
    assert analyze_page(html, URL).date_published is None
