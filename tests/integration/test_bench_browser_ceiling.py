"""bench/browser_ceiling.py: the site's pages as the server serves them, and its raw loop
renders each once in reused tabs, through a route when asked, as scrapy-playwright's
handler routes every request."""

from __future__ import annotations

import asyncio
import importlib.util
import sys
from pathlib import Path

import pytest

from tests.support.http_server import serve_directory

pytestmark = [pytest.mark.integration, pytest.mark.browser]

REPO = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("browser_ceiling", REPO / "bench" / "browser_ceiling.py")
ceiling = importlib.util.module_from_spec(_spec)
sys.modules.setdefault("browser_ceiling", ceiling)
_spec.loader.exec_module(ceiling)

PAGES = {
    "index.html": "<html><body><a href='/posts/one/'>One</a> <a href='/about.html'>About</a></body></html>",
    "posts/one/index.html": "<html><head><link rel='stylesheet' href='/site.css'></head>"
                            "<body><p>The first post.</p></body></html>",
    "about.html": "<html><body><p>About this site.</p></body></html>",
}


@pytest.fixture
def site(tmp_path):
    for rel, html in PAGES.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(html)
    (tmp_path / "site.css").write_text("p { color: navy }")
    return tmp_path


def test_site_urls_are_the_addresses_the_server_answers(site):
    assert ceiling.site_urls(site, "http://127.0.0.1:1") == [
        "http://127.0.0.1:1/about.html", "http://127.0.0.1:1/", "http://127.0.0.1:1/posts/one/"]


@pytest.mark.parametrize("route", [False, True])
def test_raw_loop_renders_every_page_once(site, route):
    requests: list[str] = []
    with serve_directory(site, request_log=requests) as base:
        result = asyncio.run(ceiling.render_all(ceiling.site_urls(site, base), tabs=2, route=route))
    assert result["pages_fetched"] == 3 and result["errors"] == {}
    assert sorted(p for p in requests if not p.endswith(".css")) == ["/", "/about.html", "/posts/one/"]
    assert "/site.css" in requests      # the page was rendered, its stylesheet loaded
