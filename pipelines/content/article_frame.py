"""The site's frame drawn inside a page-wide <article>: its header and its closing small
print, which are the site's, not the article's.

HTML makes a <header> or <footer> its nearest section's: inside an <article> it is that
article's title, byline and kicker, kept with the body. Some themes wrap the whole page in
one <article> and draw the site's header and credit line there too (Nextra's blog theme:
the site's links, its search box and a dark-mode switch over every post, and "<site>, built
with Nextra." under it), which then read as the post's first and last lines on all of its
98 posts.
"""
from __future__ import annotations

# A site search field: a search input (type=search, or a combobox over the site's pages)
# or a search landmark. A post's own header never holds one; the site's nearly always does.
_SEARCH_FIELD = './/input[@type="search" or @role="combobox"] | .//*[@role="search"]'
# <small> standing as an article's last element is small print (HTML: side comments,
# disclaimers, copyright, attribution), about the page or the site, never the article's
# text; at most this many words (a paragraph-long aside is written as one).
SMALL_PRINT_MAX_WORDS = 30


def mark_article_frame(root) -> int:
    """In place: each <header> inside an <article> that holds a site search field becomes a
    navigation landmark (a <div role="navigation">), and an article's closing <small> its
    <footer>; both are then the frame's, which the walk leaves out. How many were marked."""
    marked = 0
    for header in root.iter("header"):
        if next(header.iterancestors("article"), None) is not None and header.xpath(_SEARCH_FIELD):
            header.tag = "div"
            header.set("role", "navigation")
            marked += 1
    for article in root.iter("article"):
        last = next((el for el in reversed(article) if isinstance(el.tag, str)), None)
        if last is not None and last.tag == "small" \
                and len("".join(last.itertext()).split()) <= SMALL_PRINT_MAX_WORDS:
            last.tag = "footer"
            marked += 1
    return marked
