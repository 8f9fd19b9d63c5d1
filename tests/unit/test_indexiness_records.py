"""Indexiness terms that read record keys and link targets (url_identity): a paged forum
thread is one piece of content; a listing links to content-shaped and keyed pages."""
import pytest

from pipelines.indexiness import score as ix
from pipelines.indexiness import seed_formula as seed
from pipelines.htmlparse import parse_html


def _thread(url: str) -> str:
    posts = "".join(
        f'<div class="post"><a href="/member.php?u={100 + i}">user{i}</a>'
        f'<p>{"A reply that says something of its own. " * 6}</p></div>' for i in range(6))
    pager = ('<div class="pagination"><a href="%s&page=2">2</a><a href="%s&page=3">3</a>'
             '<a rel="next" href="%s&page=2">Next</a></div>') % (url, url, url)
    return f"<html><body><main><h1>Which bike?</h1>{posts}{pager}</main></body></html>"


def _score(html: str, url: str):
    return ix.score_tree(parse_html(html), url)[0]


def test_a_query_naming_one_record_offsets_the_query_term():
    url = "https://forum.example.org/showthread.php?t=186269"
    r = _score(_thread(url), url)
    assert r.counts["query"] == 1 and r.counts["query_record"] == 1
    assert r.breakdown["query_record"] < 0
    listing = "https://shop.example.org/shoes?sort=price"
    assert _score(_thread(listing), listing).counts["query_record"] == 0


def test_a_pager_on_a_keyed_path_is_a_long_thread_not_a_listing():
    url = "https://forum.example.org/topic/188682-which-bike/"
    r = _score(_thread(url + "?x=1"), url)
    assert r.counts["pagination"] == 1 and r.counts["paginated_record"] == 1
    assert r.breakdown["paginated_record"] == ix.PAGINATED_RECORD < 0
    # and /topic/<key>-slug is not the archive of a topic
    assert r.counts["url_taxonomy"] == 0
    tag = "https://blog.example.org/topic/bikes/"
    assert _score(_thread(tag + "?x=1"), tag).counts["url_topic"] == 1


def test_a_pager_on_a_thread_address_is_a_long_thread():
    # Spirit's /topic/<key>/<slug>/, Discourse's /t/<slug>/<key>: the key in a segment of its own
    for url in ("https://forum.example.org/topic/458/which-bike/?page=3",
                "https://forum.example.org/t/which-bike/3275?page=2"):
        r = _score(_thread(url), url)
        assert r.counts["pagination"] == 1 and r.counts["url_thread"] == 1
        assert r.counts["paginated_record"] == 1, url
    # a category's pager is no thread's
    category = "https://forum.example.org/c/bikes/?page=2"
    assert _score(_thread(category), category).counts["paginated_record"] == 0


def test_a_threads_page_n_is_no_listing_and_its_query_filters_nothing():
    # FlaskBB pages a topic as /topic/44?page=2: the thread's page 2, not a listing's
    url = "https://forum.example.org/topic/44?page=2"
    r = _score(_thread(url), url)
    assert r.counts["url_thread"] == 1 and r.counts["url_listing"] == 0
    assert r.counts["query"] == 1 and r.counts["query_record"] == 1
    assert r.breakdown["query"] + r.breakdown["query_record"] == 0
    # a board's page 2 is a listing's, and its query stands
    board = "https://forum.example.org/forum/3-bikes?page=2"
    b = _score(_thread(board), board)
    assert b.counts["url_listing"] == 1 and b.counts["query_record"] == 0


def test_listing_targets_are_content_and_records_landing_targets_are_sections():
    teasers = "".join(
        f'<article><h2><a href="/2024/0{i % 9 + 1}/a-post-about-thing-{i}/">A post about thing {i}</a>'
        f'</h2><p>An excerpt of the post.</p></article>' for i in range(8))
    cards = "".join(
        f'<div class="card"><h2>Feature {i}</h2><p>{"What it does for you. " * 8}</p>'
        f'<a href="/features/f{i}">Learn more</a></div>' for i in range(8))
    listing = _score(f"<body><main>{teasers}</main></body>", "https://x.org/blog/")
    landing = _score(f"<body><main>{cards}</main></body>", "https://x.org/product")
    assert listing.counts["content_targets"] == 8
    assert landing.counts["content_targets"] == 0
    assert landing.counts["plain_headings"] == 8 and landing.breakdown["plain_headings"] < 0
    assert listing.score > 0 > landing.score


def test_tracking_parameters_add_no_query_term():
    # a leaf reached from a search result keeps its verdict: srsltid/utm_* filter nothing
    page = _thread("https://x.example.org/post")
    plain = _score(page, "https://x.example.org/how-to-pick-a-bike")
    tagged = _score(page, "https://x.example.org/how-to-pick-a-bike?srsltid=AfmBOo&utm_source=g")
    assert tagged.counts["query"] == 0 and tagged.score == plain.score
    assert _score(page, "https://x.example.org/bikes?sort=price&utm_source=g").counts["query"] == 1


def test_a_shop_platforms_category_path_counts_as_a_catalog():
    page = _thread("https://shop.example.org/x")
    r = _score(page, "https://shop.example.org/collections/mens-socks")
    assert r.counts["url_catalog"] == 1 and r.breakdown["url_catalog"] == ix.URL_CATALOG > 0
    product = _score(page, "https://shop.example.org/collections/mens-socks/products/blue-sock")
    assert product.counts["url_catalog"] == 0
    assert r.score - product.score >= ix.URL_CATALOG
    # a long category handle is no title: no content-slug evidence under a catalog path
    long = _score(page, "https://shop.example.org/collections/womens-insulated-down-jackets")
    assert long.counts["url_catalog"] == 1
    assert long.counts["url_content"] == 0 and long.counts["slug_words"] == 0


