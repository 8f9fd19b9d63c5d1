"""RQ cron config: one scheduled crawl per site config that has a `schedule`.

Used by `leafcrawl schedule` and by the plain `rq cron workers.cron_config` (both read
REDIS_URL, LEAFCRAWL_SITE_CONFIGS and LEAFCRAWL_QUEUE from the environment).
"""

from __future__ import annotations

import os

from rq import cron

from workers.scheduled import CRAWL_JOB_TIMEOUT_S, crawl_site
from workers.site_configs import DEFAULT_SITE_CONFIGS, SITE_CONFIGS_ENV, scheduled_sites


def register_site_crawls(config_dir, redis_url: str, queue: str) -> list[dict]:
    return [
        cron.register(crawl_site, queue_name=queue, args=(str(path), redis_url, str(path.parent)),
                      cron=cfg.schedule, job_timeout=CRAWL_JOB_TIMEOUT_S, name=f"crawl:{cfg.name}")
        for path, cfg in scheduled_sites(config_dir)
    ]


# Loaded as a module by RQ's CronScheduler.load_config_from_file.
if os.environ.get("REDIS_URL"):
    register_site_crawls(os.environ.get(SITE_CONFIGS_ENV, DEFAULT_SITE_CONFIGS),
                         os.environ["REDIS_URL"], os.environ.get("LEAFCRAWL_QUEUE", "leafcrawl"))
