"""A browser crawl renders page after page in the tabs it has open (crawler/rendering/
page_pool.py) instead of a new tab per page, and each page's archive holds its own text,
none of the page the tab showed before."""

from __future__ import annotations

import json
import re

import pytest

from tests.support.cli import archived_files, run_leafcrawl
from tests.support.http_server import serve_directory, write_page

pytestmark = [pytest.mark.integration, pytest.mark.browser]

POSTS = 24
TABS = 2
# Each post's body is written by its script, after load: only a render holds it.
POST = """<html><head><title>Voyage {n}</title>
<script>window.addEventListener('load', () => setTimeout(() => {{
  document.getElementById('body').innerHTML = '<p>' + 'Logbook entry {n}: the crew sighted harbour {n} at dawn. '.repeat(20) + '</p>';
}}, 30));</script></head>
<body><main><article><h1>Voyage {n}</h1><div id="body"></div></article></main></body></html>"""


def _stat(log: str, name: str) -> int:
    found = re.search(rf"'{re.escape(name)}': (\d+)", log)
    return int(found.group(1)) if found else 0


def test_a_browser_crawl_reuses_its_tabs_and_each_archive_holds_its_own_page(tmp_path, redis_ns):
    site = tmp_path / "site"
    items = "".join(f'<li><h2><a href="/voyage-{n}/">Voyage {n}</a></h2></li>' for n in range(POSTS))
    write_page(site, f"<html><head><title>Logbook</title></head><body><main><h1>Voyages</h1>"
                     f"<ul>{items}</ul></main></body></html>")
    for n in range(POSTS):
        write_page(site / f"voyage-{n}", POST.format(n=n))
    summary_file = tmp_path / "summary.json"
    with serve_directory(site) as base:
        result = run_leafcrawl(
            "crawl", base + "/", "--render", "always", "--archive-dir", str(tmp_path / "archive"),
            "--with-worker", "--json-summary", str(summary_file), "--log-stderr",
            "-s", f"PLAYWRIGHT_MAX_PAGES_PER_CONTEXT={TABS}",
            cwd=tmp_path, redis_url=redis_ns.url, env=redis_ns.env)
    assert result.returncode == 0, result.stderr[-3000:]
    summary = json.loads(summary_file.read_text())
    assert summary["archived"] == POSTS and summary["failures"] == 0

    # no more tabs opened than the context may hold; every other render reused one
    opened = _stat(result.stderr, "playwright/page_count")
    assert 1 <= opened <= TABS, result.stderr[-3000:]
    assert _stat(result.stderr, "leafcrawl/browser_tabs_reused") >= POSTS + 1 - opened

    for url, path in archived_files(tmp_path / "archive").items():
        n = int(re.search(r"voyage-(\d+)", url).group(1))
        text = path.read_text()
        assert f"Logbook entry {n}: the crew sighted harbour {n}" in text
        assert not re.search(rf"harbour (?!{n}\b)\d+", text), (url, text[:400])
