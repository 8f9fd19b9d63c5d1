"""The one module that owns leafcrawl's Redis key layout (pure: no redis import).

Every key starts with a prefix (setting ``LEAFCRAWL_REDIS_PREFIX``, default ``leafcrawl``),
so several crawls or test runs can share one Redis without seeing each other's data::

    <p>:page:<url>                 HASH   one page record (see "Page hash" below)
    <p>:site:<site>:scores         ZSET   member url, score = the page's indexiness score;
                                          pages that only ever failed sit at -inf
    <p>:sites                      SET    every site name that has at least one page
    <p>:content:<content_hash>     STRING the canonical URL that owns this content
                                          (claimed with SET NX by the archive job)
    <p>:aliases:<canonical_url>    SET    other URLs whose content equals the canonical's
    <p>:links:<digest>             STRING JSON list of the URLs a page was followed by, named
                                          by its page hash's followed_links (crawler/frontier/revisits.py)
    <p>:run:<run_id>               HASH   per-run counters: enqueued, archived, duplicates,
                                          unchanged, failed
    <p>:scheduled:<site>           STRING who runs the site's scheduled crawl now (TTL,
                                          renewed while it runs)

    RQ queue                       name from setting LEAFCRAWL_QUEUE (default ``leafcrawl``);
                                   its keys live under RQ's own ``rq:`` prefix.

Page hash fields: url, site, verdict, score, seed_score, status (HTTP status or "error"),
error, depth, referrer, referrer_score, fetched_at, content_hash, title, render; the JSON
fields breakdown, counts, counted_links; one ``term:<name>`` field per breakdown term (so
``HGETALL`` shows each contribution); a response's validators etag and last_modified, a
page's followed_links, and checked_at, when a later crawl found the page not modified; and,
once the archive job ran, archived_path, archived_hash and canonical. Fields whose value is
None are absent.

URLs and site names are used verbatim inside keys (Redis keys are binary-safe); the url is
always the last component, so a ``:`` inside it is harmless.
"""

from __future__ import annotations

import os
import time
import uuid
from typing import Any

# --- settings and defaults --------------------------------------------------------------

PREFIX_SETTING = "LEAFCRAWL_REDIS_PREFIX"
"""Scrapy setting naming the key prefix."""

DEFAULT_PREFIX = "leafcrawl"
"""Prefix of every leafcrawl key when the setting is absent."""

REDIS_URL_SETTING = "LEAFCRAWL_REDIS_URL"
"""Scrapy setting with the Redis URL (redis://host:port/db or unix:///path.sock)."""

QUEUE_SETTING = "LEAFCRAWL_QUEUE"
"""Scrapy setting (and worker env var) naming the RQ queue of archive jobs."""

DEFAULT_QUEUE = "leafcrawl"
"""RQ queue name when the setting is absent."""

RUN_ID_SETTING = "LEAFCRAWL_RUN_ID"
"""Scrapy setting naming the current run (keys its ``run`` counters hash)."""

ARCHIVE_DIR_SETTING = "LEAFCRAWL_ARCHIVE_DIR"
"""Scrapy setting with the directory the archive job writes Markdown into."""

DEFAULT_ARCHIVE_DIR = "archive"
"""Archive directory (relative to the crawl's cwd, made absolute) when the setting is absent."""

ARCHIVE_JOB = "workers.jobs.archive_page"
"""Dotted path of the RQ archive job: enqueued by name so pipelines/ never imports workers/."""

FEED_DATE_JOB = "workers.feed_dating.date_archived"
"""Dotted path of the RQ job that dates archived files from a feed fetched after them."""

# --- key templates ----------------------------------------------------------------------

PAGE_KEY = "{prefix}:page:{url}"
"""HASH: one page record."""

SITE_SCORES_KEY = "{prefix}:site:{site}:scores"
"""ZSET: a site's page URLs scored by indexiness (highest first with ZREVRANGE)."""

SITES_KEY = "{prefix}:sites"
"""SET: every site seen."""

CONTENT_KEY = "{prefix}:content:{content_hash}"
"""STRING: canonical URL owning this content hash (dedup across URLs)."""

ALIASES_KEY = "{prefix}:aliases:{url}"
"""SET: URLs whose content duplicates the canonical URL ``url``."""

LINKS_KEY = "{prefix}:links:{digest}"
"""STRING: JSON list of the URLs a page was followed by (crawler/frontier/revisits.py)."""

