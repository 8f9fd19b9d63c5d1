"""Sign-up boxes: the newsletter, SMS or alert sign-up a site sets inside its articles.

A sign-up form asks for one address (an e-mail or a phone number) and sends it. Its box holds
more than the form: a label ("Mashable Deals"), a pitch ("Be the first to know!"), the fine
print ("By signing up, you agree to receive…"), a thank-you line. Only the form's own blocks
fall in the form region (selection's chrome), so the rest stayed in the article. The box is
found from the form outwards, by its size, not by the words of any theme.
"""
from __future__ import annotations

from ..htmlparse import first_descendant, text_of

# The widget a sign-up box's blocks carry: content selection drops it with the furniture.
SIGNUP_WIDGET = "post-furniture"
# Input types that take a subscriber's address.
ADDRESS_TYPES = frozenset({"email", "tel"})
# Visible fields a sign-up form asks for at most (a name and an address); a checkout or
# a registration asks for more.
MAX_FIELDS = 2
# Field types that are not typed into (a hidden field, a honeypot is hidden by style, a
# button, a box to tick).
NOT_FIELDS = frozenset({"hidden", "submit", "button", "checkbox", "radio", "image", "reset"})
# The box around the form: an ancestor whose words outside the form are at most this many
# (label, pitch, fine print and thank-you line; Mashable's SMS box: 78), up to BOX_LEVELS
# above the form. An article's body holds more, so the climb stops below it.
BOX_MAX_WORDS = 100
BOX_LEVELS = 4
# Never a sign-up box: the page's frame and its article, and an item of a list: a shop's
# product card holds a "notify me when it is back" form, and the card is the listing's.
FRAME_TAGS = frozenset({"html", "body", "main", "article", "li"})
# ...nor anything holding the page's headline.
_H1 = frozenset({"h1"})


def is_signup_form(form) -> bool:
    """A form that sends one address: an e-mail or phone field, at most MAX_FIELDS fields
    typed into, and no text area (a comment or contact form) or password (a login)."""
    fields = 0
    address = False
    for el in form.iter("input", "textarea", "select"):
        if el.tag == "textarea":
            return False
        if el.tag == "select":
            fields += 1
            continue
        kind = (el.get("type") or "text").strip().lower()
        if kind == "password":
            return False
        if kind in NOT_FIELDS or _styled_away(el):
            continue
        fields += 1
        address = address or kind in ADDRESS_TYPES
    return address and fields <= MAX_FIELDS


def _styled_away(el) -> bool:
    """A honeypot field for bots, moved off the page by its inline style."""
    style = (el.get("style") or "").replace(" ", "").lower()
    return "left:-" in style or "display:none" in style


def signup_boxes(root, forms=None) -> set:
    """The outermost element of each sign-up form's box (the form itself when nothing around
    it is small enough to be its box). forms: root's <form> elements, when the caller found
    them."""
    boxes = set()
    for form in root.iter("form") if forms is None else forms:
        if not is_signup_form(form):
            continue
        form_words = len(text_of(form).split())
        box = form
        node = form.getparent()
        for _ in range(BOX_LEVELS):
            if node is None or node.tag in FRAME_TAGS or first_descendant(node, _H1) is not None:
                break
            if len(text_of(node).split()) - form_words > BOX_MAX_WORDS:
                break
            box = node
            node = node.getparent()
        boxes.add(box)
    return boxes
