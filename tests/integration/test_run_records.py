"""Every crawl leaves a record: `leafcrawl runs` lists a crawl that succeeded and one that
failed, with their trigger and status, and `schedule --list` shows each site's last run."""
from __future__ import annotations

import json

import pytest

from tests.fixtures.make_blog import make_blog
from tests.support.cli import run_leafcrawl
from tests.support.http_server import free_port, serve_directory

pytestmark = pytest.mark.integration



def test_runs_that_succeed_and_fail_are_recorded(tmp_path, redis_ns):
    make_blog(tmp_path / "site")
    env = {**redis_ns.env, "LEAFCRAWL_TRIGGER": "schedule"}
    with serve_directory(tmp_path / "site") as base:
        ok = run_leafcrawl("crawl", base + "/", "--render", "never", "--with-worker",
                           "--archive-dir", str(tmp_path / "archive"), cwd=tmp_path,
                           redis_url=redis_ns.url, env=env)
    assert ok.returncode == 0, ok.stderr
    dead = f"http://127.0.0.1:{free_port()}/"      # nothing listens: nothing crawled
    failed = run_leafcrawl("crawl", dead, "--render", "never", "--with-worker", cwd=tmp_path,
                           redis_url=redis_ns.url, env=redis_ns.env)
    assert failed.returncode == 1
    runs = json.loads(run_leafcrawl("runs", "--json", cwd=tmp_path, redis_url=redis_ns.url,
                                    env=redis_ns.env).stdout)
    assert [(r["site"], r["trigger"], r["status"], r["exit"]) for r in runs] == [
        (dead.removeprefix("http://").rstrip("/").replace(":", "_"), "cli", "failed", "1"),
        (base.removeprefix("http://").replace(":", "_"), "schedule", "ok", "0")]
    assert "connection refused" in runs[0]["first_failure"]
    assert int(runs[1]["leaf"]) == int(runs[1]["archived"]) > 0 and runs[1]["ended_at"]
    table = run_leafcrawl("runs", cwd=tmp_path, redis_url=redis_ns.url, env=redis_ns.env).stdout
    assert "failed" in table and "! " in table and "schedule" in table

    configs = tmp_path / "configs"
    configs.mkdir()
    site = runs[1]["site"]
    (configs / "blog.yaml").write_text(f"name: {site}\nstart_urls: [{base}/]\nschedule: '0 3 * * *'\n")
    listed = run_leafcrawl("schedule", "--list", "--configs", str(configs), cwd=tmp_path,
                           redis_url=redis_ns.url, env=redis_ns.env)
    assert listed.returncode == 0, listed.stderr
    assert f"last {runs[1]['started_at']} schedule ok ({runs[1]['pages_fetched']} pages)" in listed.stdout
