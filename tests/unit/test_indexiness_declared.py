"""What a page declares itself to be (og:type, JSON-LD @type): a collection page type first,
then an article type, then a list (an article's own ItemList is a part of the article)."""
import json

import pytest

from pipelines.indexiness import score as ix
from pipelines.htmlparse import parse_html
from pipelines.indexiness.signals import declared


@pytest.mark.parametrize("og, types, expected", [
    (None, {"collectionpage"}, "collection"),
    (None, {"collectionpage", "itemlist", "article"}, "collection"),   # the page's own type wins
    (None, {"itemlist"}, "collection"),
    (None, {"itemlist", "article"}, "article"),        # a listicle's ranked picks
    (None, {"itemlist", "product"}, "article"),        # a product's variants
    ("article", {"itemlist"}, "collection"),           # og:type after JSON-LD, as before
    ("article", set(), "article"),
    ("website", set(), None),
])
def test_declared(og, types, expected):
    assert declared(og, types) == expected


def listicle(types: list[str]) -> str:
    ld = [{"@type": t} for t in types]
    picks = "".join(f'<h2><a href="/reviews/pick-{i}/">Pick {i}</a></h2><p>Why it won.</p>'
                    for i in range(5))
    return (f'<html><head><script type="application/ld+json">{json.dumps(ld)}</script></head>'
            f"<body><main><article><h1>The best bench planes</h1>{picks}</article></main></body></html>")


def test_an_articles_item_list_counts_as_the_article():
    url = "https://shop.test/guides/the-best-bench-planes/"
    with_article = ix.score_tree(parse_html(listicle(["Article", "ItemList"])), url)[0]
    list_only = ix.score_tree(parse_html(listicle(["ItemList"])), url)[0]
    assert with_article.counts["declared_article"] == 1 and with_article.counts["declared_collection"] == 0
    assert list_only.counts["declared_collection"] == 1
    assert list_only.score - with_article.score == pytest.approx(ix.DECLARED_COLLECTION - ix.DECLARED_ARTICLE)
