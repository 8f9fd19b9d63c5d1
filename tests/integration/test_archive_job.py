"""archive_page run by a real RQ worker (leafcrawl's StoppingWorker, a SimpleWorker; burst)
against a real Redis, on real analysed pages (pipelines.page / pipelines.content.markdown),
plus the Scrapy item pipelines."""

from __future__ import annotations

import os
import uuid
from pathlib import Path

import pytest
from rq import Queue
from rq.registry import FailedJobRegistry

from pipelines.store import redis_keys as rk
from pipelines.content.markdown import SCORE_DECIMALS
from pipelines.store.score_store import ScoreStore
from workers.stopping_worker import StoppingWorker

pytestmark = pytest.mark.integration

ARTICLE = """<html><head><title>{title}</title><meta name="author" content="Ann Author">
<meta property="article:published_time" content="2026-11-01T09:00:00Z"></head><body>
<header><nav><a href="/">Home</a> <a href="/about">About</a></nav></header>
<main><article><h1>{title}</h1>
<p>{body} This paragraph is long enough to be real content, with several words in it.</p>
<p>Second paragraph with <a href="/x">a link</a> and <strong>bold</strong> text.</p>
<ul><li>first point</li><li>second point</li></ul>
</article></main><footer>(c) 2026</footer></body></html>"""


def analysed(url, title="Post one", body="Original text."):
    from pipelines.page import analyze_page

    return analyze_page(ARTICLE.format(title=title, body=body), url)


def payload_for(analysis, *, prefix, run_id, archive_dir, site="ex"):
    return {
        "url": analysis.url, "site": site, "run_id": run_id, "prefix": prefix,
        "archive_dir": str(archive_dir), "blocks": [b.to_dict() for b in analysis.blocks],
        "title": analysis.title, "author": analysis.author,
        "date_published": analysis.date_published, "fetched_at": "2026-11-29T10:00:00Z",
        "score": analysis.score, "verdict": analysis.verdict, "content_hash": analysis.content_hash,
    }


@pytest.fixture
def env(conn, tmp_path):
    tag = uuid.uuid4().hex[:10]
    prefix, queue = f"test-{tag}", f"test-q-{tag}"
    yield prefix, Queue(queue, connection=conn), tmp_path / "archive"
    Queue(queue, connection=conn).delete(delete_jobs=True)
    keys = list(conn.scan_iter(match=rk.all_keys_pattern(prefix), count=1000))
    if keys:
        conn.delete(*keys)


def run_burst(queue):
    StoppingWorker([queue], connection=queue.connection).work(burst=True)


def files(archive_dir: Path) -> list[Path]:
    return sorted(p for p in archive_dir.rglob("*") if p.is_file()) if archive_dir.exists() else []


def counters(conn, prefix, run_id):
    return ScoreStore(conn, prefix).run_counters(run_id)


def test_same_content_under_two_urls_is_archived_once(conn, env):
    prefix, queue, archive = env
    a = analysed("http://ex.test/2026/post-one.html")
    b = analysed("http://ex.test/post-one?utm_source=feed")
    assert a.content_hash == b.content_hash
    job_a = queue.enqueue(rk.ARCHIVE_JOB, payload_for(a, prefix=prefix, run_id="r1", archive_dir=archive))
    job_b = queue.enqueue(rk.ARCHIVE_JOB, payload_for(b, prefix=prefix, run_id="r1", archive_dir=archive))
    run_burst(queue)

    assert job_a.return_value() == {"status": "archived", "canonical": a.url,
                                    "path": str(archive.resolve() / "ex.test/2026/post-one.md")}
    assert job_b.return_value() == {"status": "duplicate", "path": None, "canonical": a.url}
    assert files(archive) == [archive.resolve() / "ex.test/2026/post-one.md"]
    assert conn.smembers(rk.aliases_key(prefix, a.url)) == {b.url.encode()}
    assert conn.get(rk.content_key(prefix, a.content_hash)) == a.url.encode()
    assert conn.hget(rk.page_key(prefix, b.url), "canonical") == a.url.encode()
    assert conn.hget(rk.page_key(prefix, a.url), "archived_path") == job_a.return_value()["path"].encode()
    assert counters(conn, prefix, "r1") | {"enqueued": 0} == {
        "enqueued": 0, "archived": 1, "joined": 0, "duplicates": 1, "unchanged": 0, "failed": 0}

    text = files(archive)[0].read_text(encoding="utf-8")
    head, _, body = text.partition("\n---\n")
    assert head.startswith("---\n")
    for line in (f"url: {a.url}", "title: Post one", "author: Ann Author", "verdict: leaf",
                 "fetched_at: '2026-11-29T10:00:00Z'", f"score: {round(a.score, SCORE_DECIMALS)}"):
        assert line in head, (line, head)
    assert "date:" in head
    assert "# Post one" in body and "[a link](http://ex.test/x)" in body and "- first point" in body


