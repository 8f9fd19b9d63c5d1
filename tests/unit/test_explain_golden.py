"""`leafcrawl explain` golden output for one index page and one leaf page.

The page record is built from analyze_page the way crawler/items.py page_item builds it
(without the volatile fetched_at), rendered by crawler/commands/report.py render_explanation, and
compared to tests/golden/. Regenerate after a reviewed change with LEAFCRAWL_WRITE_GOLDEN=1.
"""
import os
from pathlib import Path

import pytest

from crawler.commands.report import render_explanation
from pipelines.indexiness.score import WEIGHTS
from pipelines.page import analyze_page
from tests.unit.test_indexiness_rules import TAG_PAGE

GOLDEN = Path(__file__).resolve().parents[1] / "golden"

LEAF = """<html><head><meta property="og:type" content="article">
<meta property="article:published_time" content="2024-03-01T10:00:00Z"><title>A post</title></head>
<body><header><nav><a href="/">Home</a> <a href="/tags/">Tags</a></nav></header>
<main><article><h1>A post</h1>
<h2 id="why">Why <a href="#why">#</a></h2><p>%s <a href="https://other.org/ref">a ref</a>.</p>
<p>Tags: <a href="/tags/rust/" rel="tag">rust</a></p></article></main></body></html>""" % ("Some prose. " * 80)

CASES = {"explain_index.txt": (TAG_PAGE, "https://x.org/tags/rust/"),
         "explain_leaf.txt": (LEAF, "https://x.org/2024/03/01/a-post-about-rust/")}


def record(html, url):
    a = analyze_page(html, url)
    return {"url": a.url, "site": "x.org", "verdict": a.verdict, "score": a.score,
            "seed_score": a.seed_score, "breakdown": a.breakdown, "counts": a.counts,
            "counted_links": a.counted_links, "status": 200, "error": None, "depth": 1,
            "referrer": "https://x.org/", "title": a.title, "author": a.author,
            "date_published": a.date_published}


@pytest.mark.parametrize("name", sorted(CASES))
def test_explain_golden(name):
    text = render_explanation(record(*CASES[name])) + "\n"
    path = GOLDEN / name
    if os.environ.get("LEAFCRAWL_WRITE_GOLDEN"):
        path.write_text(text)
    assert text == path.read_text()


def test_explain_names_the_canonical_a_page_declares():
    page = {"url": "http://ex.test/q/1/?answer=2", "verdict": "leaf", "score": -30.0,
            "seed_score": -25.0, "breakdown": {}, "counts": {}, "counted_links": {},
            "canonical": "http://ex.test/q/1/", "declared_canonical": "http://ex.test/q/1/"}
    lines = render_explanation(page).splitlines()
    assert "  canonical http://ex.test/q/1/" in lines
    assert "  rel=canonical http://ex.test/q/1/" in lines


def test_explain_says_what_each_term_means_and_keeps_the_start_apart():
    from pipelines.indexiness.term_meanings import term_meanings

    meanings = term_meanings()
    assert set(meanings) == set(WEIGHTS) and all(meanings[t] for t in WEIGHTS)
    text = render_explanation(record(*CASES["explain_index.txt"]))
    evidence = text.split("evidence (", 1)[1]
    assert "head_start" not in evidence and f"start     {WEIGHTS['head_start']:+.1f}  (head_start:" in text
    assert f"url_taxonomy          {meanings['url_taxonomy']}" in evidence
    # a term that counted links but weighs 0 is said so, not listed as absent
    page = record(*CASES["explain_index.txt"])
    page["counts"]["inlinks_in_lists"] = 7
    text = render_explanation(page)
    assert "found, but weighted 0 (their evidence is counted by other terms): inlinks_in_lists=7" in text
    assert "inlinks_in_lists" not in text.split("not found on this page:", 1)[1].splitlines()[0]
