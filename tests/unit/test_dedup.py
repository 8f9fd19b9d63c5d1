"""One fixture per de-duplication rule of the seed (blocks-and-structure, De-duplication)."""
from pipelines.blocks.block_dedup import deduplicate
from pipelines.blocks import Block, build_blocks

URL = "https://example.org/"


def blocks(body, measured=False):
    attr = ' data-lc-measured="1"' if measured else ""
    return build_blocks(f"<html{attr}><body>{body}</body></html>", URL)


def texts(body, **kw):
    return [b.text for b in blocks(body, **kw)]


def test_key_is_text_plus_href_not_kind_and_whitespace_insensitive():
    bs = blocks("<ul><li>One sentence.</li></ul><p>One sen\ntence.</p>")
    assert [(b.kind, b.text) for b in bs] == [("list-item", "One sentence.")]
    bs = blocks('<img src="/a.png" alt="logo"><img src="/b.png" alt="logo"><img src="/a.png" alt="logo">')
    assert [b.href for b in bs] == ["https://example.org/a.png", "https://example.org/b.png"]


def test_media_dedups_on_its_address():
    bs = blocks('<video src="/v.mp4"></video><video src="/v.mp4"></video><video src="/w.mp4"></video>')
    assert [b.href for b in bs] == ["https://example.org/v.mp4", "https://example.org/w.mp4"]


def test_copies_drawn_in_two_places_stay():
    cards = "".join(f'<div><h3 data-lc-rect="{x},0,100,20">Shoe {x}</h3>'
                    f'<p data-lc-rect="{x},30,100,20">$100</p></div>' for x in (0, 200, 400))
    assert texts(cards, measured=True).count("$100") == 3


def test_measured_copy_beats_hidden_one_and_stays_where_drawn():
    mobile = '<div data-lc-hidden="1"><p>Story para one.</p><p>Story para two.</p></div>'
    desktop = ('<div data-lc-rect="0,100,800,400"><p data-lc-rect="0,100,800,20">Story para one.</p>'
               '<p data-lc-rect="0,130,800,20">Story para two.</p></div>')
    bs = blocks(f'<p data-lc-rect="0,0,800,20">Intro</p>{mobile}{desktop}', measured=True)
    assert [b.text for b in bs] == ["Intro", "Story para one.", "Story para two."]
    assert all(b.rect is not None and not b.hidden for b in bs)
    # the other way round: the hidden copy after the drawn one simply goes
    bs = blocks(f'{desktop}{mobile}', measured=True)
    assert [b.rect[1] for b in bs] == [100.0, 130.0]


def test_measured_copy_over_unmeasured_one_is_kept_in_its_own_place():
    # a footer column drawn at the bottom; the header's dropdown (no box) lists the same links
    header = '<header><ul data-lc-hidden="1"><li>About us</li><li>Contact</li></ul></header>'
    main = '<main><p data-lc-rect="0,50,800,20">Body</p></main>'
    footer = ('<footer><ul><li data-lc-rect="0,900,100,20">About us</li>'
              '<li data-lc-rect="0,930,100,20">Contact</li></ul></footer>')
    bs = blocks(header + main + footer, measured=True)
    assert [(b.text, b.in_footer) for b in bs] == [("Body", False), ("About us", True), ("Contact", True)]


def test_later_heading_beats_earlier_non_heading_echo():
    bs = blocks('<div class="sidebar"><ul><li>json — JSON encoder</li></ul></div>'
                '<h1>json — JSON encoder</h1><p>Body</p>')
    assert [(b.kind, b.text) for b in bs] == [("heading", "json — JSON encoder"), ("paragraph", "Body")]


def test_main_beats_nav_even_when_nav_comes_first():
    bs = blocks('<nav><p>Pricing</p></nav><main><p>Pricing</p></main>')
    assert len(bs) == 1 and bs[0].in_main and not bs[0].in_nav


