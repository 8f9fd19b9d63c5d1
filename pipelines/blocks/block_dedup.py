"""De-duplication of blocks after ordering ("first" means first read).

Keys on whitespace-stripped text plus href: two pictures may share alt text, two references
to one image collapse; kind is not in the key (one sentence emitted as a list-item and a
paragraph is still one sentence). When a key repeats, in this order:

1. On a measured page, two copies the browser drew in two places both stay (a product grid
   says "$100" under six cards, each in its own rectangle).
2. The measured copy beats an unmeasured or hidden one and stays where it was drawn: moving
   it up to the first copy's place put a footer column inside a header whose hidden dropdown
   lists the same links.
3. The page's own copy beats the chrome's echo: a later heading beats an earlier
   non-heading, a block in main beats the same text in nav, and text of the main content
   outside any header beats its copy in a header (a heading, its lesser copy there). Themes print a post's excerpt or opening paragraph in the
   post's header (Jekyll's and Hugo's `description`, a hero's lead): a browser draws both
   and content selection drops the header's, so a plain crawl that kept the header's copy
   lost the paragraph (13 of 67 posts of one Jekyll blog).
4. On an unmeasured page a table or code block repeated among different neighbours is the
   page repeating itself and stays, and so is a heading or a short label repeated so in
   one container, and a paragraph repeated in one flow (a refrain: both copies children of
   one element, other blocks between them); a twin that keeps the first copy's company
   goes (a hidden layout copies a whole run).
5. Anything else, repeated prose above all, is a copy and goes: keeping all prose by rule 4
   was measured and lost (a page carrying its article three times amid different
   furniture, each copy in a wrapper of its own).

Hidden blocks take part (they decide which copy is the echo) and are then left out. A last
pass drops a long block restated, shingle by shingle, by several other blocks.
"""
from __future__ import annotations

from collections import Counter

from .block_model import Block, reindex

# Kinds a page may repeat on purpose (a demo table shown four times).
REPEATABLE_KINDS = frozenset({"table", "code"})
# A label this short, or a heading, repeated among different neighbours in one container
# is the page's own (rule 4). Before, plain crawls dropped an article's second and third
# "Did you know:" that a browser crawl kept (drawn apart). WCXB dev: 146 pages change, 92
# for the better, word F1 summed over them +0.33 (mean 0.8648 -> 0.8650); Readability's
# test pages: 8 change, 7 for the better, +0.01 (bench/eval_extraction.py).
SHORT_LABEL_WORDS = 8
# Labels are text: an image or a video repeated is one picture (keyed on its address).
LABEL_KINDS = frozenset({"heading", "paragraph"})
# ...and a label is no statement: a short sentence repeated is prose copied (rule 5). A
# question stays a label ("Did you know?" before each aside): WCXB, 2 pages better, none worse.
STATEMENT_END = "."
# A restated whole is at least this long (in words)...
RESTATED_MIN_WORDS = 150
# ...with this share of its six-word shingles present across the other blocks...
RESTATED_SHARE = 0.7
SHINGLE = 6
# ...and spread over at least this many of them (one near-copy is a revision, not a restatement).
RESTATED_MIN_SOURCES = 2
# Rectangles further apart than this (CSS px, either axis) were drawn in two places; closer
# is one place measured twice (a block and its wrapper).
SAME_PLACE_PX = 2.0


def block_key(b: Block) -> str:
    # = re.sub(r"\s+", "", ...): the spaces dropped by replace first, a C loop making no
    # objects, so that split() cuts only at the rarer whitespace and not into every word
    # (dedup 0.25 -> 0.21 ms a page, warm)
    text = "".join(b.text.replace(" ", "").split())
    if not text and not b.href:
        return ""
    return text + "\x00" + (b.href or "")


def _drawn(b: Block) -> bool:
    return b.rect is not None and not b.hidden


