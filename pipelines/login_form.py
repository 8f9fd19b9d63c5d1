"""A site's login form, found in its HTML: which form, and which of its fields take the user's
name and password (crawler/form_login.py fills and submits it).

A login form asks for one password. A sign-up or change-password form asks for two (the
password and its confirmation), and a search or newsletter form for none.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import parse_qsl, urlsplit

from lxml import etree

from .htmlparse import parse_html

# The user field's name or id, when no input says it by its type (email) or autocomplete
# (username) and the form has several text inputs (a coupon, a site search in the same form).
USER_FIELD = re.compile(r"user|e-?mail|login|log_in|account|ident|name|uid|phone", re.I)
# Inputs that hold no text a person types in a login form.
NOT_TEXT = frozenset({"hidden", "submit", "button", "image", "reset", "checkbox", "radio", "file",
                      "password", "search", "range", "color"})

_FORMS = etree.XPath("//form")
_INPUTS = etree.XPath(".//input[@name]")


@dataclass(frozen=True)
class LoginForm:
    number: int          # the form's index among the page's <form>s (FormRequest's formnumber)
    user_field: str
    password_field: str
    action: str | None   # the form's action attribute, as written


def find_login_form(html: str | bytes) -> LoginForm | None:
    """The page's first form that asks for exactly one password and has a field for the
    user's name, else None."""
    root = parse_html(html)
    for number, form in enumerate(_FORMS(root)):
        inputs = _INPUTS(form)
        passwords = [i for i in inputs if (i.get("type") or "").lower() == "password"]
        if len(passwords) != 1:
            continue
        texts = [i for i in inputs if (i.get("type") or "text").lower() not in NOT_TEXT]
        user = _user_field(texts, passwords[0])
        if user is not None:
            return LoginForm(number, user.get("name"), passwords[0].get("name"), form.get("action"))
    return None


def _user_field(texts, password):
    if not texts:
        return None
    for field in texts:
        if (field.get("type") or "").lower() == "email" or (
                field.get("autocomplete") or "").lower() in ("username", "email"):
            return field
    named = [f for f in texts if USER_FIELD.search(f"{f.get('name')} {f.get('id') or ''}")]
    if named:
        return named[0]
    # else the text input just before the password, as forms lay them out
    before = []
    for el in password.getroottree().iter("input"):
        if el is password:
            break
        before.append(el)
    candidates = [f for f in texts if any(f is b for b in before)]
    return candidates[-1] if candidates else texts[0]


def shows_login_form(html: str | bytes) -> bool:
    """Whether the page still asks for a login (after a refused one, sites show the form again)."""
    return find_login_form(html) is not None


# A path segment or query value that ends the session: /logout/, /users/sign_out,
# logout.php, wp-login.php?action=logout, ucp.php?mode=logout (phpBB), ?do=logout
# (DokuWiki), Special:UserLogout (MediaWiki). Whole segments only: a post's slug that
# speaks of logging out (/posts/why-i-signed-out-of-social-media/) is content.
LOGOUT = re.compile(r"(?:special:)?(?:user)?(?:log|sign)[-_ ]?(?:out|off)", re.I)


def ends_session(url: str) -> bool:
    """Whether following this link logs the crawl out (a crawl with a login skips it)."""
    parts = urlsplit(url)
    for segment in parts.path.split("/"):
        if segment and LOGOUT.fullmatch(segment.rsplit(".", 1)[0]):
            return True
    return any(LOGOUT.fullmatch(value) for _, value in parse_qsl(parts.query))
