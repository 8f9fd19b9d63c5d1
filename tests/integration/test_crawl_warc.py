"""`crawl --warc FILE`: a WARC that warcio checks, whose records replay the pages served
byte for byte (plain), or hold the rendered DOM (browser)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from warcio.archiveiterator import ArchiveIterator

from tests.fixtures.make_blog import make_blog
from tests.support.cli import run_leafcrawl
from tests.support.http_server import serve_directory, write_page

pytestmark = pytest.mark.integration


def records(path: Path) -> list[tuple[str, str, bytes]]:
    with open(path, "rb") as fh:
        return [(r.rec_type, r.rec_headers.get_header("WARC-Target-URI"), r.content_stream().read())
                for r in ArchiveIterator(fh)]


def warcio_check(path: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "warcio.cli", "check", str(path)],
                          capture_output=True, text=True)


def test_a_plain_crawls_warc_replays_every_page_byte_for_byte(tmp_path, redis_ns):
    make_blog(tmp_path / "site")
    with serve_directory(tmp_path / "site") as base:
        result = run_leafcrawl("crawl", base + "/", "--render", "never", "--with-worker",
                               "--warc", str(tmp_path / "crawl.warc.gz"), "--archive-dir",
                               str(tmp_path / "archive"), cwd=tmp_path, redis_url=redis_ns.url,
                               env=redis_ns.env)
    assert result.returncode == 0, result.stderr
    assert warcio_check(tmp_path / "crawl.warc.gz").returncode == 0
    got = records(tmp_path / "crawl.warc.gz")
    responses = {url: body for kind, url, body in got if kind == "response"}
    requests = {url for kind, url, _ in got if kind == "request"}
    pages = [url for url in responses if not url.endswith("robots.txt")]
    assert len(pages) > 20 and set(responses) <= requests
    for url in pages:
        path = url.removeprefix(base).lstrip("/")
        served = tmp_path / "site" / path / "index.html" if not path.endswith(".html") else tmp_path / "site" / path
        assert responses[url] == served.read_bytes(), url


@pytest.mark.browser
def test_a_rendered_page_is_kept_as_its_dom(tmp_path, redis_ns):
    site = tmp_path / "site"
    write_page(site, '<html><body><main><h1>Home</h1><p id="x">Served.</p><script>'
                     'document.getElementById("x").textContent = "Drawn by a script.";'
                     '</script></main></body></html>')
    with serve_directory(site) as base:
        result = run_leafcrawl("crawl", base + "/", "--render", "always", "--with-worker",
                               "--warc", str(tmp_path / "crawl.warc"), "--archive-dir",
                               str(tmp_path / "archive"), cwd=tmp_path, redis_url=redis_ns.url,
                               env=redis_ns.env)
    assert result.returncode == 0, result.stderr
    assert warcio_check(tmp_path / "crawl.warc").returncode == 0
    resources = {url: body for kind, url, body in records(tmp_path / "crawl.warc") if kind == "resource"}
    assert b"Drawn by a script." in resources[base + "/"]
