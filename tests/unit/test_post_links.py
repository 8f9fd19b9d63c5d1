"""Links a post carries about itself: filing labels and neighbour links leave its text, and
an article's closing line that links on stays."""
from pipelines.page import analyze_page

URL = "https://notes.example/blog/release-1-8-0/"
ITEM = "Require Python 3.11 or later, dropping support for Python 3.10 in every module."


def post(middle="", tail="", url=URL):
    items = "".join(f"<li>{ITEM.replace('module', f'module {i}')}</li>" for i in range(6))
    html = f"""<html><head><title>Release 1.8.0</title></head><body><main>
    <h1>Release 1.8.0</h1>{middle}<p>This release drops Python 3.10 support.</p>
    <h4>Changed</h4><ul>{items}</ul>{tail}</main></body></html>"""
    result = analyze_page(html, url)
    assert result.verdict == "leaf"
    return "\n".join(b.text for b in result.blocks)


def test_the_tags_a_post_is_filed_under_are_not_its_text():
    filed = """<ul class="post-metadata"><li><time datetime="2026-10-13">13 October 2026</time></li>
    <li><a href="/tags/added/">added</a>, </li><li><a href="/tags/changed/">changed</a></li></ul>"""
    text = post(middle=filed)
    assert "added" not in text.split("\n") and "changed," not in text
    assert "This release drops Python 3.10 support." in text
    text = post(tail='<p>Filed under <a href="/category/releases/">Releases</a></p>')
    assert "Releases" not in text


def test_a_link_to_a_tag_inside_a_sentence_stays():
    text = post(tail='<p>Every change of this kind is listed under the '
                     '<a href="/tags/changed/">changed</a> tag of this blog.</p>')
    assert "listed under the changed tag" in text


def test_links_to_the_previous_and_next_posts_are_not_its_text():
    nextprev = """<ul class="links-nextprev"><li>← Previous<br> <a href="/blog/release-1-7-0/">
    Release 1.7.0</a></li><li>Next →<br><a href="/blog/release-1-9-0/">Release 1.9.0</a></li></ul>"""
    text = post(tail=nextprev)
    assert "Release 1.7.0" not in text and "Release 1.9.0" not in text
    assert text.count("Require Python 3.11") == 6


def test_dated_addresses_are_one_template_across_months():
    url = "https://notes.example/2019/06/starter-basics/"
    text = post(tail='<p>« <a href="/2019/05/rye-in-winter/">Rye in winter</a></p>', url=url)
    assert "Rye in winter" not in text


def test_the_authors_own_list_of_links_stays():
    # a nested list belongs to the item above it; three links are a list, no neighbours
    nested = """<ul><li>Browse the following resources:<ul>
    <li><a href="/blog/release-1-7-0/">Release 1.7.0</a></li>
    <li><a href="/blog/release-1-9-0/">Release 1.9.0</a></li></ul></li></ul>"""
    assert "Release 1.9.0" in post(tail=nested)
    three = "".join(f'<p><a href="/blog/release-1-{i}-0/">Release 1.{i}.0</a></p>' for i in (5, 6, 7))
    assert "Release 1.7.0" in post(tail=three)
    # a link elsewhere on the site is no neighbour
    assert "Install guide" in post(tail='<p><a href="/docs/install/">Install guide</a></p>')


def test_an_articles_closing_line_that_links_on_stays():
    prose = ("Sourdough needs patience more than skill, and the starter tells you when it is "
             "ready by doubling in size within a few hours of feeding at room temperature. ")
    html = f"""<html><body><article><h1>Starter basics</h1>{''.join(f'<p>{prose}</p>' * 4)}
    <p>You can read more on the <a href="https://elsewhere.example/post">blog post</a>.</p>
    <p><a href="/share">Share</a></p><p><a href="/2024/other/">Other bakes</a></p>
    </article></body></html>"""
    text = "\n".join(b.text for b in analyze_page(html, "https://crumb.example/2024/starter/").blocks)
    assert "You can read more on the blog post." in text
    assert "Share" not in text


def test_a_docs_pages_closing_example_and_linked_entries_stay():
    prose = ("Starlette includes several middleware classes that add behaviour applied across "
             "your entire application, and every one of them is configured in the same way {}. ")
    paragraphs = "".join(f"<p>{prose.format(i)}</p>" for i in range(4))
    html = f"""<html><body><main><h1>Middleware</h1>{paragraphs}
    <h4><a href="https://github.com/abersheeran/a2wsgi">WSGIMiddleware</a></h4>
    <p>A middleware class in charge of converting a WSGI application into an ASGI one.</p>
    <p>For example:</p><p><code>request.state.time_started = time.time()</code></p>
    </main></body></html>"""
    text = "\n".join(b.text for b in analyze_page(html, "https://docs.example/middleware/").blocks)
    for kept in ("WSGIMiddleware", "For example:", "request.state.time_started = time.time()"):
        assert kept in text, kept


