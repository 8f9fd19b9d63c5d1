"""A crawl of a site that attacks its crawler goes on to its end: each attack fails alone
with a named reason (or is cut by its budget), memory stays bounded, the archive stays
inside its folder under names every OS can hold, and every front matter parses."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from pipelines.store.score_store import ScoreStore
from tests.support.cli import PROJECT_ROOT, archived_files, peak_rss_kb, with_peak_rss
from tests.support.hostile_site import (GOOD_PAGES, TERMINAL_BYTES, TRICK_PATHS,
                                        YAML_BREAKING_TITLE, serve_hostile_site)

pytestmark = pytest.mark.integration

# The crawl's whole process tree (crawler, worker, embedded Redis) stays under this at its
# peak; a crawler that held the 200 MB body or the 1 GB bomb would pass it.
PEAK_RSS_BOUND_MB = 700
RESERVED_NAMES = {"con", "prn", "aux", "nul", *(f"com{i}" for i in range(1, 10)),
                  *(f"lpt{i}" for i in range(1, 10))}

def crawl_with_peak_rss(*args: str, cwd: Path, redis_url: str, env: dict) -> tuple[subprocess.CompletedProcess, int]:
    full_env = {**os.environ, "PYTHONPATH": str(PROJECT_ROOT), "REDIS_URL": redis_url,
                "LEAFCRAWL_STATE_DIR": str(cwd / ".leafcrawl"), **env}
    result = subprocess.run(with_peak_rss([sys.executable, "-m", "crawler.cli", *args]), cwd=cwd,
                            env=full_env, capture_output=True, text=True, timeout=600,
                            stdin=subprocess.DEVNULL)
    return result, peak_rss_kb(result.stderr)


def test_a_hostile_site_is_crawled_to_its_end(tmp_path, redis_ns):
    archive = tmp_path / "archive"
    with serve_hostile_site() as (base, asked):
        result, peak_kb = crawl_with_peak_rss(
            "crawl", base + "/", "--render", "never", "--with-worker", "--json-summary",
            str(tmp_path / "summary.json"), "--archive-dir", str(archive),
            "-s", "DOWNLOAD_TIMEOUT=4", "-s", "LEAFCRAWL_MAX_LINKS_PER_PAGE=20",
            cwd=tmp_path, redis_url=redis_ns.url, env=redis_ns.env)
    assert result.returncode == 0, result.stderr[-3000:]
    summary = json.loads((tmp_path / "summary.json").read_text())
    assert summary["finish_reason"] == "finished"
    assert peak_kb < PEAK_RSS_BOUND_MB * 1024, f"peak RSS {peak_kb // 1024} MB"

    store = ScoreStore(redis_ns.conn, redis_ns.prefix)
    errors = {path: (store.get_page(base + path) or {}).get("error")
              for path in ("/huge-body/", "/gzip-bomb/", "/slow/", "/loop/a/")}
    assert "too large" in errors["/huge-body/"], errors
    assert "too large" in errors["/gzip-bomb/"], errors
    assert "timed out" in errors["/slow/"] or "timeout" in errors["/slow/"], errors
    assert "redirect" in errors["/loop/a/"], errors
    assert summary["failures"] >= 4

    # the page of 200,000 links is read, its links cut at the budget, and named
    assert len([p for p in asked if p.startswith("/entry/")]) == 20
    assert any("links not followed" in line for line in summary["traps"])

    files = archived_files(archive)       # every front matter parses as YAML
    for path in GOOD_PAGES:
        assert base + path in files
    deep = files[base + "/deep/"].read_text(encoding="utf-8")
    assert "The text at the bottom of a very deep page" in deep
    bad_bytes = files[base + "/invalid-bytes/"].read_text(encoding="utf-8")
    assert "Before the bad bytes." in bad_bytes and "afterwards the page goes on" in bad_bytes

    from tests.support.cli import read_front_matter
    titled = files[base + "/yaml-title/"]
    title = read_front_matter(titled)["title"]
    assert title.startswith("Re: \"quoted\" - 'single' #hash [list] {map}"), title
    assert YAML_BREAKING_TITLE.split("\n")[1] in title
    text = titled.read_text(encoding="utf-8")
    assert "Colour codes" in text and "\x1b" not in text and TERMINAL_BYTES not in text

    # path tricks: every page archived, every file inside the archive, every name portable
    tricks = [url for url in files if url.removeprefix(base).split("/")[1] in ("trick", "etc", "escape")]
    assert len(tricks) >= len(TRICK_PATHS) - 2, sorted(files)   # ../ resolves some onto one page
    root = archive.resolve()
    for path in archive.rglob("*"):
        assert path.resolve().is_relative_to(root), path
        assert len(path.name.encode()) <= 255, path
        assert path.name.split(".")[0].lower() not in RESERVED_NAMES, path
        assert not path.name.endswith((".", " ")) or path.name.endswith(".md"), path
