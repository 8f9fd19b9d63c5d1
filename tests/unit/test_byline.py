"""The author a leaf prints in its byline (pipelines/metadata/byline.py), for its archive's front
matter when its metadata names none."""
from pipelines.metadata.byline import author_name, byline_author, byline_texts
from pipelines.htmlparse import parse_html
from pipelines.page import analyze_page

PROSE = "<p>" + "A paragraph of the post, long enough to be its prose. " * 12 + "</p>"


def author_of(head_of_post: str, rest: str = PROSE, around: str = "") -> str | None:
    html = (f"<html><body><header><nav><a href='/'>Home</a></nav></header>{around}<main>"
            f"<article><h1>A post</h1>{head_of_post}{rest}</article></main></body></html>")
    return byline_author(byline_texts(parse_html(html)))


def test_by_lines_name_the_author():
    assert author_of("<p>By Jane Roe</p>") == "Jane Roe"
    assert author_of("<p>Published August 7, 2023 by Nicole van der Berg | 5 min read</p>") \
        == "Nicole van der Berg"
    assert author_of("<p>Written by J. R. Tolkien, Staff Writer</p>") == "J. R. Tolkien"
    # "By" and the name in elements of their own
    assert author_of('<div><span>By</span> <a href="/authors/jr">Jane Roe</a></div>') == "Jane Roe"


def test_an_element_named_for_the_author_names_them():
    assert author_of('<div class="post-meta"><span class="author-name">Isaiah Shelton</span>'
                     '<span class="date">May 2</span></div>') == "Isaiah Shelton"
    assert author_of('<div class="c-byline__author"><a href="/a">Ann Lee</a></div>') == "Ann Lee"


def test_what_is_no_author():
    # someone else's credit, prose, one word, a date, a heading, a comment's or a review's
    # writer, and a class word inside another word
    assert author_of('<figure><img src="/a.jpg"><figcaption>Photo by John Smith on Unsplash'
                     '</figcaption></figure>') is None
    assert author_of("<p>A Step by Step Guide</p>") is None
    assert author_of("<p>By Google</p>") is None
    assert author_of('<p class="author">Sat Feb</p>') is None
    assert author_of('<h2 class="author-picks">Editors Like These</h2>') is None
    assert author_of('<div class="comment"><span class="comment-author">Ash Cole</span></div>') is None
    assert author_of('<div class="authorized-dealer">Authorized Dealer</div>') is None
    # far from the title, or in a sidebar
    assert author_of("", rest=PROSE * 45 + "<p>By Jane Roe</p>") is None
    assert author_of("", around='<aside><p>By Jane Roe</p></aside>') is None


def test_a_leaf_without_metadata_author_is_archived_with_its_byline_author():
    html = ('<html><head><title>A post</title></head><body><main><article><h1>A post</h1>'
            '<p class="byline">By Jane Roe · 12 December 2025</p>' + PROSE + '</article></main></body></html>')
    url = "https://x.org/2025/12/a-post-about-things/"
    leaf = analyze_page(html, url)
    assert leaf.verdict == "leaf"
    assert (leaf.author, leaf.date_published) == ("Jane Roe", "2025-12-12")
    # the metadata wins
    declared = html.replace("<title>", '<meta name="author" content="J. Roe"><title>')
    assert analyze_page(declared, url).author == "J. Roe"


def test_an_author_field_holding_a_whole_byline_keeps_the_name():
    assert author_name("By JERUSALEM POST STAFF NOVEMBER 20, 2019 10:43") == "JERUSALEM POST STAFF"
    assert author_name("von Max Mustermann") == "Max Mustermann"
    assert author_name("Sergio Roe | The Texas Newsroom") == "Sergio Roe"
    assert author_name("drat 1,655 gold badges 14 silver badges") == "drat"
    # what a name may hold stays: initials, a suffix, several authors, a month-like name
    for name in ("Kaufman, Jeff T.", "Genevieve Carlton, Ph.D.", "Jane Roe, John Doe", "Theresa May"):
        assert author_name(name) == name
    # a bio is no name
    assert author_name("Cara Roe RN, a mom of four and a sleep consultant who created a "
                       "course to give parents a voice they can trust") is None
    # the field's own label goes; a form label or an account's number names no one
    assert author_name("Author: Ashley Roe") == "Ashley Roe"
    assert author_name("Autorin: Jana Roe") == "Jana Roe"
    assert author_name("Name") is None and author_name("262588213843476") is None
    assert author_name("Williams Roe @wroe") == "Williams Roe"


