from pipelines.htmlparse import parse_html
from pipelines.indexiness.links import extract_links
from pipelines.page import analyze_page
from pipelines.indexiness.pagination import pagination_links

URL = "https://blog.example/"


def pager(html, url=URL):
    root = parse_html(html)
    return pagination_links(extract_links(root, url), root, url)


def test_rel_next_in_head_and_numbered_pager_in_nav():
    html = """<html><head><link rel="next" href="/page/2/"></head><body>
    <nav class="pagination"><a href="/page/2/">2</a><a href="/page/3/">3</a>
    <a href="/page/2/">Older posts</a></nav><nav><a href="/about/">About</a></nav></body></html>"""
    assert pager(html) == [URL + "page/2/", URL + "page/3/"]


def test_query_string_pages_and_arrows():
    html = '<div><a href="?page=2">»</a> <a href="/archive?page=5">5</a> <a href="/posts/5/">Five tips</a></div>'
    assert pager(html, URL + "archive") == [URL + "archive?page=2", URL + "archive?page=5"]


def test_numbers_and_words_outside_a_pager_need_a_page_shaped_url():
    html = '<p><a href="/chapters/two">2</a> <a href="/blog/next-steps/">Next</a></p>'
    assert pager(html) == []


def test_a_sidebar_archive_of_years_is_no_pager():
    # Blogger's and WordPress's archive widget links each year by its number, at /2024/
    years = "".join(f'<li><a href="/{y}/">{y}</a></li>' for y in range(2024, 2016, -1))
    post = URL + "2008/09/lean-startup.html"
    html = f"<body><article><p>A post.</p></article><div><ul>{years}</ul></div></body>"
    assert pager(html, post) == []
    numbered = html.replace("<div>", '<div><a href="/page/2/">2</a><a href="/page/3/">3</a>')
    assert pager(numbered, URL) == [URL + "page/2/", URL + "page/3/"]


def test_years_of_an_archive_under_a_folder_are_no_pager():
    # MkDocs Material's blog lists its archive's years in every page's sidebar, under /blog/
    years = "".join(f'<li><a href="/blog/archive/{y}/">{y}</a></li>' for y in range(2026, 2019, -1))
    doc = URL + "guide/threadpool/"
    assert pager(f"<body><nav><ul>{years}</ul></nav><main><p>A doc.</p></main></body>", doc) == []
    # a listing's pages under a folder still page it
    paged = '<body><main><a href="/blog/page/2/">2</a><a href="/blog/page/3/">3</a></main></body>'
    assert pager(paged, URL + "blog/") == [URL + "blog/page/2/", URL + "blog/page/3/"]


def test_offsite_rel_next_is_ignored():
    assert pager('<head><link rel="next" href="https://other.example/page/2/"></head>') == []


def test_index_page_follows_its_pager_even_inside_nav():
    teasers = "".join(f'<li><h2><a href="/posts/p{i}/">Post {i}</a></h2></li>' for i in range(5))
    html = f"""<html><body><main><ul>{teasers}</ul>
    <nav class="pagination"><a href="/page/2/">Next page</a></nav></main></body></html>"""
    analysis = analyze_page(html, URL)
    assert analysis.verdict == "index"
    assert URL + "page/2/" in analysis.follow_links
    assert URL + "posts/p0/" in analysis.follow_links


URLS = ["https://x.org/page/2", "https://x.org/page/2/", "https://x.org/p/3", "https://x.org/a?page=2",
        "https://x.org/a?x=1&paged=3", "https://x.org/2019/", "https://x.org/blog-page-2.html",
        "https://x.org/blog_page3.htm/", "https://x.org/index2.html", "https://x.org/index2.html/",
        "https://x.org/a/12\n", "https://x.org/page/\u0663", "https://x.org/a?offset=", "https://x.org/PAGE/4",
        "https://x.org/INDEX5.HTM", "/5", "5", "", "/", "https://x.org/a?q=1/7", "https://x.org/about.html"]
TEXTS = ["1", "0", "05", "10", "12345", "\u0663", "Next", "NEXT", "next »", "next»", "« prev", "‹previous", "»»",
         "older posts", "Load More", "news", "1 2", "2\n", "Ｎext", "", "More posts", "⟨", "⟫", "〉",
         "<", ">>", "<>", ">>>"]


