"""A document written as flat sections (its headings straight in its body, each before the
section it heads) is archived whole when one section holds nearly all its prose: its title,
intro and that section's heading stay (DokuWiki's page, MediaWiki's and Markdown renderers'
flat h2s)."""
from pipelines.page import analyze_page

URL = "https://wiki.example/docs:early_hints"
INTRO = ('<p>Starlette supports <a href="https://developer.mozilla.org/103">HTTP 103 Early '
         'Hints</a> through the ASGI <a href="https://asgi.example/ext">http.response.early_hint'
         '</a> extension, so a client starts loading early.</p>')
LONG = "".join(f"<p>Paragraph {i} of the section on sending hints, long enough to be prose "
               "a reader reads through before the next one begins here.</p>" for i in range(14))
FRAME = ('<header><h1 class="logo"><a href="/start">Release wiki</a></h1><ul><li>'
         '<a href="/start?do=login">Log In</a></li></ul></header>')


def texts(body: str, title: str = "Early Hints [Release wiki]") -> list[str]:
    html = f"<html><head><title>{title}</title></head><body>{FRAME}<main>{body}</main></body></html>"
    result = analyze_page(html, URL)
    assert result.verdict == "leaf"
    return [b.text for b in result.blocks]


def test_the_long_sections_title_intro_and_heading_stay():
    kept = texts(f'''<div class="pageId">docs:early_hints</div><div class="page">
    <h1>Early Hints</h1><div class="level1">{INTRO}</div>
    <h2>Request.send_early_hints</h2><div class="level2">{LONG}</div></div>
    <div class="docInfo">docs/early_hints.txt · Last modified: 2026/12/07 08:41 by admin</div>''')
    assert kept[:3] == ["Early Hints", kept[1], "Request.send_early_hints"]
    assert kept[1].startswith("Starlette supports HTTP 103 Early Hints")
    assert kept[-1].startswith("Paragraph 13 of the section")
    assert not any("Last modified" in t or t == "docs:early_hints" for t in kept)


def test_a_posts_body_after_its_title_and_byline_is_still_narrowed_to():
    # the title and a byline before the body: no section heading stands right before it,
    # so the body alone is the container, and the site's section heading stays out
    kept = texts(f'''<div class="post"><h1><a href="/blog/">The Wiki Blog</a></h1>
    <h1>Early Hints</h1><p>Andrew Gerrand 4 August 2010</p><div class="body">{LONG}</div></div>''',
                 title="Early Hints - The Wiki Blog")
    assert "The Wiki Blog" not in kept
    assert kept[-1].startswith("Paragraph 13 of the section")
