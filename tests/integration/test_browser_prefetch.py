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


def crawl_post(tmp_path, redis_ns, post: str, files: dict[str, str] | None = None,
               faults: dict | None = None) -> tuple[dict, str, list[str], str]:
    """Serve HOME and `post` (with the page's own script and `files`), crawl the site in the
    browser with a 10 s navigation timeout, and return (summary, the post's Markdown, the
    paths the server was asked for, the crawl's log). Holds among `faults` are released
    however the crawl ends."""
    site = tmp_path / "site"
    write_page(site, HOME)
    write_page(site / "2024/05/a-post", post)
    for path, text in {"assets/this-page.js": THIS_PAGE_JS, **(files or {})}.items():
        (site / path).parent.mkdir(parents=True, exist_ok=True)
        (site / path).write_text(text)
    requests: list[str] = []
    try:
        with serve_directory(site, request_log=requests, faults=faults) as base:
            summary_file = tmp_path / "summary.json"
            result = run_leafcrawl(
                "crawl", base + "/", "--render", "always", "--archive-dir", str(tmp_path / "archive"),
                "--with-worker", "--json-summary", str(summary_file),
                "-s", "PLAYWRIGHT_DEFAULT_NAVIGATION_TIMEOUT=10000",
                cwd=tmp_path, redis_url=redis_ns.url, env=redis_ns.env)
    finally:
        for fault in (faults or {}).values():
            if isinstance(fault, Hold):
                fault.release()
    assert result.returncode == 0, result.stderr
    summary = json.loads(summary_file.read_text())
    assert summary["archived"] == 1 and summary["failures"] == 0
    markdown = next(iter(archived_files(tmp_path / "archive").values())).read_text()
    log = next(tmp_path.rglob("crawl-*.log")).read_text()
    return summary, markdown, requests, log


def test_a_browser_crawl_aborts_prefetches_and_runs_the_pages_own_scripts(tmp_path, redis_ns):
    _, markdown, requests, _ = crawl_post(
        tmp_path, redis_ns, POST, files={"assets/other-route.js": "window.otherRoute = true;"})
    assert "/assets/this-page.js" in requests
    assert "/assets/other-route.js" not in requests
    assert "The boats came in at first light" in markdown


def test_a_browser_crawl_does_not_wait_for_an_iframe_that_never_loads(tmp_path, redis_ns):
    # an ad server that never answers: the page's load event waited for its iframe, and the
    # page failed at the navigation timeout with its text drawn
    post = POST.replace(
        "</article>", '<iframe src="/ads/slot-1/" width="300" height="250"></iframe></article>')
    _, markdown, requests, _ = crawl_post(tmp_path, redis_ns, post, faults={"/ads/slot-1/": Hold()})
    assert "/ads/slot-1/" not in requests
    assert "The boats came in at first light" in markdown


def test_a_browser_crawl_cuts_a_script_and_a_stylesheet_that_never_load(tmp_path, redis_ns):
    # a tracker script and a font stylesheet from hosts that never answer: the page's load
    # event waits for both, and the page failed at the navigation timeout with its text drawn
    post = POST.replace("</head>", '<link rel="stylesheet" href="/cdn/fonts.css">'
                                   '<script async src="/track/t.js"></script></head>')
    _, markdown, requests, log = crawl_post(
        tmp_path, redis_ns, post, faults={"/track/t.js": Hold(), "/cdn/fonts.css": Hold()})
    # asked for, then given up on, and the crawl's log says so
    assert "/track/t.js" in requests and "/cdn/fonts.css" in requests
    assert "loaded without 2 of its resources" in log and "'leafcrawl/subresources_cut': 2" in log
    assert "The boats came in at first light" in markdown


def test_a_redirected_module_script_still_imports_beside_its_new_address(tmp_path, redis_ns):
    # The deadline's fetch hands the page each script's answer; had it followed the
    # redirect itself, the browser would take /assets/entry.js for the module's address and
    # look for ./body.js beside it, where it is not: the page's body would never be drawn.
    post = POST.replace('<script src="/assets/this-page.js" defer></script>',
                        '<script type="module" src="/assets/entry.js"></script>')
    files = {"build/v2/entry.js": "import {prose} from './body.js';\n"
                                  "document.getElementById('body').innerHTML = '<p>' + prose + '</p>';",
             "build/v2/body.js": "export const prose = %s;" % json.dumps(PROSE)}
    _, markdown, _, _ = crawl_post(tmp_path, redis_ns, post, files=files,
                                   faults={"/assets/entry.js": Redirect("/build/v2/entry.js")})
    assert "The boats came in at first light" in markdown
