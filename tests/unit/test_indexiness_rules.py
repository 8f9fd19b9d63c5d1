"""One fixture per indexiness rule (issue 4): locality, ARIA signatures, counted once,
tables, image links, link blocks, dated teasers on a tag page, a long article with a TOC."""
from pipelines.indexiness import score as ix
from pipelines.indexiness import seed_formula as seed
from pipelines.indexiness.link_blocks import find_link_blocks
from pipelines.indexiness.links import INLINK, OUTLINK, SELFLINK, extract_links, locality
from pipelines.page import analyze_page


def test_locality_ports_schemes_and_trailing_s():
    page = "https://x.org/a/b?q=1"
    assert locality("http://x.org/a/b?q=1#top", page) == SELFLINK     # http vs https: one site
    assert locality("https://x.org:443/a/b?q=1", page) == SELFLINK    # default port
    assert locality("https://x.org:8443/a/b?q=1", page) == OUTLINK    # another port
    assert locality("ftp://x.org/a/b?q=1", page) == OUTLINK           # another scheme
    assert locality("https://y.org/a/b?q=1", page) == OUTLINK
    assert locality("https://x.org/a/b?q=2", page) == INLINK          # another query
    assert locality("https://x.org/a/c", page) == INLINK
    assert locality("mailto:me@x.org", page) == OUTLINK               # no host


def test_aria_roles_count_as_their_elements():
    html = ('<body><div role="navigation"><a href="/n">n</a></div>'
            '<div role="complementary"><a href="/c">c</a></div>'
            '<div role="banner"><a href="/b">b</a></div>'
            '<div role="main"><div role="heading"><a href="/h">h</a></div>'
            '<div role="list"><a href="/l">l</a></div></div></body>')
    links = {lk.text: lk for lk in extract_links(html, "https://x.org/")}
    assert links["n"].has("in_nav") and links["c"].has("in_aside") and links["b"].has("in_header")
    assert links["h"].has("in_main") and links["h"].has("in_headline")
    assert links["l"].has("in_list")
    assert [t for t, lk in links.items() if seed.is_relevant(lk)] == ["h", "l"]


def test_counted_once_headers_beat_lists():
    html = '<body><main><ul><li><h3><a href="/p">Post</a></h3></li></ul></main></body>'
    r = ix.score_links(extract_links(html, "https://x.org/"), False)
    assert r.counts["inlinks_in_headers"] == 1 and r.counts["inlinks_in_lists"] == 0


def test_table_index_and_a_table_in_a_leaf():
    rows = "".join(f'<tr><td><a href="/p/{i}">Post {i}</a></td><td>2024</td></tr>' for i in range(8))
    r = ix.score_links(extract_links(f"<body><main><table>{rows}</table></main></body>", "https://x.org/"), False)
    assert r.counts["inlinks_in_lists"] == 8 and r.score > 0
    # two table links among many list links: tables stay tables
    html = "<body><main><table><tr><td><a href='/a'>a</a></td><td><a href='/b'>b</a></td></tr></table>%s</main></body>" % (
        "<p>" + "word " * 400 + "</p>")
    r = ix.score_links(extract_links(html, "https://x.org/"), True)
    assert r.counts["inlinks_in_lists"] == 0


def test_image_only_links_do_not_count():
    html = "<body><main>%s<p>text</p></main></body>" % "".join(
        f'<a href="https://static.example.net/{i}.png"><img src="{i}.png" alt="photo"></a>' for i in range(5))
    r = ix.score_links(extract_links(html, "https://x.org/post"), False)
    assert r.seed_breakdown["outlinks"] == -5 and r.counts["outlinks"] == 0


BLOGROLL = """<body><main><p>%s</p></main><div class="links"><ul>
<li><a href="https://alice.example.com/" rel="friend">Alice</a></li>
<li><a href="https://bob.example.net/">Bob</a></li>
<li><a href="https://carol.example.org/">Carol</a></li>
<li><a href="https://dave.example.io/">Dave</a></li></ul></div></body>""" % ("prose " * 200)


def test_blogroll_is_recognised_and_left_out():
    links = extract_links(BLOGROLL, "https://me.org/post")
    blocks = find_link_blocks([lk for lk in links if seed.is_relevant(lk)], "https://me.org/post")
    assert [b.kind for b in blocks] == ["blogroll"]
    assert blocks[0].blogroll_score == 4 * 2 + 2          # four new domains, one rel=friend
    r = ix.score_links(links, False, url="https://me.org/post")
    assert r.counts["outlinks"] == 0 and r.counts["left_out_blogroll"] == 4