def test_page_url_and_pager_text_tests_are_the_regexes():
    from pipelines.indexiness.pagination import PAGE_URL, PAGER_TEXT, is_page_url, is_pager_text
    assert [is_page_url(u) for u in URLS] == [PAGE_URL.search(u) is not None for u in URLS]
    assert [is_pager_text(t) for t in TEXTS] == [PAGER_TEXT.match(t) is not None for t in TEXTS]


def test_pelicans_numbered_listing_files_and_angle_brackets():
    # Pelican's default themes: author/jane.html, author/jane2.html… under &lang; &rang;
    html = ("<body><main><h1>Jane</h1><nav><ul><li><a href='/author/jane.html'>&Lang;</a></li>"
            "<li><a href='/author/jane3.html'>&lang;</a></li><li>Page 4 / 9</li>"
            "<li><a href='/author/jane5.html'>&rang;</a></li></ul></nav>"
            "<p><a href='/author/janet.html'>&rang;</a> <a href='/about.html'>&rang;</a></p></main></body>")
    page = URL + "author/jane4.html"
    assert pager(html, page) == [URL + "author/jane.html", URL + "author/jane3.html",
                                 URL + "author/jane5.html"]
    assert analyze_page(html, page).counts["pagination"] == 1
    # a numbered post's neighbours are other posts, not its pages
    post = URL + "release-1-2.html"
    assert pager("<body><nav><a href='/release-1-3.html'>&rang;</a></nav></body>", post) == []


def test_nikolas_numbered_index_files():
    # Nikola numbers its home pages index-1.html … index-9.html under "Newer/Older posts"
    html = ("<body><main><article><h2><a href='/posts/a/'>A</a></h2></article><nav><ul class='pager'>"
            "<li class='previous'><a href='/index-5.html' rel='prev'>Newer posts</a></li>"
            "<li class='next'><a href='/index-3.html' rel='next'>Older posts</a></li></ul></nav></main></body>")
    page = URL + "index-4.html"
    assert pager(html, page) == [URL + "index-5.html", URL + "index-3.html"]
    assert analyze_page(html, page).counts["pagination"] == 1


def _pagination_term(html, url):
    return analyze_page(html, url).counts["pagination"]


def test_a_posts_links_to_its_neighbours_are_no_pager():
    # WordPress's post navigation: the previous and next posts, titled, addressed by their
    # record keys (?p=N, /N); the theme wraps them in .nav-links, a pager's class
    body = "<p>" + "The post's own words. " * 60 + "</p>"
    for post, prev, nxt in (("?p=2895", "?p=2866", "?p=2905"), ("822", "811", "830")):
        html = f"""<body><main><article><h1>A post</h1>{body}</article>
        <nav class="navigation post-navigation"><div class="nav-links">
        <a rel="prev" href="/{prev}">Previous post: Spring in the garden</a>
        <a rel="next" href="/{nxt}">Next post: Summer plans</a></div></nav></main></body>"""
        assert _pagination_term(html, URL + post) == 0, post


def test_a_recent_posts_comment_count_of_zero_is_no_page_number():
    # WordPress themes list recent posts in a sidebar, each with its comments' count linked
    # to the post's #comments: "0" is a count, not page 0 of this post's sequence
    body = "<p>" + "The post's own words. " * 60 + "</p>"
    recent = "".join(f'<li><a href="/?p={n}">Test drive number {n}</a>'
                     f'<a class="comment-count" href="/?p={n}#comments">0</a></li>'
                     for n in (31035, 30892, 30673))
    html = f"""<body><main><article><h1>A post</h1>{body}</article></main>
    <div class="sidebar"><ul>{recent}</ul></div></body>"""
    assert _pagination_term(html, URL + "?p=31228") == 0
    # a pager's numbers start at 1
    numbered = html.replace("</main>", '<div class="pages"><a href="/?p=2">2</a><a href="/?p=3">3</a></div></main>')
    assert _pagination_term(numbered, URL) == 1


def test_a_listings_numbered_pages_by_record_like_shapes_still_page_it():
    # a shop's ?p=2 and a news list's /news/2: small numbers, or a pager's words
    teasers = "".join(f'<li><h2><a href="/item-{i}.html">Item {i}</a></h2></li>' for i in range(8))
    shop = f'<body><main><ul>{teasers}</ul><div class="pager"><a href="?p=2"></a></div></main></body>'
    assert _pagination_term(shop, URL + "dresses.html") == 1
    news = f'<body><main><ul>{teasers}</ul><a href="/news/1">1</a> <a href="/news/3">3</a></main></body>'
    assert _pagination_term(news, URL + "news/2") == 1


