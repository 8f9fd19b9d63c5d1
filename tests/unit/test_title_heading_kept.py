"""A leaf's Markdown keeps the heading that names the page wherever the theme sets it (a
header above the body's wrapper), however its <title> and og:title word the page's name for
search results, and however its template links the heading."""
from pipelines.content.markdown import render_markdown
from pipelines.page import analyze_page

URL = "https://news.example.org/2024/05/harbour-wall/"
PARAGRAPHS = "".join(
    f"<p>In its {n} summer the harbour wall was rebuilt stone by stone, by the same four masons "
    "who had patched it for thirty years before the storm took half of it away in a single "
    "night of wind and rain that nobody in the village will forget.</p>"
    for n in ("first", "second", "third", "fourth"))


def page(head: str, heading: str, after_heading: str = "") -> str:
    return (f"<html><head>{head}</head><body><main><article>"
            f'<header class="entry-header">{heading}{after_heading}</header>'
            f'<div class="entry-content">{PARAGRAPHS}</div>'
            "</article></main></body></html>")


def headings(html: str) -> list[str]:
    analysis = analyze_page(html, URL)
    assert analysis.verdict == "leaf"
    md = render_markdown(analysis.blocks)
    assert all(f"In its {n} summer" in md for n in ("first", "second", "third", "fourth"))
    return [line for line in md.splitlines() if line.startswith("#")]


def test_the_h1_stays_where_the_title_tag_words_the_page_otherwise():
    html = page('<title>Harbour wall rebuilt after storm | Coast News</title>'
                '<meta property="og:title" content="Harbour wall rebuilt after the storm">',
                "<h1>Four masons rebuild the harbour wall</h1>",
                '<p class="byline">By Ann Reid</p>')
    assert headings(html) == ["# Four masons rebuild the harbour wall"]


def test_the_h1_stays_where_og_title_adds_a_site_name():
    html = page('<meta property="og:title" content="The harbour wall – Coast News, your '
                'village paper since 1921">',
                "<h1>The harbour wall</h1>")
    assert headings(html) == ["# The harbour wall"]


def test_a_title_heading_between_section_and_author_links_is_no_teaser():
    # a news theme sets the story's sections as links over its title and its author's link
    # under it: short linked lines around the title, like a "latest news" list
    html = ("<html><head><title>The harbour wall</title></head><body><main><article>"
            '<div class="article-heading"><div class="tags">'
            '<div><a href="/news">News</a></div><div><a href="/coast/harbours">Coast</a></div>'
            '</div><h1>The harbour wall</h1>'
            '<div class="author"><a href="/authors/ann-reid">Ann Reid</a></div></div>'
            f"{PARAGRAPHS}</article></main></body></html>")
    assert headings(html) == ["# The harbour wall"]


def test_a_blog_name_h1_stays_out_where_the_post_title_is_a_heading():
    # a blog template heads every page with the blog's name, and the post with its own title
    html = ('<html><head><meta property="og:title" content="Open tools for logic chips">'
            "</head><body><header><h1>Silicon Notes</h1></header><main><article>"
            f'<h3 class="post-title">Open tools for logic chips</h3>{PARAGRAPHS}'
            "</article></main></body></html>")
    assert headings(html) == ["### Open tools for logic chips"]
