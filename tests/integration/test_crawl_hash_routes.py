"""A hash-routed site (Docsify's default, Vue's and React's hash routers): one HTML shell at /,
every page a route drawn by script at /#/route. A browser crawl follows the routes, renders
each once and archives it under its route; a plain crawl, which cannot see them, says so."""

from __future__ import annotations

import collections
import json

import pytest

from tests.support.cli import archived_files, run_leafcrawl
from tests.support.http_server import serve_directory, write_page

pytestmark = pytest.mark.integration

ROUTES = {
    "/guide/install": "Installing the harbour tools takes a single command and a short wait",
    "/guide/usage": "Using the harbour tools means reading the tide tables every morning",
    "/about": "The harbour authority wrote these tools for its own pilots long ago",
}
# The shell a hash router serves: a static menu of routes, an empty article the script fills
# from the route's JSON (fetched after load, as Docsify fetches its Markdown), and a
# sidebar listing every route and, for the current one, an in-route heading anchor
# (#/x?id=section, Docsify's). The root route lists the pages as teasers.
SHELL = """<html><head><title>Harbour docs</title><script src="/router.js" defer></script></head>
<body><header><nav>%s</nav></header>
<aside id="sidebar"></aside><main><article id="app"></article></main></body></html>"""
MENU = '<a href="#/">Home</a> ' + " ".join(f'<a href="#{route}">{route}</a>' for route in ROUTES)
ROUTER = """
async function draw() {
  if (!location.hash.startsWith('#/')) { location.hash = '#/'; return; }
  const route = location.hash.slice(1).split('?')[0];
  const side = %(routes)s.map(r => `<li><a href="#${r}">${r}</a>` +
      (r === route ? `<ul><li><a href="#${r}?id=details">Details</a></li></ul>` : '') + '</li>');
  document.getElementById('sidebar').innerHTML = '<ul>' + side.join('') + '</ul>';
  const app = document.getElementById('app');
  if (route === '/') {
    app.innerHTML = '<h1>Harbour docs</h1><ul>' + %(routes)s.map(r =>
      `<li><h2><a href="#${r}">${r}</a></h2><p>A page of the harbour docs.</p></li>`).join('') + '</ul>';
    return;
  }
  const page = await (await fetch('/content' + route + '.json')).json();
  app.innerHTML = `<h1>${page.title}</h1><h2 id="details">Details</h2>` +
      page.paragraphs.map(p => `<p>${p}</p>`).join('');
}
window.addEventListener('hashchange', draw);
draw();
""" % {"routes": json.dumps(list(ROUTES))}


def write_site(root, menu: str = MENU):
    root.mkdir()
    (root / "index.html").write_text(SHELL % menu)
    (root / "router.js").write_text(ROUTER)
    for route, sentence in ROUTES.items():
        path = root / ("content" + route + ".json")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps({"title": route.rsplit("/", 1)[1].title(),
                                    "paragraphs": [f"{sentence}, paragraph {i}." * 6 for i in range(5)]}))


def crawl(tmp_path, redis_ns, render: str, menu: str = MENU):
    site = tmp_path / "site"
    write_site(site, menu)
    requests: list[str] = []
    with serve_directory(site, request_log=requests) as base:
        summary_file = tmp_path / "summary.json"
        result = run_leafcrawl("crawl", base + "/", "--render", render, "--with-worker",
                               "--archive-dir", str(tmp_path / "archive"), "--json-summary",
                               str(summary_file), cwd=tmp_path, redis_url=redis_ns.url, env=redis_ns.env)
    return base, result, json.loads(summary_file.read_text()), requests


@pytest.mark.browser
def test_a_browser_crawl_archives_each_route_once_under_its_own_path(tmp_path, redis_ns):
    base, result, summary, requests = crawl(tmp_path, redis_ns, "always")
    assert result.returncode == 0, result.stderr
    files = archived_files(tmp_path / "archive")
    assert set(files) == {base + "/#" + route for route in ROUTES}
    host = next(iter(files.values())).relative_to(tmp_path / "archive").parts[0]
    for route, sentence in ROUTES.items():
        path = files[base + "/#" + route]
        assert path == tmp_path / "archive" / host / (route.lstrip("/") + ".md")
        assert sentence in path.read_text()
    # every page links every route (menu, sidebar, an in-route anchor): each drawn once
    drawn = collections.Counter(p for p in requests if p.startswith("/content/"))
    assert drawn == {"/content" + route + ".json": 1 for route in ROUTES}
    assert summary["pages_fetched"] == len(ROUTES) + 1
    # explained under the URL a reader copies from the address bar, slash or no slash
    for url, verdict in ((base + "/#/guide/usage/", "leaf"), (base + "/#/", "index")):
        explain = run_leafcrawl("explain", url, cwd=tmp_path, redis_url=redis_ns.url, env=redis_ns.env)
        assert explain.returncode == 0, explain.stderr
        assert f"verdict   {verdict}" in explain.stdout


def test_a_plain_crawl_says_routes_need_the_browser(tmp_path, redis_ns):
    base, result, summary, requests = crawl(tmp_path, redis_ns, "never")
    assert result.returncode == 0, result.stderr
    assert requests.count("/") == 1          # a plain fetch of /#/x would be / again
    assert summary["skipped_hash_routes"] == len(ROUTES)
    assert "--render always" in result.stdout


def test_a_plain_crawl_of_a_bare_shell_says_a_script_may_draw_the_site(tmp_path, redis_ns):
    # Docsify's shell has no menu at all: nothing but the start page is there to fetch
    base, result, summary, requests = crawl(tmp_path, redis_ns, "never", menu="")
    assert result.returncode == 3, result.stderr      # done, with a doubt to heed
    assert summary["pages_fetched"] == 1 and summary["skipped_hash_routes"] == 0
    assert "only the start page was fetched" in result.stdout and "--render always" in result.stdout


@pytest.mark.browser
def test_an_ordinary_sites_dialog_routes_are_not_pages(tmp_path, redis_ns):
    # Ghost's Casper links #/portal/signin and #/portal/signup on every page: its members'
    # dialogs, not pages; the site's pages are at paths
    site = tmp_path / "site"
    portal = '<header><a href="#/portal/signin">Sign in</a> <a href="#/portal/signup">Subscribe</a></header>'
    posts = [f"harbour-note-{i}" for i in range(4)]
    write_page(site, f"<html><body>{portal}<main><h1>Notes</h1><ul>" + "".join(
        f'<li><h2><a href="/{p}/">{p}</a></h2><p>A note.</p></li>' for p in posts) + "</ul></main></body></html>")
    for p in posts:
        write_page(site / p, f"<html><body>{portal}<main><article><h1>{p}</h1><p>"
                   + "The tide turned early and the boats stayed in. " * 30 + "</p></article></main></body></html>")
    requests: list[str] = []
    with serve_directory(site, request_log=requests) as base:
        summary_file = tmp_path / "summary.json"
        result = run_leafcrawl("crawl", base + "/", "--render", "always", "--with-worker",
                               "--archive-dir", str(tmp_path / "archive"), "--json-summary",
                               str(summary_file), cwd=tmp_path, redis_url=redis_ns.url, env=redis_ns.env)
    assert result.returncode == 0, result.stderr
    summary = json.loads(summary_file.read_text())
    assert summary["pages_fetched"] == len(posts) + 1 and summary["archived"] == len(posts)
    assert requests.count("/") == 1 and summary["skipped_hash_routes"] == 0
