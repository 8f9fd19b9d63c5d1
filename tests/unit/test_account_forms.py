"""Account forms (log in, sign up, reset a password) are no content to archive."""
import pytest

from pipelines.store.account_forms import is_account_page
from pipelines.htmlparse import parse_html
from pipelines.page import analyze_page

HEADER = ('<header><nav><a href="/">Forum</a></nav><form action="/search/"><input name="q">'
          '</form></header>')


def page(main: str) -> str:
    return f"<html><body>{HEADER}<main>{main}</main><footer><p>About us</p></footer></body></html>"


LOGIN = page('<h1>Log in</h1><form method="post" action="/user/login/"><input name="username">'
             '<input type="password" name="password"><button>Log in</button></form>'
             '<p><a href="/user/register/">Sign up</a> · <a href="/user/password-reset/">Forgot?</a></p>')
RESET = page('<h1>Password reset</h1><p>Enter your email to get a new password.</p><form method="post">'
             '<input type="email" name="email"><button>Send</button></form>')
ARTICLE = page("<article><h1>Tides</h1>" + "<p>The tide turned early and the boats stayed in. </p>" * 30
               + '<form action="/newsletter/signup/"><input type="email" name="email"></form></article>')
SEARCH = page('<h1>Search</h1><form action="/search/"><input type="text" name="q"><button>Go</button></form>')


@pytest.mark.parametrize("html, url, expected", [
    (LOGIN, "https://f.org/user/login/", True),
    (RESET, "https://f.org/user/password-reset/", True),     # an email field, the URL says which
    (ARTICLE, "https://f.org/2024/tides/", False),           # a sign-up box under an article
    (SEARCH, "https://f.org/search/", False),                # a search form asks for no account
    (page("<h1>Tides</h1><p>Short.</p>").replace("<header>", "<header><form><input type=password></form>"),
     "https://f.org/tides/", False),                         # the site's login box in its header
    # Discourse: a hidden login form in every thread page, the thread beside it
    ('<html><body><form id="hidden-login-form" style="display: none;" action="/login">'
     '<input name="username"><input name="password" type="password"></form>'
     '<div id="main-outlet"><h1>Which telescope?</h1><p>A short question.</p></div></body></html>',
     "https://forum.x.org/t/which-telescope/1555", False),
])
def test_account_pages(html, url, expected):
    assert is_account_page(parse_html(html), url) is expected


def test_an_account_page_is_scored_but_marked_not_to_keep():
    analysis = analyze_page(LOGIN, "https://f.org/user/login/")
    assert analysis.account_form and analysis.to_dict()["account_form"] is True
    assert analysis.verdict in ("leaf", "index") and "https://f.org/user/register/" in analysis.page_links
