"""url_identity: URLs that name one record versus URLs of a listing."""
import pytest

from pipelines.indexiness.url_identity import (
    _target_shapes_each, is_content_path, is_record_path, path_has_record_id,
    query_names_record, target_path, target_shapes,
)
from pipelines.indexiness.url_shape import term_is_record


@pytest.mark.parametrize("url", [
    "https://forum.example.org/showthread.php?t=186269",
    "https://bbs.example.org/viewtopic.php?id=309936",
    "https://community.example.org/index.php?topic=589061.0",
    "https://blog.example.org/?p=1234",
])
def test_a_numeric_key_in_the_query_names_a_record(url):
    assert query_names_record(url)


@pytest.mark.parametrize("url", [
    "https://shop.example.org/shoes?page=12",
    "https://shop.example.org/shoes?sort=price&start=100",
    "https://blog.example.org/?p=2",              # a page number, not a record key
    "https://shop.example.org/search?q=12345",    # a search, even for a number
    "https://shop.example.org/shoes",
    "https://shop.example.org/shoes?colour=red",
])
def test_paging_filtering_and_words_do_not(url):
    assert not query_names_record(url)


@pytest.mark.parametrize("url, expected", [
    ("https://forum.example.org/topic/188682-new-pc-case/", True),
    ("https://shop.example.org/item/1005010537563439.html", True),
    ("https://shop.example.org/dp/B0D1XD1ZV3/1234567", True),
    ("https://blog.example.org/2019/05/", False),          # a year is not a record key
    ("https://blog.example.org/2019/05/a-long-post/", False),
    ("https://blog.example.org/page/12/", False),
    ("https://blog.example.org/tags/rust/", False),
])
def test_record_ids_in_paths(url, expected):
    assert path_has_record_id(url) is expected


def test_a_taxonomy_term_that_is_a_record_key_plus_slug():
    assert term_is_record("188682-new-pc-case")
    assert not term_is_record("rust")
    assert not term_is_record("2019")


@pytest.mark.parametrize("url, path", [
    ("https://a.example/x/y?q=1#f", "/x/y"),
    ("https://a.example:8080/x/#top", "/x/"),
    ("https://a.example", "/"),
    ("https://a.example?q=1", "/"),
    ("https://a.example?next=/2019/05/a-post/", "/"),    # a path in the query is not the path
])
def test_target_path_cuts_scheme_host_query_and_fragment(url, path):
    assert target_path(url) == path


@pytest.mark.parametrize("path, expected", [
    ("/2019/05/a-post/", True),              # dated slug
    ("/how-to-fix-a-bike", True),           # a title as slug
    ("/why-we-do-it.html", True),
    ("/how-to-fix", False),                 # three words: a section as often as a post
    ("/tags/rust/", False),
    ("/a/b/c/d", False),
    ("/", False),
])
def test_content_shaped_paths(path, expected):
    assert is_content_path(path) is expected


def test_record_paths():
    assert is_record_path("/topic/188682-new-case/")
    assert not is_record_path("/2019/05/")


TARGETS = [
    "https://x.org/2019/05/a-post/", "https://x.org/how-to-fix-a-bike",
    "https://x.org/how-to-fix-a-bike//", "https://x.org/why-we-do-it.html?ref=a-b-c-d",
    "https://x.org/how-to-fix", "https://x.org/tags/rust/", "https://a-b-c-d.example/",
    "https://a-b-c-d.example", "https://x.org?next=/2019/05/a-post/", "https://x.org/a//b-c-d-e",
    "https://x.org/topic/188682-new-case/", "https://x.org/dp/B0D1X/123456",
    "https://12345.example/about", "https://x.org:12345/about", "https://x.org/p?id=123456",
    "https://x.org/2019/05/", "https://x.org/2019/05/12/", "https://x.org/a_b+c-d#x-y-z-w",
]


def test_target_shapes_inlined_match_the_per_url_tests():
    content = sum(is_content_path(target_path(u)) for u in TARGETS)
    records = sum(is_record_path(target_path(u)) for u in TARGETS)
    assert target_shapes(TARGETS, 100) == _target_shapes_each(TARGETS, 100) == (content, records)
    assert target_shapes(TARGETS, 3) == (3, 2)
    assert target_shapes(["https://x.org/a-b-c-d\nhttps://x.org/1-x"], 9) == \
        _target_shapes_each(["https://x.org/a-b-c-d\nhttps://x.org/1-x"], 9)
    assert target_shapes([], 5) == (0, 0)


def test_a_posts_window_of_a_thread_is_named_by_its_canonical():
    from pipelines.indexiness.url_identity import is_post_window
    topic = "https://forum.x.org/topic/56/exceptions-guide"
    # NodeBB's and Discourse's post permalinks land on the thread's window around the post
    assert is_post_window(topic + "/16", topic + "?page=2")
    assert is_post_window("https://d.x.org/t/which-flour/123/45", "https://d.x.org/t/which-flour/123")
    # the thread itself, another site, a canonical the site names wrongly (its home, a section)
    assert not is_post_window(topic, topic + "?page=2")
    assert not is_post_window(topic + "/16", "https://other.org/topic/56/exceptions-guide")
    assert not is_post_window("https://x.org/blog/5", "https://x.org/")
    assert not is_post_window(topic + "/16/replies", topic)
    assert not is_post_window(topic + "/16", None)


def test_a_discussions_window_is_marked_and_an_articles_page_2_is_not():
    from pipelines.page import analyze_page
    posts = "".join(f'<div itemprop="comment" itemscope itemtype="https://schema.org/Comment">'
                    f'<p>Reply {i}: {"rye ferments fastest, feed it twice a day. " * 4}</p></div>'
                    for i in range(12, 20))
    head = '<link rel="canonical" href="{canonical}">{ld}'
    thread = ('<script type="application/ld+json">{"@type": "DiscussionForumPosting", '
              '"headline": "Flour"}</script>')
    html = f"<html><head>{head}</head><body><main><h1>Flour</h1>{posts}</main></body></html>"
    window = analyze_page(html.format(ld=thread, canonical="https://forum.x.org/d/56?page=2"),
                          "https://forum.x.org/d/56/16")
    assert window.verdict == "leaf" and window.post_window
    # ...as on a page addressed as a thread, without the declaration (NodeBB's /topic/56/x/16)
    addressed = analyze_page(html.format(ld="", canonical="https://forum.x.org/topic/56/flour"),
                             "https://forum.x.org/topic/56/flour/16")
    assert addressed.post_window
    # the same shape on an article (WordPress' page 2 whose canonical names page 1) is kept
    article = analyze_page(html.format(ld="", canonical="https://blog.x.org/2024/05/flour/"),
                           "https://blog.x.org/2024/05/flour/2")
    assert not article.post_window
