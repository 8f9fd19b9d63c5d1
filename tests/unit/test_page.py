import hashlib

import pytest

from pipelines.htmlparse import MAX_HTML_BYTES
from pipelines.page import IndexinessConfig, PageError, analyze_page

PAGE = """<html><head><meta charset="iso-8859-1"><title>Caf\xe9 | Site</title></head><body>
<nav><a href="/">Home</a> <a href="/about">About</a></nav>
<main><h1>Caf\xe9</h1><p>Good coffee <a href="/menu#drinks">menu</a>.</p></main>
<footer>Copyright</footer></body></html>"""


def test_bytes_decoded_by_meta_charset_and_content_selected():
    a = analyze_page(PAGE.encode("iso-8859-1"), "https://ex.org/cafe")
    assert a.title == "Café"
    assert [b.text for b in a.blocks] == ["Café", "Good coffee menu."]
    expected = hashlib.sha1("CaféGoodcoffeemenu.".encode()).hexdigest()
    assert a.content_hash == expected
    assert a.page_links == ["https://ex.org/", "https://ex.org/about", "https://ex.org/menu"]
    # relevant in-links first, then the rest of the site's links (navigation)
    assert a.follow_links[0] == "https://ex.org/menu"
    assert set(a.follow_links) == {"https://ex.org/", "https://ex.org/about", "https://ex.org/menu"}
    assert a.to_dict()["blocks"][0]["kind"] == "heading"


def test_utf8_bom():
    a = analyze_page(b"\xef\xbb\xbf<p>na\xc3\xafve</p>", "https://ex.org/")
    assert a.blocks[0].text == "naïve"


@pytest.mark.parametrize("body,word", [
    (b"", "empty"), ("   \n", "empty"), (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "binary"),
    (b"<p>" + b"x" * (MAX_HTML_BYTES + 1), "too large"),
])
def test_bad_bodies_raise_page_error(body, word):
    with pytest.raises(PageError, match=word):
        analyze_page(body, "https://ex.org/")


def test_unparsable_document():
    with pytest.raises(PageError, match="unparsable"):
        analyze_page("<!-- only a comment -->", "https://ex.org/")


def test_threshold_from_settings():
    class Settings:
        def getfloat(self, name, default=0.0):
            return {"LEAFCRAWL_THRESHOLD": 100.0}.get(name, default)

    cfg = IndexinessConfig.from_settings(Settings())
    assert cfg.threshold == 100.0
    html = "<body><ul>" + "".join(f'<li><h2><a href="/p{i}">p{i}</a></h2></li>' for i in range(3)) + "</ul></body>"
    assert analyze_page(html, "https://ex.org/").verdict == "index"
    a = analyze_page(html, "https://ex.org/", cfg)
    assert a.score <= 100 and a.verdict == "leaf"


def test_content_drops_link_dense_blocks_and_furniture_keeps_title():
    html = ('<body><header><h1>The Title</h1></header>'
            '<div><a href="/a">Alpha</a> <a href="/b">Beta</a> | <a href="/c">Gamma</a></div>'
            '<div class="share-buttons"><p>Share this on everything</p></div>'
            '<div><p>Real prose with one <a href="/x">link</a> in it.</p></div></body>')
    a = analyze_page(html, "https://ex.org/p", IndexinessConfig())
    assert [b.text for b in a.blocks] == ["The Title", "Real prose with one link in it."]


def test_analysis_pauses_the_collector_and_restores_its_state(monkeypatch):
    import gc

    import pipelines.page as page_mod

    seen = []
    real = page_mod.parse_html

    def spy(*args, **kwargs):
        seen.append(gc.isenabled())
        return real(*args, **kwargs)

    monkeypatch.setattr(page_mod, "parse_html", spy)
    try:
        gc.enable()
        analyze_page("<html><body><p>one page of words</p></body></html>", "http://x.test/a")
        assert seen == [False] and gc.isenabled()
        with pytest.raises(PageError):
            analyze_page(b"\x00\x01binary", "http://x.test/b")   # an error re-enables it too
        assert gc.isenabled()
        gc.disable()
        analyze_page("<html><body><p>words</p></body></html>", "http://x.test/c")
        assert not gc.isenabled()        # a caller's own choice is left as it was
    finally:
        gc.enable()


