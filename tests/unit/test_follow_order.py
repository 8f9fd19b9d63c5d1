"""What an index page leads to, in order: relevant in-links, then tag clouds and the
pager (even inside a <nav>), then every other in-site link; never itself, off-site
links or duplicates."""
from pipelines.page import analyze_page

TEASERS = "".join(
    f'<article><h2><a href="/posts/{i}/">Post {i}</a></h2><p>Excerpt {i} of the post.</p></article>'
    for i in range(4))
INDEX = f"""<html><head><link rel="next" href="/page/2/"></head><body>
<header><nav><a href="/">Home</a> <a href="/about/">About</a></nav></header>
<main>{TEASERS}
<div class="tags"><a href="/tags/a/" rel="tag">a</a> <a href="/tags/b/" rel="tag">b</a>
<a href="/tags/c/" rel="tag">c</a> <a href="/tags/d/" rel="tag">d</a></div>
</main>
<nav class="pagination"><a href="/page/2/">2</a> <a href="/page/3/">3</a> <a href="/page/2/">Next</a></nav>
<footer><a href="https://elsewhere.org/">elsewhere</a> <a href="/contact/">Contact</a>
<a href="/page/1/#top">top</a></footer></body></html>"""


def test_index_follow_order():
    a = analyze_page(INDEX, "https://x.org/page/1/")
    assert a.verdict == "index"
    f = a.follow_links
    posts = [f"https://x.org/posts/{i}/" for i in range(4)]
    tags = [f"https://x.org/tags/{t}/" for t in "abcd"]
    assert f[:4] == posts                                   # the listing's entries first
    assert f[4:8] == tags                                   # then its tag cloud
    assert f[8:10] == ["https://x.org/page/2/", "https://x.org/page/3/"]   # then the pager
    assert set(f[10:]) == {"https://x.org/", "https://x.org/about/", "https://x.org/contact/"}
    assert "https://x.org/page/1/" not in f                 # never itself
    assert not any("elsewhere.org" in u for u in f)         # off-site links are not followed
    assert len(f) == len(set(f))
