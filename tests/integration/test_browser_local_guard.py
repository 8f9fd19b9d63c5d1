"""A rendered page's scripts reach no service on the crawler's machine but the crawled
site itself, unless the user opts in (--allow-local-requests)."""
from __future__ import annotations

import http.server
import threading

import pytest

from crawler.rendering.local_guard import LocalRequestGuard, is_local_address
from tests.support.cli import run_leafcrawl
from tests.support.http_server import serve_directory, write_page

pytestmark = [pytest.mark.integration, pytest.mark.browser]


class Listener(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        self.server.heard.append(self.path)
        self.send_response(200)
        self.send_header("Access-Control-Allow-Origin", "*")
        self.send_header("Content-Length", "2")
        self.end_headers()
        self.wfile.write(b"ok")

    def log_message(self, *args):
        pass


def crawl_with_a_thief(tmp_path, redis_ns, *extra):
    listener = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Listener)
    listener.heard = []
    threading.Thread(target=listener.serve_forever, daemon=True).start()
    stolen = f"http://127.0.0.1:{listener.server_address[1]}/stolen"
    site = tmp_path / "site"
    # the page's own text arrives by a fetch from its own site (allowed); then it phones home
    write_page(site, '<html><body><main><h1>Notes</h1><p id="x">Loading.</p><script>'
                     'fetch("/part.txt").then(r => r.text()).then(t => {'
                     'document.getElementById("x").textContent = t;'
                     f'fetch("{stolen}").catch(() => null); }});</script></main></body></html>')
    (site / "part.txt").write_text("The keeper wrote down the weather every hour. " * 20)
    try:
        with serve_directory(site) as base:
            result = run_leafcrawl("crawl", base + "/", "--render", "always", "--with-worker",
                                   "--archive-dir", str(tmp_path / "archive"), *extra,
                                   cwd=tmp_path, redis_url=redis_ns.url, env=redis_ns.env)
    finally:
        listener.shutdown()
        listener.server_close()
    return result, listener.heard, base


def test_a_pages_request_to_a_local_service_is_blocked(tmp_path, redis_ns):
    result, heard, base = crawl_with_a_thief(tmp_path, redis_ns)
    assert result.returncode == 0, result.stderr
    assert heard == []
    explained = run_leafcrawl("explain", base + "/", cwd=tmp_path, redis_url=redis_ns.url,
                              env=redis_ns.env)
    assert explained.returncode == 0      # the page itself, and its own site's fetch, went on


def test_the_user_may_let_pages_reach_their_intranet(tmp_path, redis_ns):
    result, heard, _ = crawl_with_a_thief(tmp_path, redis_ns, "--allow-local-requests")
    assert result.returncode == 0, result.stderr
    assert heard == ["/stolen"]


def test_which_addresses_are_local():
    for host in ("127.0.0.1", "10.1.2.3", "192.168.0.10", "169.254.169.254", "::1", "0.0.0.0",
                 "localhost", "db.localhost"):
        assert is_local_address(host), host
    for host in ("93.184.216.34", "example.org", "2606:4700::1111"):
        assert not is_local_address(host), host

    class Req:
        def __init__(self, url):
            self.url, self.headers, self.resource_type = url, {}, "fetch"

        def is_navigation_request(self):
            return False

    guard = LocalRequestGuard(["http://127.0.0.1:8400/"])
    assert not guard(Req("http://127.0.0.1:8400/part.txt"))      # the site's own
    assert guard(Req("http://127.0.0.1:6379/"))                  # another local service
    assert not guard(Req("https://cdn.example.org/app.js"))