def test_other_sites_listed_in_the_article_are_cited_not_a_blogroll():
    # the blogroll's very list, moved into the article: further reading, not a sidebar widget
    cited = BLOGROLL.replace("<body>", "<body><article>").replace("</body>", "</article></body>")
    links = extract_links(cited, "https://me.org/post")
    blocks = find_link_blocks([lk for lk in links if seed.is_relevant(lk)], "https://me.org/post")
    assert "blogroll" not in [b.kind for b in blocks]
    r = ix.score_links(links, False, url="https://me.org/post")
    assert r.counts["outlinks"] == 4 and "left_out_blogroll" not in r.counts
    # a sidebar a theme put inside <main> is still a sidebar: its blogroll is left out
    sidebar = BLOGROLL.replace("</main>", "").replace('<div class="links">', '<div class="sidebar widget">'
                                                      ).replace("</div></body>", "</div></main></body>")
    assert '<main><p>' in sidebar and '</div></main></body>' in sidebar
    r = ix.score_links(extract_links(sidebar, "https://me.org/post"), False, url="https://me.org/post")
    assert r.counts["left_out_blogroll"] == 4 and r.counts["outlinks"] == 0


def _cards(region_attrs: str) -> str:
    """Hexo Butterfly's sidebar cards (recent posts, categories, archives), in a region with
    the given attributes, built of divs inside <main>."""
    recent = "".join(f'<div class="aside-list-item"><a href="/2024/0{i}/0{i}/release-{i}/">Release 1.{i}'
                     f'</a><time>2024-0{i}-0{i}</time></div>' for i in range(1, 6))
    cats = "".join(f'<li><a href="/categories/{c}/">{c}</a><span>{n}</span></li>'
                   for c, n in (("major", 3), ("minor", 40), ("patch", 55)))
    months = "".join(f'<li><a href="/archives/2024/0{m}/">2024-0{m}</a></li>' for m in range(1, 9))
    return (f'<div {region_attrs}><div class="card-widget card-recent-post">{recent}</div>'
            f'<div class="card-widget card-categories"><ul>{cats}</ul></div>'
            f'<div class="card-widget card-archives"><ul>{months}</ul></div></div>')


def test_a_sidebar_named_so_is_left_out_inside_main():
    about = ('<html><body><main><div id="page"><article><h1>About</h1><p>These are the release '
             'notes of a web framework, one post per release.</p></article></div>%s</main></body></html>')
    page = analyze_page(about % _cards('class="aside-content" id="aside-content"'), "https://b.org/about/")
    assert page.counts["left_out_sidebar"] == 16          # small groups too: the three categories
    assert page.counts.get("link_targets", 0) == 0 and page.counts.get("inlinks_in_lists", 0) == 0
    # a page builder's content widget (Elementor's posts grid) is no sidebar: its posts count
    grid = analyze_page(about % _cards('class="elementor-widget elementor-widget-posts"').replace(
        "aside-list-item", "post-item"), "https://b.org/about/")
    assert "left_out_sidebar" not in grid.counts and grid.counts["link_targets"] > 0


def _grid_page(middle: str) -> str:
    """Mezzanine's default theme: the title above a Bootstrap row of three columns, a short
    nav tree, the content, and a sidebar of recent posts and month archives (no <aside>,
    no role, no sidebar name)."""
    months = "".join(f'<li><a href="/blog/archive/202{y}/{m}/">Month {m}</a> ({m})</li>'
                     for y in range(3) for m in range(1, 13))
    recent = "".join(f'<li><a href="/blog/release-1-{i}/">Release 1.{i}</a></li>' for i in range(5))
    return ('<html><body><div class="container"><h1>Release 1.9</h1><div class="row">'
            '<div class="col-md-2 left"><ul><li><a href="/">Home</a></li><li><a href="/blog/">Blog</a>'
            f'</li></ul></div><div class="col-md-7 middle">{middle}</div>'
            f'<div class="col-md-3 right"><h3>Recent Posts</h3><ul>{recent}</ul><h3>Archive</h3>'
            f'<ul>{months}</ul></div></div></div></body></html>')


