"""Compose serialised shadow roots into the flat tree the browser renders.

The browser collector writes each open shadow root as ``<template shadowrootmode="open">``,
the first child of its host (declarative shadow DOM). The browser does not show the
template and the host's children side by side: it shows the shadow tree, with each
``<slot>`` replaced by the light children assigned to it. Splicing the shadow content
ahead of the light DOM reads every filled slot's fallback ("Untitled card") as page text
and turns a title slotted into an ``<h2>`` into a paragraph, so the composition follows
the DOM spec's slot assignment:

- an element with ``slot="name"`` goes to the first ``<slot name="name">``;
- everything else (elements without a slot attribute, text) goes to the first unnamed slot;
- a slot's fallback content is kept only when nothing is assigned to it;
- light children no slot takes are not rendered, so they are dropped;
- nested components are composed inside out, so a slot forwarded into an inner component
  is filled by the outer host.
"""
from __future__ import annotations

from ..htmlparse import append_text

# Attribute names of declarative shadow roots (the second is Chrome's pre-standard spelling).
SHADOW_ROOT_ATTRS = ("shadowrootmode", "shadowroot")


def _is_shadow_template(el) -> bool:
    return el.tag == "template" and any(el.get(a) is not None for a in SHADOW_ROOT_ATTRS)


def flatten_shadow_roots(root, templates=None) -> int:
    """Compose every declarative shadow root under root in place; returns how many.
    templates: root's <template> elements in document order, when the caller found them."""
    if templates is None:
        templates = root.iter("template")
    templates = [t for t in templates if _is_shadow_template(t)]
    if not templates:
        return 0
    # Reverse document order composes inner components (inside a shadow tree or among a
    # host's light children, both later in document order) before the host around them.
    for template in reversed(templates):
        host = template.getparent()
        if host is not None:
            _compose(host, template)
    return len(templates)


def _compose(host, template) -> None:
    # The light DOM: the host's nodes other than the template, text nodes included.
    light: list = []
    if host.text:
        light.append(host.text)
    for child in host:
        if child is template:
            if child.tail:
                light.append(child.tail)
            continue
        if isinstance(child.tag, str):
            light.append(child)
        if child.tail:
            light.append(child.tail)
    # The shadow tree's slots, in tree order; only the first of each name receives nodes.
    named: dict[str, object] = {}
    default = None
    slots = list(template.iter("slot"))
    for slot in slots:
        name = (slot.get("name") or "").strip()
        if name:
            named.setdefault(name, slot)
        elif default is None:
            default = slot
    assigned: dict[int, list] = {id(s): [] for s in slots}
    for node in light:
        if isinstance(node, str):
            if default is not None:
                assigned[id(default)].append(node)
            continue
        name = (node.get("slot") or "").strip()
        target = named.get(name) if name else default
        if target is not None:
            assigned[id(target)].append(node)
    # Detach the light children (they come back only through their slot).
    for node in light:
        if not isinstance(node, str):
            node.tail = None
            host.remove(node)
    for slot in slots:
        nodes = assigned[id(slot)]
        if not nodes:
            nodes = ([slot.text] if slot.text else []) + [
                n for c in slot for n in ((c, c.tail) if c.tail else (c,))]
            for c in list(slot):
                if isinstance(c.tag, str):
                    c.tail = None
        _replace_with(slot, nodes)
    # The host now shows its shadow tree.
    host.text = template.text
    template_pos = host.index(template)
    host.remove(template)
    for offset, child in enumerate(list(template)):
        host.insert(template_pos + offset, child)


def _replace_with(el, nodes: list) -> None:
    """Put nodes (elements and strings) where el stands, keeping el's tail after them."""
    parent = el.getparent()
    if parent is None:
        return
    tail = el.tail
    pos = parent.index(el)
    prev = parent[pos - 1] if pos > 0 else None
    parent.remove(el)
    for node in nodes:
        if isinstance(node, str):
            append_text(parent, prev, node)
        elif isinstance(node.tag, str):
            node.tail = None
            parent.insert(pos, node)
            pos += 1
            prev = node
    if tail:
        append_text(parent, prev, tail)
