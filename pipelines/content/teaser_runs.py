"""Teaser runs inside an article: lists and grids of links to the site's other pages.

A news or blog template drops "Latest news", "Most read", "More on …" and "Read also" blocks
into the article's own container, before, between or after its paragraphs, often with no
class or heading that names them. What they share on every site is their shape, the one
`../shared/seeds/link-blocks.txt` measures: block after block whose text is nearly all one
link (high link density) to another page of the same site, with at most a date, a label or
a thumbnail between them. An article's own paragraphs carry links inside sentences (low
density), and a list of sources or references points off the site; neither is cut.

Only an article's body is searched (the caller decides): on an index, listing or category
page such a run is the content. Measured (bench/eval_snippets.py, bench/eval_extraction.py):
trafilatura-eval snippet precision 0.866 -> 0.872 with recall held at 0.934; WCXB dev word
F1 0.866 -> 0.867 (index pages untouched); Readability's pages 0.915 either way.
"""
from __future__ import annotations

import re
from urllib.parse import urldefrag, urlsplit

from ..blocks import Block
from ..blocks.block_model import kept_positions
from .link_text import LINK_TEXT

# A run holds at least this many teasers to distinct pages: two links in a row are a
# "previous / next" pair or a sentence's pair of references; three are a list (the seed's
# repeated-shape threshold for a link block).
TEASER_RUN_MIN = 3
# A block is a teaser when more than this share of its text is link text (the seed's link
# density for a link block).
TEASER_LINK_DENSITY = 0.5
# Between teasers, a block of fewer words with no link is the teaser's date, kicker or label
# ("Top", "11.04.2020", "Sport"), not text: it stays in the run. A teaser's summary is
# longer and ends the run, so a list of linked headings each with its own paragraph (a
# listicle) is never taken for a run.
FILLER_MAX_WORDS = 8
# A lone line is a teaser when its link reads as a headline: a phrase, not a word or a name
# ("here", "Berlin") that a sentence of the article might be cut down to.
LONE_TEASER_MIN_WORDS = 3
# Blocks that belong to a run without a link: thumbnails and rules between cards.
_SILENT_KINDS = frozenset({"image", "rule", "media"})
_LINK_URL = re.compile(LINK_TEXT + r"\(([^)\s]+)")   # group 2: the link's address
# ...for a rich text without a backslash or an image, as link_text._PLAIN_LINK_RE says
_PLAIN_LINK_URL = re.compile(r"\[([^\]]*)\]\(([^)\s]+)")


# An http(s) address whose host is plain (letters, digits, dots, hyphens; no user, port or
# brackets): its host read off directly, as urlsplit(url).hostname would give it lowercased.
# urlsplit and its hostname cost 2 us a link, and the teaser passes ask for every link's.
_PLAIN_HOST = re.compile(r"https?://([A-Za-z0-9.-]+)(?:[/?#]|\Z)")


def host_of(url: str) -> str:
    plain = _PLAIN_HOST.match(url)
    host = plain.group(1).lower() if plain else (urlsplit(url).hostname or "").lower()
    return host.removeprefix("www.")


def _defragged(url: str) -> str:
    # urldefrag returns an address without "#" as it is; asked only of those that have one
    # (it builds a named tuple per call)
    return urldefrag(url)[0] if "#" in url else url


def link_targets(b: Block) -> list[str]:
    """Where the block's links lead (fragments dropped)."""
    if b.kind == "image":
        return [_defragged(b.link)] if b.link else []
    rich = b.rich_text
    links = _LINK_URL if "\\" in rich or "![" in rich else _PLAIN_LINK_URL
    return [_defragged(url) for _, url in links.findall(rich)]


