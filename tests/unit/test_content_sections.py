"""Furniture sections recognised by their heading, and a <footer> that stays chrome."""
from pipelines.blocks import Block
from pipelines.content.content_sections import furniture_heading, section_root
from pipelines.page import analyze_page

PROSE = ("Sourdough needs patience more than skill, and the starter tells you when it is ready "
         "by doubling in size within a few hours of feeding at room temperature. ")


def joined(html, url="https://crumb.example/post"):
    return "\n".join(b.text for b in analyze_page(html, url).blocks)


def _heading(text, level=2):
    return Block(text=text, rich_text=text, kind="heading", tag=f"h{level}", xpath="/html/body/h2",
                 dom_index=0, level=level)


def test_furniture_headings_are_whole_labels():
    for text in ("Related posts", "More Related Stories", "Other related articles", "You may also like", "You might also enjoy", "About the author",
                 "More from Crumb Journal", "Read next", "Sign up for our newsletter",
                 "Leave a Reply", "Recommended for you", "Strictly necessary cookies",
                 "Related items to explore", "Customer reviews", "98 Customer ratings",
                 "This is what customers who viewed this product bought", "Similar items",
                 "More listings"):
        assert furniture_heading(_heading(text)), text
    for text in ("Feeding the starter", "Related work on rye fermentation in cold rooms and cellars",
                 "Recommended hydration", "Comments", "Why authors love rye", "Review",
                 "Our review"):
        assert not furniture_heading(_heading(text)), text
    assert not furniture_heading(Block(text="Related posts", rich_text="Related posts",
                                       kind="paragraph", tag="p", xpath="/p", dom_index=0))


def test_furniture_headings_in_other_languages():
    for text in ("Ähnliche Artikel", "Das könnte Sie auch interessieren", "À lire aussi",
                 "Articles similaires", "Artículos relacionados", "También te puede interesar",
                 "Articoli correlati", "Leia também", "Gerelateerde artikelen", "相關文章",
                 "猜你喜欢", "您可能會有興趣的文章", "関連記事", "あわせて読みたい",
                 "Über den Autor", "Über die Autorin", "À propos de l'auteur", "Sobre el autor",
                 "Sull'autore", "Over de auteur"):
        assert furniture_heading(_heading(text)), text
    for text in ("Über den Sauerteig", "Le levain", "Artículos de panadería", "面包的历史",
                 "Über den Autor des Romans und seine Zeit"):
        assert not furniture_heading(_heading(text)), text


def test_section_root_is_the_wrapper_around_heading_and_grid():
    assert section_root("/body/div[3]/h2", "/body/div[3]/ul/li[1]") == "/body/div[3]"
    assert section_root("/body/div[3]/div[1]/h2", "/body/div[3]/div[2]/a") == "/body/div[3]"
    # the page's text resuming far above the heading: the section is the heading alone
    assert section_root("/body/main/div[2]/div/div[1]/h2", "/body/main/p[9]") is None
    assert section_root("/body/h2", None) is None


def test_related_grid_and_author_box_after_the_post_are_dropped():
    body = "".join(f"<p>{PROSE.replace('skill', f'skill {i}')}</p>" for i in range(4))
    cards = "".join(
        f'<div class="card"><h3><a href="/p/{i}">A longer teaser headline number {i}</a></h3>'
        f"<p>{PROSE.replace('Sourdough', f'Teaser {i}')}</p><p>May {i}, 2024</p></div>"
        for i in range(3))
    html = f"""<body><main><h1>Starter basics</h1>{body}
    <section><h2>About the author</h2><p>Mara bakes at dawn and writes about it at night for
    anyone who will listen, mostly her two cats and a patient neighbour.</p></section>
    <section><div class="head"><h2>You might also like</h2></div><div class="grid">{cards}</div></section>
    </main></body>"""
    text = joined(html)
    assert text.count("Sourdough needs patience") == 4
    for furniture in ("About the author", "Mara bakes", "You might also like", "Teaser 0", "Teaser 2"):
        assert furniture not in text, furniture


