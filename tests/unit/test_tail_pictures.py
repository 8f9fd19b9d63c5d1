"""Pictures after an article's body that lead to another page (banners, ads, donation and
share buttons, other stories' thumbnails) are left out of its Markdown; its photos stay."""
from pipelines.content.image_captions import leads_off_page
from pipelines.content.markdown import render_markdown
from pipelines.page import analyze_page

URL = "https://news.example.org/2024/05/harbour-wall/"
PARAGRAPHS = [f"<p>In its {n} summer the harbour wall was rebuilt stone by stone, by the same "
              "four masons who had patched it for thirty years before the storm took half of it "
              "away in a single night of wind and rain that nobody in the village will forget.</p>"
              for n in ("first", "second", "third", "fourth")]
BODY = "<h1>The harbour wall</h1>" + "".join(PARAGRAPHS)


def archived(after_body: str) -> str:
    html = f"<html><body><main><article>{BODY}{after_body}</article></main></body></html>"
    page = analyze_page(html, URL)
    assert page.verdict == "leaf"
    return render_markdown(page.blocks)


def test_banners_and_thumbnails_after_the_body_go():
    md = archived(
        '<p><a href="https://ads.example.com/click?id=7"><img src="/banner.png" alt="Book now"></a></p>'
        '<p><a href="https://steadyhq.com/harbour-news"><img src="/steady.png" alt="Support us"></a></p>'
        '<p><a href="/2024/04/new-lighthouse/"><img src="/thumb.jpg" alt="The new lighthouse"></a></p>')
    assert all(f"In its {n} summer" in md for n in ("first", "second", "third", "fourth"))
    assert "Book now" not in md and "Support us" not in md and "new lighthouse" not in md


def test_photos_after_the_body_stay():
    md = archived(
        '<p><a href="/media/wall-full.jpg"><img src="/media/wall.jpg" alt="The wall at dusk"></a></p>'
        '<p><a href="https://cdn.example.net/media/93/width/1200"><img '
        'src="https://cdn.example.net/media/93/width/600" alt="The masons at work"></a></p>'
        '<p><a href="/2024/05/harbour-wall/gallery/3/"><img src="/g3.jpg" alt="The north end"></a></p>')
    assert "The wall at dusk" in md and "The masons at work" in md and "The north end" in md


def test_a_linked_picture_inside_the_body_stays():
    html = (f"<html><body><article><h1>The harbour wall</h1>{PARAGRAPHS[0]}"
            '<p><a href="/2024/04/new-lighthouse/"><img src="/t.jpg" alt="The new lighthouse"></a></p>'
            + "".join(PARAGRAPHS[1:]) + "</article></body></html>")
    assert "The new lighthouse" in render_markdown(analyze_page(html, URL).blocks)


def test_what_leads_off_the_page():
    from pipelines.blocks import Block

    def picture(link, src="https://news.example.org/p.jpg"):
        return Block(text="", rich_text="", kind="image", tag="img", xpath="/html/body/img",
                     dom_index=0, href=src, link=link)

    assert leads_off_page(picture("https://news.example.org/2024/04/other/"), URL)
    assert leads_off_page(picture("https://twitter.com/share?url=x"), URL)
    assert not leads_off_page(picture("https://news.example.org/big/p.webp?w=2000"), URL)
    assert not leads_off_page(picture(URL), URL)           # a print button's fallback
    assert not leads_off_page(picture(None), URL)
    assert not leads_off_page(picture("http://[::1/banner"), URL)     # unreadable, no crash
    # on the site's own host, a picture address without a file type is still another page
    assert leads_off_page(picture("https://news.example.org/p/93", "https://news.example.org/p/93/s"), URL)


def test_a_reply_keeps_the_pictures_it_links():
    from pipelines.blocks import build_blocks
    from pipelines.content.selection import trim_article_tail

    html = ("<html><body><article>" + "".join(PARAGRAPHS)
            + '<p><a href="https://photos.example.com/album/12"><img src="/shot.png" alt="My dock"></a></p>'
            "</article></body></html>")
    blocks = build_blocks(html, URL)
    picture = next(i for i, b in enumerate(blocks) if b.kind == "image")
    for discussion, kept in ((True, True), (False, False)):
        keep = [True] * len(blocks)
        trim_article_tail(blocks, keep, page_url=URL, discussion=discussion)
        assert keep[picture] is kept