def test_the_posts_own_pager_is_not_its_text_but_a_link_to_a_place_on_it_is():
    pager = ('<div class="page-links">Pages: <a href="/blog/release-1-8-0/">1</a> 2 '
             '<a href="/blog/release-1-8-0/3/">3</a></div>')
    text = post(tail=pager, url="https://notes.example/blog/release-1-8-0/2/")
    assert "Pages:" not in text
    toc = '<ul><li><a href="#changed">Changed in this release</a></li></ul>'
    assert "Changed in this release" in post(middle=toc)


def test_a_closing_list_of_other_sites_stays_and_share_buttons_go():
    prose = ("GraphQL support was removed from the framework some releases ago, and the "
             "libraries below each publish a guide to using it with this framework {}. ")
    paragraphs = "".join(f"<p>{prose.format(i)}</p>" for i in range(4))
    projects = "".join(f'<li><a href="https://{name}.example.org/docs/integrations/">{name}</a></li>'
                       for name in ("Ariadne", "Strawberry", "Tartiflette"))
    share = "".join(f'<li><a href="https://{net}.example.com/share?url=https%3A%2F%2Fdocs.example'
                    f'%2Fgraphql%2F">{net}</a></li>' for net in ("Mastodon", "Bluesky", "Reddit"))
    html = f"""<html><body><main><h1>GraphQL</h1>{paragraphs}<ul>{projects}</ul>
    <ul>{share}</ul></main></body></html>"""
    text = [b.text for b in analyze_page(html, "https://docs.example/graphql/").blocks]
    assert {"Ariadne", "Strawberry", "Tartiflette"} <= set(text)
    assert not {"Mastodon", "Bluesky", "Reddit"} & set(text)


def test_share_buttons_go_wherever_they_stand():
    # under the title (Mezzanine) or in a short post's thread (Spirit): each link leads off
    # the site with this page's address in its query, whatever it is named
    share = ('<ul class="actions"><li><a href="https://twitter.com/share?url=https%3A%2F%2Fnotes.example'
             '%2Fblog%2Frelease-1-8-0%2F&text=Release">Twitter</a></li><li><a href="https://www.facebook.com/'
             'sharer/sharer.php?u=https%3A%2F%2Fnotes.example%2Fblog%2Frelease-1-8-0%2F">Facebook</a></li></ul>')
    text = post(middle=share)
    assert "Twitter" not in text and "Facebook" not in text
    assert "This release drops Python 3.10 support." in text
    # a link to another site that names a page of this one in a sentence is the post's own
    cited = ('<p>The <a href="https://archive.example/web/?url=https%3A%2F%2Fnotes.example%2F">archived '
             'copy of our old home page</a> shows the first design of this site, before 2020.</p>')
    assert "archived copy of our old home page" in post(middle=cited)


def test_a_jump_to_the_posts_comments_is_not_its_text():
    # Mezzanine's "(0 comments)" under the byline, WordPress' "Leave a comment"
    text = post(middle=f'<p>(<a href="{URL}#comments">0 comments</a>)</p>',
                tail='<p><a href="#respond">Leave a comment</a></p>')
    assert "0 comments" not in text and "Leave a comment" not in text
    # a link to a section of the text, or to another page's comments, stays
    text = post(tail='<p><a href="#changed">Changed</a> lists it all; see '
                     '<a href="/blog/release-1-7-0/#comments">the last thread</a>.</p>')
    assert "Changed lists it all; see the last thread." in text


def test_a_share_button_beside_a_jump_to_the_comments_goes_too():
    # two buttons under the title, each linking back to the page: no table of contents
    text = post(middle=f'<p><a href="{URL}">Pass it on</a></p>'
                       f'<p><a href="{URL}#comments">comments 0</a></p>')
    assert "Pass it on" not in text and "comments 0" not in text
    assert "This release drops Python 3.10 support." in text


def test_the_publishers_calls_to_subscribe_register_or_get_its_app_go():
    text = post(tail="""<p><em>Don't have time to read every release?</em>
    <a href="/newsletter-signup/">Get a weekly roundup in your inbox instead.</a></p>
    <p>To read on, please <a href="https://notes.example/de/abo">subscribe to Notes</a>.</p>
    <p>For the latest releases download our apps for
    <a href="https://apps.apple.com/us/app/notes/id887959854">iOS</a> and
    <a href="https://play.google.com/store/apps/details?id=example.notes">Android</a>.</p>""")
    for gone in ("weekly roundup", "subscribe to Notes", "download our apps"):
        assert gone not in text, gone
    assert "This release drops Python 3.10 support." in text


