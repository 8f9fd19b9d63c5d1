"""JSON-LD as templates write it: read as structured-data consumers read it, not dropped
whole for a slip strict JSON refuses."""
from pipelines.metadata.json_ld import json_ld_values
from pipelines.page import analyze_page

# A forum's thread template pastes the first post into articleBody as the CMS stores it,
# newlines and all (a raw newline inside a JSON string).
_POSTING = ('{"@context": "https://schema.org", "@type": "DiscussionForumPosting",\n'
            ' "headline": "Which tent for a windy ridge?",\n'
            ' "articleBody": "We camp high most summers.\nThe old tent folded in a gust.",\n'
            ' "datePublished": "2024-02-21 13:00:00",\n'
            ' "author": {"@type": "Person", "name": "ridgewalker"}}')


def test_raw_newlines_inside_strings_are_read():
    [posting] = json_ld_values(_POSTING)
    assert posting["author"]["name"] == "ridgewalker"
    assert posting["articleBody"] == "We camp high most summers.\nThe old tent folded in a gust."


def test_values_pasted_one_after_another_are_each_read():
    assert json_ld_values('{"@type": "Organization"},{"@type": "WebSite"}') == [
        {"@type": "Organization"}, {"@type": "WebSite"}]
    assert json_ld_values('[{"@type": "BreadcrumbList"}];\n') == [[{"@type": "BreadcrumbList"}]]


def test_what_cannot_be_read_is_left_and_what_came_before_kept():
    assert json_ld_values('{"@type": "Article"} <!-- end -->') == [{"@type": "Article"}]
    assert json_ld_values("Songs und Sport\n5\n1") == []
    assert json_ld_values("") == [] and json_ld_values(None) == []


def _thread(json_ld: str) -> str:
    replies = "".join(
        f'<div class="post"><a href="/members/{who}.{n}/">{who}</a><p>{text}</p></div>'
        for n, (who, text) in enumerate([
            ("ridgewalker", "We camp high most summers and the old tent folded in a gust "
                            "last August. Which tents hold up on an exposed ridge?"),
            ("alpine_jo", "A tunnel tent pitched tail to the wind has never let me down."),
            ("mkramer", "Geodesic domes shed wind from every side; worth the weight."),
            ("tarp_only", "Low pitch, more stakes, and pick your spot behind a boulder.")], 1))
    related = "".join(f'<li><a href="/threads/other-{n}.{n}/">Another thread title {n}</a></li>'
                      for n in range(5))
    return (f'<html><head><title>Which tent for a windy ridge?</title>'
            f'<script type="application/ld+json">{json_ld}</script></head><body>'
            f'<h1>Which tent for a windy ridge?</h1>{replies}'
            f'<h2>Similar threads</h2><ul>{related}</ul></body></html>')


def test_a_thread_whose_posting_holds_a_raw_newline_keeps_its_type_author_and_date():
    url = "https://forum.example/boards/camping/81234"
    page = analyze_page(_thread(_POSTING), url)
    assert page.author == "ridgewalker"
    assert page.date_published.startswith("2024-02-21")
    # the declared posting, not the thread's list of similar threads, says what the page is
    assert page.counts["declared_article"] == 1 and page.verdict == "leaf"
