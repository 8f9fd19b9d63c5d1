"""A site's login form, found in its HTML: which form, and which of its fields take the user's
name and password (crawler/login/form_login.py fills and submits it).

A login form asks for one password. A sign-up or change-password form asks for two (the
password and its confirmation), and a search or newsletter form for none.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import parse_qsl, urljoin, urlsplit

from lxml import etree

from ..htmlparse import base_url, parse_html

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
    number: int          # the form's index among the page's <form>s
    user_field: str
    password_field: str
    action: str          # where the form posts, absolute
    method: str          # GET or POST
    fields: tuple[tuple[str, str], ...]   # what the form sends as it stands (its CSRF token)

    def filled(self, user: str, password: str) -> list[tuple[str, str]]:
        """The form's fields with the user's name and password in theirs."""
        given = {self.user_field: user, self.password_field: password}
        return [(name, given.get(name, value)) for name, value in self.fields]


def find_login_form(html: str | bytes, url: str = "") -> LoginForm | None:
    """The page's first form that asks for exactly one password and has a field for the
    user's name, else None. url: the page's, which a relative action is read against."""
    root = parse_html(html)
    base = base_url(root, url) if url else url
    for number, form in enumerate(_FORMS(root)):
        inputs = _INPUTS(form)
        passwords = [i for i in inputs if (i.get("type") or "").lower() == "password"]
        if len(passwords) != 1:
            continue
        texts = [i for i in inputs if (i.get("type") or "text").lower() not in NOT_TEXT]
        user = _user_field(texts, passwords[0])
        if user is not None:
            method = (form.get("method") or "get").strip().upper()
            return LoginForm(number, user.get("name"), passwords[0].get("name"),
                             urljoin(base, (form.get("action") or "").strip()) or url,
                             "POST" if method == "POST" else "GET", tuple(form_fields(form)))
    return None


def form_fields(form) -> list[tuple[str, str]]:
    """What a browser sends for the form as it stands, clicked on its first submit button
    (the HTML standard's form data set, for the controls a login form has): named controls
    that are not disabled; checkboxes and radios only when checked; a select's chosen
    options (else its first); the first submit button's own name and value."""
    fields: list[tuple[str, str]] = []
    clicked = False
    for control in form.iter("input", "select", "textarea", "button"):
        name = control.get("name")
        kind = (control.get("type") or ("submit" if control.tag == "button" else "text")).lower()
        if control.get("disabled") is not None:
            continue
        if kind in ("submit", "image") and control.tag in ("input", "button"):
            if not clicked:
                clicked = True
                if name:
                    fields.append((name, control.get("value") or ""))
            continue
        if not name or kind in ("reset", "button", "file"):
            continue
        if control.tag == "select":
            options = list(control.iter("option"))
            chosen = [o for o in options if o.get("selected") is not None] or options[:1]
            fields += [(name, o.get("value") if o.get("value") is not None
                        else " ".join((o.text or "").split())) for o in chosen]
        elif control.tag == "textarea":
            fields.append((name, control.text or ""))
        elif kind in ("checkbox", "radio"):
            if control.get("checked") is not None:
                fields.append((name, control.get("value") or "on"))
        else:
            fields.append((name, control.get("value") or ""))
    return fields


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
