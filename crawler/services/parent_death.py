"""Children that die with the process that started them (Linux's PR_SET_PDEATHSIG).

A crawl killed outright (kill -9, the OOM killer) runs no cleanup: its embedded
redis-server and its RQ worker were re-parented to PID 1 and lived on, the worker retrying
the gone Redis' socket every 2 s, and the next crawl in that folder would hand it jobs.
Given as a Popen preexec_fn, this asks the kernel to send the child SIGTERM when its parent
dies: redis-server saves and exits, an RQ worker finishes its job and exits (warm shutdown).
Elsewhere than Linux it does nothing."""

from __future__ import annotations

import ctypes
import signal
import sys

_PR_SET_PDEATHSIG = 1


def _set_pdeathsig() -> None:  # runs in the child between fork and exec
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0)
    except Exception:
        pass


def die_with_parent():
    """The preexec_fn for a child that must not outlive this process (None off Linux)."""
    return _set_pdeathsig if sys.platform == "linux" else None
