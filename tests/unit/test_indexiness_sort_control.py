"""sort_control: a listing lets its reader reorder its entries; a leaf's sort controls order
its replies, and the site's header and sidebars serve every page."""
import pytest

from pipelines.htmlparse import parse_html
from pipelines.indexiness import score as ix

URL = "https://shop.example.org/shoes/"


def _page(control: str = "", *, header: str = "", aside: str = "", tail: str = "") -> str:
    cards = "".join(f'<div class="card"><a href="/shoes/model-{i}">Model {i}</a>'
                    f'<p>A light shoe for long days on your feet, in four colours.</p></div>'
                    for i in range(6))
    return (f"<html><body><header>{header}</header><main><h1>Shoes</h1>{control}{cards}"
            f"{tail}</main><aside>{aside}</aside></body></html>")


def _sorts(html: str) -> int:
    return ix.score_tree(parse_html(html), URL)[0].counts["sort_control"]


@pytest.mark.parametrize("control", [
    '<select name="orderby"><option>Popularity</option><option>Price</option></select>',
    '<select class="collection-sort__select"><option>Best selling</option></select>',
    '<div class="sortBy"><a href="?sort=new">Newest</a><a href="?sort=price">Price</a></div>',
    '<select id="sort-order"><option>Newest</option></select>',
    '<div class="productSort"><button>Price: low to high</button></div>',
    '<ul class="sort-by"><li><a href="?o=1">Newest</a></li></ul>',
    '<div class="js-sorting"></div>',      # an empty box the listing's script fills
])
def test_a_sort_control_over_the_entries_counts(control):
    assert _sorts(_page(control)) == 1


def test_the_term_adds_its_weight_and_nothing_else():
    url = URL
    plain = ix.score_tree(parse_html(_page()), url)[0]
    sorted_ = ix.score_tree(parse_html(_page('<select name="sort_by"><option>A-Z</option></select>')),
                            url)[0]
    assert plain.counts["sort_control"] == 0 and sorted_.counts["sort_control"] == 1
    assert sorted_.breakdown["sort_control"] == ix.SORT_CONTROL > 0
    assert sorted_.score - plain.score == pytest.approx(ix.SORT_CONTROL)


@pytest.mark.parametrize("control", [
    '<h2 id="methods-sort-of">Methods, sort of</h2>',                  # a heading's slug
    '<table class="sortable"><tr><th class="headerSort">Year</th></tr></table>',
    '<div class="resort-deals">Resorts</div><div class="assorted">Mixed</div>',
    '<span class="glyphicons glyphicons-sort"></span><i class="fa fa-sort"></i>',
    '<svg><symbol id="icon-sort"></symbol></svg>',
    '<input type="hidden" name="sortOrder" value="relevance">',
])
def test_words_and_icons_that_only_look_like_a_sort_control_do_not_count(control):
    assert _sorts(_page(control)) == 0


def test_a_sort_control_in_the_sites_furniture_does_not_count():
    search = '<form action="/search"><input name="q"><select name="sort_by"><option>Date</option></select></form>'
    assert _sorts(_page(header=search)) == 0
    assert _sorts(_page(aside='<div class="widget"><select name="orderby"></select></div>')) == 0


@pytest.mark.parametrize("replies", [
    '<section id="comments"><div class="comment-sort"><a href="#">Newest first</a></div></section>',
    '<div class="reviews"><select name="sort"><option>Most helpful</option></select></div>',
    '<div id="answers"><div class="sort-tabs"><a href="?tab=votes">Votes</a></div></div>',
    '<div class="livefyreConversation"><div class="fyre-stream-sort">Newest</div></div>',
])
def test_a_control_ordering_a_leafs_replies_does_not_count(replies):
    assert _sorts(_page(tail=replies)) == 0


def test_a_control_inside_a_table_orders_the_tables_own_rows():
    table = ('<table class="sortable"><caption><div class="sort-bar"><button class="reset-sort">'
             'Reset</button></div></caption><tr><td>Hammock</td><td>$99</td></tr></table>')
    assert _sorts(_page(tail=table)) == 0


def test_the_explanation_shows_the_control_that_counted():
    r = ix.score_tree(parse_html(_page('<select name="orderby" class="orderby"><option>Price</option>'
                                       '</select>')), URL)[0]
    assert r.counted_links["sort_control"] == ['<select name="orderby" class="orderby">']
    assert "sort_control" not in ix.score_tree(parse_html(_page()), URL)[0].counted_links
