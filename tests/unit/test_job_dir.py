"""A crawl's job dir (--resume) is left alone while another live crawl of the site uses it."""

from __future__ import annotations

import os
import subprocess
import sys

from crawler.crawl_runner import JOB_OWNER_FILE, _job_in_use


def test_a_job_dir_is_in_use_only_by_another_live_process(tmp_path):
    assert not _job_in_use(tmp_path)                       # no owner file: free
    owner = tmp_path / JOB_OWNER_FILE
    owner.write_text(str(os.getpid()))
    assert not _job_in_use(tmp_path)                       # ours
    other = subprocess.Popen([sys.executable, "-c", "import sys; sys.stdin.read()"],
                             stdin=subprocess.PIPE)
    try:
        owner.write_text(str(other.pid))
        assert _job_in_use(tmp_path)                       # a live crawl elsewhere
    finally:
        other.communicate(input=b"", timeout=30)
    assert not _job_in_use(tmp_path)                       # it has exited
    owner.write_text("not a pid")
    assert not _job_in_use(tmp_path)
