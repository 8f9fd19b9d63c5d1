"""Thin Redis shell storing page records (scores, breakdowns) under the layout of redis_keys.

Works with any redis-py compatible client, whether or not it was built with
``decode_responses=True``.
"""

from __future__ import annotations

import json
import math
from typing import Any

from pipelines.store import redis_keys as rk
RECORD_FIELDS = (
    "url", "site", "verdict", "score", "seed_score", "breakdown", "counts", "counted_links",
    "status", "error", "depth", "referrer", "referrer_score", "fetched_at", "content_hash",
    "title", "author", "date_published", "render",
)
"""The page record fields of the contract (docs/interfaces.md); other item keys are ignored."""

FLOAT_FIELDS = frozenset({"score", "seed_score", "referrer_score"})
"""Fields decoded back to float."""

INT_FIELDS = frozenset({"depth"})
"""Fields decoded back to int."""

JSON_FIELDS = frozenset({"breakdown", "counts", "counted_links"})
"""Fields stored as JSON text and decoded back to dicts."""

ERROR_STATUS = "error"
"""The status of a page that could not be fetched or analysed."""

REVISIT_FIELDS = ("etag", "last_modified", "document_digest", "followed_links", "checked_at")
"""Fields for a later crawl's revisit (crawler/frontier/revisits.py): saved like the contract's,
returned by get_page when present."""

JOB_FIELDS = (rk.FIELD_ARCHIVED_PATH, rk.FIELD_ARCHIVED_HASH, rk.FIELD_CANONICAL,
              rk.FIELD_DECLARED_CANONICAL, rk.FIELD_PART_OF)
"""Fields the archive job adds to the page hash; returned by get_page when present."""


# KEYS[1] a page hash; ARGV[1] the term field prefix, ARGV[2..] the term fields it keeps.
_DROP_OTHER_TERMS = """
local prefix = ARGV[1]
local keep = {}
for i = 2, #ARGV do keep[ARGV[i]] = true end
for _, field in ipairs(redis.call('HKEYS', KEYS[1])) do
  if string.sub(field, 1, #prefix) == prefix and not keep[field] then
    redis.call('HDEL', KEYS[1], field)
  end
end
return 0
"""


def as_text(value: Any) -> str:
    """A Redis reply (bytes or str) as str; None stays None."""
    if isinstance(value, bytes):
        return value.decode("utf-8", errors="replace")
    return value


def slim_record(record: dict) -> dict:
    """What a page record keeps of its terms: the terms that count (non-zero contributions
    and counts), their contributions rounded to 4 places. The zero terms of a page are the
    ones its breakdown lacks (explain lists them from pipelines.indexiness.score.TERMS); keeping
    all 34 of them in the breakdown, in the counts and as term: fields was 1.4 KB of a
    page's 2.8 KB."""
    breakdown, counts = record.get("breakdown"), record.get("counts")
    if not breakdown and not counts:
        return record
    slim = dict(record)
    if breakdown:
        slim["breakdown"] = {t: round(float(v), 4) for t, v in breakdown.items() if v}
    if counts:
        slim["counts"] = {t: v for t, v in counts.items() if v}
    return slim


def _encode(name: str, value: Any) -> str:
    if name in JSON_FIELDS:
        return json.dumps(value, ensure_ascii=False, sort_keys=True)
    if name in FLOAT_FIELDS:
        return repr(float(value))
    if isinstance(value, bool):
        return "1" if value else "0"
    return str(value)


def _decode(name: str, raw: str) -> Any:
    if name in JSON_FIELDS:
        return json.loads(raw)
    if name in FLOAT_FIELDS:
        return float(raw)
    if name in INT_FIELDS:
        return int(raw)
    if name == "status":
        return int(raw) if raw.lstrip("-").isdigit() else raw
    return raw