def _apart(a, b) -> bool:
    return abs(a[0] - b[0]) > SAME_PLACE_PX or abs(a[1] - b[1]) > SAME_PLACE_PX


def deduplicate(blocks: list[Block]) -> list[Block]:
    keys = [block_key(b) for b in blocks]
    keep = [True] * len(blocks)
    measured = any(b.rect is not None or b.hidden for b in blocks)
    first: dict[str, int] = {}
    # how often each key occurs, counted when rule 4 first asks (a few pages in ten)
    counts = _LazyCounts(keys)
    for i, (b, key) in enumerate(zip(blocks, keys)):
        if not key:
            continue
        j = first.get(key)
        if j is None:
            first[key] = i
            continue
        prev = blocks[j]
        if measured:
            drawn_b, drawn_p = _drawn(b), _drawn(prev)
            if drawn_b and drawn_p and _apart(b.rect, prev.rect):
                continue             # 1. drawn in two places: both stay
            if drawn_b != drawn_p:
                if drawn_b:          # 2. the measured copy wins, where it was drawn
                    keep[j] = False
                    first[key] = i
                else:
                    keep[i] = False
                continue
        if b.kind == "heading" and prev.kind != "heading":
            keep[j] = False          # 3. the page's own heading beats an earlier echo
            first[key] = i
        elif prev.in_nav and not b.in_nav and (
                (b.in_main and not prev.in_main)
                or (b.in_article and not prev.in_article and "](" not in b.rich_text)):
            # 3. main content beats the same text in navigation; where <main> wraps the
            # menu too (hugo-book's sidebar), the <article>'s text that links nowhere is the
            # page's own, where the menu links it ("Endpoints" in a list of a docs page's
            # topics); an article's link to it is an echo of the menu still
            keep[j] = False
            first[key] = i
        elif (prev.in_header and (b.in_main or b.in_article)
              and not (b.in_header or b.in_nav or b.in_footer)
              and _outranks(b, prev)):
            keep[j] = False          # 3. the body's text beats a header's echo of it
            first[key] = i
        elif not measured and (_repeatable(b, prev) or _refrain(b, prev, i, j)) \
                and not _same_company(keys, i, j, counts):
            pass                     # 4. repeated among different neighbours: on purpose
        else:
            keep[i] = False          # 5. a copy
    if measured:        # (a hidden block makes the page a measured one)
        for i, b in enumerate(blocks):
            if b.hidden:
                keep[i] = False
    out = reindex(blocks, keep) if not all(keep) else blocks
    return _drop_restated_wholes(out)


class _LazyCounts:
    """Counter(keys), made on the first look-up."""
    __slots__ = ("keys", "counts")

    def __init__(self, keys: list[str]):
        self.keys = keys
        self.counts: Counter | None = None

    def __getitem__(self, key: str) -> int:
        if self.counts is None:
            self.counts = Counter(self.keys)
        return self.counts[key]


def _outranks(b: Block, prev: Block) -> bool:
    """May the body's copy b replace a header's copy prev (rule 3)? Any text but a heading
    does; a heading only over a lesser one, the header's echo of it: a docs theme's mobile
    bar repeats the page's <h1> as an <h3> before it (hugo-book: 41 of 42 pages had lost
    their <h1> to it). A post's header whose <h1> the body restates keeps its own: the title
    stays with the standfirst beside it (WCXB: two posts lost their subtitles when the body's
    <h1> of the same rank won)."""
    if b.kind != "heading":
        return True
    return prev.kind == "heading" and (b.level or 7) < (prev.level or 7)


