"""ScoreStore against a real Redis (unique prefix per test, keys deleted afterwards)."""

from __future__ import annotations

import math
import uuid

import pytest
import redis

from pipelines.store import redis_keys as rk
from pipelines.store.score_store import ScoreStore

pytestmark = pytest.mark.integration


@pytest.fixture(params=[False, True], ids=["bytes", "decoded"])
def client(request, redis_url):
    conn = redis.Redis.from_url(redis_url, decode_responses=request.param)
    yield conn
    conn.close()


@pytest.fixture
def prefix(client):
    p = f"test-{uuid.uuid4().hex[:12]}"
    yield p
    keys = list(client.scan_iter(match=rk.all_keys_pattern(p), count=1000))
    if keys:
        client.delete(*keys)


def make_record(url, score, **over):
    record = {
        "url": url,
        "site": "blog",
        "verdict": "leaf" if score <= 0 else "index",
        "score": score,
        "seed_score": score - 0.25,
        "breakdown": {"head_start": 1.0, "content_links": score - 1.0},
        "counts": {"content_links": 3, "words": 120},
        "counted_links": {"content_links": ["https://ex.test/a", "https://ex.test/b"]},
        "status": 200,
        "error": None,
        "depth": 2,
        "referrer": "https://ex.test/",
        "referrer_score": 7.5,
        "fetched_at": "2026-11-29T10:00:00Z",
        "content_hash": "a" * 40,
        "title": "Ünïcode title: ok",
        "author": "Jane Roe",
        "date_published": "2026-11-28T09:00:00+01:00",
        "render": "browser",
    }
    record.update(over)
    return record


def test_round_trip_types(client, prefix):
    store = ScoreStore(client, prefix)
    rec = make_record("https://ex.test/post?x=1:2", 3.125)
    store.save_page(rec)
    got = store.get_page(rec["url"])
    assert got == rec
    assert isinstance(got["score"], float) and isinstance(got["depth"], int)
    assert isinstance(got["status"], int)


def test_hgetall_shows_each_term(client, prefix):
    store = ScoreStore(client, prefix)
    rec = make_record("https://ex.test/p", 2.5)
    store.save_page(rec)
    raw = {(k.decode() if isinstance(k, bytes) else k): (v.decode() if isinstance(v, bytes) else v)
           for k, v in client.hgetall(rk.page_key(prefix, rec["url"])).items()}
    assert float(raw["term:head_start"]) == 1.0
    assert float(raw["term:content_links"]) == 1.5
    assert float(raw["score"]) == 2.5
    assert "error" not in raw  # None fields are absent


def test_resave_drops_stale_terms_and_none_fields(client, prefix):
    store = ScoreStore(client, prefix)
    url = "https://ex.test/p"
    store.save_page(make_record(url, 2.0, error="transient", breakdown={"head_start": 1.0, "old": 1.0}))
    store.save_page(make_record(url, 4.0, breakdown={"head_start": 1.0, "new": 3.0}))
    fields = {k.decode() if isinstance(k, bytes) else k for k in client.hkeys(rk.page_key(prefix, url))}
    assert "term:old" not in fields and "term:new" in fields
    got = store.get_page(url)
    assert got["error"] is None and got["score"] == 4.0
    assert client.zscore(rk.site_scores_key(prefix, "blog"), url) == 4.0


def test_site_pages_highest_first_and_sites(client, prefix):
    store = ScoreStore(client, prefix)
    for i, score in enumerate([1.0, -3.5, 9.25, 0.0]):
        store.save_page(make_record(f"https://ex.test/{i}", score))
    store.save_page(make_record("https://other.test/", 5.0, site="other"))
    pages = store.site_pages("blog")
    assert [p["score"] for p in pages] == [9.25, 1.0, 0.0, -3.5]
    assert [p["url"] for p in store.site_pages("blog", limit=2)] == ["https://ex.test/2", "https://ex.test/0"]
    assert store.site_pages("blog", limit=0) == []
    assert store.site_size("blog") == len(pages) and store.site_size("nope") == 0
    # within 1.5 of 0, closest first: 0.0, then 1.0; not -3.5 or 9.25
    assert [p["score"] for p in store.site_pages_near("blog", 0.0, 1.5)] == [0.0, 1.0]
    assert [p["score"] for p in store.site_pages_near("blog", 0.0, 5, limit=2)] == [0.0, 1.0]
    assert [p["score"] for p in store.site_pages_near("blog", 2.0, 2.0)] == [1.0, 0.0]
    assert store.sites() == ["blog", "other"]
    assert store.get_page("https://nope.test/") is None


def test_record_failure(client, prefix):
    store = ScoreStore(client, prefix)
    store.record_failure("https://ex.test/broken", "blog", "TimeoutError: 30s", depth=3,
                         referrer="https://ex.test/")
    store.save_page(make_record("https://ex.test/ok", -1.0))
    got = store.get_page("https://ex.test/broken")
    assert got["status"] == "error" and got["error"] == "TimeoutError: 30s"
    assert got["depth"] == 3 and got["referrer"] == "https://ex.test/" and got["score"] is None
    assert client.zscore(rk.site_scores_key(prefix, "blog"), "https://ex.test/broken") == -math.inf
    assert [p["url"] for p in store.site_pages("blog")] == ["https://ex.test/ok", "https://ex.test/broken"]
    # A failure on re-crawl keeps the earlier score but marks the error.
    store.record_failure("https://ex.test/ok", "blog", "HTTP 503", depth=1)
    again = store.get_page("https://ex.test/ok")
    assert again["status"] == "error" and again["score"] == -1.0
    assert client.zscore(rk.site_scores_key(prefix, "blog"), "https://ex.test/ok") == -1.0


def test_run_counters_default_zero(client, prefix):
    store = ScoreStore(client, prefix)
    assert store.run_counters("r1") == dict.fromkeys(rk.RUN_COUNTERS, 0)
    client.hincrby(rk.run_key(prefix, "r1"), "archived", 2)
    assert store.run_counters("r1")["archived"] == 2


def test_requires_url_and_site(client, prefix):
    with pytest.raises(ValueError):
        ScoreStore(client, prefix).save_page({"url": "https://ex.test/"})
