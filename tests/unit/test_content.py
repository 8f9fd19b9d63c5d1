"""Main-content selection on pages written here: only the page's own content survives."""
import pytest

from pipelines.content.container_bounds import LOOSE_NONE
from pipelines.content.selection import chrome_flags, find_container
from pipelines.content.page_content import noscript_document
from pipelines.htmlparse import parse_html
from pipelines.page import analyze_page

PROSE = ("Sourdough needs patience more than skill, and the starter tells you when it is ready "
         "by doubling in size within a few hours of feeding at room temperature. ")
NAV = ('<nav><ul><li><a href="/">Home</a></li><li><a href="/recipes">Recipes</a></li>'
       '<li><a href="/about">About</a></li><li><a href="/contact">Contact</a></li></ul></nav>')
FOOTER = ('<footer><p>© 2024 Crumb Journal</p><ul><li><a href="/privacy">Privacy</a></li>'
          '<li><a href="/terms">Terms</a></li></ul></footer>')


def texts(html, url="https://crumb.example/post"):
    return [b.text for b in analyze_page(html, url).blocks]


def joined(html, url="https://crumb.example/post"):
    return "\n".join(texts(html, url))


def test_article_keeps_only_the_article():
    html = f"""<html><head><title>Starter basics | Crumb Journal</title></head><body>
    <div id="cookie-consent"><p>We use cookies to improve your experience. Accept all cookies?</p></div>
    <header><a href="/">Crumb Journal</a> <p>Bread, mostly</p></header>{NAV}
    <div class="layout">
      <div class="content">
        <h1>Starter basics</h1>
        <p>{PROSE}</p><p>{PROSE.replace("Sourdough", "Rye")}</p>
        <h2>Feeding</h2><p>{PROSE.replace("patience", "flour")}</p>
        <div class="share-buttons"><a href="/s/fb">Share on Facebook</a> <a href="/s/x">Post to X</a></div>
        <div class="related-posts"><h3>Related posts</h3><ul>
          <li><a href="/p/1">Ten things to bake with discard this weekend</a></li>
          <li><a href="/p/2">Why your loaf came out flat and dense again</a></li></ul></div>
        <div id="comments"><h3>2 comments</h3><p>Great post, thanks!</p><p>Mine never doubles.</p></div>
      </div>
      <aside><h3>Popular</h3><p><a href="/p/3">Baguettes at home</a></p></aside>
    </div>{FOOTER}</body></html>"""
    got = texts(html)
    assert got[0] == "Starter basics"
    assert got[1].startswith("Sourdough needs patience") and "Feeding" in got
    body = "\n".join(got)
    for chrome in ("cookies", "Recipes", "Share on Facebook", "Related posts", "discard",
                   "Great post", "Popular", "Baguettes", "Privacy", "Crumb Journal"):
        assert chrome not in body, chrome


def test_a_short_posts_article_leaves_what_its_main_holds_beside_it():
    # A week's notes in <main> beside a breadcrumb and the site's plea under every post: the
    # one <article> holding most of the prose is the post. At NARROW_SHARE (85%) a short post
    # took the plea in and a long one left it out.
    notes = ["oven: the timer works again after I replaced its dial and cleaned the contacts",
             "starter: fed twice a day and it doubles in six hours now, which is about right",
             "rye: two loaves, the second one much better than the first, less water helped",
             "blog: I started on a post about flour, and I have ideas for a few more of them"]
    plea = ("Thanks for stopping by! If you found this worth reading to the end, maybe toss a "
            'couple of coins at my <a href="https://tips.example/crumb">tip jar</a>?')
    items = "".join(f"<li><p>{note}</p></li>" for note in notes)
    html = f"""<html><head><title>Week 12 | Crumb Journal</title></head><body>{NAV}
    <main><header><h1><a href="/blog/week-12/">Week 12</a></h1><ol class="breadcrumbs">
    <li><a href="/blog/">Blog</a></li><li><a href="/blog/notes/">Weekly notes</a></li></ol>
    <time datetime="2024-03-24">March 24, 2024</time></header>
    <article><div class="entry"><p>Another week of small things in the kitchen.</p>
    <ul>{items}</ul><p>I will get there.</p></div></article>
    <figure class="plea"><img src="/bowl.png" alt="an empty bowl">
    <figcaption><p>{plea}</p><p>Baking is my full-time job, and this helps me keep at it.</p>
    </figcaption></figure></main>{FOOTER}</body></html>"""
    kept = texts(html)
    assert all(any(note.split(":")[1].strip() in text for text in kept) for note in notes)
    assert "Week 12" in kept
    assert not any("Thanks for stopping by" in t or "full-time job" in t or "Weekly notes" in t
                   for t in kept)
    # two articles side by side are a listing's or a thread's: no one of them is the page
    two = html.replace("</article>", "</article><article><h2>Week 11</h2><p>The proofing box "
                                     "arrived and the rye finally rose the way it should.</p></article>")
    assert "The proofing box arrived" in joined(two)


