"""Links a post carries about itself: the labels it is filed under and its neighbours.

Blog and CMS templates print, inside the post's own container, the tags and categories the
post is filed under ("added, changed, fixed" under the title, each a link to /tags/x),
links to the posts before and after it ("← Previous: Release 1.7.0 / Next →: Release
1.9.0") and buttons that share it. None is the post's text, and a template often names
them with no class a furniture list knows (Eleventy's base blog: ul.post-metadata,
ul.links-nextprev; Spirit's share list: ul.actions). What they share on every site is what
their links lead to:
- a filing label leads to a term archive (/tags/x, /category/x: url_shape.is_term_archive_url)
  and says nothing besides its name and a separator ("Tags:", a comma);
- a neighbour link leads to a page addressed as this one is (/blog/release-1-7-0/ beside
  /blog/release-1-8-0/, /2019/05/a-post/ beside /2019/06/another/), under at most a word or
  two of label ("← Previous", "Next post"), and stands last in the post;
- a share button leads off the site with this page's address in its query;
- a comment count or "Leave a comment" leads to this page's own comment section (#comments);
- the publisher's call to subscribe, register or get its app leads to the site's sign-up
  page (/subscribe, /abo, /newsletter-signup) or to the app's store listing.

Only a leaf's blocks are read (the caller decides): on a tag archive or a blog's home the
same links are the listing. Found on Eleventy's base blog (bench/sites/build_eleventy_blog.py),
a template no rule here had seen: 63 of its 98 posts had kept their tag line and 95 their
previous/next links; none now. WCXB dev: 16 pages lose such lines (Steam's
"popular tags", "Posted in <category>") and 26 keep an article's closing line that links on
(selection._linking_statement): word F1 0.870 -> 0.871;
trafilatura-eval snippets P 0.906 held, R 0.959 -> 0.960.
"""
from __future__ import annotations

import re
from urllib.parse import unquote

from ..blocks import Block
from ..blocks.block_model import kept_positions
from ..indexiness.url_shape import continuation_base, is_term_archive_url
from ..indexiness.url_identity import is_content_path, target_path
from .link_text import link_texts
from .teaser_runs import host_of, link_targets

# Words a filing line holds besides its labels' names: "Tags:", "Filed under", "Posted in".
FILING_LABEL_WORDS = 3
# Words a neighbour link holds besides its title: "← Previous", "Next post", "Older »".
NEIGHBOUR_LABEL_WORDS = 3
# A post links its two neighbours at most; a longer run of links to its like is a list of
# posts (related posts, a series' index), which the teaser rules weigh as a list.
MAX_NEIGHBOURS = 2
_KINDS = frozenset({"paragraph", "list-item"})
_WORD = re.compile(r"\w+")
# A path segment that only numbers (a year, a month, a record key) varies between a post's
# neighbours as its slug does: /2019/05/a-post/ and /2019/06/another/ are one template.
_NUMBER = re.compile(r"\d+")
# ...and the page numbers of a post's pager ("Pages: 1 2 3") are no label words either.
_PAGE_NUMBER = re.compile(r"\b\d+\b")


def drop_post_links(blocks: list[Block], keep: list[bool], page_url: str | None,
                    discussion: bool = False) -> list[int]:
    """Drop, in place on `keep`, the kept filing lines and the trailing neighbour links.
    `discussion`: the page is a forum thread or Q&A, whose posts' numbers and dates link
    back to the page (no buttons of the page's). Returns the dropped blocks' indices."""
    if not page_url:
        return []
    host = host_of(page_url)
    own = _part_base(page_url)
    page = page_url.split("#", 1)[0]
    dropped = []
    kept = kept_positions(keep)
    # the page's headings: a line linking one of them is a cross-reference ("See also
    # [Using middleware](#using-middleware)") or its table of contents, no button. Read
    # when a line first links back to the page only.
    sections = _Sections(blocks)
    urls_of = {i: link_targets(blocks[i]) for i in kept
               if blocks[i].kind in _KINDS and "](" in blocks[i].rich_text}
    # a line of the page's own buttons goes alone: lines of them in a row are its contents.
    # A jump to its comments beside it is a button too, not a contents line ("Podziel się"
    # over "komentarze 0"): it goes on its own (_comments_jump) and leaves the other alone.
    jumps = {i for i, urls in urls_of.items() if _comments_jump(blocks[i], urls, page)}
    controls = set() if discussion else {
        i for i, urls in urls_of.items()
        if i not in jumps and _page_control(blocks[i], urls, page, host, sections)}
    for at, i in enumerate(kept):
        urls = urls_of.get(i)
        if urls is None:
            continue
        b = blocks[i]
        if (_filing_line(b, urls, host) or _pager_line(b, urls, own, page)
                or _share_line(b, urls, host, page) or i in jumps
                or _account_call(b, urls, host, discussion)
                or (i in controls
                    and controls.isdisjoint(kept[max(0, at - 1):at] + kept[at + 1:at + 2]))):
            dropped.append(i)
    for i in dropped:
        keep[i] = False
    return sorted(dropped + _trailing_neighbours(blocks, keep, page_url, host))


