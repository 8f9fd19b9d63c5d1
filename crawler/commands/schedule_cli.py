"""`leafcrawl schedule`: scheduled site crawls on RQ's built-in cron.

The scheduler only enqueues; workers (`leafcrawl worker`) run the crawls and their
archive jobs. Scheduling needs a Redis that outlives one command, so it needs REDIS_URL.
"""

from __future__ import annotations

import os
import sys


def add_schedule_parser(sub) -> None:
    p = sub.add_parser("schedule", help="run scheduled site crawls (RQ cron; needs REDIS_URL)",
                       description="Run the site crawls that site configs schedule (their "
                       "'schedule' key, a cron line) with RQ's cron, list them, or run one now.")
    p.add_argument("--configs", default=None,
                   help="directory of site configs (default $LEAFCRAWL_SITE_CONFIGS or configs/sites)")
    p.add_argument("--list", action="store_true", help="list scheduled sites and their next run")
    p.add_argument("--run-now", metavar="NAME", help="enqueue the crawl of one scheduled site now")


def cmd_schedule(args, usage_error) -> int:
    from rq import Queue
    from rq.cron import CronJob, CronScheduler

    from crawler.services.redis_connection import connect
    # not workers.cron_config: importing it registers the crawls of $LEAFCRAWL_SITE_CONFIGS
    # (or ./configs/sites) at once, which is RQ's cron's business once --configs is set
    from workers.site_configs import DEFAULT_SITE_CONFIGS, SITE_CONFIGS_ENV, scheduled_sites
    from workers.scheduled import CRAWL_JOB, CRAWL_JOB_TIMEOUT_S

    config_dir = args.configs or os.environ.get(SITE_CONFIGS_ENV, DEFAULT_SITE_CONFIGS)
    if not os.path.isdir(config_dir):
        raise usage_error(f"{config_dir}: not a directory of site configs")
    queue = os.environ.get("LEAFCRAWL_QUEUE", "leafcrawl")
    # a config that does not load is named and left out; the other sites are scheduled
    sites = scheduled_sites(config_dir, on_error=lambda message: print(
        f"leafcrawl schedule: {message}", file=sys.stderr))
    if args.list:
        if not sites:
            print(f"no site in {config_dir} has a schedule")
        running = _running_crawls([cfg.name for _, cfg in sites])
        last = _last_runs([cfg.name for _, cfg in sites])
        for path, cfg in sites:
            job = CronJob(queue_name=queue, func_name=CRAWL_JOB, cron=cfg.schedule)
            now = f"  running: {running[cfg.name]}" if cfg.name in running else ""
            print(f"{cfg.name:<24} {cfg.schedule:<16} next {job.next_enqueue_time:%Y-%m-%d %H:%M} UTC  "
                  f"last {last.get(cfg.name, 'none recorded')}  {path}{now}")
        return 0

    url = os.environ.get("REDIS_URL")
    if not url:
        raise usage_error("leafcrawl schedule needs REDIS_URL: scheduled crawls need a Redis that keeps running")
    conn = connect(url)
    if args.run_now:
        match = [(p, c) for p, c in sites if c.name == args.run_now]
        if not match:
            names = ", ".join(c.name for _, c in sites) or "none"
            raise usage_error(f"no scheduled site named {args.run_now!r} in {config_dir} (scheduled: {names})")
        path, _ = match[0]
        running = _running_crawls([args.run_now], conn)
        if running:
            # the job would find the site locked and be skipped (workers/scheduled.py)
            print(f"leafcrawl schedule: a scheduled crawl of {args.run_now} runs now "
                  f"({running[args.run_now]}); not enqueued", file=sys.stderr)
            return 1
        job = Queue(queue, connection=conn).enqueue(
            CRAWL_JOB, str(path), url, str(path.parent), job_timeout=CRAWL_JOB_TIMEOUT_S)
        print(f"enqueued crawl of {args.run_now} as job {job.id} on queue {queue}")
        return 0

    os.environ[SITE_CONFIGS_ENV] = str(config_dir)
    scheduler = CronScheduler(connection=conn)
    scheduler.load_config_from_file("workers.cron_config")
    print(f"scheduling {len(sites)} site crawl(s) from {config_dir} on queue {queue}; "
          "run `leafcrawl worker` to execute them (Ctrl-C stops)")
    scheduler.start()
    return 0


def _last_runs(sites: list[str]) -> dict[str, str]:
    """Each site's last recorded crawl, "when status (N pages)", when REDIS_URL is set."""
    url = os.environ.get("REDIS_URL")
    if not url:
        return {}
    from crawler.services.redis_connection import connect
    from crawler.services.run_records import read_runs

    prefix = os.environ.get("LEAFCRAWL_REDIS_PREFIX", "leafcrawl")
    conn = connect(url)
    try:
        found = {}
        for site in sites:
            runs = read_runs(conn, prefix, site, 1)
            if runs:
                r = runs[0]
                pages = r.get("pages_fetched", "-")
                found[site] = (f"{r.get('started_at', '?')} {r.get('trigger', '?')} {r.get('status', '?')}"
                               f" ({pages} page{'' if pages == '1' else 's'})")
        return found
    finally:
        conn.close()


def _running_crawls(sites: list[str], conn=None) -> dict[str, str]:
    """site -> who runs its scheduled crawl now (workers/scheduled.py's lock), on conn or,
    without one, on REDIS_URL when it is set: --list needs no Redis otherwise."""
    from crawler.services.redis_connection import RedisUnavailable, connect
    from pipelines.store.redis_keys import DEFAULT_PREFIX, scheduled_crawl_key

    url = os.environ.get("REDIS_URL")
    if not sites or (conn is None and not url):
        return {}
    own = conn is None
    if own:
        try:
            conn = connect(url)
        except RedisUnavailable as exc:
            print(f"leafcrawl schedule: which crawls run now is unknown: {exc}", file=sys.stderr)
            return {}
    prefix = os.environ.get("LEAFCRAWL_REDIS_PREFIX", DEFAULT_PREFIX)
    try:
        holders = conn.mget([scheduled_crawl_key(prefix, site) for site in sites])
    finally:
        if own:
            conn.close()
    return {site: h.decode("utf-8", "replace") for site, h in zip(sites, holders) if h}