def test_forum_thread_keeps_every_post():
    posts = "".join(
        f'<div class="comment post" id="p{i}"><div class="author"><a href="/u/{i}">user{i}</a></div>'
        f'<div class="comment-body"><p>{PROSE.replace("Sourdough", f"Reply {i}:")}</p></div></div>'
        for i in range(4))
    html = f"""<body>{NAV}<div class="wrap"><h1>Starter never doubles</h1>
    <div class="comments-area">{posts}</div></div>
    <div class="sidebar"><h3>Categories</h3><ul><li><a href="/c/1">Bread</a></li></ul></div>{FOOTER}</body>"""
    body = joined(html)
    for i in range(4):
        assert f"Reply {i}:" in body
    assert "Categories" not in body and "Privacy" not in body and "Recipes" not in body


def test_product_page_keeps_description_and_specs_not_recommendations():
    html = f"""<body>{NAV}<main>
    <div class="breadcrumbs"><a href="/">Home</a> / <a href="/ovens">Ovens</a></div>
    <div class="product"><h1>Dutch Oven 5 qt</h1><p class="price">$89.00</p>
      <p>{PROSE.replace("Sourdough", "Cast iron")}</p>
      <table><tr><th>Capacity</th><td>5 qt</td></tr><tr><th>Weight</th><td>5.9 kg</td></tr></table>
    </div></main>
    <section class="recommendations"><h2>Customers also bought</h2><ul>
      <li><a href="/p/9">Lame</a></li><li><a href="/p/10">Banneton</a></li><li><a href="/p/11">Scale</a></li></ul></section>
    {FOOTER}</body>"""
    body = joined(html)
    assert "Dutch Oven 5 qt" in body and "Cast iron needs patience" in body and "5.9 kg" in body
    assert "Banneton" not in body and "Customers also bought" not in body and "Recipes" not in body


def test_listing_page_keeps_the_teasers():
    teasers = "".join(
        f'<article class="teaser"><h2><a href="/p/{i}">A slow overnight loaf for a busy week {i}</a></h2>'
        f'<p>Mix in the evening, shape in the morning, bake after work: number {i}.</p>'
        f'<a href="/p/{i}">Read more</a></article>' for i in range(6))
    html = f"""<body>{NAV}<main><h1>Recipes</h1>{teasers}
    <nav class="pagination"><a href="/recipes/page/2">Next</a></nav></main>{FOOTER}</body>"""
    body = joined(html, "https://crumb.example/recipes")
    for i in range(6):
        assert f"busy week {i}" in body and f"number {i}." in body
    assert "Privacy" not in body and "Contact" not in body


def test_docs_page_drops_the_sidebar_keeps_code():
    side = "".join(f'<li><a href="/docs/{n}">{n.title()}</a></li>' for n in
                   ("install", "config", "crawl", "archive", "schedule", "workers", "redis", "api"))
    html = f"""<body>{NAV}<div class="docs">
    <div class="sphinxsidebar" role="navigation"><h3>Contents</h3><ul>{side}</ul></div>
    <div class="body" role="main"><h1>Configuration</h1><p>{PROSE.replace("Sourdough", "A config file")}</p>
      <pre><code class="language-toml">[site]\nstart = "https://example.org/"</code></pre>
      <p>{PROSE.replace("Sourdough", "Every key")}</p></div></div>{FOOTER}</body>"""
    got = analyze_page(html, "https://docs.example/config").blocks
    body = "\n".join(b.text for b in got)
    assert "Configuration" in body and "A config file needs" in body and "Every key needs" in body
    assert any(b.kind == "code" and b.language == "toml" for b in got)
    assert "Schedule" not in body and "Contents" not in body and "Recipes" not in body


def test_mis_nested_header_holding_the_page_is_not_chrome():
    # An unclosed <header> swallows the article: a landmark with most of the prose is content.
    html = f"""<body><header><a href="/">Site</a>{NAV}<div class="post"><h1>Starter basics</h1>
    <p>{PROSE}</p><p>{PROSE}again</p><p>{PROSE}and again</p></div></header></body>"""
    body = joined(html)
    assert "Starter basics" in body and body.count("Sourdough needs patience") == 3
    assert "Contact" not in body


def test_container_is_the_prose_subtree():
    root = parse_html(f"""<body>{NAV}<div id="a"><p>{PROSE}</p><p>{PROSE}</p></div>
    <div id="b"><ul><li><a href="/1">One</a></li><li><a href="/2">Two</a></li></ul></div></body>""")
    from pipelines.blocks.block_walk import walk_document
    blocks = walk_document(root, "https://x.example/")
    assert find_container(blocks, chrome_flags(blocks)) == "/html/body/div[1]"


