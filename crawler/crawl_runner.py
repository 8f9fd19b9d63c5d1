"""Run one site crawl: Redis (embedded or external), an RQ worker if needed, Scrapy,
then wait for the archive jobs and report.

With no REDIS_URL the crawl owns everything it starts (an embedded Redis under
./.leafcrawl/ and one worker) and stops all of it, whatever happens. With REDIS_URL it
uses that Redis and the workers already listening there, unless --with-worker is given.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import sys
import time
from pathlib import Path

from crawler.crawl_doubts import doubts
from crawler.crawl_summary import CrawlSummary
from crawler.services.run_records import RunRecorder
from crawler.services.redis_connection import RedisUnavailable, connect
from crawler.progress import PROGRESS_SETTING
from crawler.login.form_login import STAT_ERROR as STAT_LOGIN_ERROR
from crawler.crawl_settings import CrawlError, check_archive_dir, crawl_settings
from pipelines.store.site_config import SiteConfig, render_label
from pipelines.store.redis_keys import new_run_id
from pipelines.scrapy_pipelines import REDIS_LOST, STAT_REDIS_LOST

def _state() -> Path:
    from crawler.state_dir import state_dir

    return state_dir()
"""Where the embedded Redis keeps its data, relative to the working directory."""


def job_dir(site: str) -> Path:
    """A site's job folder: held by the crawl running (JOB_OWNER_FILE), kept by one that was
    interrupted (its queue and seen URLs wait in Redis for --resume), removed when a crawl
    finishes."""
    return (_state() / "jobs" / site).resolve()


JOB_OWNER_FILE = "owner.pid"
"""In a job dir while a crawl uses it: that crawl's process id."""


def _job_in_use(jobs: Path) -> bool:
    """Is another live process crawling from this job dir (the same site from the same
    directory, at the same time: a scheduled crawl beside a manual one)?"""
    try:
        pid = int((jobs / JOB_OWNER_FILE).read_text().strip())
    except (OSError, ValueError):
        return False
    from crawler.services.embedded_redis import pid_alive

    return pid != os.getpid() and pid_alive(pid)


JOBS_TIMEOUT_S = 1800
"""How long a finished crawl waits for its archive jobs before giving up on them."""


