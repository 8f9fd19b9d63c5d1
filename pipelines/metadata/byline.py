"""A page's byline: the texts around its first h1, where pages print their author and date
for readers. page_date reads its date; byline_author its author, when the metadata (meta
tags, JSON-LD, microdata, rel=author) names none.
"""
from __future__ import annotations

import html
import re

from lxml import etree

from ..blocks.whitespace import normalize_ws
from ..htmlparse import text_of, text_without_buttons

# Text nodes looked at around the page's first h1, where a byline sits: a few before it (a
# kicker or a date above the title) and more after it (author, reading time, share links).
BYLINE_BEFORE = 6
BYLINE_AFTER = 40
# Never a byline: furniture, forms, code and what is not rendered.
_SKIP_TAGS = frozenset({"script", "style", "noscript", "template", "nav", "aside", "footer",
                        "form", "select", "button", "head", "pre", "code", "kbd", "samp"})
_SKIP_ROLES = frozenset({"navigation", "complementary", "contentinfo", "search"})


# A heading shorter than this (plain characters) names a section, not the page, even when
# the page's <title> holds its words ("News", "Blog").
TITLE_HEADING_MIN_CHARS = 8
# A heading's own anchor mark (Sphinx's "¶", "#", "§", a link emoji): no part of its title.
ANCHOR_MARKS = " ¶§#🔗"
_NOT_WORD = re.compile(r"\W+")


def plain_words(text: str) -> str:
    """Lowercased, punctuation as spaces: how a heading is compared with a page's title or
    its site's name."""
    return _NOT_WORD.sub(" ", text.lower()).strip()


# Two wordings of one page's name share at least this share of the shorter one's words
# ("Vanlife in Schweden: Skandinavien im Wohnmobil erleben" as og:title, "Vanlife in
# Schweden - Skandinavien im Wohnmobil" as h1); a blog's name in an h1 shares none of its
# post's.
ALIKE_NAME_SHARE = 0.5


def names_alike(a: str, b: str) -> bool:
    """Do two titles word the same page's name (ALIKE_NAME_SHARE)?"""
    wa, wb = set(plain_words(a).split()), set(plain_words(b).split())
    return bool(wa and wb) and len(wa & wb) >= ALIKE_NAME_SHARE * min(len(wa), len(wb))


def shows_heading(root, text: str) -> bool:
    """Is text, in its words, one of the page's h1-h3 headings?"""
    words = plain_words(text)
    return bool(words) and any(plain_words(text_of(h)) == words for h in root.iter("h1", "h2", "h3"))


# The text of each element's first <title> child: the head's, and an inline SVG's. Compiled
# once: root.xpath() compiled it on every leaf.
_TITLE_TEXTS = etree.XPath("//title[1]//text()", smart_strings=False)


def _title_headings(root):
    """(heading, its plain words) for each h2 and h3 of TITLE_HEADING_MIN_CHARS or more whose
    words the page's <title> holds, in document order."""
    title = plain_words("".join(_TITLE_TEXTS(root)))
    if not title:
        return
    for heading in root.iter("h2", "h3"):
        text = plain_words("".join(heading.itertext()))
        if len(text) >= TITLE_HEADING_MIN_CHARS and text in title:
            yield heading, text


def title_heading(root):
    """A page without an h1: the first h2 or h3 whose words its <title> holds. Themes of the
    2000s (WordPress' Kubrick and its many children) title a post with an h2 and keep h1 for
    nothing or the site's name; the byline sits under that heading all the same."""
    return next((heading for heading, _ in _title_headings(root)), None)


def shown_title(root) -> str | None:
    """The heading a page without an h1 titles itself with: of the h2s and h3s whose words
    its <title> holds with more around them (a forum's "Topic - Forum name", phpBB's h2; a
    Kubrick theme's post), the longest; a shorter one is the site's or a section's name
    that the <title> holds as well ("Security Blog" of "Google Online Security Blog: …")."""
    best = max(_title_headings(root), key=lambda found: len(found[1]), default=None)
    return normalize_ws(text_without_buttons(best[0])).strip(ANCHOR_MARKS) or None \
        if best is not None else None


