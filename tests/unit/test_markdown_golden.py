"""Golden Markdown per block kind: tests/golden/markdown/<kind>.html renders to <kind>.md.

Any change to the output fails. To accept a deliberate change, run with
LEAFCRAWL_UPDATE_GOLDEN=1 and review the diff of the .md files.
"""
import os
from pathlib import Path

import pytest

from pipelines.blocks import Block, build_blocks
from pipelines.content.markdown import render_markdown

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "markdown"
URL = "https://example.org/dir/page.html"
CASES = sorted(p.stem for p in GOLDEN.glob("*.html"))


def test_every_kind_has_a_golden_file():
    kinds = {"paragraph", "heading", "list-item", "table", "image", "code", "quote",
             "figure-caption", "media", "rule"}
    assert kinds <= set(CASES)


@pytest.mark.parametrize("name", CASES)
def test_golden_markdown(name):
    html = (GOLDEN / f"{name}.html").read_text()
    blocks = build_blocks(f"<html><body>{html}</body></html>", URL)
    out = render_markdown(blocks)
    # rendering from stored dicts (the RQ job's path) gives the same Markdown
    assert render_markdown([Block.from_dict(b.to_dict()) for b in blocks]) == out
    expected = GOLDEN / f"{name}.md"
    if os.environ.get("LEAFCRAWL_UPDATE_GOLDEN") or not expected.exists():
        expected.write_text(out)
    assert out == expected.read_text()
