"""--render auto's measures (pipelines/indexiness/render_need.py): what a plain fetch shows against what
the browser shows, and a plain page that is a frame for a script."""

from __future__ import annotations

import pytest

from pipelines.page import IndexinessConfig, analyze_page
from pipelines.indexiness.render_need import (APP_SHELL_MAX_CHARS, SCRIPT_TEXT_MIN_CHARS, Shown, app_shell,
                                   empty_mount, script_drawn, shown, visible_text_chars)

URL = "http://127.0.0.1:8000/"


def test_visible_text_leaves_out_what_is_never_shown():
    html = """<html><head><title>Not counted</title><style>p{}</style></head><body>
    <p>Hello   world</p><script>var hidden = "not counted";</script>tail
    <noscript><p>Please enable JavaScript</p></noscript><template><p>later</p></template>
    <!-- a comment -->after</body></html>"""
    # "Hello world" (11), "tail" (4), "after" (5): whitespace runs count once, the text after
    # a skipped element or a comment is shown
    assert visible_text_chars(html) == 11 + 4 + 5


def test_visible_text_of_a_page_without_body_is_zero():
    assert visible_text_chars("<html><head><title>x</title></head></html>") == 0


def links(n, prefix="/p/"):
    return frozenset(f"{URL}{prefix.strip('/')}/{i}/" for i in range(n))


def test_a_document_that_holds_its_links_and_text_needs_no_browser():
    plain = Shown(links(20), 5000)
    # a script added a "log in" link and a cookie banner's words
    rendered = Shown(links(20) | {URL + "login/"}, 5000 + SCRIPT_TEXT_MIN_CHARS)
    assert script_drawn(plain, rendered) is None


def test_links_a_script_draws_need_a_browser():
    reason = script_drawn(Shown(links(2), 3000), Shown(links(12), 3000))
    assert reason == "a script drew 10 of its 12 links to other pages of the site"


def test_a_few_new_links_among_many_need_no_browser():
    """Three new links among 100 (a widget's) are under 10% of what the browser shows."""
    assert script_drawn(Shown(links(97), 3000), Shown(links(100), 3000)) is None


def test_text_a_script_draws_needs_a_browser():
    reason = script_drawn(Shown(links(5), 300), Shown(links(5), 4000))
    assert reason == "a script drew 3700 of its 4000 characters of text"


def test_shown_takes_other_pages_not_places_in_them():
    seen = shown([URL + "a/#top", URL + "a/", URL + "b/", URL], "<html><body><p>hi</p></body></html>",
                 URL)
    assert seen == Shown(frozenset({URL + "a/", URL + "b/"}), 2)


def analysed(body: str):
    html = f"""<html><head><title>T</title><meta property="og:type" content="article"></head>
    <body><nav><a href="/">Home</a><a href="/about/">About</a><a href="/tags/">Tags</a></nav>
    <main><article><h1>T</h1>{body}</article></main></body></html>"""
    return analyze_page(html, URL + "posts/t/", IndexinessConfig(), content="leaves")


def test_a_leaf_whose_body_is_missing_reads_as_a_frame_for_a_script():
    analysis = analysed('<p class="byline">March 11, 2024 by Mara</p><div id="body"></div>')
    assert analysis.verdict == "leaf"
    assert app_shell(analysis)


@pytest.mark.parametrize("chars", [APP_SHELL_MAX_CHARS, 2000])
def test_a_leaf_with_its_text_is_no_frame(chars):
    words = ("word " * chars)[:chars]
    assert not app_shell(analysed(f"<p>{words}</p>"))


def test_a_short_post_with_its_few_items_is_no_frame():
    """A release note of 100 characters: its title, a date, a heading and two items."""
    analysis = analysed('<p>May 3, 2022</p><h2>Fixed</h2><ul><li>Close the socket (#1586).</li>'
                        '<li>Keep the header order.</li></ul>')
    assert analysis.verdict == "leaf" and sum(len(b.text) for b in analysis.blocks) < APP_SHELL_MAX_CHARS
    assert not app_shell(analysis)


def test_an_index_page_is_no_frame():
    entries = "".join(f'<article><h2><a href="/posts/{i}/">Post {i}</a></h2></article>'
                      for i in range(12))
    analysis = analyze_page(f"<html><body><main>{entries}</main></body></html>", URL + "tags/x/",
                            IndexinessConfig(), content="leaves")
    assert analysis.verdict == "index"
    assert not app_shell(analysis)


def test_an_empty_frame_reads_as_an_index_that_leads_nowhere():
    """Nothing in it at all: the head start makes it an index, with no page to follow."""
    analysis = analyze_page('<html><head><title>Board</title></head><body><div id="shell"></div>'
                            '<script src="/board.js"></script></body></html>', URL + "notes/board/",
                            IndexinessConfig(), content="leaves")
    assert analysis.verdict == "index" and not analysis.follow_links
    assert app_shell(analysis)


@pytest.mark.parametrize("html, empty", [
    (b'<body><div id="root"></div><script src="/app.js"></script></body>', True),
    (b"<body><main id=app class='shell'>\n  </main></body>", True),
    (b'<body><app-root></app-root></body>', True),
    # server-rendered into its mount: the document holds the page
    (b'<body><div id="__next"><h1>Docs</h1><p>Text.</p></div></body>', False),
    # other ids and attributes that merely end so
    (b'<body><div id="app-header"></div><div data-id="root"></div></body>', False),
])
def test_empty_mount(html, empty):
    assert empty_mount(html) is empty
    assert empty_mount(html.decode()) is empty
