"""The Scrapy settings of a crawl: what a site's config makes of leafcrawl's defaults
(crawler/settings.py), for `leafcrawl crawl` and for `scrapy crawl site` (scrapyd), and the
checks a run makes before it starts (a setting that is no number, an archive folder it
cannot write). Kept apart from crawl_runner so the spider, which completes a `scrapy crawl`'s
settings, needs nothing of the runner that starts it."""
from __future__ import annotations

import json
import os
from pathlib import Path

from crawler.login.form_login import form_login_settings
from crawler.services.redis_connection import connect
from crawler.login.site_login import browser_login, login_settings
from pipelines.store.redis_keys import new_run_id
from pipelines.store.site_config import ConfigError, SiteConfig

class CrawlError(RuntimeError):
    """The crawl could not run or fetched nothing; the message is the one line to print."""


def crawl_settings(cfg: SiteConfig, *, redis_url: str, run_id: str, archive_dir: Path,
                   prefix: str, queue: str, log_level: str, log_file: Path | None,
                   shared_frontier: bool = False) -> dict:
    """The Scrapy settings for this run, on top of crawler/settings.py."""
    from scrapy.settings import Settings

    from crawler import settings as defaults

    # Not get_project_settings(): that looks for scrapy.cfg from the cwd, and a user
    # crawls from wherever their archive should go.
    settings = Settings()
    settings.setmodule(defaults, priority="project")
    overrides = site_settings(cfg, redis_url=redis_url, run_id=run_id, archive_dir=archive_dir,
                              prefix=prefix, queue=queue, shared_frontier=shared_frontier)
    overrides.update({"LOG_LEVEL": log_level, "LOG_FILE": str(log_file) if log_file else None})
    # the user's own Scrapy settings last: `-s NAME=VALUE` wins, as with `scrapy crawl`
    overrides.update(cfg.scrapy_settings)
    apply_settings(settings, overrides, priority="cmdline")
    return settings


def site_settings(cfg: SiteConfig, *, redis_url: str, run_id: str, archive_dir: Path,
                  prefix: str, queue: str, shared_frontier: bool = False) -> dict:
    """What a site's config makes of leafcrawl's Scrapy settings (crawler/settings.py)."""
    from crawler import settings as defaults

    overrides = {
        "LEAFCRAWL_REDIS_URL": redis_url,
        "LEAFCRAWL_SITE": cfg.name,
        "LEAFCRAWL_RUN_ID": run_id,
        "LEAFCRAWL_ARCHIVE_DIR": str(archive_dir),
        "LEAFCRAWL_REDIS_PREFIX": prefix,
        "LEAFCRAWL_QUEUE": queue,
        "LEAFCRAWL_THRESHOLD": cfg.threshold,
        "LEAFCRAWL_RENDER": cfg.render,
        "LEAFCRAWL_FOLLOW_LEAF_LINKS": cfg.follow_leaf_links,
        "DEPTH_LIMIT": cfg.depth_limit,
        # politeness: the user's delay between requests (Scrapy jitters it 0.5-1.5x) and
        # requests at once to the site; robots.txt's Crawl-delay may ask for more
        "DOWNLOAD_DELAY": cfg.delay,
        "CONCURRENT_REQUESTS_PER_DOMAIN": cfg.concurrency,
        "CONCURRENT_REQUESTS": max(defaults.CONCURRENT_REQUESTS, cfg.concurrency),
        "LEAFCRAWL_OBEY_CRAWL_DELAY": cfg.obey_crawl_delay,
        "LEAFCRAWL_EXPAND_ROUNDS": cfg.expand_rounds,
        "LEAFCRAWL_REVISIT": cfg.revisit,
        "CLOSESPIDER_PAGECOUNT": cfg.max_pages,
    }
    if cfg.render in ("always", "auto"):     # auto: its start pages are rendered
        from crawler.rendering.browser import BROWSER_CONTEXT, find_chromium

        overrides.update(defaults.PLAYWRIGHT_SETTINGS)
        if not cfg.scrapy_settings.get("LEAFCRAWL_ALLOW_LOCAL_REQUESTS"):
            from crawler.rendering.local_guard import LocalRequestGuard

            # a crawled page's scripts reach no local service but the site's own
            overrides["PLAYWRIGHT_ABORT_REQUEST"] = LocalRequestGuard(cfg.start_urls)
        overrides["PLAYWRIGHT_LAUNCH_OPTIONS"] = {
            "executable_path": find_chromium(),
            "headless": True,
            "args": defaults.CHROMIUM_ARGS + ([] if cfg.load_images else [defaults.NO_IMAGES_ARG]),
            "timeout": 30000,
        }
        if cfg.http_user:
            # a context made before the first request, with the login: a request's own
            # context options would put the password in every request serialized to Redis.
            # (Scrapy's http and https handlers then each start a browser at the crawl's
            # start, instead of at their first page.) Cookies (a cookies file, a form
            # login) need none: each context starts from Scrapy's jar (browser_handler).
            overrides["PLAYWRIGHT_CONTEXTS"] = {"default": {
                **BROWSER_CONTEXT,
                "http_credentials": browser_login(cfg.http_user, cfg.http_password,
                                                  cfg.start_urls[0])}}
    if shared_frontier:
        from crawler.frontier.shared_frontier import frontier_settings

        overrides.update(frontier_settings(prefix, cfg.name, redis_url))
    if cfg.user_agent:
        overrides["USER_AGENT"] = cfg.user_agent
    overrides.update(login_settings(cfg.http_user, cfg.http_password, cfg.start_urls))
    if cfg.cookies_file:
        from crawler.login.site_cookies import cookie_settings   # Scrapy's, imported with it

        overrides.update(cookie_settings(cfg.cookies_file, cfg.allowed_domains))
    overrides.update(form_login_settings(cfg.login_form, cfg.login_user, cfg.login_password))
    return overrides


