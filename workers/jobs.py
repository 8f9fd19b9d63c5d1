"""RQ jobs: plain importable functions taking JSON-able arguments (never imports crawler/).

``archive_page`` is enqueued by name (``"workers.jobs.archive_page"``) by the Scrapy item
pipeline; it de-duplicates by content hash, renders the page's blocks to Markdown and
writes the file atomically under the archive dir.
"""

from __future__ import annotations

import contextlib
import logging
import os
from pathlib import Path

from pipelines.store import redis_keys as rk
from pipelines.store.score_store import as_text
from workers.archive_files import write_atomically
from workers.archive_paths import archive_path, distinct_archive_path
from workers.feed_dating import add_date, note_undated, with_feed_day
from workers.job_connection import job_connection
from workers.joined_posts import archive_part, rejoin

logger = logging.getLogger(__name__)

STATUS_ARCHIVED = "archived"
"""Result status: the Markdown file was written."""
STATUS_DUPLICATE = "duplicate"
"""Result status: another URL owns this content; no file written, alias recorded."""
STATUS_UNCHANGED = "unchanged"
"""Result status: this URL's file already holds this content; nothing written."""

FRONT_MATTER_FIELDS = ("url", "title", "author", "date", "fetched_at", "score", "verdict")

WORKER_ARCHIVE_DIR_ENV = "LEAFCRAWL_WORKER_ARCHIVE_DIR"
"""Where this worker writes the archive, whatever directory the crawl named (an absolute
path on the crawler's machine): `leafcrawl worker --archive-dir DIR` sets it, for a worker
on another machine."""
"""Front matter keys, in order (docs/interfaces.md)."""

# Delete a content claim only if it is still ours (another job may have claimed it since).
_RELEASE_CLAIM = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"""

# Hand a content claim from one URL to another only if the first still holds it.
_HAND_OVER_CLAIM = """
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('SET', KEYS[1], ARGV[2]) return 1 end
return 0
"""


def _fallback_content_hash(blocks: list) -> str:
    """The analysis' content hash of the blocks, for payloads that lack content_hash."""
    from pipelines.page import content_hash

    return content_hash(blocks)


def front_matter(payload: dict) -> dict:
    """The Markdown front matter of a payload (None values are dropped by the renderer)."""
    values = {
        "url": payload["url"],
        "title": payload.get("title"),
        "author": payload.get("author"),
        "date": payload.get("date_published"),
        "fetched_at": payload.get("fetched_at"),
        "score": payload.get("score"),
        "verdict": payload.get("verdict"),
    }
    return {k: values[k] for k in FRONT_MATTER_FIELDS}


def _own_path(redis, prefix: str, path: Path, url: str) -> Path:
    """The archive file this URL owns: its own name unless another URL with other content
    owns that name (``SET <p>:path:<path> <url> NX``), then distinct_archive_path. The first
    URL to write a name keeps it in every later run, so no file changes hands."""
    for candidate in (path, distinct_archive_path(path, url)):
        key = rk.path_key(prefix, str(candidate))
        if redis.set(key, url, nx=True) or as_text(redis.get(key)) == url:
            return candidate
    raise RuntimeError(f"archive file {path} and its distinct name are both owned by other URLs")


def _archived_path_of(redis, prefix: str, url: str) -> str | None:
    return as_text(redis.hget(rk.page_key(prefix, url), rk.FIELD_ARCHIVED_PATH))


def _declared_canonical_of(redis, prefix: str, url: str) -> str | None:
    return as_text(redis.hget(rk.page_key(prefix, url), rk.FIELD_DECLARED_CANONICAL))


def _note_declared_canonical(pipe, page_key: str, payload: dict) -> None:
    declared = payload.get("canonical_url")
    if declared:
        pipe.hset(page_key, rk.FIELD_DECLARED_CANONICAL, declared)
    else:
        pipe.hdel(page_key, rk.FIELD_DECLARED_CANONICAL)


