"""The author a page's JSON-LD names: an article's `author` (or `creator`), a name, a Person,
a list of them, or a reference to a Person elsewhere in the page's graph."""
from __future__ import annotations

import json


def _is_person(item: dict) -> bool:
    types = item.get("@type")
    return "Person" in (types if isinstance(types, list) else [types])


def _person(value, nodes: dict | None = None) -> str | None:
    """An author value's name. A reference to a node of the page's graph ({"@id": …}, or
    the id alone: Yoast SEO writes every post's author so, the Person with its name elsewhere
    in @graph) is that node's name (read without following its references again); an
    address that names no node is no name."""
    if isinstance(value, str):
        value = value.strip()
        if value.startswith("{") and value.endswith("}"):
            # an object its CMS encoded once more, as a string ("{ \"@type\":\"Person\",
            # \"name\":\"Alice Wu\" }")
            try:
                return _person(json.loads(value), nodes)
            except ValueError:
                return None
        if nodes and value in nodes:
            return _person(nodes[value])
        return None if value.startswith(("http://", "https://")) else value or None
    if isinstance(value, dict):
        if value.get("name") is None and nodes and value.get("@id") in nodes:
            return _person(nodes[value["@id"]])
        return _person(value.get("name"))
    if isinstance(value, list):
        names = [n for n in (_person(v, nodes) for v in value) if n]
        return ", ".join(names) or None
    return None


def ld_author(items: list[dict]) -> str | None:
    """The first author named among the page's JSON-LD items (their names joined by ", ")."""
    nodes = {item["@id"]: item for item in items
             if isinstance(item.get("@id"), str) and "name" in item and _is_person(item)}
    for item in items:
        name = _person(item.get("author") or item.get("creator"), nodes)
        if name:
            return name
    return None
