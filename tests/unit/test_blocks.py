from pipelines.blocks import Block, build_blocks
from pipelines.blocks.block_tables import LONG_CELL_CHARS

URL = "https://example.org/dir/page.html"


def blocks(body, url=URL):
    return build_blocks(f"<html><head><title>t</title></head><body>{body}</body></html>", url)


def only(body, kind):
    found = [b for b in blocks(body) if b.kind == kind]
    assert len(found) == 1, found
    return found[0]


def test_paragraph_inline_markdown_with_absolute_links():
    b = only('<p>Hello <strong>bold</strong> <em>it</em> <code>x()</code> <a href="/a">there</a></p>', "paragraph")
    assert b.text == "Hello bold it x() there"
    assert b.rich_text == "Hello **bold** *it* `x()` [there](https://example.org/a)"
    assert b.tag == "p" and b.xpath.endswith("/p") and b.rect is None


def test_br_is_hard_break_and_double_br_splits():
    bs = blocks("<p>one<br>two<br><br>three</p>")
    assert [b.text for b in bs] == ["one\ntwo", "three"]
    assert bs[0].rich_text == "one  \ntwo"


def test_heading_permalinks_stripped():
    bs = blocks('<h2 id="x">Intro<a class="headerlink" href="#x">¶</a></h2>'
                '<h3>More <a href="#m">#</a></h3>'
                '<h2>Edit<span class="mw-editsection">[edit]</span></h2>')
    assert [(b.text, b.level) for b in bs] == [("Intro", 2), ("More", 3), ("Edit", 2)]


def test_nested_lists_levels_and_continuation():
    bs = blocks("<ol><li>a<ul><li>b</li></ul></li><li><p>first</p><p>more</p></li></ol>")
    items = [(b.kind, b.text, b.level, b.ordered) for b in bs]
    assert items[:3] == [("list-item", "a", 1, True), ("list-item", "b", 2, False),
                         ("list-item", "first", 1, True)]
    assert bs[3].text == "more" and bs[3].kind == "paragraph" and bs[3].body_of == 2


def test_dt_dd_wear_their_tags_and_hr_is_rule():
    bs = blocks("<dl><dt>Term</dt><dd>Meaning</dd></dl><hr>")
    assert [(b.kind, b.tag, b.text) for b in bs] == [
        ("paragraph", "dt", "Term"), ("paragraph", "dd", "Meaning"), ("rule", "hr", "")]


def test_data_table_rows_and_cell_breaks():
    t = only('<table><tr><th>k</th><th>v</th></tr><tr><td>a<br>b</td><td><a href="/x">x</a></td></tr></table>', "table")
    assert t.rows == [["k", "v"], ["a b", "x"]]
    assert t.rich_rows[1] == ["a<br>b", "[x](https://example.org/x)"]
    assert t.table_html is None


def test_spanning_table_kept_as_cleaned_html():
    t = only('<table class="c"><tr><th colspan="2" style="x">h</th></tr><tr><td>1</td><td>2</td></tr></table>', "table")
    assert t.table_html == '<table><tr><th colspan="2">h</th></tr><tr><td>1</td><td>2</td></tr></table>'


