"""The writer's card after an article (label, portrait, name linking their page, bio) leaves
the body: the front matter names the author."""
from pipelines.content.markdown import render_markdown
from pipelines.page import analyze_page

URL = "https://wine.example/st-magdalener/"
PARAGRAPHS = "".join(
    f"<p>In its {n} vintage the St. Magdalener showed what the slopes above Bolzano give a "
    "patient grower: cherries, almonds and a freshness that carries the wine through dinner "
    "without tiring anyone at the table.</p>" for n in ("first", "second", "third"))


def archived(after: str, author_meta: str = "Jossi Loibl") -> tuple[str, str | None]:
    html = (f'<html><head><title>St. Magdalener</title><meta name="author" content="{author_meta}">'
            f"</head><body><main><article><h1>St. Magdalener</h1>{PARAGRAPHS}"
            f'<p><img src="/img/vineyard.jpg" alt="The vineyard above Bolzano"></p>{after}'
            "</article></main></body></html>")
    page = analyze_page(html, URL)
    assert page.verdict == "leaf"
    return render_markdown(page.blocks), page.author


CARD = ('<div style="font-weight:bold">Über den Autor</div><div class="saboxplugin-wrap">'
        '<div><img src="/img/jossi.jpg" alt="Jossi Loibl"></div><div class="authorname">'
        '<a href="/author/jossi-loibl/" rel="author">Jossi Loibl</a></div><div><p>Jossi Loibl '
        "(born 1962) has written about wine and food for more than 25 years. As a freelance "
        "writer he works for magazines and daily papers in Munich and Vienna, sits on wine "
        "juries, among them the tasting team of a well-known restaurant guide, and gives "
        "wine seminars. Since 2008 he has edited a guide to the restaurants of his "
        "home town.</p></div></div>")


def test_the_writers_card_after_the_article_goes():
    md, author = archived(CARD)
    assert author == "Jossi Loibl"
    assert "Über den Autor" not in md and "jossi.jpg" not in md and "born 1962" not in md
    # the article's own last picture, before the card, stays
    assert "vineyard.jpg" in md and md.count("In its") == 3


def test_a_name_linking_elsewhere_or_another_writer_stays():
    # the name links no page of the site's authors: a person the article mentions
    md, _ = archived('<p><a href="https://jossi.example/">Jossi Loibl</a></p>'
                     "<p>Jossi Loibl grows Vernatsch on three hectares above the town.</p>")
    assert "three hectares" in md
    # another writer's card (a guest's) is not this author's
    md, _ = archived(CARD, author_meta="Ann Reid")
    assert "born 1962" in md