def test_noscript_document_is_used_when_the_page_needs_script():
    thread = "".join(f'<div class="post"><p>{PROSE.replace("Sourdough", f"Post {i}")}</p></div>'
                     for i in range(5))
    html = f"""<body><div id="app"></div><noscript><p>Enable JavaScript.</p></noscript>
    <noscript><div id="main-outlet" role="main"><h1>Starter never doubles</h1>{thread}</div></noscript></body>"""
    body = joined(html)
    assert "Post 0 needs patience" in body and "Post 2 needs patience" in body
    assert "Enable JavaScript" not in body
    # a short "enable JavaScript" note is no document
    assert noscript_document(parse_html("<body><noscript><p>Enable JavaScript.</p></noscript></body>")) is None
    # a page that shows its content never falls back
    shown = f"<body><main><p>{PROSE}</p><p>{PROSE.replace('patience', 'time')}</p></main><noscript>{thread}</noscript></body>"
    assert "Post 0" not in joined(shown)


def test_section_footer_and_comment_form_inside_the_article_are_not_content():
    html = f"""<body><main><article><h1>Starter basics</h1><p>{PROSE}</p><p>{PROSE}</p>
    <footer><p>Posted in Baking, Starters. Tagged sourdough, levain, flour.</p></footer>
    <form action="/comment"><p>Leave a reply: your email address will not be published.</p></form>
    </article></main></body>"""
    body = joined(html)
    assert "Sourdough needs patience" in body
    assert "Tagged sourdough" not in body and "Leave a reply" not in body


def test_an_article_with_a_long_comment_thread_keeps_the_post_only():
    post = "".join(f"<p>{PROSE.replace('Sourdough', f'Point {i}')}</p>" for i in range(20))
    thread = "".join(f'<li><p>{PROSE.replace("Sourdough", f"Reply {i}")}</p></li>' for i in range(40))
    html = f"""<body><main><article><h1>Starter basics</h1>{post}</article>
    <ol class="comment-list">{thread}</ol></main></body>"""
    body = joined(html)
    assert "Point 19 needs patience" in body and "Reply 3" not in body


@pytest.mark.parametrize("declaration", [
    '<script type="application/ld+json">{"@context": "https://schema.org", '
    '"@type": "DiscussionForumPosting", "headline": "Starter basics"}</script>',
    '<div itemscope itemtype="https://schema.org/QAPage"></div>'])
def test_a_declared_discussion_keeps_its_replies_in_comment_markup(declaration):
    # a forum thread whose opening post is long (over 400 words) and whose replies, most of
    # the prose, wear comment classes: read as an article with comments, the replies went;
    # the page says it is a discussion
    post = "".join(f"<p>{PROSE.replace('Sourdough', f'Point {i}')}</p>" for i in range(19))
    thread = "".join(f'<li><p>{PROSE.replace("Sourdough", f"Reply {i}")}</p></li>' for i in range(40))
    html = f"""<head>{declaration}</head><body><main><article><h1>Starter basics</h1>{post}</article>
    <ol class="comment-list">{thread}</ol></main></body>"""
    body = joined(html)
    assert "Point 18 needs patience" in body and "Reply 3 needs" in body and "Reply 39" in body


def test_a_declared_threads_short_last_replies_stay_after_their_posters_cards():
    # NodeBB: every reply opens with its poster's card (avatar, name, the post's number), a
    # run of short links that, after the last long reply, read as the furniture below a post
    def reply(n, text):
        return (f'<li component="post" itemprop="comment"><div class="post-header">'
                f'<div><a href="/user/u{n}"><img src="/a/{n}.png" alt="u{n}">{"ABCDE"[n - 1]} Online</a></div>'
                f'<div><a href="/user/u{n}">u{n}</a></div><div><a class="post-index" '
                f'href="/post/{n}">#{n}</a></div></div>'
                f'<div class="content"><p>{text}</p></div></li>')
    replies = "".join(reply(n, PROSE.replace("Sourdough", f"Reply {n}")) for n in range(1, 4))
    replies += reply(4, "Nice. A lot of work being done here, as usual.")
    replies += reply(5, "Thanks, that fixed it for me too.")
    html = f"""<html><body><main itemscope itemtype="https://schema.org/DiscussionForumPosting">
    <h1 itemprop="headline">Starter basics</h1><ul component="topic">{replies}</ul></main></body></html>"""
    body = joined(html)
    assert "Reply 3 needs" in body and "A lot of work being done here" in body
    assert "that fixed it for me too" in body


def test_a_declared_qa_page_keeps_its_short_question_above_long_answers():
    question = ("How does one know when to use wurde rather than war in a sentence like "
                "Ich wurde ausgeraubt? My textbook uses both, and I cannot see the rule.")
    answers = "".join(f'<div class="answer"><p>{PROSE.replace("Sourdough", f"Answer {i}")}</p>'
                      f'<p>{PROSE}</p></div>' for i in range(12))
    html = (f'<html itemscope itemtype="https://schema.org/QAPage"><body><main><h1>wurde or war</h1>'
            f'<div class="thread"><div class="question"><div class="votes">12</div>'
            f'<div class="post-text"><p>{question}</p><blockquote>Ich wurde ausgeraubt</blockquote>'
            f'<p>Why not Ich war ausgeraubt in that context?</p></div><ul class="tags"><li>grammar</li>'
            f'<li>passive</li></ul><div class="user">asked Feb 6, 2014 by <a href="/u/1">anna</a>'
            f'</div></div>'
            f'<div id="answers">{answers}</div></div></main></body></html>')
    body = joined(html)
    assert question in body and "Why not Ich war ausgeraubt" in body
    assert "Answer 11 needs patience" in body


