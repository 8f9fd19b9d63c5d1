"""The archive's text is composed (NFC), however the page spells its characters."""
import unicodedata

from pipelines.content.markdown import render_markdown
from pipelines.page import analyze_page

DECOMPOSED = "Cafe\u0301 cre\u0300me, Ha\u0308ndler"     # "Café crème, Händler", spelled apart
COMPOSED = unicodedata.normalize("NFC", DECOMPOSED)


def test_decomposed_text_is_archived_composed():
    assert COMPOSED == "Caf\u00e9 cr\u00e8me, H\u00e4ndler"
    body = "".join(f"<p>{DECOMPOSED}: paragraph {i} of a review long enough to be the page's "
                   f"text, with a <a href='/menu'>menu</a> and more words after it.</p>" for i in range(6))
    html = (f"<html><head><title>{DECOMPOSED}</title></head><body><article><h1>{DECOMPOSED}</h1>"
            f"{body}<table><tr><th>Dish</th></tr><tr><td>{DECOMPOSED}</td></tr></table>"
            f"</article></body></html>")
    page = analyze_page(html, "https://cafe.example/review/")
    md = render_markdown(page.blocks)
    assert page.title == COMPOSED
    assert f"{COMPOSED}: paragraph 5" in md and DECOMPOSED not in md
    assert any(COMPOSED in cell for b in page.blocks if b.rows for row in b.rows for cell in row)
    assert unicodedata.is_normalized("NFC", md)
