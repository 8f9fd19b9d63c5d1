"""A split post's further parts join its first part's document (workers/joined_posts.py), by
real RQ jobs on a real Redis, in whichever order the jobs run."""
from __future__ import annotations

import pytest

from pipelines.store import redis_keys as rk
from tests.integration.test_archive_job import (  # noqa: F401 - the env fixture
    counters, env, files, payload_for, run_burst)
from tests.support.cli import read_front_matter

pytestmark = pytest.mark.integration

PART = """<html><head><title>A long story</title></head><body><main><article><h1>A long story</h1>
<p>{text} The keeper wrote down the weather, hour by hour, through the long night.</p>
<p>Pages: <a href="/story/">1</a> <a href="/story/2/">2</a> <a href="/story/3/">3</a></p>
</article></main></body></html>"""
FIRST = "http://ex.test/story/"
PARTS = ("http://ex.test/story/2/", "http://ex.test/story/3/")


def part_payload(url, text, *, prefix, run_id, archive):
    from pipelines.page import analyze_page

    payload = payload_for(analyze_page(PART.format(text=text), url, content="always"),
                          prefix=prefix, run_id=run_id, archive_dir=archive)
    return payload | ({"part_of": FIRST} if url != FIRST else {})


def crawl(queue, prefix, archive, run_id, order, texts=None):
    texts = texts or {FIRST: "Part one.", PARTS[0]: "Part two.", PARTS[1]: "Part three."}
    for url in order:
        queue.enqueue(rk.ARCHIVE_JOB, part_payload(url, texts[url], prefix=prefix, run_id=run_id,
                                                   archive=archive))
    run_burst(queue)


@pytest.mark.parametrize("order", [(FIRST, *PARTS), (PARTS[1], FIRST, PARTS[0]),
                                   (*reversed(PARTS), FIRST)])
def test_the_parts_join_the_first_part_document_in_any_order(conn, env, order):
    prefix, queue, archive = env
    crawl(queue, prefix, archive, "r1", order)
    [doc] = files(archive)
    text = doc.read_text()
    assert text.index("Part one.") < text.index("Part two.") < text.index("Part three.")
    front = read_front_matter(doc)
    assert front["url"] == FIRST and front["parts"] == list(PARTS)
    assert counters(conn, prefix, "r1") | {"enqueued": 0} == {
        "enqueued": 0, "archived": 1, "joined": 2, "duplicates": 0, "unchanged": 0, "failed": 0}
    assert {a.decode() for a in conn.smembers(rk.aliases_key(prefix, FIRST))} == set(PARTS)
    assert conn.hget(rk.page_key(prefix, PARTS[0]), rk.FIELD_PART_OF).decode() == FIRST


def test_a_later_crawl_keeps_one_document_and_takes_a_changed_part(conn, env):
    prefix, queue, archive = env
    crawl(queue, prefix, archive, "r1", (FIRST, *PARTS))
    [doc] = files(archive)
    first_text = doc.read_text()
    crawl(queue, prefix, archive, "r2", (*PARTS, FIRST))
    assert files(archive) == [doc] and doc.read_text() == first_text
    assert counters(conn, prefix, "r2")["unchanged"] == 1
    crawl(queue, prefix, archive, "r3", (PARTS[0],),
          texts={PARTS[0]: "Part two, corrected."})
    text = doc.read_text()
    assert "Part two, corrected." in text and "Part two." not in text.replace("Part two, corrected.", "")
    assert text.index("Part one.") < text.index("Part two, corrected.") < text.index("Part three.")


def test_a_part_archived_alone_before_gives_its_file_to_the_post(conn, env):
    prefix, queue, archive = env
    # an earlier crawl, where page 1 read as a listing: page 2 archived on its own
    alone = part_payload(PARTS[0], "Part two.", prefix=prefix, run_id="r1", archive=archive)
    alone.pop("part_of")
    queue.enqueue(rk.ARCHIVE_JOB, alone)
    run_burst(queue)
    assert len(files(archive)) == 1
    crawl(queue, prefix, archive, "r2", (FIRST, *PARTS))
    [doc] = files(archive)
    assert read_front_matter(doc)["url"] == FIRST and "Part two." in doc.read_text()


def test_a_part_reached_again_without_word_of_its_post_stays_in_the_post(conn, env):
    prefix, queue, archive = env
    crawl(queue, prefix, archive, "r1", (FIRST, *PARTS))
    # a later crawl: the first page not modified, its kept links lead to page 2, changed
    changed = part_payload(PARTS[0], "Part two, revised.", prefix=prefix, run_id="r2", archive=archive)
    changed.pop("part_of")
    queue.enqueue(rk.ARCHIVE_JOB, changed)
    run_burst(queue)
    [doc] = files(archive)
    assert "Part two, revised." in doc.read_text()
    assert counters(conn, prefix, "r2")["joined"] == 1


def test_a_post_file_removed_by_hand_comes_back_whole_with_its_first_page(conn, env):
    prefix, queue, archive = env
    crawl(queue, prefix, archive, "r1", (FIRST, *PARTS))
    [doc] = files(archive)
    doc.unlink()
    crawl(queue, prefix, archive, "r2", PARTS)         # parts alone: nothing to join them to
    assert files(archive) == [] and counters(conn, prefix, "r2")["failed"] == 0
    crawl(queue, prefix, archive, "r3", (FIRST,))
    text = doc.read_text()
    assert text.index("Part one.") < text.index("Part two.") < text.index("Part three.")