def test_a_declared_threads_posts_are_articles_of_one_body_however_short_the_first():
    # Invision Community: each post an <article> with its poster's card; a two-line question
    # and a long reply. An <article> bounds an article's body, not a thread's.
    def post(n, who, text):
        return (f'<article id="elComment_{n}"><aside><a href="/profile/{n}-{who}/">{who}</a>'
                f'<ul><li>Members</li><li>{n * 7} posts</li></ul></aside>'
                f'<div class="ipsEntry__post"><div class="ipsRichText">{text}</div></div>'
                f'<ul class="reactions"><li><a href="#">Like</a></li><li><a href="#">Quote</a></li></ul>'
                f'</article>')
    question = "<p>Is there a roadmap for future products and version releases? Thank you!</p>"
    reply = "".join(f"<p>{PROSE.replace('Sourdough', f'Point {i}')}</p>" for i in range(6))
    html = (f'<html><head><script type="application/ld+json">{{"@context": "https://schema.org", '
            f'"@type": "DiscussionForumPosting", "headline": "Roadmap"}}</script></head><body><main>'
            f'<h1>Roadmap</h1><form id="elPostFeed">{post(1, "ron", question)}{post(2, "paul", reply)}'
            f'</form></main></body></html>')
    body = joined(html)
    assert "Is there a roadmap for future products" in body and "Point 5 needs patience" in body
    # the same page declaring nothing: the long post is the body (an article and a comment)
    assert "Is there a roadmap" not in joined(html.replace("DiscussionForumPosting", "WebPage"))


def test_furniture_after_the_article_body_is_cut():
    related = "".join(f'<li><a href="/p{i}">Another great post about bread number {i}</a></li>'
                      for i in range(4))
    paras = "".join(f"<p>{PROSE.replace('skill', f'skill {i}')}</p>" for i in range(3))
    html = f"""<body><main><h1>Starter basics</h1>{paras}
    <p>Share this:</p><h3>Related posts</h3><ul>{related}</ul>
    <p>Written by a baker who once forgot the starter in the fridge for a month.</p></main></body>"""
    body = joined(html)
    assert body.count("Sourdough needs patience") == 3
    assert "Related posts" not in body and "Another great post" not in body
    assert "Written by" not in body
    # a listing (no long paragraphs) keeps its teasers
    listing = f"<body><main><h1>Posts</h1><ul>{related}</ul></main></body>"
    assert "Another great post about bread number 3" in joined(listing)


def _row(balance, prose, net=0.0, loose=LOOSE_NONE, first=0):
    """find_container's figures for one path (container_bounds.LOOSE_NONE)."""
    return [balance, prose, net, loose, first]


def test_container_narrows_to_the_child_holding_nearly_all_the_prose():
    from pipelines.content.selection import narrow_container

    acc = {"/b/m": _row(100.0, 100.0), "/b/m/d[1]": _row(8.0, 8.0), "/b/m/d[2]": _row(92.0, 92.0, first=1),
           "/b/m/d[2]/p[1]": _row(50.0, 50.0, first=1), "/b/m/d[2]/p[2]": _row(42.0, 42.0, first=2)}
    by_depth = {2: ["/b/m"], 3: ["/b/m/d[1]", "/b/m/d[2]"], 4: ["/b/m/d[2]/p[1]", "/b/m/d[2]/p[2]"]}
    # d[2] holds 92% of the prose; its paragraphs are single blocks, never a container
    assert narrow_container("/b/m", acc, by_depth) == "/b/m/d[2]"
    acc["/b/m/d[1]"] = _row(8.0, 30.0)
    acc["/b/m"] = _row(100.0, 122.0)
    assert narrow_container("/b/m", acc, by_depth) == "/b/m"


def test_the_container_keeps_the_lead_paragraphs_set_loose_before_the_bodys_wrapper():
    from pipelines.content.selection import narrow_container

    # a long paragraph at /b/m/p[1] itself (block 0), then the wrapper of the rest: 92% of
    # the prose, yet the lead is the body's start
    acc = {"/b/m": _row(100.0, 100.0), "/b/m/p[1]": _row(8.0, 30.0, loose=0),
           "/b/m/d[2]": _row(92.0, 92.0, first=1),
           "/b/m/d[2]/p[1]": _row(50.0, 50.0, loose=1, first=1),
           "/b/m/d[2]/p[2]": _row(42.0, 42.0, loose=2, first=2)}
    by_depth = {2: ["/b/m"], 3: ["/b/m/p[1]", "/b/m/d[2]"], 4: ["/b/m/d[2]/p[1]", "/b/m/d[2]/p[2]"]}
    assert narrow_container("/b/m", acc, by_depth) == "/b/m"
    # in a box of its own (a bio, a teaser) it is furniture beside the body
    acc["/b/m/d[1]"] = acc.pop("/b/m/p[1]")
    acc["/b/m/d[1]"][3] = LOOSE_NONE
    by_depth[3] = ["/b/m/d[1]", "/b/m/d[2]"]
    assert narrow_container("/b/m", acc, by_depth) == "/b/m/d[2]"
    # and so is a loose paragraph after the body (a disclaimer, a note on the author)
    acc["/b/m/p[3]"] = _row(8.0, 30.0, loose=3, first=3)
    by_depth[3].append("/b/m/p[3]")
    assert narrow_container("/b/m", acc, by_depth) == "/b/m/d[2]"