def test_a_grid_column_of_links_beside_the_content_is_a_sidebar():
    post = ("<p>Posted on 1 May 2024</p><h4>Added</h4><ul>" + "".join(
        f'<li>Support for thing {i} <a href="https://github.com/x/y/pull/{i}">#{i}</a></li>'
        for i in range(4)) + "</ul>")
    page = analyze_page(_grid_page(post), "https://b.org/blog/release-1-9-0/")
    assert page.counts["left_out_sidebar"] >= 41 and page.verdict == "leaf"
    # the same row on a listing: its entries are the content column's, and still count
    entries = "".join(f'<h2><a href="/blog/release-1-{i}-0/">Release 1.{i}.0</a></h2><p>Posted on '
                      f'{i} May 2024. What release 1.{i}.0 added and fixed.</p>' for i in range(8))
    listing = analyze_page(_grid_page(entries), "https://b.org/blog/")
    assert listing.counts["inlinks_in_headers"] == 8 and listing.verdict == "index"
    # a grid of cards is no layout: more than LAYOUT_MAX_COLUMNS columns, all content
    cards = "".join(f'<div class="col-md-3"><a href="/p/{i}/">Card {i}</a></div>' for i in range(8))
    grid = analyze_page(f'<html><body><h1>Shop</h1><div class="row">{cards}</div></body></html>',
                        "https://s.org/c/")
    assert "left_out_sidebar" not in grid.counts


def test_topic_links_each_with_its_gist_are_a_directory_not_a_tag_cloud():
    page = "https://docs.x.org/"
    tags = "".join(f'<li><a href="/topics/t{i}/">Topic {i}</a> (1{i})</li>' for i in range(5))
    guides = "".join(f'<dt><a href="/topics/t{i}/">Topic {i}</a></dt><dd>How topic {i} works, '
                     f'and when to use it.</dd>' for i in range(5))
    for html, kind in ((f"<body><main><ul>{tags}</ul></main></body>", "tag_cloud"),
                       (f"<body><main><dl>{guides}</dl></main></body>", "listing")):
        links = extract_links(html, page)
        assert [b.kind for b in find_link_blocks(links, page)] == [kind]


NAVLESS = """<body><div class="top"><a href="/">Home</a> <a href="/about/">About</a>
<a href="/blog/">Blog</a> <a href="/contact/">Contact</a> <a href="/shop/">Shop</a></div>
<h1>A post</h1><p>%s</p></body>""" % ("words " * 300)


def test_navless_menu_is_left_out():
    a = analyze_page(NAVLESS, "https://x.org/2024/05/a-post-about-things/")
    assert a.counts["left_out_menu"] == 5 and a.counts["inlinks_in_lists"] == 0
    assert a.verdict == "leaf"
    assert "https://x.org/about/" in a.follow_links       # an index would still follow it


def test_a_navbar_may_hold_one_link_off_the_site():
    # four items, the last the project's GitHub: 3 of 4 in-site is under the 80% share
    html = NAVLESS.replace('<a href="/contact/">Contact</a> <a href="/shop/">Shop</a>',
                           '<a href="https://github.com/x/x">GitHub</a>')
    a = analyze_page(html, "https://x.org/2024/05/a-post-about-things/")
    assert a.counts["left_out_menu"] == 4 and a.counts["inlinks_in_lists"] == 0
    assert a.counts["outlinks"] == 0
    # two links off the site in four: a list of other sites, not the site's menu
    two_off = html.replace('<a href="/blog/">Blog</a>', '<a href="https://blog.example.net/">Blog</a>')
    assert "left_out_menu" not in analyze_page(two_off, "https://x.org/2024/05/a-post-about-things/").counts


def test_a_menus_dropdowns_are_the_menu():
    # a div-built navbar: five items, two of them with a dropdown of two entries each
    dropdown = '<ul class="dropdown">{}</ul>'
    html = NAVLESS.replace(
        '<div class="top"><a href="/">Home</a> <a href="/about/">About</a>',
        '<div class="top"><ul class="menu"><li><a href="/">Home</a></li><li><a href="/about/">About</a>'
        + dropdown.format('<li><a href="/about/team/">Team</a></li><li><a href="/about/jobs/">Jobs</a></li>')
        + '</li><li><a href="/services/">Services</a>'
        + dropdown.format('<li><a href="/services/a/">Audit</a></li><li><a href="/services/b/">Tax</a></li>')
        + '</li>').replace('<a href="/shop/">Shop</a></div>', '<a href="/shop/">Shop</a></ul></div>')
    a = analyze_page(html, "https://x.org/2024/05/a-post-about-things/")
    assert a.counts["left_out_menu"] == 6 + 4      # the six items and their four entries
    assert a.counts["inlinks_in_lists"] == 0 and a.counts["link_targets"] == 0


