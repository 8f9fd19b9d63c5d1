import yaml

from pipelines.blocks import build_blocks
from pipelines.content.markdown import render_markdown

URL = "https://example.org/"


def md(body, **kw):
    return render_markdown(build_blocks(f"<body>{body}</body>", URL), **kw)


def test_headings_paragraphs_and_breaks():
    out = md("<h2>Title</h2><p>a <b>b</b><br>c</p><hr>")
    assert out == "## Title\n\na **b**  \nc\n\n---\n"


def test_nested_lists_ordered_and_continuation():
    out = md("<ol><li>one<ul><li>sub</li></ul></li><li><p>two</p><p>more</p></li></ol>")
    assert out == "1. one\n    - sub\n2. two\n\n    more\n"


def test_a_list_whose_outer_item_is_not_written_starts_at_the_margin():
    # WordPress's editor nests a list in an empty item (<li style="list-style-type: none">);
    # a forum's posts and a thread's comments are <li>s of a list no item of which is written.
    # Padded by its depth in the HTML, the inner list read as a code block.
    out = md("<p>Its benefits:</p><ul><li style='list-style-type: none'><ul><li>Light</li>"
             "<li>Portable</li></ul></li></ul><p>And more.</p>")
    assert out == "Its benefits:\n\n- Light\n- Portable\n\nAnd more.\n"
    # under an item that is written, it stays nested
    assert md("<ul><li>one<ul><li>sub</li></ul></li></ul>") == "- one\n    - sub\n"


def test_table_pipes_escaped_and_html_table():
    out = md("<table><tr><th>a|b</th><th>c</th></tr><tr><td>1</td><td>2</td></tr></table>")
    assert out.splitlines()[:3] == ["| a\\|b | c |", "| --- | --- |", "| 1 | 2 |"]
    out = md('<table><tr><td colspan="2">wide</td></tr><tr><td>1</td><td>2</td></tr></table>')
    assert out.strip().startswith('<table><tr><td colspan="2">wide</td>')


def test_code_fence_longer_than_inner_backticks():
    out = md('<pre class="language-md">```\ninner\n```</pre>')
    assert out == "````md\n```\ninner\n```\n````\n"


def test_quotes_images_and_definitions():
    out = md('<blockquote><p>one</p><p>two</p></blockquote>'
             '<a href="/big"><img src="/i.png" alt="I"></a><dl><dt>T</dt><dd>D</dd></dl>')
    assert "> one\n>\n> two" in out
    assert "[![I](https://example.org/i.png)](https://example.org/big)" in out
    assert "**T**\n: D" in out


def test_two_quotes_side_by_side_stay_two():
    # a theme's note and tip callouts: a blank line between them, where a ">" line made one
    out = md('<blockquote class="note"><p>Note</p><p>one</p></blockquote>'
             '<blockquote class="tip"><p>Tip</p><p>two</p></blockquote>')
    assert out == "> Note\n>\n> one\n\n> Tip\n>\n> two\n"


def test_front_matter_yaml_omits_none_and_quotes_safely():
    out = md("<p>x</p>", front_matter={"url": URL, "title": 'He said: "hi" # no', "author": None,
                                       "score": -3.5, "verdict": "leaf"})
    head, body = out.split("---\n")[1], out.split("---\n", 2)[2]
    data = yaml.safe_load(head)
    assert data == {"url": URL, "title": 'He said: "hi" # no', "score": -3.5, "verdict": "leaf"}
    assert body.strip() == "x"


def test_accepts_dicts():
    blocks = [b.to_dict() for b in build_blocks("<body><h1>T</h1></body>", URL)]
    assert render_markdown(blocks) == "# T\n"


def test_heading_trailing_hash_kept_literal_and_csharp_untouched():
    assert md("<h2>Issue #</h2><h3>C#</h3>") == "## Issue \\#\n\n### C#\n"


def test_a_title_linking_to_its_own_page_loses_the_link():
    page = "https://example.org/2024/a-post/"
    blocks = build_blocks('<body><h1><a href="/2024/a-post/">A post</a></h1>'
                          '<h2><a href="/2024/other/">Another post</a></h2>'
                          '<h2>See <a href="/2024/a-post/#part">part two</a></h2><p>Text.</p></body>', page)
    out = render_markdown(blocks, {"url": page}).split("---\n", 2)[2]
    assert out.lstrip("\n").startswith("# A post\n")
    # a link elsewhere, or a link within a heading's words, stays
    assert "## [Another post](https://example.org/2024/other/)" in out
    assert "## See [part two](https://example.org/2024/a-post/#part)" in out


def test_terminal_control_bytes_never_reach_the_markdown():
    from pipelines.page import analyze_page

    page = analyze_page('<html><body><main><article><h1>Red \x1b[31mtitle\x1b[0m</h1><p>'
                        + "Words of the post. " * 30 + 'a bell\x07 and a \x1b[1mbold\x1b[0m word'
                        + '</p></article></main></body></html>', "https://x.org/2024/01/a-post/")
    text = render_markdown(page.blocks)
    assert "# Red title" in text and "a bell and a bold word" in text
    assert not any(ord(c) < 32 and c not in "\n\t" or 0x7f <= ord(c) <= 0x9f for c in text)


def test_links_lose_their_tracking_parameters_and_keep_the_rest():
    # campaign tags, click ids and Ghost's ref=<this site> tell where a reader came from;
    # a ref naming something else (a branch) and every other parameter are the address's own
    out = md('<p><a href="https://x.org/a?utm_source=feed&amp;id=3#top">a</a> '
             '<a href="https://github.com/x/y/pull/1?ref=example.org">b</a> '
             '<a href="https://github.com/x/y/tree?ref=main">c</a> '
             '<a href="/p?page=2&amp;fbclid=XyZ">d</a></p>')
    assert out == ("[a](https://x.org/a?id=3#top) [b](https://github.com/x/y/pull/1) "
                   "[c](https://github.com/x/y/tree?ref=main) [d](https://example.org/p?page=2)\n")


def test_superscripts_and_subscripts_keep_their_tags():
    # Markdown has no syntax for them; flattened, mc² read as "mc2" and H₂O as "H2O"
    out = md('<p>E = mc<sup>2</sup>, H<sub>2</sub>O and a note<sup><a href="#n1">1</a></sup>'
             ', and 3 &lt;sup&gt; 4.</p>')
    # a "<" of the text is escaped: only the tags are raw HTML
    assert out == ("E = mc<sup>2</sup>, H<sub>2</sub>O and a note"
                   "<sup>[1](https://example.org/#n1)</sup>, and 3 \\<sup> 4.\n")
