"""What the docs-site builders share in reading MkDocs Markdown (Starlette's docs/)."""
from __future__ import annotations

import re


def indented(lines: list[str], i: int) -> tuple[list[str], int]:
    """The 4-space-indented body that follows line i-1 (an admonition's, a directive's
    options), blank lines inside it kept, dedented and without trailing blanks; and the index
    of the first line after it."""
    body = []
    while i < len(lines) and (lines[i].startswith("    ") or not lines[i].strip()):
        body.append(lines[i][4:])
        i += 1
    while body and not body[-1].strip():
        body.pop()
    return body, i


def has_h1(text: str) -> bool:
    """An ATX H1 outside fenced code (a "# comment" in a shell or Python block is none)."""
    fence = None
    for line in text.splitlines():
        mark = re.match(r"\s*(```+|~~~+)", line)
        if mark:
            if fence is None:
                fence = mark[1]
            elif mark[1].startswith(fence):
                fence = None
        elif fence is None and line.startswith("# "):
            return True
    return False
