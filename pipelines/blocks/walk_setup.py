"""The rare elements the block walk's set-up reads, found in one pass over the tree."""
from __future__ import annotations

# The tags the walk's set-up reads (base_url, signup_boxes, flatten_shadow_roots), found in
# one walk of the tree in libxml2 where each took its own (~0.035 ms each on a median page);
# and h1, for the page's h1s and forms after the walk (walk_document's tags, page.py).
_SET_UP_TAGS = ("base", "form", "template", "h1")


def set_up_tags(root) -> dict:
    """tag -> root's elements of that tag in document order, for each of _SET_UP_TAGS."""
    found: dict = {tag: [] for tag in _SET_UP_TAGS}
    for el in root.iter(_SET_UP_TAGS):
        found[el.tag].append(el)
    return found
