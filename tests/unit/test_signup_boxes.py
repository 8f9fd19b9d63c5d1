"""Sign-up boxes inside an article (pipelines/blocks/signup_boxes.py): the whole box goes,
its label, pitch and fine print with the form; other forms and what holds them stay."""
from pipelines.blocks.signup_boxes import is_signup_form, signup_boxes
from pipelines.content.markdown import render_markdown
from pipelines.htmlparse import parse_html
from pipelines.page import analyze_page

BODY = "".join(
    f"<p>Paragraph {i} of the report on the harbour wall, which the storm of March broke in "
    f"two places and which the town has now rebuilt with stone from the old quarry.</p>"
    for i in range(6))
SMS_FORM = ('<form><input type="tel" placeholder="Enter phone number">'
            '<input type="hidden" name="source" value="inline">'
            '<input name="website" type="text" style="position:absolute;left:-10000px">'
            '<button type="submit">Sign me up</button></form>')
BOX = (f'<section class="relative p-8 my-12"><div>Gazette Deals</div><div><div>Be the first '
       f'to know!</div><div>Get the best deals texted right to your phone!</div></div>{SMS_FORM}'
       f'<div>By signing up, you agree to receive recurring automated text messages. Reply '
       f'STOP to opt out.</div></section>')


def archived(article: str) -> str:
    page = (f"<html><head><title>The harbour wall is whole again</title></head><body><main>"
            f"<article><h1>The harbour wall is whole again</h1>{article}</article></main></body></html>")
    return render_markdown(analyze_page(page.encode(), "https://gazette.example/harbour-wall").blocks)


def test_a_signup_box_in_an_article_goes_whole_and_the_article_stays():
    half = len(BODY) // 2
    cut = BODY.index("<p>", half)
    md = archived(f"<div>{BODY[:cut]}{BOX}{BODY[cut:]}</div>")
    assert md.count("Paragraph ") == 6
    for furniture in ("Gazette Deals", "Be the first to know", "texted right to your phone",
                      "By signing up", "Sign me up"):
        assert furniture not in md


def test_forms_that_send_more_than_an_address_are_no_signup():
    comment = ('<form><input type="email" name="email"><textarea name="comment"></textarea>'
               '<button>Post</button></form>')
    login = '<form><input type="email"><input type="password"><button>Log in</button></form>'
    checkout = ('<form><input type="email"><input name="name"><input name="street">'
                '<input name="city"><button>Pay</button></form>')
    search = '<form><input type="search" name="q"><button>Search</button></form>'
    for html in (comment, login, checkout, search):
        form = parse_html(f"<html><body>{html}</body></html>").find(".//form")
        assert not is_signup_form(form), html
    newsletter = '<form><input name="name"><input type="email"><button>Subscribe</button></form>'
    assert is_signup_form(parse_html(f"<html><body>{newsletter}</body></html>").find(".//form"))


def test_the_box_stops_below_the_article_body_and_a_product_card():
    # a form right in the body: the body holds too many words to be the form's box
    root = parse_html(f"<html><body><article><div>{BODY}{SMS_FORM}</div></article></body></html>")
    assert [el.tag for el in signup_boxes(root)] == ["form"]
    # a shop's "notify me" form inside a product card: the card is the listing's
    card = ('<ul><li><h3><a href="/p/station">Nature Station</a></h3><p>$99</p><div>'
            f'<p>Enter your email to hear when it is back.</p>{SMS_FORM}</div></li></ul>')
    root = parse_html(f"<html><body>{card}</body></html>")
    assert [el.tag for el in signup_boxes(root)] == ["div"]