def test_a_news_storys_lead_outside_its_paywall_wrapper_is_archived():
    lead = ("Grosbliederstroff lies on the border, and for decades its people crossed the "
            "bridge every morning to work, to shop and to see their families on the other side.")
    second = ("The border had all but vanished from their lives, until one Sunday in March a "
              "minister announced that it would be closed to all but a few travellers.")
    rest = "".join(f"<p>Paragraph {i} of the story, long enough to be prose: the officers at "
                   f"the bridge check every car, and the queue stretches back into the town "
                   f"centre most mornings of the week.</p>" for i in range(25))
    html = (f"<body><main><article><h1>The partner becomes a stranger</h1>"
            f"<div class='story'><p>{lead}</p><p>{second}</p>"
            f"<div class='paywall-content'>{rest}</div></div></article></main></body>")
    body = joined(html)
    assert lead in body and second in body and "Paragraph 24 of the story" in body


def test_a_post_made_of_a_list_keeps_its_opening_sentence():
    # a weekly roundup: a short line of its own, then the week as a list holding nearly all
    # the prose; narrowing into the list cut the line off
    opening = "I had a few rough days, but I am good now!"
    items = "".join(f"<li><p><strong>project {i}</strong>: worked on the level editor, fixed the "
                    f"slopes, drew more sprites and wrote half of a long post about it all.</p></li>"
                    for i in range(8))
    html = (f"<body><main><header><h1>Weekly roundup</h1></header><article>"
            f"<div class='entry-content'><p>{opening}</p><ul>{items}</ul></div>"
            f"</article></main></body>")
    body = joined(html)
    assert opening in body and "project 7" in body


def test_a_leaf_narrows_into_the_body_beside_columns_of_links():
    from pipelines.content.selection import narrow_container

    # [balance, prose words, net prose]: the body column holds 73% of the prose, and the
    # column beside it is mostly link text (its long link titles count as prose)
    acc = {"/b/m": _row(1650.0, 1770.0, 636.0), "/b/m/d[1]": _row(1250.0, 1286.0, 1156.0),
           "/b/m/d[2]": _row(400.0, 484.0, -520.0, first=2),
           "/b/m/d[1]/p[1]": _row(700.0, 700.0, 650.0), "/b/m/d[1]/p[2]": _row(586.0, 586.0, 506.0, first=1)}
    by_depth = {2: ["/b/m"], 3: ["/b/m/d[1]", "/b/m/d[2]"], 4: ["/b/m/d[1]/p[1]", "/b/m/d[1]/p[2]"]}
    assert narrow_container("/b/m", acc, by_depth, leaf=True) == "/b/m/d[1]"
    # on an index page the columns of links are the content
    assert narrow_container("/b/m", acc, by_depth) == "/b/m"
    # a column beside it with prose of its own is no column of links
    acc["/b/m/d[2]"] = _row(400.0, 484.0, 20.0, first=2)
    assert narrow_container("/b/m", acc, by_depth, leaf=True) == "/b/m"


def test_a_leafs_unnamed_sidebar_of_links_is_left_out_of_its_markdown():
    from pipelines.content.markdown import render_markdown
    from pipelines.page import analyze_page

    body = "".join(f"<p>Paragraph {i} of the post tells how the autumn maples turned red along "
                   f"the mountain road, and how the campsite under them filled with visitors.</p>"
                   for i in range(20))
    sidebar = "".join(f'<li><a href="/blog/post/{i}">A much older post about a trip to the '
                      f'hot springs of the northern valley, part {i}</a></li>' for i in range(20))
    html = (f'<html><head><title>Maples</title></head><body><div id="wrap"><div id="main">'
            f'<div id="content"><h2>Autumn maples</h2>'
            f'<time datetime="2013-12-28">Dec 28</time>{body}</div>'
            f'<div id="links"><p>Steven walks the mountains of the north with a camera and '
            f'writes down what he saw there, the trails, the weather and the people.</p>'
            f'<ul>{sidebar}</ul></div>'
            f'</div></div></body></html>')
    a = analyze_page(html, "https://blog.example/post/39926056")
    md = render_markdown(a.blocks)
    assert a.verdict == "leaf"
    assert "Paragraph 19 of the post" in md
    assert "hot springs" not in md and "Steven walks" not in md


