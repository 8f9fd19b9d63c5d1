"""`leafcrawl scores`' text: a site's counts, and with --limit how many pages the shown ones
are the highest-scored of."""
from crawler.commands.report import render_scores


def page(url, score, verdict, error=None):
    return {"url": url, "score": score, "seed_score": score, "verdict": verdict,
            "status": 200, "error": error}


PAGES = {"blog": [page("https://b.test/tags/", 41.0, "index"),
                  page("https://b.test/a/", -20.5, "leaf"),
                  page("https://b.test/b/", -30.0, "leaf")]}


def test_every_page_shown():
    text = render_scores(PAGES)
    assert text.splitlines()[0] == "blog: 3 pages, 1 index, 2 leaf, 0 failed"
    assert "https://b.test/b/" in text


def test_a_limited_view_says_of_how_many():
    top = {"blog": PAGES["blog"][:2]}
    assert render_scores(top, {"blog": 56}).splitlines()[0] == \
        "blog: 56 pages stored; the 2 highest-scored: 1 index, 1 leaf, 0 failed"
    # a limit above the site's size shows them all
    assert render_scores(PAGES, {"blog": 3}).splitlines()[0] == "blog: 3 pages, 1 index, 2 leaf, 0 failed"


def test_pages_near_the_threshold_say_so():
    near = {"blog": [PAGES["blog"][1]]}
    assert render_scores(near, {"blog": 56}, "scored within 25 of 0").splitlines()[0] == \
        "blog: 56 pages stored; the 1 scored within 25 of 0: 0 index, 1 leaf, 0 failed"


def test_nothing_stored():
    assert render_scores({}) == "no pages stored yet"
