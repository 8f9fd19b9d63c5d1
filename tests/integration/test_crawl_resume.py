"""An interrupted crawl goes on where it stopped with --resume: its pending requests and the
URLs it had seen are kept in the crawl's Redis (the frontier, crawler/frontier/shared_frontier.py), so
the second run fetches what the first had not, not the whole site again, after Ctrl-C or a
kill -9 at any moment."""

from __future__ import annotations

import collections
import json
import os
import random
import signal
import subprocess
import sys
import time

import pytest

from tests.fixtures.make_blog import make_blog
from tests.support.cli import PROJECT_ROOT, archived_files
from tests.support.http_server import Hold, serve_directory

pytestmark = pytest.mark.integration


def crawl_command(base_url, workdir, name, *extra):
    return [sys.executable, "-m", "crawler.cli", "crawl", base_url + "/", "--render", "never",
            "--with-worker", "--archive-dir", str(workdir / "archive"),
            "--json-summary", str(workdir / f"{name}.json"), *extra]


def wait_until(predicate, timeout: float) -> bool:
    """Poll predicate until it holds or timeout seconds pass."""
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.005)
    return True


def test_an_interrupted_crawl_resumes_where_it_stopped(tmp_path, redis_ns):
    site = tmp_path / "site"
    expected = make_blog(site)
    held = Hold()
    posts = sorted(expected.posts)
    requests: list[str] = []
    env = {k: v for k, v in os.environ.items() if k != "REDIS_URL"}
    env.update(redis_ns.env, REDIS_URL=redis_ns.url, PYTHONPATH=str(PROJECT_ROOT),
               LEAFCRAWL_STATE_DIR=str(tmp_path / ".leafcrawl"))
    with serve_directory(site, faults={posts[0]: held}, request_log=requests) as base_url:
        first = subprocess.Popen(crawl_command(base_url, tmp_path, "first"), cwd=tmp_path, env=env,
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                 stdin=subprocess.DEVNULL)
        try:
            assert held.wait_for_arrivals(1, timeout=120), "the held post was never requested"
            first.send_signal(signal.SIGINT)        # Ctrl-C while a post is on its way
        finally:
            held.release()
        out, err = first.communicate(timeout=300)
        assert first.returncode == 130, err
        assert "go on later with --resume" in out
        fetched_first = len(requests)
        second = subprocess.run(crawl_command(base_url, tmp_path, "second", "--resume"),
                                cwd=tmp_path, env=env, capture_output=True, text=True,
                                stdin=subprocess.DEVNULL, timeout=300)
    assert second.returncode == 0, second.stderr
    assert "resumed" in second.stdout
    summary = json.loads((tmp_path / "second.json").read_text())
    assert summary["resumed"] is True
    pages = collections.Counter(p for p in requests if not p.endswith(("robots.txt", ".css", ".svg")))
    # the second run fetched what the first had not: no page twice, and together every post
    assert max(pages.values()) == 1, [p for p, n in pages.items() if n > 1]
    assert 0 < fetched_first < len(requests)
    assert {base_url + p for p in posts} <= set(archived_files(tmp_path / "archive"))
    assert not (tmp_path / ".leafcrawl" / "jobs").exists() or not any((tmp_path / ".leafcrawl" / "jobs").iterdir())


@pytest.mark.parametrize("run", range(10))
def test_a_crawl_killed_at_any_moment_resumes_exactly(tmp_path, redis_ns, run):
    # kill -9 (no clean close, no signal handler) once a share of the site's pages has been
    # asked for, the share drawn anew each run; the resumed crawl archives every post, none
    # twice. Scrapy's disk queue writes its state on a clean close only: resumed after a kill
    # it read stale records and lost leaves without a word.
    site = tmp_path / "site"
    expected = make_blog(site)
    requests: list[str] = []
    env = {k: v for k, v in os.environ.items() if k != "REDIS_URL"}
    env.update(redis_ns.env, REDIS_URL=redis_ns.url, PYTHONPATH=str(PROJECT_ROOT),
               LEAFCRAWL_STATE_DIR=str(tmp_path / ".leafcrawl"))
    pages = len(expected.pages)
    kill_after = random.Random(run).randint(2, pages - 2)
    with serve_directory(site, request_log=requests) as base_url:
        first = subprocess.Popen(crawl_command(base_url, tmp_path, "first"), cwd=tmp_path, env=env,
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                 stdin=subprocess.DEVNULL, start_new_session=True)
        try:
            assert wait_until(lambda: len(requests) >= kill_after or first.poll() is not None,
                              timeout=120)
        finally:
            os.killpg(first.pid, signal.SIGKILL)
            first.wait(timeout=60)
        second = subprocess.run(crawl_command(base_url, tmp_path, "second", "--resume"),
                                cwd=tmp_path, env=env, capture_output=True, text=True,
                                stdin=subprocess.DEVNULL, timeout=300)
    assert second.returncode == 0, second.stderr
    summary = json.loads((tmp_path / "second.json").read_text())
    assert summary["failures"] == 0 and summary["jobs_failed"] == 0
    files = archived_files(tmp_path / "archive")      # asserts no URL archived twice
    assert {base_url + p for p in expected.posts} <= set(files), \
        sorted({base_url + p for p in expected.posts} - set(files))


