from pipelines.indexiness.links import (INLINK, OUTLINK, SELFLINK, TextStats, extract_links, locality,
                                        page_links)


def test_locality_schemes_ports_hosts():
    page = "http://example.org/a/b?x=1"
    assert locality("https://example.org/a/b?x=1#top", page) == SELFLINK   # http ~ https
    assert locality("http://example.org:80/a/b?x=1", page) == SELFLINK     # default port
    assert locality("http://example.org:8080/a/b?x=1", page) == OUTLINK
    assert locality("http://other.org/a/b?x=1", page) == OUTLINK
    assert locality("ftp://example.org/a/b?x=1", page) == OUTLINK
    assert locality("mailto:me@example.org", page) == OUTLINK
    assert locality("http://EXAMPLE.org/a/c", page) == INLINK
    assert locality("http://example.org/a/b?x=2", page) == INLINK


def test_signature_from_tags_roles_and_contained_heading():
    html = ('<body><div role="navigation"><a href="/n">n</a></div>'
            '<header><a href="/h">h</a></header>'
            '<main><section><ul><li><a href="/l">l</a></li></ul>'
            '<table><tr><td><a href="/t">t</a></td></tr></table>'
            '<a href="/big"><h2>Title</h2></a><p><code><a href="/c">c</a></code></p>'
            '<div role="list"><a href="/r">r</a></div></section></main>'
            '<div role="complementary"><a href="/s">s</a></div><footer><a href="/f">f</a></footer></body>')
    links = {lk.text: lk for lk in extract_links(html, "https://example.org/")}
    assert links["n"].has("in_nav") and links["h"].has("in_header")
    assert links["l"].has("in_list") and links["l"].has("in_main") and links["l"].has("in_section")
    assert links["t"].has("in_table") and not links["t"].has("in_list")
    assert links["Title"].has("in_headline")
    assert links["c"].has("in_code") and links["c"].has("in_paragraph")
    assert links["r"].has("in_list")
    assert links["s"].has("in_aside") and links["f"].has("in_footer")


def test_base_href_and_absolute_urls():
    html = '<html><head><base href="https://cdn.example.org/docs/"></head><body><a href="x.html">x</a><a href="#top">top</a></body></html>'
    links = extract_links(html, "https://example.org/page")
    assert links[0].url == "https://cdn.example.org/docs/x.html" and links[0].locality == OUTLINK
    assert links[1].url == "https://example.org/page#top" and links[1].locality == SELFLINK


def test_page_links_http_only_deduped_without_fragment():
    html = '<body><a href="/a#1">a</a><a href="/a#2">a</a><a href="mailto:x@y">m</a><a href="javascript:void(0)">j</a><a href="/b">b</a></body>'
    assert page_links(extract_links(html, "https://example.org/")) == [
        "https://example.org/a", "https://example.org/b"]


def test_locality_fast_path_matches_split():
    from urllib.parse import urlsplit
    page = "http://example.org/a/b?x=1"
    for url in ["http://example.org/a/b?x=1", "http://example.org/a/b?x=1#f", "http://example.org",
                "http://example.org?x=1", "http://example.org/a/b", "http://example.org.evil/a/b?x=1",
                "http://example.org:80/a/b?x=1", "http://example.org/a/\tb?x=1", "http://example.org/#?x"]:
        link, here = urlsplit(url), urlsplit(page)
        same = (link.hostname == here.hostname and link.scheme.rstrip("s") == here.scheme.rstrip("s")
                and (link.port or 80) == (here.port or 80))
        expected = OUTLINK if not same else (
            SELFLINK if (link.path or "/") == (here.path or "/") and link.query == here.query else INLINK)
        assert locality(url, page) == expected, url