def test_the_articles_plain_text_beats_the_menus_link_where_main_wraps_both():
    # hugo-book: <main> holds the sidebar's menu and the article; the article's list of
    # topics names a page the menu links
    bs = blocks('<main><aside><nav><ul><li><a href="/docs/endpoints/">Endpoints</a></li></ul>'
                '</nav></aside><article><ul><li>Routing</li><li>Endpoints</li></ul></article></main>')
    assert [(b.text, b.in_article) for b in bs if b.text == "Endpoints"] == [("Endpoints", True)]
    # an article's link to the same page is the menu's echo still
    bs = blocks('<main><aside><nav><ul><li><a href="/docs/endpoints/">Endpoints</a></li></ul>'
                '</nav></aside><article><p><a href="/docs/endpoints/">Endpoints</a></p></article></main>')
    assert [b.in_nav for b in bs if b.text == "Endpoints"] == [True]


def test_the_articles_text_beats_its_echo_in_a_post_header():
    # a theme printing the post's opening paragraph as its header's description, outside the
    # article: the copy that stays is the article's, which content selection keeps
    opening = "The release brings a lifespan API that replaces the startup and shutdown events."
    bs = blocks(f'<main><header class="post-header"><h1>Version 0.21</h1><p class="lead">{opening}</p>'
                f'</header><article><p>{opening}</p><p>Then the rest.</p></article></main>')
    [copy] = [b for b in bs if b.text == opening]
    assert copy.in_article and not copy.in_header
    # a heading stays where it was: the header's title is the page's
    bs = blocks('<header><h1>Steam</h1></header><main><article><h2>Steam</h2><p>Body</p></article></main>')
    assert [(b.kind, b.in_header) for b in bs] == [("heading", True), ("paragraph", False)]


def test_a_bars_lesser_echo_of_the_pages_heading_gives_way_to_it():
    # hugo-book: a mobile bar prints the page's title as an <h3> before the article's <h1>
    bs = blocks('<main><div class="book-page"><header class="book-header"><label>Menu</label>'
                '<h3>Static Files</h3></header><article><h1>Static Files</h1><p>Body.</p>'
                '<h3>StaticFiles</h3><p>Signature.</p></article></div></main>')
    assert [(b.kind, b.level, b.in_header) for b in bs if b.kind == "heading"] == [
        ("heading", 1, False), ("heading", 3, False)]
    # one of the same rank stays where it was: a post header's title, its standfirst beside it
    bs = blocks('<main><article><header><h1>Porting</h1><h2>How I built it</h2></header>'
                '<div><h1>Porting</h1><p>Body.</p></div></article></main>')
    assert [(b.text, b.in_header) for b in bs if b.kind == "heading"] == [
        ("Porting", True), ("How I built it", True)]


def test_a_post_whose_header_repeats_its_opening_paragraph_keeps_it_in_plain_mode():
    from pipelines.page import analyze_page

    opening = ("Release 0.21 brings a new lifespan API that replaces the startup and shutdown "
               "events, so that state set up before the first request lives as long as the app.")
    rest = "".join(f"<p>Paragraph {i} explains one more change in this release, in a few words "
                   "more than a line.</p>" for i in range(5))
    html = (f'<html><head><title>Version 0.21</title></head><body><header class="site-header">'
            f'<a href="/">Release notes</a></header><main><header class="post-header"><h1>Version '
            f'0.21</h1><time datetime="2022-09-26">Sep 26, 2022</time><p class="post-description">'
            f'{opening}</p></header><article class="post"><div class="post-content"><p>{opening}</p>'
            f'{rest}</div></article></main><footer><p>Release notes</p></footer></body></html>')
    kept = [b.text for b in analyze_page(html, "https://example.org/2022/09/26/version-0-21/").blocks]
    assert kept.count(opening) == 1
    assert kept.index(opening) < next(i for i, t in enumerate(kept) if t.startswith("Paragraph 0"))


def test_company_rule_for_tables_and_code_on_unmeasured_pages():
    table = "<table><tr><th>demo</th></tr><tr><td>1</td></tr></table>"
    # one demo table shown four times among different prose: all stay
    page = "".join(f"<p>Variant {i}</p>{table}" for i in range(4))
    assert [b.kind for b in blocks(page)].count("table") == 4
    code = "<pre>make install</pre>"
    assert [b.kind for b in blocks(f"<p>a</p>{code}<p>b</p>{code}")].count("code") == 2
    # a hidden layout's copy of the run: the repeat keeps the first copy's company and goes
    run = f"<h2>Setup</h2>{code}<p>then run it</p>"
    assert [b.kind for b in blocks(run + run)].count("code") == 1
    # a label every code block carries (its language) is no company: a command given in two
    # sections stays twice, as a browser shows it
    labelled = "".join(f'<h2>Step {i}</h2><p>Run:</p><div><span class="lang">shell</span>'
                       f'<pre>{cmd}</pre></div>'
                       for i, cmd in enumerate(["make check", "make lint", "make docs", "make check"]))
    assert [b.text for b in blocks(labelled)].count("make check") == 2


