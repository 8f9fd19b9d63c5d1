"""A site's header and credit line drawn inside a page-wide <article> (Nextra's blog theme)
are the site's frame, not the post's header and last line; a post's own header (title,
byline) stays the post's."""
from pipelines.htmlparse import parse_html
from pipelines.content.article_frame import mark_article_frame
from pipelines.page import analyze_page

URL = "https://notes.example/posts/release-0-14-2/"
BODY = "".join(f"<li>Fixed item {i} of the release, a change worth a line of its own in the "
               "notes a reader reads.</li>" for i in range(6))


def page(header: str) -> str:
    return f"""<html><head><title>Release 0.14.2</title></head><body><article>{header}
    <h1>Release 0.14.2</h1><div><time datetime="2021-02-02">2/2/2021</time> • 1 min read</div>
    <h3>Fixed</h3><ul>{BODY}</ul><small>Release notes, built with Nextra.</small></article>
    </body></html>"""


SITE_HEADER = """<header><a href="/">About</a><a href="/posts/">Posts</a><div class="search">
    <input type="search" role="combobox" placeholder="Search documentation…"><kbd>CTRL K</kbd>
    </div><button aria-label="Toggle Dark Mode"></button></header>"""


def test_a_header_holding_the_sites_search_and_the_closing_small_print_are_left_out():
    result = analyze_page(page(SITE_HEADER), URL)
    texts = [b.text for b in result.blocks]
    assert result.verdict == "leaf" and texts[0] == "Release 0.14.2"
    assert not any("About" in t or "CTRL K" in t or "built with" in t for t in texts)
    assert "Fixed item 5 of the release, a change worth a line of its own in the notes a reader reads." in texts


def test_the_posts_own_header_stays_and_only_an_articles_header_is_marked():
    own = page('<header><p class="kicker">Release notes</p><p>By the maintainers</p></header>')
    assert "Release notes" in [b.text for b in analyze_page(own, URL).blocks]
    # the page's own header outside any article is the frame already: left as it is
    root = parse_html(f"<html><body>{SITE_HEADER}<article>{SITE_HEADER}</article></body></html>")
    assert mark_article_frame(root) == 1
    assert [h.getparent().tag for h in root.iter("header")] == ["body"]


def test_small_print_inside_the_text_stays():
    html = page("").replace("<h3>Fixed</h3>", "<p>The fix <small>(backported)</small> matters.</p>"
                            "<small>A note written as small print, before the list.</small><h3>Fixed</h3>")
    texts = [b.text for b in analyze_page(html, URL).blocks]
    assert "The fix (backported) matters." in texts
    assert "A note written as small print, before the list." in texts