def test_resolver_fast_joins_equal_urljoin():
    from urllib.parse import urljoin
    from pipelines.indexiness.links import _Resolver
    from pipelines.indexiness.verbatim_urls import _verbatim_absolute
    page = "https://example.org/docs/a?q=1#top"
    hrefs = ["https://x.org/a?b#c", "http://x.org", "https://x.org/a?", "https://x.org/a#", "http://x.org/a;p",
             "https:///a", "HTTPS://x.org/", "http://[::1]/a", "#frag", "#a#b", "#", "#x\ty", "/root", "../up"]
    resolver = _Resolver(page, page)
    for href in hrefs:
        fast = _verbatim_absolute(href) or resolver._fragment_link(href)
        if fast is not None:
            assert fast == urljoin(page, href), href
        assert resolver.resolve(href)[0] == urljoin(page, href.strip()), href


def test_prices_counts_the_texts_the_price_pattern_finds():
    from pipelines.indexiness.links import PRICE, _prices
    shorts = ["$12.99", "From 12,99 €", "Add to cart", "£", "5 $", "¥ 300", "₹99", "about $ and 5",
              "$5 or $6", "", "12", "€"]
    assert _prices(shorts) == sum(1 for t in shorts if PRICE.search(t)) == 6
    assert _prices([]) == 0 and _prices(["no price here"]) == 0


def test_the_words_of_a_self_link_or_a_placeholder_are_the_pages_own_text():
    from pipelines.indexiness.links import TextStats

    html = ('<html><body><main><a href="#content">Jump to content</a>'
            '<ul><li><a href="#why">Why it matters</a></li></ul>'
            '<p id="why">Twelve characters of prose, then <a href="/other">another page</a>.</p>'
            '<a name="old-anchor">a named anchor</a></main></body></html>')
    stats = TextStats()
    extract_links(html, "https://ex.org/post", stats)
    # only the link to another page: a named anchor is no link at all
    assert stats.link_chars == len("another page")
    assert stats.text_chars == sum(map(len, ("Jump to content", "Why it matters",
                                             "Twelve characters of prose, then", "another page",
                                             ".", "a named anchor")))


def test_dialogs_are_asides_not_content():
    # a Bootstrap-style modal (role=dialog, kept hidden by CSS) and a <dialog> are windows the
    # page opens on demand: their links stay links (a menu in a modal leads on) but are not
    # the content's, and their text and headings are not the page's
    html = ('<body><main><p>Text <a href="/post">post</a></p>'
            '<div class="modal fade" role="dialog" tabindex="-1"><h2>Markdown cheatsheet</h2>'
            '<p>Emphasis, <a href="https://daringfireball.net/">links</a>.</p></div>'
            '<div role="alertdialog"><a href="/confirm">Yes</a></div>'
            '<dialog><a href="/closed">closed</a></dialog></main></body>')
    for stats in (None, TextStats()):
        links = {lk.text: lk for lk in extract_links(html, "https://example.org/", stats)}
        assert set(links) == {"post", "links", "Yes", "closed"}
        assert not links["post"].has("in_aside")
        assert all(links[t].has("in_aside") for t in ("links", "Yes", "closed"))
    stats = TextStats()
    extract_links(html, "https://example.org/", stats)
    assert stats.plain_headings == 0 and stats.text_chars == len("Text") + len("post")


def test_a_main_inside_an_unclosed_nav_is_content_not_chrome():
    # a header's menu left open (<nav><ul><li> never closed) swallows the page, main and all:
    # HTML allows no main inside a nav or header, so what sits in it is the content
    html = ('<body><header><nav><ul><li><a href="/shop">Shop</a>'
            '<div role="main" id="main-content"><div class="sort-order">Sort By</div>'
            '<p>Two bread makers <a href="/p/compact">Compact</a> and '
            '<a href="/p/convection">Convection</a></p></div></body>')
    for stats in (None, TextStats()):
        links = {lk.text: lk for lk in extract_links(html, "https://example.org/", stats)}
        assert links["Shop"].has("in_nav") and links["Shop"].has("in_header")
        for text in ("Compact", "Convection"):
            assert links[text].has("in_main")
            assert not links[text].has("in_nav") and not links[text].has("in_header")
    stats = TextStats()
    extract_links(html, "https://example.org/", stats)
    assert stats.sort_control == '<div class="sort-order">'
    assert stats.link_chars == len("Compact") + len("Convection")
