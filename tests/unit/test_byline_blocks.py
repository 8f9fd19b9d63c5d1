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


def test_a_threads_starter_keeps_their_name_on_their_later_short_posts():
    # a declared discussion (schema.org DiscussionForumPosting): the opening post's card is the
    # thread's byline; the starter's replies after it carry the same name, each its own post
    def post(n, who, text):
        return (f'<div class="post" itemprop="comment" itemscope itemtype="https://schema.org/Comment">'
                f'<p><a href="/u/{who}">{who}</a> posted reply {n}</p><p>{text}</p></div>')
    posts = (post(1, "jane_roe", "Which flour for a first starter?")
             + post(2, "sam", "Rye, it ferments fastest.")
             + post(3, "jane_roe", "Thanks, trying rye tonight.")
             + post(4, "sam", PROSE * 2))
    html = (f'<html><head><title>Which flour?</title>'
            f'<script type="application/ld+json">{{"@type": "DiscussionForumPosting", '
            f'"author": {{"@type": "Person", "name": "jane_roe"}}}}</script></head><body><main>'
            f'<h1>Which flour?</h1>{posts}</main></body></html>')
    result = analyze_page(html, "https://forum.example/t/which-flour/12")
    text = "\n".join(b.text for b in result.blocks)
    assert result.verdict == "leaf" and result.author == "jane_roe"
    assert "jane_roe posted reply 1" not in text      # the thread's byline, in the front matter
    assert "jane_roe posted reply 3" in text          # the starter's reply keeps its name


def test_a_byline_set_as_a_minor_heading_leaves_the_body_and_a_title_stays():
    # Mezzanine's h6.post-meta; Quanta's "By <name>" in an h6
    _, text = body_text(page('<h6 class="post-meta">Posted by: <a href="/blog/author/jane/">Jane Roe'
                             '</a> 4 years, 5 months ago</h6>'))
    assert "Posted by" not in text and text.startswith("Starter basics")
    _, text = body_text(page('<h2>Jane Roe on her starter</h2>'))
    assert "Jane Roe on her starter" in text


def test_the_word_a_posts_card_sets_after_the_name_goes_with_it():
    # NodeBB's post header: the author's name, then "wrote" in a line of its own
    _, text = body_text(page('<div class="post-header"><a href="/user/jane">Jane Roe</a></div>'
                             '<div><span class="text-muted">wrote</span></div>'))
    assert "Jane Roe" not in text and "wrote" not in text.split("\n")
    # the same word as prose stays
    _, text = body_text(page("", "<p>wrote</p><p>Jane Roe wrote back the next day.</p>"))
    assert "Jane Roe wrote back the next day." in text


def test_a_list_of_dated_pages_under_the_title_keeps_every_entry():
    # a wiki page listing its releases, each a link and the day it came out: the first entry
    # prints the page's date, yet it is an entry, not the byline
    html = ('<html><head><title>Major releases</title></head><body><div class="page">'
            '<h1>Major releases</h1><ul>'
            '<li><div class="li"><a href="/releases:1.0.0">Release 1.0.0</a> (March 22, 2026)</div></li>'
            '<li><div class="li"><a href="/releases:1.0.0rc1">Release 1.0.0rc1</a> '
            f'(February 23, 2026)</div></li></ul><p>{PROSE}</p></div></body></html>')
    result = analyze_page(html, "https://wiki.example/releases:major")
    text = "\n".join(b.text for b in result.blocks)
    assert "Release 1.0.0 (March 22, 2026)" in text and "Release 1.0.0rc1" in text
    # a date line whose link is the day itself is still the byline's
    result, text = body_text(page('<ul class="meta"><li><a href="/2024/03/05/">5 March 2024</a></li></ul>'))
    assert "March 2024" not in text


def test_an_interviewers_question_under_the_title_stays():
    _, text = body_text(page("<p>By Jane Roe</p><p><b>Jane Roe: Why does a starter need feeding?</b></p>"))
    assert "Why does a starter need feeding?" in text
    assert "By Jane Roe" not in text


def test_a_byline_under_a_bold_lead_goes_too():
    # a news template prints the story's lead in bold between its title and its byline
    lead = ("<p><strong>A starter that doubles in four hours is ready; one that takes twelve "
            "needs warmth, flour with more bran and a feeding schedule kept to the hour.</strong></p>")
    result, text = body_text(page(lead + "<p>Von Jane Roe</p>"))
    assert result.author == "Jane Roe"
    assert "Jane Roe" not in text and "A starter that doubles in four hours" in text
    assert text.count("Sourdough needs patience") == 2


def test_a_bold_sentence_inside_the_body_still_ends_the_byline_zone():
    bold = ("<p><strong>Feed it twice a day for a week before you bake with it, whatever the "
            "recipe on the flour bag says about a single night.</strong></p>")
    result, text = body_text(page(f"<p>{PROSE}</p>" + bold + "<p>Jane Roe</p>"))
    assert "Jane Roe" in text


def test_the_writers_portrait_beside_the_byline_goes_too():
    # a news template sets the writer's photo, its alt their name, beside the byline
    result, text = body_text(page('<p><img src="/authors/jane-roe.jpg" alt="Jane Roe"> '
                                  "Von</p><p>Jane Roe</p>"))
    assert result.author == "Jane Roe"
    assert not any(b.kind == "image" for b in result.blocks)
    assert "Jane Roe" not in text and "Von" not in text.split()
    # a photo of the story's subject, named by a sentence, stays
    result, _ = body_text(page('<p><img src="/img/starter.jpg" alt="Jane Roe feeding her '
                               'starter in the bakery at dawn"></p>'))
    assert any(b.kind == "image" for b in result.blocks)