def _article_footer(el) -> bool:
    """A <footer> inside an <article> is the article's own meta, where many themes print its
    date and author (WordPress' entry-footer "Published <time>", Pelican's post-info
    "Published: Wed 25 December 2024 By …"), not the page's footer."""
    return el.tag == "footer" and any(a.tag == "article" for a in el.iterancestors())


def is_read(el) -> bool:
    """Is this element (with a string tag) read for a page's own dates and names: not
    navigation, a sidebar, a page footer (an article's own is), a form or code?"""
    return (el.tag not in _SKIP_TAGS or _article_footer(el)) and (el.get("role") or "") not in _SKIP_ROLES


def byline_texts(root, names_page=None, h1s: list | None = None) -> list[tuple[str, object]]:
    """(text, the element it is the text or tail of) for the BYLINE_BEFORE text nodes
    before the page's title heading and BYLINE_AFTER from it, outside navigation, sidebars,
    footers, forms and code; [] when it has none. (Named furniture is not left out here:
    themes class their post headers with the words of share bars and related links, and
    leaving those out lost more bylines than replies' dates it kept out.)

    The title heading is the first h1 that its <title> names (names_page(h1) == "title",
    where the caller can tell: page_metadata.names_page); else, where every h1 is the site's
    logo heading (names_page(h1) None), its title_heading (an h2 or h3 its <title> holds);
    else its first h1. Many themes put the site's name or logo in an h1 of the banner on
    every page (WordPress' themes of the 2000s and their children, portal and association
    templates) and the post's title in a later h1 or an h2: the byline sits under the
    post's title. `h1s`: the page's h1 elements (list(root.iter("h1"))), when the caller
    has them."""
    body = root.find("body") if root.tag == "html" else root
    if body is None:
        return []
    # which anchors the page can have at all, so that the walk ends as soon as its anchor is
    # known rather than at the end of the page (h1s in skipped subtrees count here: then the
    # walk only goes on further)
    if names_page is None:
        roles = set()
    elif h1s is None:
        roles = {names_page(h) for h in body.iter("h1")}
    else:       # the body's of them, without walking the tree for them again
        roles = {names_page(h) for h in h1s
                 if body is root or any(a is body for a in h.iterancestors())}
    # A page with an h1 its <title> names needs its title_heading only when the walk never
    # reaches that h1 (inside a skipped subtree): then it is looked for afterwards, among
    # the h2s and h3s the walk passed. title_heading reads every h2 and h3 of the page, and
    # was a fifth of this function on the two thirds of pages that never needed it.
    late_title = "title" in roles
    title_h = title_heading(root) if not late_title and (
        names_page is not None or body.find(".//h1") is None) else None
    passed_headings: list[tuple[object, int]] = []
    texts: list[tuple[str, object]] = []
    page_at = title_at = first_at = None
    some_named = False

    def anchor_found():
        """The anchor the walk ends after, once known (it changes only at a heading)."""
        if names_page is None:
            return first_at if title_h is None else title_at
        if late_title:
            return page_at
        if some_named or title_h is None:
            return first_at
        return title_at if "heading" not in roles else None

    # the walk ends once the heading it prefers is found and followed far enough: the
    # test made once per text node, the anchor worked out only where it can change (at
    # an h1 or the title heading), not per node as before (byline 0.24 -> 0.16 ms)
    found = anchor_found()
    stack: list = [body]
    while stack:
        item = stack.pop()
        if item.__class__ is tuple:       # a tail, after its element's subtree
            texts.append(item)
        else:
            tag = item.tag
            # is_read(item), inlined: it is asked of every element the walk passes (byline
            # 0.155 -> 0.129 ms a page, warm)
            if tag.__class__ is str and (tag not in _SKIP_TAGS or _article_footer(item)) \
                    and (item.get("role") or "") not in _SKIP_ROLES:
                if tag == "h1":
                    if first_at is None:
                        first_at = len(texts)
                    named = names_page(item) if names_page is not None else None
                    if page_at is None and named == "title":
                        page_at = len(texts)
                    some_named = some_named or bool(named)
                    found = anchor_found()
                elif late_title:
                    if tag == "h2" or tag == "h3":
                        passed_headings.append((item, len(texts)))
                elif title_at is None and item is title_h:
                    title_at = len(texts)
                    found = anchor_found()
                text = item.text
                if text and not text.isspace():
                    texts.append((text.strip(), item))
                for child in reversed(item):
                    tail = child.tail
                    if tail and not tail.isspace():
                        stack.append((tail.strip(), item))
                    stack.append(child)
        if found is not None and len(texts) >= found + BYLINE_AFTER:
            break
    if late_title and page_at is None:
        title_h = title_heading(root)
        title_at = next((at for el, at in passed_headings if el is title_h), None)
    at = next((i for i in (page_at, None if some_named else title_at, first_at) if i is not None), None)
    if at is None:
        return []
    return texts[max(0, at - BYLINE_BEFORE):at + BYLINE_AFTER]