def _label_and_link_words(b: Block) -> tuple[int, int]:
    """Words of the block's text outside its links, and inside them."""
    linked = sum(len(_WORD.findall(text)) for text in link_texts(b.rich_text))
    return len(_WORD.findall(b.text)) - linked, linked


def _titled_by_its_link(b: Block) -> bool:
    """A line that is its link's title under a label of a word or two ("← Previous"), not a
    sentence with a link in it ("Good coffee [menu]."): no more label words than title words."""
    label, linked = _label_and_link_words(b)
    return label <= NEIGHBOUR_LABEL_WORDS and label <= linked


def _in_site(urls: list[str], host: str) -> bool:
    return bool(urls) and all(u.startswith(("http://", "https://")) and host_of(u) == host
                              for u in urls)


def _filing_line(b: Block, urls: list[str], host: str) -> bool:
    return (_in_site(urls, host) and all(is_term_archive_url(u) for u in urls)
            and _label_and_link_words(b)[0] <= FILING_LABEL_WORDS)


def _share_line(b: Block, urls: list[str], host: str, page: str) -> bool:
    """A share button or bar: every link a share link (shares_page), under a label of a word
    or two ("Share:"), however the theme names or draws it. A button that opens a form on
    this very page (Shared Counts' e-mail button, #shared-counts-email) sits among them."""
    shares = [u for u in urls if u.split("#", 1)[0] != page]
    return (bool(host) and bool(shares)
            and all(u.startswith(("http://", "https://", "mailto:")) and host_of(u) != host
                    and shares_page(u, host) for u in shares)
            and _label_and_link_words(b)[0] <= FILING_LABEL_WORDS)


# Where a publisher's calls to the reader lead: the site's own pages to subscribe, register,
# sign up for its newsletter, join or support it, named so by their path on every CMS
# (/subscribe, /newsletters/x, /abo, /registrieren, /support-us), and its app's listing in the
# app stores.
# The address's last segment is the word alone or with one more after it (/signup-de,
# /newsletter-signup): a story's slug about the thing (/best-newsletter-tools,
# /register-of-deeds) is none, nor is a page filed under such a folder (Axios files its
# stories under /newsletters/, a review site its author lexicon under /online_abo/).
_ACCOUNT_WORD = (r"(?:subscri(?:be|ption|ptions)|abonn[a-z]*|abo|newsletters?|sign-?up|"
                 r"regist(?:er|ration|rieren|rierung)|join|membership|mitglied[a-z]*|donate|"
                 r"spenden|unterstuetzen|support-us)")
_ACCOUNT_PATH = re.compile(r"/" + _ACCOUNT_WORD + r"(?:[-_][a-z0-9]+)?(?:\.[a-z]+)?/?$", re.I)
_APP_STORES = ("apps.apple.com", "itunes.apple.com", "play.google.com")
# ...and the platforms readers pay a writer or a publication through (memberships, tips,
# donations): an independent blog's or newsroom's "If you enjoyed this post, support our
# work" leads there, not to a page of its own site.
_SUPPORT_PLATFORMS = ("steadyhq.com", "patreon.com", "ko-fi.com", "buymeacoffee.com",
                      "liberapay.com", "paypal.me", "donorbox.org", "opencollective.com")
# Words a call to the reader holds at most: a sentence or two ("To view the full story,
# please subscribe to …", "Download our apps for iOS and Android"), not a paragraph of the
# story that mentions a subscription.
ACCOUNT_CALL_MAX_WORDS = 40


def _account_call(b: Block, urls: list[str], host: str, discussion: bool = False) -> bool:
    """The publisher's call to subscribe, register, support it or get its app: a line or two
    whose every link leads to such a page of the site, to a membership platform's page or to
    the app's store listing. A story's own sentence about a service links that service's
    site, not the publisher's sign-up. On a forum thread the posts are the content, and a
    poster's appeal for donations (a project's release thread) is theirs: platforms count
    there as any other site."""
    if not host or not urls:
        return False
    for u in urls:
        if not u.startswith(("http://", "https://")):
            return False
        where = host_of(u)
        if where in _APP_STORES or (not discussion and _platform(where)):
            continue
        if where != host or not _ACCOUNT_PATH.search(target_path(u)):
            return False
    return len(_WORD.findall(b.text)) <= ACCOUNT_CALL_MAX_WORDS


def _platform(host: str) -> bool:
    """host is a support platform or one of its subdomains (a creator's own page there)."""
    return any(host == p or host.endswith("." + p) for p in _SUPPORT_PLATFORMS)


# Words a line of the page's own buttons holds at most ("Jump to Recipe Print Recipe",
# "Zum Rezept Drucken Pinnen", "Podziel się").
CONTROL_MAX_WORDS = 6
# A print view of the page: WordPress recipe cards' /wprm_print/123, /print/, ?print=1.
_PRINT_VIEW = re.compile(r"[/_?&=-]print(?:[/_?&=.-]|$)", re.I)


