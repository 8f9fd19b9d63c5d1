"""Find a Chromium for scrapy-playwright without Playwright's own download.

Playwright's browser download cannot reach its CDN on many machines (and never on
these), so leafcrawl looks for a browser the system already has, in a fixed order.
"""

from __future__ import annotations

import glob
import os
import shutil
from pathlib import Path

ENV_VAR = "LEAFCRAWL_CHROMIUM"
"""Explicit path to a Chromium/Chrome binary; wins over everything else."""

HEADLESS_SHELL = "chromium-headless-shell"
PATH_CANDIDATES = (HEADLESS_SHELL, "chromium", "chromium-browser", "google-chrome",
                   "google-chrome-stable")
"""Executable names looked up on PATH, in order (Debian, Ubuntu, Google's package).

The headless shell first: since Chrome 132 `chromium --headless` is the whole browser run
without a window, while the shell (Debian's chromium-headless-shell, the browser Playwright
itself runs headless) is Blink without the browser around it. On the Hugo corpus blog a
browser crawl rendered 11.8-12.0 pages/s in it against 7.0 in `chromium`, on four fifths
of the CPU, the same files archived (docs/benchmarks.md)."""

PLAYWRIGHT_GLOBS = (
    "~/.cache/ms-playwright/chromium_headless_shell-*/chrome-*/headless_shell",
    "~/.cache/ms-playwright/chromium-*/chrome-linux*/chrome",
)
"""Where `playwright install chromium` puts its browser, if someone managed to run it."""

HOW_TO_GET_ONE = (
    "no Chromium found. Install one and run again:\n"
    f"  Debian/Ubuntu (root):  apt-get install -y {HEADLESS_SHELL}   (or chromium)\n"
    "  elsewhere:             python -m playwright install chromium\n"
    f"  or point {ENV_VAR} at a Chromium/Chrome binary.\n"
    "Sites that need no JavaScript can also be crawled without a browser: --render never"
)


def shell_hint(path: str) -> str | None:
    """What to install for faster rendering, when `path` is a full browser (PATH_CANDIDATES)."""
    if "headless" in os.path.basename(path):
        return None
    return (f"rendering with {path}; the headless shell renders 1.7-2x as fast: "
            f"apt-get install -y {HEADLESS_SHELL}")


class BrowserNotFound(RuntimeError):
    """No usable Chromium; the message says how to get one."""


def find_chromium(environ: dict | None = None) -> str:
    """Return the path of a Chromium binary, or raise BrowserNotFound."""
    env = os.environ if environ is None else environ
    explicit = env.get(ENV_VAR)
    if explicit:
        if os.path.isfile(explicit) and os.access(explicit, os.X_OK):
            return explicit
        raise BrowserNotFound(f"{ENV_VAR}={explicit} is not an executable file")
    for name in PATH_CANDIDATES:
        found = shutil.which(name, path=env.get("PATH"))
        if found:
            return found
    for pattern in PLAYWRIGHT_GLOBS:
        matches = sorted(glob.glob(str(Path(pattern).expanduser())), reverse=True)
        if matches:
            return matches[0]
    raise BrowserNotFound(HOW_TO_GET_ONE)


BROWSER_CONTEXT = {"ignore_https_errors": True}
"""The browser context's options: as lenient with certificates as Scrapy's plain fetches,
which never check them. scrapy-playwright reads them from the first request, or from
PLAYWRIGHT_CONTEXTS when a login is set (crawl_settings.site_settings)."""


def is_prefetch(request) -> bool:
    """PLAYWRIGHT_ABORT_REQUEST: a speculative fetch for a later navigation (<link
    rel=prefetch>, which Chromium marks Sec-Purpose: prefetch). A crawl renders each page once
    and navigates nowhere, so these only load the site and the crawl: VuePress prefetches
    every route's chunk, 140 requests a page, each routed through scrapy-playwright's
    Python handler (0.6 pages/s on a VuePress blog)."""
    return request.headers.get("sec-purpose", "").startswith("prefetch")


def is_subframe_document(request) -> bool:
    """A document for an iframe (an ad, a video player, a social embed). The analysis reads
    a page's own document and an iframe's address, never what the iframe shows, so its load
    buys nothing; and the page's `load` waits for every iframe, so one from a slow host
    (an ad server that never answers) failed the page at the navigation timeout with its
    text already drawn."""
    if request.resource_type != "document":
        return False
    try:
        frame = request.frame
    except Exception:  # noqa: BLE001 - a service worker's request has no frame
        return False
    return frame.parent_frame is not None


def abort_request(request) -> bool:
    """PLAYWRIGHT_ABORT_REQUEST: what a rendered page never needs loaded."""
    return is_prefetch(request) or is_subframe_document(request)