def _thread_page(n: int, pages: int = 3) -> str:
    posts = "".join(f'<article class="post"><a href="/members/u{i}.{i}/">user{i}</a><p>'
                    + f"Reply {i} on page {n} says something of its own about bikes. " * 5
                    + "</p></article>" for i in range(5))
    pager = "".join(f'<a href="/threads/which-bike.101/page-{k}">{k}</a>'
                    for k in range(2, pages + 1) if k != n)
    return (f'<html><body><main><h1>Which bike?</h1>{posts}'
            f'<nav class="pageNav"><a href="/threads/which-bike.101/">1</a>{pager}</nav>'
            f'<aside><a href="/threads/other.102/">Another thread</a>'
            f'<a href="/2024/">2024</a></aside></main></body></html>')


def test_a_paged_threads_later_pages_are_its_continuation():
    url = "https://forum.ex.org/threads/which-bike.101/"
    a = analyze_page(_thread_page(1), url)
    assert a.verdict == "leaf"
    assert a.continuation_links == ["https://forum.ex.org/threads/which-bike.101/page-2",
                                    "https://forum.ex.org/threads/which-bike.101/page-3"]
    assert a.to_dict()["continuation_links"] == a.continuation_links


def test_a_query_paged_threads_page_goes_on_to_the_next_never_back():
    # NodeBB: /topic/54/slug?lang=en-GB&page=2 goes on to page=3; its link to page=1 (the
    # first page again) and to itself are no more of it
    base = "https://forum.ex.org/topic/54/which-bike"

    def page(n):
        pager = "".join(f'<a href="?lang=en-GB&amp;page={k}">{k}</a>' for k in range(1, 5))
        return _thread_page(n).replace('<nav class="pageNav">', f'<nav class="pageNav">{pager}')
    two = analyze_page(page(2), base + "?lang=en-GB&page=2")
    assert two.verdict == "leaf"
    assert two.continuation_links == [base + "?lang=en-GB&page=3", base + "?lang=en-GB&page=4"]
    first = analyze_page(page(1), base)
    assert base + "?lang=en-GB&page=1" not in first.continuation_links
    assert base + "?lang=en-GB&page=2" in first.continuation_links


def test_a_posts_neighbours_are_no_continuation():
    # a blog post's pager-looking links lead to other posts and to the home's pages, not to
    # more of it: the home's pager numbers the home, so it is no pagination of the post
    html = ('<html><head><meta property="og:type" content="article">'
            '<meta property="article:published_time" content="2024-05-02"></head>'
            '<body><main><h1>A post</h1><p>' + "Words of the post. " * 80 + '</p>'
            '<div class="nav-links"><a rel="prev" href="/2024/05/01/older-post/">Older</a>'
            '<a rel="next" href="/2024/05/03/newer-post/">Newer</a></div>'
            '<div class="pagination"><a href="/page/2/">2</a><a href="/page/3/">3</a></div>'
            '</main></body></html>')
    a = analyze_page(html, "https://blog.ex.org/2024/05/02/a-post/")
    assert a.verdict == "leaf" and a.counts["pagination"] == 0
    assert a.continuation_links == []


def test_a_leafs_sub_pages_are_its_children():
    # a docs section's introduction: prose of its own, and a toctree of the pages under it
    html = ('<html><body><main><h1>Domains</h1><p>' + "What a domain is and does. " * 60
            + '</p><ul><li><a href="c.html">The C domain</a></li>'
            '<li><a href="python.html#x">The Python domain</a></li></ul>'
            '<p>See also <a href="../quickstart.html">the quickstart</a> and '
            '<a href="https://other.example/usage/domains/go.html">a Go domain</a>.</p>'
            '</main></body></html>')
    a = analyze_page(html, "https://docs.ex.org/usage/domains/index.html")
    assert a.verdict == "leaf"
    assert a.child_links == ["https://docs.ex.org/usage/domains/c.html",
                             "https://docs.ex.org/usage/domains/python.html"]
    # a page file's sub-pages sit under its name; its siblings are not its children
    b = analyze_page(html.replace('c.html', 'guide/part-2.html'), "https://docs.ex.org/usage/guide.html")
    assert b.child_links == ["https://docs.ex.org/usage/guide/part-2.html"]
    # the home has every page below it: the crawl follows it by its own rule, not as children
    assert analyze_page(html, "https://docs.ex.org/").child_links == []


def _docs_page(sidebar: str, header_nav: str = "") -> str:
    return ('<html><body><header><nav>' + header_nav + '</nav></header>'
            '<aside class="sidebar"><nav aria-label="Docs">' + sidebar + '</nav></aside>'
            '<main><h1>Install</h1><p>' + "How to install it, step by step. " * 60 + '</p>'
            '<p>Then <a href="/blog/2024/release/">read the release</a>.</p></main></body></html>')