class _Sections:
    """The page's heading texts, normalised, taken when first asked."""
    __slots__ = ("blocks", "texts")

    def __init__(self, blocks: list[Block]):
        self.blocks, self.texts = blocks, None

    def __contains__(self, text: str) -> bool:
        if self.texts is None:
            self.texts = {" ".join(b.text.lower().split()) for b in self.blocks
                          if b.kind == "heading"}
        return text in self.texts


def _page_control(b: Block, urls: list[str], page: str, host: str, sections: _Sections) -> bool:
    """A line of buttons that act on this page: every link leads back to it (a jump to its
    recipe card or its comments, a share button that is the page's own address) or to its
    print view, in a few words ("Jump to Recipe · Print Recipe"). A recipe plugin or a
    theme prints it above every post; it says nothing of the post. One line alone: lines of
    them in a row, or a list, are the page's table of contents (drop_post_links)."""
    if b.kind != "paragraph" or not urls or not page or not all(
            u.split("#", 1)[0] == page or (_PRINT_VIEW.search(u) and host_of(u) == host)
            for u in urls):
        return False      # (the address test first: most linked lines lead elsewhere)
    if len(_WORD.findall(b.text)) > CONTROL_MAX_WORDS or b.text.rstrip().endswith("?") \
            or "![" in b.rich_text:
        return False      # (an FAQ's question opens its answer; a picture is the page's)
    label, linked = _label_and_link_words(b)
    # the buttons' words are their links' (a signature beside its "¶" is the page's text)
    return (label <= NEIGHBOUR_LABEL_WORDS and label <= linked
            and not any(" ".join(t.lower().split()) in sections for t in link_texts(b.rich_text)))


# The anchors CMSes give a post's comment section: WordPress' #comments and #respond,
# Disqus' #disqus_thread, Blogger's #comment-form.
_COMMENTS_ANCHOR = re.compile(r"\]\(([^)\s#]*)#(?:comments?|respond|reply|disqus_thread|"
                              r"comment-?form|comments-section)\)", re.I)


def _comments_jump(b: Block, urls: list[str], page: str) -> bool:
    """A jump to the post's own comment section ("(0 comments)", "Leave a comment"): every
    link leads to this page's comment anchor, under a label of a word or two."""
    jumps = _COMMENTS_ANCHOR.findall(b.rich_text)
    return (bool(jumps) and len(jumps) == len(urls)
            and all(not u or u.split("#", 1)[0] == page for u in jumps)
            and _label_and_link_words(b)[0] <= FILING_LABEL_WORDS)


def shares_page(url: str, host: str) -> bool:
    """url carries this page's address (its host) in its query: a share button's link
    (twitter.com/share?url=…, facebook.com/sharer.php?u=…, a mail link's body)."""
    return host in unquote(url.partition("?")[2])


def _part_base(url: str) -> str:
    base = continuation_base(url)
    return base if base.endswith("/") else base + "/"


def _pager_line(b: Block, urls: list[str], own: str, page: str) -> bool:
    """A line whose every link is another part of this post ("Pages: 1 [2] [3]", "Page 2
    of 3: [next]"): the post's own pager, which the crawl follows and the archive joins
    (split_posts.py), not its text. (A link to a place on this page is no other part.)"""
    return (bool(urls) and all(_part_base(u) == own and u != page for u in urls)
            and _label_and_link_words(b)[0] - len(_PAGE_NUMBER.findall(b.text))
            <= FILING_LABEL_WORDS)


def _trailing_neighbours(blocks: list[Block], keep: list[bool], page_url: str,
                         host: str) -> list[int]:
    """The last kept blocks, when one or two of them each lead to a page addressed as this
    one is (and nothing but them follows the post's text)."""
    page = target_path(page_url)
    run = []
    for i in reversed([i for i in kept_positions(keep) if blocks[i].text]):
        b = blocks[i]
        # an item of a nested list belongs to the item above it: the author's own list
        # ("Browse these resources:" and two links), not the template's
        if b.kind not in _KINDS or "](" not in b.rich_text or (b.level or 1) > 1:
            break
        urls = link_targets(b)
        if not (len(urls) == 1 and _in_site(urls, host) and _neighbour(target_path(urls[0]), page)
                and _titled_by_its_link(b)):
            break
        run.append(i)
        if len(run) > MAX_NEIGHBOURS:
            return []
    for i in run:
        keep[i] = False
    return run


def _neighbour(path: str, page: str) -> bool:
    """Another page of this page's URL template: as many segments, the same ones but for
    numbers and the last."""
    if path.rstrip("/") == page.rstrip("/"):
        return False
    a, b = path.strip("/").split("/"), page.strip("/").split("/")
    if len(a) != len(b) or not a[-1] or not b[-1]:
        return False
    # at the site's top level every page shares the template (/menu beside /cafe); there a
    # post is told by its title slug (WordPress' /%postname%/ permalinks)
    if len(a) == 1 and not (is_content_path(path) and is_content_path(page)):
        return False
    return all(x == y or (_NUMBER.fullmatch(x) and _NUMBER.fullmatch(y))
               for x, y in zip(a[:-1], b[:-1]))