def test_a_forum_platforms_thread_address_outweighs_its_pager_and_query():
    # a long vBulletin thread: a pager and a numeric query, yet one discussion
    url = "https://forum.example.org/showthread.php?t=186269"
    r = _score(_thread(url), url)
    assert r.counts["url_thread"] == 1 and r.breakdown["url_thread"] == ix.URL_THREAD < 0
    assert r.score < 0
    board = "https://forum.example.org/forumdisplay.php?f=12"
    assert _score(_thread(board), board).counts["url_thread"] == 0


def test_a_shop_platforms_product_address_outweighs_its_price_list():
    # a store page: many prices (editions, bundles) and links to other products, as on a
    # catalog, but at one product's keyed address
    grid = "".join(f'<div class="card"><a href="/app/{500 + i}/Game_{i}/">Game {i}</a>'
                   f'<span>${i + 4}.99</span></div>' for i in range(8))
    about = "<p>" + "Survive, build and trade on an island that does not forgive. " * 6 + "</p>"
    page = (f"<html><body><main><h1>A game</h1>{about * 3}<button>Add to cart</button>"
            f"<h2>More like this</h2>{grid}</main></body></html>")
    url = "https://store.example.org/app/252490/Rust/"
    r = _score(page, url)
    assert r.counts["url_product"] == 1 and r.breakdown["url_product"] == ix.URL_PRODUCT < 0
    assert r.counts["many_prices"] == 1
    front = _score(page, "https://store.example.org/games/")
    assert front.counts["url_product"] == 0
    # the same page at a front's address reads as the catalog it resembles
    assert front.score - r.score == pytest.approx(-ix.URL_PRODUCT)
    assert r.score < 0 < front.score


def test_child_targets_count_pages_filed_under_the_pages_own_path():
    from pipelines.indexiness.url_identity import child_targets
    targets = ["https://x.org/blog/a-post", "https://x.org/blog/b-post/", "https://x.org/blog/",
               "https://x.org/blog?page=2", "https://x.org/blogroll", "https://x.org/about"]
    assert child_targets(targets, "https://x.org/blog/", 20) == 2
    # a folder's index file names the folder
    assert child_targets(targets, "https://x.org/blog/index.html", 20) == 2
    assert child_targets(targets, "https://x.org/blog/a-post", 20) == 0
    assert child_targets(targets, "https://x.org/blog/", 1) == 1
    # every page of a site is under its home: a home counts none
    assert child_targets(targets, "https://x.org/", 20) == 0


def test_a_section_linking_the_pages_beneath_it_reads_more_index_than_one_linking_across():
    cards = "".join(
        f'<div class="card"><h2>Course {i}</h2><p>{"What the course teaches you. " * 8}</p>'
        f'<a href="/courses/data/course-{i}">Details</a></div>' for i in range(8))
    page = f"<body><main>{cards}</main></body>"
    below = _score(page, "https://x.org/courses/data")
    across = _score(page, "https://x.org/learning-data")
    assert below.counts["child_targets"] == 8 and across.counts["child_targets"] == 0
    assert below.breakdown["child_targets"] == 8 * ix.CHILD_TARGET > 0
    assert below.score > across.score


def test_a_buy_buttons_label_is_all_its_text():
    # frameworks wrap a button's words in a <span> beside a spinner or an icon
    for button in ('<button type="submit">Add to cart</button>',
                   '<button><svg></svg><span class="label">Add to cart</span></button>'):
        page = (f"<body><main><h1>Moray driver kit</h1><p>{'A kit that fits. ' * 20}</p>"
                f"<p>$24.99</p>{button}</main></body>")
        r = _score(page, "https://shop.example.org/products/moray-driver-kit")
        assert r.counts["one_buy_button"] == 1, button
        assert r.breakdown["one_buy_button"] == ix.ONE_BUY_BUTTON < 0


def test_a_score_zero_by_hand_is_zero_not_a_float_residue():
    parts = {"link_targets": 3 * 0.7, "outlinks": 3 * -0.7, "a": 0.1, "b": 0.2, "c": -0.3}
    assert sum(parts.values()) != 0          # floating point leaves a residue...
    assert seed.score_total(parts) == 0.0      # ...which the score does not keep
    assert str(seed.score_total({"x": -0.1, "y": 0.1})) == "0.0"


def test_a_members_page_is_no_document():
    # a member's posts shown whole read as a leaf by their citations and headings; the
    # platform's address for them says whose archive it is
    posts = "".join(
        f'<div class="card"><div class="card-header"><a href="/post/{i}"><strong>Release {i}</strong>'
        f'</a></div><h4>Fixed</h4><ul><li>{"A fix of something. " * 4}'
        f'<a href="https://github.example/pull/{i}">#{i}</a></li></ul></div>' for i in range(6))
    html = f"<html><body><main><h1>ada</h1>{posts}</main></body></html>"
    members = _score(html, "https://forum.example.org/user/ada/posts")
    assert members.counts["url_people"] == 1 and members.breakdown["url_people"] == ix.URL_PEOPLE
    blog = _score(html, "https://blog.example.org/notes/ada-posts")
    assert members.score - blog.score >= ix.URL_PEOPLE
