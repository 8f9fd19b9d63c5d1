"""--render auto's per-section probes: which section a page is in, and what waits on a probe."""

from collections import namedtuple

from crawler.rendering.render_sections import DATED, SectionProbes, section_of

Req = namedtuple("Req", "url")
EX = "https://ex.test"


def test_a_section_is_the_first_segment_of_a_path_with_pages_under_it():
    assert section_of(f"{EX}/docs/install/") == "docs"
    assert section_of(f"{EX}/docs/api/ref.html?x=1") == "docs"
    # the site's top: what the start probe saw
    assert section_of(f"{EX}/") == ""
    assert section_of(f"{EX}/about/") == ""
    assert section_of(f"{EX}/index.html") == ""
    # a dated blog's years are one section
    assert section_of(f"{EX}/2024/05/a-post/") == DATED == section_of(f"{EX}/2019/x.html")


def held_after(probes, *urls):
    for url in urls:
        probes.hold(url, Req(url))


def test_the_first_link_into_a_section_is_probed_and_the_others_wait_for_it():
    probes = SectionProbes([f"{EX}/", f"{EX}/posts/first/"])
    assert probes.route(f"{EX}/posts/second/") is None      # probed before the crawl
    assert probes.route(f"{EX}/about/") is None             # the top
    assert probes.route(f"{EX}/docs/a/") == "probe"
    assert probes.route(f"{EX}/docs/b/") == "hold"
    held_after(probes, f"{EX}/docs/a/", f"{EX}/docs/b/")
    assert probes.held() == [Req(f"{EX}/docs/a/"), Req(f"{EX}/docs/b/")]
    assert not probes.rendered(f"{EX}/docs/c/")
    assert probes.decide("docs", "a script drew 5 of its 6 links", probed=f"{EX}/docs/a/") == (
        [Req(f"{EX}/docs/a/"), Req(f"{EX}/docs/b/")], None)
    assert probes.rendered(f"{EX}/docs/c/") and probes.route(f"{EX}/docs/c/") is None
    assert probes.held() == [] and not probes.rendered(f"{EX}/posts/x/")


def test_a_section_whose_pages_are_their_documents_is_crawled_plain():
    probes = SectionProbes()
    assert probes.route(f"{EX}/tags/a/") == "probe"
    held_after(probes, f"{EX}/tags/a/")
    assert probes.decide("tags", None, probed=f"{EX}/tags/a/") == ([Req(f"{EX}/tags/a/")], None)
    assert probes.route(f"{EX}/tags/b/") is None and not probes.rendered(f"{EX}/tags/b/")


def test_a_probe_without_evidence_hands_the_probe_to_the_next_held_link():
    probes = SectionProbes(budget=3)
    assert probes.route(f"{EX}/docs/gone/") == "probe"
    held_after(probes, f"{EX}/docs/gone/", f"{EX}/docs/guide/", f"{EX}/docs/c/")
    # the broken page goes (the crawl's own fetch says what is wrong), the guide is probed
    assert probes.decide("docs", None, compared=False, probed=f"{EX}/docs/gone/") == (
        [Req(f"{EX}/docs/gone/")], f"{EX}/docs/guide/")
    assert probes.route(f"{EX}/docs/d/") == "hold"
    assert probes.held() == [Req(f"{EX}/docs/guide/"), Req(f"{EX}/docs/c/")]
    assert probes.decide("docs", None, probed=f"{EX}/docs/guide/") == (
        [Req(f"{EX}/docs/guide/"), Req(f"{EX}/docs/c/")], None)


def test_without_evidence_and_nothing_held_the_next_link_is_probed():
    probes = SectionProbes(budget=2)
    assert probes.route(f"{EX}/docs/a/") == "probe"
    held_after(probes, f"{EX}/docs/a/")
    assert probes.decide("docs", None, compared=False, probed=f"{EX}/docs/a/") == (
        [Req(f"{EX}/docs/a/")], None)
    assert probes.route(f"{EX}/docs/b/") == "probe"


def test_past_the_budget_a_new_section_goes_plain_unprobed():
    probes = SectionProbes(budget=1)
    assert probes.route(f"{EX}/docs/a/") == "probe"
    assert probes.route(f"{EX}/blog/a/") is None
    assert probes.route(f"{EX}/blog/b/") is None
    assert not probes.rendered(f"{EX}/blog/b/")
    # nor is a second probe of a section without evidence taken past it
    held_after(probes, f"{EX}/docs/a/", f"{EX}/docs/b/")
    assert probes.decide("docs", None, compared=False, probed=f"{EX}/docs/a/") == (
        [Req(f"{EX}/docs/a/"), Req(f"{EX}/docs/b/")], None)
