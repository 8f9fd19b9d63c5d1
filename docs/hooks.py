"""MkDocs hook: pages that say <!-- generated: NAME --> get that part written from the code
at build time (the command reference from the argparse parsers, the indexiness terms from
their named constants), so the docs cannot drift from what the code does."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from crawler.commands.cli_reference import cli_reference_markdown  # noqa: E402
from pipelines.indexiness.term_meanings import terms_markdown  # noqa: E402

GENERATED = {"cli": cli_reference_markdown, "terms": terms_markdown}


def on_page_markdown(markdown, page, config, files):
    for name, make in GENERATED.items():
        marker = f"<!-- generated: {name} -->"
        if marker in markdown:
            markdown = markdown.replace(marker, make())
    return markdown
