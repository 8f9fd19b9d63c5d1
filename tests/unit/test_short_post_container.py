"""A post of one short list keeps its body: the title area, a folded table of contents'
label and a related-posts grid named the BEM way do not outvote it."""
from pipelines.blocks.block_walk import walk_document
from pipelines.content.page_frame import is_frame_kind
from pipelines.content.selection import chrome_kind
from pipelines.htmlparse import parse_html
from pipelines.page import analyze_page

URL = "https://notes.example/2022/05/03/release-0-20-0/"
ITEM = ('<li>Drop Python 3.6 support <a href="https://github.com/x/y/pull/1357">#1357</a> and '
        '<a href="https://github.com/x/y/pull/1616">#1616</a>.</li>')


def body_text(html):
    result = analyze_page(html, URL)
    assert result.verdict == "leaf"
    return [b.text for b in result.blocks]


def test_the_byline_in_the_articles_header_does_not_outvote_a_one_item_post():
    html = f"""<html><head><title>Release 0.20.0</title></head><body><main><article>
    <header><h1>Release 0.20.0</h1><div class="entry-meta"><time datetime="2022-05-03">May 3,
    2022</time> by <a href="/author/maintainer/">maintainer</a></div></header>
    <div class="entry-content"><h3>Removed</h3><ul>{ITEM}</ul></div>
    <footer><nav class="post-navigation"><a href="/2022/04/22/release-0-19-1/">Release 0.19.1</a>
    <a href="/2022/05/10/release-0-21-0/">Release 0.21.0</a></nav></footer></article></main></body></html>"""
    assert "Drop Python 3.6 support #1357 and #1616." in body_text(html)


def test_a_folded_table_of_contents_label_does_not_outvote_a_one_item_post():
    # Hugo PaperMod's post with ShowToc, breadcrumbs, tags and previous/next links
    html = """<html><head><title>Release 0.39.0</title></head><body><main><article>
    <header><nav class="breadcrumbs"><a href="/">Home</a> <a href="/posts/">Posts</a></nav>
    <h1>Release 0.39.0</h1><div class="post-meta"><span>September 23, 2024</span> · <span>1
    min</span> · <span>Release team</span></div></header>
    <details class="toc"><summary>Table of Contents</summary>
    <div class="inner"><ul><li><a href="#added">Added</a></li></ul></div></details>
    <div class="post-content"><h4 id="added">Added</h4><ul><li>Add support for
    <a href="https://developer.mozilla.org/Range_requests">HTTP Range</a> to <code>FileResponse</code>
    <a href="https://github.com/x/y/pull/2697">#2697</a>.</li></ul></div>
    <footer class="post-footer"><ul class="post-tags"><li><a href="/tags/added/">Added</a></li></ul>
    <nav class="paginav"><a class="prev" href="/posts/release-0-39-1/"><span>« Prev</span>
    <span>Release 0.39.1</span></a><a class="next" href="/posts/release-0-38-6/"><span>Next »</span>
    <span>Release 0.38.6</span></a></nav></footer></article></main></body></html>"""
    text = [b.text for b in analyze_page(html, "https://notes.example/posts/release-0-39-0/").blocks]
    assert "Add support for HTTP Range to FileResponse #2697." in text
    assert "Table of Contents" not in text


def test_a_related_posts_grid_named_the_bem_way_is_furniture():
    # Minimal Mistakes' grid: a title, a reading time and the post's excerpt per card
    cards = "".join(f"""<div class="grid__item"><article class="archive__item">
        <h2 class="archive__item-title"><a href="/2022/0{i}/01/release-0-1{i}-0/">Release 0.1{i}.0</a></h2>
        <p class="page__meta"><span class="page__meta-readtime">less than 1 minute read</span></p>
        <p class="archive__item-excerpt">Changed</p></article></div>""" for i in range(4))
    html = f"""<html><head><title>Release 0.20.0</title></head><body><div id="main">
    <article class="page"><h1>Release 0.20.0</h1><section class="page__content"><h3>Removed</h3>
    <ul>{ITEM}</ul></section></article>
    <div class="page__related"><h2 class="page__related-title">You may also enjoy</h2>
    <div class="grid__wrapper">{cards}</div></div></div></body></html>"""
    text = body_text(html)
    assert "Drop Python 3.6 support #1357 and #1616." in text
    assert not any("Release 0.1" in t or "You may also enjoy" in t or "minute read" in t
                   for t in text)