def test_a_byline_box_beside_the_body_is_left_out():
    paras = "".join(f"<p>{PROSE.replace('skill', f'skill {i}')}</p>" for i in range(8))
    html = f"""<body><div class="post"><h1>Starter basics</h1>
    <div class="byline"><p>Mara Lind is our bread columnist and writes from a small bakery by
    the sea, where the ovens run all night.</p></div>
    <div class="text">{paras}</div></div></body>"""
    body = joined(html)
    assert body.count("Sourdough needs patience") == 8 and "Starter basics" in body
    assert "Mara Lind" not in body


def test_a_page_that_is_only_a_list_of_links_keeps_the_list():
    items = "".join(f'<li><a href="https://news{i}.example/story">Ovens, part {i}</a> '
                    f'<a href="/item/{i}">discuss</a></li>' for i in range(1, 16))
    html = f"""<body><div class="top"><a href="/">Crumb News</a> <a href="/new">new</a></div>
    <ol class="stories">{items}</ol></body>"""
    body = joined(html, "https://crumb.example/news")
    for i in (1, 8, 15):
        assert f"Ovens, part {i}" in body


def test_comment_boxes_between_answers_do_not_split_the_thread():
    comments = "".join(f"<li><p>Comment {j}: I tried this with rye and it took twice as long "
                       f"in my cold kitchen, any advice on that?</p></li>" for j in range(6))
    answers = "".join(
        f'<div class="answer"><div class="answer-body"><p>{PROSE.replace("Sourdough", f"Answer {i}:")}'
        f'</p></div><div class="comments"><ul>{comments}</ul></div></div>' for i in range(4))
    html = f"""<body>{NAV}<main><h1>Why does my starter not double?</h1>
    <div class="question"><p>{PROSE}</p></div><div class="answers">{answers}</div></main>
    {FOOTER}</body>"""
    body = joined(html, "https://crumb.example/questions/1")
    for i in range(4):
        assert f"Answer {i}: needs patience" in body
    assert "Comment 3" not in body and "Privacy" not in body


def test_a_long_paragraph_in_a_filter_classed_wrapper_is_kept():
    facets = "".join(f'<li><a href="?c={i}">Colour {i} ({i})</a></li>' for i in range(5))
    faq = "".join(f'<div class="filter-item"><h5>Question {i}?</h5><p>{PROSE.replace("Sourdough", f"Reply {i}:")}</p></div>'
                  for i in range(3))
    html = f"""<body><main><h1>Starters</h1><p>{PROSE}</p>
    <div class="facets"><ul>{facets}</ul></div><div class="faq filters">{faq}</div></main></body>"""
    body = joined(html, "https://crumb.example/c/starters")
    assert "Reply 2: needs patience" in body
    assert "Colour 3" not in body


def test_a_thread_in_comment_markup_under_a_wordy_frame_is_the_content():
    # the thread's replies hold most of the body but not two thirds of the page once the
    # masthead, sidebar and footer are counted, and the header/sidebar/footer words are no
    # article beside the thread
    posts = "".join(f'<li class="comment"><p>{PROSE.replace("Sourdough", f"Reply {i}:")}</p></li>'
                    for i in range(12))
    blurb = "".join(f"<p>{PROSE.replace('Sourdough', f'Blurb {i}')}</p>" for i in range(8))
    legal = "".join(f"<p>{PROSE.replace('Sourdough', f'Legal {i}')}</p>" for i in range(8))
    html = f"""<body><header>{blurb}</header>{NAV}<main><h1>Starter never doubles</h1>
    <p>{PROSE.replace("Sourdough", "Question:")}</p><ol class="comment-list">{posts}</ol></main>
    <footer>{legal}</footer></body>"""
    body = joined(html, "https://crumb.example/t/1")
    assert "Reply 0: needs" in body and "Reply 11: needs" in body
    assert "Blurb 3" not in body and "Legal 3" not in body


def test_a_landing_page_keeps_every_sibling_section_of_its_body():
    # the frame's header and footer sit in the same wrapper as the sections and weigh against
    # it, so the balance alone picks the longest section; the sections are one body
    sections = "".join(
        f'<section class="band"><h2>Feature {i}</h2>'
        + "".join(f"<p>{PROSE.replace('Sourdough', f'Feature {i} part {j}')}</p>"
                  for j in range(3 if i == 0 else 2))
        + "</section>" for i in range(4))
    html = f"""<body><div class="page"><header><ul>{_menu("Menu entry")}</ul></header>{sections}
    <footer><ul>{_menu("Footer link")}</ul><p>© 2024 Crumb Tools</p></footer></div></body>"""
    body = joined(html, "https://crumb.example/product-tour")
    for i in range(4):
        assert f"Feature {i} part 1 needs patience" in body
    assert "Menu entry 3" not in body and "Footer link 3" not in body


def _menu(label, n=40):
    return "".join(f'<li><a href="/{label[0]}{i}">{label} {i}</a></li>' for i in range(n))