TAG_PAGE = """<html><head><meta property="og:type" content="website">
<meta itemprop="datePublished" content="2024-05-01"></head><body>
<header><nav><a href="/">Home</a></nav></header><main><h1>Tag: rust</h1>%s</main></body></html>""" % "".join(
    f'<article><time datetime="2024-0{i + 1}-01">date</time><h2><a href="/2024/0{i + 1}/post-{i}/">Post {i}</a></h2>'
    f'<p>An excerpt of post {i}, long enough to be a teaser of the post.</p></article>' for i in range(4))


def test_tag_page_with_dated_teasers_is_an_index():
    a = analyze_page(TAG_PAGE, "https://x.org/tags/rust/")
    # the newest entry's date is no date of the listing's, for the score nor the record
    assert a.date_published is None
    assert a.breakdown["date_published"] == 0 and a.counts["date_of_a_listing"] == 1
    assert a.counts["url_taxonomy"] == 1 and a.counts["teaser_entries"] == 4
    assert a.verdict == "index"


def test_full_posts_on_a_home_page_are_entries_however_deep_their_title():
    # Hexo's landscape: article > div.article-inner > header > h1 > a, five levels from the
    # title's link to the articles' parent; each post whole, its sections anchored
    post = ('<article class="article"><div class="article-meta"><a href="/2024/0{i}/post-{i}/">'
            '<time>2024-0{i}-01</time></a></div><div class="article-inner"><header class="article-header">'
            '<h1><a class="article-title" href="/2024/0{i}/post-{i}/">Post {i}</a></h1></header>'
            '<div class="article-entry">' + "".join(
                f'<h4 id="s{{i}}{k}"><a href="#s{{i}}{k}" class="headerlink"></a>Part {k}</h4>'
                f'<p>{"Words of the post. " * 40}</p>' for k in range(3))
            + '</div><footer class="article-footer"><a href="/2024/0{i}/post-{i}/#comments">Share</a>'
            '</footer></div></article>')
    html = ('<html><head><meta property="og:type" content="website"></head><body><div id="main">'
            + "".join(post.format(i=i) for i in range(1, 5))
            + '<nav id="page-nav"><span class="page-number current">1</span><a class="page-number" '
            'href="/page/2/">2</a><a class="extend next" rel="next" href="/page/2/">Next</a></nav>'
            '</div></body></html>')
    a = analyze_page(html, "https://x.org/")
    assert a.counts["teaser_entries"] == 4
    assert a.verdict == "index"


def test_wrappers_of_one_child_cost_a_teaser_no_depth():
    # Ananke: each card's title sits six levels under the card, three of those levels an
    # element alone in its parent (card > article > row); counted as levels, the climb
    # stopped below the cards and a home of whole posts had no entries
    inner = ('<div class="pic"><a href="/2024/0{i}/post-{i}/"><img src="/p{i}.jpg" alt=""></a></div>'
             '<div class="body"><h1 class="title"><a href="/2024/0{i}/post-{i}/">Post {i}</a></h1>'
             '<div class="text"><h2 id="s{i}"><a href="#s{i}">#</a>Part one</h2>'
             '<p>' + "Words of the post. " * 30 + '</p></div>'
             '<a class="more" href="/2024/0{i}/post-{i}/">View full post</a></div>')
    wrapped = '<div class="card"><article><div class="row"><div class="flex">' + inner + '</div></div></article></div>'
    flat = '<div class="card">' + inner + '</div>'

    def home(card):
        return ('<html><head><meta property="og:type" content="website"></head><body><main>'
                '<section class="recent">' + "".join(card.format(i=i) for i in range(1, 7))
                + '</section></main></body></html>')
    deep, shallow = analyze_page(home(wrapped), "https://x.org/"), analyze_page(home(flat), "https://x.org/")
    assert deep.counts["teaser_entries"] == shallow.counts["teaser_entries"] == 6
    # the posts' six anchors count once for the page, and that once per entry: none
    assert deep.counts["selflinks_in_headers_uncapped"] == 6
    assert deep.counts["selflinks_in_headers"] == 0
    assert deep.verdict == shallow.verdict == "index"


def test_long_article_with_toc_is_a_leaf():
    sections = "".join(f'<h2 id="s{i}">Part {i} <a href="#s{i}">#</a></h2><p>{"text " * 120}</p>'
                       for i in range(8))
    toc = "".join(f'<li><a href="#s{i}">Part {i}</a></li>' for i in range(8))
    related = "".join(f'<li><a href="/2023/0{i + 1}/other-post-{i}/">Other {i}</a></li>' for i in range(6))
    html = (f'<html><head><meta property="og:type" content="article"></head><body><main><article>'
            f'<h1>Guide</h1><nav class="toc"><ul>{toc}</ul></nav>{sections}<ul>{related}</ul>'
            f'</article></main></body></html>')
    a = analyze_page(html, "https://x.org/2024/05/a-long-guide-to-things/")
    assert a.counts["selflinks_in_lists"] == 8          # the TOC in <nav> counts (seed's note)
    assert a.verdict == "leaf" and a.score < -50


