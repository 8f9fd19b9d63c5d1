"""Browser mode reveals what a listing draws only on request: a "Load more" button that
fetches the next entries, and entries fetched when the reader scrolls to the bottom. Their
posts are linked nowhere else, so without the expansion they are never crawled."""

from __future__ import annotations

import pytest

from pipelines.store.score_store import ScoreStore
from tests.integration.test_crawl_blog import crawl
from tests.support.cli import archived_files
from tests.support.http_server import serve_directory, write_page

pytestmark = [pytest.mark.integration, pytest.mark.browser]

POST = """<html><head><title>{title}</title><meta property="og:type" content="article">
</head><body><header><a href="/">Home</a></header><main><article><h1>{title}</h1>
<time datetime="2025-0{month}-01">2025</time>
<p>{title} is about workbench lamps, their colour temperature and how the light falls on a
bench at night. It runs long enough to be a real article with several sentences in it.</p>
<p>A second paragraph says more about diffusers, glare and the height of the arm.</p>
</article></main></body></html>"""


def teasers(numbers) -> str:
    return "".join(f'<article><h2><a href="/posts/p{n}/">Post {n}</a></h2>'
                   f'<p>A teaser of post {n}, a few words about lamps.</p></article>' for n in numbers)


LISTING = """<html><head><title>{title}</title></head><body><header><a href="/">Home</a>
<a href="/archive/">Archive</a></header><main><h1>{title}</h1>
<div id="list">{first}</div>{extra}</main></body></html>"""

# Each click fetches the next batch; after the last, the button goes.
LOAD_MORE = """<button id="more" type="button">Load more</button><script>
let next = 1;
document.getElementById('more').addEventListener('click', () => {
  fetch('/batches/more-' + next + '.html').then((r) => r.text()).then((html) => {
    document.getElementById('list').insertAdjacentHTML('beforeend', html);
    if (++next > 2) document.getElementById('more').remove();
  });
});
</script>"""

# Entries below the fold: fetched once the sentinel at the bottom scrolls into view.
ENDLESS = """<div style="height: 3000px">a tall intro</div><div id="sentinel">…</div><script>
let loaded = false;
new IntersectionObserver((seen) => {
  if (!seen[0].isIntersecting || loaded) return;
  loaded = true;
  fetch('/batches/scroll-1.html').then((r) => r.text()).then((html) => {
    document.getElementById('list').insertAdjacentHTML('beforeend', html);
    history.pushState(null, '', '/archive/page/2/');   // as infinite-scroll scripts do
  });
}).observe(document.getElementById('sentinel'));
</script>"""


# A news site's article that scrolls on into the next story: not part of this article.
NEXT_STORY = """<div style="height: 3000px"></div><div id="end"></div><script>
new IntersectionObserver((seen) => {
  if (seen[0].isIntersecting) document.getElementById('end').insertAdjacentHTML('beforeend',
    '<article><h1>Next story</h1><p>Zebra crossings are repainted every spring, the council said today in a long statement about road markings.</p></article>');
}).observe(document.getElementById('end'));
</script></body>"""


# The same without a word of being an article: the story it scrolls into takes the address,
# as news sites' scripts do (history.pushState).
NEXT_STORY_UNDECLARED = NEXT_STORY.replace(
    "road markings.</p></article>');", "road markings.</p></article>');\n"
    "  if (seen[0].isIntersecting) history.pushState(null, '', '/posts/zebra-crossings/');")

# A listing whose own script breaks scrolling: the page must still be analysed and followed.
BROKEN_SCROLL = """<div style="height: 3000px"></div><script>
window.scrollTo = () => { throw new Error('scrolling is ours'); };
</script>"""


def make_site(root):
    for n in range(1, 17):
        html = POST.format(title=f"Post {n}", month=1 + n % 9)
        if n in (1, 16):
            html = html.replace("</body>", NEXT_STORY)
        if n == 2:      # an article by no declaration at all
            html = html.replace('<meta property="og:type" content="article">', "").replace(
                "</body>", NEXT_STORY_UNDECLARED)
        if n == 16:     # an article by its JSON-LD alone
            html = html.replace('<meta property="og:type" content="article">',
                                '<script type="application/ld+json">{"@context": "https://schema.org",'
                                ' "@graph": [{"@type": "WebPage"}, {"@type": "NewsArticle"}]}</script>')
        write_page(root / "posts" / f"p{n}", html)
    write_page(root, LISTING.format(title="Lamps", first=teasers(range(1, 4)), extra=LOAD_MORE))
    write_page(root / "archive", LISTING.format(title="Archive", first=teasers(range(10, 12)),
                                                extra=ENDLESS + '<a href="/odd/">Odd</a>'))
    write_page(root / "odd", LISTING.format(title="Odd", first=teasers([13, 14, 15, 16]),
                                            extra=BROKEN_SCROLL))
    (root / "batches").mkdir()
    (root / "batches" / "more-1.html").write_text(teasers(range(4, 7)))
    (root / "batches" / "more-2.html").write_text(teasers(range(7, 10)))
    (root / "batches" / "scroll-1.html").write_text(teasers([12]))


def test_load_more_and_endless_scroll_reach_every_post(tmp_path, redis_ns):
    site = tmp_path / "site"
    make_site(site)
    with serve_directory(site) as base_url:
        summary, _ = crawl(base_url, tmp_path, redis_ns, "always")
    files = archived_files(tmp_path / "archive")
    assert {base_url + f"/posts/p{n}/" for n in range(1, 17)} <= set(files)
    assert summary["failures"] == 0
    # the archive page is stored under its own address, not the one its script wrote
    store = ScoreStore(redis_ns.conn, redis_ns.prefix)
    assert store.get_page(base_url + "/archive/")["verdict"] == "index"
    assert store.get_page(base_url + "/archive/page/2/") is None
    # declared an article by og:type, by JSON-LD; and by nothing, scrolling on into the next
    # story at that story's address
    for n in (1, 16, 2):
        text = files[base_url + f"/posts/p{n}/"].read_text()
        assert "workbench lamps" in text and "Zebra" not in text, n


