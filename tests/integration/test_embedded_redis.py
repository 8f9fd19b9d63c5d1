"""EmbeddedRedis: a real redis-server child on a unix socket, persisted across starts."""

from __future__ import annotations

import contextlib
import ctypes
import json
import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
import redis

from crawler.services.embedded_redis import OWNER_FILE, EmbeddedRedis, socket_path_for

pytestmark = pytest.mark.integration

ROOT = Path(__file__).resolve().parents[2]
PR_SET_CHILD_SUBREAPER = 36


def gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    # A zombie is gone for our purposes only if it is not a running redis-server.
    try:
        return Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0] == "Z"
    except OSError:
        return True


def test_start_write_stop_restart_reads_data(tmp_path):
    data_dir = tmp_path / "data"
    with EmbeddedRedis(data_dir) as server:
        assert server.url == f"unix://{data_dir.resolve() / 'redis.sock'}"
        pid = server.pid
        conn = redis.Redis.from_url(server.url)
        conn.set("k", "v1")
        conn.hset("h", mapping={"a": 1})
        conn.close()
    assert gone(pid)
    assert (data_dir / "dump.rdb").exists()
    assert not (data_dir / "redis.sock").exists()
    assert not (data_dir / OWNER_FILE).exists()

    with EmbeddedRedis(data_dir) as again:
        assert again.pid != pid
        conn = redis.Redis.from_url(again.url)
        assert conn.get("k") == b"v1" and conn.hgetall("h") == {b"a": b"1"}
        # It listens on the socket only.
        assert conn.config_get("port")["port"] == "0"
        conn.close()
        pid2 = again.pid
    assert gone(pid2)


def test_stop_is_idempotent_and_stops_on_exception(tmp_path):
    server = EmbeddedRedis(tmp_path)
    with pytest.raises(KeyboardInterrupt):
        with server:
            pid = server.pid
            raise KeyboardInterrupt
    assert gone(pid)
    server.stop()
    server.stop()


def test_stale_server_of_dead_owner_is_shut_down_first(tmp_path, caplog):
    first = EmbeddedRedis(tmp_path).start()
    conn = first.client()
    conn.set("survives", "yes")
    conn.close()
    # Pretend the owner crashed: the owner file names a process that no longer exists.
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    owner = json.loads((tmp_path / OWNER_FILE).read_text())
    owner.update(owner_pid=dead.pid, owner_start=None)
    (tmp_path / OWNER_FILE).write_text(json.dumps(owner))
    try:
        with EmbeddedRedis(tmp_path) as second:
            assert second.pid != first.pid and not second.attached
            assert first.process.wait(timeout=10) is not None  # the stale one is gone
            c = second.client()
            assert c.get("survives") == b"yes"  # it was saved on the way down
            c.close()
        assert "earlier run" in caplog.text
    finally:
        first.stop()


def test_stale_socket_file_is_removed(tmp_path):
    sock = socket_path_for(tmp_path.resolve())
    sock.write_text("not a socket")
    (tmp_path / OWNER_FILE).write_text("{garbage")
    with EmbeddedRedis(tmp_path) as server:
        c = server.client()
        assert c.ping()
        c.close()


def test_live_owner_in_another_process_is_attached_not_stopped(tmp_path):
    script = textwrap.dedent(f"""
        import sys, time
        sys.path.insert(0, {str(ROOT)!r})
        from crawler.services.embedded_redis import EmbeddedRedis
        with EmbeddedRedis({str(tmp_path)!r}) as s:
            print(s.pid, flush=True)
            sys.stdin.read()
    """)
    owner = subprocess.Popen([sys.executable, "-c", script], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, text=True)
    try:
        redis_pid = int(owner.stdout.readline())
        with EmbeddedRedis(tmp_path) as guest:
            assert guest.attached and guest.pid is None
            c = guest.client()
            c.set("shared", "1")
            c.close()
        assert not gone(redis_pid)  # the guest did not stop the owner's server
    finally:
        owner.stdin.close()
        owner.wait(timeout=30)
    assert owner.returncode == 0
    deadline = time.monotonic() + 5
    while not gone(redis_pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert gone(redis_pid)


@pytest.mark.skipif(sys.platform != "linux", reason="PR_SET_PDEATHSIG is Linux-only")
def test_owner_killed_hard_leaves_no_server(tmp_path):
    """SIGKILL of the owner: PR_SET_PDEATHSIG makes redis-server save and exit."""
    script = textwrap.dedent(f"""
        import os, sys
        sys.path.insert(0, {str(ROOT)!r})
        from crawler.services.embedded_redis import EmbeddedRedis
        s = EmbeddedRedis({str(tmp_path)!r}).start()
        c = s.client(); c.set("before-kill", "1"); c.close()
        print(s.pid, flush=True)
        os.kill(os.getpid(), 9)
    """)
    # Adopt the orphaned redis-server ourselves (child subreaper) so we can reap it: pid 1
    # of some containers never does, which would leave a zombie behind.
    libc = ctypes.CDLL(None, use_errno=True)
    libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
    try:
        out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
        redis_pid = int(out.stdout.split()[0])
        deadline = time.monotonic() + 10
        while not gone(redis_pid) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert gone(redis_pid)
        with contextlib.suppress(ChildProcessError):
            os.waitpid(redis_pid, 0)
    finally:
        libc.prctl(PR_SET_CHILD_SUBREAPER, 0, 0, 0, 0)
    with EmbeddedRedis(tmp_path) as server:
        c = server.client()
        assert c.get("before-kill") == b"1"
        c.close()


def test_deep_data_dir_uses_short_socket_path(tmp_path):
    deep = tmp_path.joinpath(*["d" * 20] * 6)
    with EmbeddedRedis(deep) as server:
        sock = server.socket_path
        assert len(os.fsencode(str(sock))) < 108 and str(sock).startswith("/tmp/")
        c = redis.Redis.from_url(server.url)
        c.set("x", "1")
        c.close()
    assert not sock.exists()
    with EmbeddedRedis(deep) as server:
        c = server.client()
        assert c.get("x") == b"1"  # the dump stays in data_dir
        c.close()
    assert (deep / "dump.rdb").exists()
