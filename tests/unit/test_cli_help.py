"""The command line explains itself: a version, a description and help text for every
command and option, and a mistake answered with the usage of the command it was made in."""
from __future__ import annotations

import argparse

import pytest

from crawler.cli import build_parser, subcommand_parsers
from tests.support.cli import run_leafcrawl


def subcommands() -> dict[str, argparse.ArgumentParser]:
    return subcommand_parsers(build_parser())


def test_version(tmp_path):
    result = run_leafcrawl("--version", cwd=tmp_path)
    assert result.returncode == 0 and result.stdout.startswith("leafcrawl ")
    assert result.stdout.split()[1][0].isdigit()


@pytest.mark.parametrize("name", sorted(subcommands()))
def test_every_command_and_option_says_what_it_does(name):
    parser = subcommands()[name]
    assert parser.description and len(parser.description) > 40, name
    for action in parser._actions:
        if isinstance(action, argparse._HelpAction):
            continue
        assert action.help and action.help != argparse.SUPPRESS, (name, action.dest)


def test_an_unknown_option_shows_its_commands_usage(tmp_path):
    result = run_leafcrawl("crawl", "--depht", "2", "http://x.org/", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr.startswith("usage: leafcrawl crawl ")
    assert "leafcrawl crawl: error: unrecognized arguments: --depht" in result.stderr