def _repeatable(b: Block, prev: Block) -> bool:
    """May an unmeasured page repeat this block on purpose (rule 4)? Tables and code; and a
    heading or a short label (SHORT_LABEL_WORDS, no statement) repeated inside one
    container, as an article repeats "Did you know:" before each aside, or "Example" under
    each section.
    A copy of chrome sits in another container (a header's and a footer's "Share")."""
    if b.kind in REPEATABLE_KINDS:
        return True
    if b.kind not in LABEL_KINDS or b.href:
        return False
    if b.kind != "heading" and (len(b.text.split()) > SHORT_LABEL_WORDS
                                or b.text.rstrip().endswith(STATEMENT_END)):
        return False
    return _same_parent(b, prev)


def _refrain(b: Block, prev: Block, i: int, j: int) -> bool:
    """A paragraph the page repeats in one flow: both copies children of one element, with
    other blocks read between them (a song's chorus, a refrain, a disclaimer under each
    section). A layout's copy of the text sits in a wrapper of its own (the mobile and the
    desktop column), and a responsive twin stands right beside its first copy. A browser
    keeps such a refrain already (rule 1: drawn in two places). Readability's test pages: 5
    better, none worse, word F1 0.914 -> 0.922; WCXB dev: 17 better, 6 worse (the worst
    -0.006), mean unchanged at 0.867; trafilatura-eval snippets unchanged."""
    return b.kind == "paragraph" and prev.kind == "paragraph" and i - j > 1 and _same_parent(b, prev)


def _same_parent(b: Block, prev: Block) -> bool:
    return b.xpath.rpartition("/")[0] == prev.xpath.rpartition("/")[0]


def _same_company(keys: list[str], i: int, j: int, counts) -> bool:
    """A twin copy runs with the first copy's neighbours. A neighbour the page repeats more
    often than the block is a label every such block carries (a code block's language,
    "shell" before each of a docs page's commands), no company: two commands repeated in two
    sections were one in a plain crawl, both in a browser's."""
    def shared(a, b):
        if not (0 <= a < len(keys) and 0 <= b < len(keys)):
            return False
        key = keys[a]
        return key is not None and key == keys[b] and counts[key] <= counts[keys[i]]
    return shared(i - 1, j - 1) or shared(i + 1, j + 1)


def _shingles(words: list[str]) -> set[tuple[str, ...]]:
    # each run of SHINGLE words made by zip in C, not a slice and a tuple() per position in
    # Python (-28% on WCXB dev's blocks): a shingle is six words (the assert below)
    return set(zip(words, words[1:], words[2:], words[3:], words[4:], words[5:]))


assert SHINGLE == 6, "_shingles zips six shifted copies of the words"


def _drop_restated_wholes(blocks: list[Block]) -> list[Block]:
    """Drop a long block whose words are restated by several other blocks."""
    # RESTATED_MIN_WORDS words take at least twice as many characters less one: count the
    # words of those blocks only, and split every block into shingles only when one is long
    min_chars = 2 * RESTATED_MIN_WORDS - 1
    if not any(len(b.text) >= min_chars and len(b.text.split()) >= RESTATED_MIN_WORDS
               for b in blocks):
        return blocks
    words = [b.text.lower().split() for b in blocks]
    long_ones = [i for i, w in enumerate(words) if len(w) >= RESTATED_MIN_WORDS]
    if not long_ones:
        return blocks
    shingles = [_shingles(w) if len(w) >= SHINGLE else set() for w in words]
    keep = [True] * len(blocks)
    for i in long_ones:
        own = shingles[i]
        if not own:
            continue
        covered: set = set()
        sources = 0
        for j, other in enumerate(shingles):
            if j == i or not keep[j] or own.isdisjoint(other):
                continue      # (isdisjoint: no empty set made for the many blocks apart)
            hit = own & other
            if hit:
                covered |= hit
                if len(hit) / len(own) < RESTATED_SHARE:
                    sources += 1
                else:
                    sources = -10_000   # one block nearly repeats it: a revision, keep both
        if sources >= RESTATED_MIN_SOURCES and len(covered) / len(own) >= RESTATED_SHARE:
            keep[i] = False
    return reindex(blocks, keep) if not all(keep) else blocks