# "By Jane Roe", "by Jane Roe, Staff Writer", "Written by J. R. R. Tolkien | 5 min read".
# "by" opens the text, or follows a verb of writing, a separator or a year ("Published
# August 7, 2023 by Nicole Burke"): mid-sentence it is prose ("Step by Step Guide").
_BY = re.compile(r"(?:^|[|·•—–,:]\s*|\b(?:19|20)\d\d\s+|\b(?:written|posted|published|words|story|"
                 r"text|article|reported)\s+)by[:\s]+(.+)$", re.I)
# "Photo by", "Reviewed by", "Powered by": someone or something else than the author.
_NOT_AUTHOR_BY = re.compile(r"\b(?:photos?|image|illustrations?|graphics?|video|credits?|courtesy|"
                            r"powered|sponsored|presented|brought|produced|translated|edited|"
                            r"reviewed|checked|verified|narrated|hosted|designed|built|made)\s*$", re.I)
# An author's name: two to five words, each capitalised (or a particle: van, de, von, bin…),
# initials allowed. Lowercase words are prose ("by the way", "by clicking here"), and one
# word alone is as often a month, a brand or a label ("March", "Google", "Email") as a name.
_PARTICLES = frozenset({"van", "von", "de", "der", "den", "del", "da", "di", "du", "le", "la",
                        "bin", "al", "ibn"})
_NAME_WORD = r"(?:[A-Z\u00C0-\u024F][\w'’.-]*|" + "|".join(sorted(_PARTICLES)) + ")"
_NAME = re.compile(_NAME_WORD + r"(?:\s+" + _NAME_WORD + r"){1,4}")
# Where a name ends: a comma, a separator, a date or a role after it.
_NAME_END = re.compile(r"\s*(?:[,|·•—–/()]|\bon\b|\band\b|\bupdated\b|\bpublished\b|\d).*$", re.I)
# Class and id words that mark the author's name ("author-name", "c-byline__author"), split
# on - and _ so that "authorized-dealer" is none; and words that mark something else about
# them (their picture, bio or label) or another writer (a comment's, a review's).
_AUTHOR_WORDS = frozenset({"author", "authors", "byline", "writer", "autor", "auteur"})
_NOT_A_NAME_WORDS = (r"avatar|image|img|photo|pic|bio|label|title|caption|date|time|"
                     r"comment|review|reply|testimonial|quote")
_NOT_A_NAME_MARK = re.compile(_NOT_A_NAME_WORDS, re.I)
# The same for lowercased ASCII, which ignoring case cannot change: a ninth of the time a
# search (~1 us, where re.I's 9 us read every character's case variants)
_NOT_A_NAME_MARK_ASCII = re.compile(_NOT_A_NAME_WORDS)
_WORD_SPLIT = re.compile(r"[^a-z]+")
# Labels that stand before a name, never names themselves.
_LABELS = frozenset({"author", "authors", "by", "written by", "posted by", "editor", "reviewed by",
                     "fact checked by", "contributor", "staff",
                     # the author label in German, French, Spanish and Italian
                     "autor", "autorin", "autoren", "auteur", "autore", "artikel von", "text von",
                     "verfasst von", "geschrieben von", "erstellt von"})
# A name is short; a byline's text holds the name and a little more ("By Jane Roe, Staff
# Writer | 5 min read"); longer texts are sentences.
AUTHOR_MAX_CHARS = 60
BYLINE_TEXT_MAX_CHARS = 80
# How far up from a text its author mark is looked for (a name in a link in a span in the
# element classed "author").
AUTHOR_MARK_DEPTH = 3
_HEADINGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})


