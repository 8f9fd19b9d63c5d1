"""Which known pages a later crawl revisits conditionally (crawler/frontier/revisits.py)."""

from __future__ import annotations

import json

import pytest
from scrapy.http import Headers, Request, Response

from crawler.frontier.revisits import (DIGEST_META, REVISIT_META, REVISITED_META, KnownPage, RevisitMiddleware,
                              conditional_headers, document_digest, drawn_by_its_document, follow_tag, known_page,
                              links_in_document, links_ref, response_validators, same_validators,
                              written_per_request)
from pipelines.indexiness.page_address import page_address
from pipelines.store.site_config import ConfigError, validate

URL = "http://127.0.0.1:8000/posts/a/"


@pytest.fixture
def archived(tmp_path):
    path = tmp_path / "archive" / "127.0.0.1_8000" / "posts" / "a.md"
    path.parent.mkdir(parents=True)
    path.write_text("# A\n")
    return tmp_path / "archive", path


def fields(path, **changes):
    record = {"score": b"-30.5", "status": b"200", "render": b"browser",
              "etag": b'"abc"', "last_modified": b"Tue, 01 Dec 2026 12:00:00 GMT",
              "archived_path": str(path).encode(), "canonical": URL.encode(),
              "followed_links": b"leaf:0123"}
    record.update(changes)
    return record


def known(archive_dir, record, **kwargs):
    options = dict(threshold=0.0, render="browser", archive_dir=str(archive_dir), tag="leaf")
    options.update(kwargs)
    return known_page(URL, record, **options)


def test_an_archived_leaf_with_a_validator_is_revisited(archived):
    archive_dir, path = archived
    leaf = known(archive_dir, fields(path))
    assert leaf == KnownPage('"abc"', "Tue, 01 Dec 2026 12:00:00 GMT", "leaf:0123", -30.5)
    assert conditional_headers(leaf) == {"If-None-Match": '"abc"',
                                         "If-Modified-Since": "Tue, 01 Dec 2026 12:00:00 GMT"}
    # one validator is enough
    only_date = known(archive_dir, fields(path, etag=None))
    assert conditional_headers(only_date) == {"If-Modified-Since": "Tue, 01 Dec 2026 12:00:00 GMT"}


@pytest.mark.parametrize("change, why", [
    (dict(status=b"404"), "its last fetch failed"),
    (dict(render=b"plain"), "archived from a plain fetch, crawled now in a browser"),
    (dict(canonical=b"http://127.0.0.1:8000/other/"), "a duplicate of another page"),
    (dict(followed_links=b"all:0123"), "followed under --follow-leaf-links"),
    (dict(followed_links=None), "no stored links"),
    (dict(archived_path=None), "never archived"),
])
def test_a_page_is_fetched_in_full(archived, change, why):
    """(A page whose server sent no validator is revisited: its bytes decide, below.)"""
    archive_dir, path = archived
    assert known(archive_dir, fields(path, **change)) is None, why


def test_a_file_gone_or_in_another_archive_is_fetched_in_full(archived, tmp_path):
    archive_dir, path = archived
    assert known(tmp_path / "elsewhere", fields(path)) is None
    # a sibling directory whose name starts like the archive's is not inside it
    assert known(str(archive_dir) + "-old", fields(path)) is None
    path.unlink()
    assert known(archive_dir, fields(path)) is None


def test_the_threshold_of_this_crawl_decides_what_is_a_leaf(archived):
    """A leaf's stored links are a leaf's: at a threshold that makes it an index, the crawl
    would follow more of its links, so it is fetched; and the other way round."""
    archive_dir, path = archived
    assert known(archive_dir, fields(path), threshold=-40.0) is None
    assert known(archive_dir, fields(path, score=b"3.0"), threshold=5.0) is not None
    index = fields(path, score=b"3.0", followed_links=b"index:0123")
    assert known(archive_dir, index) is not None
    assert known(archive_dir, index, threshold=5.0) is None