def teaser_target(b: Block, density: float, inside_link: bool, page: str,
                   host: str) -> str | None:
    """The page of the site a teaser block leads to, or None when it is no teaser."""
    if inside_link:
        # a card whose <a> wraps its blocks: the xpath names no target; its text is a
        # headline all the same. Its position stands for the (unknown) page it leads to.
        return f"card:{b.xpath.split('/a')[0]}/a"
    if b.kind != "image" and density <= TEASER_LINK_DENSITY:
        if b.card_link is None:
            return None
        # a card's headline whose link is the card's overlay (card_links.py)
        targets = [_defragged(b.card_link)]
    else:
        targets = link_targets(b)
    return _site_page(targets[0], page, host) if len(targets) == 1 else None


def _site_page(target: str, page: str, host: str) -> str | None:
    """target, when it is another http(s) page of this site (of any site, host unknown)."""
    if not target.startswith(("http://", "https://")) or target == page:
        return None
    if host and host_of(target) != host:
        return None
    return target


def page_of(page_url: str | None) -> tuple[str, str, str]:
    """The page's address without its fragment, its host, and the prefix of the addresses
    under it: a link there leads to a part of this page (a forum post's permalink and date
    under the thread's address), no other page."""
    page = urldefrag(page_url)[0] if page_url else ""
    return page, host_of(page) if page else "", page.split("?", 1)[0].rstrip("/") + "/"


def drop_teaser_runs(blocks: list[Block], keep: list[bool], densities: list[float],
                     inside: list[bool], words: list[int], page_url: str | None) -> list[int]:
    """Drop, in place on `keep`, every run of TEASER_RUN_MIN or more teasers among the kept
    blocks, with the short label heading right before it ("Most read", "Lesen Sie auch").
    Returns the dropped blocks' indices."""
    page, host, _ = page_of(page_url)
    idx = kept_positions(keep)
    run: list[int] = []          # kept indices of the current run
    targets: set[str] = set()

    def close() -> None:
        teasers = [i for i in run if i in found]
        if len(targets) >= TEASER_RUN_MIN and len(teasers) >= TEASER_RUN_MIN:
            first, last = teasers[0], teasers[-1]
            for i in run:
                if first <= i <= last:
                    keep[i] = False
                    dropped.append(i)
            label = label_before(blocks, idx, first, words)
            if label is not None:
                keep[label] = False
                dropped.append(label)

    found: set[int] = set()
    dropped: list[int] = []
    for i in idx:
        b = blocks[i]
        # teaser_target's first test, before the call: most kept blocks are prose
        target = None if (not inside[i] and densities[i] <= TEASER_LINK_DENSITY
                          and b.kind != "image") else teaser_target(
            b, densities[i], inside[i], page, host)
        if target is not None:
            found.add(i)
            run.append(i)
            targets.add(target)
            continue
        filler = (b.kind in _SILENT_KINDS and not b.link) or (
            b.kind != "image" and words[i] <= FILLER_MAX_WORDS and "](" not in b.rich_text)
        if filler and run:
            run.append(i)
            continue
        if run:     # an empty run closes to nothing: no call, no new set per prose block
            close()
            run, targets = [], set()
    close()
    return sorted(dropped)


def label_before(blocks: list[Block], idx: list[int], first: int, words: list[int],
                 lead_in: bool = True) -> int | None:
    """The kept block right before `first` when it is a short heading with no link: the
    label of the run or grid that starts there ("Most read", "Lesen Sie auch"). A line set
    in bold alone is a heading too: editors without heading styles write one so
    ("**À lire aussi**"); so is a line of its own ending in a colon, which leads into what
    follows ("Veja também:" in a template's plain div), where `lead_in`: over a single linked
    line, such a line is as often the article's own pointer to a page ("Information on
    tropical diseases:" over the link to its leaflets)."""
    before = [i for i in idx if i < first]
    if before:
        label = blocks[before[-1]]
        if (label.kind == "heading" or bold_line(label) or (lead_in and _lead_in(label))) \
                and words[before[-1]] <= FILLER_MAX_WORDS and "](" not in label.rich_text:
            return before[-1]
    return None


def _lead_in(b: Block) -> bool:
    """A paragraph of its own that ends in a colon: it introduces the block after it."""
    return b.kind == "paragraph" and b.text.rstrip().endswith(":")


