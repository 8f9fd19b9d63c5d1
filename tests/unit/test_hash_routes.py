"""Hash routes (/#/guide): pages of a single-page site, told from places in a page (#intro)."""
import pytest
from scrapy import Request

from crawler.frontier.fingerprint import RouteAwareFingerprinter, RouteAwareRedisDupeFilter
from pipelines.indexiness.hash_routes import is_place_in_page, route_of
from pipelines.indexiness.links import INLINK, SELFLINK, extract_links, locality, page_links
from pipelines.page import analyze_page
from pipelines.indexiness.page_address import page_address
from pipelines.indexiness.url_shape import url_facts
from workers.archive_paths import relative_archive_path


@pytest.mark.parametrize("url, route", [
    ("http://h/#/guide/intro", "/guide/intro"),
    ("http://h/#!/guide/intro", "/guide/intro"),     # AngularJS' hashbang
    ("http://h/#/guide/intro/", "/guide/intro"),
    ("http://h/#/guide?id=setup", "/guide"),         # Docsify's heading anchor inside a route
    ("http://h/#/", None),                           # the root route: the page itself
    ("http://h/#intro", None),                       # a place in the page
    ("http://h/#", None),
    ("http://h/guide", None),
])
def test_route_of(url, route):
    assert route_of(url) == route


def test_page_address_keeps_a_route_as_written_and_drops_the_rest():
    assert page_address("http://h/#/guide?id=setup") == "http://h/#/guide"
    assert page_address("http://h/#!/guide/") == "http://h/#!/guide"
    assert page_address("http://h/#/") == "http://h/"
    assert page_address("http://h/a#intro") == "http://h/a"
    assert page_address("http://h/a?x=1") == "http://h/a?x=1"
    assert is_place_in_page("http://h/#intro") and not is_place_in_page("http://h/#/x")


def test_locality_of_routes_and_places():
    route_page, home = "http://h/#/routing", "http://h/"
    assert locality("http://h/#/applications", route_page) == INLINK
    assert locality("http://h/#/applications", home) == INLINK
    assert locality("http://h/#/routing?id=x", route_page) == SELFLINK
    assert locality("http://h/#section", route_page) == SELFLINK
    assert locality("http://h/#/", route_page) == INLINK       # the home, from a route
    assert locality("http://h/", route_page) == INLINK
    assert locality("http://h/#/", home) == SELFLINK
    # the split path (a URL the fast path leaves to urlsplit) agrees
    assert locality("HTTP://h/#/applications", route_page) == INLINK
    assert locality("HTTP://h/#/routing?id=x", route_page) == SELFLINK


def test_a_query_that_names_an_element_of_the_page_is_a_place_in_it():
    # Docsify's history mode: a heading's anchor is /routing/?id=<the heading's id>
    html = ('<body><h1>Routing</h1><h2 id="http-routing"><a href="/routing/?id=http-routing">HTTP'
            '</a></h2><a href="/routing/?id=nowhere">x</a><a href="/other/?id=http-routing">o</a></body>')
    got = {lk.url: lk.locality for lk in extract_links(html, "http://h/routing/")}
    assert got == {"http://h/routing/?id=http-routing": SELFLINK,
                   "http://h/routing/?id=nowhere": INLINK, "http://h/other/?id=http-routing": INLINK}
    # ...an anchor of a section, as "#http-routing" is; a link that drops the page's own
    # query is another page
    doc = ('<html><body><main><h1>Routing</h1>' + "".join(
        f'<h2 id="s{i}"><a href="?id=s{i}">Section {i}</a></h2><p>What section {i} says.</p>'
        for i in range(3)) + '</main></body></html>')
    anchored = analyze_page(doc, "http://h/routing/")
    assert anchored.counts["selflinks_in_headers_uncapped"] == 3   # (heading anchors count once)
    assert anchored.counts["selflinks_in_headers"] == 1
    other = analyze_page(doc, "http://h/routing/?v=2")
    assert other.counts.get("selflinks_in_headers", 0) == 0 and other.counts["inlinks_in_headers"] == 3


def test_a_routed_page_links_routes_as_pages_and_reads_its_route_as_its_path():
    html = ('<body><aside><ul><li><a href="#/guide">Guide</a></li><li><a href="#/guide/intro">Intro</a>'
            '</li><li><a href="#/guide/intro?id=setup">Setup</a></li></ul></aside><main><h1>Guide</h1>'
            '<p>Where to begin.</p><a href="#/guide/intro">Read the introduction</a></main></body>')
    links = extract_links(html, "http://h/#/guide")
    assert page_links(links) == ["http://h/#/guide", "http://h/#/guide/intro"]
    analysis = analyze_page(html, "http://h/#/guide")
    assert analysis.child_links == ["http://h/#/guide/intro"]
    assert analysis.sibling_links == ["http://h/#/guide/intro"]
    assert not url_facts("http://h/#/guide").home and url_facts("http://h/#/").home


def test_the_archive_files_a_route_under_its_path():
    assert relative_archive_path("http://h/#/guide/intro").as_posix() == "h/guide/intro.md"
    assert relative_archive_path("http://h/docs/#!/api").as_posix() == "h/docs/api.md"
    assert relative_archive_path("http://h/#/../../etc/x").as_posix() == "h/etc/x.md"


def test_fingerprints_tell_routes_apart_and_places_not():
    fp = RouteAwareFingerprinter().fingerprint
    same = {fp(Request(u)) for u in ("http://h/", "http://h/#intro", "http://h/#/")}
    assert len(same) == 1
    assert fp(Request("http://h/#/a")) == fp(Request("http://h/#/a?id=x")) != fp(Request("http://h/#/b"))
    assert fp(Request("http://h/#/a")) not in same
    redis_fp = RouteAwareRedisDupeFilter(server=None, key="k").request_fingerprint
    assert redis_fp(Request("http://h/#/a")) != redis_fp(Request("http://h/#/b"))
    assert redis_fp(Request("http://h/#x")) == redis_fp(Request("http://h/"))


def test_routes_lead_a_hash_routed_sites_links_not_an_ordinary_sites():
    from pipelines.indexiness.hash_routes import carries_route, routes_lead
    docsify = [f"http://h/#/{d}" for d in ("intro", "routing", "requests")] + ["http://h/", "https://github.com/x"]
    assert routes_lead(docsify, "http://h/")
    blog = ["http://h/#/portal/signin", "http://h/#/portal/signup"] + [f"http://h/post-{i}/" for i in range(8)]
    assert not routes_lead(blog, "http://h/")
    assert carries_route("http://h/#/") and carries_route("http://h/#!/a")
    assert not carries_route("http://h/#intro") and not carries_route("http://h/")
