"""Captions of pictures go with the picture (its Markdown title), not between paragraphs."""
from pipelines.blocks import build_blocks
from pipelines.content.image_captions import fold_captions
from pipelines.content.markdown import render_markdown

URL = "https://example.org/post/"
PROSE = ("<p>The harbour wall was rebuilt over two summers, stone by stone, by the same four "
         "masons who had patched it for thirty years before the storm took half of it.</p>")
MORE = ("<p>Each course was set dry first and then pointed with lime, as the old wall had been, "
        "so that the sea could move through it rather than against it.</p>")


def markdown(body: str) -> str:
    return render_markdown(build_blocks(f"<html><body><article>{body}</article></body></html>", URL))


def test_a_figcaption_and_a_wrapped_credit_become_titles():
    md = markdown(PROSE + '<figure><img src="/a.jpg" alt="The wall"><figcaption>The new wall.'
                  '</figcaption></figure>' + MORE
                  + '<div class="wp-caption"><img src="/b.jpg" alt="Masons"><p class="wp-caption-text">'
                  'Photo: Harbour Trust</p></div>' + PROSE)
    assert '![The wall](https://example.org/a.jpg "The new wall.")' in md
    assert '![Masons](https://example.org/b.jpg "Photo: Harbour Trust")' in md
    assert "\nPhoto: Harbour Trust" not in md and "*The new wall.*" not in md


def test_cards_side_by_side_keep_their_text():
    cards = "".join(f'<div class="card"><img src="/m{i}.jpg" alt=""><p>Mason {i} has laid stone '
                    f'on this coast since the seventies.</p></div>' for i in range(3))
    md = markdown(PROSE + f'<div class="team">{cards}</div>' + PROSE)
    assert all(f"Mason {i} has laid stone" in md for i in range(3))
    assert '"Mason' not in md


def test_a_card_linking_another_page_keeps_its_text():
    md = markdown(PROSE + '<div class="teaser"><a href="/post/other/"><img src="/o.jpg" alt=""></a>'
                  '<p>Why the masons chose granite over concrete</p></div>' + PROSE)
    assert "\n\nWhy the masons chose granite over concrete" in md


def test_a_photo_post_keeps_its_words():
    html = ('<html><body><article><div class="photo"><img src="/p.jpg" alt="Dawn">'
            '<p>Dawn over the harbour, from the new wall.</p></div></article></body></html>')
    blocks = build_blocks(html, URL)
    assert fold_captions(blocks) == (set(), {})
    assert "Dawn over the harbour" in render_markdown(blocks).split("](")[-1]


def test_a_credit_line_over_a_caption_goes_with_the_picture():
    md = markdown(PROSE + '<div class="img"><a href="/big/wall.jpg"><img src="/wall.jpg" alt=""></a>'
                  '<div class="credit">H. Mason/Harbour Trust<div class="text">The north end of the '
                  'wall on the first day of the second summer.</div></div></div>' + MORE)
    assert '"H. Mason/Harbour Trust The north end of the wall on the first day of the second summer."' in md
    assert "\n\nH. Mason" not in md


def test_an_avatar_with_its_authors_name_and_date_keeps_them():
    posts = "".join(f'<div class="post"><div class="head"><img src="/u{i}.png" alt="">'
                    f'<div>Member {i}</div><div>28/11/2025 at 7:2{i} pm</div></div>'
                    f'<p>Reply {i}: the wall held through the winter storms without a crack.</p></div>'
                    for i in range(3))
    md = markdown(PROSE + posts + MORE)
    assert all(f"\n\nMember {i}\n\n28/11/2025" in md for i in range(3))


def test_a_figcaption_a_level_away_from_its_picture_is_still_its_caption():
    md = markdown(PROSE + '<figure><div class="media"><img src="/w.jpg" alt="Wall"></div>'
                  '<div class="meta"><figcaption>The wall from the sea.</figcaption></div></figure>' + MORE)
    assert '![Wall](https://example.org/w.jpg "The wall from the sea.")' in md


def test_an_icon_heading_a_tip_box_keeps_the_tip_as_text():
    md = markdown(PROSE + '<div class="tip"><img src="/icons/bulb.svg" alt="bulb"><p>Tip: set the '
                  'first course dry before pointing it.</p></div>' + MORE)
    assert "\n\nTip: set the first course dry before pointing it." in md


def test_a_line_after_a_picture_ending_in_a_copyright_credit_is_its_caption():
    # the caption sits outside any wrapper of the picture, as the article's next paragraph
    md = markdown(PROSE + '<p><a href="/big/w.jpg"><img src="/w.jpg" alt=""></a></p>'
                  '<p>The north pier at low tide. © Harbour Trust / Ann Lee</p>' + MORE + PROSE)
    assert '![](https://example.org/w.jpg "The north pier at low tide. © Harbour Trust / Ann Lee")' in md
    assert "\n\nThe north pier at low tide" not in md
    assert "Each course was set dry first" in md


def test_a_line_repeating_the_pictures_alt_is_its_caption_but_a_short_alt_proves_nothing():
    md = markdown(PROSE + '<p><img src="/p.jpg" alt="Masons setting the last course in May"></p>'
                  '<p>Masons setting the last course in May</p>' + MORE
                  + '<p><img src="/q.jpg" alt="Harbour"></p><p>Harbour</p>' + PROSE)
    assert '![Masons setting the last course in May](https://example.org/p.jpg)' in md
    assert "\n\nMasons setting the last course in May" not in md
    assert "\n\nHarbour\n" in md


def test_a_short_line_after_a_picture_opening_with_a_credit_label_is_its_caption():
    md = markdown(PROSE + '<p><img src="/w.jpg" alt=""></p><p class="credit">Bild: Jahr Media</p>'
                  + MORE + '<p><img src="/v.jpg" alt=""></p><p><em>Photo: Ann Lee via Unsplash</em></p>'
                  + PROSE)
    assert '![](https://example.org/w.jpg "Bild: Jahr Media")' in md
    assert '![](https://example.org/v.jpg "Photo: Ann Lee via Unsplash")' in md
    # a sentence that opens so, or a label without its colon, is the text going on
    md = markdown(PROSE + '<p><img src="/u.jpg" alt=""></p><p>Photos of the week</p>' + MORE)
    assert "\n\nPhotos of the week" in md
