"""The project deployed to a real scrapyd, as the README says: `scrapyd-deploy` builds its egg
from the project's directory, scrapyd finds the settings through the egg's entry point and
runs the site spider with the job's arguments, and `leafcrawl worker` archives the leaves."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

from crawler.services.worker_process import start_worker
from tests.fixtures.make_blog import make_blog
from tests.support.cli import PROJECT_ROOT, archived_files
from tests.support.http_server import free_port, serve_directory

pytestmark = pytest.mark.integration

BIN = Path(sys.executable).parent
# What the egg is built from: the packages and the files that describe them.
PROJECT_FILES = ("crawler", "pipelines", "workers", "setup.py", "pyproject.toml", "scrapy.cfg")
READY_TIMEOUT_S = 60
JOB_TIMEOUT_S = 240



def api(base: str, endpoint: str, data: dict | None = None) -> dict:
    body = urllib.parse.urlencode(data).encode() if data is not None else None
    with urllib.request.urlopen(f"{base}/{endpoint}", data=body, timeout=10) as answer:
        return json.loads(answer.read())


def until(predicate, timeout: float, what: str):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = predicate()
        if found:
            return found
        time.sleep(0.2)
    raise AssertionError(f"timed out after {timeout} s waiting for {what}")


def answers(base: str) -> bool:
    try:
        return api(base, "daemonstatus.json")["status"] == "ok"
    except OSError:
        return False


def project_copy(dest: Path, scrapyd_url: str) -> Path:
    """The project's egg sources in dest, its scrapy.cfg's deploy target at scrapyd_url
    (building the egg writes build/ and *.egg-info beside them: not in the checkout)."""
    for name in PROJECT_FILES:
        src = PROJECT_ROOT / name
        if src.is_dir():
            shutil.copytree(src, dest / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(src, dest / name)
    cfg = dest / "scrapy.cfg"
    cfg.write_text(cfg.read_text().replace("[deploy]", f"[deploy]\nurl = {scrapyd_url}/", 1))
    return dest


@pytest.fixture
def scrapyd(tmp_path, redis_ns):
    """A scrapyd on a port of its own, its jobs pointed at the test's Redis namespace."""
    home = tmp_path / "scrapyd"
    home.mkdir()
    port = free_port()
    (home / "scrapyd.conf").write_text(
        "[scrapyd]\nbind_address = 127.0.0.1\n"
        f"http_port = {port}\npoll_interval = 0.2\nmax_proc = 1\n")
    env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "PYTHONPATH")}
    env.update(redis_ns.env, REDIS_URL=redis_ns.url)
    log = open(home / "scrapyd.out", "wb")
    proc = subprocess.Popen([str(BIN / "scrapyd"), "--nodaemon", "--pidfile="], cwd=home,
                            env=env, stdout=log, stderr=subprocess.STDOUT,
                            stdin=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        until(lambda: answers(base) or proc.poll() is not None, READY_TIMEOUT_S, "scrapyd")
        assert proc.poll() is None, (home / "scrapyd.out").read_text()[-3000:]
        yield base, home
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        log.close()


def test_a_scrapyd_job_scores_the_site_and_a_worker_archives_its_leaves(tmp_path, redis_ns, scrapyd):
    base, home = scrapyd
    source = project_copy(tmp_path / "project", base)
    deployed = subprocess.run([str(BIN / "scrapyd-deploy")], cwd=source, capture_output=True,
                              text=True, timeout=300, stdin=subprocess.DEVNULL)
    assert deployed.returncode == 0, deployed.stderr[-2000:]
    # the egg's entry point named the settings: scrapyd lists the project's spider
    assert api(base, "listspiders.json?project=leafcrawl")["spiders"] == ["site"]

    expected = make_blog(tmp_path / "site")
    archive = tmp_path / "archive"
    with serve_directory(tmp_path / "site") as site:
        job = api(base, "schedule.json", {"project": "leafcrawl", "spider": "site",
                                          "url": f"{site}/", "render": "never",
                                          "archive_dir": str(archive)})
        assert job["status"] == "ok", job
        until(lambda: any(j["id"] == job["jobid"]
                          for j in api(base, "listjobs.json?project=leafcrawl")["finished"]),
              JOB_TIMEOUT_S, f"scrapyd job {job['jobid']}")
    log = (home / "logs" / "leafcrawl" / "site" / f"{job['jobid']}.log").read_text()
    assert "Dumping Scrapy stats" in log and "Traceback" not in log, log[-3000:]

    conn = redis_ns.conn
    verdict = lambda path: conn.hget(f"{redis_ns.prefix}:page:{site}{path}", "verdict")
    assert verdict("/") == b"index"
    assert {verdict(p) for p in expected.posts + [expected.about]} == {b"leaf"}

    worker = start_worker(redis_ns.url, redis_ns.queue, burst=True)
    assert worker.wait(timeout=300) == 0
    assert set(archived_files(archive)) == {site + p for p in expected.posts + [expected.about]}
