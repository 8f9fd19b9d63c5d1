"""--sitemaps: the pages a site's sitemaps list are fetched too, so a leaf no list links to
is archived; without the option the crawl keeps to links."""

from __future__ import annotations

import gzip
import json
import os
import subprocess
import sys

import pytest

from tests.support.cli import archived_files, run_leafcrawl
from tests.support.http_server import serve_directory, write_page

pytestmark = pytest.mark.integration

PROSE = "The lighthouse keeper logged the weather every hour of the night. " * 30


def post(title: str) -> str:
    return (f"<html><head><title>{title}</title></head><body><main><article><h1>{title}</h1>"
            f"<p>{PROSE}</p></article></main></body></html>")


HOME = """<html><head><title>Log</title></head><body><main><h1>Entries</h1><ul>
<li><h2><a href="/2024/listed-entry/">Listed entry</a></h2><p>The first.</p></li>
<li><h2><a href="/2024/second-entry/">Second entry</a></h2><p>The second.</p></li></ul></main>
</body></html>"""


def write_site(root, robots_points_to_index: bool):
    write_page(root, HOME)
    for slug in ("listed-entry", "second-entry", "orphan-entry"):
        write_page(root / "2024" / slug, post(slug.replace("-", " ").title()))
    urlset = ('<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/'
              'schemas/sitemap/0.9">%s</urlset>')
    locs = "".join(f"<url><loc>{{locbase}}/2024/{slug}/</loc></url>"
                   for slug in ("listed-entry", "orphan-entry"))
    if robots_points_to_index:
        # robots.txt names a sitemap index, which names a gzipped sitemap
        (root / "robots.txt").write_text("User-agent: *\nAllow: /\nSitemap: {base}/sitemap-index.xml\n")
        (root / "sitemap-index.xml").write_text(
            '<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'
            "<sitemap><loc>{base}/posts.xml.gz</loc></sitemap></sitemapindex>")
        (root / "posts.xml.gz").write_bytes(gzip.compress((urlset % locs).encode()))
    else:
        (root / "sitemap.xml").write_text(urlset % locs)   # no robots.txt: the default place


def fill_base(root, base: str, relative_locs: bool = False):
    """{base} is the site's address; {locbase} the sitemap entries' (empty: /2024/x/ paths,
    as a site built with an empty base URL writes them)."""
    locbase = "" if relative_locs else base
    for path in root.iterdir():
        if path.suffix in (".txt", ".xml"):
            path.write_text(path.read_text().replace("{base}", base).replace("{locbase}", locbase))
        elif path.suffix == ".gz":
            text = gzip.decompress(path.read_bytes()).decode()
            path.write_bytes(gzip.compress(text.replace("{base}", base).replace("{locbase}", locbase).encode()))


def crawl(tmp_path, redis_ns, *extra, robots_points_to_index=True, relative_locs=False):
    site = tmp_path / "site"
    write_site(site, robots_points_to_index)
    requests: list[str] = []
    with serve_directory(site, request_log=requests) as base:
        fill_base(site, base, relative_locs)
        summary_file = tmp_path / "summary.json"
        result = run_leafcrawl("crawl", base + "/", "--render", "never", "--with-worker", *extra,
                               "--archive-dir", str(tmp_path / "archive"), "--json-summary",
                               str(summary_file), cwd=tmp_path, redis_url=redis_ns.url, env=redis_ns.env)
    assert result.returncode == 0, result.stderr
    return base, result, json.loads(summary_file.read_text()), requests


@pytest.mark.parametrize("robots_points_to_index, relative_locs",
                         [(True, False), (False, False), (True, True)])
def test_sitemaps_bring_in_the_pages_no_list_links(tmp_path, redis_ns, robots_points_to_index,
                                                   relative_locs):
    base, result, summary, requests = crawl(tmp_path, redis_ns, "--sitemaps",
                                            robots_points_to_index=robots_points_to_index,
                                            relative_locs=relative_locs)
    files = archived_files(tmp_path / "archive")
    assert set(files) == {f"{base}/2024/{slug}/" for slug in ("listed-entry", "second-entry", "orphan-entry")}
    assert "lighthouse keeper" in files[f"{base}/2024/orphan-entry/"].read_text()
    assert summary["sitemap_pages"] == 2 and "sitemaps" in result.stdout
    assert requests.count("/2024/listed-entry/") == 1      # listed and linked: fetched once
    assert summary["failures"] == 0


def test_without_the_option_the_crawl_keeps_to_links(tmp_path, redis_ns):
    base, result, summary, requests = crawl(tmp_path, redis_ns)
    assert f"{base}/2024/orphan-entry/" not in archived_files(tmp_path / "archive")
    assert not any("sitemap" in p or p.endswith(".gz") for p in requests)
    assert summary["sitemap_pages"] == 0


