"""Accuracy gate: a small set of index and leaf pages of different shapes, written here.
Fails when the verdicts fall below the floor (trafilatura's eval-gate idea)."""
from pipelines.page import analyze_page
from tests.unit import test_explain_golden as golden
from tests.unit import test_indexiness as base
from tests.unit import test_indexiness_rules as rules

CARDS = "<html><body><main><h1>Shop</h1><div class='grid'>%s</div></main></body></html>" % "".join(
    f"<div class='card'><a href='/items/{i}'><img src='{i}.jpg' alt=''>Item {i}</a><span>$ {i}9</span></div>"
    for i in range(9))
PAGER = ("<html><body><main><ul>%s</ul><div class='pagination'><a href='/blog/page/2/'>2</a>"
         "<a href='/blog/page/3/'>3</a><a rel='next' href='/blog/page/2/'>Next</a></div></main></body></html>") % "".join(
    f"<li><a href='/blog/post-{i}/'>Post {i}</a> – a short summary of the post.</li>" for i in range(10))
ABOUT = "<html><body><header><nav><a href='/'>Home</a></nav></header><main><h1>About me</h1>%s</main></body></html>" % (
    "<p>" + "I write about things and places. " * 30 + "</p>") * 3

PAGES = [  # (html, url, expected)
    (base.INDEX, "https://blog.example.org/", "index"),
    (rules.TAG_PAGE, "https://x.org/tags/rust/", "index"),
    (CARDS, "https://shop.example.org/catalog/", "index"),
    (PAGER, "https://x.org/blog/", "index"),
    (base.ARTICLE, "https://blog.example.org/posts/1/", "leaf"),
    (golden.LEAF, "https://x.org/2024/03/01/a-post-about-rust/", "leaf"),
    (rules.NAVLESS, "https://x.org/2024/05/a-post-about-things/", "leaf"),
    (rules.BLOGROLL, "https://me.org/post", "leaf"),
    (ABOUT, "https://x.org/about/", "leaf"),
]
FLOOR = 1.0   # every page here is a clear case; lower it only with a reason


def test_accuracy_floor():
    wrong = [(url, exp) for html, url, exp in PAGES if analyze_page(html, url).verdict != exp]
    assert 1 - len(wrong) / len(PAGES) >= FLOOR, wrong