# Words of a date, never of a name ("Sat Feb" before its day).
_DATE_WORDS = frozenset("jan feb mar apr may jun jul aug sep sept oct nov dec january february march "
                        "april june july august september october november december mon tue wed thu "
                        "fri sat sun monday tuesday wednesday thursday friday saturday sunday".split())


# The word a byline opens with in English, German, French, Spanish, Dutch and the
# Scandinavian languages ("von Max Roe", "par Jeanne Roe"), before a capitalised name.
_BY_WORDS = frozenset({"by", "von", "par", "por", "door", "af", "av"})
_LEAD_BY = re.compile(r"^(?i:" + "|".join(sorted(_BY_WORDS)) + r")[:\s]+(?=[A-Z\u00C0-\u024F])")
# A date written with its month's name, and all after it: "NOVEMBER 20, 2019 10:43", "Mar. 3".
_MONTH_DATE = re.compile(r"\s*\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec|january|"
                         r"february|march|april|june|july|august|september|october|november|"
                         r"december)\.?\s+\d.*$", re.I)
# Where a name given as metadata ends: a separator, or a number after a space (a date or a
# time the CMS wrote into the field). Commas stay: "Jane Roe, John Doe" are two authors.
_FIELD_END = re.compile(r"\s*(?:[|·•—–]|\s\d).*$")


# What templates print into an empty author field, or a CMS's default account's login: no
# one's name.
_PLACEHOLDER_NAMES = frozenset({"null", "undefined", "none", "n a", "unknown", "no author",
                                "admin", "administrator", "name", "author", "your name"})
# The label a field's value may carry before the name ("Author: Ashley Roe", "Autor: …").
_AUTHOR_LABEL = re.compile(r"^(?i:(?:authors?|autor(?:in)?|auteur)\s*:|"
                           r"(?:written|posted|created)\s+by\b|(?:erstellt|geschrieben|verfasst)\s+von\b|"
                           r"(?:propos\s+)?recueillis?\s+par\b)\s*")
# A sentence's full stop after the name ("Recueilli par Patrick ANGEVIN."), not an initial's
# ("John D.", "Jr.")
_FULL_STOP = re.compile(r"(?<=[^\W\d_]{3})\.$")
# A social handle after the name ("Williams Perdomo @wperdomod"): the account, not the name.
_HANDLE = re.compile(r"\s+@\w+$")
# An e-mail address beside the name ("Lüder Hoppe info@buero-hoppe.de", "Jane Roe <jr@x.org>")
_EMAIL = re.compile(r"\s*[<(]?[\w.+-]+@[\w-]+(?:\.[\w-]+)+[>)]?")
# ...or the writer's or the paper's web address ("Frank Bueltge - http://bueltge.de", "The
# Washington Times https://www.washingtontimes.com"): a link, not part of the name
_WEB_ADDRESS = re.compile(r"\s*[<(]?(?:https?://|www\.)\S+[>)]?", re.I)
_NAME_WORD = re.compile(r"[^\W\d_]{2,}")
# A field of no letters is an account's number (a Facebook profile's id), no one's name.
_NO_NAME = re.compile(r"^[\W\d_]+$")


def author_name(text: str) -> str | None:
    """An author field's value as a name: "By JERUSALEM POST STAFF NOVEMBER 20, 2019 10:43"
    is "JERUSALEM POST STAFF". Templates print the whole byline into meta author or
    JSON-LD's author as readily as into the page; a reader takes the name from it. A field
    escaped twice ("Redacci&oacute;n") is unescaped; a placeholder is none."""
    if "&" in text:
        text = html.unescape(text)
    if plain_words(text) in _PLACEHOLDER_NAMES:
        return None
    text = _LEAD_BY.sub("", _AUTHOR_LABEL.sub("", " ".join(text.split())))
    # (an address alone is what the page names its writer by: a forum's login)
    named = _WEB_ADDRESS.sub("", _EMAIL.sub("", text))
    text = named if _NAME_WORD.search(named) else text
    text = _FIELD_END.sub("", _MONTH_DATE.sub("", _HANDLE.sub("", text))).strip(" ,:;-")
    text = _FULL_STOP.sub("", text)
    if _NO_NAME.match(text):
        return None
    # longer than a byline is a bio or the markup around it, not a name: left for the
    # byline the page prints (page.py falls back to it)
    return text if text and len(text) <= BYLINE_TEXT_MAX_CHARS else None


