"""The standfirst under an article's headline, in the article's <header>, is its text."""
from pipelines.content.markdown import render_markdown
from pipelines.page import analyze_page

BODY = "".join(
    f"<p>Paragraph {n}. The harbour wall was rebuilt over two summers, stone by stone, by the "
    f"same four masons who had patched it for thirty years before the storm took half of it, "
    f"and the town paid for every course of it out of the fishing levy.</p>" for n in range(6))
DEK = ("The storm of 2019 took half of the old wall; four masons and a fishing levy "
       "gave the town a new one in two summers")
SIDEBAR = ("<aside><h2>Most read</h2>" + "".join(
    f"<p><a href='/n/{n}'>Story number {n} of the week</a></p>" for n in range(8)) + "</aside>")


def archived(html: str, title: str = "The harbour wall is whole again - Coast Gazette") -> str:
    page = (f"<html><head><title>{title}</title></head><body>{html}{SIDEBAR}</body></html>")
    return render_markdown(analyze_page(page.encode(), "https://gazette.example/harbour-wall").blocks)


def test_the_dek_in_the_articles_header_is_kept_and_its_byline_is_not():
    md = archived("<main><article><header><h1>The harbour wall is whole again</h1>"
                  f"<p class='dek'>{DEK}</p>"
                  "<p>By Ann Lee, published on the morning of 3.3.2024 at 10:45 in the Coast section</p>"
                  f"</header><div class='body'>{BODY}</div></article></main>")
    assert DEK in md
    assert md.index(DEK) < md.index("Paragraph 0.")
    assert "By Ann Lee" not in md


def test_a_sections_header_above_the_story_is_not_its_dek():
    # a blog's or a section's header names the section, not the page's headline
    md = archived("<main><header><h2>Shots</h2><p>This is the home of the gazette's health blog, "
                  "which ran from 2009 to 2025; for current coverage see the Health section.</p>"
                  "</header><article><h1>The harbour wall is whole again</h1>"
                  f"<div class='body'>{BODY}</div></article></main>")
    assert "home of the gazette's health blog" not in md
    assert "Paragraph 5." in md


def test_a_mastheads_tagline_is_not_a_dek():
    md = archived("<header><h1>The harbour wall is whole again and other news of the coast</h1>"
                  "<p>The Coast Gazette has told the news of the harbour towns every week since "
                  "the year eighteen hundred and ninety.</p></header>"
                  f"<div><div class='body'>{BODY}</div></div>")
    assert "every week since" not in md


def test_a_lead_set_as_a_subheading_between_headline_and_body_is_kept():
    # no <header>: <h1>headline</h1><h2>lead sentence</h2><div class="body">
    lead = ("Four masons and a fishing levy gave the town a new harbour wall in two summers, "
            "after the storm of 2019 took half of the old one")
    md = archived("<main><article><h1>The harbour wall is whole again</h1>"
                  f"<h2>{lead}</h2><div class='body'>{BODY}</div></article></main>")
    assert lead in md
    assert md.index(lead) < md.index("Paragraph 0.")


def test_a_caption_under_a_picture_between_headline_and_body_is_no_lead():
    caption = ("The masons setting the last course of the new wall on a grey May morning, "
               "seen from the end of the north pier")
    md = archived("<main><article><h1>The harbour wall is whole again</h1>"
                  f"<img src='/wall.jpg' alt='The wall'><p>{caption}</p>"
                  f"<div class='body'>{BODY}</div></article></main>")
    assert "seen from the end of the north pier" not in md
    assert "Paragraph 0." in md


def test_a_lead_in_the_headlines_column_beside_the_body_is_kept():
    # <div class="head"><h1/><p>lead</p></div><div class="body">…</div>
    md = archived("<main><div class='story'><div class='head'><h1>The harbour wall is whole "
                  f"again</h1><p>{DEK}.</p></div><div class='body'>{BODY}</div></div></main>")
    assert DEK in md
    assert md.index(DEK) < md.index("Paragraph 0.")


def test_a_subtitle_set_as_a_heading_in_the_articles_header_is_kept():
    # Hugo Stack: <h3 class="article-subtitle"> under the title, a sentence of eleven words
    subtitle = "Everything you need to know about the wall and its masons."
    md = archived("<main><article><header><div class='title'><h2>The harbour wall is whole "
                  f"again</h2><h3 class='article-subtitle'>{subtitle}</h3></div>"
                  "<h3>The harbour wall is whole again.</h3><h4>Coast</h4></header>"
                  f"<section class='article-content'>{BODY}</section></article></main>")
    assert f"### {subtitle}" in md and md.index(subtitle) < md.index("Paragraph 0.")
    # a copy of the headline and a bare label are no subtitles
    assert "### The harbour wall" not in md and "Coast\n" not in md


def test_a_short_dek_right_under_the_headline_is_kept():
    # Ghost: <p class="gh-article-excerpt"> of seven to eleven words under the <h1>
    dek = "The wall is whole again, after two summers."
    md = archived("<main><article><header><h1>The harbour wall is whole again</h1>"
                  f"<p class='gh-article-excerpt'>{dek}</p><p>By Ann Lee</p></header>"
                  f"<section class='gh-content'>{BODY}</section></article></main>")
    assert dek in md and md.index(dek) < md.index("Paragraph 0.")
    # a shorter line there is a notice, and a dek's line elsewhere in the header needs more
    md = archived("<main><article><header><h1>The harbour wall is whole again</h1>"
                  "<p>This post may contain affiliate links.</p><p>By Ann Lee</p>"
                  f"<p>{dek}</p></header><section>{BODY}</section></article></main>")
    assert "affiliate" not in md and dek not in md


def test_the_lead_picture_in_the_articles_header_is_kept_and_an_avatar_is_not():
    # Ghost: <figure class="gh-article-image"> with its caption in the article's header
    md = archived("<main><article><header><h1>The harbour wall is whole again</h1>"
                  "<div class='byline'><img src='/content/images/avatar-ann.png' alt='Ann Lee'>"
                  "<span>Ann Lee</span></div><figure class='gh-article-image'>"
                  "<img src='/content/images/wall.jpg' alt='The new wall'><figcaption>The wall "
                  "at low tide</figcaption></figure></header>"
                  f"<section class='gh-content'>{BODY}</section></article></main>")
    assert '![The new wall](https://gazette.example/content/images/wall.jpg "The wall at low tide")' in md
    assert md.index("wall.jpg") < md.index("Paragraph 0.") and "avatar-ann" not in md