def test_the_reply_box_beside_a_short_post_does_not_replace_it():
    # ColorMag: the post's <article>, then outside it the WordPress reply form
    html = f"""<html><head><title>Release 0.20.0</title></head><body><div id="cm-primary">
    <div class="cm-posts"><article class="post"><header><h1>Release 0.20.0</h1></header>
    <div class="cm-entry-summary"><h3>Removed</h3><ul>{ITEM}</ul></div></article></div>
    <div id="comments" class="comments-area"><div id="respond" class="comment-respond">
    <h3 class="comment-reply-title">Leave a Reply</h3><form class="comment-form">
    <p class="comment-notes">Your email address will not be published. Required fields are
    marked *</p><p><label>Comment *</label><textarea></textarea></p><p><label>Name *</label></p>
    <p class="comment-form-cookies-consent"><label>Save my name, email, and website in this
    browser for the next time I comment.</label></p></form></div></div></div></body></html>"""
    text = body_text(html)
    assert "Drop Python 3.6 support #1357 and #1616." in text
    assert not any("will not be published" in t or "Save my name" in t for t in text)


def test_a_comment_widgets_placeholder_beside_a_short_post_does_not_replace_it():
    # Hugo Stack: the post's <article>, then outside it Disqus' mount, whose script writes a
    # sentence of its own on a local preview
    html = f"""<html><head><title>Release 0.20.0</title></head><body><main class="main">
    <article class="main-article"><header><h2 class="article-title"><a href="{URL}">Release 0.20.0</a></h2>
    </header>
    <section class="article-content"><h3>Removed</h3><ul><li>Drop Python 3.7 support
    <a href="https://github.com/x/y/pull/2178">#2178</a>.</li></ul></section></article>
    <div class="disqus-container"><div id="disqus_thread">Disqus comments not available by
    default when the website is previewed locally.</div><a href="https://disqus.com"
    class="dsq-brlink">comments powered by Disqus</a></div></main></body></html>"""
    text = body_text(html)
    assert "Drop Python 3.7 support #2178." in text
    assert not any("Disqus" in t for t in text)


def test_a_read_next_cards_excerpt_beside_a_short_post_does_not_replace_it():
    # Ghost Headline: each card is one <a> around its picture, title and excerpt
    cards = "".join(f"""<article class="gh-card post"><a class="gh-card-link"
        href="/release-1-{i}-0/"><div class="gh-card-wrapper"><header><h3>Release 1.{i}.0</h3>
        </header><div class="gh-card-excerpt">Version 1.{i}.0, a minor release: 3 changed, 1
        deprecated, 8 fixed.</div><footer>Maintainer 24 Oct 2026</footer></div></a></article>"""
                    for i in range(3))
    html = f"""<html><head><title>Release 0.20.0</title><meta property="og:type" content="article">
    <meta property="article:published_time" content="2022-05-03T12:00:00Z"></head><body><main>
    <article class="gh-article"><header><h1>Release 0.20.0</h1></header>
    <section class="gh-content"><h3>Removed</h3><ul>{ITEM}</ul></section></article>
    <div class="gh-read-next"><section><h4>Read next</h4></section>{cards}</div></main></body></html>"""
    text = body_text(html)
    assert "Drop Python 3.6 support #1357 and #1616." in text
    assert not any("a minor release" in t for t in text)


def test_a_thread_of_comments_in_a_form_without_an_article_stays_the_content():
    # old Reddit: the discussion is a <form> of comment markup, and no <article>
    comments = "".join(f"""<div class="comment"><p class="tagline">user{i} 12 points</p>
        <div class="md"><p>Comment number {i}: might this also help with tinnitus, if new cilia
        could be grown in the inner ear the same way these follicles were?</p></div></div>"""
                       for i in range(6))
    html = f"""<html><head><title>Hair follicles grown in the lab</title></head><body>
    <div class="content"><div class="sitetable"><p class="title"><a href="https://news.example/x">
    Hair follicles grown in the lab</a></p></div><div class="commentarea"><form class="usertext">
    <textarea></textarea><button>save</button></form><div class="sitetable nestedlisting">
    <form class="comments-form">{comments}</form></div></div></div></body></html>"""
    result = analyze_page(html, "https://forum.example/r/science/comments/1rku5x9/hair/")
    assert sum("Comment number" in b.text for b in result.blocks) == 6


