"""Browser mode end to end: the in-page collector's rectangles, hidden marks and shadow roots
reach the blocks. The fixture page (tests/fixtures/measured_page/) is served on 127.0.0.1:
two columns drawn in the opposite of source order, a display:none, a visibility:hidden and a
zero-height clipped element, and web components with named and unnamed slots, fallback,
an unassigned light child and a component nested in another.

What reaches the blocks is read by pipelines/blocks/reading_order.py (rects, hidden marks, reading
order) and pipelines/blocks/shadow_dom.py (composition); these tests hold the two sides together.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import shutil
import uuid
from pathlib import Path

import lxml.etree
import pytest

from crawler.rendering.browser import find_chromium
from crawler.rendering.page_collector import collect_measured_html
from tests.support.cli import archived_files, run_leafcrawl
from tests.support.http_server import serve_directory

pytestmark = pytest.mark.integration

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "measured_page"

DRAWN = ["INTRO-PARA", "COLUMN-LEFT-ONE", "COLUMN-LEFT-TWO", "COLUMN-RIGHT-ONE", "COLUMN-RIGHT-TWO",
         "OUTRO-PARA"]
HIDDEN = ["HIDDEN-DISPLAY-NONE", "HIDDEN-VISIBILITY", "HIDDEN-ZERO-SIZE", "UNASSIGNED-LIGHT"]
# Drawn through the shadow trees: slotted light content, fallback of an empty slot, the
# shadow tree's own text, a component nested in another.
SHADOW_DRAWN = ["SLOTTED-TITLE", "SLOTTED-BODY", "FALLBACK-NOTE", "SHADOW-OWN", "NESTED-QUOTE",
                "QUOTE-FALLBACK", "BADGE-TEXT"]
FALLBACK_REPLACED = ["FALLBACK-TITLE", "FALLBACK-BODY"]
READING_ORDER = ["INTRO-PARA", "COLUMN-LEFT-ONE", "COLUMN-LEFT-TWO", "COLUMN-RIGHT-ONE",
                 "COLUMN-RIGHT-TWO", "SLOTTED-TITLE", "SLOTTED-BODY", "NESTED-QUOTE", "OUTRO-PARA"]


ARTICLE_PATH = "notes/measuring-a-page-in-the-browser/"


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    # Served at an article's path, not at "/": a site's home page leans index by its URL.
    root = tmp_path_factory.mktemp("measured-site")
    (root / ARTICLE_PATH).mkdir(parents=True)
    shutil.copy(FIXTURE / "index.html", root / ARTICLE_PATH / "index.html")
    with serve_directory(root) as base_url:
        yield f"{base_url}/{ARTICLE_PATH}"


@contextlib.asynccontextmanager
async def loaded_page(url):
    """A page of the Chromium the crawler uses, after `load` of url."""
    from playwright.async_api import async_playwright

    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=find_chromium(), headless=True,
                                           args=["--no-sandbox", "--disable-gpu"])
        try:
            page = await browser.new_page()
            await page.goto(url, wait_until="load")
            yield page
        finally:
            await browser.close()


@pytest.fixture(scope="module")
def collected(site):
    """The collector's result for the fixture page, in the Chromium the crawler uses."""

    async def collect():
        async with loaded_page(site) as page:
            return await collect_measured_html(page)

    result = asyncio.run(collect())
    assert "error" not in result, result.get("error")
    return result


def _by_marker(root) -> dict[str, object]:
    """marker -> the innermost element whose own text starts with it."""
    found = {}
    for el in root.iter():
        if isinstance(el.tag, str) and el.text:
            m = re.match(r"\s*([A-Z]+(?:-[A-Z]+)+)", el.text)
            if m:
                found[m.group(1)] = el
    return found


def _hidden(el) -> bool:
    while el is not None:
        if el.get("data-lc-hidden") == "1":
            return True
        el = el.getparent()
    return False


def _rect(el):
    return tuple(int(v) for v in el.get("data-lc-rect").split(","))


# --- the collector's HTML -------------------------------------------------------------

