"""Teaser cards inside an article: a grid of other posts, each with its summary, is
navigation; a listicle's linked headings with their paragraphs are the article."""
from pipelines.page import analyze_page
from tests.unit.test_teaser_runs import PROSE, URL, body


def archived(html, url=URL):
    result = analyze_page(html, url)
    assert result.verdict == "leaf"
    return result


def text_of(result):
    return "\n".join(b.text for b in result.blocks)


def card(i):
    return (f'<div class="card"><img src="/t{i}.jpg" alt=""><p>Baking</p>'
            f'<h3><a href="/2024/loaf-{i}/">Loaf story {i}</a></h3>'
            f"<div>A short summary of loaf story {i}, the way a listing shows it under the "
            f"headline of the post.</div></div>")


def test_a_latest_articles_grid_with_summaries_inside_the_article_is_dropped():
    grid = "".join(card(i) for i in range(4))
    html = f"""<html><head><title>Starter basics</title></head><body><article>
    <h1>Starter basics</h1>{body(5)}<h2>Latest articles</h2><div class="grid">{grid}</div>
    </article></body></html>"""
    text = text_of(archived(html))
    assert text.count("Sourdough needs patience") == 5
    for gone in ("Loaf story", "A short summary", "Latest articles"):
        assert gone not in text, gone


def test_a_listicle_of_linked_headings_each_with_its_paragraph_stays():
    items = "".join(f'<h2><a href="/2024/flour-{i}/">Flour number {i}</a></h2>'
                    f"<p>Flour {i} makes a denser crumb and wants more water than the last one "
                    f"did. {PROSE}</p>" for i in range(5))
    html = f"""<html><body><article><h1>Five flours</h1>{body(2)}{items}</article></body></html>"""
    text = text_of(archived(html))
    assert text.count("Flour number") == 5
    assert text.count("makes a denser crumb") == 5


def test_sections_of_a_different_shape_are_no_grid():
    # an article's own parts are siblings too, but hold their links at different places
    html = f"""<html><body><article>
    <div><p><a href="/files/chart.png">Download the chart</a></p>{body(1)}</div>
    <div><section><p><a href="/subscribe/">Subscribe</a></p></section>{body(1, 1)}</div>
    <div><div><div><a href="/authors/ana/">Ana</a></div></div>{body(1, 2)}</div>
    </article></body></html>"""
    text = text_of(archived(html))
    assert text.count("Sourdough needs patience") == 3


def test_a_heading_link_with_an_icon_stays_a_link():
    html = f"""<html><body><article><h1>Starter basics</h1>{body(3)}
    <h2><a href="/2024/rye/"><span>Rye, next</span><svg><use href="#i"></use></svg></a></h2>
    {body(2, 3)}</article></body></html>"""
    headings = [b for b in archived(html).blocks if b.kind == "heading" and "Rye" in b.text]
    assert headings and "](https://crumb.example/2024/rye/)" in headings[0].rich_text


def test_the_label_of_a_dropped_teaser_list_goes_with_it():
    teasers = "".join(f'<li><a href="/2024/news-{i}/">Bakery news headline {i}</a></li>'
                      for i in range(5))
    html = f"""<html><body><article><h1>Starter basics</h1>{body(4)}
    <h2>See also</h2><ul class="related">{teasers}</ul></article></body></html>"""
    text = text_of(archived(html))
    assert "See also" not in text and "Bakery news" not in text
    assert text.count("Sourdough needs patience") == 4


def test_a_heading_over_an_image_alone_stays():
    html = f"""<html><body><article><h1>Starter basics</h1>{body(3)}
    <h2>The crumb</h2><p><img src="/crumb.jpg" alt="open crumb"></p>
    <h2>Feeding</h2>{body(2, 3)}</article></body></html>"""
    text = text_of(archived(html))
    assert "The crumb" in text


def test_a_forum_threads_short_replies_under_linked_names_stay():
    replies = "".join(
        f'<article class="message"><h4><a href="/members/user-{i}/">user{i}</a></h4>'
        f"<div>Reply {i}: the crumbs turned red on the tissue, so it was flea dirt after "
        f"all, and the spot-on cleared it within a week.</div></article>" for i in range(6))
    html = f"""<html><head><title>Crumbs on the pillow</title></head><body><main>
    <h1>Crumbs on the pillow</h1><article class="message"><h4>
    <a href="/members/starter/">starter</a></h4>{body(4)}</article>{replies}</main></body></html>"""
    result = analyze_page(html, "https://cats.example/threads/crumbs-on-the-pillow.12/")
    text = text_of(result)
    assert text.count("the crumbs turned red") == 6