def run_crawl(cfg: SiteConfig, *, with_worker: bool = False, wait_for_jobs: bool = True,
              log_level: str = "INFO", log_to_stderr: bool = False,
              shared_frontier: bool = False, resume: bool = False,
              progress_s: float = 0) -> CrawlSummary:
    """Crawl one site end to end and return its summary. resume: continue the site's last
    interrupted crawl from its frontier in Redis instead of starting afresh. progress_s: a
    progress line on stderr that often (crawler/progress.py; 0: none)."""
    started = time.monotonic()
    run_id = new_run_id()
    prefix = os.environ.get("LEAFCRAWL_REDIS_PREFIX", "leafcrawl")
    queue = os.environ.get("LEAFCRAWL_QUEUE", "leafcrawl")
    archive_dir = Path(cfg.archive_dir).expanduser().resolve()
    external_url = os.environ.get("REDIS_URL")
    if shared_frontier and not external_url:
        raise CrawlError("--shared-frontier needs REDIS_URL: processes on other machines must reach the frontier")
    if with_worker or not external_url:
        # this process's worker writes the archive: a directory it cannot write would fail
        # every leaf's job after the whole site was fetched
        check_archive_dir(archive_dir)
    # Scrapy's log (tracebacks included) goes to a file; the terminal gets the summary.
    log_file = None
    if not log_to_stderr:
        log_file = (_state() / "logs" / f"crawl-{run_id}.log").resolve()
        log_file.parent.mkdir(parents=True, exist_ok=True)

    with contextlib.ExitStack() as stack:
        if external_url:
            redis_url, own_worker = external_url, with_worker
            shown = external_url
        else:
            from crawler.services.embedded_redis import EmbeddedRedis

            embedded = stack.enter_context(EmbeddedRedis(_state()))
            redis_url, own_worker = embedded.url, True
            shown = f"embedded ({_state()})"
        conn = connect(redis_url)
        recorder = stack.enter_context(RunRecorder(conn, prefix, cfg.name, run_id,
                                                   str(log_file) if log_file else None))
        jobs = None if shared_frontier else job_dir(cfg.name)     # Redis keeps a shared one
        joined = jobs is not None and _job_in_use(jobs)
        if joined:
            # another crawl of this site runs from this state folder: this one joins its
            # frontier as a peer (each page is fetched once by one of them) and leaves its
            # job folder to it
            print(f"leafcrawl: another crawl of {cfg.name} is running from {jobs.parent.parent}; "
                  f"this one shares its queue", file=sys.stderr)
            jobs = None
        # The crawl's queue and seen URLs live in Redis (shared_frontier), always: each request
        # stays in its crawler's in-flight hash until its page is stored, its archive job
        # queued and its links on the queue, so a crawl killed at any moment (kill -9
        # included) goes on exactly where it stopped with --resume. Scrapy's JOBDIR disk
        # queue, used before, writes its state on a clean close only: resumed after kill -9
        # it read stale records and lost 2-3 of 56 leaves, silently.
        settings = crawl_settings(cfg, redis_url=redis_url, run_id=run_id, archive_dir=archive_dir,
                                  prefix=prefix, queue=queue, log_level=log_level, log_file=log_file,
                                  shared_frontier=True)
        settings.set(PROGRESS_SETTING, progress_s, priority="cmdline")
        browser = (settings.getdict("PLAYWRIGHT_LAUNCH_OPTIONS") or {}).get("executable_path")
        if browser:
            from crawler.rendering.browser import shell_hint

            hint = shell_hint(browser)
            if hint:
                print(f"leafcrawl: {hint}", file=sys.stderr)
        resumed = False
        if jobs is not None:
            from crawler.frontier.shared_frontier import clear_frontier, recover_frontier

            resumed = resume and jobs.is_dir() and recover_frontier(conn, prefix, cfg.name) > 0
            if not resumed:
                clear_frontier(conn, prefix, cfg.name)
                shutil.rmtree(jobs, ignore_errors=True)
            jobs.mkdir(parents=True, exist_ok=True)
            (jobs / JOB_OWNER_FILE).write_text(str(os.getpid()))
            stack.callback((jobs / JOB_OWNER_FILE).unlink, missing_ok=True)
        worker_log = worker = None
        if own_worker:
            from crawler.services.worker_process import OwnWorker

            # its job tracebacks go to a log of its own beside the crawl's, not the terminal
            worker_log = log_file.with_name(f"worker-{run_id}.log") if log_file else None
            output = stack.enter_context(open(worker_log, "ab")) if worker_log else None
            worker = OwnWorker(redis_url, queue, output=output)
            stack.callback(worker.stop)
        from crawler.services.worker_process import requeue_orphans

        orphans = requeue_orphans(conn, queue)
        if orphans:
            print(f"leafcrawl: {orphans} archive job(s) left running by a crawl that was killed "
                  f"are queued again", file=sys.stderr)

        crawl_started = time.monotonic()
        stats, errors = _run_scrapy(cfg, settings)
        crawl_s = time.monotonic() - crawl_started

        summary = CrawlSummary(site=cfg.name, run_id=run_id, render=render_label(cfg.render),
                               redis=shown, archive_dir=str(archive_dir), crawl_s=crawl_s, errors=errors,
                               log_file=str(log_file) if log_file else None,
                               worker_log=str(worker_log) if worker_log else None)
        # No finish_reason: the spider never closed, which only an interrupt during start-up does.
        summary.finish_reason = str(stats.get("finish_reason", "shutdown"))
        summary.scrapy_elapsed_s = float(stats.get("elapsed_time_seconds") or 0.0)
        summary.resumed = resumed
        if jobs is not None and summary.finish_reason == "finished":
            shutil.rmtree(jobs, ignore_errors=True)     # nothing left to resume
        if summary.finish_reason == REDIS_LOST:
            stored = stats.get("leafcrawl/stored", 0)
            where = f"; log: {log_file}" if log_file else ""
            raise CrawlError(
                f"Redis at {shown} went away during the crawl ({stats.get(STAT_REDIS_LOST)}): "
                f"stopped after storing {stored} pages, which Redis keeps if it persisted them, "
                f"and the archive files already written stay in {archive_dir}; crawl again "
                f"once Redis is back{where}")
        if stats.get(STAT_LOGIN_ERROR):
            raise CrawlError(f"login failed: {stats[STAT_LOGIN_ERROR]}; nothing was crawled")
        summary.index = stats.get("leafcrawl/index", 0)
        summary.leaf = stats.get("leafcrawl/leaf", 0)
        summary.failures = stats.get("leafcrawl/failures", 0)
        summary.skipped_hash_routes = stats.get("leafcrawl/skipped_hash_route", 0)
        summary.sitemap_pages = stats.get("leafcrawl/sitemap_pages", 0)
        summary.out_of_scope = stats.get("leafcrawl/out_of_scope", 0)
        summary.not_modified = stats.get("leafcrawl/not_modified", 0)
        summary.start_redirects = list(stats.get("leafcrawl/start_redirects", []))
        summary.traps = list(stats.get("leafcrawl/traps", []))
        summary.widget_pager_pages = stats.get("leafcrawl/widget_pager_pages", 0)
        summary.spider_errors = stats.get("spider_exceptions/count", 0)
        if stats.get("leafcrawl/links_cut"):
            summary.traps.append(f"{stats['leafcrawl/links_cut']:,} links not followed from pages "
                                 f"of more than LEAFCRAWL_MAX_LINKS_PER_PAGE links (the last: "
                                 f"{stats.get('leafcrawl/links_cut_page')})")
        summary.rate_limited = stats.get("leafcrawl/rate_limited", 0)
        summary.rate_limited_given_up = stats.get("leafcrawl/rate_limited_given_up", 0)
        summary.rate_limited_pace = max((v for k, v in stats.items()
                                         if k.startswith("leafcrawl/rate_limited_pace/")), default=0.0)
        if cfg.render == "auto":
            summary.render = stats.get("leafcrawl/render_auto", "browser")
            summary.render_reason = stats.get("leafcrawl/render_reason", "no start page was fetched")
            summary.rendered_frames = stats.get("leafcrawl/render_app_shell", 0)
            summary.trusted_frames = stats.get("leafcrawl/render_frames_trusted", 0)
            summary.rendered_sections = list(stats.get("leafcrawl/render_section_reasons", []))
        summary.pages_fetched = summary.index + summary.leaf + summary.failures
        summary.login_walls = stats.get("leafcrawl/login_walls", 0)
        summary.login_form = stats.get("leafcrawl/login_form", "")
        summary.login = ("form" if cfg.login_form else "cookies" if cfg.cookies_file
                         else "http" if cfg.http_user else "")

        summary.script_drawn = stats.get("leafcrawl/script_drawn", 0)
        unattended = False
        if wait_for_jobs:
            unattended = _wait_for_jobs(conn, queue, worker, run_id, prefix)
            summary.worker_restarts = worker.restarts if worker is not None else 0
        _read_run_counters(conn, prefix, run_id, summary)
        summary.warnings = doubts(summary, cfg, queue, unattended)
        recorder.finish(summary)
    summary.elapsed_s = time.monotonic() - started
    if summary.index + summary.leaf == 0 and summary.failures:
        url, error = errors[0] if errors else (cfg.start_urls[0], "failed")
        where = f" (log: {log_file})" if log_file else ""
        raise CrawlError(f"nothing crawled: {url}: {error}{where}")
    return summary


