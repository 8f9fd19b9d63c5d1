"""Serve a static site folder on 127.0.0.1 until Ctrl-C.

    python bench/serve_site.py CORPORA/sites/hugo-ananke-melroy/site
    python bench/serve_site.py --fixture-blog          # the tests' generated fixture blog

Prints the base URL on the first line of stdout (flushed), so a script can read it.
Uses tests/support/http_server.py: backlog 128, threaded, no request log.
"""

from __future__ import annotations

import argparse
import signal
import sys
import tempfile
import threading
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from tests.support.http_server import serve_directory  # noqa: E402


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("directory", nargs="?", type=Path,
                    help="the folder to serve at / (a corpus folder's site/ is used if present)")
    ap.add_argument("--port", type=int, default=0, help="default: a free port")
    ap.add_argument("--fixture-blog", action="store_true",
                    help="generate tests/fixtures/make_blog.py's blog into a temp dir and serve it")
    args = ap.parse_args(argv)
    if args.fixture_blog == (args.directory is not None):
        ap.error("give a directory or --fixture-blog")

    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    with tempfile.TemporaryDirectory(prefix="leafcrawl-blog-") as tmp:
        root = args.directory
        if args.fixture_blog:
            from tests.fixtures.make_blog import make_blog

            root = Path(tmp)
            make_blog(root)
        elif (root / "site").is_dir() and not (root / "index.html").exists():
            root = root / "site"
        with serve_directory(root, port=args.port) as base_url:
            print(f"{base_url}/", flush=True)
            print(f"serving {root} (Ctrl-C to stop)", file=sys.stderr, flush=True)
            try:
                stop.wait()
            except KeyboardInterrupt:
                pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