def test_a_grid_longer_than_the_article_is_what_the_page_is():
    grid = "".join(card(i) for i in range(12))
    html = f"""<html><head><title>Loaf stories</title></head><body><article>
    <h1>Loaf stories</h1>{body(5)}<div class="grid">{grid}</div></article></body></html>"""
    result = analyze_page(html, URL)
    assert text_of(result).count("A short summary") == 12


def test_two_cards_under_a_label_that_close_the_article_are_a_grid():
    grid = "".join(card(i) for i in range(2))
    html = f"""<html><head><title>Starter basics</title></head><body><article>
    <h1>Starter basics</h1>{body(5)}<h2>Read next</h2><div class="grid">{grid}</div>
    </article></body></html>"""
    text = text_of(archived(html))
    for gone in ("Loaf story", "A short summary", "Read next"):
        assert gone not in text, gone
    # without the label, two cards are no grid: their summaries stay
    kept = text_of(archived(html.replace("<h2>Read next</h2>", "")))
    assert "A short summary of loaf story 0" in kept and "A short summary of loaf story 1" in kept


def overlay_card(i):
    # the whole card is clickable through an empty <a> stretched over it (Bootstrap's
    # .stretched-link, eBay's and shop themes' tiles): the headline itself links nowhere
    return (f'<li class="tile"><section><div><img src="/p{i}.jpg" alt="">'
            f'<h3>Striped linen shirt, size {i}, pre-owned</h3><span>$1{i}.00</span>'
            f'<span>+ $4.50 delivery</span></div>'
            f'<a class="stretched" aria-label="Striped linen shirt {i}" href="/itm/10{i}"></a>'
            f'</section></li>')


PRODUCT = """<html><head><title>Linen shirt</title><meta property="og:type" content="product">
</head><body><main>
<h2>People who viewed this item also viewed</h2><ul class="carousel">{grid}</ul>
<h1>Blue linen shirt, size 8</h1><p>Condition: used, worn twice.</p><p>$12.00</p>
<button>Add to cart</button>
<h2>Item description</h2><p>A blue linen shirt with a button-down collar.</p>
<p>{prose}</p><p>{prose}</p>
</main></body></html>"""


def test_a_grid_of_cards_linked_by_overlays_on_a_product_page_is_dropped():
    text = text_of(archived(PRODUCT.format(grid="".join(overlay_card(i) for i in range(5)),
                                           prose=PROSE),
                            "https://shop.example/itm/3659001"))
    assert "Blue linen shirt" in text and "button-down collar" in text
    for gone in ("Striped linen shirt", "$11.00", "People who viewed"):
        assert gone not in text, gone


def test_cards_without_a_link_of_their_own_stay_on_a_product_page():
    # the same tiles with no link are the page's own panels (sizes, colours, features)
    grid = "".join(overlay_card(i).replace('href="/itm/10', 'data-x="') for i in range(5))
    text = text_of(archived(PRODUCT.format(grid=grid, prose=PROSE), "https://shop.example/itm/3659001"))
    assert text.count("Striped linen shirt") == 5


def test_a_recent_posts_grid_with_wordpress_default_excerpts_is_dropped():
    # WordPress' default excerpt is 55 words: with headline and date a card holds ~70
    grid = "".join(f'<article><div><h3><a href="/2024/post-{i}/">Recent post number {i} about '
                   f"feeding a young starter</a></h3><p>March {i + 2}, 2025</p>"
                   "<p>" + " ".join(f"word{k}of{i}" for k in range(55)) + "</p></div></article>"
                   for i in range(4))
    html = f"""<html><head><title>Starter basics</title></head><body><main><article>
    <h1>Starter basics</h1>{body(14)}<div class="recent">{grid}</div></article></main></body></html>"""
    text = text_of(archived(html))
    assert text.count("Sourdough needs patience") == 14
    assert "Recent post number" not in text and "word54of1" not in text


def test_rows_of_teaser_cards_longer_than_a_whole_article_under_it_are_dropped():
    # a news site's river of its latest stories under each story: Bootstrap rows of three
    # cards, each a linked headline over a summary, longer in all than the story above it
    def teaser(i):
        summary = " ".join(f"word{k}of{i}" for k in range(50))
        return (f'<div class="col"><h3><a href="/2024/story-{i}/">Latest story number {i} about '
                f"rye</a></h3><p>{summary}</p></div>")
    rows = "".join(f'<div class="row">{"".join(teaser(3 * r + c) for c in range(3))}</div>'
                   for r in range(4))
    html = f"""<html><head><title>Starter basics</title></head><body><main><article>
    <h1>Starter basics</h1>{body(16)}</article><section class="river">{rows}</section>
    </main></body></html>"""
    text = text_of(archived(html))
    assert text.count("Sourdough needs patience") == 16
    assert "Latest story number" not in text and "word49of11" not in text