def test_second_crawl_writes_no_new_file(conn, env):
    prefix, queue, archive = env
    a, b = analysed("http://ex.test/a"), analysed("http://ex.test/b")
    for run_id in ("r1", "r2"):
        queue.enqueue(rk.ARCHIVE_JOB, payload_for(a, prefix=prefix, run_id=run_id, archive_dir=archive))
        queue.enqueue(rk.ARCHIVE_JOB, payload_for(b, prefix=prefix, run_id=run_id, archive_dir=archive))
        run_burst(queue)
        if run_id == "r1":
            (path,) = files(archive)
            before = path.stat()
    (again,) = files(archive)
    after = again.stat()
    assert (after.st_ino, after.st_mtime_ns) == (before.st_ino, before.st_mtime_ns)
    assert counters(conn, prefix, "r1")["archived"] == 1
    c2 = counters(conn, prefix, "r2")
    assert (c2["archived"], c2["unchanged"], c2["duplicates"]) == (0, 1, 1)
    assert not [p for p in archive.rglob(".tmp-*")]


def test_changed_content_rewrites_and_releases_old_claim(conn, env):
    prefix, queue, archive = env
    old = analysed("http://ex.test/p", body="Old text.")
    new = analysed("http://ex.test/p", body="New text, edited.")
    assert old.content_hash != new.content_hash
    queue.enqueue(rk.ARCHIVE_JOB, payload_for(old, prefix=prefix, run_id="r1", archive_dir=archive))
    run_burst(queue)
    job = queue.enqueue(rk.ARCHIVE_JOB, payload_for(new, prefix=prefix, run_id="r2", archive_dir=archive))
    run_burst(queue)
    assert job.return_value()["status"] == "archived"
    (path,) = files(archive)
    assert "New text, edited." in path.read_text(encoding="utf-8")
    assert conn.get(rk.content_key(prefix, old.content_hash)) is None
    # Another URL with the old content now owns it instead of being called a duplicate.
    other = analysed("http://ex.test/q", body="Old text.")
    job = queue.enqueue(rk.ARCHIVE_JOB, payload_for(other, prefix=prefix, run_id="r3", archive_dir=archive))
    run_burst(queue)
    assert job.return_value()["status"] == "archived"


def test_a_page_that_becomes_a_duplicate_leaves_no_stale_file(conn, env):
    """/q had content of its own, archived; now it shows /p's. Its file, a version no URL
    shows any more, goes; /p's file holds the content, and /q is its alias."""
    prefix, queue, archive = env
    for analysis in (analysed("http://ex.test/p", body="Shared text."),
                     analysed("http://ex.test/q", body="Text of q alone.")):
        queue.enqueue(rk.ARCHIVE_JOB, payload_for(analysis, prefix=prefix, run_id="r1",
                                                  archive_dir=archive))
    run_burst(queue)
    assert [p.name for p in files(archive)] == ["p.md", "q.md"]
    job = queue.enqueue(rk.ARCHIVE_JOB, payload_for(analysed("http://ex.test/q", body="Shared text."),
                                                    prefix=prefix, run_id="r2", archive_dir=archive))
    run_burst(queue)
    assert job.return_value()["status"] == "duplicate"
    (path,) = files(archive)
    assert path.name == "p.md" and "Shared text." in path.read_text(encoding="utf-8")
    assert conn.smembers(rk.aliases_key(prefix, "http://ex.test/p")) == {b"http://ex.test/q"}
    assert conn.hget(rk.page_key(prefix, "http://ex.test/q"), rk.FIELD_ARCHIVED_PATH) is None
    # its old content, claimed by nobody now, is free for another URL to own
    other = analysed("http://ex.test/r", body="Text of q alone.")
    job = queue.enqueue(rk.ARCHIVE_JOB, payload_for(other, prefix=prefix, run_id="r3", archive_dir=archive))
    run_burst(queue)
    assert job.return_value()["status"] == "archived"


