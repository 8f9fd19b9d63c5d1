"""A split post's further parts, joined into the document of its first part.

The crawl marks a page that continues a leaf (page 2 of a split post, proven by its own text:
pipelines/indexiness/continuations.py) with the address of the post's first part. Such a page
gets no file of its own: its Markdown waits in the post's parts hash, and the first part's
document is rebuilt from its file and every part known (pipelines/content/split_posts.py).

Parts and first part are archived by different jobs, in any order. Each job writes what it
knows before looking for the other (a part: the parts hash, then the first part's file; the
first part: its file, then the parts hash), so at least one of two racing jobs sees both,
and the rebuild runs under a per-post lock.
"""
from __future__ import annotations

import contextlib
import logging
import os
from pathlib import Path

from pipelines.content.split_posts import joined_markdown, split_document
from pipelines.store import redis_keys as rk
from pipelines.store.score_store import as_text
from workers.archive_files import write_atomically

logger = logging.getLogger(__name__)

STATUS_JOINED = "joined"
"""Result status: the page is a further part of a split post, joined into its document."""

# A rebuild reads and writes one file: seconds at most. The lock expires after this in case
# its worker dies holding it; a job waits this long for it, then fails and runs again.
LOCK_SECONDS = 60


def archive_part(redis, payload: dict, *, prefix: str, run_key: str,
                 previous_path: str | None) -> dict:
    """Join one further part of a split post into its first part's document; previous_path:
    the file an earlier crawl wrote for this page on its own, if any."""
    from pipelines.content.markdown import render_markdown

    url, first = payload["url"], payload["part_of"]
    page_key = rk.page_key(prefix, url)
    text = render_markdown(payload.get("blocks") or [])
    with redis.pipeline(transaction=True) as pipe:
        pipe.hset(rk.parts_key(prefix, first), url, text)
        pipe.sadd(rk.aliases_key(prefix, first), url)
        pipe.hset(page_key, mapping={rk.FIELD_CANONICAL: first, rk.FIELD_PART_OF: first})
        pipe.hdel(page_key, rk.FIELD_ARCHIVED_PATH, rk.FIELD_ARCHIVED_HASH)
        pipe.hincrby(run_key, rk.COUNTER_JOINED, 1)
        pipe.execute()
    path = rejoin(redis, prefix, first)
    if previous_path and previous_path != path and path is not None:
        # removed once the post's document holds the text, never before
        with contextlib.suppress(FileNotFoundError):
            os.remove(previous_path)
    logger.info("part: %s continues %s, joined into its document", url, first)
    return {"status": STATUS_JOINED, "path": path, "canonical": first}


def rejoin(redis, prefix: str, first: str) -> str | None:
    """Rebuild the document of the post whose first part is ``first`` from its file and the
    parts known; None while the first part has no file yet (its own job will join them)."""
    path = as_text(redis.hget(rk.page_key(prefix, first), rk.FIELD_ARCHIVED_PATH))
    if not path:
        return None
    with redis.lock(rk.parts_lock_key(prefix, first), timeout=LOCK_SECONDS,
                    blocking_timeout=LOCK_SECONDS):
        parts = {as_text(k): as_text(v) for k, v in redis.hgetall(rk.parts_key(prefix, first)).items()}
        try:
            old = Path(path).read_text(encoding="utf-8")
        except FileNotFoundError:
            # removed by hand since: the first page's next archiving writes it, parts and all
            return None
        front, own = split_document(old)
        new = joined_markdown(front, own, parts)
        if new != old:
            write_atomically(Path(path), new)
    return path
