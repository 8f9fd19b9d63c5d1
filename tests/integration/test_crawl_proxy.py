"""A site reachable only through an HTTP proxy (a company's network) is crawled through the
proxy the environment names (http_proxy), in both render modes, as Scrapy's plain fetches
always were."""

from __future__ import annotations

import json

import pytest

from tests.support.cli import archived_files, run_leafcrawl
from tests.support.http_proxy import forward_proxy
from tests.support.http_server import serve_directory, write_page

pytestmark = pytest.mark.integration

SITE_HOST = "intranet.test"      # no DNS knows it: only the proxy does
PROSE = "The night shift logged two deliveries and a fault on the north conveyor. " * 20
HOME = """<html><head><title>Ops log</title></head><body><main><h1>Entries</h1><ul>
<li><h2><a href="/2024/06/night-shift/">Night shift</a></h2><p>Deliveries.</p></li></ul>
</main></body></html>"""
POST = f"""<html><head><title>Night shift</title></head><body><main><article>
<h1>Night shift</h1><p>{PROSE}</p></article></main></body></html>"""


@pytest.mark.parametrize("render", ["never", pytest.param("always", marks=pytest.mark.browser)])
def test_a_site_behind_a_proxy_is_crawled_through_it(tmp_path, redis_ns, render):
    site = tmp_path / "site"
    write_page(site, HOME)
    write_page(site / "2024/06/night-shift", POST)
    asked: list[str] = []
    with serve_directory(site) as base, forward_proxy({SITE_HOST: base}, asked) as proxy:
        summary_file = tmp_path / "summary.json"
        result = run_leafcrawl(
            "crawl", f"http://{SITE_HOST}/", "--render", render,
            "--archive-dir", str(tmp_path / "archive"), "--with-worker",
            "--json-summary", str(summary_file), cwd=tmp_path, redis_url=redis_ns.url,
            # the local Redis is no business of the proxy's
            env={**redis_ns.env, "http_proxy": proxy, "no_proxy": "127.0.0.1,localhost"})
    assert result.returncode == 0, result.stderr
    summary = json.loads(summary_file.read_text())
    assert summary["archived"] == 1 and summary["failures"] == 0
    markdown = archived_files(tmp_path / "archive")[f"http://{SITE_HOST}/2024/06/night-shift/"]
    assert "north conveyor" in markdown.read_text()
    assert f"http://{SITE_HOST}/2024/06/night-shift/" in asked
