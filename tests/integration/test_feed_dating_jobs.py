"""Dates from a site's feed reach the archive whichever comes first, the feed or the page
(workers/feed_dating.py), by real RQ jobs on a real Redis."""
from __future__ import annotations

import pytest

from pipelines.metadata.feed_dates import page_key
from pipelines.store import redis_keys as rk
from tests.integration.test_archive_job import (  # noqa: F401 - the env fixture
    env, files, payload_for, run_burst)
from tests.support.cli import read_front_matter
from workers.feed_dating import add_date, note_undated

pytestmark = pytest.mark.integration

UNDATED = """<html><head><title>{title}</title></head><body><main><article><h1>{title}</h1>
<p>The keeper logged the weather every hour of the night, and the ships that passed.</p>
<p>Nothing on this page says when it was written: the theme prints no date.</p>
</article></main></body></html>"""
DATED = UNDATED.replace("<h1>{title}</h1>", "<h1>{title}</h1><p>Posted <time datetime="
                        "\"2019-03-04\">March 4, 2019</time></p>")
URL = "http://ex.test/posts/night-log.html"


def page_payload(html, *, prefix, run_id, archive, url=URL):
    from pipelines.page import analyze_page

    return payload_for(analyze_page(html.format(title="Night log"), url), prefix=prefix,
                       run_id=run_id, archive_dir=archive)


def feed_came(queue, prefix, days):
    """What EnqueueLeafPipeline does with a feed item."""
    queue.connection.hset(rk.feed_dates_key(prefix), mapping=days)
    queue.enqueue(rk.FEED_DATE_JOB, {"prefix": prefix, "keys": sorted(days)})


@pytest.mark.parametrize("feed_first", [True, False])
def test_an_undated_page_takes_its_feed_day_in_either_order(conn, env, feed_first):
    prefix, queue, archive = env
    days = {page_key("https://ex.test/posts/night-log.html"): "2021-06-07"}
    if feed_first:
        feed_came(queue, prefix, days)
        run_burst(queue)
    queue.enqueue(rk.ARCHIVE_JOB, page_payload(UNDATED, prefix=prefix, run_id="r1", archive=archive))
    run_burst(queue)
    if not feed_first:
        [doc] = files(archive)
        assert "date" not in read_front_matter(doc)
        feed_came(queue, prefix, days)
        run_burst(queue)
    [doc] = files(archive)
    front = read_front_matter(doc)
    assert str(front["date"]) == "2021-06-07"
    assert list(front)[:4] == ["url", "title", "date", "fetched_at"]
    assert "The keeper logged the weather" in doc.read_text()
    assert not conn.hexists(rk.undated_key(prefix), page_key(URL))


def test_the_page_own_date_wins_over_its_feed_day(conn, env):
    prefix, queue, archive = env
    feed_came(queue, prefix, {page_key(URL): "2021-06-07"})
    queue.enqueue(rk.ARCHIVE_JOB, page_payload(DATED, prefix=prefix, run_id="r1", archive=archive))
    run_burst(queue)
    [doc] = files(archive)
    assert str(read_front_matter(doc)["date"]).startswith("2019-03-04")


def test_a_feed_after_an_unchanged_recrawl_still_dates_the_file(conn, env):
    prefix, queue, archive = env
    for run_id in ("r1", "r2"):
        queue.enqueue(rk.ARCHIVE_JOB, page_payload(UNDATED, prefix=prefix, run_id=run_id,
                                                   archive=archive))
        run_burst(queue)
    feed_came(queue, prefix, {page_key(URL): "2022-01-31"})
    # a third crawl that finds the page unchanged and the feed's day already known
    queue.enqueue(rk.ARCHIVE_JOB, page_payload(UNDATED, prefix=prefix, run_id="r3", archive=archive))
    run_burst(queue)
    [doc] = files(archive)
    assert str(read_front_matter(doc)["date"]) == "2022-01-31"


def test_a_feed_that_lands_between_the_write_and_the_record_is_seen(conn, env, tmp_path):
    """The race of two workers: the archive job wrote its file and found no feed day; the feed
    came and its job found no record yet. The archive job's record, made before it looks at the
    feed days again, dates the file."""
    prefix, _queue, _archive = env
    doc = tmp_path / "night-log.md"
    doc.write_text("---\nurl: http://ex.test/posts/night-log.html\ntitle: Night log\n"
                   "fetched_at: '2026-12-05T00:00:00Z'\n---\n\n# Night log\n")
    conn.hset(rk.feed_dates_key(prefix), page_key(URL), "2020-02-02")
    note_undated(conn, prefix, URL, str(doc))
    assert str(read_front_matter(doc)["date"]) == "2020-02-02"
    assert not conn.hexists(rk.undated_key(prefix), page_key(URL))


def test_add_date_leaves_a_dated_file_and_a_file_without_front_matter_alone(tmp_path):
    dated = tmp_path / "a.md"
    dated.write_text("---\nurl: x\ndate: '2019-01-01'\n---\n\nText\n")
    bare = tmp_path / "b.md"
    bare.write_text("Text without front matter\n")
    assert add_date(dated, "2020-02-02") and "2019-01-01" in dated.read_text()
    assert not add_date(bare, "2020-02-02") and bare.read_text() == "Text without front matter\n"
    assert not add_date(tmp_path / "gone.md", "2020-02-02")
