"""Pages nested deeper than libxml2 parses by default (256 levels): elements left open."""
from pipelines.htmlparse import MAX_DEPTH, UNCLOSED_CHAIN_MIN, parse_html
from pipelines.content.markdown import render_markdown
from pipelines.page import analyze_page


def depth(root) -> int:
    return max(sum(1 for _ in el.iterancestors()) for el in root.iter())


def unclosed_thread(posts: int) -> bytes:
    """A thread whose every post opens a <div> it never closes."""
    items = "".join(f'<div class="post"><p>Post {i} says <b>something</b> in words of its own.</p>'
                    for i in range(posts))
    return f"<html><body><h1>Thread</h1>{items}<p>Reply to this thread.</p></body></html>".encode()


def test_posts_left_open_are_all_read_in_order_as_siblings():
    root = parse_html(unclosed_thread(400))
    text = "".join(root.itertext())
    assert [f"Post {i} " in text for i in range(400)] == [True] * 400
    assert text.index("Post 398 ") < text.index("Post 399 ") < text.index("Reply to this thread.")
    posts = root.findall("body/div")
    assert len(posts) == 400 and depth(root) <= 4
    # each post keeps what it held: its paragraph and the words in bold
    assert posts[399].find("p").findtext("b") == "something"


def test_the_archive_of_a_thread_left_open_holds_every_post():
    markdown = render_markdown(analyze_page(unclosed_thread(400), "http://x.test/t/1").blocks)
    assert markdown.count("Post ") == 400
    assert markdown.index("Post 0 says **something**") < markdown.index("Post 399 says **something**")


def test_a_run_left_open_below_the_depth_limit_is_unnested_too():
    # 20 posts nest 20 deep, which libxml2 parses; the content search then narrowed to the
    # innermost posts, one level at a time, and archived the last 6
    root = parse_html(unclosed_thread(UNCLOSED_CHAIN_MIN + 4))
    assert len(root.findall("body/div")) == UNCLOSED_CHAIN_MIN + 4 and depth(root) <= 4
    markdown = render_markdown(analyze_page(unclosed_thread(20), "http://x.test/t/2").blocks)
    assert markdown.count("Post ") == 20


def test_every_post_of_a_run_left_open_is_archived_whatever_its_length():
    # runs of 7 to 15 kept their last 6 while UNCLOSED_CHAIN_MIN was 16; a shorter run stays
    # nested, and the content search keeps it whole
    for posts in range(2, UNCLOSED_CHAIN_MIN + 12):
        markdown = render_markdown(analyze_page(unclosed_thread(posts), "http://x.test/t/3").blocks)
        assert markdown.count("Post ") == posts, posts


def test_wrappers_and_short_runs_are_parsed_as_they_were():
    # a run shorter than UNCLOSED_CHAIN_MIN stays nested, as does a dozen of page-builder
    # wrappers each holding only the next (the corpora's real pages end in runs of 5 at most)
    short = parse_html(unclosed_thread(UNCLOSED_CHAIN_MIN - 1))
    assert len(short.findall("body/div")) == 1 and depth(short) > UNCLOSED_CHAIN_MIN
    wrappers = "<div>" * 40 + "<p>The text inside forty wrappers.</p>" + "</div>" * 40
    root = parse_html(f"<html><body>{wrappers}</body></html>".encode())
    assert depth(root) == 42 and len(root.findall("body/div")) == 1


def test_a_nest_that_is_no_chain_is_laid_flat_below_the_depth_limit_in_order():
    # tables left open, each inside the last one's cell: not a chain of one tag
    html = "".join(f"<table><tr><td>cell {i} " for i in range(300))
    root = parse_html(f"<html><body>{html}<p>after the tables</p></body></html>".encode())
    assert depth(root) <= MAX_DEPTH
    words = "".join(root.itertext()).split()
    cells = [int(w) for prev, w in zip(words, words[1:]) if prev == "cell"]
    assert cells == list(range(300))
    assert " ".join(words).endswith("after the tables")
