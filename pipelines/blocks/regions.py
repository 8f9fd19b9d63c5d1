"""Landmarks by tag or ARIA role: the shared vocabulary of blocks.py and links.py.

A landmark is recognised by its element (``<nav>``) or by the role an author gave any
element (``<div role="navigation">``); both mean the same region to a reader.
"""
from __future__ import annotations

# Landmark names as used in Block.region, by tag.
LANDMARK_TAGS = {
    "main": "main",
    "article": "article",
    "nav": "nav",
    "aside": "aside",
    "header": "header",
    "footer": "footer",
    "form": "form",
}

# ARIA roles that stand for the same landmarks (WAI-ARIA 1.2 landmark roles).
LANDMARK_ROLES = {
    "main": "main",
    "article": "article",
    "navigation": "nav",
    "complementary": "aside",
    "banner": "header",
    "contentinfo": "footer",
    "search": "form",
    "form": "form",
}


def element_role(el) -> str:
    """First token of the role attribute, lowercased ('' when absent)."""
    role = el.get("role")
    if not role:
        return ""
    parts = role.split()
    return parts[0].lower() if parts else ""


def landmark_of(el) -> str | None:
    """The landmark this element opens, by tag or role, or None."""
    tag = el.tag
    if isinstance(tag, str):
        name = LANDMARK_TAGS.get(tag)
        if name:
            return name
    role = el.get("role")
    return landmark_of_role(role) if role else None


def landmark_of_role(role: str) -> str | None:
    """The landmark an ARIA role attribute value names (its first token), or None."""
    parts = role.split()
    return LANDMARK_ROLES.get(parts[0].lower()) if parts else None