def test_deleted_file_is_written_again(conn, env):
    prefix, queue, archive = env
    a = analysed("http://ex.test/a")
    queue.enqueue(rk.ARCHIVE_JOB, payload_for(a, prefix=prefix, run_id="r1", archive_dir=archive))
    run_burst(queue)
    (path,) = files(archive)
    path.unlink()
    job = queue.enqueue(rk.ARCHIVE_JOB, payload_for(a, prefix=prefix, run_id="r2", archive_dir=archive))
    run_burst(queue)
    assert job.return_value()["status"] == "archived" and path.exists()


def test_failed_job_is_counted_kept_and_releases_its_claim(conn, env):
    prefix, queue, archive = env
    a = analysed("http://ex.test/broken")
    bad = payload_for(a, prefix=prefix, run_id="r1", archive_dir=archive)
    bad["blocks"] = [{"not": "a block"}]  # the renderer cannot build a Block from this
    job = queue.enqueue(rk.ARCHIVE_JOB, bad, failure_ttl=3600)
    run_burst(queue)
    assert job.get_status() == "failed"
    assert job.id in FailedJobRegistry(queue=queue)
    assert counters(conn, prefix, "r1")["failed"] == 1
    assert conn.get(rk.content_key(prefix, a.content_hash)) is None
    assert files(archive) == []


def test_a_job_with_retries_counts_its_failure_once_after_its_last_run(conn, env):
    from rq import Retry

    prefix, queue, archive = env
    a = analysed("http://ex.test/broken")
    bad = payload_for(a, prefix=prefix, run_id="r1", archive_dir=archive)
    bad["blocks"] = [{"not": "a block"}]
    job = queue.enqueue(rk.ARCHIVE_JOB, bad, retry=Retry(max=2), failure_ttl=3600)
    run_burst(queue)                       # three runs: the first and two retries
    job.refresh()
    assert job.get_status() == "failed" and job.retries_left == 0
    assert counters(conn, prefix, "r1")["failed"] == 1
    assert conn.get(rk.content_key(prefix, a.content_hash)) is None


def test_a_job_that_failed_once_archives_its_page_on_the_next_run(conn, env):
    from rq import Retry

    prefix, queue, archive = env
    a = analysed("http://ex.test/post")
    archive.mkdir(parents=True)
    blocker = archive / "ex.test"
    blocker.write_text("")                 # the host's folder is a file: the first run fails
    job = queue.enqueue(rk.ARCHIVE_JOB, payload_for(a, prefix=prefix, run_id="r1",
                                                    archive_dir=archive), retry=Retry(max=2))
    StoppingWorker([queue], connection=conn).work(burst=True, max_jobs=1)
    job.refresh()
    assert job.get_status() == "queued" and job.retries_left == 1
    assert counters(conn, prefix, "r1")["failed"] == 0   # not yet: it runs again
    blocker.unlink()                       # the fault is gone by the retry
    run_burst(queue)
    assert job.get_status() == "finished"
    done = counters(conn, prefix, "r1")
    assert (done["archived"], done["failed"]) == (1, 0)
    assert files(archive) == [archive / "ex.test" / "post.md"]


def test_url_escaping_archive_dir_fails_the_job(conn, env):
    prefix, queue, archive = env
    a = analysed("http://ex.test/a")
    p = payload_for(a, prefix=prefix, run_id="r1", archive_dir=archive)
    p["url"] = "file:///etc/passwd"
    job = queue.enqueue(rk.ARCHIVE_JOB, p)
    run_burst(queue)
    assert job.get_status() == "failed" and files(archive) == []
    assert counters(conn, prefix, "r1")["failed"] == 1


# -- the Scrapy item pipelines feeding the job ---------------------------------------------


def crawler_for(redis_url, prefix, queue, archive, **extra):
    from scrapy.utils.test import get_crawler

    return get_crawler(settings_dict={
        "LEAFCRAWL_REDIS_URL": redis_url, "LEAFCRAWL_REDIS_PREFIX": prefix,
        "LEAFCRAWL_QUEUE": queue.name, "LEAFCRAWL_RUN_ID": "run-1",
        "LEAFCRAWL_ARCHIVE_DIR": str(archive), **extra})


