"""Where leafcrawl keeps its own state: the embedded Redis' data, crawl and worker logs,
and the job folders `--resume` goes on from. One place that does not depend on the folder a
command is run from, so `leafcrawl scores` answers the same anywhere:

1. `--state-dir DIR` (a global option), which sets
2. the environment's LEAFCRAWL_STATE_DIR, else
3. $XDG_STATE_HOME/leafcrawl, else ~/.local/state/leafcrawl (the XDG base directory spec's
   place for state that outlives a run but is no user's document).

The archive is no state: it goes where --archive-dir says (./archive by default)."""

from __future__ import annotations

import os
from pathlib import Path

STATE_DIR_ENV = "LEAFCRAWL_STATE_DIR"
# What an embedded Redis leaves in the state folder once it has stored something.
EMBEDDED_DATA_FILE = "dump.rdb"


def state_dir() -> Path:
    explicit = os.environ.get(STATE_DIR_ENV)
    if explicit:
        return Path(explicit).expanduser().resolve()
    base = os.environ.get("XDG_STATE_HOME") or Path.home() / ".local" / "state"
    return (Path(base) / "leafcrawl").resolve()


def has_embedded_data(folder: Path | None = None) -> bool:
    """Has a crawl without REDIS_URL stored anything here? (Read-only commands ask this
    before starting an embedded Redis, which would create the folder.)"""
    return ((folder or state_dir()) / EMBEDDED_DATA_FILE).exists()
