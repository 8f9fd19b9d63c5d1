"""Teaser runs inside an article: link lists to the site's other pages are navigation."""
from pipelines.page import analyze_page

URL = "https://crumb.example/2024/starter-basics/"
PROSE = ("Sourdough needs patience more than skill, and the starter tells you when it is ready "
         "by doubling in size within a few hours of feeding at room temperature. ")


def body(n=5, start=0):
    return "".join(f"<p>{PROSE.replace('skill', f'skill {i}')}</p>" for i in range(start, start + n))


def archived(html, url=URL):
    result = analyze_page(html, url)
    assert result.verdict == "leaf"
    return "\n".join(b.text for b in result.blocks)


def test_latest_news_list_inside_the_article_container_is_dropped():
    latest = "".join(f'<p><a href="/2024/news-{i}/">Bakery news headline number {i}</a></p>'
                     f"<p>May {i + 1}, 2024</p>" for i in range(4))
    html = f"""<html><head><title>Starter basics</title></head><body><article>
    <h1>Starter basics</h1>{body(3)}<h3>Latest</h3>{latest}{body(3, 3)}</article></body></html>"""
    text = archived(html)
    assert text.count("Sourdough needs patience") == 6
    for gone in ("Bakery news headline", "May 2, 2024", "Latest"):
        assert gone not in text, gone


def test_a_bold_line_that_labels_the_list_goes_with_it_and_bold_prose_stays():
    # editors without heading styles label "read also" lists with a bold line
    latest = "".join(f'<p><a href="/2024/news-{i}/">Bakery news headline number {i}</a></p>'
                     for i in range(4))
    html = f"""<html><body><article><h1>Starter basics</h1>{body(3)}
    <p><strong>Read also:</strong></p>{latest}<p><b>Feed it twice a day</b></p>{body(3, 3)}
    </article></body></html>"""
    text = archived(html)
    assert "Read also" not in text and "Bakery news headline" not in text
    assert "Feed it twice a day" in text   # a bold line that labels no list is the article's
    assert text.count("Sourdough needs patience") == 6


def test_a_more_on_block_of_linked_cards_is_dropped():
    cards = "".join(f'<a href="/2024/rye-{i}/"><img src="/r{i}.jpg" alt=""><h4>Rye story {i} for '
                    f"the winter bakers</h4></a>" for i in range(3))
    html = f"""<html><body><main><h1>Starter basics</h1>{body(4)}
    <div><h2>More on: rye</h2>{cards}</div>{body(2, 4)}</main></body></html>"""
    text = archived(html)
    assert "Rye story" not in text
    assert "More on: rye" not in text
    assert text.count("Sourdough needs patience") == 6


def test_links_off_the_site_and_links_inside_sentences_stay():
    sources = "".join(f'<li><a href="https://journal{i}.example/paper">Fermentation paper {i}</a></li>'
                      for i in range(4))
    linked = "".join(f'<p>{PROSE} See <a href="/2024/part-{i}/">part {i}</a>.</p>' for i in range(3))
    html = f"""<html><body><article><h1>Starter basics</h1>{body(4)}{linked}
    <h3>Sources</h3><ul>{sources}</ul>{body(2, 4)}</article></body></html>"""
    text = archived(html)
    assert text.count("Fermentation paper") == 4
    assert text.count("See part") == 3


def test_on_an_index_page_the_list_is_the_content():
    items = "".join(f'<li><a href="/2024/post-{i}/">A post about bread number {i}</a></li>'
                    for i in range(30))
    html = f"""<html><body><main><h1>All posts</h1><ul>{items}</ul></main></body></html>"""
    result = analyze_page(html, "https://crumb.example/archive/", content="always")
    text = "\n".join(b.text for b in result.blocks)
    assert text.count("A post about bread") == 30


def test_a_furniture_heading_marked_by_its_class_still_heads_its_teasers():
    # h2.internal_related is left out by its class; its teasers wear none, yet go with it
    teasers = "".join(f'<div><a href="/2024/t-{i}/"><img src="/t{i}.jpg"></a>'
                      f"<p>Teaser {i}: {PROSE}</p></div>" for i in range(3))
    html = f"""<html><body><article><h1>Starter basics</h1>{body(5)}
    <h2 class="suggested_reading internal_related">Related coverage</h2>{teasers}
    </article></body></html>"""
    text = archived(html)
    assert "Teaser" not in text
    assert text.count("Sourdough needs patience") == 5