def test_a_call_to_support_the_publication_on_a_membership_platform_goes():
    # an independent blog's appeal after the post: its one link leads to the platform its
    # readers pay it through (Steady, Patreon, Ko-fi), not to a page of its own
    text = post(tail="""<p>If you enjoyed reading this post, would you consider supporting our
    work? Just click <a href="https://steadyhq.com/en/notes">here</a>. Thanks!</p>
    <p>Or <a href="https://www.patreon.com/notes">become a patron</a> and
    <a href="https://ko-fi.com/notes">buy us a coffee</a>.</p>""")
    for gone in ("supporting our work", "become a patron"):
        assert gone not in text, gone
    assert "This release drops Python 3.10 support." in text


def test_a_posters_appeal_for_donations_in_a_forum_thread_stays():
    # a project's release thread: the post asks for donations, and the post is the content
    appeal = """<ul><li><a href="https://liberapay.com/notes">Liberapay</a></li>
    <li><a href="https://opencollective.com/notes">Open Collective</a></li></ul>"""
    text = post(tail=appeal, url="https://notes.example/t/release-1-8-0/4321")
    assert "Liberapay" in text and "Open Collective" in text


def test_a_story_sentence_about_sign_ups_and_newsletters_stays():
    # a page of the site about the thing (its slug), a story filed under a newsletter's
    # folder, another service's sign-up page: the story's own links
    text = post(tail="""<p>We compared them in <a href="/best-newsletter-tools">our review of
    newsletter tools</a>.</p><p><a href="/newsletters/future-2019-01-20/">As we chronicled
    before</a>, the plan slipped.</p><p>Sign up at <a href="https://forge.example/signup">the
    forge</a> to try the beta.</p>""")
    for kept in ("our review of newsletter tools", "As we chronicled before",
                 "Sign up at the forge to try the beta."):
        assert kept in text, kept


def test_a_share_bar_with_an_email_button_on_this_page_goes():
    # Shared Counts' bar: share links off the site and an e-mail button opening a form here
    share = ('<p><a href="https://www.facebook.com/sharer/sharer.php?u=https://notes.example/blog/'
             'release-1-8-0/">Facebook0</a><a href="https://twitter.com/share?url=https://notes.'
             f'example/blog/release-1-8-0/">Tweet0</a><a href="{URL}#shared-counts-email">Email0'
             '</a>Print0</p>')
    text = post(middle=share)
    assert "Facebook0" not in text and "Email0" not in text
    # a line of links to this page's own sections alone is no share bar
    toc = f'<p><a href="{URL}#changed">Changed</a> <a href="{URL}#fixed">Fixed</a></p>'
    assert "Changed Fixed" in post(middle=toc)


def page(body):
    items = "".join(f"<p>{ITEM.replace('module', f'module {i}')}</p>" for i in range(10))
    html = f"""<html><head><title>Release 1.8.0</title></head><body><main>
    <h1>Release 1.8.0</h1>{body.replace('ITEMS', items)}</main></body></html>"""
    return "\n".join(b.text for b in analyze_page(html, URL).blocks)


def test_a_line_of_buttons_acting_on_the_page_goes():
    # a recipe plugin's "Jump to Recipe / Print Recipe", a "back to top", a print view
    text = page(f"""<p><a href="{URL}#recipe-card">Jump to Recipe</a> <a
    href="https://notes.example/wprm_print/4132">Print Recipe</a></p>
    <p>This release drops Python 3.10 support.</p>ITEMS
    <p><a href="{URL}#top">Back to top</a></p>""")
    assert "Jump to Recipe" not in text and "Back to top" not in text
    assert "This release drops Python 3.10 support." in text and "every module 9." in text


def test_cross_references_faq_questions_and_a_table_of_contents_stay():
    # a section named by its heading, an FAQ's question over its answer, lines of anchors
    # in a row (the page's table of contents), a signature beside its permalink mark
    text = page(f"""<p><a href="{URL}#intro">Intro</a></p><p><a href="{URL}#usage">Usage</a></p>
    <p>This release drops Python 3.10 support.</p>ITEMS<h2 id="changed">Changed</h2>
    <p>See also <a href="{URL}#changed">Changed</a></p><p>{ITEM}</p>
    <p><a href="{URL}#q1">Who maintains this release?</a></p><p>{ITEM}</p>
    <p><b>notes.accumulate(items)</b><a href="{URL}#notes.accumulate">¶</a></p><p>{ITEM}</p>""")
    for kept in ("Intro", "Usage", "See also Changed", "Who maintains this release?",
                 "notes.accumulate(items)"):
        assert kept in text, kept
