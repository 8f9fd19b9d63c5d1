"""The byline under a leaf's title goes to the front matter, not the body."""
from pipelines.page import analyze_page

URL = "https://crumb.example/2024/03/starter-basics/"
PROSE = ("Sourdough needs patience more than skill, and the starter tells you when it is ready "
         "by doubling in size within a few hours of feeding at room temperature. ")


def page(header: str, after: str = "") -> str:
    return f"""<html><head><title>Starter basics</title>
    <meta name="author" content="Jane Roe">
    <meta property="article:published_time" content="2024-03-05T09:00:00Z"></head>
    <body><article><h1>Starter basics</h1>{header}
    <p>{PROSE}</p><p>{PROSE.replace("skill", "skill, again,")}</p>{after}</article></body></html>"""


def body_text(html):
    result = analyze_page(html, URL)
    assert result.verdict == "leaf"
    return result, "\n".join(b.text for b in result.blocks)


def test_the_name_and_day_under_the_title_leave_the_body_for_the_front_matter():
    result, text = body_text(page('<p>By <a href="/authors/jane/">Jane Roe</a></p>'
                                  "<p>5 March 2024 · 4 min read</p>"))
    assert result.author == "Jane Roe" and result.date_published.startswith("2024-03-05")
    assert "Jane Roe" not in text and "March 2024" not in text
    assert text.count("Sourdough needs patience") == 2


def test_an_update_line_of_a_date_and_a_label_is_byline_too():
    _, text = body_text(page("<p>Aktualisiert: 11.04.2024, 10:27</p>"))
    assert "Aktualisiert" not in text


def test_the_same_words_inside_the_article_stay():
    after = ("<p>Jane Roe answers readers' questions every week.</p>"
             "<p>5 March 2024 was the day the bakery opened.</p>")
    _, text = body_text(page("", after))
    assert "Jane Roe answers" in text and "the day the bakery opened" in text


def test_a_short_first_line_without_name_or_date_stays():
    _, text = body_text(page("<p>A beginner's guide in three steps.</p>"))
    assert "A beginner's guide in three steps." in text