def test_a_script_redirect_is_followed_not_a_hang(tmp_path, redis_ns):
    # A page whose script moves the browser on (location.href = …) while the crawl waits for
    # it to settle: the wait's context is destroyed, and a page method that raises made
    # scrapy-playwright hang closing the page (scrapy-playwright#244): the crawl never ended.
    site = tmp_path / "site"
    write_page(site, LISTING.format(title="Home", first=teasers([1]) + '<a href="/go/">Go</a>',
                                    extra=""))
    write_page(site / "go", '<html><head><title>Moved</title></head><body><p>Moving on…</p>'
                            "<script>setTimeout(() => { location.href = '/posts/p2/'; }, 30);"
                            "</script></body></html>")
    write_page(site / "archive", LISTING.format(title="Archive", first=teasers([1]), extra=""))
    for n in (1, 2):
        write_page(site / "posts" / f"p{n}", POST.format(title=f"Post {n}", month=n))
    with serve_directory(site) as base_url:
        summary, _ = crawl(base_url, tmp_path, redis_ns, "always")
    files = archived_files(tmp_path / "archive")
    # p2 is linked only through the redirect; /go/ itself holds nothing of its own
    assert set(files) == {base_url + "/posts/p1/", base_url + "/posts/p2/"}
    assert summary["failures"] == 0


def test_a_load_more_that_navigates_leaves_the_listing_its_own(tmp_path, redis_ns):
    # A "Load more" whose script sends the browser to another page: the collector measured
    # that page, and its article was archived under the listing's address
    site = tmp_path / "site"
    leaves = """<button type="button" onclick="location.href = '/posts/p3/'">Load more</button>"""
    write_page(site, LISTING.format(title="Lamps", first=teasers([1, 2]), extra=leaves))
    write_page(site / "archive", LISTING.format(title="Archive", first=teasers([1]), extra=""))
    for n in (1, 2, 3):
        write_page(site / "posts" / f"p{n}", POST.format(title=f"Post {n}", month=n))
    with serve_directory(site) as base_url:
        summary, _ = crawl(base_url, tmp_path, redis_ns, "always")
    files = archived_files(tmp_path / "archive")
    assert set(files) == {base_url + f"/posts/p{n}/" for n in (1, 2, 3)}
    home = ScoreStore(redis_ns.conn, redis_ns.prefix).get_page(base_url + "/")
    assert home["title"] == "Lamps" and home["verdict"] == "index"
    assert summary["failures"] == 0


def test_a_redirect_off_the_site_is_a_failure_not_a_page(tmp_path, redis_ns):
    # Chromium follows a redirect anywhere; a plain crawl's offsite filter would drop one
    # that leaves the site. The other host here is "localhost": 127.0.0.1 is the site's.
    elsewhere = tmp_path / "elsewhere"
    write_page(elsewhere, POST.format(title="Someone else's post", month=3))
    site = tmp_path / "site"
    with serve_directory(elsewhere) as other_url:
        away = other_url.replace("127.0.0.1", "localhost") + "/"
        write_page(site, LISTING.format(title="Home", first=teasers([1]) + '<a href="/go/">Go</a>',
                                        extra=""))
        write_page(site / "archive", LISTING.format(title="Archive", first=teasers([1]), extra=""))
        write_page(site / "go", f"<html><body><p>Moving on…</p><script>location.href = '{away}';"
                                "</script></body></html>")
        write_page(site / "posts" / "p1", POST.format(title="Post 1", month=1))
        with serve_directory(site) as base_url:
            summary, _ = crawl(base_url, tmp_path, redis_ns, "always")
    assert set(archived_files(tmp_path / "archive")) == {base_url + "/posts/p1/"}
    go = ScoreStore(redis_ns.conn, redis_ns.prefix).get_page(base_url + "/go/")
    assert go["error"] == f"redirected off the site, to {away}"
    assert summary["failures"] == 1


def test_a_start_page_whose_script_moves_to_another_host_is_crawled_there(tmp_path, redis_ns):
    # An old address whose page sends the browser on to the site's own host: that host is
    # the site asked for, not a redirect off it. "localhost" is the start's host here, and
    # 127.0.0.1 the site's.
    site = tmp_path / "site"
    write_page(site, LISTING.format(title="Home", first=teasers([1, 2]), extra=""))
    write_page(site / "archive", LISTING.format(title="Archive", first=teasers([1, 2]), extra=""))
    for n in (1, 2):
        write_page(site / "posts" / f"p{n}", POST.format(title=f"Post {n}", month=n))
    with serve_directory(site) as base_url:
        write_page(site / "moved", "<html><body><p>We have moved…</p><script>"
                                   f"location.replace('{base_url}/');</script></body></html>")
        start = base_url.replace("127.0.0.1", "localhost") + "/moved"
        summary, result = crawl(start, tmp_path, redis_ns, "always")
    assert set(archived_files(tmp_path / "archive")) == {base_url + f"/posts/p{n}/" for n in (1, 2)}
    assert summary["start_redirects"] == [f"{start}/ -> {base_url}/"]
    assert summary["failures"] == 0
    assert f"redirected    {start}/ -> {base_url}/" in result.stdout
