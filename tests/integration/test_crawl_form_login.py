"""A site behind a login form is crawled by logging in at its form first (--login-form URL
--login-user USER, the password in LEAFCRAWL_LOGIN_PASSWORD), in both render modes, its
robots.txt's Disallow of /login/ notwithstanding; a refused login stops the crawl before
it starts, saying so."""

from __future__ import annotations

import pytest

from tests.integration.test_crawl_cookies import (DRAWN, POST, PROSE, SESSION, crawl_members_site,
                                                  write_site)
from tests.support.cli import archived_files, run_leafcrawl
from tests.support.http_server import LOGIN_CSRF, Session, serve_directory, write_page

pytestmark = pytest.mark.integration

USER, PASSWORD = "member", "oars & altos 1904"
# a search form first, then the login form with its CSRF token and a "remember me" box
LOGIN_PAGE = f"""<html><head><title>Log in</title></head><body>
<header><form action="/search/"><input name="q" placeholder="Search"></form></header>
<main><h1>Members, log in</h1>
<form method="post" action="/login/"><input type="hidden" name="csrf" value="{LOGIN_CSRF}">
<label>User <input name="username"></label><label>Password
<input type="password" name="password"></label>
<label><input type="checkbox" name="remember" value="1"> Remember me</label>
<button type="submit">Log in</button></form></main></body></html>"""


def crawl(tmp_path, redis_ns, render: str, password: str):
    site = tmp_path / "site"
    write_site(site)
    write_page(site / "login", LOGIN_PAGE)
    (site / "robots.txt").write_text("User-agent: *\nDisallow: /login/\n")
    return crawl_members_site(
        tmp_path, redis_ns, render, "--login-form", lambda base: base + "/login/",
        "--login-user", USER, env={"LEAFCRAWL_LOGIN_PASSWORD": password},
        form_login=(USER, PASSWORD))


@pytest.mark.parametrize("render", ["never", pytest.param("always", marks=pytest.mark.browser)])
def test_the_crawl_logs_in_at_the_sites_form_first(tmp_path, redis_ns, render):
    base, result, summary, requests = crawl(tmp_path, redis_ns, render, PASSWORD)
    assert result.returncode == 0, result.stderr
    assert summary["archived"] == 2 and summary["failures"] == 0
    assert summary["login_walls"] == 0
    archive = archived_files(tmp_path / "archive")
    markdown = archive[f"{base}/2024/06/the-choir/"].read_text()
    assert "oars hung above the altos" in markdown
    if render == "always":
        assert DRAWN in markdown        # the browser had the session the form gave
    # the form's page, one accepted POST, then every page with the session
    login = requests.index(("POST /login/", True))
    assert requests[:login] == [("/login/", False)]
    assert requests[login + 1:] and all(granted for _, granted in requests[login + 1:])
    assert not any(path == "/logout/" for path, _ in requests)
    output = result.stdout + result.stderr
    assert PASSWORD not in output
    assert not any(PASSWORD in p.read_text(errors="replace") for p in tmp_path.rglob("*.log"))


def test_a_refused_login_stops_the_crawl_before_it_starts(tmp_path, redis_ns):
    _, result, _, requests = crawl(tmp_path, redis_ns, "never", "wrong password")
    assert result.returncode != 0
    assert "login failed" in result.stderr and f"logging in as {USER}" in result.stderr
    assert "showed its login form again" in result.stderr
    # one try: a login posted again and again can lock the account
    assert [r for r in requests if r[0].startswith("POST")] == [("POST /login/", False)]
    assert not (tmp_path / "archive").exists() or not archived_files(tmp_path / "archive")


@pytest.mark.browser
def test_a_staging_site_behind_http_auth_and_a_login_form(tmp_path, redis_ns):
    """The HTTP login's browser context is made at the crawl's start, before the form login:
    the session is added to it once the login is done."""
    site = tmp_path / "site"
    write_site(site)
    write_page(site / "login", LOGIN_PAGE)
    gate = ("staging", "gate pass 3")
    base, result, summary, _ = crawl_members_site(
        tmp_path, redis_ns, "always", "--login-form", lambda base: base + "/login/",
        "--login-user", USER, "--http-user", gate[0],
        env={"LEAFCRAWL_LOGIN_PASSWORD": PASSWORD, "LEAFCRAWL_HTTP_PASSWORD": gate[1]},
        form_login=(USER, PASSWORD), login=gate)
    assert result.returncode == 0, result.stderr
    assert summary["archived"] == 2 and summary["login_walls"] == 0
    assert DRAWN in archived_files(tmp_path / "archive")[f"{base}/2024/06/the-choir/"].read_text()


@pytest.mark.parametrize("render", ["never", pytest.param("always", marks=pytest.mark.browser)])
def test_a_session_that_ends_mid_crawl_is_renewed_by_logging_in_again(tmp_path, redis_ns, render):
    """The site's sessions last 10 page views: the crawl meets the login form again and
    again, logs in again each time, and asks for those pages once more. (Two requests on
    their way at most: a session of ten views would not outlast the sixteen Scrapy sends
    ahead; a real site's, ending after so long, does.)"""
    site = tmp_path / "site"
    write_site(site)
    write_page(site / "login", LOGIN_PAGE)
    slugs = [f"2024/08/regatta-{i}" for i in range(16)]
    for slug in slugs:
        write_page(site / slug, POST.format(title=slug, prose=PROSE))
    home = (site / "index.html").read_text()
    (site / "index.html").write_text(home.replace("</ul>", "".join(
        f'<li><h2><a href="/{slug}/">{slug}</a></h2><p>A race.</p></li>' for slug in slugs)
        + "</ul>"))
    session = Session(*SESSION, lasts=10)
    base, result, summary, _ = crawl_members_site(
        tmp_path, redis_ns, render, "--login-form", lambda base: base + "/login/",
        "--login-user", USER, "--concurrency", "1", "-s", "CONCURRENT_REQUESTS=2", env={"LEAFCRAWL_LOGIN_PASSWORD": PASSWORD},
        session=session, form_login=(USER, PASSWORD))
    assert result.returncode == 0, result.stderr
    assert summary["failures"] == 0 and summary["login_walls"] == 0
    assert summary["archived"] == 2 + len(slugs)
    assert session.logins >= 3       # the first login, and again as sessions ended
    archive = archived_files(tmp_path / "archive")
    assert {f"{base}/{slug}/" for slug in slugs} <= set(archive)
    if render == "always":
        assert all(DRAWN in archive[f"{base}/{slug}/"].read_text() for slug in slugs)


def test_a_login_page_that_cannot_be_reached_is_named(tmp_path, redis_ns):
    site = tmp_path / "site"
    write_site(site)
    with serve_directory(site) as base:
        pass                                      # a port nothing listens on any more
    result = run_leafcrawl("crawl", base + "/", "--render", "never", "--login-form",
                           base + "/login/", "--login-user", USER, cwd=tmp_path,
                           redis_url=redis_ns.url,
                           env={**redis_ns.env, "LEAFCRAWL_LOGIN_PASSWORD": PASSWORD})
    assert result.returncode == 1
    assert f"login failed: GET {base}/login/: connection refused" in result.stderr
    assert "Traceback" not in result.stderr