def test_widening_needs_sibling_sections_and_stops_at_main():
    import pipelines.content.selection as content

    paras = "".join(f"<p>{PROSE.replace('Sourdough', f'Point {j}')}</p>" for j in range(4))
    consent = "".join(f"<p>{PROSE.replace('Sourdough', f'Partner {j}')}</p>" for j in range(2))
    frame = f'<header><ul>{_menu("Menu entry")}</ul></header>', f'<footer><ul>{_menu("Footer link")}</ul></footer>'
    # a single other branch (a consent box) beside the list is not a sibling section
    html = f"""<body>{frame[0]}<div class="wrap"><div class="list">{paras}</div></div>
    <div class="overlay">{consent}</div>{frame[1]}</body>"""
    body = joined(html, "https://crumb.example/list")
    assert "Point 3 needs" in body and "Partner 1" not in body
    # nor does a container inside <main> widen beyond it
    html = f"""<body>{frame[0]}<main><div class="list">{paras}</div></main>
    <div class="promo">{consent}</div><div class="promo">{consent.replace("Partner", "Offer")}</div>
    {frame[1]}</body>"""
    body = joined(html, "https://crumb.example/list")
    assert "Point 3 needs" in body and "Partner 1" not in body and "Offer 1" not in body
    assert content._tag("/html/body/main[2]") == "main" and content._tag("/html/body") == "body"


def test_an_articles_short_closing_statement_is_kept_and_a_widgets_question_is_not():
    paras = "".join(f"<p>{PROSE.replace('skill', f'skill {i}')}</p>" for i in range(3))
    html = f"""<body><main><h1>Starter basics</h1>{paras}<p>The loaf never rose again.</p>
    <p>How useful was this post?</p><p>Share this:</p></main></body>"""
    body = joined(html)
    assert body.endswith("The loaf never rose again.")
    assert "How useful" not in body and "Share this" not in body


def test_short_sentences_after_the_last_long_paragraph_are_not_a_furniture_run():
    # a service page: one long intro paragraph, then feature cards of a short heading and a
    # one-sentence description -- text, not labels, and no link in sight
    cards = "".join(f"<h3>Feature {i}</h3><p>Plan every bake of week {i} with reminders that "
                    f"follow your starter.</p>" for i in range(5))
    related = "".join(f'<li><a href="/p{i}">Another great post about bread number {i}</a></li>'
                      for i in range(4))
    intro = "".join(f"<p>{PROSE.replace('skill', f'skill {i}')}</p>" for i in range(3))
    html = f"""<body><main><h1>Crumb Planner</h1>{intro}{cards}
    <p>Share this:</p><h3>Related posts</h3><ul>{related}</ul></main></body>"""
    body = joined(html, "https://crumb.example/planner")
    assert "Feature 4" in body and "Plan every bake of week 4" in body
    assert "Share this" not in body and "Another great post" not in body


def test_prose_outside_main_does_not_outweigh_the_main():
    # a cookie-settings dialog written as long paragraphs outweighs the page's short main
    settings = "".join(f"<details><summary>Purpose {i}</summary><div>The technical storage or "
                       f"access for purpose {i} is used exclusively for statistical and "
                       f"anonymous purposes without a subpoena or voluntary compliance on the "
                       f"part of your provider.</div></details>" for i in range(6))
    html = f"""<body><header><ul>{_menu("Menu entry", 60)}</ul></header>
    <div class="cmp"><div class="cmp-body">{settings}</div></div>
    <footer><ul>{_menu("Footer link", 60)}</ul></footer>
    <main><h1>Crumb Mixers</h1><p>{PROSE}</p><p>{PROSE.replace("Sourdough", "Rye")}</p></main>
    </body>"""
    body = joined(html, "https://crumb.example/mixers")
    assert "Rye needs patience" in body and "purpose 3" not in body


def test_an_index_of_links_with_a_short_intro_keeps_the_index():
    # a wiki-style index page: one intro paragraph, then the list that is the page
    items = "".join(f'<li><a href="/wiki/Lang_{i}">Language {i}</a></li>' for i in range(120))
    html = f"""<body>{NAV}<main><h1>List of languages</h1><div class="intro">
    <p>This is an index to notable bread-baking languages, in current or historical use, with
    links to their articles; dialects are listed under the language they belong to, and
    languages known by several names are listed under the name most bakers use.</p>
    <p>See also the list of ovens and the list of flours for related indexes, which are kept
    in the same order and updated by the same editors every season.</p></div>
    <div class="columns"><ul>{items}</ul></div></main>{FOOTER}</body>"""
    body = joined(html, "https://crumb.example/wiki/List_of_languages")
    assert "This is an index" in body
    assert "Language 0" in body and "Language 119" in body


QUOTE_FORM = ("Get a free moving quote today. Tell us your move type, destination, date and "
              "contact details, and a coordinator will call you back within one business day. ")
REVIEW = ("Friendly and honest crew, they moved three heavy items across the state for less "
          "than anyone else quoted and arrived early on a rainy morning without complaint. ")


