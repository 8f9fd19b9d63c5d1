"""A plain crawl of a site whose pages a script draws says so, and its exit status tells a
script (3: done, with a warning to heed)."""
from __future__ import annotations

import json

import pytest

from tests.support.cli import run_leafcrawl
from tests.support.http_server import serve_directory, write_page

pytestmark = pytest.mark.integration

SHELL = ('<html><head><title>App</title></head><body><div id="root"></div>'
         '<script src="/app.js"></script></body></html>')


def test_plain_mode_on_script_drawn_pages_is_doubted(tmp_path, redis_ns):
    site = tmp_path / "site"
    write_page(site, '<html><body><main><h1>Docs</h1><ul>' + "".join(
        f'<li><h2><a href="/docs/page-{i}/">Page {i}</a></h2></li>' for i in range(4))
        + '</ul></main></body></html>')
    for i in range(4):
        write_page(site / "docs" / f"page-{i}", SHELL)
    (site / "app.js").write_text("document.getElementById('root').textContent = 'Drawn';")
    with serve_directory(site) as base:
        result = run_leafcrawl("crawl", base + "/", "--render", "never", "--with-worker",
                               "--json-summary", str(tmp_path / "s.json"), "--archive-dir",
                               str(tmp_path / "archive"), cwd=tmp_path, redis_url=redis_ns.url,
                               env=redis_ns.env)
    assert result.returncode == 3, result.stdout + result.stderr
    summary = json.loads((tmp_path / "s.json").read_text())
    assert summary["script_drawn"] == 4
    assert "4 of 5 pages look drawn by a script" in result.stdout
    assert "crawl with --render auto or always" in summary["warnings"][0]
