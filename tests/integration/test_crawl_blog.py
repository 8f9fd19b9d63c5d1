"""Crawl the fixture blog end to end: real Scrapy, real Redis, a real RQ worker, and (in
browser mode) real Chromium. Every page is served on 127.0.0.1 from inside the test."""

from __future__ import annotations

import json
import uuid

import pytest

from pipelines.store.score_store import ScoreStore
from tests.fixtures.make_blog import make_blog
from tests.support.cli import archived_files, read_front_matter, run_leafcrawl
from tests.support.http_server import serve_directory

pytestmark = pytest.mark.integration


@pytest.fixture(scope="module")
def blog(tmp_path_factory):
    root = tmp_path_factory.mktemp("blog")
    expected = make_blog(root)
    with serve_directory(root) as base_url:
        yield expected, base_url


def crawl(base_url, workdir, ns, render):
    summary_file = workdir / f"summary-{uuid.uuid4().hex[:6]}.json"
    result = run_leafcrawl(
        "crawl", base_url + "/", "--render", render, "--archive-dir", str(workdir / "archive"),
        "--with-worker", "--json-summary", str(summary_file),
        cwd=workdir, redis_url=ns.url, env=ns.env,
    )
    assert result.returncode == 0, result.stderr
    return json.loads(summary_file.read_text()), result


@pytest.mark.parametrize("render", [pytest.param("always", marks=pytest.mark.browser), "never"])
def test_crawl_archives_every_post_once_and_no_listing(blog, tmp_path, redis_ns, render):
    expected, base_url = blog
    conn, prefix = redis_ns.conn, redis_ns.prefix
    summary, result = crawl(base_url, tmp_path, redis_ns, render)
    archive = tmp_path / "archive"
    files = archived_files(archive)
    archived_paths = {url.removeprefix(base_url) for url in files}

    # every post archived exactly once (archived_files asserts uniqueness), with front matter
    assert set(expected.posts) <= archived_paths
    # nothing but leaves: no home, pagination, tag, category or overview page
    assert archived_paths <= set(expected.leaf_pages), archived_paths - set(expected.leaf_pages)
    for url, path in files.items():
        meta = read_front_matter(path)
        assert meta["verdict"] == "leaf" and meta["url"] == url
        assert meta["title"] and "fetched_at" in meta and "score" in meta
    post = expected.posts[0]
    assert read_front_matter(files[base_url + post])["title"] == expected.titles[post]

    # every fetched page has its score and breakdown in Redis
    store = ScoreStore(conn, prefix)
    stored = store.site_pages(summary["site"])
    stored_urls = {page["url"] for page in stored}
    reachable = set(expected.posts) | set(expected.home_pages)
    assert {base_url + p for p in reachable} <= stored_urls
    for page in stored:
        assert page["verdict"] in ("index", "leaf")
        assert page["breakdown"] and sum(page["breakdown"].values()) == pytest.approx(page["score"])
        assert "head_start" in page["breakdown"]
        raw = conn.hgetall(f"{prefix}:page:{page['url']}")
        assert any(k.startswith(b"term:") for k in raw)
    assert summary["pages_fetched"] == len(stored_urls)
    assert summary["archived"] == len(files) and summary["failures"] == 0

    # the JS-injected post: its body is there only when a browser ran the script
    js_md = files[base_url + expected.js_post].read_text(encoding="utf-8")
    if render == "always":
        assert expected.js_marker in js_md
    else:
        assert expected.js_marker not in js_md

    # a second crawl writes no new archive file: the server says every page crawled before
    # is not modified (crawler/frontier/revisits.py), so none is fetched again
    before = {p: p.stat().st_mtime_ns for p in archive.rglob("*")}
    again, _ = crawl(base_url, tmp_path, redis_ns, render)
    after = {p: p.stat().st_mtime_ns for p in archive.rglob("*")}
    assert after == before
    assert again["archived"] == 0
    assert again["not_modified"] + again["pages_fetched"] == summary["pages_fetched"]
    # fetched again: the start page, and in a browser the post whose body a script injects
    # (an unchanged document says nothing of it); every other page's links and text are
    # its document's
    assert again["pages_fetched"] == (2 if render == "always" else 1)


def test_a_start_page_that_reads_as_a_leaf_still_leads_to_the_site(tmp_path, redis_ns):
    """Blogger-style: the home page shows two whole posts, so it scores as a leaf; the
    crawl must still follow it to the posts instead of stopping at its first page."""
    site = tmp_path / "site"
    posts = {}
    for n in (1, 2):
        body = " ".join(f"Sentence {i} of post {n} talks about soldering irons and flux." for i in range(40))
        posts[f"/p{n}/"] = body
        (site / f"p{n}").mkdir(parents=True)
        (site / f"p{n}" / "index.html").write_text(
            f'<html><head><meta property="og:type" content="article"></head><body><main><article>'
            f'<h1>Post {n}</h1><time datetime="2024-01-0{n}">Jan {n}</time><p>{body}</p>'
            f'</article></main></body></html>')
    home = "".join(f'<article><h2><a href="{path}">Post {path[2]}</a></h2><p>{body}</p></article>'
                   for path, body in posts.items())
    (site / "index.html").write_text(
        f'<html><head><meta property="og:type" content="article"></head><body><main>{home}'
        f'<time datetime="2024-01-02">Jan 2</time></main></body></html>')
    with serve_directory(site) as base_url:
        summary, _ = crawl(base_url, tmp_path, redis_ns, "never")
    home_record = ScoreStore(redis_ns.conn, redis_ns.prefix).get_page(base_url + "/")
    assert home_record["verdict"] == "leaf"  # the case this test is about
    files = archived_files(tmp_path / "archive")
    assert {base_url + "/p1/", base_url + "/p2/"} <= set(files)
    assert summary["pages_fetched"] == 3