def test_the_title_column_is_the_body_and_an_unnamed_sidebar_column_is_not():
    # no <aside>, no sidebar class: a plain div column beside the body
    html = f"""<html><body>{NAV}<div class="wrap"><div class="col-a">
      <h1>Affordable movers</h1><p>{PROSE}</p><p>{PROSE.replace("patience", "care")}</p>
      <h2>Local moves</h2><p>{PROSE.replace("patience", "trucks")}</p>
      <p>{PROSE.replace("patience", "boxes")}</p></div>
    <div class="col-b"><p>{QUOTE_FORM}</p><p>{REVIEW}</p></div></div>{FOOTER}</body></html>"""
    got = joined(html, "https://movers.example/new-jersey")
    assert "Affordable movers" in got and "Sourdough needs boxes" in got
    assert "free moving quote" not in got and "Friendly and honest" not in got


def test_a_title_column_beside_a_column_of_linked_teasers_is_the_body():
    # a news site's column of other stories: each headline and its excerpt are links, so the
    # column counts more prose words than the article, nearly all of them link text
    teasers = "".join(
        f'<div class="teaser"><h3><a href="/news/story-{i}">Bakery chain {i} opens a new '
        f'wholesale branch in the north</a></h3><p><a href="/news/story-{i}">The chain said '
        f'the branch will supply sixty shops with rye and spelt loaves from spring, and hire '
        f'forty bakers for the night shifts.</a> <a href="/news/story-{i}">More</a></p></div>'
        for i in range(10))
    magazine = ("<h3>Issue 4/2026</h3><p>Rye against wheat, ovens on a budget, proofing "
                "baskets compared, a starter hotel, flour from the mill next door and twelve "
                "recipes for the long weekend, in shops now.</p>")
    html = f"""<html><body>{NAV}<div class="wrap"><div class="col-a">
      <h1>A starter that survived the move</h1><p>{PROSE}</p>
      <p>{PROSE.replace("patience", "care")}</p><p>{PROSE.replace("patience", "time")}</p>
      <p>{PROSE.replace("patience", "warmth")}</p></div>
    <div class="col-b"><div class="magazine">{magazine}</div>{teasers}</div></div>{FOOTER}
    </body></html>"""
    got = joined(html, "https://crumb.example/news/starter-move")
    assert "A starter that survived the move" in got and "Sourdough needs care" in got
    assert "wholesale branch" not in got and "proofing baskets" not in got


def test_a_title_column_with_less_than_two_thirds_of_the_prose_is_not_the_whole_body():
    # a two-column text: the title heads the first column, the second is as long
    html = f"""<html><body>{NAV}<div class="wrap"><div class="col-a">
      <h1>Two views on starters</h1><p>{PROSE}</p><p>{PROSE.replace("patience", "care")}</p></div>
    <div class="col-b"><p>{PROSE.replace("patience", "rye")}</p><p>{PROSE.replace("patience", "salt")}</p>
    </div></div>{FOOTER}</body></html>"""
    got = joined(html)
    assert "Sourdough needs care" in got and "Sourdough needs salt" in got


def test_chinese_prose_weighs_as_the_words_it_holds():
    # written without spaces, a paragraph of 60 characters was one "word": the article
    # weighed like its sidebar of headlines, and the sidebar was kept beside it
    from pipelines.content.word_count import count_words

    assert count_words("在采访中，我们了解到不少学子在出国前就每年守在电脑前观看两会直播。") == 16
    assert count_words("「こんにちは」と言った。") == 4
    assert count_words("naïve café, 2024") == 3
    sentences = ["出国前后关注点大不同，学子对两会的关注点发生了很大的变化。",
                 "在法国里昂国立应用科学院留学的卢宇表示，他还是个中学生时就开始关注两会了。",
                 "英国剑桥大学的李博灏也有着类似的经历，他更加关注国家和社会面临的挑战。",
                 "还有一些学子表示，出国前对两会不太了解，出国后反而对两会热点多了些思考。",
                 "在澳大利亚墨尔本留学的马素湘说，刷微博看新闻到处都是两会的消息。"]
    story = "".join(f"<p>{a}{b}{c}</p>" for a, b, c in zip(sentences, sentences[1:] + sentences[:1],
                                                          sentences[2:] + sentences[:2]))
    # a column of pictures under captions, as news sites run beside a story
    sidebar = "".join(f"<li><img src='/p/{i}.jpg' alt=''><p>湖南飞天山惊现千年悬棺 {i}</p></li>"
                      for i in range(12))
    html = f"""<html><head><title>海外留学生看两会</title></head><body><div class="wrap">
    <div class="left"><h1>海外留学生看两会</h1>{story}</div>
    <div class="right"><div>热图</div><ul>{sidebar}</ul></div></div></body></html>"""
    kept = joined(html, url="https://news.example.cn/2017/0310/a.htm")
    assert "学子对两会的关注点" in kept and "千年悬棺" not in kept
