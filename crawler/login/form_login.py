"""Logging in through a site's login form before the crawl (config login_form, login_user,
login_password; --login-form, --login-user, LEAFCRAWL_LOGIN_PASSWORD).

A cookies file (crawler/login/site_cookies.py) holds a session that ends: a scheduled crawl of a
members' site then meets the login form, week after week. With the form's address and a
user, each crawl logs in itself, as a Scrapy user writes it: the form page fetched, the form
that asks for one password filled (its hidden fields, a CSRF token, kept: login_form.py)
and posted, as a browser submits it. The session the site sets goes into Scrapy's cookie
jar, which every plain request reads and each browser context starts from
(browser_handler). The login's requests go straight to the downloader (not through the
scheduler), so the password is never written to disk or Redis, and no log holds it.
"""

from __future__ import annotations

from scrapy.http import FormRequest, Request

from crawler.login.site_cookies import cookies_middleware
from pipelines.store.login_form import find_login_form, shows_login_form

URL_SETTING = "LEAFCRAWL_LOGIN_FORM"
USER_SETTING = "LEAFCRAWL_LOGIN_USER"
PASSWORD_SETTING = "LEAFCRAWL_LOGIN_PASSWORD"
STAT_ERROR = "leafcrawl/login_error"

# The login is the user's own act, not the crawler's: robots.txt (which often disallows
# /login) does not keep the user out of their account.
LOGIN_META = {"dont_obey_robotstxt": True, "handle_httpstatus_list": list(range(400, 600))}
# Nor is the POST retried: a login posted twice can lock an account.
POST_META = {**LOGIN_META, "dont_retry": True}


class LoginFailed(Exception):
    """The login did not take; the message says what the site did."""


class LoginUnreachable(LoginFailed):
    """The login's page or post did not get an answer (a connection lost, a timeout): worth
    another try later, unlike a refused login."""


def form_login_settings(url: str | None, user: str | None, password: str | None) -> dict:
    if not url:
        return {}
    return {URL_SETTING: url, USER_SETTING: user or "", PASSWORD_SETTING: password or ""}


async def log_in(crawler) -> str:
    """Log in as the settings say; the address the site showed after it. Raises LoginFailed."""
    settings = crawler.settings
    url, user = settings.get(URL_SETTING), settings.get(USER_SETTING)
    page = await _download(crawler, Request(url, meta=dict(LOGIN_META), dont_filter=True))
    if page.status >= 400:
        raise LoginFailed(f"the login form's page {url} answered HTTP {page.status}")
    form = find_login_form(page.body, page.url)
    if form is None:
        raise LoginFailed(f"{page.url} shows no login form (a form asking for a user and one "
                          "password); if a script draws it, export your browser's cookies "
                          "after logging in and crawl with --cookies FILE")
    # (not FormRequest.from_response, which Scrapy 2.19 deprecates)
    post = FormRequest(form.action, method=form.method, dont_filter=True, meta=dict(POST_META),
                       formdata=form.filled(user, settings.get(PASSWORD_SETTING)))
    answer = await _download(crawler, post)
    if answer.status >= 400:
        raise LoginFailed(f"logging in as {user} at {page.url}: the site answered HTTP "
                          f"{answer.status}")
    if answer.headers.get("Content-Type", b"").startswith(b"text/html") and shows_login_form(answer.body):
        raise LoginFailed(f"logging in as {user} at {page.url}: the site showed its login form "
                          "again (a wrong user or password, or a form that needs a script or a "
                          "CAPTCHA: then export your browser's cookies and crawl with --cookies FILE)")
    mw = cookies_middleware(crawler)
    if mw is not None:
        mw.logins += 1
    return answer.url


async def _download(crawler, request):
    try:
        return await crawler.engine.download_async(request)
    except Exception as exc:  # noqa: BLE001 - any fetch error: named, one line
        from crawler.fetch_errors import describe_fetch_error

        raise LoginUnreachable(f"{request.method} {request.url}: "
                               f"{describe_fetch_error(exc)}") from None
