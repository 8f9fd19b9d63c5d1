"""Boxes that are page furniture by their structure, whatever their class names: the widget
each box's blocks carry (Block.widget), so content selection drops them.

- A sign-up box: the form that asks for one address and its pitch (signup_boxes.py).
- A modal dialog: an element WAI-ARIA marks role="dialog" (or "alertdialog") with
  aria-modal="true", which a page opens over itself and which keeps the reader from the page
  until it is closed: a cookie-consent or newsletter prompt, a login or search box, a paywall.
  The page's text lies under it, never in it; yet a plain fetch reads its words as any others,
  and a consent platform whose classes name no furniture word (Complianz' "cmplz-body") gave a
  news story's archive its privacy settings instead of its report.
"""
from __future__ import annotations

from .signup_boxes import SIGNUP_WIDGET, signup_boxes

DIALOG_WIDGET = "dialog"
MODAL_ROLES = frozenset({"dialog", "alertdialog"})


def is_modal_dialog(el) -> bool:
    """Whether WAI-ARIA marks el as a modal dialog."""
    return (el.get("aria-modal", "").strip().lower() == "true"
            and (el.get("role") or "").strip().lower() in MODAL_ROLES)


def signup_box_widgets(root, forms=None) -> dict:
    """element -> SIGNUP_WIDGET for each sign-up box. The block walk takes these before it
    starts and asks is_modal_dialog of each element with an aria-modal attribute as it meets
    it: the search of the whole tree for one cost 0.09 ms of a median page's 4.4 ms walk, and
    the walk reads each element's attribute names anyway. forms: root's <form> elements, when
    the caller found them."""
    return dict.fromkeys(signup_boxes(root, forms), SIGNUP_WIDGET)

