"""HTTP Basic auth (crawler/login/site_login.py): the login a config or --http-user gives, where
its password comes from, and the hosts it goes to."""
from pathlib import Path

import pytest
from scrapy import Request
from w3lib.http import basic_auth_header

from crawler.crawl_settings import crawl_settings
from crawler.login.site_login import SiteLoginMiddleware, login_settings
from pipelines.store.site_config import PASSWORD_ENV, ConfigError, config_from_url, load_site_config


def settings_of(cfg):
    return crawl_settings(cfg, redis_url="redis://127.0.0.1:6379/0", run_id="r1",
                          archive_dir=Path("archive"), prefix="leafcrawl", queue="leafcrawl",
                          log_level="INFO", log_file=None)


def middleware(user="editor", password="pw", start_urls=("https://wiki.example.org/start/",)):
    s = login_settings(user, password, list(start_urls))
    return SiteLoginMiddleware(s["LEAFCRAWL_HTTP_USER"], s["LEAFCRAWL_HTTP_PASSWORD"],
                               s["LEAFCRAWL_HTTP_LOGIN_HOSTS"])


def test_the_password_comes_from_the_environment_when_the_config_holds_none(monkeypatch):
    monkeypatch.setenv(PASSWORD_ENV, "from env")
    cfg = config_from_url("https://wiki.example.org/", http_user="editor")
    assert cfg.http_password == "from env"
    assert "from env" not in repr(cfg)


def test_the_configs_own_password_wins(monkeypatch, tmp_path):
    monkeypatch.setenv(PASSWORD_ENV, "from env")
    path = tmp_path / "wiki.yaml"
    path.write_text("name: wiki\nstart_urls: [https://wiki.example.org/]\n"
                    "http_user: editor\nhttp_password: from file\n")
    assert load_site_config(path).http_password == "from file"


@pytest.mark.parametrize("extra, key, problem", [
    ("http_user: editor\n", "http_user", PASSWORD_ENV),
    ("http_password: secret\n", "http_password", "without http_user"),
    ("http_user: 'a:b'\nhttp_password: x\n", "http_user", "without ':'"),
])
def test_a_login_without_its_parts_is_refused_by_name(monkeypatch, tmp_path, extra, key, problem):
    monkeypatch.delenv(PASSWORD_ENV, raising=False)
    path = tmp_path / "wiki.yaml"
    path.write_text("name: wiki\nstart_urls: [https://wiki.example.org/]\n" + extra)
    with pytest.raises(ConfigError) as err:
        load_site_config(path)
    assert f"'{key}'" in str(err.value) and problem in str(err.value)


def test_the_login_goes_to_the_start_hosts_on_any_port_and_scheme_only():
    mw = middleware()
    header = basic_auth_header("editor", "pw")
    for url in ("https://wiki.example.org/a/", "http://wiki.example.org:8080/robots.txt"):
        request = Request(url)
        mw.process_request(request)
        assert request.headers[b"Authorization"] == header
    for url in ("https://cdn.example.net/sitemap.xml", "https://example.org/",
                "https://evil.wiki.example.org/"):
        request = Request(url)
        mw.process_request(request)
        assert b"Authorization" not in request.headers


def test_a_requests_own_authorization_is_left_alone():
    request = Request("https://wiki.example.org/", headers={"Authorization": "Bearer t0k3n"})
    middleware().process_request(request)
    assert request.headers[b"Authorization"] == b"Bearer t0k3n"


def test_without_a_login_nothing_is_added_and_no_setting_is_made():
    assert login_settings(None, None, ["https://wiki.example.org/"]) == {}
    request = Request("https://wiki.example.org/")
    SiteLoginMiddleware("", "", []).process_request(request)
    assert b"Authorization" not in request.headers


def test_the_password_is_in_no_setting_scrapy_logs(monkeypatch):
    # Scrapy logs every own setting a crawl overrides ("Overridden settings"), HTTPAUTH_PASS
    # among them: the password goes in leafcrawl's own settings only
    from scrapy.settings import iter_default_settings, overridden_settings

    monkeypatch.setenv(PASSWORD_ENV, "s3cret")
    s = settings_of(config_from_url("https://wiki.example.org/", http_user="editor",
                                    render="never"))
    assert s["LEAFCRAWL_HTTP_PASSWORD"] == "s3cret"
    assert "s3cret" not in repr(dict(overridden_settings(s)))
    assert all("s3cret" not in repr(s[name]) for name, _ in iter_default_settings())


def test_the_login_is_off_the_request_again_once_it_is_answered_or_failed():
    # what Scrapy schedules again (a retry, a redirect; on disk or in Redis) holds no password
    from scrapy.http import Response

    mw = middleware()
    answered, failed = Request("https://wiki.example.org/a/"), Request("https://wiki.example.org/b/")
    for request in (answered, failed):
        mw.process_request(request)
        assert b"Authorization" in request.headers
    response = Response(answered.url, status=503, request=answered)
    assert mw.process_response(answered, response) is response
    assert mw.process_exception(failed, TimeoutError()) is None
    assert b"Authorization" not in answered.headers and b"Authorization" not in failed.headers
    assert b"Authorization" not in answered.copy().headers
    own = Request("https://wiki.example.org/", headers={"Authorization": "Bearer t0k3n"})
    mw.process_request(own)
    mw.process_response(own, Response(own.url, request=own))
    assert own.headers[b"Authorization"] == b"Bearer t0k3n"
