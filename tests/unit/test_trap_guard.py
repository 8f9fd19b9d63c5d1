"""Budgets on what one path may spawn (crawler/frontier/trap_guard.py)."""
from __future__ import annotations

from crawler.frontier.trap_guard import TrapGuard


def test_a_pager_may_run_long_but_not_for_ever():
    guard = TrapGuard(queries_per_path=100)
    admitted = [guard.admits(f"http://x.org/news/?page={n}") for n in range(1, 150)]
    assert admitted.count(True) == 100 and all(admitted[:100])
    assert guard.admits("http://x.org/news/?page=5")          # one let through stays so
    assert guard.admits("http://x.org/other/?page=120")       # budgets are per path
    assert guard.report() == ["trap suspected: 149 URLs under /news/ with query parameters, 100 fetched"]


def test_combined_parameters_get_a_handful():
    # Query Loop pagers: each loop's pager keeps the other loops' parameters
    guard = TrapGuard(combinations_per_path=10)
    urls = [f"http://x.org/post/?query-0-page={a}&query-1-page={b}&query-2-page={c}"
            for a in range(1, 8) for b in range(1, 8) for c in range(1, 8)]
    assert sum(guard.admits(u) for u in urls) == 10
    # a single loop's own pages are a pager of one parameter, under the larger budget
    assert all(guard.admits(f"http://x.org/post/?query-0-page={n}") for n in range(1, 20))


def test_paths_that_repeat_or_never_end_are_cut():
    guard = TrapGuard(path_depth=8, segment_repeats=3)
    assert guard.admits("http://x.org/a/b/a/b/")
    assert not guard.admits("http://x.org/a/b/a/b/a/b/")
    assert not guard.admits("http://x.org/" + "/".join(f"s{i}" for i in range(9)) + "/")
    assert guard.admits("http://x.org/2024/01/02/post/")
