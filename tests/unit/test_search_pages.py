"""Search pages (a box a script fills with results) are no content to archive."""
from pipelines.page import analyze_page

PROSE = "<p>" + "The tide turned early and the boats stayed in the harbour. " * 8 + "</p>"


def page(main: str, header: str = "") -> str:
    return (f"<html><head><title>Notes</title></head><body><header><a href='/'>Notes</a>{header}"
            f"</header><main>{main}</main><footer><p>About</p></footer></body></html>")


def test_a_static_sites_search_page_is_a_leaf_not_to_keep():
    # Hugo PaperMod's /search/: a heading and an <input type=search> its script answers
    papermod = page('<header class="page-header"><h1>Search</h1></header><div id="searchbox">'
                    '<input id="searchInput" placeholder="Search the release notes" '
                    'aria-label="search" type="search"><ul id="searchResults"></ul></div>')
    a = analyze_page(papermod, "https://x.org/search/")
    assert a.verdict == "leaf" and a.search_page and a.to_dict()["search_page"] is True
    # a form named for a search, as Stack's and most CMSs' are
    stack = page('<h1>Search</h1><form action="/search/" class="search-form"><input name="keyword">'
                 '<button>Search</button></form>')
    assert analyze_page(stack, "https://x.org/search/").search_page


def test_a_document_or_a_site_wide_box_is_no_search_page():
    box = '<form role="search" action="/search/"><input type="search" name="q"></form>'
    # the site's search box in its header, on a short post
    short = page("<article><h1>Tides</h1><p>Short.</p></article>", header=box)
    assert not analyze_page(short, "https://x.org/tides/").search_page
    # a document with a search box in it
    doc = page(f"<article><h1>Tides</h1>{PROSE}{box}</article>")
    assert not analyze_page(doc, "https://x.org/tides/").search_page


def test_a_short_post_beside_a_site_wide_box_loose_in_the_body_is_no_search_page():
    # Drupal's search block on every page, outside <main>; and a page with no <main> at all
    box = '<form action="/search"><input type="hidden" name="form_build_id"><input name="q"></form>'
    short = page("<article><h1>Vise</h1><p>Vise.</p></article>").replace("</body>", box + "</body>")
    assert not analyze_page(short, "https://x.org/notes/vise/").search_page
    bare = f"<html><body><h1>Search</h1>{box}</body></html>"
    assert not analyze_page(bare, "https://x.org/search/").search_page