def _run_scrapy(cfg: SiteConfig, settings) -> tuple[dict, list]:
    from scrapy.crawler import CrawlerProcess

    from crawler.spiders.site_spider import SiteSpider

    process = CrawlerProcess(settings)
    crawler = process.create_crawler(SiteSpider)
    process.crawl(crawler, site_config=cfg)
    process.start()
    spider = getattr(crawler, "spider", None)
    return crawler.stats.get_stats(), list(getattr(spider, "errors", []))


def _wait_for_jobs(conn, queue: str, worker, run_id: str, prefix: str) -> bool:
    """worker: the crawl's own OwnWorker, or None (workers elsewhere run the jobs). True when
    no worker listens, so nothing was waited for."""
    from crawler.services.worker_process import wait_until_drained, workers_listening

    if worker is None and workers_listening(conn, queue) == 0:
        return True  # nobody will run them now; the summary says they are pending
    if not wait_until_drained(conn, queue, run_id=run_id, prefix=prefix, timeout=JOBS_TIMEOUT_S,
                              worker=worker):
        if worker is not None and worker.proc.poll() is not None:
            print("leafcrawl: the crawl's archive worker kept dying (its log says why); "
                  "not waiting for the jobs left")
        else:
            print(f"leafcrawl: archive jobs still running after {JOBS_TIMEOUT_S} s; "
                  "not waiting longer")
    return False


def _read_run_counters(conn, prefix: str, run_id: str, summary: CrawlSummary) -> None:
    from pipelines.store import redis_keys
    raw = conn.hgetall(redis_keys.run_key(prefix, run_id))
    counts = {(k.decode() if isinstance(k, bytes) else k): int(v) for k, v in raw.items()}
    summary.archived = counts.get("archived", 0)
    summary.unchanged = counts.get("unchanged", 0)
    summary.duplicates = counts.get("duplicates", 0)
    summary.joined = counts.get("joined", 0)
    summary.jobs_failed = counts.get("failed", 0)
    if summary.jobs_failed:
        error = conn.get(redis_keys.run_error_key(prefix, run_id))
        summary.job_error = error.decode("utf-8", "replace") if isinstance(error, bytes) else error
    done = (summary.archived + summary.unchanged + summary.duplicates + summary.joined
            + summary.jobs_failed)
    summary.jobs_pending = max(0, counts.get("enqueued", 0) - done)


__all__ = ["CrawlError", "CrawlSummary", "RedisUnavailable", "run_crawl"]