PARTS_KEY = "{prefix}:parts:{url}"
"""HASH: the further parts of the post whose first part is ``url`` (a post split over pages):
each part's address -> its Markdown text, joined into the first part's document
(pipelines/content/split_posts.py)."""

PARTS_LOCK_KEY = "{prefix}:parts:{url}:lock"
"""STRING: held while a split post's document is rebuilt, by one worker at a time."""

FEED_DATES_KEY = "{prefix}:feeddates"
"""HASH: a page's feed key (feed_dates.page_key) -> the day its site's feed gives it, for
the archive of a page that prints no date (pipelines/metadata/feed_dates.py)."""

UNDATED_KEY = "{prefix}:undated"
"""HASH: feed key -> URL of a page archived without a date, for a feed that comes later."""

PATH_KEY = "{prefix}:path:{path}"
"""STRING: the URL whose Markdown file is ``path`` (distinct URLs that map to one file name)."""

RUN_KEY = "{prefix}:run:{run_id}"
"""HASH: counters of one run (see RUN_COUNTERS)."""

RUN_ERROR_KEY = "{prefix}:run:{run_id}:error"
"""STRING: the first archive job of a run that raised: "<url>: <exception type>: <message>"."""

SCHEDULED_CRAWL_KEY = "{prefix}:scheduled:{site}"
"""STRING with a TTL: who runs the site's scheduled crawl now (workers/scheduled.py), so
the next one RQ's cron enqueues meanwhile is skipped instead of crawling the site twice."""

# A crawl's record (hash: site, trigger, times, status, exit, the summary's counts, the
# first failure, log path) and the runs by start time, of every site and of one site.
RUN_RECORD_KEY = "{prefix}:runrecord:{run_id}"
RUNS_KEY = "{prefix}:runs"
SITE_RUNS_KEY = "{prefix}:site:{site}:runs"

# --- field names ------------------------------------------------------------------------

TERM_FIELD_PREFIX = "term:"
"""Page hash field prefix: one field per breakdown term, ``term:<name>`` -> contribution."""

FIELD_ARCHIVED_PATH = "archived_path"
"""Page hash field: absolute path of the Markdown file written for this URL."""

FIELD_PART_OF = "part_of"
"""Page hash field: the first part of the split post this page continues (its document holds
this page's text)."""

FIELD_ARCHIVED_HASH = "archived_hash"
"""Page hash field: content hash of the Markdown file last written for this URL."""

FIELD_CANONICAL = "canonical"
"""Page hash field: the URL whose file holds this page's content (itself unless a duplicate)."""

FIELD_DECLARED_CANONICAL = "declared_canonical"
"""Page hash field: the other URL the page's <link rel="canonical"> names (archived pages)."""

COUNTER_ENQUEUED = "enqueued"
"""Run counter: archive jobs enqueued by the crawl."""
COUNTER_ARCHIVED = "archived"
"""Run counter: Markdown files written."""
COUNTER_DUPLICATES = "duplicates"
"""Run counter: pages whose content another URL already owns (no file written)."""
COUNTER_UNCHANGED = "unchanged"
"""Run counter: pages already archived with the same content (no file written)."""
COUNTER_JOINED = "joined"
"""Run counter: further parts of split posts, joined into their first part's document."""
COUNTER_FAILED = "failed"
"""Run counter: archive jobs that raised."""

RUN_COUNTERS = (COUNTER_ENQUEUED, COUNTER_ARCHIVED, COUNTER_JOINED, COUNTER_DUPLICATES, COUNTER_UNCHANGED,
                COUNTER_FAILED)
"""Every field of the run hash, in display order."""

RUN_DONE_COUNTERS = (COUNTER_ARCHIVED, COUNTER_JOINED, COUNTER_DUPLICATES, COUNTER_UNCHANGED, COUNTER_FAILED)
"""Counters a finished job increments exactly one of: their sum == enqueued when drained."""


# --- key builders -----------------------------------------------------------------------


def page_key(prefix: str, url: str) -> str:
    """Key of the page record hash of ``url``."""
    return PAGE_KEY.format(prefix=prefix, url=url)


def site_scores_key(prefix: str, site: str) -> str:
    """Key of ``site``'s sorted set of page URLs by score."""
    return SITE_SCORES_KEY.format(prefix=prefix, site=site)


def sites_key(prefix: str) -> str:
    """Key of the set of all sites."""
    return SITES_KEY.format(prefix=prefix)


