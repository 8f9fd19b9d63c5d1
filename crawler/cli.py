"""The `leafcrawl` command: crawl, scores, explain, runs, worker, analyze, schedule, ui.

Every expected failure (bad config, unreachable Redis, nothing fetched, no browser)
ends with one line on stderr and a non-zero exit, never a traceback.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
from pathlib import Path

from pipelines.store.site_config import RENDER_MODES, REVISIT_MODES

EXIT_USAGE = 2
EXIT_FAILED = 1
# The crawl finished, but its summary says what to doubt (a "!" line): a script can tell.
EXIT_WARNINGS = 3
# On a terminal, a progress line this often: a browser crawl of a blog takes minutes
DEFAULT_PROGRESS_S = 5.0


def _setting(text: str) -> tuple[str, str]:
    name, sep, value = text.partition("=")
    if not sep or not name.strip():
        raise argparse.ArgumentTypeError(f"expected NAME=VALUE, got {text!r}")
    return name.strip(), value


def _add_crawl(sub) -> None:
    p = sub.add_parser("crawl", help="crawl a site: follow its index pages, archive its leaves",
                       description="Crawl a site: fetch its pages, score each for indexiness, "
                       "follow the links of index pages and archive leaf pages as Markdown. "
                       "Prints a summary; with no REDIS_URL it runs on an embedded Redis and "
                       "its own worker.")
    p.add_argument("url", nargs="*", help="start URL(s) (or use --config): one site, or "
                                           "sections of it, crawled as one")
    p.add_argument("--config", help="site config file (configs/sites/NAME.yaml or .toml)")
    p.add_argument("--render", choices=RENDER_MODES,
                   help="auto (default): plain HTTP, and the browser only when the start page or its "
                        "first articles show that scripts draw the site, or for a page that arrives "
                        "as an empty frame; always: headless Chromium for every page; never: plain "
                        "HTTP, no JavaScript")
    p.add_argument("--archive-dir", help="where Markdown goes (default ./archive)")
    p.add_argument("--depth", type=int, help="depth limit (0 = unlimited)")
    p.add_argument("--max-pages", type=int, help="stop after this many pages (0 = unlimited)")
    p.add_argument("--threshold", type=float, help="index when the score is above this (default 0)")
    p.add_argument("--follow-leaf-links", action="store_true", default=None,
                   help="also follow the links of leaf pages")
    p.add_argument("--sitemaps", action="store_true", default=None,
                   help="also fetch the pages the site's sitemaps list (robots.txt, /sitemap.xml)")
    p.add_argument("--no-feeds", action="store_false", dest="feeds", default=None,
                   help="do not read the site's feed (RSS/Atom) to date posts whose pages "
                        "print no date")
    p.add_argument("--load-images", action="store_true", default=None,
                   help="let Chromium fetch images (default: it fetches none; the archive is text)")
    p.add_argument("--delay", type=float, metavar="SECONDS",
                   help="seconds between two requests to the site (default 0; Scrapy jitters it)")
    p.add_argument("--concurrency", type=int, metavar="N",
                   help="requests at once to the site (default 16)")
    p.add_argument("--ignore-crawl-delay", action="store_true", default=None,
                   help="do not slow down to robots.txt's Crawl-delay")
    p.add_argument("--expand-rounds", type=int, metavar="N",
                   help="browser mode: rounds of 'Load more' clicks or scrolls to the bottom "
                        "after a page settles (default 5; 0 = off)")
    p.add_argument("--revisit", choices=REVISIT_MODES,
                   help="changed (default): a page crawled before (an archived leaf, an index "
                        "page whose links are its document's) is fetched again only when its "
                        "server says it changed (If-None-Match / If-Modified-Since); all: fetch "
                        "every page again")
    p.add_argument("--deny", action="append", metavar="REGEX",
                   help="never fetch URLs this regular expression finds (repeatable)")
    p.add_argument("--allow", action="append", metavar="REGEX",
                   help="fetch only URLs one such regular expression finds, besides the start "
                        "URLs (repeatable): one section of a site")
    p.add_argument("--user-agent", metavar="UA",
                   help="the User-Agent of every request (default: leafcrawl's own)")
    p.add_argument("--http-user", metavar="USER",
                   help="log in to a site behind HTTP Basic auth as USER, with the password "
                        "in the environment's LEAFCRAWL_HTTP_PASSWORD (sent to the start "
                        "URLs' hosts only)")
    p.add_argument("--cookies", metavar="FILE",
                   help="a site behind a login form: the cookies your browser exported once "
                        "logged in (cookies.txt, Netscape format; or a JSON export); its "
                        "cookies for the site are sent as the browser sends them")
    p.add_argument("--login-form", metavar="URL",
                   help="a site behind a login form: log in at this page before crawling, as "
                        "--login-user, with the password in the environment's "
                        "LEAFCRAWL_LOGIN_PASSWORD")
    p.add_argument("--login-user", metavar="USER", help="the user --login-form logs in as")
    p.add_argument("-s", "--set", action="append", metavar="NAME=VALUE", type=_setting,
                   help="a Scrapy setting for this crawl, as `scrapy crawl -s` (repeatable; "
                        "added to a config's scrapy_settings)")
    p.add_argument("--with-worker", action="store_true",
                   help="with REDIS_URL: also run an RQ worker for this crawl")
    p.add_argument("--no-wait", action="store_true", help="do not wait for the archive jobs")
    p.add_argument("--shared-frontier", action="store_true",
                   help="with REDIS_URL: share the request queue with other crawler processes of this site")
    p.add_argument("--resume", action="store_true",
                   help="go on with this site's last interrupted crawl (Ctrl-C, kill -9, "
                        "--max-pages) instead of starting afresh: its queue and seen URLs are "
                        "kept in Redis until a crawl of the site finishes")
    p.add_argument("--json-summary", metavar="FILE", help="also write the summary as JSON")
    p.add_argument("--jsonl", metavar="FILE",
                   help="also write one JSON line per page as the crawl goes (url, verdict, "
                        "score, title, author, date, archive_path, status, error), appended")
    p.add_argument("--allow-local-requests", action="store_true",
                   help="browser mode: let crawled pages' scripts reach loopback, private and "
                        "link-local addresses besides the site's own (pages that load "
                        "resources from an intranet); blocked by default")
    p.add_argument("--warc", metavar="FILE",
                   help="also write what was fetched as a WARC file (requests and responses; "
                        "a rendered page's DOM as a resource record); FILE.gz: gzipped records")
    p.add_argument("--log-level", default="INFO", help="Scrapy log level (default INFO)")
    p.add_argument("--log-stderr", action="store_true",
                   help="Scrapy's log to the terminal instead of the state folder's logs/crawl-RUN.log")
    p.add_argument("--progress", type=float, metavar="SECONDS",
                   help="a progress line on stderr every SECONDS (default: 5 on a terminal, "
                        "else none; 0 = none)")


def _add_inspect(sub) -> None:
    p = sub.add_parser("scores", help="print stored page scores",
                       description="Print the stored verdict and score of every page of a "
                       "site (or of one page), as the last crawl left them in Redis.")
    p.add_argument("target", nargs="?", help="a site name or a page URL (default: every site)")
    p.add_argument("--json", action="store_true", help="JSON instead of a table")
    p.add_argument("--limit", type=int, default=0, help="at most this many pages per site")
    p.add_argument("--near", type=float, metavar="MARGIN",
                   help="only pages scored within MARGIN of the threshold, closest first: "
                        "the verdicts a small change would flip")
    p.add_argument("--threshold", type=float, default=0.0,
                   help="with --near: the crawl's threshold (default 0)")
    p = sub.add_parser("explain", help="why a page got its verdict: terms, weights, links",
                       description="Show why a stored page is index or leaf: each term of its "
                       "score (count x weight), the seed formula beside it, and the links "
                       "each term counted.")
    p.add_argument("url", help="the page's URL, as crawled (a trailing slash, scheme or "
                               "index.html may differ)")
    p.add_argument("--json", action="store_true", help="the stored page record as JSON")


def _add_runs(sub) -> None:
    p = sub.add_parser("runs", help="list recorded crawls: when, trigger, status, counts",
                       description="List the crawls recorded in Redis, newest first: by hand "
                       "or by schedule, their status (ok, warnings, failed, error, interrupted, "
                       "running), the summary's counts, and a failed one's first failure.")
    p.add_argument("site", nargs="?", help="only this site's runs (default: every site's)")
    p.add_argument("--limit", type=int, default=20, help="at most this many runs (0 = all)")
    p.add_argument("--json", action="store_true", help="the records as JSON")


def _add_worker(sub) -> None:
    p = sub.add_parser("worker", help="run an RQ worker for archive jobs (needs REDIS_URL)",
                       description="Run an RQ worker that de-duplicates and writes the archive "
                       "jobs crawls enqueue on REDIS_URL's Redis: start as many as the work "
                       "needs, on any machine that reaches that Redis.")
    p.add_argument("--burst", action="store_true", help="exit when the queue is empty")
    p.add_argument("--with-scheduler", action="store_true", help="also run RQ's cron scheduler")
    p.add_argument("--archive-dir", metavar="DIR",
                   help="write the archive here instead of where each crawl said (a worker on "
                        "another machine than the crawl's)")


def _add_analyze(sub) -> None:
    p = sub.add_parser("analyze", help='score saved pages: JSON lines {"id","url","path"} in, results out',
                       description="Score and render saved pages without crawling: one JSON "
                       "record out for every line in (verdict, score, terms, title, Markdown), "
                       "or for one saved page given by its file name. Exit status 1 when any "
                       "line failed.")
    p.add_argument("input", nargs="?", default="-",
                   help="JSON-lines file (default stdin), or one saved page (.html, .html.gz)")
    p.add_argument("--url", help="with one saved page: the address it was served at (default: "
                                 "its file:// address, on which no URL term fires)")
    p.add_argument("-o", "--output", default="-", help="output file (default stdout)")
    p.add_argument("--jobs", type=int, default=1, help="processes to use")
    p.add_argument("--threshold", type=float, default=0.0,
                   help="index when the score is above this (default 0)")


def subcommand_parsers(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    """The command's subcommands by name (crawl, scores, …), from build_parser()'s parser."""
    action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(action.choices)


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("leafcrawl")
    except PackageNotFoundError:     # run from a checkout that was never installed
        return "(not installed)"


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="leafcrawl", description=__doc__.splitlines()[0])
    parser.add_argument("--version", action="version", version=f"leafcrawl {_version()}",
                        help="print leafcrawl's version and exit")
    parser.add_argument("--state-dir", metavar="DIR",
                        help="where leafcrawl keeps its embedded Redis, logs and resume data "
                             "(default: $LEAFCRAWL_STATE_DIR, else ~/.local/state/leafcrawl)")
    sub = parser.add_subparsers(dest="command", required=True)
    _add_crawl(sub)
    _add_inspect(sub)
    _add_runs(sub)
    _add_worker(sub)
    _add_analyze(sub)
    from crawler.commands.schedule_cli import add_schedule_parser

    add_schedule_parser(sub)
    from crawler.commands.ui_cli import add_ui_parser

    add_ui_parser(sub)
    return parser


def cmd_crawl(args) -> int:
    from crawler.crawl_runner import run_crawl
    from pipelines.store.site_config import config_from_url, load_site_config, validate

    overrides = {"render": args.render, "archive_dir": args.archive_dir, "depth_limit": args.depth,
                 "max_pages": args.max_pages, "threshold": args.threshold,
                 "follow_leaf_links": args.follow_leaf_links, "deny": args.deny, "allow": args.allow,
                 "sitemaps": args.sitemaps, "feeds": args.feeds,
                 "load_images": args.load_images, "delay": args.delay,
                 "concurrency": args.concurrency,
                 "obey_crawl_delay": False if args.ignore_crawl_delay else None,
                 "expand_rounds": args.expand_rounds, "revisit": args.revisit,
                 "user_agent": args.user_agent, "http_user": args.http_user,
                 "cookies_file": args.cookies, "login_form": args.login_form,
                 "login_user": args.login_user}
    settings = dict(args.set or ())
    if args.jsonl:
        settings["LEAFCRAWL_JSONL"] = str(Path(args.jsonl).expanduser().resolve())
    if args.allow_local_requests:
        settings["LEAFCRAWL_ALLOW_LOCAL_REQUESTS"] = "1"
    if args.warc:
        settings["LEAFCRAWL_WARC"] = str(Path(args.warc).expanduser().resolve())
    if args.config:
        cfg = load_site_config(args.config)
        if args.url:
            raise UsageError("give either a URL or --config, not both")
        # unset optional keys (no schedule, no user_agent) stay unset: None is no value
        data = {k: v for k, v in vars(cfg).items() if k != "source" and v is not None}
        data.update({k: v for k, v in overrides.items() if v is not None})
        data["scrapy_settings"] = {**cfg.scrapy_settings, **settings}
        cfg = validate(data, cfg.source)
    elif args.url:
        cfg = config_from_url(*args.url, **overrides, scrapy_settings=settings or None)
    else:
        raise UsageError("crawl needs a start URL or --config FILE")
    progress = args.progress
    if progress is None:   # a terminal that Scrapy's log does not already fill
        progress = DEFAULT_PROGRESS_S if sys.stderr.isatty() and not args.log_stderr else 0
    summary = run_crawl(cfg, with_worker=args.with_worker, wait_for_jobs=not args.no_wait,
                        log_level=args.log_level, log_to_stderr=args.log_stderr,
                        shared_frontier=args.shared_frontier, resume=args.resume,
                        progress_s=progress)
    print(summary.render_text())
    if args.json_summary:
        with open(args.json_summary, "w", encoding="utf-8") as fh:
            json.dump(summary.to_dict(), fh, indent=2)
    if summary.interrupted:
        return 130
    if summary.jobs_failed:
        return EXIT_FAILED      # leaves fetched but not archived
    return EXIT_WARNINGS if summary.warnings else 0


@contextlib.contextmanager
def _store():
    """A ScoreStore on REDIS_URL, or on the embedded Redis a crawl left in the state folder
    (crawler/state_dir.py). A read-only command on a state folder with nothing stored says
    so and creates nothing."""
    from crawler.services.redis_connection import connect
    from pipelines.store.score_store import ScoreStore

    prefix = os.environ.get("LEAFCRAWL_REDIS_PREFIX", "leafcrawl")
    url = os.environ.get("REDIS_URL")
    if url:
        yield ScoreStore(connect(url), prefix)
        return
    from crawler.services.embedded_redis import EmbeddedRedis
    from crawler.state_dir import has_embedded_data, state_dir

    if not has_embedded_data():
        raise NotFound(f"no pages stored yet in {state_dir()} (a crawl without REDIS_URL "
                       "stores them there; --state-dir or LEAFCRAWL_STATE_DIR reads another)")
    with EmbeddedRedis(state_dir()) as embedded:
        conn = connect(embedded.url)
        try:
            yield ScoreStore(conn, prefix)
        finally:
            conn.close()


def _stored_page(store, url: str):
    """The page stored under url or a form of it (crawler/commands/page_lookup.py: a trailing slash,
    the scheme, index.html, a place in the page #install or a router's root route #/)."""
    from crawler.commands.page_lookup import lookup_page

    return lookup_page(store, url)


def _not_stored(store, url: str) -> NotFound:
    from crawler.commands.page_lookup import nearest_urls

    near = nearest_urls(store, url)
    if near:
        return NotFound(f"no stored score for {url}; the nearest stored: {', '.join(near)}")
    if not store.sites():
        return NotFound(f"no stored score for {url}: no pages stored yet")
    return NotFound(f"no stored score for {url} (stored sites: {', '.join(store.sites())})")


def cmd_scores(args) -> int:
    from crawler.commands.report import render_scores

    with _store() as store:
        if args.target and "://" in args.target:
            page = _stored_page(store, args.target)
            if page is None:
                raise _not_stored(store, args.target)
            pages = {page.get("site", "?"): [page]}
        else:
            sites = [args.target] if args.target else store.sites()
            if args.target and args.target not in store.sites():
                raise NotFound(f"no site named {args.target!r} (known: {', '.join(store.sites()) or 'none'})")
            if args.near is not None:
                if args.near < 0:
                    raise UsageError("--near must be 0 or a positive margin")
                pages = {site: store.site_pages_near(site, args.threshold, args.near,
                                                     limit=args.limit or None) for site in sites}
            else:
                pages = {site: store.site_pages(site, limit=args.limit or None) for site in sites}
        stored = ({site: store.site_size(site) for site in pages}
                  if args.limit or args.near is not None else None)
    near = f"scored within {args.near:g} of {args.threshold:g}" if args.near is not None else ""
    print(json.dumps(pages, indent=2, ensure_ascii=False) if args.json
          else render_scores(pages, stored, near))
    return 0


def cmd_explain(args) -> int:
    from crawler.commands.report import render_explanation

    with _store() as store:
        page = _stored_page(store, args.url)
        if page is None:
            raise _not_stored(store, args.url)
    print(json.dumps(page, indent=2, ensure_ascii=False) if args.json else render_explanation(page))
    return 0


def cmd_runs(args) -> int:
    from crawler.services.run_records import read_runs, render_runs

    with _store() as store:
        runs = read_runs(store.redis, store.prefix, args.site, args.limit)
    print(json.dumps(runs, indent=2) if args.json else render_runs(runs))
    return 0


def cmd_worker(args) -> int:
    from crawler.services.redis_connection import connect

    url = os.environ.get("REDIS_URL")
    if not url:
        raise UsageError("leafcrawl worker needs REDIS_URL (a crawl on the embedded Redis runs its own worker)")
    connect(url)  # fail in one line before rq prints a traceback
    if args.archive_dir:
        from crawler.crawl_settings import check_archive_dir
        from workers.jobs import WORKER_ARCHIVE_DIR_ENV

        archive_dir = Path(args.archive_dir).expanduser().resolve()
        check_archive_dir(archive_dir)
        os.environ[WORKER_ARCHIVE_DIR_ENV] = str(archive_dir)     # the rq worker's, below
    from workers.stopping_worker import WORKER_CLASS

    queue = os.environ.get("LEAFCRAWL_QUEUE", "leafcrawl")
    argv = [sys.executable, "-m", "rq.cli", "worker", "--url", url,
            "--worker-class", WORKER_CLASS, queue]
    if args.burst:
        argv.insert(4, "--burst")
    if args.with_scheduler:
        argv.insert(4, "--with-scheduler")
    os.execv(sys.executable, argv)
    return 0  # not reached


# Failed lines named on stderr, at most this many (all of them are in the output).
ANALYZE_ERRORS_SHOWN = 10


def cmd_analyze(args) -> int:
    from crawler.commands.offline_analysis import PAGE_SUFFIXES, page_record, run_analyze

    if args.jobs < 1:
        raise UsageError("--jobs must be at least 1")
    with contextlib.ExitStack() as stack:
        if args.input.lower().endswith(PAGE_SUFFIXES):
            if not os.path.isfile(args.input):
                raise UsageError(f"{args.input}: no such file")
            inp, source = [json.dumps(page_record(args.input, args.url))], args.input
        elif args.url:
            raise UsageError("--url goes with one saved page (.html, .html.gz), not JSON lines")
        elif args.input == "-":
            inp, source = sys.stdin.buffer, "<stdin>"      # bytes: each line decoded alone
        else:
            try:
                inp = stack.enter_context(open(args.input, "rb"))
            except OSError as exc:
                raise UsageError(f"{args.input}: {exc.strerror}") from None
            source = args.input
        out = sys.stdout if args.output == "-" else stack.enter_context(open(args.output, "w", encoding="utf-8"))
        shown = []

        def name_error(message: str) -> None:
            if len(shown) < ANALYZE_ERRORS_SHOWN:
                print(f"leafcrawl analyze: {message}", file=sys.stderr)
            shown.append(message)

        counts = run_analyze(inp, out, source=source, jobs=args.jobs, threshold=args.threshold,
                             on_error=name_error)
    more = len(shown) - ANALYZE_ERRORS_SHOWN
    print(f"leafcrawl analyze: {counts['pages']} pages, {counts['errors']} errors"
          + (f" ({more} more not named above: see the output's error fields)" if more > 0 else ""),
          file=sys.stderr)
    return 1 if counts["errors"] else 0     # a script sees that some lines failed


class UsageError(ValueError):
    pass


def cmd_schedule(args) -> int:
    from crawler.commands.schedule_cli import cmd_schedule as run

    return run(args, UsageError)


def cmd_ui(args) -> int:
    from crawler.commands.ui_cli import cmd_ui as run

    return run(args, _store, UsageError)


class NotFound(LookupError):
    pass


COMMANDS = {"crawl": cmd_crawl, "scores": cmd_scores, "explain": cmd_explain,
            "worker": cmd_worker, "analyze": cmd_analyze, "schedule": cmd_schedule,
            "runs": cmd_runs, "ui": cmd_ui}


def _expected_errors() -> tuple[type[BaseException], ...]:
    from crawler.rendering.browser import BrowserNotFound
    from crawler.crawl_settings import CrawlError
    from crawler.services.redis_connection import RedisUnavailable
    from pipelines.store.site_config import ConfigError

    errors = [BrowserNotFound, CrawlError, RedisUnavailable, ConfigError, UsageError, NotFound]
    with contextlib.suppress(ImportError):
        from crawler.services.embedded_redis import EmbeddedRedisError

        errors.append(EmbeddedRedisError)
    return tuple(errors)


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args, unknown = parser.parse_known_args(argv)
    if unknown:
        # the command's own usage, not the top level's: `crawl --depht 2` is a crawl mistake
        subcommand_parsers(parser)[args.command].error(f"unrecognized arguments: {' '.join(unknown)}")
    if args.state_dir:
        from crawler.state_dir import STATE_DIR_ENV

        os.environ[STATE_DIR_ENV] = str(Path(args.state_dir).expanduser().resolve())
    handler = COMMANDS[args.command]
    try:
        return handler(args)
    except _expected_errors() as exc:
        print(f"leafcrawl {args.command}: error: {exc}", file=sys.stderr)
        return EXIT_FAILED
    except KeyboardInterrupt:
        print(f"leafcrawl {args.command}: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