def _retire_to_alias(redis, prefix: str, *, old: str, new: str) -> str | None:
    """``old`` gave its content to ``new``: it and its aliases become aliases of ``new``.
    Returns old's file, for the caller to remove once new's file is written."""
    old_key = rk.page_key(prefix, old)
    old_file = as_text(redis.hget(old_key, rk.FIELD_ARCHIVED_PATH))
    old_aliases = rk.aliases_key(prefix, old)
    new_aliases = rk.aliases_key(prefix, new)
    moved = [as_text(a) for a in redis.smembers(old_aliases)]
    with redis.pipeline(transaction=True) as pipe:
        pipe.sadd(new_aliases, old)
        if moved:
            pipe.sadd(new_aliases, *moved)
            for alias in moved:
                pipe.hset(rk.page_key(prefix, alias), rk.FIELD_CANONICAL, new)
        pipe.srem(new_aliases, new)
        pipe.delete(old_aliases)
        pipe.hset(old_key, rk.FIELD_CANONICAL, new)
        pipe.hdel(old_key, rk.FIELD_ARCHIVED_PATH, rk.FIELD_ARCHIVED_HASH)
        pipe.execute()
    logger.info("canonical: %s names %s as its URL; the content's file moves there", old, new)
    return old_file


def archive_page(payload: dict, *, connection=None) -> dict:
    """Archive one leaf page; see docs/interfaces.md for ``payload``.

    De-duplication by content hash (``SET <p>:content:<hash> <url> NX``):
    * another URL owns the content -> this URL joins ``<p>:aliases:<owner>``; nothing written,
      and the file of this URL's earlier content, if any, removed; result "duplicate";
    * this URL owns it and its file (same path) holds it -> nothing written; "unchanged";
    * otherwise render Markdown and write it atomically -> "archived". If the URL's content
      changed, the claim on its old content hash is released. The file is one this URL
      owns (``_own_path``): two URLs whose paths name one file get one file each.
    * another URL owns the content but its <link rel="canonical"> names this URL -> the
      content and its aliases pass to this URL, whose file replaces the other's; "archived".
    * a further part of a split post (``part_of``: its first part's URL) -> no file of its
      own: its text joins the first part's document (workers/joined_posts.py); "joined".
    Increments exactly one of the run counters archived/joined/duplicates/unchanged/failed
    and records archived_path / archived_hash / canonical on the page hash.

    ``connection`` is for calling it outside a worker; under RQ the job's connection is used.
    """
    url = payload["url"]
    prefix = payload.get("prefix") or rk.DEFAULT_PREFIX
    run_id = payload.get("run_id") or "adhoc"
    redis = job_connection(connection)
    run_key = rk.run_key(prefix, run_id)
    page_key = rk.page_key(prefix, url)
    claim_key = None
    claimed = False
    retired_file = None
    try:
        previous_hash, previous_path, previous_canonical, part_of = map(as_text, redis.hmget(
            page_key, [rk.FIELD_ARCHIVED_HASH, rk.FIELD_ARCHIVED_PATH, rk.FIELD_CANONICAL,
                       rk.FIELD_PART_OF]))
        # A further part of a split post: its text goes into the post's document. Once a
        # part, a part still when a later crawl reaches it from its first page's kept links
        # (a revisit of an unchanged first page), which carry no word of the post.
        part_of = payload.get("part_of") or part_of
        if part_of not in (None, url):
            result = archive_part(redis, {**payload, "part_of": part_of}, prefix=prefix,
                                  run_key=run_key, previous_path=previous_path)
            if previous_hash:     # archived on its own by an earlier crawl: the post's now
                redis.eval(_RELEASE_CLAIM, 1, rk.content_key(prefix, previous_hash), url)
            return result
        blocks = payload.get("blocks") or []
        content_hash = payload.get("content_hash") or _fallback_content_hash(blocks)
        path = archive_path(os.environ.get(WORKER_ARCHIVE_DIR_ENV) or payload["archive_dir"], url)
        claim_key = rk.content_key(prefix, content_hash)
        claimed = bool(redis.set(claim_key, url, nx=True))
        owner = url if claimed else as_text(redis.get(claim_key))
        if owner is None:  # released between SET NX and GET: try once more
            claimed = bool(redis.set(claim_key, url, nx=True))
            owner = url if claimed else (as_text(redis.get(claim_key)) or url)

        if previous_canonical not in (None, url, owner):
            # It duplicated another page before; not any more.
            redis.srem(rk.aliases_key(prefix, previous_canonical), url)

        if owner != url and _declared_canonical_of(redis, prefix, owner) == url and bool(
                redis.eval(_HAND_OVER_CLAIM, 1, claim_key, owner, url)):
            # The owner's own <link rel="canonical"> names this URL (a Q&A's ?answer= view,
            # WordPress' ?replytocom=, a tracking variant reached first): the content is
            # this URL's, and its file takes this URL's name.
            retired_file = _retire_to_alias(redis, prefix, old=owner, new=url)
            claimed, owner = True, url
        if owner != url:
            if previous_hash and previous_hash != content_hash:
                # This URL used to own other content: that content is no longer its own.
                redis.eval(_RELEASE_CLAIM, 1, rk.content_key(prefix, previous_hash), url)
            with redis.pipeline(transaction=True) as pipe:
                pipe.sadd(rk.aliases_key(prefix, owner), url)
                pipe.hset(page_key, mapping={rk.FIELD_CANONICAL: owner})
                pipe.hdel(page_key, rk.FIELD_ARCHIVED_PATH, rk.FIELD_ARCHIVED_HASH)
                _note_declared_canonical(pipe, page_key, payload)
                pipe.hincrby(run_key, rk.COUNTER_DUPLICATES, 1)
                pipe.execute()
            if previous_path and previous_path != _archived_path_of(redis, prefix, owner):
                # This URL's own file held its earlier content: the page now shows another
                # page's, which that page's file holds. Left, the file kept a version of the
                # page no URL shows, and the archive two files for one content.
                with contextlib.suppress(FileNotFoundError):
                    os.remove(previous_path)
            logger.info("duplicate: %s has the content of %s", url, owner)
            return {"status": STATUS_DUPLICATE, "path": None, "canonical": owner}

        path = _own_path(redis, prefix, path, url)
        dated = with_feed_day(redis, prefix, payload)
        if (not claimed and previous_hash == content_hash and previous_path == str(path)
                and path.is_file()):
            if dated is not payload:      # a feed day for a file an earlier crawl wrote
                add_date(path, dated["date_published"])
            elif not payload.get("date_published"):
                note_undated(redis, prefix, url, str(path))
            with redis.pipeline(transaction=True) as pipe:
                pipe.hset(page_key, mapping={rk.FIELD_CANONICAL: url})
                _note_declared_canonical(pipe, page_key, payload)
                pipe.hincrby(run_key, rk.COUNTER_UNCHANGED, 1)
                pipe.execute()
            return {"status": STATUS_UNCHANGED, "path": str(path), "canonical": url}

        from pipelines.content.markdown import render_markdown

        payload = dated
        write_atomically(path, render_markdown(blocks, front_matter=front_matter(payload)))
        with redis.pipeline(transaction=True) as pipe:
            pipe.hset(page_key, mapping={rk.FIELD_ARCHIVED_PATH: str(path),
                                         rk.FIELD_ARCHIVED_HASH: content_hash,
                                         rk.FIELD_CANONICAL: url})
            _note_declared_canonical(pipe, page_key, payload)
            pipe.hincrby(run_key, rk.COUNTER_ARCHIVED, 1)
            pipe.exists(rk.parts_key(prefix, url))
            has_parts = pipe.execute()[-1]
        if not payload.get("date_published"):
            note_undated(redis, prefix, url, str(path))
        if has_parts:
            # the first part of a split post whose further parts came first (or an earlier
            # crawl's): its document holds them too (workers/joined_posts.py)
            rejoin(redis, prefix, url)
        if retired_file and retired_file != str(path):
            # written under its canonical name first, so the content is never without a file
            with contextlib.suppress(FileNotFoundError):
                os.remove(retired_file)
        if previous_hash and previous_hash != content_hash:
            # The page changed: its old content no longer belongs to it.
            redis.eval(_RELEASE_CLAIM, 1, rk.content_key(prefix, previous_hash), url)
        return {"status": STATUS_ARCHIVED, "path": str(path), "canonical": url}
    except BaseException as exc:
        # Give back a content claim made by this call so the content is not owned by a URL
        # with no file. On the job's last run, count the failure (the job itself is kept in
        # RQ's failed registry) and name the run's first one for its summary; a job with
        # retries left runs again (scrapy_pipelines.ARCHIVE_RETRIES), and counts then.
        try:
            if claimed and claim_key:
                redis.eval(_RELEASE_CLAIM, 1, claim_key, url)
            if _runs_again():
                logger.warning("archiving %s failed (%s: %s); the job runs again", url,
                               type(exc).__name__, exc)
            else:
                redis.hincrby(run_key, rk.COUNTER_FAILED, 1)
                redis.set(rk.run_error_key(prefix, run_id),
                          f"{url}: {type(exc).__name__}: {exc}", nx=True)
        except Exception:  # Redis itself is gone: the original error is the one to report
            logger.exception("could not record the failure of %s", url)
        raise


def _runs_again() -> bool:
    """Will RQ run the current job again after this failure (it has retries left)?"""
    from rq import get_current_job

    job = get_current_job()
    return bool(job is not None and job.retries_left)
