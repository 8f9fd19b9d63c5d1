"""The command reference as Markdown, written from the argparse parsers themselves, so the
docs site's reference cannot drift from the command (docs/hooks.py puts it in the page)."""

from __future__ import annotations

import argparse

from crawler.cli import build_parser, subcommand_parsers


def _cell(text: str) -> str:
    return " ".join((text or "").split()).replace("|", "\\|")


def _names(action: argparse.Action) -> str:
    if not action.option_strings:
        return f"`{action.metavar or action.dest}`"
    value = ""
    if action.nargs != 0:
        value = " " + (action.metavar or (("{" + ",".join(map(str, action.choices)) + "}")
                                          if action.choices else action.dest.upper()))
    return ", ".join(f"`{name}{value}`" for name in action.option_strings)


def cli_reference_markdown() -> str:
    """One section per command: its usage, its description, a table of its arguments."""
    parser = build_parser()
    out = [f"`leafcrawl --version` prints the version; `leafcrawl COMMAND --help` prints what "
           f"follows for one command.\n"]
    for name, sub in subcommand_parsers(parser).items():
        usage = " ".join(sub.format_usage().split())
        out.append(f"## `leafcrawl {name}`\n")
        out.append(f"{sub.description}\n")
        out.append(f"```\n{usage}\n```\n")
        out.append("| argument | meaning |\n|---|---|")
        for action in sub._actions:
            if isinstance(action, argparse._HelpAction):
                continue
            out.append(f"| {_names(action)} | {_cell(action.help)} |")
        out.append("")
    return "\n".join(out)