def test_the_archived_author_is_the_name_in_the_meta_byline():
    prose = "<p>" + "The harbour master counted the boats twice before the storm came in. " * 6 + "</p>"
    html = ('<html><head><title>Harbour news</title>'
            '<meta name="author" content="By JERUSALEM POST STAFF NOVEMBER 20, 2019 10:43">'
            f'</head><body><article><h1>Harbour news</h1>{prose * 4}</article></body></html>')
    assert analyze_page(html, "https://news.example/2019/11/harbour").author == "JERUSALEM POST STAFF"


def test_an_author_that_is_an_item_of_its_own_is_named_by_its_name_property():
    # NodeBB: the post header is itemprop=author itemscope (a schema.org Person) holding the
    # avatar letter, "Online", the name link, "wrote" and the post's number
    post = analyze_page("""<html><head><title>Middleware: Limitations</title></head><body><main>
    <h1>Middleware: Limitations</h1><ul component="topic"><li component="post" itemprop="comment">
    <div class="post-header" itemprop="author" itemscope itemtype="https://schema.org/Person">
    <meta itemprop="name" content="farah"><a href="/user/farah"><span class="avatar">F</span>
    <span class="visually-hidden">Online</span></a> <a class="fw-bold" href="/user/farah">farah</a>
    <span class="text-muted">wrote</span> <a class="post-index" href="/post/709">#1</a></div>
    <div class="content" itemprop="text"><p>The middleware cannot change a context variable that
    the endpoint reads, and this thread is about why that is so in practice.</p></div></li></ul>
    </main></body></html>""", "https://forum.example/topic/100/middleware-limitations")
    assert post.author == "farah"


def test_a_link_to_the_authors_archive_names_them_as_the_site_spells_them():
    # Pelican's article footer: <address>By <a href="/author/…">The maintainers</a></address>
    footer = ('<footer><p>Published: <time datetime="2021-02-02">Tue 02 February 2021</time></p>'
              '<address>By <a href="/author/the-maintainers.html">The maintainers</a></address>'
              '<p>Category: <a href="/category/patch.html">patch</a></p></footer>')
    assert author_of("", rest=PROSE + footer) == "The maintainers"
    # a WordPress theme's byline under a username, lowercase
    assert author_of('<div class="entry-meta"><a href="/author/maintainer/">maintainer</a></div>') \
        == "maintainer"
    # an archive link's label and a category link name no author
    assert author_of('<p><a href="/author/jane/">Posts by Jane</a></p>') is None
    assert author_of('<p><a href="/category/patch/">patch</a></p>') is None


def test_a_block_themes_closing_byline_names_the_author_and_leaves_the_archive():
    # WordPress' block themes close a post with a rule, "by" and the login name, lowercase,
    # in an element classed for the author's name
    items = "".join(f"<li>Fix number {i} of the release, with its pull request.</li>" for i in range(4))
    html = f"""<html><head><title>Release 0.20.1</title></head><body><main>
    <h1>Release 0.20.1</h1><h3>Fixed</h3><ul>{items}</ul><hr>
    <div><p>Posted</p><div><time datetime="2022-05-28T12:00:00+00:00">May 28, 2022</time></div></div>
    <div><p>by</p><div class="wp-block-post-author"><p class="wp-block-post-author__name">maintainer</p>
    </div></div></main></body></html>"""
    leaf = analyze_page(html, "https://notes.example/2022/05/28/release-0-20-1/")
    assert leaf.verdict == "leaf" and leaf.author == "maintainer"
    texts = [b.text for b in leaf.blocks]
    assert texts[-1] == "Fix number 3 of the release, with its pull request."
    # a lowercase word in an element marked for the author, but not for the name, is none
    assert author_of('<p class="author-box">from the</p>') is None


def _story(author_meta: str, byline: str, site: str = "Harbour Gazette") -> str:
    return (f'<html><head><title>Ferry fares rise in spring | {site}</title>'
            f'<meta property="og:site_name" content="{site}">'
            f'<meta name="author" content="{author_meta}"></head><body><main><article>'
            f'<h1>Ferry fares rise in spring</h1>{byline}{PROSE}</article></main></body></html>')


def test_the_sites_own_name_as_author_gives_way_to_the_writers_byline():
    url = "https://www.harbourgazette.example/news/ferry-fares-rise-in-spring"
    assert analyze_page(_story("Harbour Gazette", "<p>By Jane Roe</p>"), url).author == "Jane Roe"
    assert analyze_page(_story("harbourgazette.example", "<p>By Jane Roe</p>"), url).author \
        == "Jane Roe"
    # no byline: the publisher is all the page names
    assert analyze_page(_story("Harbour Gazette", ""), url).author == "Harbour Gazette"
    # a writer's name in the metadata stays, whatever the byline
    assert analyze_page(_story("John Doe", "<p>By Jane Roe</p>"), url).author == "John Doe"


