"""A leaf's pager continues it or pages a widget inside it: told apart by what the pages hold."""
from __future__ import annotations

from pipelines.indexiness.continuations import content_print, probe_links, same_content

ARTICLE = [f"Paragraph {i} of the article, long enough to be part of what makes it its own text."
           for i in range(12)]


def test_a_page_that_repeats_the_article_is_the_same_content_and_its_next_part_is_not():
    article = content_print(ARTICLE + ["Release 1.1 of the framework, with its notes in brief."])
    # the widget paged: the same article with other teasers under it
    widget_page = content_print(ARTICLE + ["Release 0.9 of the framework, with its notes in brief."])
    # page 2 of the article: new paragraphs, the author box repeated
    part_two = content_print([f"Part two, paragraph {i}, which goes on where page one stopped its story."
                              for i in range(12)] + [ARTICLE[0]])
    assert same_content(article, widget_page)
    assert not same_content(article, part_two)
    # labels and buttons are nobody's own text, and no paragraphs prove nothing
    assert content_print(["Reply", "Share this", "Next page"]) == []
    assert not same_content([], article)


def test_a_long_article_and_its_repeat_compare_within_the_sketch():
    long_article = [f"Paragraph {i} of a very long feature that runs on and on, as features do." for i in range(200)]
    a, b = content_print(long_article), content_print(long_article[:190] + ["A new teaser text under the feature today."])
    assert len(a) == 24 and same_content(a, b)


def test_each_pager_is_probed_by_its_first_link_and_combined_links_by_none():
    post = "https://blog.example/2024/08/05/release-1-4/"
    links = [post + "?query-1-page=2", post + "?query-1-page=3", post + "?query-2-page=2",
             post + "?query-1-page=2&query-2-page=3", post + "2/", post + "3/"]
    assert probe_links(links, post) == {post + "?query-1-page=2": [post + "?query-1-page=3"],
                                        post + "?query-2-page=2": [],
                                        post + "2/": [post + "3/"]}
    only_combined = [post + "?a=2&b=3", post + "?a=3&b=3"]
    assert probe_links(only_combined, post) == {post + "?a=2&b=3": [post + "?a=3&b=3"]}
    assert probe_links([], post) == {}
