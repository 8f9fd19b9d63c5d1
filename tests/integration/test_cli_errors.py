"""Expected failures end with one clear line on stderr and a non-zero exit, never a traceback."""

from __future__ import annotations

import socket

import pytest

from tests.support.cli import run_leafcrawl

pytestmark = pytest.mark.integration


def assert_one_line_error(result, *needles):
    assert result.returncode != 0
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert "Traceback" not in result.stderr
    assert len(lines) == 1, result.stderr
    for needle in needles:
        assert needle in lines[0], lines[0]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


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
    assert "refused" in result.stderr.lower()