def test_breakdown_sums_to_score_and_seed_kept():
    a = analyze_page(TAG_PAGE, "https://x.org/tags/rust/")
    assert abs(sum(a.breakdown.values()) - a.score) < 1e-9
    assert a.seed_score == 4 * seed.INLINK_IN_HEADER + seed.DATE_PUBLISHED + seed.HEAD_START
    assert a.score > a.seed_score


def test_link_heavy_counts_words_only_up_to_the_decisive_bound():
    from lxml import etree
    from pipelines.indexiness.link_blocks import TEXT_BLOCK_MAX_LINK_SHARE, _link_heavy
    for words in (0, 1, 5, 11, 12, 13, 40, 500):
        container = etree.fromstring("<div>" + " w" * words + "</div>")
        for link_words in (0, 1, 3, 4, 5, 100):
            exact = link_words >= TEXT_BLOCK_MAX_LINK_SHARE * max(words, 1)
            assert _link_heavy(container, link_words) == exact, (words, link_words)


def test_a_topic_folder_is_a_weaker_listing_sign_than_a_tag():
    # a short topic guide of a docs site (Django's and Scrapy's /topics/x/): a document
    doc = ('<html><body><main><h1>Agents</h1><p>' + "How agents crawl a site for you. " * 25
           + "".join(f'</p><h2 id="s{i}">Step {i}<a class="headerlink" href="#s{i}">¶</a></h2><p>'
                     + "Configure the agent, then run it. " * 15 for i in (1, 2))
           + '</p></main></body></html>')
    guide = analyze_page(doc, "https://docs.x.org/en/topics/agents/")
    assert guide.counts["url_topic"] == 1 and guide.counts["url_taxonomy"] == 0
    assert guide.breakdown["url_topic"] == ix.URL_TOPIC < ix.URL_TAXONOMY
    assert guide.verdict == "leaf"
    # the same words under a tag are a term's archive by every CMS's naming
    assert analyze_page(doc, "https://x.org/tags/agents/").breakdown["url_taxonomy"] == ix.URL_TAXONOMY
    # and a news site's topic front, all entries, stays an index
    front = analyze_page(TAG_PAGE, "https://news.x.org/topic/rust")
    assert front.counts["url_topic"] == 1 and front.verdict == "index"


def test_a_headings_tool_link_is_not_a_heading_in_link():
    # a wiki article: every section heading carries an "[edit]" link to the page's editor
    sections = "".join(
        f'<h2><span class="mw-headline" id="s{i}">Section {i}</span><span class="mw-editsection">'
        f'[<a href="/index.php?title=Bikes&amp;action=edit&amp;section={i}">edit</a>]</span></h2>'
        f'<p>{"What section %d says about bikes, at some length. " % i * 6}</p>' for i in range(1, 6))
    wiki = analyze_page(f"<html><body><main><h1>Bikes</h1>{sections}</main></body></html>",
                        "https://wiki.x.org/index.php/Bikes")
    assert wiki.counts["inlinks_in_headers"] == 0 and wiki.verdict == "leaf"
    # a listing's headings are its links: they still count
    assert analyze_page(TAG_PAGE, "https://x.org/tags/rust/").counts["inlinks_in_headers"] == 4


def test_an_alphabetical_indexs_letters_are_no_sections():
    # Sphinx's general index: a heading per letter, each over a list of links into the docs
    letters = "".join(
        f'<h2 id="{c}">{c}</h2><ul>' + "".join(f'<li><a href="/api/{c.lower()}{i}.html#x">{c.lower()}{i}()</a> '
                                              f'(in module {c.lower()})</li>' for i in range(6)) + "</ul>"
        for c in "ABCDEFGHIJKL")
    index = analyze_page(f"<html><body><main><h1>Index</h1>{letters}</main></body></html>",
                         "https://docs.x.org/genindex.html")
    assert index.counts.get("plain_headings", 0) == 0 and index.verdict == "index"
    # a section named in words is one
    doc = analyze_page("<html><body><main><h1>Guide</h1><h2>Installing</h2><p>Run it.</p>"
                       "<h2>Q</h2><p>A short one.</p></main></body></html>", "https://docs.x.org/guide.html")
    assert doc.counts["plain_headings"] == 1


