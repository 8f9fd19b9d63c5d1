"""Dates from the site's feed, for archived pages that print none.

The crawl stores the days a site's feed gives its pages (FEED_DATES_KEY, by
feed_dates.page_key). A page archived without a date of its own takes its feed day. The feed
and the pages arrive in any order, from any process: an archive job that writes a file
without a date records it (UNDATED_KEY) and then looks at the feed days again, and the job a
fetched feed enqueues (date_archived) dates every recorded file it names. Each writes before
it reads what the other writes, so one of two racing jobs always sees both.
"""
from __future__ import annotations

import logging
import re
from pathlib import Path

import yaml

from pipelines.content.markdown import FRONT_MATTER_KEYS
from pipelines.content.split_posts import FRONT_MATTER, FRONT_MATTER_PARTS
from pipelines.metadata.feed_dates import page_key
from pipelines.store import redis_keys as rk
from pipelines.store.score_store import as_text
from workers.archive_files import write_atomically
from workers.job_connection import job_connection

logger = logging.getLogger(__name__)

# the front matter keys written after `date`: the line goes before the first of them, so a
# dated file reads as one the page itself dated
_AFTER_DATE = re.compile("^(?:{}):".format("|".join(
    (*FRONT_MATTER_KEYS[FRONT_MATTER_KEYS.index("date") + 1:], FRONT_MATTER_PARTS))), re.M)


def feed_day(redis, prefix: str, url: str) -> str | None:
    """The day the site's feed gives ``url``, if a feed named it."""
    return as_text(redis.hget(rk.feed_dates_key(prefix), page_key(url)))


def with_feed_day(redis, prefix: str, payload: dict) -> dict:
    """The archive job's payload, given its feed day where the page printed no date."""
    if payload.get("date_published"):
        return payload
    day = feed_day(redis, prefix, payload["url"])
    return {**payload, "date_published": day} if day else payload


def note_undated(redis, prefix: str, url: str, path: str) -> None:
    """``url`` was archived to ``path`` without a date: recorded for a later feed, then dated
    at once if its feed came meanwhile."""
    key = page_key(url)
    redis.hset(rk.undated_key(prefix), key, url)
    day = as_text(redis.hget(rk.feed_dates_key(prefix), key))
    if day and add_date(Path(path), day):
        redis.hdel(rk.undated_key(prefix), key)


def add_date(path: Path, day: str) -> bool:
    """Write ``date: day`` into the front matter of the archived file ``path`` unless it has
    a date; True when the file now holds one. The rest of the file is left byte for byte."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return False
    head = FRONT_MATTER.match(text)
    if head is None:
        return False
    front = yaml.safe_load(head.group(1) or "") or {}
    if isinstance(front, dict) and front.get("date"):
        return True
    line = yaml.safe_dump({"date": day}, allow_unicode=True, default_flow_style=False)
    inner = head.group(1) or ""
    after = _AFTER_DATE.search(inner)
    cut = after.start() if after else len(inner)
    write_atomically(path, "---\n" + inner[:cut] + line + inner[cut:] + "---\n" + text[head.end():])
    return True


def date_archived(payload: dict, *, connection=None) -> dict:
    """RQ job: date the files archived without a date that a feed now dates.
    payload: {"prefix": …, "keys": [feed keys the feed named]}."""
    redis = job_connection(connection)
    prefix = payload.get("prefix") or rk.DEFAULT_PREFIX
    keys = list(payload.get("keys") or [])
    if not keys:
        return {"dated": 0}
    urls = redis.hmget(rk.undated_key(prefix), keys)
    days = redis.hmget(rk.feed_dates_key(prefix), keys)
    dated = 0
    for key, url, day in zip(keys, map(as_text, urls), map(as_text, days)):
        if not url or not day:
            continue
        path = as_text(redis.hget(rk.page_key(prefix, url), rk.FIELD_ARCHIVED_PATH))
        if path and add_date(Path(path), day):
            dated += 1
            logger.info("dated %s from its site's feed: %s", url, day)
        redis.hdel(rk.undated_key(prefix), key)
    return {"dated": dated}