def bold_line(b: Block) -> bool:
    """A paragraph set wholly in bold: an editor's label line or a story's lead."""
    rich = b.rich_text.strip().rstrip(":").strip()
    return (b.kind == "paragraph" and len(rich) > 4 and rich.startswith("**")
            and rich.endswith("**") and "**" not in rich[2:-2])


# A link to a file (a PDF, a spreadsheet, an archive, a recording) is a document the article
# hands over, not a teaser for another page. Named by the file types themselves: pages carry
# extensions of their CMS's own as well (Polityka's articles end in .read, others in .ece,
# .cms, .shtml), and any extension but a few page ones read their "Czytaj też:" lines as files.
_FILE_TARGET = re.compile(
    r"\.(?:pdf|docx?|xlsx?|pptx?|od[tspg]|rtf|txt|csv|epub|zip|rar|7z|gz|tgz|mp3|mp4|m4a"
    r"|wav|ogg|mov|avi|jpe?g|png|gif|svg|ics|vcf)$", re.I)


# What a lone teaser line is set as: a paragraph, a quote (a pull-out "PUEDES VER:" line) or
# a list of one item under its label.
_LONE_TEASER_KINDS = frozenset({"paragraph", "quote", "list-item"})


def _prose(b: Block, density: float, n: int) -> bool:
    return b.kind == "paragraph" and n > FILLER_MAX_WORDS and density <= TEASER_LINK_DENSITY


def _story_goes_on(b: Block, density: float, n: int) -> bool:
    """After a lone teaser or card: the story's next paragraph, or its next section."""
    return _prose(b, density, n) or b.kind == "heading"


def drop_lone_teasers(blocks: list[Block], keep: list[bool], densities: list[float],
                      inside: list[bool], words: list[int], page_url: str | None) -> list[int]:
    """Drop, in place on `keep`, a line between an article's paragraphs that is one headline
    linking another page of the site ("Read also: <headline>", "More on this: <headline>"),
    with its label line, and two such lines in a row (UK regional news' "READ MORE: <headline>"
    pairs), fewer than a run (TEASER_RUN_MIN). News CMSs drop such lines into the story's flow
    one or two at a time, where no run or grid shows them; the seed's link-block measures do
    (nearly all of the line is one link). The line may end a section (a heading follows),
    stand as a quote, or as a list of one under its label. A link to a file (a PDF, a form)
    is the article's attachment and stays. Returns the dropped blocks' indices."""
    page, host, own = page_of(page_url)
    idx = kept_positions(keep)

    def teaser(i: int) -> bool:
        b = blocks[i]
        if b.kind not in _LONE_TEASER_KINDS or words[i] < LONE_TEASER_MIN_WORDS:
            return False
        if inside[i]:
            # a headline whose <a> wraps its blocks: a teaser as a list's item (a card's
            # markup for "Veja também:" over one story); set in the story's flow, it is a
            # card (drop_lone_cards)
            if b.kind != "list-item":
                return False
        elif densities[i] <= TEASER_LINK_DENSITY:     # (teaser_target's first test)
            return False
        if b.text.rstrip().endswith(":"):
            # a line ending in a colon leads into what follows ("Bibi said:" over the post a
            # forum reply quotes): no headline ends so
            return False
        target = teaser_target(b, densities[i], inside[i], page, host)
        return target is not None and not _FILE_TARGET.search(urlsplit(target).path) \
            and not target.startswith(own)

    dropped: list[int] = []
    pos = 1
    while pos < len(idx) - 1:
        if not teaser(idx[pos]):
            pos += 1
            continue
        end = pos + 1 if pos + 1 < len(idx) - 1 and teaser(idx[pos + 1]) else pos
        label = label_before(blocks, idx, idx[pos], words,
                             lead_in=blocks[idx[pos]].kind == "list-item")
        before = pos - (2 if label is not None else 1)
        if before >= 0 and end + 1 < len(idx):
            p, n = idx[before], idx[end + 1]
            # a list item is a teaser as a list of one under its label ("Lesen Sie auch" over
            # one linked headline). Beside other items it ends a list the article gives (a
            # doc's "For more information, see:" pair), and unlabelled it may head a
            # listicle's entry (a linked project name over its description)
            listed = any(blocks[i].kind == "list-item" for i in idx[pos:end + 1])
            if listed and (label is None or end != pos):
                pos = end + 1
                continue
            # before it the story runs (its paragraphs, a list of its own); after it, the
            # story goes on or its next section starts: editors set the line at a section's
            # end as often as inside one (Le Figaro's "À lire aussi »", Polityka's "Czytaj
            # też:", La República's "PUEDES VER:")
            if (_prose(blocks[p], densities[p], words[p])
                    or (blocks[p].kind == "list-item" and not listed)) \
                    and _story_goes_on(blocks[n], densities[n], words[n]):
                for i in idx[pos:end + 1]:
                    keep[i] = False
                    dropped.append(i)
                if label is not None:
                    keep[label] = False
                    dropped.append(label)
        pos = end + 1
    return sorted(dropped)