def test_a_leaf_listed_in_a_sidebar_leads_to_its_siblings():
    # a docs sidebar lists this page (highlighted) among the others, one level deeper too
    sidebar = ('<ul><li><a href="/docs/intro">Intro</a></li>'
               '<li><a class="active" aria-current="page" href="/docs/install">Install</a></li>'
               '<li><a href="/docs/category/guides">Guides</a><ul>'
               '<li><a href="/docs/guides/deploy#top">Deploy</a></li></ul></li>'
               '<li><a href="/docs/install?version=2">Version 2</a></li>'
               '<li><a href="https://github.com/ex/docs">Source</a></li></ul>')
    a = analyze_page(_docs_page(sidebar), "https://ex.org/docs/install")
    assert a.verdict == "leaf"
    assert a.sibling_links == ["https://ex.org/docs/intro", "https://ex.org/docs/category/guides",
                               "https://ex.org/docs/guides/deploy"]
    # a sidebar that does not list the page (a post's "related" box) is no list of its siblings
    related = '<ul><li><a href="/docs/intro">Intro</a></li><li><a href="/docs/faq">FAQ</a></li></ul>'
    assert analyze_page(_docs_page(related), "https://ex.org/docs/install").sibling_links == []
    # nor is a nav of places on the page: its own table of contents, a skip link
    toc = related.replace('</ul>', '<li><a href="#steps">Steps</a></li></ul>')
    assert analyze_page(_docs_page(toc), "https://ex.org/docs/install").sibling_links == []
    # nor is the header's site menu, even when it marks the page
    menu = '<a href="/docs/install">Install</a><a href="/pricing">Pricing</a>'
    assert analyze_page(_docs_page(related, menu), "https://ex.org/docs/install").sibling_links == []
    # a wiki's page tabs list the page beside its views (?action=edit): no pages to follow
    tabs = ('<ul><li><a href="/wiki/Install">Read</a></li>'
            '<li><a href="/w/index.php?title=Install&amp;action=edit">Edit</a></li>'
            '<li><a href="/w/index.php?title=Install&amp;action=history">History</a></li></ul>')
    assert analyze_page(_docs_page(tabs), "https://ex.org/wiki/Install").sibling_links == []


def test_robots_meta_directives_are_read():
    from pipelines.metadata.page_metadata import robots_directives
    html = '<html><head><meta name="Robots" content="NOINDEX, follow"></head><body><p>x</p></body></html>'
    assert analyze_page(html, "https://x.org/a").robots == {"noindex", "follow"}
    assert analyze_page("<html><body><p>x</p></body></html>", "https://x.org/a").robots == frozenset()
    assert robots_directives("none") == {"noindex", "nofollow"}
    assert robots_directives(None, "nofollow,noarchive") == {"nofollow", "noarchive"}


def test_markup_nested_deeper_than_any_parser_takes_keeps_its_text():
    # 100,000 nested <div>s: libxml2 stops at 2,048 levels even with huge_tree, and the
    # page was a leaf with an empty body
    from pipelines.content.markdown import render_markdown

    words = "The keeper wrote the weather down every hour of the night. " * 30
    deep = ("<html><body><main><h1>Deep</h1>" + "<div>" * 100_000 + f"<p>{words}</p>"
            + "</div>" * 100_000 + "</main></body></html>")
    page = analyze_page(deep, "https://x.org/2024/01/deep-page/")
    text = render_markdown(page.blocks)
    assert page.verdict == "leaf" and text.count("The keeper wrote the weather") == 30


PHOTO_POST = """<html><head><title>{title}</title></head><body><nav><a href="/">Home</a></nav>
<main><article><h1>{title}</h1><figure><img src="{src}"></figure>{text}</article></main></body></html>"""


def _hash(src, title="Untitled", text=""):
    return analyze_page(PHOTO_POST.format(title=title, src=src, text=text),
                        "https://ex.org/2024/05/photo/").content_hash


def test_a_photo_post_is_known_by_its_picture_too():
    # two photo posts titled alike are two documents, not one and its duplicate
    assert _hash("/p/sunset.jpg") != _hash("/p/harbour.jpg")
    # a cache-buster or a fragment is no other picture
    assert _hash("/p/sunset.jpg?v=3") == _hash("/p/sunset.jpg?v=4#top")


def test_a_text_is_known_by_its_words_alone():
    words = "<p>" + "A long caption that tells this story in words of its own, at length. " * 6 + "</p>"
    # resized copies or a CDN's variants of its pictures do not make it another document
    assert _hash("/p/sunset-800.jpg", text=words) == _hash("/cdn/sunset-1200.jpg", text=words)
    assert _hash("/p/sunset.jpg", text=words) != _hash("/p/sunset.jpg", title="Other", text=words)