def settings_for_scrapy_crawl(settings, cfg: SiteConfig, shared_frontier: bool = False) -> None:
    """`scrapy crawl site -a ...` (or scrapyd): the settings `leafcrawl crawl` would make of
    the site's config, under the user's own `-s` (spider priority, below the command line's).
    Its Redis is REDIS_URL's; leaves go to its RQ queue for `leafcrawl worker` to archive."""
    redis_url = os.environ.get("REDIS_URL") or settings.get("REDIS_URL")
    if not redis_url:
        raise CrawlError("scrapy crawl site needs REDIS_URL: the Redis its scores and archive "
                         "jobs go to, with `leafcrawl worker` running on it to archive them "
                         "(`leafcrawl crawl URL` starts a Redis and a worker of its own)")
    connect(redis_url).close()          # an unreachable one named now, not at the first page
    archive_dir = Path(cfg.archive_dir).expanduser().resolve()
    check_archive_dir(archive_dir)
    run_id = new_run_id()
    overrides = site_settings(
        cfg, redis_url=redis_url, run_id=run_id, archive_dir=archive_dir,
        prefix=os.environ.get("LEAFCRAWL_REDIS_PREFIX") or settings.get("LEAFCRAWL_REDIS_PREFIX"),
        queue=os.environ.get("LEAFCRAWL_QUEUE") or settings.get("LEAFCRAWL_QUEUE"),
        shared_frontier=shared_frontier)
    # Scrapy's own INFO log (its stats at the end), as `leafcrawl crawl` writes to its log
    # file: crawler/settings.py keeps WARNING for the crawls leafcrawl's commands run, and
    # scrapyd's job logs were empty under it; -L or -s LOG_LEVEL still win
    overrides["LOG_LEVEL"] = "INFO"
    overrides.update(cfg.scrapy_settings)
    apply_settings(settings, overrides, priority="spider")


def apply_settings(settings, overrides: dict, priority: str) -> None:
    for key, value in overrides.items():
        _check_type(key, value)
        if key in _COMPONENT_DICTS:
            # add to the project's components (the crawl-delay extension), never replace them
            value = {**settings.getdict(key), **_components(key, value)}
        settings.set(key, value, priority=priority)


def _check_type(key: str, value) -> None:
    """A value for a setting whose default is a number or a flag must read as one: Scrapy
    converts it only when a component asks (DOWNLOAD_TIMEOUT=abc failed inside the engine's
    start, as a traceback that ended the crawl as if interrupted)."""
    from scrapy.settings import default_settings

    default = getattr(default_settings, key, None)
    if not isinstance(value, str) or not isinstance(default, (bool, int, float)):
        return
    from scrapy.settings import BaseSettings

    probe = BaseSettings({key: value})
    # (an int default may take a fraction: DOWNLOAD_TIMEOUT=2.5 is read with getfloat)
    kind, get = (("true or false (1/0)", probe.getbool) if isinstance(default, bool) else
                 ("a number", probe.getfloat))
    try:
        get(key)
    except ValueError:
        raise ConfigError(f"scrapy_settings: {key}={value!r} is not {kind} "
                          f"(Scrapy's default: {default!r})") from None


_COMPONENT_DICTS = ("EXTENSIONS", "SPIDER_MIDDLEWARES", "DOWNLOADER_MIDDLEWARES", "ITEM_PIPELINES")


def _components(key: str, value) -> dict:
    """A component setting's mapping; from `-s` it comes as JSON text, as Scrapy takes it."""
    parsed = value
    if isinstance(value, str):
        try:
            parsed = json.loads(value)
        except ValueError:
            parsed = None
    if not isinstance(parsed, dict):
        raise ConfigError(f"scrapy_settings: {key} must be a mapping of component paths to "
                          f"orders (as JSON from -s), got {value!r}")
    return parsed


def check_archive_dir(archive_dir: Path) -> None:
    """Create the archive directory and write a file in it, or raise CrawlError naming why not."""
    import tempfile

    try:
        archive_dir.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=archive_dir, prefix=".leafcrawl-check-"):
            pass
    except OSError as exc:
        raise CrawlError(f"archive directory {archive_dir} cannot be written: "
                         f"{exc.strerror or exc}") from None
