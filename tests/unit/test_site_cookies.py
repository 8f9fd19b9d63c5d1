"""A cookies file (pipelines/store/cookie_file.py, crawler/login/site_cookies.py): which of its cookies a
crawl takes, the errors that name what is wrong with it, and how its cookies reach plain
requests and the browser."""
import json
import time
from pathlib import Path

import pytest
from scrapy import Request
from scrapy.http import Response

from crawler.crawl_settings import crawl_settings
from crawler.login.site_cookies import SiteCookiesMiddleware, playwright_cookie
from pipelines.store.cookie_file import CookieFileError, read_cookie_file
from pipelines.store.site_config import ConfigError, config_from_url, load_site_config

NEXT_YEAR = int(time.time()) + 365 * 86400
# As a browser extension exports them: every site the user visits, session cookies with an
# expiry of 0, httpOnly ones marked by a prefix.
EXPORT = f"""# Netscape HTTP Cookie File
# This is a generated file! Do not edit.

.example.org\tTRUE\t/\tFALSE\t0\tsession\ts3ss10n
#HttpOnly_docs.example.org\tFALSE\t/\tTRUE\t{NEXT_YEAR}\tcsrf\tt0ken
.shop.example\tTRUE\t/\tFALSE\t{NEXT_YEAR}.25\tcart\t42
.example.org\tTRUE\t/\tFALSE\t1000000000\tlast_visit\t2001
"""


@pytest.fixture
def export(tmp_path):
    path = tmp_path / "cookies.txt"
    path.write_text(EXPORT)
    return path


def names(cookies):
    return sorted(c.name for c in cookies)


def test_only_the_sites_unexpired_cookies_are_taken(export):
    assert names(read_cookie_file(export, ["example.org"])) == ["csrf", "session"]
    # a host-only cookie of another subdomain is not the site's
    assert names(read_cookie_file(export, ["blog.example.org"])) == ["session"]
    assert names(read_cookie_file(export, ["shop.example"])) == ["cart"]


def test_a_file_without_the_sites_cookies_names_the_sites_it_holds(export):
    with pytest.raises(CookieFileError, match=r"no cookie for news\.example\.net .*"
                                              r"example\.org.*shop\.example"):
        read_cookie_file(export, ["news.example.net"])


def test_expired_cookies_say_to_export_again(tmp_path):
    path = tmp_path / "old.txt"
    # (without the format's header line, as some exporters write it)
    path.write_text(".example.org\tTRUE\t/\tFALSE\t1000000000\tsession\told\n")
    with pytest.raises(CookieFileError, match=r"expired \(the last on 2001-09-09.*export its "
                                              r"cookies again"):
        read_cookie_file(path, ["example.org"])


@pytest.mark.parametrize("text, problem", [
    ('[\n{"name": "session", "value": "x"}\n]', "cookie 1 has no name or domain"),
    ('{"cookies": [{"name": "session", "value": "x"', "not valid JSON"),
    ("session=x; theme=dark\n", "line 1 is no cookie of a cookies.txt file"),
    ("# Netscape HTTP Cookie File\n.example.org TRUE / FALSE 0 session x\n",
     "line 2 is no cookie"),
    (".example.org\tTRUE\t/\tFALSE\tsoon\tsession\tx\n", "line 1 is no cookie"),
    (None, "no such file"),
])
def test_a_file_that_is_no_cookies_file_is_named(tmp_path, text, problem):
    path = tmp_path / "cookies.json"
    if text is not None:
        path.write_text(text)
    with pytest.raises(CookieFileError, match=problem):
        read_cookie_file(path, ["example.org"])


def test_json_exports_are_read_too(tmp_path):
    """Cookie-Editor's export (a list, hostOnly, expirationDate) and Playwright's storage
    state ({"cookies": [...]}, a dot for a domain cookie, -1 for a session one)."""
    editor = tmp_path / "editor.json"
    editor.write_text(json.dumps([
        {"domain": ".example.org", "hostOnly": False, "name": "session", "value": "s3ss10n",
         "path": "/", "session": True, "secure": False, "httpOnly": True},
        {"domain": "docs.example.org", "hostOnly": True, "name": "csrf", "value": "t0ken",
         "path": "/", "expirationDate": NEXT_YEAR + 0.5, "secure": True},
        {"domain": "docs.example.org", "hostOnly": True, "name": "old", "value": "1",
         "path": "/", "expirationDate": 1000000000}]))
    state = tmp_path / "state.json"
    state.write_text(json.dumps({"cookies": [
        {"name": "session", "value": "s3ss10n", "domain": ".example.org", "path": "/",
         "expires": -1, "httpOnly": True, "secure": False, "sameSite": "Lax"}], "origins": []}))
    for path in (editor, state):
        cookies = {c.name: c for c in read_cookie_file(path, ["blog.example.org"])}
        assert list(cookies) == ["session"]     # a domain cookie, for every subdomain
        assert cookies["session"].value == "s3ss10n" and cookies["session"].expires is None
    assert names(read_cookie_file(editor, ["docs.example.org"])) == ["csrf", "session"]
    browser = {c.name: playwright_cookie(c) for c in read_cookie_file(editor, ["docs.example.org"])}
    assert browser["csrf"]["domain"] == "docs.example.org" and browser["csrf"]["secure"]
    assert browser["session"]["domain"] == ".example.org" and browser["session"]["httpOnly"]