def content_key(prefix: str, content_hash: str) -> str:
    """Key holding the canonical URL of ``content_hash``."""
    return CONTENT_KEY.format(prefix=prefix, content_hash=content_hash)


def aliases_key(prefix: str, canonical_url: str) -> str:
    """Key of the set of URLs duplicating ``canonical_url``."""
    return ALIASES_KEY.format(prefix=prefix, url=canonical_url)


def links_key(prefix: str, digest: str) -> str:
    """STRING: a followed-links list (JSON), shared by every page followed by the same links."""
    return LINKS_KEY.format(prefix=prefix, digest=digest)


def followed_links_key(prefix: str, ref: str) -> str:
    """links_key of a page hash's followed_links, "<tag>:<digest>" (crawler/revisits.links_ref)."""
    return links_key(prefix, ref.partition(":")[2])


def parts_key(prefix: str, first_url: str) -> str:
    """Key of the parts hash of the split post whose first part is ``first_url``."""
    return PARTS_KEY.format(prefix=prefix, url=first_url)


def parts_lock_key(prefix: str, first_url: str) -> str:
    """Key of the lock held while that post's document is rebuilt."""
    return PARTS_LOCK_KEY.format(prefix=prefix, url=first_url)


def feed_dates_key(prefix: str) -> str:
    """Key of the hash of days the sites' feeds give their pages."""
    return FEED_DATES_KEY.format(prefix=prefix)


def undated_key(prefix: str) -> str:
    """Key of the hash of pages archived without a date."""
    return UNDATED_KEY.format(prefix=prefix)


def path_key(prefix: str, path: str) -> str:
    """Key holding the URL that owns the archive file ``path``."""
    return PATH_KEY.format(prefix=prefix, path=path)


def new_run_id() -> str:
    """A run's id: its start time, sortable, and a random tail for runs started together."""
    return time.strftime("%Y%m%dT%H%M%S") + "-" + uuid.uuid4().hex[:6]


def run_key(prefix: str, run_id: str) -> str:
    """Key of the counters hash of run ``run_id``."""
    return RUN_KEY.format(prefix=prefix, run_id=run_id)


def run_error_key(prefix: str, run_id: str) -> str:
    """Key of run ``run_id``'s first archive job error."""
    return RUN_ERROR_KEY.format(prefix=prefix, run_id=run_id)


def scheduled_crawl_key(prefix: str, site: str) -> str:
    """Key of the lock held while the site's scheduled crawl runs."""
    return SCHEDULED_CRAWL_KEY.format(prefix=prefix, site=site)


def term_field(term: str) -> str:
    """Page hash field holding breakdown term ``term``."""
    return TERM_FIELD_PREFIX + term


def all_keys_pattern(prefix: str) -> str:
    """SCAN/KEYS pattern matching every key under ``prefix`` (for cleanup and tests)."""
    escaped = "".join("\\" + c if c in "*?[]\\" else c for c in prefix)
    return escaped + ":*"


# --- settings helpers (anything with .get(name, default), e.g. Scrapy Settings, a dict) ---


def prefix_from_settings(settings: Any) -> str:
    """The key prefix configured in ``settings`` (DEFAULT_PREFIX when unset or empty)."""
    return settings.get(PREFIX_SETTING) or DEFAULT_PREFIX


def archive_dir_from_settings(settings: Any) -> str:
    """The absolute archive directory configured in ``settings`` (DEFAULT_ARCHIVE_DIR,
    relative to the working directory, when unset or empty)."""
    return os.path.abspath(os.path.expanduser(settings.get(ARCHIVE_DIR_SETTING) or DEFAULT_ARCHIVE_DIR))


def queue_from_settings(settings: Any) -> str:
    """The RQ queue name configured in ``settings`` (DEFAULT_QUEUE when unset or empty)."""
    return settings.get(QUEUE_SETTING) or DEFAULT_QUEUE


def run_record_key(prefix: str, run_id: str) -> str:
    """Key of the record (hash) of crawl ``run_id``."""
    return RUN_RECORD_KEY.format(prefix=prefix, run_id=run_id)


def runs_key(prefix: str, site: str | None = None) -> str:
    """Key of the run ids by start time (sorted set): every site's, or ``site``'s."""
    return RUNS_KEY.format(prefix=prefix) if site is None else SITE_RUNS_KEY.format(prefix=prefix, site=site)
