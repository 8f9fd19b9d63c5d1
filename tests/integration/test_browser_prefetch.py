"""Browser crawls abort a page's prefetches (<link rel=prefetch>: chunks for navigations the
crawl never makes) and its iframes' documents (ads, players, embeds: never read), and still
load what the page itself runs."""

from __future__ import annotations

import json

import pytest

from tests.support.cli import archived_files, run_leafcrawl
from tests.support.http_server import Hold, Redirect, serve_directory, write_page

pytestmark = [pytest.mark.integration, pytest.mark.browser]

PROSE = "The boats came in at first light and the market opened. " * 20
# The page's own script writes its body; the prefetched one is another route's chunk.
POST = """<html><head><title>A post</title>
<link rel="prefetch" href="/assets/other-route.js" as="script">
<script src="/assets/this-page.js" defer></script></head>
<body><main><article><h1>A post</h1><div id="body"></div></article></main></body></html>"""
THIS_PAGE_JS = "document.getElementById('body').innerHTML = '<p>%s</p>';" % PROSE
HOME = """<html><head><title>Home</title></head><body><main><h1>Posts</h1><ul>
<li><h2><a href="/2024/05/a-post/">A post</a></h2></li></ul></main></body></html>"""


def test_a_browser_crawl_aborts_prefetches_and_runs_the_pages_own_scripts(tmp_path, redis_ns):
    site = tmp_path / "site"
    write_page(site, HOME)
    write_page(site / "2024/05/a-post", POST)
    (site / "assets").mkdir()
    (site / "assets/this-page.js").write_text(THIS_PAGE_JS)
    (site / "assets/other-route.js").write_text("window.otherRoute = true;")
    requests: list[str] = []
    with serve_directory(site, request_log=requests) as base_url:
        summary_file = tmp_path / "summary.json"
        result = run_leafcrawl(
            "crawl", base_url + "/", "--render", "always", "--archive-dir", str(tmp_path / "archive"),
            "--with-worker", "--json-summary", str(summary_file),
            cwd=tmp_path, redis_url=redis_ns.url, env=redis_ns.env)
    assert result.returncode == 0, result.stderr
    assert json.loads(summary_file.read_text())["archived"] == 1
    assert "/assets/this-page.js" in requests
    assert "/assets/other-route.js" not in requests
    markdown = next(iter(archived_files(tmp_path / "archive").values())).read_text()
    assert "The boats came in at first light" in markdown


def test_a_browser_crawl_does_not_wait_for_an_iframe_that_never_loads(tmp_path, redis_ns):
    # an ad server that never answers: the page's load event waited for its iframe, and the
    # page failed at the navigation timeout with its text drawn
    site = tmp_path / "site"
    write_page(site, HOME)
    write_page(site / "2024/05/a-post", POST.replace(
        "</article>", '<iframe src="/ads/slot-1/" width="300" height="250"></iframe></article>'))
    (site / "assets").mkdir()
    (site / "assets/this-page.js").write_text(THIS_PAGE_JS)
    requests: list[str] = []
    ad_server = Hold()
    try:
        with serve_directory(site, request_log=requests, faults={"/ads/slot-1/": ad_server}) as base:
            summary_file = tmp_path / "summary.json"
            result = run_leafcrawl(
                "crawl", base + "/", "--render", "always", "--archive-dir", str(tmp_path / "archive"),
                "--with-worker", "--json-summary", str(summary_file),
                "-s", "PLAYWRIGHT_DEFAULT_NAVIGATION_TIMEOUT=10000",
                cwd=tmp_path, redis_url=redis_ns.url, env=redis_ns.env)
    finally:
        ad_server.release()
    assert result.returncode == 0, result.stderr
    summary = json.loads(summary_file.read_text())
    assert summary["archived"] == 1 and summary["failures"] == 0
    assert "/ads/slot-1/" not in requests
    markdown = next(iter(archived_files(tmp_path / "archive").values())).read_text()
    assert "The boats came in at first light" in markdown


def test_a_browser_crawl_cuts_a_script_and_a_stylesheet_that_never_load(tmp_path, redis_ns):
    # a tracker script and a font stylesheet from hosts that never answer: the page's load
    # event waits for both, and the page failed at the navigation timeout with its text drawn
    site = tmp_path / "site"
    write_page(site, HOME)
    write_page(site / "2024/05/a-post", POST.replace(
        "</head>", '<link rel="stylesheet" href="/cdn/fonts.css">'
                   '<script async src="/track/t.js"></script></head>'))
    (site / "assets").mkdir()
    (site / "assets/this-page.js").write_text(THIS_PAGE_JS)
    requests: list[str] = []
    tracker, cdn = Hold(), Hold()
    try:
        with serve_directory(site, request_log=requests,
                             faults={"/track/t.js": tracker, "/cdn/fonts.css": cdn}) as base:
            summary_file = tmp_path / "summary.json"
            result = run_leafcrawl(
                "crawl", base + "/", "--render", "always", "--archive-dir", str(tmp_path / "archive"),
                "--with-worker", "--json-summary", str(summary_file),
                "-s", "PLAYWRIGHT_DEFAULT_NAVIGATION_TIMEOUT=10000",
                cwd=tmp_path, redis_url=redis_ns.url, env=redis_ns.env)
    finally:
        tracker.release()
        cdn.release()
    assert result.returncode == 0, result.stderr
    summary = json.loads(summary_file.read_text())
    assert summary["archived"] == 1 and summary["failures"] == 0
    # asked for, then given up on, and the crawl's log says so
    assert "/track/t.js" in requests and "/cdn/fonts.css" in requests
    log = next(tmp_path.rglob("crawl-*.log")).read_text()
    assert "loaded without 2 of its resources" in log and "'leafcrawl/subresources_cut': 2" in log
    markdown = next(iter(archived_files(tmp_path / "archive").values())).read_text()
    assert "The boats came in at first light" in markdown


def test_a_redirected_module_script_still_imports_beside_its_new_address(tmp_path, redis_ns):
    # The deadline's fetch hands the page each script's answer; had it followed the
    # redirect itself, the browser would take /assets/entry.js for the module's address and
    # look for ./body.js beside it, where it is not: the page's body would never be drawn.
    site = tmp_path / "site"
    write_page(site, HOME)
    write_page(site / "2024/05/a-post", POST.replace(
        '<script src="/assets/this-page.js" defer></script>',
        '<script type="module" src="/assets/entry.js"></script>'))
    (site / "build/v2").mkdir(parents=True)
    (site / "build/v2/entry.js").write_text(
        "import {prose} from './body.js';\n"
        "document.getElementById('body').innerHTML = '<p>' + prose + '</p>';")
    (site / "build/v2/body.js").write_text("export const prose = %s;" % json.dumps(PROSE))
    with serve_directory(site, faults={"/assets/entry.js": Redirect("/build/v2/entry.js")}) as base:
        summary_file = tmp_path / "summary.json"
        result = run_leafcrawl(
            "crawl", base + "/", "--render", "always", "--archive-dir", str(tmp_path / "archive"),
            "--with-worker", "--json-summary", str(summary_file),
            cwd=tmp_path, redis_url=redis_ns.url, env=redis_ns.env)
    assert result.returncode == 0, result.stderr
    assert json.loads(summary_file.read_text())["archived"] == 1
    markdown = next(iter(archived_files(tmp_path / "archive").values())).read_text()
    assert "The boats came in at first light" in markdown
