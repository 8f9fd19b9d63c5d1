"""Labels left over what the selection dropped go with it; the text's own short lines stay."""
from pipelines.blocks import build_blocks
from pipelines.content.emptied_sections import drop_emptied_headings

URL = "https://crumb.example/2024/starter-basics/"


def kept_after(html: str, dropped_text: tuple[str, ...]) -> list[str]:
    """The texts drop_emptied_headings keeps when the blocks holding `dropped_text` went."""
    blocks = build_blocks(f"<html><body><article>{html}</article></body></html>", URL)
    keep = [not any(t in b.text or t in (b.alt or "") for t in dropped_text) for b in blocks]
    drop_emptied_headings(blocks, keep)
    return [b.text or f"<img {b.href}>" for b, k in zip(blocks, keep) if k]


def test_a_label_line_over_a_dropped_teaser_box_goes():
    kept = kept_after('<p>The starter doubles in a few hours when it is ready.</p>'
                      '<div class="box"><div>More on this</div><div><a href="/a/">Rye starters</a>'
                      '</div><div><a href="/b/">Feeding schedules</a></div></div>'
                      '<p>Feed it twice a day.</p>', ("Rye starters", "Feeding schedules"))
    assert "More on this" not in kept and "Feed it twice a day." in kept


def test_a_short_line_of_the_text_stays():
    kept = kept_after('<div><p>Step one</p><p>Mix flour and water.</p></div>'
                      '<div><p>Done.</p><p><a href="/a/">Rye starters</a></p></div>',
                      ("Rye starters",))
    assert "Step one" in kept and "Done." in kept


def test_a_heading_over_teasers_of_which_only_pictures_were_kept_goes_with_them():
    # the teasers' thumbnails, linked to the teasers' pages or not
    for link in ('<a href="/post-{i}/">{img}</a>', "{img}"):
        cards = "".join('<div>' + link.format(i=i, img=f'<img src="/t{i}.jpg" alt="thumb {i}">')
                        + f'<h3><a href="/post-{i}/">Teaser {i}</a></h3></div>' for i in range(2))
        kept = kept_after(f"<p>The starter doubles in a few hours.</p><h2>See also</h2>{cards}",
                          ("Teaser",))
        assert kept == ["The starter doubles in a few hours."], link
    # a section of pictures alone, kept, keeps its heading
    photos = '<h2>Photos</h2><p><a href="/crumb.jpg"><img src="/crumb.jpg" alt="crumb"></a></p>'
    assert "Photos" in kept_after(f"<p>The starter doubles in a few hours.</p>{photos}", ())


def test_a_short_line_of_dialogue_closing_its_quote_stays():
    kept = kept_after('<div><p>„Ich weiß, ich bin spät dran“, sagte er.</p><div><p>– „Ok.“</p>'
                      '<p><a href="/a/">Rye starters</a></p></div></div>', ("Rye starters",))
    assert "– „Ok.“" in kept


def test_rules_and_short_headings_at_the_texts_ends_go():
    # a theme's rule over its footer, a related box's labels whose posts went as duplicates
    blocks = build_blocks('<html><body><article><hr><h1>Starter basics</h1><hr><p>Feed it twice'
                          ' a day.</p><hr><h2>More posts (45)</h2><h2>More posts (46)</h2><hr>'
                          '</article></body></html>', URL)
    keep = [True] * len(blocks)
    drop_emptied_headings(blocks, keep)
    # the rule right under the h1 title is the title's underline (Astro's blog template):
    # it separates the title from the text it opens, which the heading does already
    assert [(b.kind, b.text) for b, k in zip(blocks, keep) if k] == [
        ("heading", "Starter basics"), ("paragraph", "Feed it twice a day.")]
    # a rule between two parts of the text stays
    blocks = build_blocks('<html><body><article><h1>Starter basics</h1><p>Feed it twice a day.'
                          '</p><hr><p>Then bake.</p></article></body></html>', URL)
    keep = [True] * len(blocks)
    drop_emptied_headings(blocks, keep)
    assert [b.kind for b, k in zip(blocks, keep) if k] == ["heading", "paragraph", "rule", "paragraph"]


def test_a_long_heading_at_the_end_and_a_text_of_headings_stay():
    quote = "The support has been excellent whenever there was an issue with our order"
    kept = kept_after(f"<h2>Reviews</h2><p>Feed it twice a day.</p><h3>{quote}</h3>", ())
    assert kept[-1] == quote
    assert kept_after("<h1>Starter basics</h1><h2>Coming soon</h2>", ()) == [
        "Starter basics", "Coming soon"]