# What a lone card's blocks are set as: its picture, kicker, headline and summary.
_CARD_KINDS = frozenset({"image", "heading", "paragraph", "quote", "list-item"})


def drop_lone_cards(blocks: list[Block], keep: list[bool], densities: list[float],
                    inside: list[bool], words: list[int], page_url: str | None) -> list[int]:
    """Drop, in place on `keep`, a teaser card set alone in the story's flow (an inline
    "related story" box: picture, kicker, headline, summary, each linking the other story):
    two or more blocks in a row that all lead to one other page of the site, one of them a
    headline, held by an element of their own between the story's paragraphs or before its
    next section. The teaser-line rule above reads one line; a card is several, and a grid's
    rules need three cards (or two under a label). Returns the dropped blocks' indices."""
    page, host, own = page_of(page_url)
    idx = kept_positions(keep)

    def leads_to(i: int) -> str | None:
        b = blocks[i]
        if b.kind not in _CARD_KINDS:
            return None
        if inside[i] and b.kind != "image":
            return teaser_target(b, densities[i], inside[i], page, host)
        if b.kind != "image" and densities[i] <= TEASER_LINK_DENSITY:
            return None
        # one page, however many links lead there (the summary and its "more"), and
        # another page, not a part of this one
        targets = set(link_targets(b))
        target = _site_page(targets.pop(), page, host) if len(targets) == 1 and host else None
        return None if target is None or target.startswith(own) else target

    leads = [leads_to(i) for i in idx]
    dropped: list[int] = []
    pos = 1
    while pos < len(idx) - 1:
        target = leads[pos]
        end = pos
        while target is not None and end + 1 < len(idx) - 1 and leads[end + 1] == target:
            end += 1
        run = idx[pos:end + 1]
        p, n = idx[pos - 1], idx[end + 1]
        if (end > pos and any(blocks[i].kind != "image" and words[i] >= LONE_TEASER_MIN_WORDS
                              for i in run)
                and not _FILE_TARGET.search(urlsplit(target).path)
                and _own_element(blocks, run, (p, n))
                and _prose(blocks[p], densities[p], words[p])
                and _story_goes_on(blocks[n], densities[n], words[n])):
            for i in run:
                keep[i] = False
                dropped.append(i)
        pos = end + 1
    return dropped


def _own_element(blocks: list[Block], run: list[int], others: tuple[int, ...]) -> bool:
    """Do the run's blocks share an element that holds none of `others`? (A card is an
    element of its own; a listicle's linked heading shares its entry with its text.)"""
    paths = [blocks[i].xpath.split("/") for i in run]
    common: list[str] = []
    for steps in zip(*paths):
        if any(s != steps[0] for s in steps):
            break
        common.append(steps[0])
    if len(common) == len(paths[0]):
        common.pop()       # one block's element holds all: the card is its parent
    prefix = "/".join(common) + "/"
    return len(common) > 2 and not any(blocks[o].xpath.startswith(prefix) for o in others)