# A by-word inside a text, before a capitalised word: where a sentence hands over to a name.
_INNER_BY = re.compile(r"\s(?i:" + "|".join(sorted(_BY_WORDS)) + r")[:\s]+(?=[A-Z\u00C0-\u024F])")


def named_after_by(text: str) -> str:
    """A link's text as the name it gives: WordPress themes link the author's archive as a
    sentence ("View all posts by Jane Roe", "Zeige alle Beiträge von Cem Basman"), whose name
    is what follows its last by-word where a lowercase word comes before it ("Max von
    Sydow" is a name whole)."""
    found = list(_INNER_BY.finditer(text))
    if found and any(w[:1].islower() for w in text[:found[-1].start()].split()):
        return text[found[-1].end():]
    return text


def _name(text: str) -> str | None:
    """text as an author's name, cut at what follows the name, or None."""
    text = _MONTH_DATE.sub("", _LEAD_BY.sub("", _AUTHOR_LABEL.sub("", text.strip())))
    text = _NAME_END.sub("", text).strip(" .:")
    if not text or len(text) > AUTHOR_MAX_CHARS or text.lower() in _LABELS:
        return None
    # (a particle ends no name: "Veröffentlicht von", German for "Posted by", is the label
    # before one)
    if not _NAME.fullmatch(text) or text.rsplit(None, 1)[-1] in _PARTICLES \
            or not _DATE_WORDS.isdisjoint(text.lower().replace(".", " ").split()):
        return None
    return text


def _marked_author(el) -> bool:
    """Is el, or one of its AUTHOR_MARK_DEPTH nearest ancestors, named for the author's name?"""
    for _ in range(AUTHOR_MARK_DEPTH):
        if el is None:
            return False
        words = _marks(el, "class", "id", "itemprop")
        if (_NOT_A_NAME_MARK_ASCII if words.isascii() else _NOT_A_NAME_MARK).search(words):
            return False
        if not _AUTHOR_WORDS.isdisjoint(_WORD_SPLIT.split(words)):
            return True
        el = el.getparent()
    return False


# The by-word of a page's language (<html lang>, else og:locale) that its byline opens with
# beside English's "By": "Von Claudia Roe", "Par Jeanne Roe". Only the page's own language's
# (in an English page "Door Locks Explained" and "Von Trapp Family Lodge" are titles), and
# capitalised at the text's start: after a colon or lowercase it is a sentence's preposition
# ("KARLA: POR SER FAN…", a quote's "von Georg Roe").
BY_WORD_OF = {"de": "von", "fr": "par", "es": "por", "pt": "por", "nl": "door", "da": "af",
              "sv": "av", "no": "av", "nb": "av", "nn": "av"}
_BY_OF = {word: re.compile(rf"^{word.capitalize()}[:\s]+(.+)$") for word in set(BY_WORD_OF.values())}