def item_for(analysis, **over):
    item = {
        "url": analysis.url, "site": "ex", "verdict": analysis.verdict, "score": analysis.score,
        "seed_score": analysis.seed_score, "breakdown": analysis.breakdown,
        "counts": analysis.counts, "counted_links": analysis.counted_links, "status": 200,
        "error": None, "depth": 1, "referrer": "http://ex.test/", "referrer_score": 4.0,
        "fetched_at": "2026-11-29T10:00:00Z", "content_hash": analysis.content_hash,
        "title": analysis.title, "author": analysis.author,
        "date_published": analysis.date_published, "render": "plain",
        "archive": analysis.verdict == "leaf", "blocks": analysis.blocks,
    }
    item.update(over)
    return item


def test_item_pipelines_store_enqueue_and_archive(redis_url, conn, env):
    from pipelines.scrapy_pipelines import (ARCHIVE_RETRIES, STAT_ENQUEUED, EnqueueLeafPipeline,
                                            StoreScorePipeline)

    prefix, queue, archive = env
    crawler = crawler_for(redis_url, prefix, queue, archive)
    store_pl = StoreScorePipeline.from_crawler(crawler)
    enqueue_pl = EnqueueLeafPipeline.from_crawler(crawler)
    assert store_pl.store.redis is enqueue_pl.redis  # one connection per crawler

    leaf = analysed("http://ex.test/leaf")
    assert leaf.verdict == "leaf"
    items = [
        item_for(leaf),
        item_for(analysed("http://ex.test/idx"), verdict="index", archive=False, score=12.5),
        item_for(analysed("http://ex.test/no-archive"), archive=False),
        {"url": "http://ex.test/gone", "site": "ex", "verdict": None, "score": None,
         "status": 404, "error": "HTTP 404", "depth": 2, "referrer": "http://ex.test/",
         "referrer_score": 4.0, "fetched_at": "2026-11-29T10:00:00Z", "render": "plain",
         "archive": False},
    ]
    for item in items:
        assert enqueue_pl.process_item(store_pl.process_item(item)) is item
    assert queue.count == 1
    assert crawler.stats.get_value(STAT_ENQUEUED) == 1
    assert counters(conn, prefix, "run-1")["enqueued"] == 1
    job = queue.jobs[0]
    assert job.func_name == "workers.jobs.archive_page"
    # a finished job leaves Redis at once (its outcome is in the run's counters and the
    # page's record); a failed one stays to be inspected
    assert job.timeout and job.result_ttl == 0 and job.failure_ttl >= 7 * 24 * 3600
    assert job.retries_left == ARCHIVE_RETRIES >= 1   # an abandoned or faulted job runs again
    assert job.args[0]["archive_dir"] == str(archive.resolve())

    store = ScoreStore(conn, prefix)
    assert [p["url"] for p in store.site_pages("ex")][:1] == ["http://ex.test/idx"]
    gone = store.get_page("http://ex.test/gone")
    assert gone["status"] == 404 and gone["error"] == "HTTP 404"
    # the record keeps the terms that count (the zero ones are the rest of TERMS)
    assert store.get_page(leaf.url)["breakdown"] == {
        t: round(v, 4) for t, v in leaf.breakdown.items() if v}

    run_burst(queue)
    page = store.get_page(leaf.url)
    assert page["archived_path"] == str(archive.resolve() / "ex.test/leaf.md")
    assert Path(page["archived_path"]).read_text(encoding="utf-8").startswith("---\nurl: http://ex.test/leaf\n")
    assert counters(conn, prefix, "run-1")["archived"] == 1
    store_pl.close_spider()
    enqueue_pl.close_spider()


def test_pipelines_not_configured_without_redis_url():
    from scrapy.exceptions import NotConfigured
    from scrapy.utils.test import get_crawler

    from pipelines.scrapy_pipelines import EnqueueLeafPipeline, StoreScorePipeline

    crawler = get_crawler(settings_dict={})
    for cls in (StoreScorePipeline, EnqueueLeafPipeline):
        with pytest.raises(NotConfigured):
            cls.from_crawler(crawler)


def test_relative_archive_dir_is_made_absolute(redis_url, env, monkeypatch, tmp_path):
    from pipelines.scrapy_pipelines import EnqueueLeafPipeline

    prefix, queue, _ = env
    monkeypatch.chdir(tmp_path)
    pl = EnqueueLeafPipeline.from_crawler(crawler_for(redis_url, prefix, queue, "out/archive"))
    assert pl.archive_dir == os.path.join(str(tmp_path), "out", "archive")
    pl.close_spider()