WIKI_STUB = """<html><body><header><nav><a href="/wiki/Main_Page">Main page</a>
<a href="/wiki/Special:Random">Random page</a></nav></header>
<main><h1>Release 1.2.0</h1><div class="mw-parser-output">
<p>This release adds a configuration flag for the test client, so that requests can follow
redirects again, and fixes the handling of empty cookies in responses. It also removes an old
deprecation warning (<a href="https://github.com/ex/ex/pull/101">#101</a>).</p></div>
<div id="catlinks"><a href="/wiki/Special:Categories">Categories</a>:
<ul><li><a href="/wiki/Category:Minor_releases">Minor releases</a></li>
<li><a href="/wiki/Category:Added">Added</a></li><li><a href="/wiki/Category:Fixed">Fixed</a></li>
<li><a href="/wiki/Category:Removed">Removed</a></li></ul></div></main>
<footer><a href="/wiki/About">About</a></footer></body></html>"""


def test_a_stubs_few_links_do_not_make_it_a_map():
    # fifty words and the category box under them: a wiki's stub, a leaf like any article
    a = analyze_page(WIKI_STUB, "https://wiki.ex.org/wiki/Release_1.2.0")
    assert a.counts["link_targets"] <= 3
    assert a.verdict == "leaf"
    # its category box links term archives, the labels it is filed under: no page of a map
    assert a.counts.get("link_targets", 0) == 0
    linked = WIKI_STUB.replace("Category:", "Release_0.")
    assert analyze_page(linked, "https://wiki.ex.org/wiki/Release_1.2.0").counts["link_targets"] == 3
    # the same links under a page of the category's length stay a dense map: an index
    listing = WIKI_STUB.replace("<p>This release", "<h2>Pages</h2><ul>" + "".join(
        f'<li><a href="/wiki/Release_1.{i}.0">Release 1.{i}.0</a></li>' for i in range(12))
        + "</ul><p>This release")
    assert analyze_page(listing, "https://wiki.ex.org/wiki/Category:Minor_releases").verdict == "index"


def test_a_posts_month_archive_list_is_no_map():
    # a blog's archive widget set inside the post's column (no aside to name it): the month
    # archives every post shows are labels of the calendar, not pages of a map
    months = "".join(f'<li><a href="/2019/{m:02d}/">2019/{m}</a></li>' for m in range(1, 13))
    prose = "<p>" + "Small integers are cached by the interpreter, and identity checks show it. " * 8 + "</p>"
    post = (f'<html><body><div id="content"><h1>Interning of small integers</h1>{prose}'
            f'<h3>Archives</h3><ul>{months}</ul></div></body></html>')
    a = analyze_page(post, "https://blog.ex.org/2019/10/21/interning-of-small-integers/")
    assert a.counts["link_targets"] == 0 and a.verdict == "leaf"
    # the same links to posts are a map
    posts = post.replace('/">2019/', '/a-post/">2019/')
    assert analyze_page(posts, "https://blog.ex.org/2019/10/21/interning-of-small-integers/"
                        ).counts["link_targets"] >= 5


ONE_POST_YEAR = """<html><head><title>2020</title><meta property="og:type" content="article">
<meta property="article:published_time" content="2020-11-09T00:00:00+00:00"></head>
<body><header><nav><a href="/">Release notes</a> <a href="/about/">About</a></nav></header>
<main><h1>2020</h1><ul class="post-list"><li><span class="post-meta">Nov 9, 2020</span>
<h3><a class="post-link" href="/2020/11/09/release-0-14-1/">Release 0.14.1</a></h3></li></ul></main>
</body></html>"""


def test_a_short_listing_is_still_a_listing():
    # a year archive of one post, its theme declaring every page an article (Jekyll's minima):
    # its one heading link is an entry, so its density is not spread over a screenful of words
    a = analyze_page(ONE_POST_YEAR, "https://blog.ex.org/2020/")
    assert a.counts["inlinks_in_headers"] == 1 and a.counts["link_targets"] == 2   # 1 per 50 words
    assert a.verdict == "index"


def _docs_page(entry, intro=""):
    """A Sphinx-like page: a title and six headed sections, each anchored (¶) and holding a
    definition list of three items made by entry(section, item)."""
    sections = "".join(
        f'<section id="s{s}"><h2>Part {s}<a class="headerlink" href="#s{s}">¶</a></h2>{intro}'
        f'<dl>{"".join(entry(s, i) for i in range(3))}</dl></section>' for s in range(6))
    return (f'<html><body><div role="main"><section id="docs"><h1>Project documentation'
            f'<a class="headerlink" href="#docs">¶</a></h1><p>Project does things.</p>'
            f'{sections}</section></div></body></html>')


