"""Bad pages fail one by one with an error naming the problem; the rest of the crawl is
archived as usual, and every failure is inspectable in Redis."""

from __future__ import annotations

import json

import pytest

from pipelines.page import MAX_HTML_BYTES
from pipelines.store.score_store import ScoreStore
from tests.support.cli import archived_files, run_leafcrawl
from tests.support.http_server import serve_directory

pytestmark = pytest.mark.integration

ARTICLE = """<!doctype html><html><head><title>{title}</title></head><body>
<header><nav><a href="/">Home</a></nav></header>
<main><article><h1>{title}</h1><time datetime="2024-03-0{n}">March {n}, 2024</time>
<p>{body} This paragraph is long enough to be the content of a real post, with a few more
words about the subject so that nobody could mistake it for a navigation block.</p>
<p>A second paragraph keeps the article honest and gives the archive something to hold.</p>
</article></main><footer>© 2024</footer></body></html>"""


def write_site(root):
    pages = {
        "good-one": ARTICLE.format(title="Good one", n=1, body="The first good post."),
        "good-two": ARTICLE.format(title="Good two", n=2, body="The second good post."),
        # unclosed tags everywhere: browsers cope, so must we
        "malformed": ("<html><body><main><article><h1>Malformed but readable<p>First paragraph "
                      "of a page whose tags are never closed, which browsers render anyway<p>And "
                      "a second one<div><span>with stray</div></span><li>bits"),
    }
    for slug, html in pages.items():
        (root / slug).mkdir()
        (root / slug / "index.html").write_text(html, encoding="utf-8")
    (root / "disguised").mkdir()
    (root / "disguised" / "index.html").write_bytes(bytes(range(256)) * 64)  # binary served as HTML
    (root / "huge").mkdir()
    filler = "<p>" + "word " * 200 + "</p>\n"
    with open(root / "huge" / "index.html", "w", encoding="utf-8") as fh:
        fh.write("<html><body><main><h1>Huge</h1>")
        fh.write(filler * (MAX_HTML_BYTES // len(filler) + 10))
        fh.write("</main></body></html>")
    (root / "photo.png").write_bytes(b"\x89PNG\r\n\x1a\n" + b"\0" * 100)
    # JSON and a docs site's reST source: text, not pages, even with markup in them
    (root / "data.json").write_text('{"html": "<html><body><h1>Not a page</h1></body></html>"}')
    (root / "source.txt").write_text("Title\n=====\n\n<p>reST with a tag in it</p>\n")
    (root / "post.md").write_text("# A post's Markdown source\n\n<p>published beside it</p>\n")
    links = ["good-one/", "good-two/", "malformed/", "disguised/", "huge/", "broken/", "photo.png",
             "data.json", "source.txt", "post.md", "blog/feeds/rss/", "feed/"]
    items = "".join(f'<li><h2><a href="/{href}">{href}</a></h2></li>' for href in links)
    (root / "index.html").write_text(f"<html><body><main><ul>{items}</ul></main></body></html>")


def test_bad_pages_fail_alone_with_a_named_reason(tmp_path, redis_ns):
    site = tmp_path / "site"
    site.mkdir()
    write_site(site)
    requests: list[str] = []
    with serve_directory(site, faults={"/broken/": 500}, request_log=requests) as base:
        summary_file = tmp_path / "summary.json"
        result = run_leafcrawl("crawl", base + "/", "--render", "never", "--with-worker",
                               "--archive-dir", str(tmp_path / "archive"), "--json-summary",
                               str(summary_file), cwd=tmp_path, redis_url=redis_ns.url, env=redis_ns.env)
    assert result.returncode == 0, result.stderr
    summary = json.loads(summary_file.read_text())
    files = archived_files(tmp_path / "archive")
    assert {base + "/good-one/", base + "/good-two/", base + "/malformed/"} <= set(files)
    assert "Malformed but readable" in files[base + "/malformed/"].read_text()

    store = ScoreStore(redis_ns.conn, redis_ns.prefix)
    errors = {url.removeprefix(base): (store.get_page(url) or {}).get("error")
              for url in (base + "/disguised/", base + "/huge/", base + "/broken/", base + "/data.json")}
    assert "binary body" in errors["/disguised/"]
    assert "too large" in errors["/huge/"]
    assert errors["/broken/"] == "HTTP 500"
    assert errors["/data.json"] == "not an HTML page (application/json)"
    assert summary["failures"] == 4
    # not pages: never fetched
    assert not {"/photo.png", "/source.txt", "/post.md", "/blog/feeds/rss/", "/feed/"} & set(requests)
    assert not {base + "/data.json", base + "/source.txt"} & set(files)


def test_pages_are_read_in_the_charset_their_server_names(tmp_path):
    # a page in windows-1252 whose server names the charset in its Content-Type and whose
    # HTML names none: read as UTF-8 before, every accented letter became U+FFFD
    site = tmp_path / "site"
    (site / "cafe").mkdir(parents=True)
    (site / "cafe" / "index.html").write_bytes(ARTICLE.format(
        title="Caf\xe9 cr\xe8me", n=4, body="Cr\xe8me br\xfbl\xe9e \u2013 the house\u2019s own.").encode("cp1252"))
    # and a page converted to UTF-8 whose theme still says iso-8859-1: its server's utf-8 wins
    (site / "naive").mkdir()
    (site / "naive" / "index.html").write_text(ARTICLE.format(
        title="Naïve café", n=5, body="A naïve café – ours.").replace(
        "<head>", '<head><meta charset="iso-8859-1">'), encoding="utf-8")
    (site / "index.html").write_text('<html><body><h1>Menu</h1><ul><li><a href="/cafe/">Café</a>'
                                     '</li><li><a href="/naive/">Naïve</a></li></ul></body></html>',
                                     encoding="utf-8")
    types = {"/cafe/": "text/html; charset=windows-1252"}
    with serve_directory(site, content_types=types) as base:
        result = run_leafcrawl("crawl", base + "/", "--render", "never",
                               "--archive-dir", str(tmp_path / "archive"), cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    text = archived_files(tmp_path / "archive")[base + "/cafe/"].read_text(encoding="utf-8")
    assert "title: Café crème" in text
    assert "Crème brûlée – the house’s own." in text and "\ufffd" not in text
    text = archived_files(tmp_path / "archive")[base + "/naive/"].read_text(encoding="utf-8")
    assert "title: Naïve café" in text and "A naïve café – ours." in text


@pytest.mark.browser
def test_a_rendered_utf8_page_under_a_stale_legacy_charset_is_read_as_utf8(tmp_path):
    # a page converted to UTF-8 whose theme still says iso-8859-1 and whose server names no
    # charset: Chromium decodes it as windows-1252 ("NaÃ¯ve cafÃ©"), as declared; and a
    # page truly in windows-1252 beside it, which must come out as it is
    site = tmp_path / "site"
    (site / "stale").mkdir(parents=True)
    (site / "stale" / "index.html").write_text(ARTICLE.format(
        title="Naïve café", n=5, body="A naïve café – ours, “quoted”.").replace(
        "<head>", '<head><meta charset="iso-8859-1">'), encoding="utf-8")
    (site / "cafe").mkdir()
    (site / "cafe" / "index.html").write_bytes(ARTICLE.format(
        title="Caf\xe9 cr\xe8me", n=4, body="Cr\xe8me br\xfbl\xe9e \u2013 the house\u2019s own.").replace(
        "<head>", '<head><meta charset="windows-1252">').encode("cp1252"))
    (site / "index.html").write_text('<html><body><h1>Menu</h1><ul><li><a href="/cafe/">Café</a>'
                                     '</li><li><a href="/stale/">Naïve</a></li></ul></body></html>',
                                     encoding="utf-8")
    types = {"/stale/": "text/html", "/cafe/": "text/html"}
    with serve_directory(site, content_types=types) as base:
        result = run_leafcrawl("crawl", base + "/", "--render", "always", "--log-stderr",
                               "--archive-dir", str(tmp_path / "archive"), cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr[-3000:]
    files = archived_files(tmp_path / "archive")
    text = files[base + "/stale/"].read_text(encoding="utf-8")
    assert "title: Naïve café" in text and "A naïve café – ours, “quoted”." in text, text
    text = files[base + "/cafe/"].read_text(encoding="utf-8")
    assert "title: Café crème" in text and "Crème brûlée – the house’s own." in text, text
    assert "'leafcrawl/mojibake_repaired': 1," in result.stderr