@pytest.mark.browser
def test_collector_html_carries_rects_hidden_marks_and_shadow_templates(collected):
    html = collected["html"]
    root = lxml.etree.fromstring(html, lxml.etree.HTMLParser())
    assert root.tag == "html" and root.get("data-lc-measured") == "1"
    assert root.get("lang") == "en"           # the page's own attributes are kept
    assert html.startswith("<!DOCTYPE html>")
    el = _by_marker(root)

    # every drawn paragraph has a rectangle, and the columns are side by side, drawn in the
    # opposite of source order
    for marker in DRAWN + ["SLOTTED-BODY", "NESTED-QUOTE", "SHADOW-OWN"]:
        assert re.fullmatch(r"-?\d+,-?\d+,\d+,\d+", el[marker].get("data-lc-rect") or ""), marker
        assert not _hidden(el[marker]), marker
    left, right = _rect(el["COLUMN-LEFT-ONE"]), _rect(el["COLUMN-RIGHT-ONE"])
    assert left[0] + left[2] <= right[0] and left[1] == right[1]
    assert _rect(el["COLUMN-LEFT-TWO"])[1] > left[1]
    assert "data-lc-rect" not in html.split("<body", 1)[0]   # nothing measured in <head>

    # what the browser drew nothing for is marked, once, at the top of its subtree
    for marker in HIDDEN:
        assert _hidden(el[marker]), marker
        assert el[marker].get("data-lc-rect") is None, marker
    folded = el["HIDDEN-ZERO-SIZE"].getparent()
    assert folded.get("data-lc-hidden") == "1" and el["HIDDEN-ZERO-SIZE"].get("data-lc-hidden") is None

    # open shadow roots: a template first in each host, nested components inside
    card = next(root.iter("lc-card"))
    assert card[0].tag == "template" and card[0].get("shadowrootmode") == "open"
    assert card[0].find(".//lc-badge")[0].get("shadowrootmode") == "open"   # nested in a shadow tree
    quote = next(root.iter("lc-quote"))
    assert quote[0].tag == "template" and quote[0].get("shadowrootmode") == "open"
    assert collected["shadowRoots"] == 3
    # shadow-tree elements are measured too
    assert card[0].find(".//section").get("data-lc-rect")
    assert "FALLBACK-NOTE" in lxml.etree.tostring(card[0], encoding="unicode")


@pytest.mark.browser
def test_collector_leaves_the_live_page_untouched(site):
    """The attributes exist only in the returned HTML: page.content() (what scrapy-playwright
    returns as the body) is the page's own."""

    async def run():
        async with loaded_page(site) as page:
            before = await page.content()
            result = await collect_measured_html(page)
            return before, result, await page.content()

    before, result, after = asyncio.run(run())
    assert "data-lc-rect" in result["html"]
    assert before == after and "data-lc-" not in after


@pytest.mark.browser
def test_collector_failure_returns_an_error_instead_of_raising():
    """A page that breaks the collector (here: it replaces checkVisibility) must not cost the
    page: the spider falls back to the body, unmeasured."""
    from playwright.async_api import async_playwright

    hostile = ("<!DOCTYPE html><html><body><p>text</p><script>"
               "Element.prototype.checkVisibility = () => { throw new Error('nope'); };"
               "</script></body></html>")

    async def run():
        async with async_playwright() as pw:
            browser = await pw.chromium.launch(executable_path=find_chromium(), headless=True,
                                               args=["--no-sandbox", "--disable-gpu"])
            try:
                page = await browser.new_page()
                await page.set_content(hostile)
                return await collect_measured_html(page)
            finally:
                await browser.close()

    result = asyncio.run(run())
    assert "html" not in result and "nope" in result["error"]


# --- the blocks built from it --------------------------------------------------------

def _blocks(html: str, url: str):
    from pipelines.blocks import build_blocks

    return build_blocks(html, url)


def _first(blocks, marker):
    hits = [i for i, b in enumerate(blocks) if marker in b.text]
    return hits[0] if hits else None


@pytest.mark.browser
def test_rects_and_hidden_marks_reach_the_blocks(collected, site):
    blocks = _blocks(collected["html"], site)
    shown = [b for b in blocks if not b.hidden]
    for marker in DRAWN:
        i = _first(shown, marker)
        assert i is not None, marker
        assert shown[i].rect is not None and len(shown[i].rect) == 4, marker
    for marker in HIDDEN:
        assert _first(shown, marker) is None, marker
    # columns read as columns: the left one (second in the source) first
    order = [_first(shown, m) for m in DRAWN]
    assert order == sorted(order), [m for _, m in sorted(zip(order, DRAWN))]


@pytest.mark.browser
def test_shadow_roots_reach_the_blocks_composed(collected, site):
    blocks = [b for b in _blocks(collected["html"], site) if not b.hidden]
    texts = [b.text for b in blocks]
    for marker in SHADOW_DRAWN:
        assert sum(marker in t for t in texts) == 1, (marker, texts)
    for marker in FALLBACK_REPLACED + HIDDEN:
        assert not any(marker in t for t in texts), marker
    assert blocks[_first(blocks, "SLOTTED-TITLE")].kind == "heading"
    assert blocks[_first(blocks, "NESTED-QUOTE")].kind == "quote"
    assert blocks[_first(blocks, "SLOTTED-BODY")].rect is not None
    order = [_first(blocks, m) for m in READING_ORDER]
    assert order == sorted(order), [m for _, m in sorted(zip(order, READING_ORDER))]


def test_plain_html_is_unmeasured_and_still_analysed(site):
    """The plain-HTTP path: no collector, no rects, the page still yields its blocks."""
    from pipelines.page import analyze_page

    body = (FIXTURE / "index.html").read_bytes()
    assert b"data-lc-measured" not in body
    analysis = analyze_page(body, site)
    texts = [b.text for b in analysis.blocks]
    assert any("COLUMN-LEFT-ONE" in t for t in texts)
    assert all(b.rect is None for b in analysis.blocks)