def test_layout_table_is_a_container():
    long_text = "word " * (LONG_CELL_CHARS // 4)
    bs = blocks(f"<table><tr><td><p>{long_text}</p></td><td>side</td></tr><tr><td>x</td><td>y</td></tr></table>")
    assert "table" not in [b.kind for b in bs]
    assert "side" in [b.text for b in bs]
    one_row = blocks("<table><tr><td>left</td><td>right</td></tr></table>")
    assert [b.text for b in one_row] == ["left", "right"]
    # a header cell says data, even in a single row
    assert blocks("<table><tr><th>a</th><th>b</th></tr></table>")[0].kind == "table"


def test_code_language_and_ignore_list():
    assert only('<pre><code class="language-rust">fn main() {}\n  x</code></pre>', "code").language == "rust"
    assert only('<div class="highlight-python"><pre>x</pre></div>', "code").language == "python"
    assert only('<pre class="brush: js">x</pre>', "code").language == "js"
    assert only('<pre data-lang="go">x</pre>', "code").language == "go"
    for word in ("undefined", "none", "plaintext", "nohighlight", "text"):
        assert only(f'<pre><code class="language-{word}">x</code></pre>', "code").language is None
    code = only("<pre>  a\n\n    b</pre>", "code")
    assert code.text == "  a\n\n    b"


def test_blockquote_prose_vs_structured():
    q = only("<blockquote><p>Said <em>so</em>.</p></blockquote>", "quote")
    assert q.rich_text == "Said *so*."
    bs = blocks("<blockquote><p>one</p><ul><li>two</li></ul></blockquote>")
    assert [(b.kind, b.quoted) for b in bs] == [("paragraph", True), ("list-item", True)]


def test_image_fallbacks_links_and_tracking_pixels():
    bs = blocks('<img src="/a.png" alt="A">'
                '<img src="data:image/gif;base64,R0l" data-src="b.png" alt="B">'
                '<img srcset="c-1x.png 1x, c-2x.png 2x" alt="C">'
                '<a href="/big"><img src="d.png" alt="D"></a>'
                '<img src="/pixel.gif" width="1" height="1">')
    imgs = [b for b in bs if b.kind == "image"]
    assert [i.href for i in imgs] == ["https://example.org/a.png", "https://example.org/dir/b.png",
                                      "https://example.org/dir/c-1x.png", "https://example.org/dir/d.png"]
    assert imgs[3].link == "https://example.org/big" and imgs[0].link is None
    assert imgs[1].alt == "B"


def test_an_image_classed_as_an_icon_is_decoration():
    # hugo-book's calendar glyph before a post's date; "iconic" names no icon
    bs = blocks('<p><img src="/icons/calendar.svg" class="book-icon" alt="Calendar"> May 3, 2022</p>'
                '<img src="/i/save.svg" class="icon-save" alt="Save"><img src="/a.png" class="iconic" alt="A">'
                '<p>Press <img src="/gear.svg" class="icon" alt="gear"> to open the settings.</p>')
    assert [b.alt for b in bs if b.kind == "image"] == ["A"]
    assert [b.text for b in bs if b.kind == "paragraph"] == ["May 3, 2022", "Press to open the settings."]


def test_svg_labels_and_icons():
    assert only("<svg><text>Q1</text><text>Q2</text></svg>", "paragraph").text == "Q1 · Q2"
    assert blocks("<svg><text>x</text></svg><p>p</p>")[0].text == "p"


def test_media_caption_and_dropped_content():
    bs = blocks('<figure><video src="/v.mp4"></video><figcaption>Cap</figcaption></figure>'
                '<script>var x = "no";</script><style>p{}</style><noscript>ns</noscript><template>t</template>')
    assert [(b.kind, b.href) for b in bs] == [("media", "https://example.org/v.mp4"), ("figure-caption", None)]


def test_regions_by_tag_and_role():
    bs = blocks('<div role="banner"><p>top</p></div><div role="navigation"><p>menu</p></div>'
                '<main><article><p>body</p><aside><p>note</p></aside></article></main>'
                '<div role="contentinfo"><p>foot</p></div><div role="search"><p>find</p></div>')
    by = {b.text: b for b in bs}
    assert by["top"].in_header and by["top"].region == "header"
    assert by["menu"].in_nav and by["menu"].region == "nav"
    assert by["body"].in_main and by["body"].in_article and by["body"].region == "article"
    assert by["note"].in_aside and by["note"].in_main and by["note"].region == "aside"
    assert by["foot"].in_footer and by["find"].region == "form"


def test_orphan_text_flushed_in_reading_order():
    bs = blocks("before <div>inside</div> after <b>bold</b>")
    assert [b.text for b in bs] == ["before", "inside", "after bold"]


def test_escaping_only_where_misread():
    bs = blocks("<p>1. not a list</p><p># not a heading</p><p>*a* and 2 * 3 and snake_case</p>")
    assert [b.rich_text for b in bs] == ["1\\. not a list", "\\# not a heading",
                                         "\\*a\\* and 2 * 3 and snake_case"]
    assert bs[0].text == "1. not a list"


def test_dedup_heading_beats_earlier_echo_and_main_beats_nav():
    bs = blocks('<nav><p>Guide</p></nav><main><h1>Guide</h1><p>x</p></main><p>x</p>')
    assert [(b.kind, b.text) for b in bs] == [("heading", "Guide"), ("paragraph", "x")]
    bs = blocks('<nav><ul><li>Same</li></ul></nav><main><ul><li>Same</li></ul></main>')
    assert len(bs) == 1 and bs[0].in_main


def test_repeated_table_kept_among_different_neighbours():
    table = "<table><tr><th>a</th></tr><tr><td>1</td></tr></table>"
    bs = blocks(f"<p>one</p>{table}<p>two</p>{table}<p>three</p>")
    assert [b.kind for b in bs].count("table") == 2
    twin = blocks(f"<p>one</p>{table}<p>one</p>{table}")
    assert [b.kind for b in twin].count("table") == 1


def test_block_dict_round_trip():
    b = blocks("<ul><li>x</li></ul>")[0]
    d = b.to_dict()
    assert "rect" not in d and d["level"] == 1
    assert Block.from_dict(d) == b


def test_reindex_leaves_the_blocks_it_selects_from_as_they_were():
    from pipelines.blocks import Block, reindex

    def blk(text, kind="paragraph", body_of=None):
        return Block(text=text, rich_text=text, kind=kind, tag="li", xpath="/x", dom_index=0,
                     body_of=body_of)

    walked = [blk("one", "list-item"), blk("one, more", body_of=0),
              blk("two", "list-item"), blk("two, more", body_of=2)]
    first = reindex(walked, [False, False, True, True])
    assert [b.body_of for b in first] == [None, 0]
    again = reindex(walked, [True, True, True, True])    # a second selection from the same walk
    assert [b.body_of for b in again] == [None, 0, None, 2]
    assert walked[3].body_of == 2


def test_block_paths_are_libxml2s_paths_read_once_per_parent():
    """ElementPaths gives tree.getpath's strings (an index only where a sibling shares the
    tag; comments do not count) in any order of asking, without libxml2's sibling scan per
    call that made a list of 50,000 items quadratic."""
    from pipelines.htmlparse import ElementPaths, parse_html

    root = parse_html(b"<html><body><div><p>a</p><!-- c --><p>b</p><ul><li>x</li></ul>"
                      b"<p>c<span>s</span></p></div><section><h2>t</h2><div><p>d</p></div>"
                      b"</section><div><p>e</p></div></body></html>")
    tree = root.getroottree()
    elements = [el for el in root.iter() if isinstance(el.tag, str)]
    paths = ElementPaths(tree)
    # deepest first, so a path is climbed to before its parent's is known
    for el in reversed(elements):
        assert paths(el) == tree.getpath(el)
    assert [paths(el) for el in elements] == [tree.getpath(el) for el in elements]
    assert "/html/body/div[1]/p[2]" in {paths(el) for el in elements}
    # the walk asks for every emitted block's path: a long list's blocks get theirs
    items = "".join(f"<li>item {i}</li>" for i in range(300))
    listed = [b for b in blocks(f"<ul>{items}</ul>") if b.kind == "list-item"]
    assert [b.xpath.rsplit("/", 1)[1] for b in listed] == [f"li[{i}]" for i in range(1, 301)]


def test_a_main_opened_inside_a_menus_unclosed_item_is_no_part_of_the_menu():
    # a menu's <li> left open holds the rest of the page; HTML puts a page's main in no nav,
    # so the walk reads what the main holds as the page's, not as navigation
    bs = blocks('<nav><ul><li><a href="/">Home</a><li><div><main><article><h1>Match day</h1>'
                '<p>Tickets for the home games go on sale on Wednesday.</p></article></main>'
                '</div></ul></nav>')
    menu, heading, para = bs
    assert menu.in_nav and not heading.in_nav and not para.in_nav
    assert para.in_main and para.in_article and para.region == "article"
    # and the analysis archives it
    from pipelines.page import analyze_page
    page = analyze_page(f"<html><body>{'<nav><ul><li><a href=/x>Menu entry</a>' * 3}<li><main>"
                        f"<h1>Match day</h1>{'<p>Tickets for the home games go on sale on Wednesday, and the arena holds three thousand.</p>' * 6}"
                        f"</main></ul></nav></body></html>", URL)
    assert any("arena holds three thousand" in b.text for b in page.blocks)


def test_an_alert_its_template_hides_is_no_content():
    # NodeBB prints "This topic has been deleted" on every thread, hidden by a class, for a
    # script to show; a visible alert and other blocks hidden by a bare class stay (scripts
    # reveal content so on load)
    blocks = build_blocks(
        '<body><div class="alert alert-warning hidden"><span>This topic has been deleted.</span></div>'
        '<div class="alert alert-info"><p>Replies are closed.</p></div>'
        '<div class="hidden"><p>Revealed on load.</p></div><p>The first post.</p></body>', URL)
    assert [b.text for b in blocks] == ["Replies are closed.", "Revealed on load.", "The first post."]


def test_a_letter_avatar_is_a_picture_not_words():
    # NodeBB draws a member's picture as their initial in a span of class "avatar"; a name in
    # an avatar-classed element (a caption beside the picture) stays
    found = blocks('<ul><li><a href="/user/brian"><span class="avatar avatar-rounded">B</span></a>'
                   '<p><a href="/user/brian">brian</a> wrote</p><p>The reply itself.</p></li></ul>'
                   '<p><span class="avatar-name">Brian Eno</span> joined.</p>')
    assert [b.text for b in found] == ["brian wrote", "The reply itself.", "Brian Eno joined."]