def test_a_crawl_on_the_embedded_redis_killed_resumes_exactly(tmp_path):
    # the first crawl a user runs: no REDIS_URL, its Redis started and stopped by the crawl.
    # kill -9 of the crawl's process group; the embedded server, in a session of its own,
    # saves what it holds as it follows its parent out
    site = tmp_path / "site"
    expected = make_blog(site)
    requests: list[str] = []
    env = {k: v for k, v in os.environ.items() if k != "REDIS_URL"}
    env.update(PYTHONPATH=str(PROJECT_ROOT), LEAFCRAWL_STATE_DIR=str(tmp_path / ".leafcrawl"))
    argv = [sys.executable, "-m", "crawler.cli", "crawl", None, "--render", "never",
            "--archive-dir", str(tmp_path / "archive")]
    with serve_directory(site, request_log=requests) as base_url:
        argv[4] = base_url + "/"
        first = subprocess.Popen(argv, cwd=tmp_path, env=env, stdout=subprocess.DEVNULL,
                                 stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL,
                                 start_new_session=True)
        try:
            assert wait_until(lambda: len(requests) >= len(expected.pages) // 2
                              or first.poll() is not None, timeout=120)
        finally:
            os.killpg(first.pid, signal.SIGKILL)
            first.wait(timeout=60)
        fetched_first = len(requests)
        second = subprocess.run(argv + ["--resume"], cwd=tmp_path, env=env, capture_output=True,
                                text=True, stdin=subprocess.DEVNULL, timeout=300)
    assert second.returncode == 0, second.stderr
    assert "resumed" in second.stdout
    assert len(requests) - fetched_first < len(expected.pages)   # not the whole site again
    files = archived_files(tmp_path / "archive")
    assert {base_url + p for p in expected.posts} <= set(files), \
        sorted({base_url + p for p in expected.posts} - set(files))


def test_a_crawl_stopped_by_redis_going_away_resumes_once_it_is_back(tmp_path):
    # Redis restarted mid-crawl: the crawl stops with one line, and once Redis is back with
    # what it saved, --resume fetches the rest and every post is archived once
    from crawler.services.embedded_redis import EmbeddedRedis
    from tests.support.http_server import Hold

    site = tmp_path / "site"
    expected = make_blog(site)
    held = Hold()
    post = sorted(expected.posts)[-1]
    requests: list[str] = []
    server = EmbeddedRedis(tmp_path / "redis").start()
    env = {k: v for k, v in os.environ.items() if k != "REDIS_URL"}
    env.update(REDIS_URL=server.url, PYTHONPATH=str(PROJECT_ROOT),
               LEAFCRAWL_STATE_DIR=str(tmp_path / ".leafcrawl"))
    try:
        with serve_directory(site, faults={post: held}, request_log=requests) as base_url:
            first = subprocess.Popen(crawl_command(base_url, tmp_path, "first"), cwd=tmp_path,
                                     env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                     text=True, stdin=subprocess.DEVNULL)
            try:
                assert held.wait_for_arrivals(1, timeout=120), "the held post was never requested"
                server.stop()                      # saves what it holds, as a restart does
            finally:
                held.release()
            _, err = first.communicate(timeout=300)
            assert first.returncode != 0
            assert "went away during the crawl" in err
            fetched_first = len(requests)
            server = EmbeddedRedis(tmp_path / "redis").start()
            second = subprocess.run(crawl_command(base_url, tmp_path, "second", "--resume"),
                                    cwd=tmp_path, env=env, capture_output=True, text=True,
                                    stdin=subprocess.DEVNULL, timeout=300)
    finally:
        server.stop()
    assert second.returncode == 0, second.stderr
    assert "resumed" in second.stdout
    assert len(requests) - fetched_first < len(expected.pages)
    files = archived_files(tmp_path / "archive")
    assert {base_url + p for p in expected.posts} <= set(files), \
        sorted({base_url + p for p in expected.posts} - set(files))