def test_inline_furniture_box_ends_where_its_wrapper_ends():
    first = "".join(f"<p>{PROSE.replace('skill', f'skill {i}')}</p>" for i in range(4))
    after = "".join(f"<p>{PROSE.replace('Sourdough', f'Later {i}')}</p>" for i in range(3))
    html = f"""<body><article><h1>Starter basics</h1>{first}
    <div class="box"><h2>Most read stories</h2><ul><li><a href="/a">One story here for you</a></li>
    <li><a href="/b">Another story here for you</a></li></ul></div>{after}</article></body>"""
    text = joined(html)
    assert "Most read stories" not in text and "Another story" not in text
    for i in range(3):
        assert f"Later {i} needs patience" in text


def test_furniture_heading_at_the_top_is_the_page_subject():
    teasers = "".join(f'<li><a href="/p/{i}">Teaser headline for a post number {i}</a> '
                      f"{PROSE}</li>" for i in range(3))
    html = f"<body><main><h1>Related articles</h1><ul>{teasers}</ul></main></body>"
    assert "Teaser headline for a post number 2" in joined(html)


def test_a_footer_holding_most_of_the_prose_stays_chrome():
    legal = "".join(f"<p>{PROSE.replace('Sourdough', f'Disclaimer {i}')}</p>" for i in range(8))
    html = f"""<body><main><h1>Rye starter kit</h1><p>A jar, a spatula and a dried starter that
    wakes up in two feedings, with a printed guide to the first week.</p>
    <p>Ships in three days from our bakery in a padded box.</p></main>
    <footer>{legal}</footer></body>"""
    text = joined(html, "https://crumb.example/shop/kit")
    assert "Rye starter kit" in text and "dried starter" in text
    assert "Disclaimer" not in text



def test_a_consent_centre_holding_most_of_the_prose_stays_chrome():
    purposes = "".join(f"<p>Purpose {i}: we process your data to measure the delivery of "
                       f"content and advertisements and share it with partners on the basis "
                       f"of consent and legitimate interest.</p>" for i in range(8))
    cards = "".join(f'<li><a href="/recipes/{i}-quick-dinner-idea">Quick dinner idea {i}</a></li>'
                    for i in range(6))
    html = f"""<body><main><h1>Dinner recipes</h1><p>What is for dinner tonight? Take the
    work out of the question with these popular recipes.</p><ul>{cards}</ul></main>
    <div id="onetrust-consent-sdk"><div id="onetrust-pc-sdk"><h2>Privacy Preference Center</h2>
    {purposes}</div></div></body>"""
    text = joined(html, "https://crumb.example/recipes/dinner")
    assert "Dinner recipes" in text and "What is for dinner tonight" in text
    assert "Purpose" not in text and "Privacy Preference Center" not in text

def test_one_comment_thread_under_a_post_is_dropped_but_not_comments_under_every_answer():
    body = "".join(f"<p>{PROSE.replace('skill', f'skill {i}')}</p>" for i in range(4))
    thread = "".join(f"<li><p>Reader {i} says this worked in a cold kitchen too, after two more "
                     f"days of feeding twice a day with rye.</p></li>" for i in range(3))
    post = f"""<body><main><h1>Starter basics</h1>{body}
    <section><h2>3 Comments</h2><ol>{thread}</ol></section></main></body>"""
    text = joined(post)
    assert text.count("Sourdough needs patience") == 4 and "Reader 1 says" not in text

    answers = "".join(
        f"<div><p>{PROSE.replace('Sourdough', f'Answer {i}:')}</p><h3>2 Comments</h3>"
        f"<p>Thanks, answer {i} fixed my loaf after a week of trying other things.</p></div>"
        for i in range(3))
    qa = f"""<body><main><h1>Why does my starter not double?</h1><p>{PROSE}</p>
    <p>{PROSE.replace('Sourdough', 'Rye')}</p>{answers}</main></body>"""
    text = joined(qa, "https://crumb.example/questions/2")
    for i in range(3):
        assert f"Answer {i}: needs patience" in text