def test_an_author_field_escaped_twice_or_holding_a_placeholder():
    assert author_name("Redacci&oacute;n Diario") == "Redacción Diario"
    for placeholder in ("null", "undefined", "No Author", "admin", "Administrator", "N/A"):
        assert author_name(placeholder) is None, placeholder
    assert author_name("Adminah Roe") == "Adminah Roe"


def test_an_hcard_marked_as_the_author_names_them_by_its_formatted_name():
    # WordPress themes print the byline as an hCard: a one-word handle is a name there
    assert author_of('<h4 class="vcard author">vom <span class="fn">Krimiblogger</span></h4>') \
        == "Krimiblogger"
    # an hCard that is no author's (a commenter's, a venue's) names no author
    assert author_of('<div class="vcard"><span class="fn">Krimiblogger</span></div>') is None


def test_a_label_ending_in_a_particle_is_no_name():
    # German "Posted by" before the hCard's name: "von" ends no name, so the name after it is read
    assert author_of('<p class="byline"><span class="screen-reader-text">Veröffentlicht von</span>'
                     '<span class="author vcard"><a class="url fn n" href="/author/cj/">Chris Jung'
                     '</a></span></p>') == "Chris Jung"
    assert author_of('<p class="post-author vcard">Eingestellt von <span class="fn">der Michel'
                     '</span></p>') == "der Michel"


def test_an_author_archive_link_written_as_a_sentence_gives_the_name_after_its_by():
    from pipelines.metadata.byline import named_after_by
    page = ('<html><head><title>Elektro</title></head><body><article><h1>Elektro</h1>' + PROSE +
            '<p class="author-bio"><a class="author-link" href="/author/basman/" rel="author">'
            'Zeige alle Beiträge von Cem Basman</a></p></article></body></html>')
    assert analyze_page(page, "https://blog.example/2019/11/17/elektro/").author == "Cem Basman"
    assert named_after_by("View all posts by Jane Roe") == "Jane Roe"
    assert named_after_by("Max von Sydow") == "Max von Sydow"     # a name whole


def test_a_login_in_the_author_field_yields_to_the_byline_name_on_an_article():
    def page(login):
        return (f'<html><head><title>A post</title><meta name="author" content="{login}"></head>'
                f'<body><main><article><h1>A post</h1><p>By Andrew Keaveney</p>{PROSE}'
                '</article></main></body></html>')
    for login in ("andrew.keaveney", "akeaveney", "akeaveney_42"):
        assert analyze_page(page(login), "https://blog.example/2024/05/a-post/").author \
            == "Andrew Keaveney", login
    # a name stays the author; without a byline the login is kept
    assert analyze_page(page("Andy K."), "https://blog.example/2024/05/a-post/").author == "Andy K."
    bare = page("andrew.keaveney").replace("<p>By Andrew Keaveney</p>", "")
    assert analyze_page(bare, "https://blog.example/2024/05/a-post/").author == "andrew.keaveney"


def test_a_label_before_the_name_in_the_authors_element_is_no_part_of_it():
    for label in ("Erstellt von", "Written by", "Posted by"):
        assert author_of(f'<span class="news-list-author">{label} Andri Roe</span>') == "Andri Roe"


def test_an_author_list_signed_last_with_the_outlet_keeps_the_writers():
    def author(field):
        html = (f'<html><head><title>A story</title><meta property="og:site_name" content="CNN">'
                f'<meta name="author" content="{field}"></head><body><main><article>'
                f'<h1>A story</h1>{PROSE}</article></main></body></html>')
        return analyze_page(html, "https://edition.example/2024/05/a-story/").author
    assert author("Rob Roe, CNN") == "Rob Roe"
    assert author("Rob Roe, Ann Doe, CNN") == "Rob Roe, Ann Doe"
    # led by the outlet's name it is the outlet's address, and a writer alone stays
    assert author("Rob Roe") == "Rob Roe"
    assert author("CNN, Atlanta") == "CNN, Atlanta"


def test_a_byline_in_the_pages_language():
    def author_in(lang: str, head_of_post: str, title: str = "A post") -> str | None:
        html = (f"<html lang='{lang}'><body><main><article><h1>{title}</h1>{head_of_post}{PROSE}"
                "</article></main></body></html>")
        return byline_author(byline_texts(parse_html(html)), lang)

    assert author_in("de", "<p>Von Claudia Riedler</p>") == "Claudia Riedler"
    assert author_in("de-AT", "<div><span>Von</span> <a href='/a/lp'>Lisa Petrich</a></div>") == "Lisa Petrich"
    assert author_in("fr", "<p>Par Jeanne Roe</p>") == "Jeanne Roe"
    # another language's by-word, or the word inside a sentence or a quote, names no one
    assert author_in("en", "<p>Von Claudia Riedler</p>") is None
    assert author_in("en", "<p>Fine print</p>", title="Door Locks Explained") is None
    assert author_in("es", "<p><b>KARLA ROE: POR SER FAN ENAMORADA</b></p>") is None
    assert author_in("de", "<p>von Georg Roe</p>") is None


