"""Pages analysed in processes beside the reactor: the same analysis, its errors, a lost process."""

from __future__ import annotations

import asyncio

import pytest

from crawler.spiders.analysis_pool import AnalysisCall, AnalysisPool, run_steps
from pipelines.page import IndexinessConfig, PageError, analyze_page

URL = "http://127.0.0.1:9/posts/a/"
LEAF = ("<html><head><title>A post</title></head><body><nav><a href='/'>Home</a></nav><main>"
        "<h1>A post</h1>" + "<p>" + "Words of the post, one sentence after another. " * 30 + "</p>"
        "</main></body></html>")


def analyse(pool: AnalysisPool, html, content: str = "leaves"):
    return pool.analyze(html, URL, IndexinessConfig(), content=content, encoding=None)


@pytest.fixture
def pool():
    pool = AnalysisPool(1)
    yield pool
    pool.close()


def test_a_process_of_the_pool_analyses_a_page_as_this_thread_does(pool):
    here = analyze_page(LEAF, URL, IndexinessConfig(), content="leaves")
    there = asyncio.run(analyse(pool, LEAF))
    assert there.to_dict() == here.to_dict()
    assert there.verdict == "leaf" and there.blocks


def test_a_bad_page_raises_its_own_error_across_the_process_boundary(pool):
    with pytest.raises(PageError, match="binary"):
        asyncio.run(analyse(pool, b"\x00\x01\x02PNG" * 200))


def test_a_killed_process_is_replaced_and_the_page_analysed_again(pool):
    async def kill_then_analyse():
        await analyse(pool, LEAF)           # the pool's process is up
        for process in list(pool._pool._processes.values()):
            process.kill()
            process.join()
        return await analyse(pool, LEAF)

    analysis = asyncio.run(kill_then_analyse())
    assert analysis.verdict == "leaf" and pool.restarts == 1


def test_steps_get_their_analysis_and_handle_its_error_themselves():
    def steps(html):
        yield "before"
        try:
            analysis = yield AnalysisCall(html, URL, IndexinessConfig(), content="leaves", encoding=None)
        except PageError as exc:
            yield f"failed: {exc}"
            return
        yield analysis.verdict

    on_thread = AnalysisPool(0)
    assert asyncio.run(run_steps(steps(LEAF), on_thread)) == ["before", "leaf"]
    out = asyncio.run(run_steps(steps(""), on_thread))
    assert out[0] == "before" and out[1].startswith("failed: ") and len(out) == 2