def test_an_index_page_is_revisited_when_its_links_are_its_documents(archived):
    """An unchanged document links what it linked, if its links were the document's own:
    always so for a plain crawl; for a browser's, when every link followed was there once
    the document was parsed. A listing whose script fetches its entries is rendered again."""
    archive_dir, path = archived
    index = fields(path, score=b"12.0", archived_path=None, canonical=None,
                   followed_links=b"index:0123")
    assert known(archive_dir, index) == KnownPage(
        '"abc"', "Tue, 01 Dec 2026 12:00:00 GMT", "index:0123", 12.0)
    assert known(archive_dir, dict(index, followed_links=None)) is None
    # without validators too: the answer's bytes are compared with the last document's
    assert known(archive_dir, dict(index, etag=None, last_modified=None, document_digest=b"d1")) == \
        KnownPage(None, None, "index:0123", 12.0, "d1")

    parsed = {"parsedLinks": ["http://h/a/", "http://h/b/"], "parsedText": 900, "text": 1000}
    assert drawn_by_its_document(True, ["http://h/a/"], parsed)
    assert not drawn_by_its_document(True, ["http://h/a/", "http://h/c/"], parsed)


def test_a_leaf_whose_body_a_script_draws_is_rendered_every_time():
    """Its text came after the document was parsed: an unchanged document says nothing of it."""
    assert drawn_by_its_document(False, [], {"parsedText": 9000, "text": 9400})     # a widget
    assert drawn_by_its_document(False, [], {"parsedText": 90000, "text": 100000})  # 10%
    assert not drawn_by_its_document(False, [], {"parsedText": 300, "text": 9000})  # the body
    assert not drawn_by_its_document(False, [], {"parsedText": None, "text": 9000})
    assert not drawn_by_its_document(False, [], {"error": "collector timed out"})
    assert not drawn_by_its_document(False, [], None)


def test_links_in_the_parsed_document():
    parsed = ["http://h/a/", "http://h/b/#top", "http://h/c/"]
    assert links_in_document(["http://h/a/", "http://h/b/"], parsed)
    assert not links_in_document(["http://h/a/", "http://h/d/"], parsed)    # a script's
    assert not links_in_document(["http://h/a/"], None)     # not measured: no telling
    assert links_in_document([], [])


def test_validators_and_links_ref():
    headers = Headers({"ETag": 'W/"x1"', "Last-Modified": "Tue, 01 Dec 2026 12:00:00 GMT"})
    assert response_validators(headers) == {"etag": 'W/"x1"',
                                            "last_modified": "Tue, 01 Dec 2026 12:00:00 GMT"}
    assert response_validators(Headers({})) == {"etag": None, "last_modified": None}
    ref = links_ref(follow_tag(False), ["http://h/a/", "http://h/b/"])
    assert ref.startswith("leaf:")
    assert ref == links_ref("leaf", ["http://h/a/", "http://h/b/"])
    assert ref != links_ref("leaf", ["http://h/b/", "http://h/a/"])
    assert links_ref(follow_tag(True), []).startswith("all:")
    assert links_ref(follow_tag(True, is_index=True), []).startswith("index:")


def middleware(ns, archive_dir, record, url=URL):
    """The middleware on the test's Redis, which holds one known page and its site."""
    ns.conn.hset(f"{ns.prefix}:page:{url}", mapping={k: v for k, v in record.items() if v is not None})
    ns.conn.zadd(f"{ns.prefix}:site:s:scores", {url: -30.5})
    return RevisitMiddleware(ns.conn, prefix=ns.prefix, threshold=0.0,
                             archive_dir=str(archive_dir), tag="leaf", site="s")


def page_request(url=URL, depth=1, **meta):
    return Request(url, meta={"leafcrawl_page": True, "depth": depth, "playwright": True, **meta})


def test_a_known_page_is_asked_for_by_plain_http_with_its_validators(archived, redis_ns):
    archive_dir, path = archived
    request = page_request()
    assert middleware(redis_ns, archive_dir, fields(path)).process_request(request) is None
    assert request.meta["playwright"] is False
    assert request.meta[REVISIT_META]["playwright"] is True
    assert 304 in request.meta["handle_httpstatus_list"]
    assert request.headers[b"If-None-Match"] == b'"abc"'


@pytest.mark.parametrize("recorded, playwright, revisited", [
    (b"plain", False, True), (b"browser", True, True),
    (b"browser", False, False), (b"plain", True, False)])