def test_a_config_names_the_key_and_reads_the_file_beside_it(tmp_path, export):
    config = tmp_path / "site.yaml"
    config.write_text("name: docs\nstart_urls: [https://docs.example.org/]\n"
                      "cookies_file: cookies.txt\n")
    assert load_site_config(config).cookies_file == str(export)
    config.write_text("name: docs\nstart_urls: [https://docs.example.net/]\n"
                      "cookies_file: cookies.txt\n")
    with pytest.raises(ConfigError, match=r"site\.yaml: key 'cookies_file': .*no cookie for "
                                          r"docs\.example\.net"):
        load_site_config(config)


def middleware(export, domains=("example.org",)):
    mw = SiteCookiesMiddleware()
    mw.preset = read_cookie_file(export, domains)
    return mw


def test_plain_requests_carry_the_files_cookies_and_the_sites_own(export):
    mw = middleware(export)
    first = Request("https://docs.example.org/start/")
    mw.process_request(first)
    assert sorted(first.headers[b"Cookie"].split(b"; ")) == [b"csrf=t0ken", b"session=s3ss10n"]
    # the site renews its session as it goes: the new value wins, as in a browser
    renewed = Response(first.url, headers={"Set-Cookie": "session=renewed; Domain=example.org; "
                                                         "Path=/"})
    mw.process_response(first, renewed)
    later = Request("https://docs.example.org/guide/")
    mw.process_request(later)
    assert sorted(later.headers[b"Cookie"].split(b"; ")) == [b"csrf=t0ken", b"session=renewed"]
    # not over plain http: the csrf cookie is a secure one
    plain = Request("http://docs.example.org/guide/")
    mw.process_request(plain)
    assert plain.headers[b"Cookie"] == b"session=renewed"


def test_no_cookie_stays_on_a_request_once_its_answer_is_back(export):
    """What the retry and redirect middlewares copy (to disk for --resume, to Redis on a
    shared frontier) holds no session."""
    mw = middleware(export)
    request = Request("https://docs.example.org/start/")
    mw.process_request(request)
    assert b"Cookie" in request.headers
    mw.process_response(request, Response(request.url, status=503))
    assert b"Cookie" not in request.headers
    mw.process_request(request)
    mw.process_exception(request, TimeoutError())
    assert b"Cookie" not in request.headers


def test_the_browser_context_gets_them_in_playwrights_form(export):
    cookies = {c.name: playwright_cookie(c) for c in read_cookie_file(export, ["example.org"])}
    assert cookies["session"] == {"name": "session", "value": "s3ss10n", "domain": ".example.org",
                                  "path": "/", "expires": -1, "httpOnly": False, "secure": False,
                                  "sameSite": "Lax"}
    assert cookies["csrf"]["domain"] == "docs.example.org"     # that host alone
    assert cookies["csrf"]["httpOnly"] and cookies["csrf"]["secure"]
    assert cookies["csrf"]["expires"] == NEXT_YEAR


def test_a_crawl_with_a_cookies_file_reads_it_in_both_fetch_modes(export):
    cfg = config_from_url("https://docs.example.org/", cookies_file=str(export), render="always")
    settings = crawl_settings(cfg, redis_url="redis://127.0.0.1:6379/0", run_id="r1",
                              archive_dir=Path("archive"), prefix="leafcrawl", queue="leafcrawl",
                              log_level="INFO", log_file=None)
    assert settings.get("LEAFCRAWL_COOKIES_FILE") == str(export)
    middlewares = settings.getdict("DOWNLOADER_MIDDLEWARES")
    assert middlewares["crawler.login.site_cookies.SiteCookiesMiddleware"] == 700
    # the browser's contexts start from the jar (browser_handler): none is made up front,
    # and the cookies' values are in no setting, which Scrapy logs
    assert not settings.getdict("PLAYWRIGHT_CONTEXTS")
    assert "s3ss10n" not in repr(dict(settings.items()))
