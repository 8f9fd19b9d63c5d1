"""`leafcrawl ui`: its options, and serving the web view (crawler/commands/web_ui.py) on the store."""
from __future__ import annotations

import os
import sys
from pathlib import Path

DEFAULT_PORT = 8765


def add_ui_parser(sub) -> None:
    p = sub.add_parser("ui", help="a local web view of sites, runs, schedules and page scores",
                       description="Serve a web view of what crawls left in Redis: sites, runs, "
                       "schedules, each site's pages (sortable, filterable, with a histogram of "
                       "their scores) and each page's terms, links and archived Markdown. "
                       "Bound to 127.0.0.1: nothing leaves the machine.")
    p.add_argument("--port", type=int, default=DEFAULT_PORT,
                   help=f"the port to serve on (default {DEFAULT_PORT}; 0 = any free port)")
    p.add_argument("--host", default="127.0.0.1",
                   help="the address to bind (default 127.0.0.1; another lets other machines "
                        "read every stored page)")
    p.add_argument("--configs", metavar="DIR",
                   help="a folder of site configs whose schedules to show (default: "
                        "$LEAFCRAWL_SITE_CONFIGS, else ./configs/sites when it exists)")
    p.add_argument("--archive-dir", metavar="DIR", action="append", default=[],
                   help="where to read archived Markdown whose stored path is relative "
                        "(repeatable; default ./archive)")


def cmd_ui(args, store_factory, usage_error) -> int:
    from crawler.commands.web_ui import create_app, scheduled, serve
    from workers.site_configs import DEFAULT_SITE_CONFIGS, SITE_CONFIGS_ENV

    if not 0 <= args.port <= 65535:
        raise usage_error(f"--port must be 0..65535, got {args.port}")
    config_dir = args.configs or os.environ.get(SITE_CONFIGS_ENV, DEFAULT_SITE_CONFIGS)
    if args.configs and not Path(config_dir).is_dir():
        raise usage_error(f"{config_dir}: not a directory of site configs")
    archive_dirs = [Path(d).expanduser() for d in (args.archive_dir or ["archive"])]
    if args.host not in ("127.0.0.1", "localhost", "::1"):
        print(f"leafcrawl ui: serving on {args.host}: other machines can read every stored page",
              file=sys.stderr)
    with store_factory() as store:
        schedules = (lambda: scheduled(config_dir, store)) if Path(config_dir).is_dir() else None
        app = create_app(store, schedules=schedules, archive_dirs=archive_dirs)
        try:
            serve(app, args.host, args.port, announce=lambda line: print(line, flush=True))
        except OSError as exc:
            raise usage_error(f"cannot serve on {args.host}:{args.port}: {exc.strerror or exc}") from None
    return 0