def test_a_lone_read_also_line_between_paragraphs_goes_with_its_label():
    html = f"""<html><body><article><h1>Starter basics</h1>{body(2)}
    <p><strong>Read also:</strong></p><p><a href="/2024/rye-starter/">Why my rye starter smells
    of vinegar</a></p>{body(2, 2)}<p><em>More on this: <a href="/2024/feeding/">How often to
    feed a young starter</a></em></p>{body(2, 4)}</article></body></html>"""
    text = archived(html)
    for gone in ("Read also", "Why my rye starter", "How often to feed"):
        assert gone not in text, gone
    assert text.count("Sourdough needs patience") == 6


def test_two_read_more_lines_in_a_row_between_paragraphs_go():
    # UK regional news sets its "READ MORE:" lines in pairs, fewer than a run
    html = f"""<html><body><article><h1>Starter basics</h1>{body(2)}
    <p><strong>READ MORE:</strong> <a href="/2024/rye-starter/">Why my rye starter smells of
    vinegar after a week</a></p><p><strong>READ MORE:</strong> <a href="/2024/feeding/">How
    often to feed a young starter in winter</a></p>{body(2, 2)}</article></body></html>"""
    text = archived(html)
    assert "READ MORE" not in text and "Why my rye starter" not in text
    assert "How often to feed" not in text
    assert text.count("Sourdough needs patience") == 4


def test_a_lone_line_linking_a_file_or_another_site_stays():
    html = f"""<html><body><article><h1>Starter basics</h1>{body(2)}
    <p><a href="/files/feeding-schedule.pdf">The feeding schedule as a PDF</a></p>{body(2, 2)}
    <p><a href="https://flour.example/guide/">The mill's guide to rye flour</a></p>{body(2, 4)}
    </article></body></html>"""
    text = archived(html)
    assert "The feeding schedule as a PDF" in text and "The mill's guide to rye flour" in text



def test_a_lone_teaser_at_a_sections_end_goes_before_the_next_heading():
    # Le Figaro's "À lire aussi »", Polityka's "Czytaj też:": the line closes a section
    html = f"""<html><body><article><h1>Starter basics</h1>{body(2)}
    <p><em>Czytaj też: <a href="/2024/rye-starter/">Why my rye starter smells of vinegar</a>
    </em></p><h2>Feeding</h2>{body(2, 2)}</article></body></html>"""
    text = archived(html)
    assert "Czytaj" not in text and "Why my rye starter" not in text
    assert "Feeding" in text and text.count("Sourdough needs patience") == 4


def test_a_teaser_set_as_a_quote_or_a_labelled_list_of_one_goes():
    html = f"""<html><body><article><h1>Starter basics</h1>{body(2)}
    <blockquote><p><strong>PUEDES VER:</strong> <a href="/2024/rye-starter/">Why my rye
    starter smells of vinegar</a></p></blockquote>{body(2, 2)}
    <h4>Lesen Sie auch</h4><ul><li><a href="/2024/feeding/">How often to feed a young
    starter</a></li></ul>{body(2, 4)}</article></body></html>"""
    text = archived(html)
    for gone in ("PUEDES VER", "Why my rye starter", "Lesen Sie auch", "How often to feed"):
        assert gone not in text, gone
    assert text.count("Sourdough needs patience") == 6


def test_a_card_of_one_story_listed_under_a_plain_lead_in_line_goes_with_it():
    # a template's "Veja também:" box: its label a plain line ending in a colon, its one
    # entry a card whose <a> wraps the headline's blocks
    card = ('<div><div class="title">See also:</div><ul><li><a href="/2024/rye-starters/">'
            "<div><span>Rye starters rise faster in a cold kitchen</span></div></a></li></ul></div>")
    text = archived(f"<html><body><article><h1>Starter basics</h1>{body(3)}{card}{body(3, 3)}"
                    "</article></body></html>")
    assert "Rye starters rise faster" not in text and "See also:" not in text
    assert text.count("Sourdough needs patience") == 6
    # a lead-in over a single linked line is the article's own pointer to a page
    pointer = ('<p>Information on flours and their proteins:</p>'
               '<p><a href="/guides/flour-leaflets/">Leaflets on common flours to download</a></p>')
    text = archived(f"<html><body><article><h1>Starter basics</h1>{body(3)}{pointer}{body(3, 3)}"
                    "</article></body></html>")
    assert "Information on flours" in text and "Leaflets on common flours" in text


