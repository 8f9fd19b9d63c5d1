"""--allow keeps a crawl inside one section of a site (a news section, a docs version), as
Scrapy's LinkExtractor(allow=…) does: the start URL is always fetched, and a link none of
the patterns finds is never asked for, however the crawl reaches it. --user-agent names
every request, and -s sets Scrapy settings as `scrapy crawl -s` does; a site config carries
the same keys."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from tests.support.cli import archived_files, run_leafcrawl
from tests.support.http_server import serve_directory, write_page
from tests.support.workshop_site import article, home, listing

pytestmark = pytest.mark.integration

SECTIONS = {
    "tools": {f"/news/tools/{slug}/": title for slug, title in [
        ("a-new-plane", "A new plane from an old maker"), ("vise-prices", "Vise prices rise again"),
        ("saw-recall", "A saw recalled for its handle")]},
    "timber": {f"/news/timber/{slug}/": title for slug, title in [
        ("oak-shortage", "An oak shortage in the north"), ("ash-dieback", "Ash dieback reaches the coast")]},
}


def make_news_site(root):
    write_page(root, home({path: title for posts in SECTIONS.values() for path, title in posts.items()}))
    for name, posts in SECTIONS.items():
        write_page(root / "news" / name, listing(f"News: {name}", posts))
        for path, title in posts.items():
            # every story links one of the other section's: the crawl meets it from inside
            other = next(iter(SECTIONS["timber" if name == "tools" else "tools"]))
            write_page(root / path.strip("/"), article(
                title, title + ".", f'<p>Also: <a href="{other}">the other desk</a>.</p>'))



def plain_crawl(urls, workdir, ns, *extra):
    """`leafcrawl crawl URLS --render never` into workdir/archive: (result, JSON summary)."""
    summary_file = workdir / "summary.json"
    result = run_leafcrawl("crawl", *urls, "--render", "never", "--archive-dir",
                           str(workdir / "archive"), "--with-worker", "--json-summary",
                           str(summary_file), *extra, cwd=workdir, redis_url=ns.url, env=ns.env)
    assert result.returncode == 0, result.stderr
    return result, json.loads(summary_file.read_text())

def test_a_start_url_redirecting_to_another_host_is_crawled_there(tmp_path, redis_ns):
    # www.example.org -> example.org: the host a start URL lands on is the site asked for.
    # Scrapy's offsite filter dropped the redirect, and the crawl ended with 0 pages and no
    # failure. "localhost" is the start's host here, and 127.0.0.1 the site's.
    site = tmp_path / "site"
    make_news_site(site)
    requested: list[str] = []
    with serve_directory(site, canonical_host="127.0.0.1", request_log=requested) as base_url:
        start = base_url.replace("127.0.0.1", "localhost") + "/"
        result, summary = plain_crawl([start], tmp_path, redis_ns)
    stories = {base_url + path for posts in SECTIONS.values() for path in posts}
    assert set(archived_files(tmp_path / "archive")) == stories
    assert summary["start_redirects"] == [f"{start} -> {base_url}/"]
    assert f"redirected    {start} -> {base_url}/" in result.stdout
    # every page asked for once: the start path twice (at the start's host, redirected;
    # then at the site's)
    asked = Counter(p for p in requested if p != "/robots.txt")
    assert asked.pop("/") == 2 and set(asked.values()) == {1}


def test_allow_keeps_the_crawl_in_one_section(tmp_path, redis_ns):
    site = tmp_path / "site"
    make_news_site(site)
    requested: list[str] = []
    with serve_directory(site, request_log=requested) as base_url:
        result, summary = plain_crawl([base_url + "/news/tools/"], tmp_path, redis_ns,
                                      "--allow", r"/news/tools/")
    assert set(archived_files(tmp_path / "archive")) == {base_url + p for p in SECTIONS["tools"]}
    pages = [p for p in requested if p != "/robots.txt"]
    # the section and its stories; not the home its header links, nor the other desk
    assert sorted(pages) == sorted(["/news/tools/", *SECTIONS["tools"]])
    assert summary["pages_fetched"] == 1 + len(SECTIONS["tools"])
    # each once however often linked: the home, and the listing's two menu entries
    # (/tags/tools/, /picks/); the other desk's story is a leaf's link, which a crawl does
    # not follow, so it is no page left out
    assert summary["out_of_scope"] == 3
    assert "out of scope  3  (pages linked but left out by --allow / --deny)" in result.stdout


def test_without_allow_the_crawl_takes_the_site(tmp_path, redis_ns):
    site = tmp_path / "site"
    make_news_site(site)
    with serve_directory(site) as base_url:
        plain_crawl([base_url + "/news/tools/"], tmp_path, redis_ns)
    stories = {base_url + p for posts in SECTIONS.values() for p in posts}
    assert set(archived_files(tmp_path / "archive")) == stories


def test_user_agent_and_scrapy_settings_reach_the_crawl(tmp_path, redis_ns):
    """--user-agent names every request; -s sets a Scrapy setting as `scrapy crawl -s` does
    (here a depth limit of 1, over leafcrawl's unlimited default)."""
    site = tmp_path / "site"
    make_news_site(site)
    agents: list[str] = []
    requested: list[str] = []
    with serve_directory(site, agent_log=agents, request_log=requested) as base_url:
        plain_crawl([base_url + "/news/tools/"], tmp_path, redis_ns,
                    "--user-agent", "NewsDesk/2.0 (+https://desk.example/bot)", "-s", "DEPTH_LIMIT=1")
    assert agents and set(agents) == {"NewsDesk/2.0 (+https://desk.example/bot)"}
    # the section, its stories and its header's home; not the other desk's stories that
    # those link one step further, which the crawl fetches without the limit (the test above)
    assert set(SECTIONS["tools"]) <= set(requested)
    assert not set(SECTIONS["timber"]) & set(requested)


def test_a_setting_without_a_value_is_refused(tmp_path):
    result = run_leafcrawl("crawl", "http://127.0.0.1:9/", "-s", "DEPTH_LIMIT", cwd=tmp_path)
    assert result.returncode == 2
    assert "expected NAME=VALUE, got 'DEPTH_LIMIT'" in result.stderr


def test_a_config_file_carries_the_same_keys(tmp_path, redis_ns):
    """allow, user_agent and scrapy_settings from a site config (one without a schedule:
    such a config was refused until 2026-12-01, "key 'schedule': expected a string")."""
    site = tmp_path / "site"
    make_news_site(site)
    agents: list[str] = []
    with serve_directory(site, agent_log=agents) as base_url:
        config = tmp_path / "tools.yaml"
        config.write_text(f"name: tools-desk\nstart_urls: ['{base_url}/news/tools/']\n"
                          "render: never\nallow: ['/news/tools/']\nuser_agent: NewsDesk/2.0\n"
                          "scrapy_settings: {DOWNLOAD_TIMEOUT: 20}\n"
                          f"archive_dir: '{tmp_path / 'archive'}'\n")
        result = run_leafcrawl("crawl", "--config", str(config), "--with-worker",
                               cwd=tmp_path, redis_url=redis_ns.url, env=redis_ns.env)
    assert result.returncode == 0, result.stderr
    assert set(archived_files(tmp_path / "archive")) == {base_url + p for p in SECTIONS["tools"]}
    assert set(agents) == {"NewsDesk/2.0"}


def test_two_start_urls_crawl_two_sections_as_one_site(tmp_path, redis_ns):
    site = tmp_path / "site"
    make_news_site(site)
    with serve_directory(site) as base_url:
        _, summary = plain_crawl([base_url + "/news/tools/", base_url + "/news/timber/"],
                                 tmp_path, redis_ns, "--allow", "/news/")
    stories = {base_url + p for posts in SECTIONS.values() for p in posts}
    assert set(archived_files(tmp_path / "archive")) == stories
    assert summary["site"] == base_url.split("://")[1].replace(":", "_")
    assert summary["pages_fetched"] == 2 + len(stories)
