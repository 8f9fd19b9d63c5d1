"""`leafcrawl ui` in a real browser (Playwright with Debian's Chromium), over a Redis filled
by a real crawl of the fixture blog: pages render, a filter works, a page's terms,
explanation and archived Markdown show."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest

from tests.fixtures.make_blog import make_blog
from tests.support.cli import PROJECT_ROOT
from tests.support.http_server import serve_directory

pytestmark = pytest.mark.integration


@pytest.fixture
def crawled_blog(tmp_path, redis_ns):
    """The fixture blog crawled (plain) into the test's Redis namespace: (env, expected, base_url)."""
    site = tmp_path / "site"
    expected = make_blog(site)
    env = {k: v for k, v in os.environ.items() if k != "REDIS_URL"}
    env.update(redis_ns.env, REDIS_URL=redis_ns.url, PYTHONPATH=str(PROJECT_ROOT),
               LEAFCRAWL_STATE_DIR=str(tmp_path / ".leafcrawl"))
    with serve_directory(site) as base_url:
        crawl = subprocess.run([sys.executable, "-m", "crawler.cli", "crawl", base_url + "/",
                                "--render", "never", "--with-worker",
                                "--archive-dir", str(tmp_path / "archive")],
                               cwd=tmp_path, env=env, capture_output=True, text=True,
                               stdin=subprocess.DEVNULL, timeout=300)
        assert crawl.returncode == 0, crawl.stderr
        yield env, expected, base_url


@pytest.fixture
def ui(crawled_blog, tmp_path):
    env, expected, base_url = crawled_blog
    proc = subprocess.Popen([sys.executable, "-m", "crawler.cli", "ui", "--port", "0",
                             "--archive-dir", str(tmp_path / "archive")],
                            cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, stdin=subprocess.DEVNULL)
    try:
        line = proc.stdout.readline()       # announced once it listens
        found = re.search(r"http://127\.0\.0\.1:\d+/", line)
        assert found, (line, proc.stderr.read() if proc.poll() is not None else "")
        yield found.group(0), expected, base_url
    finally:
        proc.terminate()
        proc.wait(timeout=30)


@pytest.fixture
def page():
    from playwright.sync_api import sync_playwright

    from crawler.rendering.browser import find_chromium

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=find_chromium(), headless=True)
        try:
            yield browser.new_page()
        finally:
            browser.close()


def test_the_web_view_shows_sites_pages_filters_and_a_pages_explanation(ui, page):
    root, expected, base_url = ui
    response = page.goto(root)
    # nothing leaves the machine: no script runs, nothing is fetched from elsewhere
    assert "default-src 'none'" in response.headers["content-security-policy"]
    site_link = page.locator("#sites a").first
    site_name = site_link.inner_text()
    assert site_name.startswith("127.0.0.1_")
    assert page.locator("table.runs tr").count() >= 2          # the crawl's run is listed

    site_link.click()
    rows = page.locator("#pages tr.page")
    assert rows.count() == len(expected.pages)
    assert page.locator("#histogram rect").count() >= 2
    scores = [float(t) for t in page.locator("#pages tr.page td:nth-child(2)").all_inner_texts()]
    assert scores == sorted(scores, reverse=True)            # by score, highest first

    # the filter: leaves only
    page.select_option("select[name=verdict]", "leaf")
    page.click("form.filter button")
    verdicts = page.locator("#pages tr.page td.verdict").all_inner_texts()
    assert verdicts and set(verdicts) == {"leaf"}
    assert len(verdicts) == len(expected.leaf_pages)
    # and a title search within them
    post = sorted(expected.posts)[0]
    title = expected.titles[post]
    page.fill("input[name=q]", title)
    page.click("form.filter button")
    assert page.locator("#pages tr.page").count() >= 1
    page.locator("#pages tr.page a", has_text=base_url + post).click()

    assert page.locator("#verdict").inner_text() == "leaf"
    assert page.locator("#terms .bar").count() >= 2
    assert "evidence" in page.locator("#explain").inner_text()
    assert page.locator("#markdown h1, #markdown h2").first.inner_text() == title


def test_a_crawled_pages_markup_is_shown_as_text(redis_ns, tmp_path):
    # titles and Markdown come from the crawled site: markup in them is text, never HTML
    from crawler.commands.web_ui import create_app
    from pipelines.store.score_store import ScoreStore

    store = ScoreStore(redis_ns.conn, redis_ns.prefix)
    hostile = '<img src=x onerror="alert(1)">'
    archived = tmp_path / "post.md"
    archived.write_text(f"---\ntitle: x\n---\n# Post\n\n{hostile}\n\n[click](javascript:alert(1))\n")
    store.save_page({"url": "https://evil.example/post/", "site": "evil", "verdict": "leaf",
                     "score": -20.0, "seed_score": -5.0, "title": hostile, "status": 200,
                     "archived_path": str(archived), "breakdown": {"url_content": -14.0},
                     "counts": {"url_content": 1}})
    client = create_app(store).test_client()
    listing = client.get("/site/evil").get_data(as_text=True)
    assert hostile not in listing and "&lt;img src=x" in listing
    shown = client.get("/page?url=https://evil.example/post/").get_data(as_text=True)
    assert hostile not in shown and "&lt;img src=x" in shown
    assert "javascript:" not in shown
    assert client.get("/site/nobody").status_code == 404
    assert client.get("/page?url=https://evil.example/other/").status_code == 404
