"""The docs site's generated parts cover what the code has, and no tracked file names a
developer machine's paths."""
from __future__ import annotations

import subprocess
from pathlib import Path

from crawler.cli import build_parser, subcommand_parsers
from crawler.commands.cli_reference import cli_reference_markdown
from pipelines.indexiness.score import WEIGHTS
from pipelines.indexiness.term_meanings import terms_markdown

ROOT = Path(__file__).resolve().parents[2]
# Where a developer's checkout, home and tools lie on these machines: no product file names them
MACHINE_FOLDERS = ("/work/", "/root/", "/home/")


def test_the_command_reference_lists_every_option_of_every_command():
    text = cli_reference_markdown()
    parser = build_parser()
    subs = subcommand_parsers(parser)
    for name, sub in subs.items():
        assert f"## `leafcrawl {name}`" in text
        section = text.split(f"## `leafcrawl {name}`", 1)[1].split("\n## ", 1)[0]
        for action in sub._actions:
            for option in action.option_strings:
                if option not in ("-h", "--help"):
                    assert f"`{option}" in section, (name, option)


def test_every_option_of_every_command_says_what_it_does():
    import argparse

    for name, sub in subcommand_parsers(build_parser()).items():
        for action in sub._actions:
            if action.option_strings and action.help != argparse.SUPPRESS:
                assert (action.help or "").strip(), (name, action.option_strings)


def test_the_terms_page_lists_every_weighted_term():
    text = terms_markdown()
    for term, weight in WEIGHTS.items():
        assert f"| `{term}` | {weight:+g} |" in text


def test_no_tracked_file_names_a_developer_machines_folders():
    files = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True,
                           check=True).stdout.split()
    marked = [f for f in files if f.endswith((".md", ".py", ".toml", ".yml", ".yaml", ".cfg"))
              and any(folder in (ROOT / f).read_text(encoding="utf-8", errors="replace")
                      for folder in MACHINE_FOLDERS)
              and f != "tests/unit/test_docs_reference.py"]
    assert marked == []