def test_headed_lists_of_pages_are_a_directory_not_sections_of_content():
    # a docs site's root: each section a headed toctree, each item a guide and its gist
    root = analyze_page(_docs_page(lambda s, i: f'<dt><a href="topics/t{s}{i}.html">Topic {s}{i}</a>'
                                                f'</dt><dd>What topic {s}{i} explains.</dd>'),
                        "https://docs.x.org/en/latest/")
    assert root.counts["left_out_directory_anchors"] == 6
    assert root.counts["selflinks_in_headers"] == 1          # the title's own anchor stays
    assert root.verdict == "index"
    # an API reference: its items lead with a signature, their [source] link beside it, and
    # a docstring's few sentences under it
    api = analyze_page(_docs_page(lambda s, i: f'<dt>class pkg.C{s}{i}(arg)<a href="../_modules/pkg{s}{i}.html'
                                               f'#C{s}{i}">[source]</a></dt><dd>What C{s}{i} does, '
                                               f'which arguments it takes and what it returns.</dd>'),
                       "https://docs.x.org/en/latest/api.html")
    assert "left_out_directory_anchors" not in api.counts
    assert api.counts["selflinks_in_headers_uncapped"] == 7 and api.verdict == "leaf"
    # sections whose list sits in prose are content that links on, not a directory
    prose = analyze_page(_docs_page(lambda s, i: f'<dt><a href="topics/t{s}{i}.html">Topic {s}{i}</a>'
                                                 f'</dt><dd>What topic {s}{i} explains.</dd>',
                                    intro="<p>" + "Why these topics belong together, at length. " * 8
                                          + "</p>"),
                         "https://docs.x.org/en/latest/guide.html")
    assert "left_out_directory_anchors" not in prose.counts and prose.verdict == "leaf"
    # Django's root: a sentence, then items of a label and links ("Models: Intro | Fields")
    home = analyze_page(_docs_page(lambda s, i: f'<dt><strong>Layer {s}{i}:</strong> <a href="topics/t{s}{i}/">'
                                                f'Overview</a> | <a href="ref/r{s}{i}/">Reference</a></dt>',
                                   intro="<p>Each layer of the framework, and where to read on:</p>"),
                        "https://docs.x.org/en/5.2/")
    assert home.counts["left_out_directory_anchors"] == 6 and home.verdict == "index"


def test_a_table_of_contents_of_directory_sections_is_no_sign_of_content():
    # PyData's and Book's themes: an "On this page" nav inside the main region lists the
    # root's sections, which are toctrees; their entries go with the sections' anchors
    toc = '<nav class="page-toc"><ul>' + "".join(
        f'<li><a href="#s{s}">Part {s}</a></li>' for s in range(6)) + "</ul></nav>"
    page = _docs_page(lambda s, i: f'<dt><a href="topics/t{s}{i}.html">Topic {s}{i}</a></dt>'
                                   f'<dd>What topic {s}{i} explains.</dd>')
    root = analyze_page(page.replace("</section></div>", f"</section>{toc}</div>"),
                        "https://docs.x.org/en/latest/")
    assert root.counts["left_out_directory_anchors"] == 12
    assert root.counts.get("selflinks_in_lists", 0) == 0 and root.verdict == "index"
    # the same contents over sections of prose stay a leaf's table of contents
    prose = _docs_page(lambda s, i: f'<dt>Term {s}{i}</dt><dd>What term {s}{i} means, at length.</dd>')
    doc = analyze_page(prose.replace("</section></div>", f"</section>{toc}</div>"),
                       "https://docs.x.org/en/latest/terms.html")
    assert doc.counts["selflinks_in_lists"] == 6 and doc.verdict == "leaf"