def test_a_page_is_revisited_only_in_the_mode_its_request_fetches_it_in(
        archived, redis_ns, recorded, playwright, revisited):
    """The mode is the request's: --render auto decides it per site, so one crawler process
    may hold plain and browser requests. A page archived from one mode is not taken as
    unchanged by the other's request (a plain document says nothing of what a script drew)."""
    archive_dir, path = archived
    request = page_request(playwright=playwright)
    middleware(redis_ns, archive_dir, fields(path, render=recorded)).process_request(request)
    assert (REVISIT_META in request.meta) is revisited


@pytest.mark.parametrize("request_", [
    page_request(depth=0),                                      # a start page
    page_request(url="http://127.0.0.1:8000/#/posts/a"),        # a route: the shell answers
    page_request(**{REVISITED_META: True}),                     # asked once already
    Request(URL, meta={"depth": 1}),                            # no page (a sitemap, robots.txt)
])
def test_start_pages_routes_and_other_requests_are_left_alone(archived, redis_ns, request_):
    archive_dir, path = archived
    # the page's record is there, under the address the page is known by
    key = page_address(request_.url)
    revisit = middleware(redis_ns, archive_dir, fields(path, canonical=key.encode()), url=key)
    assert revisit.process_request(request_) is None
    assert REVISIT_META not in request_.meta
    assert b"If-None-Match" not in request_.headers


def test_the_revisit_setting_is_checked():
    base = {"name": "s", "start_urls": ["http://h/"]}
    assert validate(base, "t").revisit == "changed"
    assert validate(dict(base, revisit="all"), "t").revisit == "all"
    with pytest.raises(ConfigError, match="revisit.*'sometimes' is not one of changed, all"):
        validate(dict(base, revisit="sometimes"), "t")


def asked(ns, archive_dir, path, playwright=True):
    revisit = middleware(ns, archive_dir, fields(path, render=b"browser" if playwright else b"plain"))
    request = page_request(playwright=playwright)
    revisit.process_request(request)
    assert REVISIT_META in request.meta
    return revisit, request


def test_not_modified_reaches_the_spider_with_the_links_stored_for_the_page(archived, redis_ns):
    archive_dir, path = archived
    redis_ns.conn.set(f"{redis_ns.prefix}:links:0123", json.dumps(["http://127.0.0.1:8000/b/"]))
    revisit, request = asked(redis_ns, archive_dir, path)
    response = Response(URL, status=304, request=request)
    assert revisit.process_response(request, response) is response
    assert request.meta[REVISIT_META]["links"] == ["http://127.0.0.1:8000/b/"]


@pytest.mark.parametrize("status, playwright", [(304, True), (304, False), (200, True), (301, False)])
def test_the_page_is_fetched_again_as_the_spider_asked(archived, redis_ns, status, playwright):
    """304 without its stored links (they were lost), a change seen by a browser crawl, a
    redirect: the page's own request again, of the same depth, without validators."""
    archive_dir, path = archived
    revisit, request = asked(redis_ns, archive_dir, path, playwright=playwright)
    again = revisit.process_response(request, Response(URL, status=status, request=request))
    assert isinstance(again, Request) and again.url == URL and again.dont_filter
    assert again.meta["playwright"] is playwright and again.meta["depth"] == 1
    assert again.meta[REVISITED_META] and REVISIT_META not in again.meta
    assert b"If-None-Match" not in again.headers and b"If-Modified-Since" not in again.headers
    assert 304 not in again.meta.get("handle_httpstatus_list", ())
    assert revisit.process_request(again) is None and REVISIT_META not in again.meta


def test_a_changed_page_fetched_by_plain_http_is_the_page(archived, redis_ns):
    archive_dir, path = archived
    revisit, request = asked(redis_ns, archive_dir, path, playwright=False)
    response = Response(URL, status=200, request=request, body=b"<html></html>")
    assert revisit.process_response(request, response) is response
    assert REVISIT_META not in request.meta


DOCUMENT = b"<html><body><p>The lamp, as it was.</p></body></html>"


@pytest.mark.parametrize("playwright", [False, True])
def test_a_full_answer_with_the_last_documents_bytes_is_not_modified(archived, redis_ns, playwright):
    """A server without validators: the same bytes are the same page, in either mode."""
    archive_dir, path = archived
    redis_ns.conn.set(f"{redis_ns.prefix}:links:0123", json.dumps(["http://127.0.0.1:8000/b/"]))
    record = fields(path, etag=None, last_modified=None, document_digest=document_digest(DOCUMENT, masked=True),
                    render=b"browser" if playwright else b"plain")
    revisit = middleware(redis_ns, archive_dir, record)
    request = page_request(playwright=playwright)
    revisit.process_request(request)
    assert request.meta["playwright"] is False and b"If-None-Match" not in request.headers
    response = Response(URL, status=200, request=request, body=DOCUMENT)
    assert revisit.process_response(request, response) is response
    assert request.meta[REVISIT_META]["links"] == ["http://127.0.0.1:8000/b/"]


