"""`explain` and `scores` find a page by the URL a user types, and name the nearest stored
URLs when there is none (against the test Redis)."""
from __future__ import annotations

from crawler.commands.page_lookup import lookup_page, nearest_urls, url_variants
from pipelines.store.score_store import ScoreStore
from tests.support.cli import run_leafcrawl


def test_the_forms_of_one_address():
    forms = url_variants("http://h.org/year-archive")
    assert forms[0] == "http://h.org/year-archive"
    assert "http://h.org/year-archive/" in forms and "https://h.org/year-archive/" in forms
    assert "http://h.org/docs/" in url_variants("http://h.org/docs/index.html")
    assert "http://h.org/docs" in url_variants("https://h.org/docs/#install")
    assert "http://h.org/" in url_variants("https://h.org")
    # a hash route is the page itself, kept in every form (a place in the page, #install, is not)
    assert url_variants("http://h.org/#/guide/usage/")[0] == "http://h.org/#/guide/usage"


def record(url, site="h.org"):
    return {"url": url, "site": site, "verdict": "index", "score": 12.5, "seed_score": 3.0,
            "breakdown": {"head_start": 9.0}, "counts": {"head_start": 1}, "counted_links": {},
            "status": 200, "error": None, "depth": 1, "referrer": None, "title": "Archive"}


def test_a_page_is_found_by_any_form_of_its_address_and_the_nearest_are_named(redis_ns, tmp_path):
    store = ScoreStore(redis_ns.conn, redis_ns.prefix)
    for url in ("http://h.org/year-archive/", "http://h.org/years/2024/", "http://h.org/about/"):
        store.save_page(record(url))
    for typed in ("http://h.org/year-archive", "https://h.org/year-archive/",
                  "http://h.org/year-archive/index.html", "http://h.org/year-archive/#2024"):
        assert lookup_page(store, typed)["url"] == "http://h.org/year-archive/", typed
    assert lookup_page(store, "http://h.org/year-archives/") is None
    assert nearest_urls(store, "http://h.org/year-archives/")[0] == "http://h.org/year-archive/"
    # the command says so in one line, from any folder
    result = run_leafcrawl("explain", "http://h.org/year-archives", cwd=tmp_path,
                           redis_url=redis_ns.url, env=redis_ns.env)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert "no stored score for http://h.org/year-archives; the nearest stored: " \
           "http://h.org/year-archive/" in result.stderr
    found = run_leafcrawl("explain", "h.org/year-archive".join(["https://", ""]), cwd=tmp_path,
                          redis_url=redis_ns.url, env=redis_ns.env)
    assert found.returncode == 0 and found.stdout.startswith("http://h.org/year-archive/")


def test_a_stored_record_keeps_the_terms_that_count_and_explain_shows_the_rest(redis_ns):
    from crawler.commands.report import render_explanation
    from pipelines.page import analyze_page
    from tests.unit.test_explain_golden import CASES, record as golden_record

    page = golden_record(*CASES["explain_index.txt"])
    store = ScoreStore(redis_ns.conn, redis_ns.prefix)
    store.save_page(page)
    stored = store.get_page(page["url"])
    assert all(stored["breakdown"].values()) and all(stored["counts"].values())
    raw = redis_ns.conn.hgetall(f"{redis_ns.prefix}:page:{page['url']}")
    assert b"term:url_taxonomy" in raw and b"term:pagination" not in raw     # a zero term
    # the explanation reads the same from the slim record as from the whole one
    assert render_explanation({**page, **stored}) == render_explanation(page)
    assert analyze_page  # (the golden page is analysed by record())