def test_the_sites_title_heads_no_entry():
    # Django's docs theme: the site's title is an <h1> linking home, above a release note
    # of one sentence between previous / up / next links
    nav = ('<div class="nav"><a href="/releases/4.2.14.html">previous</a> | <a href="/releases/">'
           'up</a> | <a href="/releases/4.2.12.html">next</a></div>')
    html = (f'<html><body><div id="hd"><h1><a href="/index.html">Project 6.1 documentation</a></h1>'
            f'{nav}</div><div role="main"><section id="notes"><h1>Project 4.2.13 release notes'
            f'<a class="headerlink" href="#notes">¶</a></h1><p><em>May 7, 2024</em></p>'
            f'<p>Project 4.2.13 fixes a packaging error in 4.2.12.</p></section></div>{nav}</body></html>')
    note = analyze_page(html, "https://docs.x.org/releases/4.2.13.html")
    # four pages (home, previous, up, next) over the floor of a page, not of a listing
    assert note.counts["link_targets"] == round(4 / ix.MIN_WORDS * 100)
    assert note.verdict == "leaf"
    # a one-post year archive's heading is its entry: still a short listing
    year = analyze_page('<html><body><main><h1>2020</h1><article><h2><a href="/2020/05/a-post/">A post'
                        '</a></h2><p>May 2020</p></article></main></body></html>', "https://x.org/2020/")
    assert year.counts["link_targets"] == round(1 / ix.MIN_WORDS_LISTING * 100)


def _anchored(heading):
    return f'<h2 id="{heading[0]}"><a class="anchor" href="#{heading[0]}">¶</a>{heading[1]}</h2>'


def test_a_headings_own_anchor_beside_a_link_to_a_post_is_decoration():
    # renderers that anchor every heading draw a listing's titles so: the heading's own
    # anchor next to its link to the post; eight such entries are a listing
    entries = "".join(
        '<article>' + _anchored((f"p{i}", f'<a href="/posts/post-{i}/">Post {i}</a>'))
        + f'<p>{"What post %d is about. " % i * 4}</p></article>' for i in range(8))
    listing = analyze_page(f"<html><body><main><h1>Posts</h1>{entries}</main></body></html>",
                           "https://blog.x.org/posts/")
    assert listing.counts["left_out_teaser_anchors"] == 8
    assert listing.counts.get("selflinks_in_headers", 0) == 0 and listing.verdict == "index"
    # a document with eight anchored sections of its own stays a leaf
    sections = "".join(_anchored((f"s{i}", f"Section {i}"))
                       + f'<p>{"What section %d explains, at length. " % i * 8}</p>' for i in range(8))
    doc = analyze_page(f"<html><body><main><h1>Guide</h1>{sections}</main></body></html>",
                       "https://docs.x.org/guide/")
    assert doc.counts["selflinks_in_headers_uncapped"] == 8 and doc.counts["selflinks_in_headers"] == 1
    assert "left_out_teaser_anchors" not in doc.counts and doc.verdict == "leaf"


def test_a_definition_lists_linked_terms_head_its_entries():
    # Hugo's {{< section summary >}}: each child page's title a <dt> that is one link,
    # its summary the <dd>; a glossary's term holds words of its own beside its link
    entries = "".join(f'<dt><a href="/docs/core/page-{i}/">Page {i}</a></dt><dd>What page {i} '
                      f'covers, in a sentence of its summary.</dd>' for i in range(4))
    html = (f'<html><body><main><h1>Core</h1><p>The core pages.</p><dl>{entries}</dl>'
            '<dl><dt>Term <a href="/docs/other/">see other</a></dt><dd>A definition.</dd></dl>'
            '</main></body></html>')
    a = analyze_page(html, "https://x.org/docs/core/")
    assert a.counts["inlinks_in_headers"] == 4
    assert a.counts["inlinks_in_lists"] == 1
    # the literal seed formula reads its own headline tags only
    assert a.seed_score == 5 * seed.INLINK_IN_LIST + seed.HEAD_START


def test_a_page_that_is_only_a_short_list_of_links_is_a_listing():
    # a wiki's page of the major releases: two links with their dates, no paragraph
    listing = """<html><body><main><div class="pageId"><span>releases:major</span></div>
    <div class="page"><h1>Major releases</h1><div class="level1"><ul>
    <li><div class="li"><a href="/releases:1.0.0">Release 1.0.0</a> (March 22, 2026)</div></li>
    <li><div class="li"><a href="/releases:1.0.0rc1">Release 1.0.0rc1</a> (February 23,
    2026)</div></li></ul></div></div><div class="docInfo">releases/major.txt · Last modified:
    2026/12/07 22:03 by 127.0.0.1</div></main></body></html>"""
    a = analyze_page(listing, "https://wiki.ex.org/releases:major")
    assert a.verdict == "index"
    # the same links under a stub's paragraph are its "see also", not a map
    stub = listing.replace("<ul>", "<p>Major releases change the public interface and come "
                           "with a guide to moving an application from the release before.</p><ul>")
    assert analyze_page(stub, "https://wiki.ex.org/releases:major").counts["link_targets"] <= 2
