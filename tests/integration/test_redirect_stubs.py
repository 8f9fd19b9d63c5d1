"""A plain crawl treats redirect stubs as a browser would: followed on the site, a failure
naming the target off it (Scrapy's meta-refresh middleware followed one off the site, where
the offsite filter dropped it without a word)."""
from __future__ import annotations

import json

import pytest

from tests.support.cli import archived_files, run_leafcrawl
from tests.support.http_server import serve_directory, write_page

pytestmark = pytest.mark.integration

POST = ("<html><body><main><article><h1>Where it lives now</h1><p>"
        + "The keeper wrote the weather down every hour of the night. " * 25
        + "</p></article></main></body></html>")


def test_stubs_are_followed_on_the_site_and_named_off_it(tmp_path, redis_ns):
    site = tmp_path / "site"
    write_page(site, "<html><body><main><h1>Log</h1><ul>" + "".join(
        f'<li><h2><a href="/{p}/">{p}</a></h2><p>An entry of the log.</p></li>'
        for p in ("moved", "gone", "scripted")) + "</ul></main></body></html>")
    write_page(site / "moved", '<html><head><meta http-equiv="refresh" content="0; url=/new-home/">'
                               '</head><body><p>Moved.</p></body></html>')
    write_page(site / "new-home", POST)
    write_page(site / "gone", '<html><head><meta http-equiv="refresh" content="0; '
                              'url=https://elsewhere.example/log/"></head><body>Gone.</body></html>')
    write_page(site / "scripted", '<html><head><script>location.replace("https://elsewhere.example/s/")'
                                  '</script></head><body>Moving.</body></html>')
    with serve_directory(site) as base:
        result = run_leafcrawl("crawl", base + "/", "--render", "never", "--with-worker",
                               "--json-summary", str(tmp_path / "s.json"), "--archive-dir",
                               str(tmp_path / "archive"), cwd=tmp_path, redis_url=redis_ns.url,
                               env=redis_ns.env)
    assert result.returncode == 0, result.stderr
    assert set(archived_files(tmp_path / "archive")) == {base + "/new-home/"}
    errors = dict(json.loads((tmp_path / "s.json").read_text())["errors"])
    assert errors == {base + "/gone/": "redirected off the site, to https://elsewhere.example/log/",
                      base + "/scripted/": "redirected off the site, to https://elsewhere.example/s/"}