def test_an_articles_own_list_of_links_and_a_listicles_linked_entries_stay():
    # a doc's "For more information, see:" pair, and a listicle whose entries each open with
    # a one-item list linking the project they describe: no label, so no teaser
    html = f"""<html><body><article><h1>Starter basics</h1>{body(2)}
    <ul><li><a href="/docs/rye/">Overview of rye starters</a></li>
    <li><a href="/docs/wheat/">Overview of wheat starters</a></li></ul><h2>Feeding</h2>
    {body(1, 2)}<ul><li><a href="/projects/proofing-box/">A warm proofing box</a></li></ul>
    {body(1, 3)}<ul><li><a href="/projects/banneton/">A cane banneton basket</a></li></ul>
    {body(1, 4)}</article></body></html>"""
    text = archived(html)
    for kept in ("Overview of rye starters", "Overview of wheat starters",
                 "A warm proofing box", "A cane banneton basket"):
        assert kept in text, kept


def test_a_teaser_to_a_page_with_its_cms_extension_goes_and_a_quote_attribution_stays():
    # pages carry their CMS's own extensions (.read, .ece): no file; a forum reply's
    # "<name> said:" link over the post it quotes leads into the quote
    html = f"""<html><body><article><h1>Starter basics</h1>{body(2)}
    <p><em>Czytaj też: <a href="/swiat/1921972,1,rye-starter.read">Why my rye starter smells
    of vinegar</a></em></p>{body(2, 2)}
    <blockquote><p><a href="/forums/goto/post?id=54374">Bibi the baker said:</a></p>
    <p>Mine doubled overnight in a warm kitchen.</p></blockquote>{body(2, 4)}
    </article></body></html>"""
    text = archived(html)
    assert "Why my rye starter" not in text
    assert "Bibi the baker said:" in text and "Mine doubled overnight" in text


def test_a_rail_of_headlines_that_outweighs_the_story_leaves_it_an_article():
    # a news template's "latest" rail inside the story's container, more words than the
    # story: its link text does not count when the kept blocks are measured for an article,
    # so the teaser rules run on the page
    from pipelines.blocks import build_blocks
    from pipelines.content.selection import article_paragraphs, block_stats

    rail = "".join(f'<li><a href="/2024/news-{i}/">Bakery news headline number {i} about flour, '
                   f"ovens and the price of rye in the north this winter</a></li>" for i in range(30))
    blocks = build_blocks(f"<html><body><article><h1>Starter basics</h1>{body(4)}<h3>Latest</h3>"
                          f"<ul>{rail}</ul></article></body></html>", URL)
    keep = [True] * len(blocks)
    stats = [block_stats(b) for b in blocks]
    assert article_paragraphs(blocks, keep, stats) == []
    story = article_paragraphs(blocks, keep, stats, prose_only=True)
    assert [blocks[i].text[:24] for i in story] == ["Sourdough needs patience"] * 4


def test_teasers_with_a_thumbnail_inside_their_link_are_link_text():
    # news templates draw each teaser's thumbnail inside its link: its image's "](" once
    # ended the link's text there, and a list that is all link read as 0.05 link density
    items = "".join(f'<li><a href="/2024/rye-{i}/">{i + 1} <img src="/thumbs/rye-{i}.jpg" alt=""> '
                    f"Rye story {i} for the winter bakers of the north</a></li>" for i in range(5))
    html = f"""<html><body><article><h1>Starter basics</h1>{body(5)}
    <p>Related stories</p><ul>{items}</ul></article></body></html>"""
    text = archived(html)
    assert "Rye story" not in text and "Related stories" not in text
    assert text.count("Sourdough needs patience") == 5


def test_link_text_leaves_out_the_images_inside_a_link():
    from pipelines.blocks import Block
    from pipelines.content.link_text import link_density
    from pipelines.content.teaser_runs import link_targets

    card = Block(text="3 Rye story for the winter bakers", kind="list-item", tag="li",
                 xpath="/html/body/ul/li[3]", dom_index=9,
                 rich_text="[3 ![](https://crumb.example/thumbs/a-very-long-thumbnail-name.jpg) "
                           "Rye story for the winter bakers](/2024/rye/)")
    assert link_density(card) > 0.9
    assert link_targets(card) == ["/2024/rye/"]            # the link's page, not its thumbnail
    linked_image = Block(text="", kind="paragraph", tag="p", xpath="/html/body/p", dom_index=3,
                         rich_text="[![Rye](/r.jpg)](/2024/rye/)")
    assert link_targets(linked_image) == ["/2024/rye/"]


QUERY_LOOP = "".join(
    f'<li><h2><a href="/2026/10/{d}/release-1-{n}-0/">Release 1.{n}.0</a></h2>'
    f'<div><time datetime="2026-10-{d}T12:00:00+00:00">October {d}, 2026</time></div></li>'
    for n, d in ((10, 24), (9, 18), (8, 13)))