def test_photo_posts_titled_alike_are_archived_each(conn, env):
    # a photo blog titles its posts "Untitled": their pictures, not their words, tell them
    # apart, and neither is recorded as the other's duplicate
    from pipelines.page import analyze_page

    prefix, queue, archive = env
    page = ('<html><head><title>Untitled</title></head><body><main><article><h1>Untitled</h1>'
            '<img src="/photos/{}.jpg"></article></main></body></html>')
    posts = [analyze_page(page.format(name), f"http://ex.test/2026/{name}/")
             for name in ("sunset", "harbour")]
    jobs = [queue.enqueue(rk.ARCHIVE_JOB, payload_for(p, prefix=prefix, run_id="r1", archive_dir=archive))
            for p in posts]
    run_burst(queue)
    assert [j.return_value()["status"] for j in jobs] == ["archived", "archived"]
    texts = [f.read_text(encoding="utf-8") for f in files(archive)]
    assert len(texts) == 2
    assert {"/photos/harbour.jpg" in t for t in texts} == {True, False}


def test_two_urls_naming_one_file_keep_a_file_each(conn, env):
    # /guide and /guide/ are one file name (guide.md) but can be two pages: the second must
    # not overwrite the first, and each keeps its own file in the next run
    prefix, queue, archive = env
    a = analysed("http://ex.test/guide", title="Guide", body="The guide itself.")
    b = analysed("http://ex.test/guide/", title="Guide folder", body="A different page.")
    assert a.content_hash != b.content_hash
    for run_id in ("r1", "r2"):
        for page in (a, b):
            queue.enqueue(rk.ARCHIVE_JOB, payload_for(page, prefix=prefix, run_id=run_id,
                                                      archive_dir=archive))
        run_burst(queue)

    written = files(archive)
    own = archive.resolve() / "ex.test/guide.md"
    assert len(written) == 2 and own in written
    texts = {p.name: p.read_text() for p in written}
    assert "The guide itself." in texts["guide.md"]
    (other,) = [n for n in texts if n != "guide.md"]
    assert other.startswith("guide-u") and "A different page." in texts[other]
    assert counters(conn, prefix, "r1")["archived"] == 2
    assert counters(conn, prefix, "r2")["unchanged"] == 2
    paths = {url: conn.hget(rk.page_key(prefix, url), rk.FIELD_ARCHIVED_PATH).decode()
             for url in (a.url, b.url)}
    assert paths == {a.url: str(own), b.url: str(archive.resolve() / "ex.test" / other)}


def test_content_passes_to_the_url_its_first_owner_names_canonical(conn, env):
    # A Q&A site's ?answer= view of a question is often reached before the question's own
    # URL, which its <link rel="canonical"> names: the archive must end up under that name
    prefix, queue, archive = env
    view = analysed("http://ex.test/q/12/slug/?answer=34")
    question = analysed("http://ex.test/q/12/slug/")
    assert view.content_hash == question.content_hash
    first = payload_for(view, prefix=prefix, run_id="r1", archive_dir=archive)
    first["canonical_url"] = question.url
    job_view = queue.enqueue(rk.ARCHIVE_JOB, first)
    run_burst(queue)
    assert job_view.return_value()["status"] == "archived"
    (view_file,) = files(archive)
    assert view_file.name.startswith("slug-q")     # the view's own name, query hashed

    job_q = queue.enqueue(rk.ARCHIVE_JOB, payload_for(question, prefix=prefix, run_id="r1",
                                                      archive_dir=archive))
    run_burst(queue)
    own = archive.resolve() / "ex.test/q/12/slug.md"
    assert job_q.return_value() == {"status": "archived", "path": str(own), "canonical": question.url}
    assert files(archive) == [own]
    assert conn.get(rk.content_key(prefix, question.content_hash)).decode() == question.url
    assert {m.decode() for m in conn.smembers(rk.aliases_key(prefix, question.url))} == {view.url}
    view_record = conn.hgetall(rk.page_key(prefix, view.url))
    assert view_record[rk.FIELD_CANONICAL.encode()].decode() == question.url
    assert rk.FIELD_ARCHIVED_PATH.encode() not in view_record

    # and the view, crawled again, is a duplicate of the question
    again = queue.enqueue(rk.ARCHIVE_JOB, dict(first, run_id="r2"))
    run_burst(queue)
    assert again.return_value() == {"status": "duplicate", "path": None, "canonical": question.url}
    assert files(archive) == [own]
