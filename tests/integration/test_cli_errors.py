"""Expected failures end with one clear line on stderr and a non-zero exit, never a traceback."""

from __future__ import annotations

import json

import pytest

from tests.support.cli import run_leafcrawl
from tests.support.http_server import free_port

pytestmark = pytest.mark.integration


def assert_one_line_error(result, *needles):
    assert result.returncode != 0
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert "Traceback" not in result.stderr
    assert len(lines) == 1, result.stderr
    for needle in needles:
        assert needle in lines[0], lines[0]



def test_bad_config_names_file_and_key(tmp_path, redis_url):
    config = tmp_path / "site.yaml"
    config.write_text("name: blog\nstart_urls: [http://127.0.0.1:9/]\nrender: sometimes\n")
    result = run_leafcrawl("crawl", "--config", str(config), cwd=tmp_path, redis_url=redis_url)
    assert_one_line_error(result, str(config), "'render'", "not one of")


def test_unreachable_redis_url(tmp_path):
    port = free_port()  # nothing listens there
    result = run_leafcrawl("crawl", "http://127.0.0.1:9/", "--render", "never", cwd=tmp_path,
                           redis_url=f"redis://127.0.0.1:{port}/0")
    assert_one_line_error(result, "cannot reach Redis", f"127.0.0.1:{port}")
    assert not (tmp_path / "archive").exists()


@pytest.mark.parametrize("render", ["never", pytest.param("always", marks=pytest.mark.browser)])
def test_start_url_refusing_connections(tmp_path, redis_url, render):
    url = f"http://127.0.0.1:{free_port()}/"
    result = run_leafcrawl("crawl", url, "--render", render, "--with-worker", cwd=tmp_path,
                           redis_url=redis_url, env={"LEAFCRAWL_REDIS_PREFIX": f"err-{free_port()}"})
    assert_one_line_error(result, "nothing crawled", url)
    # in words, the same in both modes (a browser crawl printed Playwright's "Error: Page.goto:
    # net::ERR_CONNECTION_REFUSED at …")
    assert f"{url}: connection refused" in result.stderr


def test_redis_going_away_mid_crawl_stops_it_with_one_line(tmp_path):
    # Before: every later page was fetched and its item failed with a dump in the log, and
    # the crawl ended in a ConnectionError traceback after fetching the whole site.
    import os
    import subprocess
    import sys

    from crawler.services.embedded_redis import EmbeddedRedis
    from tests.fixtures.make_blog import make_blog
    from tests.support.cli import PROJECT_ROOT
    from tests.support.http_server import Hold, serve_directory

    site = tmp_path / "site"
    expected = make_blog(site)
    held = Hold()
    post = sorted(expected.posts)[0]
    requests: list[str] = []
    server = EmbeddedRedis(tmp_path / "redis").start()
    env = {k: v for k, v in os.environ.items() if k != "REDIS_URL"}
    env.update(REDIS_URL=server.url, PYTHONPATH=str(PROJECT_ROOT))
    try:
        with serve_directory(site, faults={post: held}, request_log=requests) as base_url:
            crawl = subprocess.Popen(
                [sys.executable, "-m", "crawler.cli", "crawl", base_url + "/", "--render", "never",
                 "--archive-dir", str(tmp_path / "archive")],
                cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                stdin=subprocess.DEVNULL)
            try:
                assert held.wait_for_arrivals(1, timeout=120), "the held post was never requested"
                server.stop()
            finally:
                held.release()
            _, stderr = crawl.communicate(timeout=300)
    finally:
        server.stop()
    result = subprocess.CompletedProcess(crawl.args, crawl.returncode, "", stderr)
    assert_one_line_error(result, "went away during the crawl", "crawl again once Redis is back")


def test_an_archive_directory_that_cannot_be_written_stops_the_crawl_before_it_starts(tmp_path):
    # Before: the whole site was fetched, then every leaf's archive job failed with a
    # traceback on the terminal, and the crawl exited 0
    (tmp_path / "afile").write_text("")
    result = run_leafcrawl("crawl", f"http://127.0.0.1:{free_port()}/", "--render", "never",
                           "--archive-dir", "afile/archive", cwd=tmp_path)
    assert_one_line_error(result, "archive directory", str(tmp_path / "afile" / "archive"),
                          "Not a directory")
    assert not (tmp_path / ".leafcrawl").exists()       # no Redis started, nothing fetched


def test_failed_archive_jobs_are_named_and_archived_by_the_next_crawl(tmp_path):
    from tests.fixtures.make_blog import make_blog
    from tests.support.cli import archived_files
    from tests.support.http_server import serve_directory

    site = tmp_path / "site"
    expected = make_blog(site)
    archive = tmp_path / "archive"
    with serve_directory(site) as base_url:
        host_dir = archive / base_url.split("//", 1)[1].replace(":", "_")
        archive.mkdir()
        host_dir.write_text("")        # the host's folder is a file: every leaf's job fails
        args = ("crawl", base_url + "/", "--render", "never", "--archive-dir", str(archive),
                "--json-summary", "summary.json")
        failed = run_leafcrawl(*args, cwd=tmp_path)
        assert failed.returncode == 1, failed.stderr
        assert "Traceback" not in failed.stderr            # the tracebacks are in the worker's log
        summary = json.loads((tmp_path / "summary.json").read_text())
        assert summary["leaf"] >= len(expected.posts) and summary["jobs_failed"] == summary["leaf"]
        warning = [line for line in failed.stdout.splitlines() if "archive job" in line]
        assert len(warning) == 1 and f"{summary['leaf']} archive jobs failed" in warning[0]
        # the first job to fail names the file in the way: a post's nested path meets it as
        # NotADirectoryError, a page at the host's root (/about/) as FileExistsError, and
        # which job fails first is the workers' order, not the test's
        assert ("NotADirectoryError" in warning[0] or "FileExistsError" in warning[0]) \
            and base_url in warning[0]
        log = warning[0].rsplit("(tracebacks: ", 1)[1].rstrip(")")
        assert "Traceback" in (tmp_path / log).read_text()
        assert archived_files(archive) == {}

        host_dir.unlink()
        again = run_leafcrawl(*args, cwd=tmp_path)
        assert again.returncode == 0, again.stdout + again.stderr
    assert {base_url + p for p in expected.posts} <= set(archived_files(archive))
