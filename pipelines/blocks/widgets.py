"""Named page furniture recognised by class/id: comments, consent, rail, post-furniture, filter.

Block.widget carries the name so content selection can drop furniture by kind rather than by
guessing from text. Matching is on whole class/id tokens, never on <html>, <body>, <main> or
<article>, so "has-sidebar" on <body> does not make the whole page a rail.
"""
from __future__ import annotations

import re

# token pattern -> widget name; first match wins, patterns match the whole token
WIDGET_PATTERNS = (
    # (with the plurals French, German, Spanish, Italian and Dutch themes name the thread by:
    # lepoint.fr's section#commentaires; never a singular, which German uses for an opinion
    # piece, "Kommentar")
    ("comments", re.compile(r"(?:comments?|comment-?list|comments?-area|disqus_thread|respond|discussion|"
                            r"commentaires|kommentare|comentarios|commenti|reacties|"
                            r"(?:[a-z0-9]+[-_])*comments?[-_](?:wrapper|container|section|area|wrap|"
                            r"summary|thread|module|block|box))$")),
    # "consent" and "gdpr" as any hyphen/underscore part (onetrust-consent-sdk, cmp-consent-
    # banner): no page names its own content so. "cookie" only whole or with a banner word,
    # since a recipe site's classes say cookie too. Consent-platform vendors name their
    # dialogs by themselves (onetrust-pc-sdk, CybotCookiebotDialog, didomi-popup).
    ("consent", re.compile(r"(?:cookie|cc-banner|cookies?-?(?:notice|banner|bar)|"
                           r"(?:[a-z0-9]+[-_])*(?:consent|gdpr)(?:[-_][a-z0-9]+)*|"
                           r"onetrust-[\w-]+|cybotcookiebot\w*|didomi-[\w-]+)$")),
    # "aside-content": the sidebar column's name where the theme draws it in a <div> (Hexo
    # Butterfly's author card, notices and recent posts beside every post); "aside" alone also
    # names a callout inside a text, and stays out
    ("rail", re.compile(r"(?:sidebar|side-bar|widget-area|secondary|rail|right-rail|left-rail|sidebar-\w+|"
                        r"aside-content)$")),
    # entry-utility / entry-footer: the line WordPress themes print under every post ("This
    # entry was posted in <category>. Bookmark the permalink."), never the post's text; its
    # post-footer / article-footer elsewhere (a theme's tags and share line, a forum post's
    # reply count and votes: NodeBB's "1 Reply Last reply" under every post); the licence
    # box blog themes set under every post (author, date, "Licensed under CC BY"), whose
    # short lines outweighed a one-item post under Hexo Fluid (31 of 99 posts lost); a
    # wiki's page id and "Last modified: <date> by <user>" lines around every page (DokuWiki's
    # default template: pageId, docInfo), which took a short page's container wider
    ("post-furniture", re.compile(
        r"(?:share|sharing|social-share|share-buttons|sharedaddy|related(?:-posts|-articles)?|"
        r"breadcrumbs?|post-tags|tag-?links|author-bio|about-author|newsletter|subscribe|"
        r"post-navigation|nav-links|pagination|pager|entry-utility|entry-footer|post-footer|"
        r"article-footer|license-box|post-license|post-copyright|article-copyright|pageid|"
        r"docinfo)$")),
    ("filter", re.compile(r"(?:filters?|facets?|faceted-search)$")),
    # a popup: a box drawn over the page (a plugin's "create a quiz" chooser, a promotion), as
    # a modal dialog is by its ARIA marks (furniture_boxes.py); "popupmenu" is a word of its own.
    # "modal" whole: Bootstrap's (and most CSS kits') box a script opens over the page, hidden
    # until then (FlaskBB printed its Markdown cheatsheet and an "Are you sure?" prompt in
    # every topic's archive)
    ("dialog", re.compile(r"(?:popup|pop-up|modal)$")),
)
# Class tokens are compounds a theme builds from the furniture's name (article_comments,
# comments-collapsible, yarpp-related, newsletter-promo, facebook-share): a class names what
# the element is for, so a furniture word as any hyphen/underscore part of one names it too.
# Not ids: an id is as often a slug of a heading's text (#sharing-with-a-single-developer,
# a documentation section), so ids keep the whole-token patterns above. "related" only with
# a noun for other pages or alone: "related-product" is the grid of a product category page.
# trafilatura-eval snippets (bench/eval_snippets.py): precision 0.860 -> 0.866, recall held.
# "donate"/"donation": the appeal for money newsrooms and blogs set in or under an article
# (a donation form, a "support our journalism" box) is the publisher's, not the article's.
_PART = r"(?:[a-z0-9]+[-_])*{}(?:[-_][a-z0-9]+)*"
CLASS_PART_PATTERNS = {
    # not "no-comments" (a post wrapper saying the thread is closed) nor a single comment's
    # body or text (on a Q&A page the answers are the content; a thread wrapper names them)
    "comments": r"(?!no[-_])(?:[a-z0-9]+[-_])*(?:comments?|commentlist|recentcomments|disqus|"
                r"commentaires|kommentare|comentarios|commenti|reacties)"
                r"(?:[-_](?!(?:body|content|text)(?:[-_]|$))[a-z0-9]+)*",
    # a consent platform's banner under its vendor's prefix (Complianz' cmplz-cookiebanner):
    # a cookie notice, banner or bar is never a page's text, a recipe's cookie-card is not one
    "consent": _PART.format(r"cookies?-?(?:notice|banner|bar|popup)"),
    # ...and a notice the reader closes (Bootstrap's alert-dismissible, WordPress'
    # is-dismissible): a sign-up appeal or a site message laid over the page's flow, never
    # its text (NodeBB's "Hello! It looks like you're interested in this conversation…")
    "dialog": _PART.format(r"(?:popup|pop-up|dismissible)"),
    "post-furniture": "|".join((
        _PART.format(r"(?:share|sharing|sharebar|sharedaddy|newsletter|yarpp|donate|donation|donations|"
                     r"breadcrumbs?)"),
        r"(?:[a-z0-9]+[-_])*related(?:[-_](?:posts?|articles?|stories|content|links?|news|reads?|entries|guides?))?"
        r"(?:[-_](?:section|box|block|list|widget|wrapper|container|area|items?))*",
        r"related(?:posts|articles?|stories|content|links)",
        # the site's most read or shared stories, a box news templates set beside or inside
        # every article ("sidebar-most-popular mostPopularInline", "most-read", "mostviewed"),
        # and its recommendations (Arc XP's "recommended-card" between an article's paragraphs)
        # (not "has-recommendations": a modifier saying the article's wrapper holds one)
        r"(?!(?:has|with|no)[-_])" + _PART.format(
            r"(?:most[-_]?(?:popular|read|viewed|shared|commented|emailed)[a-z]*|"
            r"recommended|recommendations?)"))),
}
# Class tokens that name a post's own body. A class list holding one names the body, whatever
# furniture word sits beside it: themes add modifiers to the body's wrapper for what it
# contains ("entry themeform share", a post body with share buttons somewhere inside), and
# the furniture inside wears its own class.
CONTENT_CLASS_TOKENS = frozenset({
    "entry", "entry-content", "entry-inner", "post-content", "post-body", "article-content",
    "article-body", "story-body", "single-content"})