def test_sitemaps_of_a_start_host_that_redirects_are_followed_on_the_new_host(tmp_path, redis_ns):
    # The start host (localhost here) redirects everything to the site's (127.0.0.1), its
    # robots.txt included, and the sitemaps it names may be read before the start page has
    # landed: their pages are the site's all the same. The start page is held until the
    # page only the sitemap lists has been asked for (without the robots.txt redirect taken
    # as the site's, the offsite filter dropped it and it never was).
    from tests.support.cli import PROJECT_ROOT
    from tests.support.http_server import Hold

    site = tmp_path / "site"
    write_site(site, robots_points_to_index=True)
    start_held, orphan_held = Hold(), Hold()
    faults = {"/": start_held, "/2024/orphan-entry/": orphan_held}
    with serve_directory(site, canonical_host="127.0.0.1", faults=faults) as base:
        fill_base(site, base)
        start = base.replace("127.0.0.1", "localhost") + "/"
        env = {**{k: v for k, v in os.environ.items() if k != "REDIS_URL"},
               **redis_ns.env, "REDIS_URL": redis_ns.url, "PYTHONPATH": str(PROJECT_ROOT)}
        summary_file = tmp_path / "summary.json"
        crawl_proc = subprocess.Popen(
            [sys.executable, "-m", "crawler.cli", "crawl", start, "--render", "never", "--sitemaps",
             "--with-worker", "--archive-dir", str(tmp_path / "archive"), "--json-summary",
             str(summary_file)], cwd=tmp_path, env=env, stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            assert start_held.wait_for_arrivals(1, timeout=60)
            asked = orphan_held.wait_for_arrivals(1, timeout=60)
        finally:
            start_held.release()
            orphan_held.release()
            _, err = crawl_proc.communicate(timeout=300)
    assert asked, "the page only the sitemap lists was never asked for"
    assert crawl_proc.returncode == 0, err
    assert set(archived_files(tmp_path / "archive")) == {
        f"{base}/2024/{slug}/" for slug in ("listed-entry", "second-entry", "orphan-entry")}
    summary = json.loads(summary_file.read_text())
    assert summary["start_redirects"] == [f"{start}robots.txt -> {base}/robots.txt"]


def test_a_sitemap_on_another_host_that_robots_txt_names_is_read(tmp_path, redis_ns):
    # Large sites keep their sitemaps on a storage or CDN host (robots.txt: Sitemap:
    # https://cdn.example.net/sitemaps/site.xml.gz). The offsite filter dropped that request
    # unseen, and no page only the sitemap lists was crawled.
    site, cdn = tmp_path / "site", tmp_path / "cdn"
    write_site(site, robots_points_to_index=True)
    (cdn / "sitemaps").mkdir(parents=True)
    cdn_log: list[str] = []
    with serve_directory(site) as base, serve_directory(cdn, request_log=cdn_log) as cdn_base:
        cdn_base = cdn_base.replace("127.0.0.1", "localhost")     # another host
        (site / "sitemap-index.xml").unlink()
        (cdn / "sitemaps/posts.xml.gz").write_bytes((site / "posts.xml.gz").read_bytes())
        (site / "posts.xml.gz").unlink()
        (site / "robots.txt").write_text(f"User-agent: *\nAllow: /\nSitemap: {cdn_base}/sitemaps/posts.xml.gz\n")
        fill_base(site, base)
        fill_base(cdn / "sitemaps", base)
        # a page on the sitemap's own host is no page of the site
        gz = cdn / "sitemaps/posts.xml.gz"
        gz.write_bytes(gzip.compress(gzip.decompress(gz.read_bytes()).replace(
            b"</urlset>", f"<url><loc>{cdn_base}/2024/mirror/</loc></url></urlset>".encode())))
        summary_file = tmp_path / "summary.json"
        result = run_leafcrawl("crawl", base + "/", "--render", "never", "--with-worker", "--sitemaps",
                               "--archive-dir", str(tmp_path / "archive"), "--json-summary",
                               str(summary_file), cwd=tmp_path, redis_url=redis_ns.url, env=redis_ns.env)
    assert result.returncode == 0, result.stderr
    assert "/sitemaps/posts.xml.gz" in cdn_log and "/2024/mirror/" not in cdn_log
    assert f"{base}/2024/orphan-entry/" in archived_files(tmp_path / "archive")
    summary = json.loads(summary_file.read_text())
    assert summary["sitemap_pages"] == 3 and summary["failures"] == 0