def short_post(head: str) -> str:
    # a release note of short list items, with WordPress' Query Loop of other posts after it
    return f"""<html><head><title>Release 0.19.1</title>{head}</head><body><main><article>
    <h1>Release 0.19.1</h1><h3>Fixed</h3><ul><li>Fix inference of <code>Route.name</code> when
    created from methods.</li><li>Avoid a <code>TypeError</code> on disconnect when the code is
    empty.</li></ul><h2>More releases</h2><ul>{QUERY_LOOP}</ul></article></main></body></html>"""


def test_a_dated_posts_teaser_list_goes_however_short_its_paragraphs():
    dated = '<meta property="article:published_time" content="2022-04-22T12:00:00+00:00">'
    text = archived(short_post(dated), "https://notes.example/2022/04/22/release-0-19-1/")
    assert "Fix inference of Route.name" in text and "Avoid a TypeError" in text
    assert "Release 1.10.0" not in text and "More releases" not in text


def test_an_undated_leaf_of_short_lines_keeps_its_list_of_links():
    # without a date of its own a leaf of short lines may be a landing page, whose cards
    # are its content: only a post's list is taken for teasers
    from pipelines.content.page_content import page_content
    from pipelines.htmlparse import parse_html

    def texts(post):
        return [b.text for b in page_content(parse_html(short_post("")), URL, "Release 0.19.1",
                                             leaf=True, post=post)]
    assert "Release 1.10.0" in texts(False)
    assert "Release 1.10.0" not in texts(True)


def test_a_dated_thread_keeps_its_short_replies_between_permalinks():
    # a forum thread is dated too, but its replies are the content, however short
    posts = "".join(f'<div class="message"><ul><li><a href="/threads/id-match.1498484/post-{n}">#{n}'
                    f'</a></li></ul><p>Congrats, reply number {n}!</p></div>' for n in range(2, 7))
    html = f"""<html><head><title>ID match thread</title><meta property="article:published_time"
    content="2024-07-18T12:00:00+00:00"></head><body><main><article><h1>ID match thread</h1>
    <p>Who matched in infectious disease this year?</p>{posts}</article></main></body></html>"""
    text = archived(html, "https://forum.example/threads/id-match.1498484/")
    assert all(f"Congrats, reply number {n}!" in text for n in range(2, 7))


def test_a_lone_related_story_card_in_the_flow_goes():
    # an inline "related story" box: picture, kicker, headline and summary, all linking the
    # other story (the summary twice, with its "more"), between two sections of the story
    story = "/2024/rye-starter/"
    card = f"""<div class="teaser"><div><a href="{story}"><img src="/rye.jpg" alt="A rye
    starter in a jar"></a></div><p><a href="{story}">Rye</a></p><h4><a href="{story}">Why my rye
    starter smells of vinegar</a></h4><p><a href="{story}">A week of feeding and a sour smell:
    what the starter tells you.</a> <a href="{story}">more</a></p></div>"""
    html = f"""<html><body><article><h1>Starter basics</h1>{body(2)}{card}<h2>Feeding</h2>
    {body(2, 2)}</article></body></html>"""
    text = archived(html)
    for gone in ("Why my rye starter", "what the starter tells you", "A rye starter in a jar"):
        assert gone not in text, gone
    assert "Feeding" in text and text.count("Sourdough needs patience") == 4


def test_a_listicles_linked_entry_and_a_forum_posts_permalink_stay():
    # the entry's element holds its description too: no card of its own
    entry = """<div class="entry"><a href="/projects/banneton/"><img src="/b.jpg" alt="Banneton">
    </a><h3><a href="/projects/banneton/">A cane banneton basket</a></h3><p>Cane holds its
    shape and lets the dough breathe while it proofs, and it leaves the spiral on the crust
    that bakers like to see on a finished boule.</p></div>"""
    html = f"""<html><body><article><h1>Starter basics</h1>{body(2)}{entry}{body(2, 2)}
    </article></body></html>"""
    assert "A cane banneton basket" in archived(html)
    # a post's date and number linking its permalink under the thread's own address
    thread = "https://crumb.example/threads/new-starter.3237/"
    posted = f"""<div class="meta"><p><a href="{thread}post-3242">Reply 9 in this thread</a></p>
    <p><a href="{thread}post-3242">Link to reply 9</a></p></div>"""
    html = f"""<html><body><article><h1>Starter basics</h1>{body(2)}{posted}{body(2, 2)}
    </article></body></html>"""
    text = archived(html, url=thread)
    assert "Reply 9 in this thread" in text and "Link to reply 9" in text