def byline_author(texts: list[tuple[str, object]], lang: str | None = None) -> str | None:
    """The author a page prints near its first h1 (texts: byline_texts): "By Jane Roe" in a
    short text (or its language's by-word: BY_WORD_OF), else the short text of an element
    its class or id names for the author (class="author-name")."""
    word = BY_WORD_OF.get((lang or "")[:2].lower())
    lead = _BY_OF[word] if word else None
    for i, (text, _) in enumerate(texts):
        if len(text) > BYLINE_TEXT_MAX_CHARS:
            continue
        name = None
        label = text.lower().rstrip(": ")
        if label in _LABELS or (word and label == word):
            if i + 1 < len(texts):
                # "By" and the name in elements of their own: there a login is a name too
                # ("von" / "Isabella.DiBiase", a forum's or a blog's account), set as a link
                # to its profile or as a name is (not a syntax diagram's "GROUP BY expr")
                nxt, el = texts[i + 1]
                name = _name(nxt) or (_login_name(nxt) if el.tag in _NAME_TAGS
                                      or _marked_author(el) else None)
        else:
            found = _BY.search(text) or (lead and lead.match(text))
            if found and not _NOT_AUTHOR_BY.search(text[:found.start()]):
                name = _name(found.group(1))
        if name:
            return name
    for text, el in texts:
        # (a heading is a section's title, "You Might Also Like", never a name)
        if len(text) <= AUTHOR_MAX_CHARS and el.tag not in _HEADINGS and _marked_author(el):
            # (a username too, where the element's own class names the author's name:
            # WordPress' block themes print "by" and the login name, lowercase)
            name = _name(text) or (_team_name(text) if _names_the_name(el) else None)
            if name:
                return name
    for text, el in texts:
        # a link to the author's archive (/author/jane-roe/: WordPress, Ghost, Pelican)
        # names its author as the site spells them, a team's lowercase name too
        if el.tag == "a" and text == (el.text or "").strip() and _AUTHOR_ARCHIVE.search(el.get("href") or ""):
            name = _name(text) or _team_name(text)
            if name:
                return name
    return None


def _names_the_name(el) -> bool:
    """Does el's own class or id name an author's name ("wp-block-post-author__name",
    "author-name"): both an author word and "name"? Or is it the formatted name ("fn") of
    an hCard marked as the author (class="author vcard"), the microformat WordPress themes
    print their bylines in?"""
    words = set(_WORD_SPLIT.split(_marks(el, "class", "id")))
    if "fn" in words:
        parent = el.getparent()
        return parent is not None and _marked_author(parent)
    return "name" in words and not _AUTHOR_WORDS.isdisjoint(words)


def _marks(el, *names: str) -> str:
    """The element's attributes `names` (class, id…), lowercased in one string."""
    return " ".join(el.get(n) or "" for n in names).lower()


# An author archive's address: a folder named so, the author's page under it.
_AUTHOR_ARCHIVE = re.compile(r"/authors?/[^/?#]", re.I)


# The word a post's card sets after its author's name, in a line of its own ("dana" /
# "wrote": NodeBB; "says:" under WordPress' comment authors).
_TRAILING_LABELS = frozenset({"wrote", "writes", "said", "says"})


def _as_label(text: str) -> str:
    return text.strip().lower().rstrip(": ")


def is_byline_label(text: str) -> bool:
    """Is the text only a label a byline sets before a name ("By", "Written by:"), or a
    by-word of another language alone ("von", "par")?"""
    label = _as_label(text)
    return label in _LABELS or label in _BY_WORDS


def is_trailing_label(text: str) -> bool:
    """Is the text only the word a post's card sets after its author's name ("wrote")?"""
    return _as_label(text) in _TRAILING_LABELS


# Elements a byline sets a name in: a link to the author's page, a bold or a cited name.
_NAME_TAGS = frozenset({"a", "strong", "b", "cite", "address"})
_LOGIN_NAME = re.compile(r"(?=.*[^\W\d_])[\w.-]{2,30}")


def _login_name(text: str) -> str | None:
    """One token of letters, digits, dots and dashes ("delta201", "Isabella.DiBiase"), no
    label, date word or placeholder: an account's name where a label says an author follows."""
    text = text.strip()
    low = text.lower()
    if not _LOGIN_NAME.fullmatch(text) or low in _LABELS or low in _DATE_WORDS \
            or low in _PLACEHOLDER_NAMES:
        return None
    return text


def _team_name(text: str) -> str | None:
    """A short name that is not a person's ("The maintainers", "staff"): words only, no
    label ("By", an archive link's "Posts by Jane") and no date."""
    text = text.strip(" .:")
    words = text.lower().split()
    # (a label ending in the byline's "by", in any of _BY_WORDS' languages: "Posted by",
    # "Veröffentlicht von", "Publié par", the name in the element after it)
    if not text or len(words) > 4 or text.lower() in _LABELS or "by" in words \
            or words[-1] in _BY_WORDS \
            or not _DATE_WORDS.isdisjoint(words) or not all(w.isalpha() for w in words):
        return None
    return text
