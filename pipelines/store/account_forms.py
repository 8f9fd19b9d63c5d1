"""Pages whose content is an account form: log in, sign up, reset a password, resend an
activation mail. They read as leaves (a title and a few words) but hold nothing to keep:
a live crawl of a Spirit forum archived its register, password-reset and resend-activation
pages as articles. Such a page is still scored and followed, only not archived.

An account form is a form in the page's content region (not in its header, footer, nav or
aside, where a site-wide login box sits) that asks for a password, or whose address (the
form's action, else the page's URL) names an account action. The page is one when the
content around its forms is short: an article with a sign-up box under it stays an article.
"""
from __future__ import annotations

import re

from lxml import etree

from ..htmlparse import first_below
from ..indexiness.links import element_text

# Words of text outside the account forms beyond which the page is content with a form.
ACCOUNT_PAGE_MAX_WORDS = 120
ACCOUNT_ACTION = re.compile(r"log-?in|sign-?in|sign-?up|register|registration|password|"
                            r"reset|activat|forgot|account", re.I)
# Forms inside these are the site's furniture, on every page.
_FURNITURE = ("header", "footer", "nav", "aside")
_FURNITURE_TAGS = frozenset(_FURNITURE)


def _content_forms(root, forms: list | None = None) -> list:
    """The forms outside the furniture, in document order: what the XPath
    //form[not(ancestor::header or ancestor::footer or …)] finds, in a third of its time
    (lxml's iter finds the forms in C and most pages have one or none: is_account_page
    0.034 -> 0.010 ms a page, WCXB dev median). `forms`: the page's forms in document
    order (list(root.iter("form"))), when the caller has them."""
    return [form for form in (root.iter("form") if forms is None else forms)
            if not in_furniture(form)]


def in_furniture(el) -> bool:
    """Does el sit in a header, footer, nav or aside: the site's furniture, on every page?"""
    return any(a.tag in _FURNITURE_TAGS for a in el.iterancestors())
_PASSWORD = etree.XPath(".//input[translate(@type, 'PASWORD', 'pasword')='password']")
_FIELDS = etree.XPath(".//input[not(@type) or translate(@type, 'EMAILTX', 'emailtx')='email' "
                      "or translate(@type, 'EMAILTX', 'emailtx')='text']")
# body.find(".//main"), stopped at the first (first_below)
_first_main = first_below("main")


def _hidden(el) -> bool:
    """Hidden by its own attributes or an ancestor's: Discourse writes a hidden login form
    (display: none) into every thread page, whose text then read as none."""
    for e in (el, *el.iterancestors()):
        style = (e.get("style") or "").replace(" ", "").lower()
        if e.get("hidden") is not None or "display:none" in style or "visibility:hidden" in style:
            return True
    return False


def is_account_form(form, page_url: str) -> bool:
    if _hidden(form):
        return False
    if _PASSWORD(form):
        return True
    address = form.get("action") or page_url
    return bool(_FIELDS(form)) and ACCOUNT_ACTION.search(address) is not None


def is_account_page(root, page_url: str, forms: list | None = None) -> bool:
    """Is the page's content an account form with little else around it? `forms`: as
    _content_forms'."""
    forms = [f for f in _content_forms(root, forms) if is_account_form(f, page_url)]
    if not forms:
        return False
    body = root.find("body") if root.tag == "html" else root
    # a body the parser left empty (text after a stray </body>) is no short page
    body = body if body is not None and element_text(body).strip() else root
    region = _first_main(body)
    region = region if region is not None else body
    words = len(element_text(region).split())
    for el in region.iter(*_FURNITURE):
        words -= len(element_text(el).split())
    for form in forms:
        if region is body or any(a is region for a in form.iterancestors()):
            words -= len(element_text(form).split())
    return words <= ACCOUNT_PAGE_MAX_WORDS
