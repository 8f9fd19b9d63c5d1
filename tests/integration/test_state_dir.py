"""leafcrawl's state lives in one folder, not in the one a command runs from: scores and
explain answer the same from any folder, and read-only commands create no state."""
from __future__ import annotations

import pytest

from tests.fixtures.make_blog import make_blog
from tests.support.cli import run_leafcrawl
from tests.support.http_server import serve_directory

pytestmark = pytest.mark.integration


def test_scores_answer_the_same_from_any_folder(tmp_path):
    state = tmp_path / "state"
    make_blog(tmp_path / "site")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    with serve_directory(tmp_path / "site") as base:
        crawl = run_leafcrawl("crawl", base + "/", "--render", "never", "--archive-dir",
                              str(tmp_path / "archive"), cwd=tmp_path,
                              env={"LEAFCRAWL_STATE_DIR": str(state)})
    assert crawl.returncode == 0, crawl.stderr
    assert f"embedded ({state})" in crawl.stdout and (state / "logs").is_dir()
    assert not (tmp_path / ".leafcrawl").exists()
    here = run_leafcrawl("scores", cwd=tmp_path, env={"LEAFCRAWL_STATE_DIR": str(state)})
    there = run_leafcrawl("--state-dir", str(state), "scores", cwd=elsewhere)
    assert here.returncode == there.returncode == 0, there.stderr
    site = base.removeprefix("http://").replace(":", "_")
    assert here.stdout == there.stdout and here.stdout.startswith(f"{site}: ")

    empty = tmp_path / "nothing-here"
    none = run_leafcrawl("explain", base + "/", cwd=elsewhere, env={"LEAFCRAWL_STATE_DIR": str(empty)})
    assert none.returncode == 1 and f"no pages stored yet in {empty}" in none.stderr
    assert not empty.exists()           # a read-only command created nothing