def test_a_label_or_heading_repeated_in_one_container_stays_on_an_unmeasured_page():
    asides = "".join(f"<p>Did you know:</p><blockquote><p>Fact number {i}.</p></blockquote>"
                     f"<h3>Example</h3><p>Case {i}.</p><p>Why?</p><p>Reason {i}.</p>"
                     for i in range(3))
    bs = texts(f"<article><h1>Facts</h1><div>{asides}</div></article>")
    assert bs.count("Did you know:") == bs.count("Example") == bs.count("Why?") == 3
    # the same short text in two containers is the chrome's echo: one stays
    bs = texts("<header><p>Share this post</p></header><article><p>Body one.</p></article>"
               "<footer><p>Share this post</p></footer>")
    assert bs.count("Share this post") == 1


def test_repeated_prose_on_unmeasured_page_is_deduplicated_even_among_different_neighbours():
    # the article carried three times, each copy in a wrapper of its own amid other furniture
    para = "<p>The article's one paragraph of real prose.</p>"
    bs = texts(f"<div><p>ad one</p>{para}</div><div><p>ad two</p>{para}</div>"
               f"<div><p>ad three</p>{para}</div>")
    assert bs.count("The article's one paragraph of real prose.") == 1


def _sentences(n, seed):
    return [" ".join(f"w{seed}_{i}_{k}" for k in range(30)) + "." for i in range(n)]


def test_restated_article_body_dropped_but_single_revision_stays():
    paras = _sentences(6, 1)                       # 6 x 30 = 180 words
    html = "".join(f"<p>{p}</p>" for p in paras) + f"<div>{' '.join(paras)}</div>"
    out = texts(html)
    assert len(out) == 6 and all(len(t.split()) == 30 for t in out)
    # one block nearly repeating another is a revision: both stay
    long = " ".join(paras)
    revised = long.replace("w1_3_4", "changed")
    assert len(texts(f"<p>{long}</p><div>{revised}</div>")) == 2


def test_dedup_keeps_body_of_pointing_at_the_right_block():
    bs = [Block(text="dup", rich_text="dup", kind="paragraph", tag="p", xpath="/x/a", dom_index=0),
          Block(text="item", rich_text="item", kind="list-item", tag="li", xpath="/b", dom_index=1),
          Block(text="dup", rich_text="dup", kind="paragraph", tag="p", xpath="/y/c", dom_index=2),
          Block(text="more", rich_text="more", kind="paragraph", tag="p", xpath="/d", dom_index=3,
                body_of=1)]
    out = deduplicate(bs)
    assert [b.text for b in out] == ["dup", "item", "more"] and out[2].body_of == 1


def test_a_paragraph_repeated_in_one_flow_stays_on_an_unmeasured_page():
    chorus = "We will carry on, carry on, through the night until the morning comes again."
    song = "".join(f"<p>Verse {i}: the road goes on and on beneath our feet, they say.</p>"
                   f"<p>{chorus}</p>" for i in range(3))
    assert texts(f"<article><h1>Carry on</h1><div>{song}</div></article>").count(chorus) == 3
    # a responsive twin stands right beside its first copy: one stays
    intro = "The release brings a lifespan API that replaces the startup and shutdown events."
    assert texts(f'<article><p class="hidden-xs">{intro}</p><p class="visible-xs">{intro}</p>'
                 f"<p>More.</p></article>").count(intro) == 1
    # a layout's copy in a wrapper of its own (a mobile and a desktop column): one stays
    column = f"<p>{intro}</p><p>Second paragraph of the story.</p>"
    assert texts(f"<div>{column}</div><div><p>Aside.</p>{column}</div>").count(intro) == 1
