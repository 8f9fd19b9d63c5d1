"""Mistakes in a crawl's command line answered in one line before anything runs, and an
IPv6 site crawled at its address."""
from __future__ import annotations

import socket
from pathlib import Path

import pytest

from crawler.fetch_errors import describe_fetch_error
from tests.support.cli import run_leafcrawl


def test_a_port_out_of_range_is_named_not_crawled_as_nothing(tmp_path):
    result = run_leafcrawl("crawl", "http://127.0.0.1:99999/", "--render", "never", cwd=tmp_path)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert "port must be a number from 1 to 65535" in result.stderr


@pytest.mark.parametrize("setting, kind", [("DOWNLOAD_TIMEOUT=abc", "is not a number"),
                                           ("ROBOTSTXT_OBEY=maybe", "is not true or false"),
                                           ("CONCURRENT_REQUESTS=lots", "is not a number")])
def test_a_setting_of_the_wrong_type_is_named_before_the_crawl(tmp_path, setting, kind):
    result = run_leafcrawl("crawl", "http://127.0.0.1:9/", "--render", "never", "-s", setting,
                           cwd=tmp_path)
    assert result.returncode == 1, result.stderr      # not 130, "interrupted"
    assert "Traceback" not in result.stderr
    name, _, value = setting.partition("=")
    assert f"scrapy_settings: {name}={value!r} {kind}" in result.stderr


def test_a_body_over_the_download_cap_reads_as_too_large():
    from scrapy.exceptions import DownloadCancelledError

    from crawler import settings
    from pipelines.htmlparse import MAX_HTML_BYTES

    assert settings.DOWNLOAD_MAXSIZE == MAX_HTML_BYTES    # refused while it downloads
    exc = DownloadCancelledError(f"Expected to receive 21976468 bytes which is larger than download "
                                 f"max size ({MAX_HTML_BYTES}) in request <GET http://x/>.")
    assert describe_fetch_error(exc) == f"body too large: over {MAX_HTML_BYTES} bytes (DOWNLOAD_MAXSIZE)"


def _ipv6_loopback() -> bool:
    try:
        with socket.socket(socket.AF_INET6) as s:
            s.bind(("::1", 0))
        return True
    except OSError:
        return False


@pytest.mark.skipif(not _ipv6_loopback(), reason="this machine has no IPv6 loopback")
def test_a_site_at_an_ipv6_address_is_crawled(tmp_path):
    import http.server
    import threading
    import functools

    site = tmp_path / "site"
    (site / "post").mkdir(parents=True)
    (site / "index.html").write_text('<html><body><main><ul>' + "".join(
        f'<li><h2><a href="/post/">Post {i}</a></h2></li>' for i in range(1)) + '</ul></main></body></html>')
    (site / "post" / "index.html").write_text(
        '<html><body><main><article><h1>A post</h1><p>' + "Words of the post. " * 60
        + '</p></article></main></body></html>')

    class V6Server(http.server.ThreadingHTTPServer):
        address_family = socket.AF_INET6
        request_queue_size = 64

    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(site))
    handler.log_message = lambda *a: None
    server = V6Server(("::1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        url = f"http://[::1]:{server.server_address[1]}/"
        result = run_leafcrawl("crawl", url, "--render", "never", "--with-worker", cwd=tmp_path)
    finally:
        server.shutdown()
        server.server_close()
    assert result.returncode == 0, result.stderr
    assert "DNS lookup failed" not in result.stderr + result.stdout
    archived = list(Path(tmp_path / "archive").rglob("*.md"))
    assert [p.name for p in archived] == ["post.md"]