def test_other_bytes_send_the_browser_with_their_digest(archived, redis_ns):
    """Changed, or never known (a browser crawl sees no document bytes): rendered again, and
    the record gets the digest of what the plain fetch brought, for the next crawl."""
    archive_dir, path = archived
    for stored in (document_digest(b"<html>before</html>", masked=True), None):
        record = fields(path, etag=None, last_modified=None, document_digest=stored)
        revisit = middleware(redis_ns, archive_dir, record)
        request = page_request()
        revisit.process_request(request)
        again = revisit.process_response(request, Response(URL, status=200, request=request,
                                                           body=DOCUMENT))
        assert isinstance(again, Request) and again.meta["playwright"] is True
        assert again.meta[DIGEST_META] == document_digest(DOCUMENT, masked=True)


def form_page(token: str) -> bytes:
    return (f'<html><body><form action="/search"><input type="hidden" name="form_build_id" '
            f'value="form-{token}"><input name="q"></form><p>The lamp, as it was.</p>'
            f'</body></html>').encode()


def test_a_per_request_form_token_does_not_make_the_page_new(archived, redis_ns):
    """A CMS without validators writes a fresh token into every answer: masked, the answer
    is the page the record knows."""
    archive_dir, path = archived
    redis_ns.conn.set(f"{redis_ns.prefix}:links:0123", json.dumps(["http://127.0.0.1:8000/b/"]))
    record = fields(path, etag=None, last_modified=None, render=b"plain",
                    document_digest=document_digest(form_page("a1b2c3"), masked=True))
    revisit = middleware(redis_ns, archive_dir, record)
    request = page_request(playwright=False)
    revisit.process_request(request)
    response = Response(URL, status=200, request=request, body=form_page("d4e5f6"))
    assert revisit.process_response(request, response) is response
    assert request.meta[REVISIT_META]["links"] == ["http://127.0.0.1:8000/b/"]


def test_a_digest_of_the_other_kind_still_compares(archived, redis_ns):
    """A record's digest taken unmasked (the server named its file's time then), and an
    answer now written per request: the same bytes are still the same page."""
    archive_dir, path = archived
    redis_ns.conn.set(f"{redis_ns.prefix}:links:0123", json.dumps(["http://127.0.0.1:8000/b/"]))
    record = fields(path, etag=None, last_modified=None, render=b"plain",
                    document_digest=document_digest(DOCUMENT, masked=False))
    revisit = middleware(redis_ns, archive_dir, record)
    request = page_request(playwright=False)
    revisit.process_request(request)
    response = Response(URL, status=200, request=request, body=DOCUMENT)
    assert revisit.process_response(request, response) is response
    assert request.meta[REVISIT_META]["links"] == ["http://127.0.0.1:8000/b/"]


@pytest.mark.parametrize("headers, per_request", [
    ({}, True),                                                      # no Last-Modified
    ({"Date": "Tue, 01 Dec 2026 12:00:05 GMT",
      "Last-Modified": "Tue, 01 Dec 2026 12:00:00 GMT"}, True),      # dated as answered
    ({"Date": "Tue, 01 Dec 2026 12:00:05 GMT",
      "Last-Modified": "Mon, 02 Nov 2026 08:00:00 GMT"}, False),     # a stored file's time
    ({"Date": "Tue, 01 Dec 2026 12:00:05 GMT", "Last-Modified": "yesterday"}, True),
])
def test_written_per_request(headers, per_request):
    assert written_per_request(Headers(headers)) is per_request


@pytest.mark.parametrize("answer, unchanged", [
    ({"ETag": '"abc"'}, True),
    ({"ETag": 'W/"abc"'}, True),                   # weak comparison, as If-None-Match
    ({"ETag": '"abd"'}, False),
    ({"Last-Modified": "Tue, 01 Dec 2026 12:00:00 GMT"}, False),   # an ETag to compare is gone
    ({}, False),
])
def test_a_full_answer_with_the_same_etag_is_not_modified(answer, unchanged):
    known = {"etag": '"abc"', "last_modified": "Tue, 01 Dec 2026 12:00:00 GMT"}
    assert same_validators(known, Headers(answer)) is unchanged