def test_a_pager_of_the_section_under_an_article_pages_the_section_not_the_article():
    # news sites list their section's latest stories under an article, pager and all: those
    # pages number the section's listing (/news/page-2), a sequence the article is not in
    teasers = "".join(f'<li><h3><a href="/news/story-{i}-of-the-week">Story {i}</a></h3></li>'
                      for i in range(6))
    pages = "".join(f'<li><a href="/news/page-{n}">{n}</a></li>' for n in (2, 3, 4))
    body = "<p>" + "The article's own words about the harbour. " * 40 + "</p>"
    html = (f'<body><main><article><h1>The harbour reopens</h1>{body}</article><section>'
            f'<ul>{teasers}</ul><nav class="pagination"><ul>{pages}</ul></nav></section>'
            f'</main></body>')
    assert _pagination_term(html, URL + "news/the-harbour-reopens-after-the-storm") == 0
    # the same pager on the section's own first and second pages numbers them
    assert _pagination_term(html, URL + "news") == 1
    assert _pagination_term(html, URL + "news/page-2") == 1


SPLIT_POST = "https://blog.example/2023/05/the-long-river-story/"


def _split_post_part(n: int) -> str:
    # WordPress' <!--nextpage-->: "Pages: 1 2 3" under each part's text (.page-links)
    prose = "".join(f"<p>Part {n}, paragraph {i}: the river rose through the night and the town "
                    f"watched the levee hold, as the engineers had promised it would.</p>"
                    for i in range(8))
    pages = " ".join(f'<span class="current">{k}</span>' if k == n else
                     f'<a class="post-page-numbers" href="{SPLIT_POST}{k}/">{k}</a>' for k in (1, 2, 3))
    recent = "".join(f'<li><a href="/2023/0{i}/post-number-{i}/">Post number {i} about rivers</a></li>'
                     for i in range(1, 6))
    return (f'<html><head><title>The long river story</title></head><body><nav><a href="/">Home</a>'
            f'<a href="/blog/">Blog</a></nav><main><article><h1>The long river story</h1>'
            f'<div class="entry-content">{prose}<div class="page-links">Pages: {pages}</div></div>'
            f'</article></main><aside><ul>{recent}</ul></aside></body></html>')


def test_every_part_of_a_post_split_over_pages_is_a_leaf():
    for n in (1, 2, 3):
        url = SPLIT_POST if n == 1 else f"{SPLIT_POST}{n}/"
        result = analyze_page(_split_post_part(n), url)
        assert result.verdict == "leaf", (n, result.score, result.breakdown)
        assert f"Part {n}, paragraph 7" in "\n".join(b.text for b in result.blocks)


def test_a_split_posts_pages_read_page_n_and_its_byline_links_its_author():
    # Twenty Twenty-One's <nav class="page-links">: "Page 1" "Page 2" "Page 3", each link
    # named post-page-numbers, and a byline linking the author's archive. The first part is
    # paged (its later parts continue it), as one piece of content
    html = _split_post_part(1).replace('<div class="page-links">Pages: ', '<nav class="page-links">')
    html = html.replace(f'">2</a>', '">Page 2</a>').replace(f'">3</a>', '">Page 3</a>')
    html = html.replace('<span class="current">1</span>', '<span class="current">Page 1</span>')
    html = html.replace("<h1>The long river story</h1>",
                        '<h1>The long river story</h1><p>By <a href="/author/jane/">Jane</a></p>')
    result = analyze_page(html, SPLIT_POST)
    assert result.verdict == "leaf"
    assert result.counts["pagination"] == 1 and result.counts["paginated_record"] == 1
    assert result.continuation_links == [f"{SPLIT_POST}2/", f"{SPLIT_POST}3/"]


