"""A split post's document: the first part's Markdown, then the parts' in page order."""
from __future__ import annotations

import yaml

from pipelines.content.split_posts import joined_markdown, part_order_key, split_document

FRONT = {"url": "http://ex.test/story/", "title": "A story"}


def test_parts_follow_the_first_in_page_order_whatever_order_they_came_in():
    parts = {"http://ex.test/story/10/": "Ten.", "http://ex.test/story/2/": "Two.",
             "http://ex.test/story/9/": "Nine."}
    text = joined_markdown(FRONT, "One.", parts)
    assert text.index("One.") < text.index("Two.") < text.index("Nine.") < text.index("Ten.")
    front, _ = split_document(text)
    assert front["parts"] == ["http://ex.test/story/2/", "http://ex.test/story/9/",
                              "http://ex.test/story/10/"]
    assert front["title"] == "A story"


def test_a_document_is_cut_back_to_its_first_part_and_rebuilt_the_same():
    parts = {"http://ex.test/story/?page=2": "## Two\n\nMore text."}
    text = joined_markdown(FRONT, "# A story\n\nOne.", parts)
    front, own = split_document(text)
    assert own == "# A story\n\nOne."
    assert joined_markdown(front, own, parts) == text
    # a part that changed replaces its old text; none is repeated
    again = joined_markdown(front, own, {"http://ex.test/story/?page=2": "New text."})
    assert "More text." not in again and again.count("New text.") == 1


def test_the_marker_of_a_part_is_a_comment_a_strange_address_cannot_close():
    text = joined_markdown(FRONT, "One.", {"http://ex.test/s/?p=2&x=-->": "Two."})
    comments = [line for line in text.splitlines() if line.startswith("<!--")]
    assert comments == ["<!-- leafcrawl part: http://ex.test/s/?p=2&x=--%3E -->"]
    assert split_document(text)[1] == "One."


def test_the_title_each_page_repeats_is_in_the_document_once():
    text = joined_markdown(FRONT, "# A story\n\nOne.", {"http://ex.test/story/2/": "# A story\n\nTwo."})
    assert text.count("# A story") == 1 and text.index("One.") < text.index("Two.")


def test_without_parts_the_document_is_the_first_part_alone():
    text = joined_markdown(FRONT, "One.", {})
    assert "parts" not in yaml.safe_load(text.split("---\n")[1])
    assert text.endswith("\nOne.\n") and "<!--" not in text


def test_page_numbers_sort_as_numbers():
    assert part_order_key("/p/?page=10") > part_order_key("/p/?page=9")
    assert sorted(["/a/3/", "/a/12/", "/a/2/"], key=part_order_key) == ["/a/2/", "/a/3/", "/a/12/"]