PELICAN_POST = """<html><head><title>Release 0.14.2</title></head><body>
<header><h1><a href="/">Release notes</a></h1><nav><ul><li><a href="/pages/about.html">About</a></li>
<li><a href="/category/patch.html">patch</a></li></ul></nav></header>
<main><article><header><h2><a href="/release-0-14-2.html" rel="bookmark">Release 0.14.2</a></h2>
</header><h3>Fixed</h3><ul>{items}</ul>
<footer><p>Published: <time datetime="2021-02-02T00:00:00+00:00">Tue 02 February 2021</time></p>
<address>By <a href="/author/the-maintainers.html">The maintainers</a></address>
<p>Category: <a href="/category/patch.html">patch</a></p></footer></article></main>
<footer><address>Proudly powered by <a href="https://getpelican.com/">Pelican</a></address></footer>
</body></html>"""
PELICAN_ITEMS = (ITEM + '<li>Fixed unclosed socket warnings when using the test client with WebSocket'
                 ' endpoints.</li>')


def test_an_articles_own_footer_does_not_cut_the_heading_above_its_body():
    # Pelican's themes set a post's body straight in its <article>, beside the article's own
    # <footer> of date, author and category: that footer is the article's, not the page's
    # frame, so the container is the article and the section heading stays
    text = body_text(PELICAN_POST.format(items=PELICAN_ITEMS))
    assert text[text.index("Fixed") + 1].startswith("Drop Python 3.6 support")
    assert not any(t.startswith(("Published:", "By The maintainers", "Category:")) for t in text)


def test_a_footer_under_a_section_of_a_page_wide_article_is_still_the_frame():
    # a page builder's <article> wraps the whole page, the site's footer inside a <section>
    # of it: HTML gives that footer to the section, so it stays the page's frame
    html = """<html><body><article><section><h1>Home renovation costs</h1><p>Kitchens cost
    the most.</p></section><section><footer><p>Example Wealth is a registered adviser.</p>
    </footer></section><footer><p>Published March 3.</p></footer></article>
    <footer><p>All rights reserved.</p></footer></body></html>"""
    blocks = walk_document(parse_html(html), URL)
    frame = {b.text: is_frame_kind(b, chrome_kind(b)) for b in blocks}
    assert frame == {"Home renovation costs": False, "Kitchens cost the most.": False,
                     "Example Wealth is a registered adviser.": True,
                     "Published March 3.": False, "All rights reserved.": True}


def test_a_short_post_is_more_than_its_longest_line():
    # Mezzanine: a byline heading, one list item, and share buttons under the post outweigh
    # the body's own words; the longest line alone (the byline) is no container
    html = f"""<html><head><title>Release 0.20.0</title></head><body>
    <div class="container"><h1>Release 0.20.0</h1></div><div class="container"><div class="row">
    <div class="col-md-7 middle"><h6 class="post-meta">Posted by: <a href="/blog/author/maintainer/">
    Maintainer</a> 4 years, 7 months ago</h6><p>(<a href="#comments">0 comments</a>)</p>
    <h3>Removed</h3><ul>{ITEM}</ul><div>Currently unrated</div>
    <a class="btn share-twitter" href="https://twitter.com/intent/tweet?url=https%3A//notes.example/x">
    Share on Twitter</a> <a class="btn share-facebook"
    href="https://www.facebook.com/sharer/sharer.php?u=https://notes.example/x">Share on Facebook</a>
    </div></div></div></body></html>"""
    assert "Drop Python 3.6 support #1357 and #1616." in body_text(html)


def test_a_licence_box_and_a_div_sidebar_do_not_outvote_a_one_item_post():
    # Hexo Fluid's licence box and Butterfly's sidebar column: short lines that outweighed
    # the post's one list item and were archived in its place
    html = f"""<html><head><title>Release 0.20.0</title></head><body><main><div class="row">
    <div class="col"><article class="post-content"><h1>Release 0.20.0</h1><div class="markdown-body">
    <h3>Removed</h3><ul>{ITEM}</ul></div><hr><div class="license-box my-3"><div>Release 0.20.0</div>
    <div>https://notes.example/2022/05/03/release-0-20-0/</div><div class="license-meta">
    <div><div>Author</div><div>Release notes</div></div><div><div>Posted on</div><div>May 3, 2022</div>
    </div><div><div>Licensed under</div></div></div></div></article></div>
    <div class="aside-content"><div class="card-widget"><div>Release notes</div><div>Every release,
    what it added, changed and fixed.</div><a href="https://github.com/x">Follow Me</a></div></div>
    </div></main></body></html>"""
    text = body_text(html)
    assert "Drop Python 3.6 support #1357 and #1616." in text
    assert not any(t.startswith(("Licensed under", "Every release", "Follow Me")) for t in text)
