"""Pages whose content is a search box: a static site's search page (Hugo's PaperMod and
Stack, MkDocs' and Jekyll's search pages), a CMS's empty search form, a "not found" page
that offers a search. A script fills their results in the reader's browser; the page itself
holds a title, a field and perhaps a hint, and nothing to keep: crawls of PaperMod and Stack
archived each one's /search/ as a document of its title alone. Such a page is scored and
followed like any page, only not archived, as an account form's page is (account_forms.py).

A search box is an <input type="search">, an element of role "search" (WAI-ARIA's landmark,
which most themes put on the search form) or a form whose address or field is named for a
search (action=/search, name=q|s|query|search|keyword). It counts only inside the page's
<main> (or role=main), and not in a header, footer, nav or aside there: a site-wide search box
sits on every page, often loose in the body (Drupal's search block), and a short post beside
it is no search page.
"""
from __future__ import annotations

from lxml import etree

from .account_forms import in_furniture

# Words of content (the leaf's blocks) beyond which the page is a document with a search box
# in it: a search page holds its title and a line of hint ("Search the release notes").
SEARCH_PAGE_MAX_WORDS = 30
_SEARCH_BOXES = etree.XPath(
    ".//input[translate(@type, 'SEARCH', 'search')='search'] | .//*[@role='search'] | "
    ".//form[contains(translate(@action, 'SEARCH', 'search'), 'search')] | "
    ".//form[.//input[@name='q' or @name='s' or @name='query' or @name='search' "
    "or @name='keyword' or @name='keywords']]")
_MAIN = etree.XPath("(//main | //*[@role='main'])[1]")


def is_search_page(root, blocks) -> bool:
    """Is this leaf's content a search box with little else? `blocks`: its content blocks
    (the word count is asked first: most leaves hold far more, and no XPath runs)."""
    words = 0
    for b in blocks:
        words += len(b.text.split())
        if words > SEARCH_PAGE_MAX_WORDS:
            return False
    main = _MAIN(root)
    if not main:
        return False
    return any(not in_furniture(box) for box in _SEARCH_BOXES(main[0]))