# --- a real crawl: Scrapy + scrapy-playwright + Redis + RQ worker ----------------------

@pytest.fixture(scope="module")
def crawled(site, tmp_path_factory, redis_url):
    from tests.conftest import RedisNamespace

    ns = RedisNamespace(redis_url)
    workdir = tmp_path_factory.mktemp("measured-crawl")
    summary_file = workdir / f"summary-{uuid.uuid4().hex[:6]}.json"
    try:
        result = run_leafcrawl(
            "crawl", site, "--render", "always", "--archive-dir", str(workdir / "archive"),
            "--with-worker", "--json-summary", str(summary_file), "--log-stderr",
            cwd=workdir, redis_url=ns.url, env=ns.env,
        )
        assert result.returncode == 0, result.stderr
        files = archived_files(workdir / "archive")
        yield json.loads(summary_file.read_text()), result, files
    finally:
        ns.cleanup()


def _stat(stderr: str, name: str) -> int:
    m = re.search(rf"'{re.escape(name)}': (\d+)", stderr)
    return int(m.group(1)) if m else 0


@pytest.mark.browser
def test_browser_crawl_analyses_the_measured_html(crawled, site):
    summary, result, files = crawled
    assert summary["leaf"] == 1 and summary["archived"] == 1 and summary["failures"] == 0
    # the spider analysed the collector's HTML, not page.content()
    assert _stat(result.stderr, "leafcrawl/measured") == 1, result.stderr[-3000:]
    assert _stat(result.stderr, "leafcrawl/unmeasured") == 0
    md = files[site].read_text(encoding="utf-8")
    for marker in DRAWN:
        assert marker in md, marker


@pytest.mark.browser
def test_browser_crawl_archive_leaves_hidden_text_out_and_reads_columns(crawled, site):
    _, _, files = crawled
    md = files[site].read_text(encoding="utf-8")
    for marker in HIDDEN:
        assert marker not in md, marker
    positions = [md.index(m) for m in DRAWN]
    assert positions == sorted(positions)


@pytest.mark.browser
def test_browser_crawl_archive_has_shadow_content_once(crawled, site):
    _, _, files = crawled
    md = files[site].read_text(encoding="utf-8")
    for marker in SHADOW_DRAWN:
        assert md.count(marker) == 1, marker
    for marker in FALLBACK_REPLACED:
        assert marker not in md, marker
    assert re.search(r"^#{1,6} SLOTTED-TITLE", md, re.M), md
    assert re.search(r"^> NESTED-QUOTE", md, re.M), md


FOLDED_PAGE = """<!DOCTYPE html><html><head><title>Folded panels</title><style>
.callout-content { display: grid; grid-template-rows: 0fr; overflow: hidden; }
.callout-content > div { min-height: 0; }
.faq-answer { max-height: 0; overflow: hidden; }
.clipped { height: 0; overflow: hidden; }
</style></head><body><main><article><h1>Folded panels</h1>
<p>DRAWN-LEAD The lead paragraph of a page whose callout and answer are folded.</p>
<blockquote class="callout is-collapsible is-collapsed"><div class="callout-title">Compression
</div><div class="callout-content"><div><p>CALLOUT-BODY The callout's body, folded by its
script to no height until the reader clicks its title.</p></div></div></blockquote>
<div class="faq"><h3 class="faq-question">What is measured?</h3><div class="faq-answer"><p>
FAQ-ANSWER Every drawn box, before the page is read, and nothing it folded away.</p></div></div>
<p>DRAWN-PLAIN A paragraph before a clipped box no widget folds.</p>
<div class="clipped"><p>CLIPPED-BOX A zero-height box of no disclosure widget.</p></div>
</article></main></body></html>"""


@pytest.mark.browser
def test_panels_a_disclosure_widget_folded_to_nothing_are_the_pages_words(tmp_path):
    # a plain fetch keeps a folded callout's body and an FAQ's answer; the measured page must
    # too (Quartz folds callouts with grid-template-rows: 0fr), but not any clipped box
    (tmp_path / ARTICLE_PATH).mkdir(parents=True)
    (tmp_path / ARTICLE_PATH / "index.html").write_text(FOLDED_PAGE, encoding="utf-8")

    async def collect(url):
        async with loaded_page(url) as page:
            return await collect_measured_html(page)

    with serve_directory(tmp_path) as base_url:
        url = f"{base_url}/{ARTICLE_PATH}"
        result = asyncio.run(collect(url))
    assert "error" not in result, result.get("error")
    assert result["html"].count('data-lc-folded="1"') == 3
    shown = [b.text for b in _blocks(result["html"], url) if not b.hidden]
    for marker in ("DRAWN-LEAD", "CALLOUT-BODY", "FAQ-ANSWER", "DRAWN-PLAIN"):
        assert _first_text(shown, marker), marker
    assert not _first_text(shown, "CLIPPED-BOX")


def _first_text(texts, marker):
    return any(marker in t for t in texts)