# Elements whose class never names furniture for their whole subtree.
NEVER_WIDGET_TAGS = frozenset({"html", "body", "main", "article"})
# one alternation, so each token is matched once (this runs for every element with a class)
_COMBINED = re.compile("|".join(f"(?P<w{i}>{p.pattern})" for i, (_, p) in enumerate(WIDGET_PATTERNS)))
_CLASS_COMBINED = re.compile("|".join(
    f"(?P<w{i}>{p.pattern}" + (f"|(?:{CLASS_PART_PATTERNS[name]})$" if name in CLASS_PART_PATTERNS else "") + ")"
    for i, (name, p) in enumerate(WIDGET_PATTERNS)))
_RANK = {f"w{i}": i for i in range(len(WIDGET_PATTERNS))}
# A word every alternative above spells out (a token matching none of them matches no pattern):
# keep it in step with WIDGET_PATTERNS and CLASS_PART_PATTERNS. Searched first, as one
# alternation grouped by first letter, it costs ~1 us a token where the patterns, which try
# each hyphenated part of a token against every alternative, cost 2.8 us; one token in twenty
# holds one. No word holds a space, so a class string without one has no furniture token at
# all: one search of the string answers for 94% of WCXB's class strings. A page brings ~180
# class tokens no earlier page had (WCXB dev: the walk spent 0.4 of its 4.4 ms matching them).
FURNITURE_WORDS = (
    "comment", "disqus", "respond", "kommentare", "comentarios", "reacties", "discussion",
    "cookie", "cc-banner", "consent", "gdpr", "onetrust-", "didomi-", "sidebar", "side-bar", "widget-area", "secondary", "rail", "share",
    "sharing", "related", "breadcrumb", "post-tags", "taglinks", "tag-links", "nav-links",
    "author-bio", "about-author", "newsletter", "subscribe", "post-navigation", "pagination",
    "pager", "entry-utility", "entry-footer", "post-footer", "article-footer", "filter", "facet",
    "popup", "pop-up", "yarpp", "donat", "dismissible", "modal", "license-box", "post-license",
    "post-copyright", "article-copyright", "aside-content", "pageid", "docinfo", "most",
    "recommend")


def _by_first_letter(words) -> str:
    heads: dict[str, list[str]] = {}
    for word in words:
        heads.setdefault(word[0], []).append(re.escape(word[1:]))
    return "|".join(f"{re.escape(h)}(?:{'|'.join(rest)})" for h, rest in heads.items())


_HAS_FURNITURE_WORD = re.compile(_by_first_letter(FURNITURE_WORDS)).search


def widget_of(el) -> str | None:
    """The furniture this element is, by its class or id tokens, or None."""
    cls = el.get("class")
    ident = el.get("id")
    if not cls and not ident:
        return None
    return widget_for(el.tag, cls, ident)


