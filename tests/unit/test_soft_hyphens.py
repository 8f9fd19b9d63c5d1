"""Soft hyphens (U+00AD, &shy;) are invisible break hints: the archive holds the words a
reader sees, without them."""
from pipelines.blocks.whitespace import collapse_ws, normalize_ws
from pipelines.content.markdown import render_markdown
from pipelines.page import analyze_page


def test_collapse_and_normalize_drop_soft_hyphens_but_keep_spaces():
    assert collapse_ws(" Mag\u00adda\u00adle\u00adner  Wein ") == " Magdalener Wein "
    assert normalize_ws("  Schutz\u00adgemein\u00adschaft\n gegründet ") == "Schutzgemeinschaft gegründet"
    # a real hyphen is text, and stays
    assert normalize_ws("Süd-Tirol") == "Süd-Tirol"


def test_a_page_set_with_shy_entities_is_archived_without_them():
    para = ("Schon im Mit&shy;tel&shy;al&shy;ter war der St. Mag&shy;da&shy;le&shy;ner das "
            "Aus&shy;hänge&shy;schild der Süd&shy;ti&shy;ro&shy;ler Wein&shy;wirt&shy;schaft. ")
    html = ("<html><head><title>St. Magdalener</title></head><body><article>"
            "<h1>St. Mag&shy;da&shy;le&shy;ner</h1>"
            + "".join(f"<p>{para * 3}</p>" for _ in range(4))
            + "</article></body></html>")
    page = analyze_page(html.encode(), "https://wein.example/st-magdalener")
    md = render_markdown(page.blocks)
    assert "\u00ad" not in md
    assert "# St. Magdalener" in md
    assert "Schon im Mittelalter war der St. Magdalener das Aushängeschild" in md