def decode_page_hash(raw: dict) -> dict | None:
    """Decode an HGETALL reply of a page hash to a record (None if the hash is empty).

    Every contract field is present (None when absent in Redis); the archive job's fields
    (archived_path, archived_hash, canonical) are added when set. ``term:*`` fields are
    left out: the same numbers are in ``breakdown``.
    """
    if not raw:
        return None
    fields = {as_text(k): as_text(v) for k, v in raw.items()}
    record: dict[str, Any] = {name: None for name in RECORD_FIELDS}
    for name, value in fields.items():
        if name.startswith(rk.TERM_FIELD_PREFIX):
            continue
        if name in RECORD_FIELDS:
            record[name] = _decode(name, value)
        elif name in JOB_FIELDS or name in REVISIT_FIELDS:
            record[name] = value
    return record


class ScoreStore:
    """Page records in Redis: one hash per page, a score zset per site, the set of sites."""

    def __init__(self, redis, prefix: str = rk.DEFAULT_PREFIX):
        self.redis = redis
        self.prefix = prefix or rk.DEFAULT_PREFIX

    # -- writing ------------------------------------------------------------------------

    def save_page(self, record: dict) -> None:
        """Store one page record (see docs/interfaces.md) in one MULTI/EXEC transaction.

        Scalars become strings, breakdown/counts/counted_links JSON, and each breakdown term
        also its own ``term:<name>`` field. Fields that are None are removed, as are
        ``term:`` fields of terms no longer in the breakdown, so re-saving a page never
        leaves stale values. The URL joins its site's score zset and the site the sites set.
        """
        url = record.get("url")
        site = record.get("site")
        if not url or not site:
            raise ValueError(f"page record needs url and site, got url={url!r} site={site!r}")
        key = rk.page_key(self.prefix, url)
        record = slim_record(record)
        mapping: dict[str, str] = {}
        to_delete: list[str] = []
        for name in RECORD_FIELDS + REVISIT_FIELDS:
            value = record.get(name)
            if value is None:
                to_delete.append(name)
            else:
                mapping[name] = _encode(name, value)
        breakdown = record.get("breakdown") or {}
        for term, contribution in breakdown.items():
            mapping[rk.term_field(term)] = repr(float(contribution))
        terms = [field for field in mapping if field.startswith(rk.TERM_FIELD_PREFIX)]

        score = record.get("score")
        followed = record.get("followed_urls")
        with self.redis.pipeline(transaction=True) as pipe:
            if followed is not None and record.get("followed_links"):
                # named by its digest (crawler/revisits.links_ref): pages that share a list
                # share its key
                pipe.set(rk.followed_links_key(self.prefix, record["followed_links"]),
                         json.dumps(followed, ensure_ascii=False))
            if to_delete:
                pipe.hdel(key, *to_delete)
            # terms of an earlier save that this breakdown no longer has, dropped by Redis in
            # the transaction. Reading them first (HKEYS) cost a second round trip a page:
            # little on loopback (bench/store_saves.py: 0.87 -> 0.84 ms a save), a network
            # round trip each for crawlers that share a remote Redis; and a save racing it
            # could leave a stale term
            pipe.eval(_DROP_OTHER_TERMS, 1, key, rk.TERM_FIELD_PREFIX, *terms)
            pipe.hset(key, mapping=mapping)
            if score is not None:
                pipe.zadd(rk.site_scores_key(self.prefix, site), {url: float(score)})
            else:
                # No score (failed page): list it last, but keep a score from an earlier crawl.
                pipe.zadd(rk.site_scores_key(self.prefix, site), {url: -math.inf}, nx=True)
            pipe.sadd(rk.sites_key(self.prefix), site)
            pipe.execute()

    def record_failure(
        self,
        url: str,
        site: str,
        error: str,
        depth: int | None = None,
        referrer: str | None = None,
        *,
        fetched_at: str | None = None,
        referrer_score: float | None = None,
        status: int | str = ERROR_STATUS,
    ) -> None:
        """Record that ``url`` could not be fetched or analysed: ``status`` ("error", or the
        HTTP status when there was one) plus the message.

        Only the failure fields are written: a score or breakdown stored by an earlier
        successful crawl stays (and so does the page's place in the site zset); a page that
        never succeeded sits at -inf in its site's zset.
        """
        fields: dict[str, Any] = {
            "url": url, "site": site, "status": status, "error": str(error),
            "depth": depth, "referrer": referrer, "fetched_at": fetched_at,
            "referrer_score": referrer_score,
        }
        mapping = {name: _encode(name, v) for name, v in fields.items() if v is not None}
        with self.redis.pipeline(transaction=True) as pipe:
            pipe.hset(rk.page_key(self.prefix, url), mapping=mapping)
            pipe.zadd(rk.site_scores_key(self.prefix, site), {url: -math.inf}, nx=True)
            pipe.sadd(rk.sites_key(self.prefix), site)
            pipe.execute()

    def note_not_modified(self, url: str, checked_at: str) -> None:
        """A later crawl found ``url`` not modified (HTTP 304): its record stays, dated."""
        self.redis.hset(rk.page_key(self.prefix, url), "checked_at", checked_at)

    # -- reading ------------------------------------------------------------------------

    def get_page(self, url: str) -> dict | None:
        """The record of ``url`` decoded back (floats, ints, dicts), or None if unknown."""
        return decode_page_hash(self.redis.hgetall(rk.page_key(self.prefix, url)))

    def site_pages(self, site: str, limit: int | None = None) -> list[dict]:
        """Records of ``site``'s pages, highest score first (at most ``limit``)."""
        stop = -1 if limit is None else limit - 1
        if limit is not None and limit <= 0:
            return []
        return self._pages(self.redis.zrevrange(rk.site_scores_key(self.prefix, site), 0, stop))

    def site_pages_near(self, site: str, threshold: float, margin: float,
                        limit: int | None = None) -> list[dict]:
        """Records of ``site``'s pages scored within ``margin`` of ``threshold``, closest
        first (at most ``limit``): the verdicts a small change of weights would flip."""
        key = rk.site_scores_key(self.prefix, site)
        scored = self.redis.zrangebyscore(key, threshold - margin, threshold + margin, withscores=True)
        scored.sort(key=lambda pair: abs(pair[1] - threshold))
        return self._pages(u for u, _ in scored[:limit])

    def _pages(self, urls) -> list[dict]:
        """The records of these URLs (as the site's sorted set holds them), in one round trip."""
        urls = [as_text(u) for u in urls]
        if not urls:
            return []
        with self.redis.pipeline(transaction=False) as pipe:
            for url in urls:
                pipe.hgetall(rk.page_key(self.prefix, url))
            replies = pipe.execute()
        return [rec for rec in map(decode_page_hash, replies) if rec is not None]

    def site_size(self, site: str) -> int:
        """How many pages of ``site`` are stored."""
        return self.redis.zcard(rk.site_scores_key(self.prefix, site))

    def sites(self) -> list[str]:
        """Every site with at least one page, sorted."""
        return sorted(as_text(s) for s in self.redis.smembers(rk.sites_key(self.prefix)))

    def aliases(self, canonical_url: str) -> list[str]:
        """URLs found to duplicate ``canonical_url``'s content, sorted."""
        return sorted(as_text(u) for u in self.redis.smembers(rk.aliases_key(self.prefix, canonical_url)))

    def run_counters(self, run_id: str) -> dict[str, int]:
        """Counters of run ``run_id``: every name of redis_keys.RUN_COUNTERS, 0 when unset."""
        raw = {as_text(k): int(as_text(v)) for k, v in self.redis.hgetall(rk.run_key(self.prefix, run_id)).items()}
        return {name: raw.get(name, 0) for name in rk.RUN_COUNTERS} | raw
