"""Run the real `leafcrawl` command in a subprocess, as a user would."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parents[2]
CLI_TIMEOUT_S = 300


def run_leafcrawl(*args: str, cwd, env: dict | None = None, redis_url: str | None = None,
                  timeout: float = CLI_TIMEOUT_S) -> subprocess.CompletedProcess:
    """Run `python -m crawler.cli ARGS` in cwd. REDIS_URL is set only when redis_url is given."""
    full_env = {k: v for k, v in os.environ.items() if k != "REDIS_URL"}
    full_env["PYTHONPATH"] = str(PROJECT_ROOT) + os.pathsep + full_env.get("PYTHONPATH", "")
    if redis_url:
        full_env["REDIS_URL"] = redis_url
    # each test's leafcrawl keeps its state in the test's folder, as a user's would in one
    # place of their own (crawler/state_dir.py)
    full_env.setdefault("LEAFCRAWL_STATE_DIR", str(Path(cwd) / ".leafcrawl"))
    full_env.update(env or {})
    return subprocess.run([sys.executable, "-m", "crawler.cli", *args], cwd=cwd, env=full_env,
                          capture_output=True, text=True, timeout=timeout, stdin=subprocess.DEVNULL)


# Runs a command as its child and prints the peak RSS of the tree under it (kB; Linux counts
# the largest process among the descendants it waited for).
_PEAK_RSS = ("import resource, subprocess, sys; rc = subprocess.call(sys.argv[1:]); "
             "print('peak_rss_kb', resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, "
             "file=sys.stderr); sys.exit(rc)")


def with_peak_rss(argv: list[str]) -> list[str]:
    """argv run under a wrapper that reports its process tree's peak RSS (peak_rss_kb)."""
    return [sys.executable, "-c", _PEAK_RSS, *argv]


def peak_rss_kb(stderr: str) -> int:
    """The peak RSS a with_peak_rss run printed last on its stderr."""
    return int(stderr.rsplit("peak_rss_kb", 1)[1].split()[0])


def read_front_matter(path: Path) -> dict:
    """The YAML front matter of an archived Markdown file."""
    import yaml

    text = path.read_text(encoding="utf-8")
    match = re.match(r"---\n(.*?)\n---\n", text, re.S)
    assert match, f"{path} has no front matter"
    return yaml.safe_load(match.group(1))


def archived_files(archive_dir: Path) -> dict[str, Path]:
    """url -> file for every Markdown file under archive_dir (asserting urls are unique)."""
    found: dict[str, Path] = {}
    for path in sorted(archive_dir.rglob("*.md")):
        url = read_front_matter(path)["url"]
        assert url not in found, f"{url} archived twice: {found.get(url)} and {path}"
        found[url] = path
    return found


def processes_mentioning(needle: str) -> list[tuple[int, str]]:
    """(pid, cmdline) of live processes whose command line contains needle."""
    hits = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
            state = (entry / "stat").read_text().split(") ", 1)[1][:1]
        except OSError:
            continue
        if needle in cmdline and state != "Z":
            hits.append((int(entry.name), cmdline.strip()))
    return hits