def test_an_outlet_typed_as_the_author_yields_to_the_byline():
    ld = ('{"@type": "NewsArticle", "headline": "A post", "author": {"@type": "Organization", '
          '"name": "Harbour Times"}, "publisher": {"@type": "Organization", "name": "Harbour Times"}}')
    html = (f'<html lang="en"><head><title>A post</title><script type="application/ld+json">{ld}'
            '</script></head><body><main><article><h1>A post</h1><p>By Jane Roe</p>'
            + PROSE + '</article></main></body></html>')
    leaf = analyze_page(html, "https://news.example.org/2025/12/a-post-about-things/")
    assert leaf.verdict == "leaf" and leaf.author == "Jane Roe"
    # a person the JSON-LD names, other than its publisher, stays the author
    person = html.replace('"author": {"@type": "Organization"', '"author": {"@type": "Person"') \
        .replace('"name": "Harbour Times"}}', '"name": "Harbour Media"}}')
    assert analyze_page(person, "https://news.example.org/2025/12/a-post-about-things/").author \
        == "Harbour Times"


def test_a_label_of_its_own_before_the_name():
    assert author_of('<div><span>Autor:</span> <span>Fritz Imhof</span></div>') == "Fritz Imhof"
    # after a label a login is a name, in a link to its profile or set as a name is
    assert author_of('<p><span>By</span> <a href="/u/delta201">delta201</a></p>') == "delta201"
    assert author_of('<p><span>Verfasst von:</span> <strong>mitundvoneinander</strong></p>') \
        == "mitundvoneinander"
    # but not a word of a syntax diagram, a number or a date word
    assert author_of('<p><span>GROUP</span> <span>BY</span> <span>expr</span></p>') is None
    assert author_of('<p><span>By</span> <a href="/x">2024</a></p>') is None
    assert author_of('<p><span>By</span> <a href="/x">March</a></p>') is None


def test_the_publishers_company_as_meta_author_gives_way_to_the_json_ld_writers():
    # meta author names the company with its legal form; JSON-LD names the story's writers
    ld = ('{"@type": "NewsArticle", "headline": "Ferry fares rise in spring", "author": '
          '[{"@type": "Person", "name": "Jane Roe"}, {"@type": "Person", "name": "Ann Reid"}], '
          '"publisher": {"@type": "Organization", "name": "Harbour Gazette"}}')
    html = _story("Harbour Gazette GmbH", "").replace(
        "</head>", f'<script type="application/ld+json">{ld}</script></head>')
    url = "https://www.harbourgazette.example/news/ferry-fares-rise-in-spring"
    assert analyze_page(html, url).author == "Jane Roe, Ann Reid"
    # with no writer in the JSON-LD the company stays all the page names
    assert analyze_page(_story("Harbour Gazette GmbH", ""), url).author == "Harbour Gazette GmbH"


def test_an_author_field_with_an_address_or_an_object_encoded_as_a_string():
    assert author_name("Lüder Hoppe info@buero-hoppe.de") == "Lüder Hoppe"
    assert author_name("Jane Roe <jane@harbour.example>") == "Jane Roe"
    # an address alone is what the page names its writer by (a forum's login)
    assert author_name("jroe@harbour.example") == "jroe@harbour.example"
    # ...and a web address beside the name is the writer's or the paper's link
    assert author_name("Frank Roe - http://roe.example") == "Frank Roe"
    assert author_name("Deutsche Welle (www.dw.example)") == "Deutsche Welle"
    assert author_name("The Harbour Times https://www.harbourtimes.example") == "The Harbour Times"
    assert author_name("AC/DC Fan Club") == "AC/DC Fan Club"


def test_an_interviews_credit_label_and_a_sentences_full_stop_leave_the_name():
    # French interviews credit who took them down: "Propos recueillis par …"
    assert author_name("Recueilli par Patrick Roe.") == "Patrick Roe"
    assert author_name("Propos recueillis par Jeanne Roe") == "Jeanne Roe"
    # an initial's stop stays
    assert author_name("John D.") == "John D." and author_name("Martin Roe Jr.") == "Martin Roe Jr."
    ld = ('{"@type": "NewsArticle", "headline": "A post", '
          '"author": "{ \\"@type\\":\\"Person\\", \\"name\\":\\"Alice Wu\\" }"}')
    html = (f'<html><head><title>A post</title><script type="application/ld+json">{ld}'
            '</script></head><body><main><article><h1>A post</h1>' + PROSE
            + '</article></main></body></html>')
    assert analyze_page(html, "https://news.example.org/2025/12/a-post/").author == "Alice Wu"
