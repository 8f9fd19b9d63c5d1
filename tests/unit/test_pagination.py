from pipelines.htmlparse import parse_html
from pipelines.links import extract_links
from pipelines.page import analyze_page
from pipelines.pagination import pagination_links

URL = "https://blog.example/"


def pager(html, url=URL):
    root = parse_html(html)
    return pagination_links(extract_links(root, url), root, url)


def test_rel_next_in_head_and_numbered_pager_in_nav():
    html = """<html><head><link rel="next" href="/page/2/"></head><body>
    <nav class="pagination"><a href="/page/2/">2</a><a href="/page/3/">3</a>
    <a href="/page/2/">Older posts</a></nav><nav><a href="/about/">About</a></nav></body></html>"""
    assert pager(html) == [URL + "page/2/", URL + "page/3/"]


def test_query_string_pages_and_arrows():
    html = '<div><a href="?page=2">»</a> <a href="/archive?page=5">5</a> <a href="/posts/5/">Five tips</a></div>'
    assert pager(html, URL + "archive") == [URL + "archive?page=2", URL + "archive?page=5"]


def test_numbers_and_words_outside_a_pager_need_a_page_shaped_url():
    html = '<p><a href="/chapters/two">2</a> <a href="/blog/next-steps/">Next</a></p>'
    assert pager(html) == []


def test_offsite_rel_next_is_ignored():
    assert pager('<head><link rel="next" href="https://other.example/page/2/"></head>') == []


def test_index_page_follows_its_pager_even_inside_nav():
    teasers = "".join(f'<li><h2><a href="/posts/p{i}/">Post {i}</a></h2></li>' for i in range(5))
    html = f"""<html><body><main><ul>{teasers}</ul>
    <nav class="pagination"><a href="/page/2/">Next page</a></nav></main></body></html>"""
    analysis = analyze_page(html, URL)
    assert analysis.verdict == "index"
    assert URL + "page/2/" in analysis.follow_links
    assert URL + "posts/p0/" in analysis.follow_links
