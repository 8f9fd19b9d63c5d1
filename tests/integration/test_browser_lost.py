"""Chromium dying in the middle of a crawl (the OOM killer, a crash) costs the pages it was
rendering a new attempt in a new browser, not the crawl: it finishes, with every page."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.cli import PROJECT_ROOT, archived_files, run_leafcrawl
from tests.support.http_server import Hold, serve_directory, write_page

pytestmark = [pytest.mark.integration, pytest.mark.browser]

PROSE = "The lock keeper opened the upper gates and the barges went down one by one. " * 20
POSTS = [f"barge-{i}" for i in range(8)]
HOME = ("<html><head><title>Canal log</title></head><body><main><h1>Entries</h1><ul>"
        + "".join(f'<li><h2><a href="/2024/{slug}/">Barge {slug}</a></h2><p>A barge.</p></li>'
                  for slug in POSTS) + "</ul></main></body></html>")


def post(slug: str) -> str:
    return (f"<html><head><title>{slug}</title></head><body><main><article><h1>{slug}</h1>"
            f"<p>{PROSE}</p></article></main></body></html>")


def descendants(pid: int) -> list[int]:
    """Every process below pid, from /proc."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                ppid = int((entry / "stat").read_text().rpartition(")")[2].split()[1])
            except (OSError, ValueError, IndexError):
                continue
            children.setdefault(ppid, []).append(int(entry.name))
    found, todo = [], [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def kill_browsers(pid: int) -> int:
    killed = 0
    for child in descendants(pid):
        try:
            cmdline = Path(f"/proc/{child}/cmdline").read_bytes()
            if b"chrom" in cmdline.split(b"\0", 1)[0].lower():
                os.kill(child, signal.SIGKILL)
                killed += 1
        except (OSError, ProcessLookupError):
            pass
    return killed


SESSION = ("lock_session", "5ea1ed-9a7e")


@pytest.mark.parametrize("login", ["none", "cookies"])
def test_a_crawl_whose_browser_dies_renders_its_pages_in_a_new_one(tmp_path, redis_ns, login):
    """With cookies (--cookies), the new browser has them too: its context was remade
    without them, and every page after the loss led to the site's login form."""
    site = tmp_path / "site"
    write_page(site, HOME)
    for slug in POSTS:
        write_page(site / "2024" / slug, post(slug))
    write_page(site / "login", "<html><body><main><form><input name=user>"
                               "<input type=password name=pw></form></main></body></html>")
    held = Hold()
    faults = {f"/2024/{slug}/": held for slug in POSTS}
    extra, session = [], None
    if login == "cookies":
        session = SESSION
        (tmp_path / "cookies.txt").write_text(
            "# Netscape HTTP Cookie File\n127.0.0.1\tFALSE\t/\tFALSE\t0\t%s\t%s\n" % SESSION)
        extra = ["--cookies", str(tmp_path / "cookies.txt")]
    with serve_directory(site, faults=faults, session=session) as base:
        env = {**{k: v for k, v in os.environ.items() if k != "REDIS_URL"},
               **redis_ns.env, "REDIS_URL": redis_ns.url, "PYTHONPATH": str(PROJECT_ROOT)}
        summary_file = tmp_path / "summary.json"
        crawl = subprocess.Popen(
            [sys.executable, "-m", "crawler.cli", "crawl", base + "/", "--render", "always",
             "--with-worker", "--archive-dir", str(tmp_path / "archive"), "--json-summary",
             str(summary_file), *extra], cwd=tmp_path, env=env, stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            # the browser is rendering posts (held by the server) when it dies
            assert held.wait_for_arrivals(4, timeout=60)
            assert kill_browsers(crawl.pid) > 0
            held.release()
            out, err = crawl.communicate(timeout=240)
        except subprocess.TimeoutExpired:
            crawl.kill()
            crawl.communicate()
            pytest.fail("the crawl hung after its browser died")
        finally:
            held.release()
            if crawl.poll() is None:
                crawl.kill()
    assert crawl.returncode == 0, err
    summary = json.loads(summary_file.read_text())
    assert summary["failures"] == 0 and summary["login_walls"] == 0
    assert set(archived_files(tmp_path / "archive")) == {f"{base}/2024/{slug}/" for slug in POSTS}


def test_a_page_whose_script_never_yields_fails_at_the_download_timeout(tmp_path, redis_ns):
    # a busy loop blocks the page's renderer: scrapy-playwright's page.content() waited for
    # it for ever, and the crawl never ended
    site = tmp_path / "site"
    write_page(site, HOME)
    for slug in POSTS[:3]:
        write_page(site / "2024" / slug, post(slug))
    stuck = "2024/" + POSTS[1]
    write_page(site / stuck, post(POSTS[1]).replace(
        "<main>", "<script>setTimeout(function () { while (true) {} }, 50);</script><main>"))
    for slug in POSTS[3:]:
        write_page(site / "2024" / slug, post(slug))
    with serve_directory(site) as base:
        summary_file = tmp_path / "summary.json"
        result = run_leafcrawl(
            "crawl", base + "/", "--render", "always", "--archive-dir", str(tmp_path / "archive"),
            "--with-worker", "--json-summary", str(summary_file), "-s", "DOWNLOAD_TIMEOUT=15",
            cwd=tmp_path, redis_url=redis_ns.url, env=redis_ns.env, timeout=240)
    summary = json.loads(summary_file.read_text())
    assert summary["failures"] == 1
    assert f"{base}/{stuck}/: the page did not finish rendering in 15 s" in result.stdout
    assert set(archived_files(tmp_path / "archive")) == {
        f"{base}/2024/{slug}/" for slug in POSTS if slug != POSTS[1]}
