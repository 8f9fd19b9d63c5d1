from pipelines.indexiness import score as ix
from pipelines.indexiness import seed_formula as seed
from pipelines.indexiness.links import extract_links
from pipelines.page import analyze_page

INDEX = """<html><head><title>Blog</title></head><body>
<header><nav><a href="/">Home</a><a href="/about/">About</a></nav></header>
<main><h1>Posts</h1>
<ul>%s</ul></main><footer><a href="https://twitter.com/me">tw</a></footer></body></html>
""" % "".join(f'<li><h2><a href="/posts/{i}/">Post {i}</a></h2></li>' for i in range(5))

ARTICLE = """<html><head><title>Post</title>
<meta property="article:published_time" content="2024-03-01T10:00:00Z"></head><body>
<nav><a href="/">Home</a></nav>
<article><h1>A post</h1>
<ul class="toc"><li><a href="#one">One</a></li><li><a href="#two">Two</a></li></ul>
<h2 id="one">One <a href="#one">#</a></h2><p>Text with <a href="https://other.org/ref">a ref</a>.</p>
<h2 id="two">Two</h2><p>More text.</p></article></body></html>"""


def test_index_page_scores_positive():
    a = analyze_page(INDEX, "https://blog.example.org/")
    assert a.counts["inlinks_in_headers"] == 5
    assert a.counts["inlinks_in_lists"] == 0          # headers beat lists
    assert a.seed_score == 5 * seed.INLINK_IN_HEADER + seed.HEAD_START
    assert a.score > 0 and a.verdict == "index"
    # relevant in-links first, then the site's navigation (so a crawl reaches every section)
    assert a.follow_links[:5] == [f"https://blog.example.org/posts/{i}/" for i in range(5)]
    assert a.follow_links[5:] == ["https://blog.example.org/about/"]
    assert abs(sum(a.breakdown.values()) - a.score) < 1e-9


def test_article_with_date_and_toc_scores_negative():
    a = analyze_page(ARTICLE, "https://blog.example.org/posts/1/")
    assert a.date_published == "2024-03-01T10:00:00Z"
    assert a.counts["selflinks_in_lists"] == 2 and a.counts["selflinks_in_headers"] == 1
    assert a.counts["outlinks"] == 1
    expected = (2 * seed.SELFLINK_IN_LIST + seed.SELFLINK_IN_HEADER + seed.OUTLINK
                + seed.DATE_PUBLISHED + seed.HEAD_START)
    assert a.seed_score == expected and a.score < 0 and a.verdict == "leaf"
    assert a.breakdown["date_published"] == ix.FINAL_DATE_PUBLISHED
    assert a.counted_links["outlinks"] == ["https://other.org/ref"]


def test_relevance_rule():
    html = ('<body><nav><a href="/n">n</a></nav><aside><a href="/a">a</a></aside>'
            '<header><a href="/h">h</a></header><footer><a href="/f">f</a></footer>'
            '<article><header><a href="/ah">ah</a></header></article><p><a href="/p">p</a></p></body>')
    relevant = [lk.text for lk in extract_links(html, "https://x.org/") if seed.is_relevant(lk)]
    assert relevant == ["ah", "p"]


def test_image_only_links_ignored_in_score_not_seed():
    html = "<body><main>%s</main></body>" % "".join(
        f'<ul><li><a href="https://static.example.net/{i}.png"><img src="{i}.png"></a></li></ul>' for i in range(4))
    r = ix.score_links(extract_links(html, "https://x.org/"), False)
    assert r.seed_breakdown["outlinks"] == 4 * seed.OUTLINK
    assert r.counts["outlinks"] == 0 and r.score == ix.FINAL_HEAD_START


def test_table_index_counts_table_links_as_lists():
    rows = "".join(f'<tr><td><a href="/p/{i}">Post {i}</a></td><td>2024</td></tr>' for i in range(6))
    r = ix.score_links(extract_links(f"<body><table>{rows}</table></body>", "https://x.org/"), False)
    assert r.seed_score == seed.HEAD_START
    assert r.counts["inlinks_in_lists"] == 6 and r.score > 0


def test_a_crawl_cuts_the_content_of_leaves_only():
    """content="leaves": an index page's content is never archived, so it is not cut; the
    verdict, the score and the links do not depend on it."""
    for html, url in ((INDEX, "https://blog.example.org/"), (ARTICLE, "https://blog.example.org/posts/1/")):
        full = analyze_page(html, url)
        crawl = analyze_page(html, url, content="leaves")
        assert (crawl.verdict, crawl.score, crawl.breakdown, crawl.follow_links, crawl.page_links) == (
            full.verdict, full.score, full.breakdown, full.follow_links, full.page_links)
        assert full.content_hash
        if full.verdict == "index":
            assert crawl.blocks == [] and crawl.content_hash == ""
        else:
            assert crawl.blocks and crawl.blocks == full.blocks
            assert crawl.content_hash == full.content_hash
