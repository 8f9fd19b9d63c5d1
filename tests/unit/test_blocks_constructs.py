"""One fixture per row of the seed's construct table (blocks-and-structure)."""
from pipelines.blocks.block_tables import LONG_CELL_CHARS, is_layout_table
from pipelines.blocks import Block, build_blocks
from pipelines.htmlparse import parse_html

URL = "https://example.org/dir/page.html"


def blocks(body, url=URL, measured=False):
    attr = ' data-lc-measured="1"' if measured else ""
    return build_blocks(f"<html{attr}><head><title>t</title></head><body>{body}</body></html>", url)


def kinds(body, **kw):
    return [(b.kind, b.text) for b in blocks(body, **kw)]


# -- headings -----------------------------------------------------------------
def test_heading_level_and_permalink_and_editsection_strips():
    bs = blocks('<h4>Deep <a class="anchor" href="#d">link</a></h4>'
                '<h2>Glyph <a href="#g">§</a></h2>'
                '<h2>Not a glyph <a href="/elsewhere">#</a></h2>'
                '<h3>Wiki<span class="mw-editsection"><span>[</span><a href="/e">edit</a>]</span></h3>')
    assert [(b.text, b.level) for b in bs] == [("Deep", 4), ("Glyph", 2), ("Not a glyph #", 2), ("Wiki", 3)]


# -- paragraphs and breaks --------------------------------------------------------
def test_div_with_only_inline_children_is_a_paragraph_and_breaks():
    bs = blocks("<div>one <i>two</i><br>three<br> <br>four</div>")
    assert [(b.kind, b.tag, b.text) for b in bs] == [
        ("paragraph", "div", "one two\nthree"), ("paragraph", "div", "four")]


# -- lists --------------------------------------------------------------------------
def test_li_with_several_paragraphs_first_is_item_rest_continuation():
    bs = blocks("<ul><li><p>item</p><p>cont one</p><pre>code</pre></li><li>next</li></ul>")
    assert [(b.kind, b.text, b.body_of) for b in bs] == [
        ("list-item", "item", None), ("paragraph", "cont one", 0), ("code", "code", 0),
        ("list-item", "next", None)]


def test_ordered_numbering_from_start_and_value_and_two_lists_stay_two():
    bs = blocks('<ol start="3"><li>c</li><li value="7">g</li><li>h</li></ol><ol><li>a</li></ol>')
    assert [(b.ordinal, b.ordered) for b in bs] == [(3, True), (7, True), (8, True), (1, True)]


def test_dt_dd_and_dd_with_several_paragraphs():
    bs = blocks("<dl><dt>Term</dt><dd><p>one</p><p>two</p></dd></dl>")
    assert [(b.tag, b.text, b.body_of) for b in bs] == [("dt", "Term", None), ("dd", "one", None),
                                                       ("p", "two", 1)]


def test_hr_rule_and_hidden_rule_dropped_on_measured_page():
    assert kinds("<p>a</p><hr><p>b</p>") == [("paragraph", "a"), ("rule", ""), ("paragraph", "b")]
    bs = blocks('<p data-lc-rect="0,0,10,10">a</p><hr data-lc-hidden="1">', measured=True)
    assert [b.kind for b in bs] == ["paragraph"]


# -- tables ---------------------------------------------------------------------------
HN = ('<table id="hnmain"><tr><td><table><tr><td><a href="/news">Hacker News</a></td>'
      '<td>new | past | comments</td></tr></table></td></tr>'
      '<tr style="height:10px"></tr>'
      '<tr><td><table class="itemlist"><tr class="athing"><td class="title">1.</td>'
      '<td class="title"><a href="https://a.example/">A story title</a></td></tr>'
      '<tr><td></td><td class="subtext">100 points by someone 2 hours ago</td></tr>'
      '<tr class="spacer" style="height:5px"></tr></table></td></tr></table>')


