"""An archive whose disk fills up mid-crawl: the leaves that could not be written are named
as failed (never a torn or empty file), and a crawl run again once there is room archives
them, each once."""
from __future__ import annotations

import contextlib
import json
import subprocess

import pytest

from tests.fixtures.make_blog import make_blog
from tests.support.cli import archived_files, run_leafcrawl
from tests.support.http_server import serve_directory

pytestmark = pytest.mark.integration

# Room for a handful of the fixture blog's posts (tmpfs gives each file a 4 KB page).
SMALL_DISK = "48k"


@contextlib.contextmanager
def small_disk(folder, size: str):
    """A tmpfs of `size` mounted on folder while the block runs (mount needs root, as a
    full disk needs a file system of its own)."""
    folder.mkdir(parents=True)
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(folder)],
                             capture_output=True, text=True)
    if mounted.returncode != 0:
        pytest.skip(f"a small file system cannot be mounted here: {mounted.stderr.strip()}")
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], check=True)


def test_a_full_disk_names_what_it_could_not_archive_and_a_later_crawl_writes_it(tmp_path, redis_ns):
    site = tmp_path / "site"
    expected = make_blog(site)
    leaves = {path for path, (label, _) in expected.labels.items() if label == "leaf"}
    archive = tmp_path / "archive"
    with small_disk(archive, SMALL_DISK), serve_directory(site) as base:
        full = run_leafcrawl("crawl", base + "/", "--render", "never", "--with-worker",
                             "--archive-dir", str(archive), "--json-summary", str(tmp_path / "full.json"),
                             cwd=tmp_path, redis_url=redis_ns.url, env=redis_ns.env)
        summary = json.loads((tmp_path / "full.json").read_text())
        written = archived_files(archive)            # every file there parses whole
        assert not list(archive.rglob("*.part")), "a torn temp file was left"
        assert 0 < len(written) < len(leaves)
        assert "No space left on device" in full.stdout + full.stderr
        assert summary["jobs_failed"] == len(leaves) - len(written), summary

        subprocess.run(["mount", "-o", "remount,size=16m", str(archive)], check=True)
        again = run_leafcrawl("crawl", base + "/", "--render", "never", "--with-worker",
                              "--archive-dir", str(archive), "--json-summary", str(tmp_path / "again.json"),
                              cwd=tmp_path, redis_url=redis_ns.url, env=redis_ns.env)
        assert again.returncode == 0, again.stderr[-2000:]
        files = archived_files(archive)              # asserts each URL is archived once
        assert {base + path for path in leaves} == set(files)
        assert set(written) <= set(files)
