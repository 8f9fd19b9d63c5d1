"""What each indexiness term means, read from the comment of its named constant in
pipelines/indexiness/score.py, so the explanation and the code cannot drift apart (pure)."""

from __future__ import annotations

import ast
import re
from functools import lru_cache
from pathlib import Path

from . import score as indexiness

# Words of the comments that say how a weight was set, not what the term means.
_HOW_SET = re.compile(r"\b(fitted|hand|held at 0)\b[^.;:]*[.;:]?\s*", re.I)
# The explanation's line is short: the first sentence, cut at this many characters.
MEANING_MAX_CHARS = 90


def _first_sentence(comment: str) -> str:
    text = " ".join(comment.split())
    text = re.sub(r"^(fitted|hand|held at 0)\s*[:.]?\s*", "", text, flags=re.I)
    sentence = re.split(r"(?<=[.;])\s|:\s(?=[A-Z(])", text, maxsplit=1)[0].rstrip(".;: ")
    sentence = _HOW_SET.sub("", sentence).strip(" ,(:") if len(sentence) > 20 else sentence
    if len(sentence) > MEANING_MAX_CHARS:
        sentence = sentence[:MEANING_MAX_CHARS].rsplit(" ", 1)[0] + "…"
    return sentence


@lru_cache(maxsize=1)
def term_meanings() -> dict[str, str]:
    """term -> the first sentence of its constant's comment (the lines above the constant,
    or the comment on its line)."""
    source = Path(indexiness.__file__).read_text(encoding="utf-8")
    lines = source.splitlines()
    tree = ast.parse(source)
    comments: dict[str, str] = {}
    weights_of: dict[str, str] = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            name = node.targets[0].id
            if name == "WEIGHTS" and isinstance(node.value, ast.Dict):
                for key, value in zip(node.value.keys, node.value.values):
                    if isinstance(key, ast.Constant) and isinstance(value, ast.Name):
                        weights_of[key.value] = value.id
                continue
            own = lines[node.lineno - 1].partition("#")[2].strip()
            above: list[str] = []
            i = node.lineno - 2
            # constants set one after another share the comment above the first of them
            while i >= 0 and re.match(r"[A-Z_]+ = ", lines[i]) and "#" not in lines[i]:
                i -= 1
            while i >= 0 and lines[i].lstrip().startswith("#"):
                above.insert(0, lines[i].lstrip()[1:].strip())
                i -= 1
            comments[name] = own or " ".join(above)
    return {term: _first_sentence(comments.get(const, "")) for term, const in weights_of.items()}


def terms_markdown() -> str:
    """The final score's terms as a table: weight, how it was set, what it means."""
    meanings = term_meanings()
    rows = ["| term | weight | meaning |", "|---|---|---|"]
    for term, weight in indexiness.WEIGHTS.items():
        rows.append(f"| `{term}` | {weight:+g} | {meanings.get(term, '').replace('|', '/')} |")
    return "\n".join(rows) + "\n"