def test_without_etags_the_same_last_modified_is_not_modified():
    known = {"etag": None, "last_modified": "Tue, 01 Dec 2026 12:00:00 GMT"}
    assert same_validators(known, Headers({"Last-Modified": "Tue, 01 Dec 2026 12:00:00 GMT"}))
    assert not same_validators(known, Headers({"Last-Modified": "Tue, 01 Dec 2026 12:00:09 GMT"}))
    assert not same_validators({"etag": None, "last_modified": None}, Headers({}))


def test_a_server_that_ignores_validators_but_sends_the_same_ones(archived, redis_ns):
    """It answers in full; the same ETag says the page is the one archived: no render."""
    archive_dir, path = archived
    redis_ns.conn.set(f"{redis_ns.prefix}:links:0123", json.dumps([]))
    revisit, request = asked(redis_ns, archive_dir, path)
    response = Response(URL, status=200, request=request, headers={"ETag": '"abc"'},
                        body=b"<html></html>")
    assert revisit.process_response(request, response) is response
    assert request.meta[REVISIT_META]["links"] == []


def test_without_redis_the_page_is_fetched_in_full(archived):
    """Redis gone mid-crawl: no revisit (the item pipelines stop the crawl and say why)."""
    import redis
    from redis.backoff import NoBackoff
    from redis.retry import Retry

    archive_dir, _ = archived
    gone = redis.Redis(host="127.0.0.1", port=1, socket_connect_timeout=0.2,
                       retry=Retry(NoBackoff(), 0))
    revisit = RevisitMiddleware(gone, prefix="t", threshold=0.0,
                                archive_dir=str(archive_dir), tag="leaf", site="s")
    for _ in range(2):   # the second asks Redis nothing (it would wait out the retries again)
        request = page_request()
        assert revisit.process_request(request) is None
        assert REVISIT_META not in request.meta and request.meta["playwright"] is True
    assert revisit.unavailable


def test_the_summary_of_a_later_crawl_counts_the_pages_it_checked():
    from crawler.crawl_summary import CrawlSummary

    summary = CrawlSummary(site="s", run_id="r", render="browser", redis="-", archive_dir="/a",
                           pages_fetched=1, index=1, not_modified=55, crawl_s=4.0)
    text = summary.render_text()
    assert "pages fetched 1  (and 55 not modified: 14.0 pages/s checked, browser)" in text
    assert "not modified  55" in text
    # the other pages are there, only not fetched: no warning of a site drawn by script
    plain = CrawlSummary(site="s", run_id="r", render="plain", redis="-", archive_dir="/a",
                         pages_fetched=1, index=1, not_modified=242, crawl_s=11.0)
    assert "only the start page was fetched" not in plain.render_text()
    assert plain.to_dict()["checked_per_s"] == 22.09 and plain.to_dict()["pages_per_s"] == 0.09
    restarted = CrawlSummary(site="s", run_id="r", render="plain", redis="-", archive_dir="/a",
                             pages_fetched=56, index=29, leaf=27, worker_restarts=1,
                             worker_log="/l/worker-r.log")
    assert ("! the archive worker died and was started again once; the jobs it left ran again "
            "(its log: /l/worker-r.log)") in restarted.render_text()
    assert restarted.to_dict()["worker_restarts"] == 1
    # nor when the start page's links were fetched and failed (a list of dead links)
    dead = CrawlSummary(site="s", run_id="r", render="plain", redis="-", archive_dir="/a",
                        pages_fetched=315, index=1, failures=314, crawl_s=68.0,
                        errors=[("http://h/p0", "HTTP 404")])
    assert "only the start page was fetched" not in dead.render_text()
    assert "! http://h/p0: HTTP 404" in dead.render_text()
    first = CrawlSummary(site="s", run_id="r", render="plain", redis="-", archive_dir="/a",
                         pages_fetched=56, index=29, leaf=27, crawl_s=2.0)
    assert "pages fetched 56  (28.0 pages/s, plain)" in first.render_text()
