"""Logging in through a site's login form before the crawl (config login_form, login_user,
login_password; --login-form, --login-user, LEAFCRAWL_LOGIN_PASSWORD).

A cookies file (crawler/site_cookies.py) holds a session that ends: a scheduled crawl of a
members' site then meets the login form, week after week. With the form's address and a
user, each crawl logs in itself, as a Scrapy user writes it: the form page fetched, the form
that asks for one password filled (its hidden fields, a CSRF token, kept) by
FormRequest.from_response, and posted. The session the site sets goes into Scrapy's cookie
jar, which every plain request reads and each browser context starts from
(browser_handler). The login's requests go straight to the downloader (not through the
scheduler), so the password is never written to disk or Redis, and no log holds it.
"""

from __future__ import annotations

from scrapy.http import FormRequest, Request

from pipelines.login_form import find_login_form, shows_login_form

URL_SETTING = "LEAFCRAWL_LOGIN_FORM"
USER_SETTING = "LEAFCRAWL_LOGIN_USER"
PASSWORD_SETTING = "LEAFCRAWL_LOGIN_PASSWORD"
STAT_ERROR = "leafcrawl/login_error"

# The login is the user's own act, not the crawler's: robots.txt (which often disallows
# /login) does not keep the user out of their account. Nor is the POST retried: a login
# posted twice can lock an account.
LOGIN_META = {"dont_obey_robotstxt": True, "dont_retry": True,
              "handle_httpstatus_list": list(range(400, 600))}


class LoginFailed(Exception):
    """The login did not take; the message says what the site did."""


def form_login_settings(url: str | None, user: str | None, password: str | None) -> dict:
    if not url:
        return {}
    return {URL_SETTING: url, USER_SETTING: user or "", PASSWORD_SETTING: password or ""}


async def log_in(crawler) -> str:
    """Log in as the settings say; the address the site showed after it. Raises LoginFailed."""
    settings = crawler.settings
    url, user = settings.get(URL_SETTING), settings.get(USER_SETTING)
    download = crawler.engine.download_async
    page = await download(Request(url, meta=dict(LOGIN_META), dont_filter=True))
    if page.status >= 400:
        raise LoginFailed(f"the login form's page {url} answered HTTP {page.status}")
    form = find_login_form(page.body)
    if form is None:
        raise LoginFailed(f"{page.url} shows no login form (a form asking for a user and one "
                          "password); if a script draws it, export your browser's cookies "
                          "after logging in and crawl with --cookies FILE")
    post = FormRequest.from_response(
        page, formnumber=form.number, dont_filter=True, meta=dict(LOGIN_META),
        formdata={form.user_field: user, form.password_field: settings.get(PASSWORD_SETTING)})
    answer = await download(post)
    if answer.status >= 400:
        raise LoginFailed(f"logging in as {user} at {page.url}: the site answered HTTP "
                          f"{answer.status}")
    if answer.headers.get("Content-Type", b"").startswith(b"text/html") and shows_login_form(answer.body):
        raise LoginFailed(f"logging in as {user} at {page.url}: the site showed its login form "
                          "again (a wrong user or password, or a form that needs a script or a "
                          "CAPTCHA: then export your browser's cookies and crawl with --cookies FILE)")
    return answer.url