def widget_for_id(ident: str, tag: str | None = None) -> str | None:
    """widget_for(tag, None, ident) for a tag outside NEVER_WIDGET_TAGS, uncached: an id is
    one token and most are unique on their page, so a cache keyed by them only misses."""
    rank = _id_rank(ident, tag)
    return WIDGET_PATTERNS[rank][0] if rank is not None else None


# Tags whose id may be the slug of a heading's text (MediaWiki's "Related_articles" on the
# heading or its span): a furniture word in it names the heading's words, not furniture.
_SLUG_ID_TAGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6", "span", "a"})


def _id_rank(ident: str, tag: str | None = None) -> int | None:
    low = ident.lower()
    if _HAS_FURNITURE_WORD(low) is None:
        return None
    m = _COMBINED.match(low)
    if m:
        return _RANK[m.lastgroup]
    # An id of words joined by underscores is a programmer's name for the box
    # (div#article_comments, div#related_posts_box), like a class, so a furniture word as
    # any part of it names it too. Slugifiers (Sphinx, Pandoc, Hugo, GitHub) join a
    # heading's words with hyphens, so hyphenated ids keep the whole-token patterns.
    if "_" in low and "-" not in low and tag not in _SLUG_ID_TAGS:
        return _class_token_rank(low)
    return None


# lowered class token -> rank of the first pattern it matches (None: no furniture word). A
# site builds its class strings from a few hundred tokens ("menu-item menu-item-type-page
# menu-item-123"), so a class string seen for the first time is mostly tokens seen before:
# the combined pattern, which tries every hyphenated part of a token against every
# alternative, ran once per token of each new class string.
_TOKEN_RANK: dict[str, int | None] = {}
_TOKEN_RANK_MAX = 50_000


def _class_token_rank(tok: str) -> int | None:
    try:
        return _TOKEN_RANK[tok]
    except KeyError:
        pass
    m = _CLASS_COMBINED.match(tok) if _HAS_FURNITURE_WORD(tok) is not None else None
    rank = _RANK[m.lastgroup] if m else None
    if len(_TOKEN_RANK) >= _TOKEN_RANK_MAX:
        _TOKEN_RANK.clear()
    _TOKEN_RANK[tok] = rank
    return rank


def widget_for(tag, cls: str | None, ident: str | None) -> str | None:
    """widget_of for an element whose tag, class and id the caller already read.

    A BEM class (block__element--modifier) names an element of its block after "__"
    (page__related, page__share, sidebar__inner), where the patterns expect one "-" or "_"
    between parts: read as one. Minimal Mistakes, the most used Jekyll theme, names its
    related-posts grid and share bar so; on its short posts the grid outweighed the post and
    was archived in its place (58 of 98). A "--modifier" says which variant of its block an
    element is (x-river--share is the river in its share layout), not what it is: left as is."""
    if tag in NEVER_WIDGET_TAGS:
        return None
    best = None
    if cls and _HAS_FURNITURE_WORD(cls_lower := cls.lower()) is not None:
        if "__" in cls_lower:
            cls_lower = cls_lower.replace("__", "-")
        lowered = cls_lower.split()
        if CONTENT_CLASS_TOKENS.isdisjoint(lowered):
            for tok in lowered:
                rank = _class_token_rank(tok)
                if rank is not None and (best is None or rank < best):
                    best = rank
    if ident:
        rank = _id_rank(ident, tag)
        if rank is not None and (best is None or rank < best):
            best = rank
    return WIDGET_PATTERNS[best][0] if best is not None else None


_UNSEEN = object()
# widget name -> rank: the first matching pattern wins (see widgets.py)
_WIDGET_RANK = {name: i for i, (name, _) in enumerate(WIDGET_PATTERNS)}


# class string -> widget_for(tag, class, None) for tags outside NEVER_WIDGET_TAGS (where the
# answer does not depend on the tag): one dict lookup instead of a call building a key
_BY_CLASS: dict[str, str | None] = {}
_BY_CLASS_MAX = 20_000


def element_widget(tag, cls, ident):
    """widget_for(tag, cls, ident), asking for the class and the id apart: the answer is the
    best-ranked match among all tokens either way, and widget_for caches by (class, id),
    which an id unique on the page (menu-item-123) makes a miss on every element."""
    if tag in NEVER_WIDGET_TAGS:
        return None
    by_cls = None
    if cls:
        by_cls = _BY_CLASS.get(cls, _UNSEEN)
        if by_cls is _UNSEEN:
            by_cls = widget_for(tag, cls, None)
            if len(_BY_CLASS) >= _BY_CLASS_MAX:
                _BY_CLASS.clear()
            _BY_CLASS[cls] = by_cls
    if not ident:
        return by_cls
    return with_id_widget(tag, by_cls, ident)


def with_id_widget(tag, by_cls: str | None, ident: str) -> str | None:
    """element_widget(tag, cls, ident) for a tag outside NEVER_WIDGET_TAGS, given the widget
    its class names (by_cls, None without a class): the better-ranked of it and the id's."""
    by_id = widget_for_id(ident, tag)
    if by_cls is None or (by_id is not None and _WIDGET_RANK[by_id] < _WIDGET_RANK[by_cls]):
        return by_id
    return by_cls