def test_a_split_post_at_any_address_is_a_leaf_and_a_listing_beside_its_pager_an_index():
    # what the pages hold tells them apart, not the address: /story/ names no title
    story = "https://blog.example/story/"
    prose = "".join(f"<p>The keeper wrote down the weather, hour by hour, through night {i}, "
                    "and what the sea did to the rocks below the light.</p>" for i in range(6))

    def page(n, body):
        pager = " ".join(f'<a href="{story}{"" if k == 1 else f"{k}/"}">{k}</a>' for k in (1, 2, 3) if k != n)
        return (f'<html><head><title>A long story</title></head><body><main><article><h1>A long story'
                f'</h1><time datetime="2024-03-05">March 5, 2024</time>{body}<div class="page-links">Pages: {pager}</div></article></main></body></html>')

    for n in (1, 2, 3):
        result = analyze_page(page(n, prose), story if n == 1 else f"{story}{n}/")
        assert result.verdict == "leaf", (n, result.breakdown)
    teasers = "".join(f'<h2><a href="/story-{i}/">Story {i}</a></h2><p>The opening lines of story '
                      f'{i}, about the sea.</p>' for i in range(6))
    assert analyze_page(page(1, teasers), story).verdict == "index"


def test_a_page_number_continues_content_addresses_only():
    from pipelines.indexiness.url_shape import continues_content

    for url in (SPLIT_POST + "2/", "https://news.example/world/rivers-rise-in-the-north?page=2",
                "https://news.example/the-long-river-story/page/3"):
        assert continues_content(url), url
    for url in ("https://blog.example/blog/page/2/", "https://blog.example/category/river-news/page/2/",
                "https://news.example/news?page=2", "https://blog.example/2023/05/",
                SPLIT_POST):
        assert not continues_content(url), url


def _post_with_paged_lists(loops: int, url: str) -> str:
    """A short post followed by `loops` lists of other posts, each paged in place by its own
    parameter (WordPress' Query Loop blocks, as on the post's first page)."""
    prose = "".join(f"<p>Paragraph {i} of a short post about the release, with a sentence or two "
                    "of what changed and why it matters to the people who use it.</p>" for i in range(6))
    lists = ""
    for n in range(1, loops + 1):
        items = "".join(f'<li><h2><a href="/2024/0{k}/0{k}/release-{n}-{k}/">Release {n}.{k}</a></h2>'
                        f'<time>March {k}, 2024</time></li>' for k in range(1, 4))
        pages = "".join(f'<a class="page-numbers" href="{url}?query-{n}-page={p}">{p}</a>'
                        for p in (2, 3, 19))
        lists += (f'<h2>More releases</h2><div class="wp-block-query"><ul>{items}</ul>'
                  f'<nav class="pagination">{pages}<a href="{url}?query-{n}-page=2">Next Page</a></nav></div>')
    return (f'<html><head><title>Release 1.4</title></head><body><nav><a href="/">Home</a></nav><main>'
            f'<h1>Release 1.4</h1><div class="entry-content">{prose}{lists}</div></main></body></html>')


def test_a_post_with_several_paged_lists_of_other_posts_is_a_leaf():
    # several pagers, each paging its own list in place, page widgets of the post; a shop's
    # category paged in place by one parameter is still a listing's own pager
    url = "https://blog.example/2024/08/05/release-1-4/"
    result = analyze_page(_post_with_paged_lists(3, url), url)
    assert result.verdict == "leaf", (result.score, result.breakdown)
    # they are no pager of the post's own: neither pagination nor its offset counts
    assert result.counts["pagination"] == 0 and result.counts["paginated_record"] == 0
    one = analyze_page(_post_with_paged_lists(1, url), url)
    assert one.counts["pagination"] == 1 and one.counts["paginated_record"] == 0


def test_pagers_in_place_are_counted_by_the_parameter_each_varies():
    from pipelines.indexiness.url_shape import in_place_pagers

    page = "https://shop.example/cat/desks-20649/?sort=price"
    # a shop's one pager beside its sort and page-size choices, and a pager to another path
    assert in_place_pagers([page + "&page=2", page + "&page=3", page + "&ps=48",
                            "https://shop.example/cat/desks-20649/?sort=name",
                            "https://shop.example/other/?page=2"], page) == {"page"}
    # a link that changes the page and something else at once (Hacker News' ?n=31&next=…)
    assert in_place_pagers([page + "&n=2&next=4217"], page) == set()
    post = "https://blog.example/a-post/"
    assert in_place_pagers([post + "?query-1-page=2", post + "?query-1-page=3", post + "?query-2-page=2"],
                           post) == {"query-1-page", "query-2-page"}