def test_hacker_news_layout_table_is_walked_as_containers():
    bs = blocks(HN)
    assert "table" not in [b.kind for b in bs]
    texts = [b.text for b in bs]
    assert "A story title" in texts and "100 points by someone 2 hours ago" in texts
    assert max(len(t) for t in texts) < 100


def test_is_layout_table_rules():
    def t(html):
        return is_layout_table(parse_html(f"<html><body>{html}</body></html>").find(".//table"))
    data = "<table><tr><td>a</td><td>1</td></tr><tr><td>b</td><td>2</td></tr></table>"
    assert not t(data)
    assert t("<table><tr><td>a</td><td>b</td></tr></table>")               # one row
    assert t("<table><tr><td>a</td></tr><tr><td>b</td></tr></table>")      # one column
    assert t("<table><tr><td>a</td><td>1</td></tr><tr><td></td><td></td></tr></table>")  # spacer
    long = "x " * (LONG_CELL_CHARS // 2 + 5)
    assert t(f"<table><tr><td>{long}</td><td>1</td></tr><tr><td>b</td><td>2</td></tr></table>")
    assert t("<table><tr><td><h2>h</h2></td><td>1</td></tr><tr><td>b</td><td>2</td></tr></table>")
    assert t("<table><tr><td><form></form>a</td><td>1</td></tr><tr><td>b</td><td>2</td></tr></table>")
    # a header, a <thead> or a <caption> says data, whatever the shape
    assert not t("<table><caption>c</caption><tr><td>a</td></tr></table>")
    assert not t("<table><thead><tr><td>a</td></tr></thead></table>")
    assert not t(f"<table><tr><th>k</th></tr><tr><td>{long}</td></tr></table>")


def test_td_a_br_b_keeps_words_apart_in_rows_and_html():
    t = blocks("<table><tr><th>h</th><th>i</th></tr><tr><td>a<br>b</td><td><p>c</p><p>d</p></td></tr></table>")[0]
    assert t.rows[1] == ["a b", "c d"] and t.rich_rows[1] == ["a<br>b", "c<br>d"]
    t = blocks('<table><tr><th colspan="2">h</th></tr><tr><td>a<br>b</td><td><ul><li>x</li><li>y</li></ul></td></tr></table>')[0]
    assert t.table_html == '<table><tr><th colspan="2">h</th></tr><tr><td>a<br>b</td><td>x<br>y</td></tr></table>'
    assert "a b" in t.text


def test_links_in_cells_survive_into_rich_rows():
    t = blocks('<table><tr><th>best of</th></tr><tr><td><a href="/a">first</a></td></tr></table>')[0]
    assert t.rich_rows[1] == ["[first](https://example.org/a)"]


def test_nested_data_table_kept_as_html():
    t = blocks("<table><tr><th>outer</th></tr><tr><td><table><tr><th>in</th></tr><tr><td>1</td></tr></table></td></tr></table>")
    table = [b for b in t if b.kind == "table"][0]
    assert table.table_html.count("<table>") == 2


# -- code ---------------------------------------------------------------------------
def test_pre_verbatim_with_br_and_inline_markup():
    b = blocks("<pre>  if x:\n      <b>y</b>()<br>z  </pre>")[0]
    assert b.kind == "code" and b.text == "  if x:\n      y()\nz  "


def test_a_blank_line_of_code_is_empty_and_indentation_stays():
    # rehype-pretty-code: one <span data-line> a line, a blank one holding a space
    b = blocks('<pre><code><span data-line><span>def f():</span></span>\n'
               '<span data-line><span>    x = 1  </span></span>\n<span data-line> </span>\n'
               '<span data-line><span>    return x</span></span></code></pre>')[0]
    assert b.text == "def f():\n    x = 1  \n\n    return x"


def test_code_language_sources_and_non_languages():
    def lang(html):
        return [b for b in blocks(html) if b.kind == "code"][0].language
    assert lang('<pre class="lang-ruby">x</pre>') == "ruby"
    assert lang('<div class="highlight-js notranslate"><div class="highlight"><pre>x</pre></div></div>') == "js"
    assert lang('<pre data-language="python">x</pre>') == "python"
    for word in ("undefined", "null", "plain", "txt"):
        assert lang(f'<pre class="lang-{word}">x</pre>') is None


# Highlighters' line numbers, as each writes them: (markup, language found)
LINE_NUMBERED_CODE = {
    "pygments inline": ('<div class="highlight"><pre><span></span><code><span class="linenos">1</span>'
                        '<span class="nt">H1</span> {\n<span class="linenos">2</span>    color: red;\n'
                        '<span class="linenos">3</span>}\n</code></pre></div>', None),
    "pygments table": ('<table class="highlighttable"><tr><td class="linenos"><div class="linenodiv">'
                       '<pre><span class="normal">1</span>\n<span class="normal">2</span>\n'
                       '<span class="normal">3</span></pre></div></td><td class="code">'
                       '<div class="highlight"><pre><span></span>H1 {\n    color: red;\n}\n</pre>'
                       '</div></td></tr></table>', None),
    "chroma inline": ('<div class="highlight"><pre class="chroma"><code class="language-css">'
                      '<span class="line"><span class="ln">1</span><span class="cl">H1 {\n</span></span>'
                      '<span class="line"><span class="ln">2</span><span class="cl">    color: red;\n'
                      '</span></span><span class="line"><span class="ln">3</span><span class="cl">}'
                      '</span></span></code></pre></div>', "css"),
    "chroma table": ('<div class="highlight"><div class="chroma"><table class="lntable"><tr>'
                     '<td class="lntd"><pre class="chroma"><code><span class="lnt">1\n</span>'
                     '<span class="lnt">2\n</span><span class="lnt">3\n</span></code></pre></td>'
                     '<td class="lntd"><pre class="chroma"><code class="language-css"><span class="line">'
                     '<span class="cl">H1 {\n</span></span><span class="line"><span class="cl">    '
                     'color: red;\n</span></span><span class="line"><span class="cl">}</span></span>'
                     '</code></pre></td></tr></table></div></div>', "css"),
    "rouge table": ('<div class="highlight"><pre class="highlight"><code><table class="rouge-table">'
                    '<tbody><tr><td class="rouge-gutter gl"><pre class="lineno">1\n2\n3\n</pre></td>'
                    '<td class="rouge-code"><pre>H1 {\n    color: red;\n}\n</pre></td></tr></tbody>'
                    '</table></code></pre></div>', None),
    "highlight.js line numbers": (
        '<pre><code class="hljs"><table class="hljs-ln"><tbody>' + "".join(
            f'<tr><td class="hljs-ln-line hljs-ln-numbers" data-line-number="{n}"><div class="hljs-ln-n" '
            f'data-line-number="{n}"></div></td><td class="hljs-ln-line hljs-ln-code">{line}</td></tr>'
            for n, line in enumerate(["H1 {", "    color: red;", "}"], 1))
        + '</tbody></table></code></pre>', None),
}


def test_line_numbers_stay_out_of_the_code():
    # read as text, every line began with its number ("1H1 {"), a table layout's numbers
    # were a code block of their own, and a layout of one row per line ran the lines together
    for name, (html, lang) in LINE_NUMBERED_CODE.items():
        assert [(b.kind, b.text.strip("\n"), b.language) for b in blocks(html)] == [
            ("code", "H1 {\n    color: red;\n}", lang)], name


def test_numbers_alone_are_code_when_they_are_no_gutter():
    # a program's output is numbers; a table whose one cell holds them has no code beside it
    assert kinds("<pre>1\n2\n3</pre>") == [("code", "1\n2\n3")]
    assert kinds("<table><tr><td><pre>1\n2\n3</pre></td></tr></table>") == [("code", "1\n2\n3")]
    # descending or repeated numbers are data, beside anything
    assert kinds("<table><tr><td><pre>3\n2\n1</pre></td><td><pre>c\nb\na</pre></td></tr></table>") == [
        ("code", "3\n2\n1"), ("code", "c\nb\na")]


def test_codemirror6_lines_one_block_gutter_out():
    html = ('<div class="cm-editor"><div class="cm-scroller"><div class="cm-gutters">'
            '<div class="cm-gutterElement">1</div><div class="cm-gutterElement">2</div></div>'
            '<div class="cm-content" data-language="javascript"><div class="cm-line">let a = 1;</div>'
            '<div class="cm-line"><br></div><div class="cm-line">  a++;</div></div></div>'
            '<div class="cm-cursorLayer"><div class="cm-cursor"></div></div></div>')
    assert [(b.kind, b.text, b.language) for b in blocks(html)] == [
        ("code", "let a = 1;\n\n  a++;", "javascript")]


def test_codemirror5_viewport_completed_from_hidden_textarea():
    lines = "\n".join(f"line {i}" for i in range(1, 9))
    html = (f'<textarea style="display:none">{lines}</textarea>'
            '<div class="CodeMirror cm-s-default"><div class="CodeMirror-gutters">1</div>'
            '<div class="CodeMirror-code"><div><div class="CodeMirror-gutter-wrapper">1</div>'
            '<pre class="CodeMirror-line"><span>line 1</span></pre></div>'
            '<div><pre class="CodeMirror-line">line 2</pre></div></div>'
            '<div class="CodeMirror-measure"><pre>x</pre></div></div>')
    assert [(b.kind, b.text) for b in blocks(html)] == [("code", lines)]


def test_monaco_lines_ordered_by_position_and_ace():
    html = ('<div class="monaco-editor" data-mode-id="python"><div class="margin">1 2</div>'
            '<div class="view-lines"><div class="view-line" style="top:19px">b\u00a0=\u00a02</div>'
            '<div class="view-line" style="top:0px">a\u00a0=\u00a01</div></div></div>'
            '<div class="ace_editor ace-tm"><div class="ace_gutter">1</div><div class="ace_text-layer">'
            '<div class="ace_line">SELECT 1;</div></div></div>')
    bs = blocks(html)
    assert [(b.kind, b.text, b.language) for b in bs] == [("code", "a = 1\nb = 2", "python"),
                                                         ("code", "SELECT 1;", None)]


def test_copy_strip_consumed_when_control_or_labels_only():
    mdn = ('<div class="code-example"><div class="example-header"><span class="language-name">js</span>'
           '<button>Copy to Clipboard</button></div><pre class="brush: js notranslate">let a;</pre></div>')
    assert kinds(mdn) == [("code", "let a;")]
    labels = '<div class="head"><span>Python</span> <span>Copy</span></div><pre>print()</pre>'
    bs = blocks(labels)
    assert [(b.kind, b.language) for b in bs] == [("code", "python")]


def test_a_language_label_beside_the_code_in_its_wrapper_is_a_strip():
    # VitePress: the label is a sibling of the <pre>, inside the block's wrapper
    vitepress = ('<p>Configure it:</p><div class="language-python vp-adaptive-theme"><button title="Copy Code" '
                 'class="copy"></button><span class="lang">python</span><pre class="shiki"><code>'
                 'config = Config(".env")</code></pre></div>')
    assert kinds(vitepress) == [("paragraph", "Configure it:"), ("code", 'config = Config(".env")')]
    # a sentence beside the code in the same wrapper stays
    told = '<div><span>Run this in the project folder</span><pre>make</pre></div>'
    assert kinds(told) == [("paragraph", "Run this in the project folder"), ("code", "make")]


def test_perldoc_strip_four_word_p_is_never_the_strip():
    html = ("<p>is made equivalent to</p><pre>$x = 1;</pre>"
            "<p>For example, this program</p><pre><code>print 1;</code></pre>")
    assert kinds(html) == [("paragraph", "is made equivalent to"), ("code", "$x = 1;"),
                           ("paragraph", "For example, this program"), ("code", "print 1;")]
    # a caption is the page's word, not furniture
    assert kinds("<div>Output</div><pre>42</pre>") == [("paragraph", "Output"), ("code", "42")]


# -- quotes ---------------------------------------------------------------------------
def test_blockquote_of_prose_is_one_quote_and_several_paragraphs_walked_into():
    assert kinds("<blockquote>Plain <b>words</b></blockquote>") == [("quote", "Plain words")]
    bs = blocks("<blockquote><p>one</p><p>two</p></blockquote>")
    assert [(b.kind, b.quoted) for b in bs] == [("paragraph", True), ("paragraph", True)]


# -- images ---------------------------------------------------------------------------
def test_image_in_a_sentence_is_inline_and_emoji_reads_as_text():
    bs = blocks('<p>Hi <img src="/s.png" class="wp-smiley" alt="🙂"> see <img src="/i.png" alt="I"> ok</p>')
    assert len(bs) == 1 and bs[0].text == "Hi 🙂 see ok"
    assert "![I](https://example.org/i.png)" in bs[0].rich_text


def test_image_alone_is_a_block_with_link_and_picture_source():
    bs = blocks('<p><a href="/full"><img src="/t.jpg" alt="Thumb"></a></p>'
                '<picture><source srcset="/p.webp 1x"><img alt="P"></picture>'
                '<img src="/x.gif" height="16" alt="tiny">')
    imgs = [(b.href, b.link, b.alt) for b in bs if b.kind == "image"]
    assert imgs == [("https://example.org/t.jpg", "https://example.org/full", "Thumb"),
                    ("https://example.org/p.webp", None, "P")]


def test_svg_label_rules():
    assert kinds("<svg><text>Three word label</text></svg>") == [("paragraph", "Three word label")]
    assert kinds("<svg><text>A</text><text>B</text></svg>") == [("paragraph", "A · B")]
    assert kinds("<svg><text>two words</text></svg>") == []
    assert kinds("<p>Go <svg><path d='M0'/></svg> on</p>") == [("paragraph", "Go on")]


def test_figcaption_and_media_placeholders():
    bs = blocks('<figure><iframe src="https://v.example/e/1" title="Talk"></iframe>'
                '<figcaption>The <b>talk</b></figcaption></figure><audio><source src="/a.mp3"></audio>')
    assert [(b.kind, b.href) for b in bs] == [("media", "https://v.example/e/1"),
                                             ("figure-caption", None), ("media", "https://example.org/a.mp3")]
    assert "Talk" in bs[0].rich_text and "not transcribed" in bs[0].rich_text
    assert bs[1].rich_text == "The **talk**"


def test_ad_and_widget_frames_leave_no_placeholder():
    bs = blocks('<iframe id="google_ads_iframe_/8663/main_1" title="3rd party ad content" '
                'width="970" height="90"></iframe>'
                '<iframe title="fb:like Facebook Social Plugin" src="https://www.facebook.com/'
                'plugins/like.php"></iframe><iframe src="https://t.example/pixel" width="1" '
                'height="1"></iframe>'
                '<iframe src="https://maps.example/embed?pb=ad" title="Road to the bakery"></iframe>'
                '<iframe src="https://video.example/embed/42" title="Shaping a loaf"></iframe>')
    assert [b.href for b in bs] == ["https://maps.example/embed?pb=ad", "https://video.example/embed/42"]
    assert "Shaping a loaf" in bs[1].rich_text


# -- orphan text --------------------------------------------------------------------
def test_orphan_text_under_pre_css_containers():
    bs = blocks("<center>Top words<p>para</p><font>closing line</font></center>"
                "<form>bare <b>form</b> text<div>d</div></form>last line")
    assert [b.text for b in bs] == ["Top words", "para", "closing line", "bare form text", "d", "last line"]


# -- geometry ---------------------------------------------------------------------------
def test_rect_read_and_columns_read_as_columns():
    html = ('<div data-lc-rect="0,0,1000,900">'
            '<div data-lc-rect="500,0,400,300"><p data-lc-rect="500,0,400,40">right one</p>'
            '<p data-lc-rect="500,50,400,40">right two</p></div>'
            '<div data-lc-rect="0,0,400,900"><p data-lc-rect="0,0,400,40">left one</p>'
            '<p data-lc-rect="0,50,400,40">left two</p></div></div>'
            '<p data-lc-rect="0,1000,1000,40">footer</p>')
    bs = blocks(html, measured=True)
    assert [b.text for b in bs] == ["left one", "left two", "right one", "right two", "footer"]
    assert bs[0].rect == (0.0, 0.0, 400.0, 40.0)
    # a grid of cards side by side and row under row reads row by row
    grid = ('<div><p data-lc-rect="500,0,400,40">b</p><p data-lc-rect="0,0,400,40">a</p>'
            '<p data-lc-rect="0,50,400,40">c</p></div>')
    assert [b.text for b in blocks(grid, measured=True)] == ["a", "b", "c"]
    # unmeasured: DOM order, no rect
    plain = blocks(html)
    assert plain[0].text == "right one" and plain[0].rect is None


def test_rtl_columns_read_right_to_left():
    html = ('<div><div data-lc-rect="0,0,400,300"><p>left</p></div>'
            '<div data-lc-rect="500,0,400,300"><p>right</p></div></div>')
    bs = build_blocks(f'<html data-lc-measured="1" dir="rtl"><body>{html}</body></html>', URL)
    assert [b.text for b in bs] == ["right", "left"]


def test_flex_reordered_boxes_read_top_to_bottom_with_their_inline_tail():
    html = ('<div><p data-lc-rect="0,100,800,20">second</p> tail words'
            '<p data-lc-rect="0,0,800,20">first</p></div>')
    assert [b.text for b in blocks(html, measured=True)] == ["first", "second", "tail words"]


def test_float_of_marks_a_picture_drawn_beside_its_paragraph():
    html = ('<p data-lc-rect="0,0,800,20">Lead</p>'
            '<img src="/f.jpg" alt="F" data-lc-rect="0,30,200,150">'
            '<p data-lc-rect="220,30,580,150">Wrapped text</p>'
            '<img src="/g.jpg" alt="G" data-lc-rect="0,200,800,300">')
    bs = blocks(html, measured=True)
    assert [(b.text, b.float_of) for b in bs] == [("Lead", None), ("F", 2), ("Wrapped text", None),
                                                 ("G", None)]


def test_hidden_blocks_left_out():
    bs = blocks('<div data-lc-hidden="1"><p>menu</p></div><p data-lc-rect="0,0,5,5">seen</p>',
                measured=True)
    assert [b.text for b in bs] == ["seen"]


def test_closed_details_body_is_content_not_a_hidden_copy():
    html = ('<details data-lc-rect="0,0,800,30"><summary data-lc-rect="0,0,800,30">Question?</summary>'
            '<p data-lc-hidden="1">The answer.</p></details>'
            '<details data-lc-hidden="1"><summary>Gone</summary><p>too</p></details>')
    assert [b.text for b in blocks(html, measured=True)] == ["Question?", "The answer."]


def test_inactive_tab_panel_the_browser_drew_no_box_for_is_content():
    # the collector marks the top of an undrawn subtree only
    html = ('<div role="tabpanel" data-lc-rect="0,0,800,30"><p data-lc-rect="0,0,800,30">Linux steps</p></div>'
            '<div role="tabpanel" data-lc-hidden="1"><p>macOS steps</p></div>'
            '<div data-lc-hidden="1"><p>a closed menu</p></div>')
    assert [b.text for b in blocks(html, measured=True)] == ["Linux steps", "macOS steps"]


def test_a_css_only_tab_the_browser_drew_no_box_for_is_content():
    # pymdownx.tabbed (MkDocs Material's content tabs): radio buttons of one name pick the
    # panel shown; a hidden element beside no radio group stays a hidden copy
    html = ('<div class="tabbed-set"><input checked type="radio" name="__tabbed_1" id="t1">'
            '<input type="radio" name="__tabbed_1" id="t2"><div class="tabbed-content">'
            '<div data-lc-rect="0,0,800,30"><p data-lc-rect="0,0,800,30">Do this</p></div>'
            '<div data-lc-hidden="1"><p>Not that</p></div></div></div>'
            '<div data-lc-hidden="1"><p>a closed menu</p></div>'
            '<form><input type="radio" name="a"><input type="radio" name="b">'
            '<div data-lc-hidden="1"><p>the form\u2019s other fields</p></div></form>')
    assert [b.text for b in blocks(html, measured=True)] == ["Do this", "Not that"]


# -- fields -------------------------------------------------------------------------------
def test_every_field_round_trips():
    b = Block(text="t", rich_text="t", kind="list-item", tag="li", xpath="/html/body/ol/li",
              dom_index=4, rect=(1.0, 2.0, 3.0, 4.0), level=2, ordered=True, ordinal=3,
              rows=[["a"]], rich_rows=[["a"]], table_html="<table></table>", href="h", alt="a",
              link="l", language="py", region="main", in_main=True, in_article=True,
              in_nav=True, in_aside=True, in_header=True, in_footer=True, widget="rail",
              quoted=True, body_of=1, float_of=2, hidden=True)
    import json
    assert Block.from_dict(json.loads(json.dumps(b.to_dict()))) == b


def test_an_inactive_tab_panel_is_read_and_other_hidden_content_is_not():
    html = """<html><body><main><h1>Install</h1>
    <div role="tablist"><button role="tab">Linux</button><button role="tab">macOS</button></div>
    <div role="tabpanel" id="linux"><p>On Linux, install the package with apt.</p></div>
    <div role="tabpanel" id="mac" hidden><p>On macOS, install it with brew.</p></div>
    <div role="tabpanel" style="display: none"><p>On Windows, run the installer.</p></div>
    <div hidden><p>A dialog nobody opened.</p></div>
    <div aria-hidden="true"><p>A copy for screen readers to skip.</p></div></main></body></html>"""
    texts = [b.text for b in build_blocks(html, "https://docs.example/install")]
    assert texts == ["Install", "On Linux, install the package with apt.",
                     "On macOS, install it with brew.", "On Windows, run the installer."]


def test_content_hidden_until_found_is_read():
    html = ('<h2>FAQ</h2><div hidden="until-found"><p>Yes, refunds take five days.</p></div>'
            '<div hidden><p>a closed dialog</p></div>'
            '<p>Ask us <span hidden="until-found">anything</span><span hidden>never</span>.</p>')
    assert [b.text for b in blocks(html)] == ["FAQ", "Yes, refunds take five days.", "Ask us anything."]


def test_a_popover_is_not_drawn_until_opened_so_it_is_no_content():
    # Invision Community's notification prompt, a custom element around block content, and
    # an inline popover inside a paragraph
    html = ('<h2>Roadmap</h2><p>What is planned next?</p>'
            '<i-card popover id="prompt"><div><h5>Chrome (Desktop)</h5><ol><li>Click the padlock.</li>'
            '</ol></div></i-card><div popover="manual"><p>Allow notifications?</p></div>'
            '<p>Thanks <span popover>tooltip</span>all.</p>')
    assert [b.text for b in blocks(html)] == ["Roadmap", "What is planned next?", "Thanks all."]


def test_a_collapsed_disclosure_panel_is_read_and_an_unrelated_hidden_one_is_not():
    html = ('<h2>FAQ</h2><button aria-expanded="false" aria-controls="a1">Can I return it?</button>'
            '<div id="a1" style="display:none"><p>Yes, within thirty days.</p></div>'
            '<button aria-expanded="true" aria-controls="a2">Open one</button><div id="a2"><p>Shown.</p></div>'
            '<div id="promo" hidden><p>a closed promo</p></div>')
    assert [b.text for b in blocks(html)] == ["FAQ", "Yes, within thirty days.", "Shown."]


def test_an_accordion_panel_its_heading_names_without_a_state_is_read():
    # the heading names its panel (aria-controls) and leaves aria-expanded to its script
    html = ('<div class="accordion"><a role="button" aria-controls="s2"><span role="heading" '
            'aria-level="3">2. Check your roof</span></a><div id="s2" style="display:none;" '
            'role="region"><p>An engineer visits to check the roof can bear the panels.</p></div>'
            '</div><div id="s3" style="display:none"><p>a panel nothing opens</p></div>')
    texts = [b.text for b in blocks(html)]
    assert "An engineer visits to check the roof can bear the panels." in texts
    assert "a panel nothing opens" not in texts


def test_a_collapsed_disclosure_panel_the_browser_drew_no_box_for_is_content():
    html = ('<button aria-expanded="false" aria-controls="t" data-lc-rect="0,0,80,20">Transcript</button>'
            '<div id="t" data-lc-hidden="1"><p>Every word said.</p></div>'
            '<div id="menu" data-lc-hidden="1"><p>a closed menu</p></div>')
    assert [b.text for b in blocks(html, measured=True)] == ["Every word said."]


def test_screen_reader_only_text_is_left_out_unless_it_names_a_link():
    html = ('<a class="skip-link screen-reader-text" href="#main">Skip to content</a>'
            '<h2><span class="visually-hidden">Section: </span>Prices</h2>'
            '<p><span class="sr-only">Regular price</span> $19.99</p>'
            '<div class="sr-only"><p>Announcements for screen readers.</p></div>'
            '<p>Built by <a href="/docker"><svg></svg><span class="sr-only">Docker</span></a></p>'
            '<p><span class="sr-only xl:not-sr-only">Log in</span> to comment.</p>')
    for measured in (False, True):
        assert [b.text for b in blocks(html, measured=measured)] == [
            "Prices", "$19.99", "Built by Docker", "Log in to comment."]


def test_a_heading_anchors_screen_reader_words_are_left_out():
    # Starlight: an icon linking the heading's own place, its words for screen readers only
    html = ('<div class="sl-heading-wrapper"><h4 id="added">Added</h4><a class="sl-anchor-link" '
            'href="#added"><span aria-hidden="true"><svg></svg></span><span class="sr-only">'
            'Section titled “Added”</span></a></div><p>Support for Python 3.13.</p>'
            '<p>Built by <a href="/docker"><svg></svg><span class="sr-only">Docker</span></a></p>')
    for measured in (False, True):
        assert [b.text for b in blocks(html, measured=measured)] == [
            "Added", "Support for Python 3.13.", "Built by Docker"]


def test_ruby_annotations_are_not_read_into_the_words_they_gloss():
    # furigana over kanji: the reader sees the word, the reading printed above it
    bs = blocks("<p><ruby>子<rt>こ</rt></ruby>どもへの<ruby>虐待<rp>(</rp><rt>ぎゃくたい</rt>"
                "<rp>)</rp></ruby>をなくす<ruby>法律<rt>ほうりつ</rt></ruby>ができました。</p>")
    assert [b.text for b in bs] == ["子どもへの虐待をなくす法律ができました。"]


def test_a_separator_only_screen_readers_skip_still_parts_the_words():
    # a news headline's kicker and words with an aria-hidden dash between them (Tamedia):
    # the dash is drawn, so the two phrases are two
    blocks = build_blocks('<html><body><article><h1><span class="kicker">Coronavirus und '
                          'andere Zoonosen</span><span aria-hidden="true"> – </span><span>Wie '
                          "Umweltzerstörung neue Epidemien begünstigt</span></h1>"
                          '<p>Name<span aria-hidden="true"> · </span>3 March 2024</p>'
                          "</article></body></html>", "https://x.example/a")
    texts = [b.text for b in blocks]
    assert "Coronavirus und andere Zoonosen Wie Umweltzerstörung neue Epidemien begünstigt" in texts
    assert "Name 3 March 2024" in texts
