"""--render auto's per-section probes: which section a page is in, and what waits on a probe."""

from crawler.render_sections import DATED, SectionProbes, section_of


def test_a_section_is_the_first_segment_of_a_path_with_pages_under_it():
    assert section_of("https://ex.test/docs/install/") == "docs"
    assert section_of("https://ex.test/docs/api/ref.html?x=1") == "docs"
    # the site's top: what the start probe saw
    assert section_of("https://ex.test/") == ""
    assert section_of("https://ex.test/about/") == ""
    assert section_of("https://ex.test/index.html") == ""
    # a dated blog's years are one section
    assert section_of("https://ex.test/2024/05/a-post/") == DATED == section_of("https://ex.test/2019/x.html")


def test_the_first_link_into_a_section_is_probed_and_the_others_wait_for_it():
    probes = SectionProbes(["https://ex.test/", "https://ex.test/posts/first/"])
    assert probes.route("https://ex.test/posts/second/") is None      # probed before the crawl
    assert probes.route("https://ex.test/about/") is None             # the top
    assert probes.route("https://ex.test/docs/a/") == "probe"
    probes.hold("https://ex.test/docs/a/", "request a")
    assert probes.route("https://ex.test/docs/b/") == "hold"
    probes.hold("https://ex.test/docs/b/", "request b")
    assert probes.held() == ["request a", "request b"]
    assert not probes.rendered("https://ex.test/docs/c/")
    assert probes.decide("docs", "a script drew 5 of its 6 links") == ["request a", "request b"]
    assert probes.rendered("https://ex.test/docs/c/") and probes.route("https://ex.test/docs/c/") is None
    assert probes.held() == [] and not probes.rendered("https://ex.test/posts/x/")


def test_a_section_whose_pages_are_their_documents_is_crawled_plain():
    probes = SectionProbes()
    assert probes.route("https://ex.test/tags/a/") == "probe"
    probes.hold("https://ex.test/tags/a/", "request")
    assert probes.decide("tags", None) == ["request"]
    assert probes.route("https://ex.test/tags/b/") is None and not probes.rendered("https://ex.test/tags/b/")


def test_a_probe_without_evidence_leaves_the_next_link_to_probe():
    probes = SectionProbes(budget=2)
    assert probes.route("https://ex.test/docs/a/") == "probe"
    assert probes.decide("docs", None, compared=False) == []
    assert probes.route("https://ex.test/docs/b/") == "probe"


def test_past_the_budget_a_new_section_goes_plain_unprobed():
    probes = SectionProbes(budget=1)
    assert probes.route("https://ex.test/docs/a/") == "probe"
    assert probes.route("https://ex.test/blog/a/") is None
    assert probes.route("https://ex.test/blog/b/") is None
    assert not probes.rendered("https://ex.test/blog/b/")
