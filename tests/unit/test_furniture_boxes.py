"""Modal dialogs are furniture by their ARIA marks, whatever their classes say; a consent
platform's banner under its vendor's prefix is consent furniture by its class."""
from pipelines.blocks.furniture_boxes import DIALOG_WIDGET, is_modal_dialog
from pipelines.blocks.widgets import widget_for
from pipelines.htmlparse import parse_html
from pipelines.page import analyze_page

URL = "https://town-press.example/2023/11/01/dog-chases-off-burglars/"
REPORT = ("A dog woke its owner shortly before midnight on Tuesday and two figures ran from the "
          "garden towards the railway line, the police said in their report on Wednesday. ")
PRIVACY = ("We use technologies such as cookies to store and access device information, to improve "
           "the browsing experience and to show personalised or non-personalised advertising. ")


def page(dialog_attrs: str) -> str:
    # the consent platform's dialog is drawn inside the story's own markup, as themes that
    # print it from the post template do
    settings = "".join(f"<details><summary>Category {i}</summary><div>{PRIVACY}</div></details>"
                       for i in range(3))
    report = "".join(f"<p>{REPORT.replace('Tuesday', day)}</p>"
                     for day in ("Tuesday", "Friday", "Sunday", "Monday"))
    return f"""<html><head><title>Dog chases off burglars</title></head><body>
    <article><h1>Dog chases off burglars</h1><div class="cm-entry-summary">{report}
    <div class="cmplz-body" {dialog_attrs}><div class="cmplz-message">{PRIVACY}</div>{settings}</div>
    </div></article></body></html>"""


def test_a_modal_dialog_is_left_out_whatever_its_class():
    result = analyze_page(page('role="dialog" aria-modal="true"'), URL)
    text = "\n".join(b.text for b in result.blocks)
    assert "Dog chases off burglars" in text and text.count("A dog woke its owner") == 4
    assert "access device information" not in text and "Category 2" not in text
    # the same box, not marked modal, is the article's
    assert "access device information" in "\n".join(b.text for b in analyze_page(page(""), URL).blocks)


def test_only_a_modal_dialog_is_one():
    root = parse_html('<html><body><div role="dialog" aria-modal="true">a</div>'
                      '<div role="dialog">b</div><div aria-modal="true">c</div>'
                      '<div role="alertdialog" aria-modal="TRUE">d</div></body></html>')
    assert [el.text for el in root.iter("div") if is_modal_dialog(el)] == ["a", "d"]


def test_a_consent_banner_under_a_vendor_prefix_is_consent():
    for cls in ("cmplz-cookiebanner cmplz-hidden", "site-cookie-notice", "cookies-bar-wrap"):
        assert widget_for("div", cls, None) == "consent", cls
    assert widget_for("div", "cookie-recipe-card", None) is None    # a recipe site's cookie


def test_a_popup_is_a_dialog_by_its_class():
    # a plugin's "create a quiz" popup printed at the page's end, unmarked by ARIA
    for cls in ("zombify-create-popup", "popup_body", "promo-pop-up", "popup"):
        assert widget_for("div", cls, None) == DIALOG_WIDGET, cls
    assert widget_for("div", "popupmenu", None) is None     # not a popup: a word of its own
    html = f"""<html><head><title>Clown scares the country</title></head><body><article>
    <h1>Clown scares the country</h1>{''.join(f'<p>{REPORT.replace("Tuesday", d)}</p>'
                                            for d in ("Tuesday", "Friday", "Sunday"))}</article>
    <div class="zombify-create-popup"><div class="zf-head">Choose a format</div>
    {''.join(f'<div class="zf-item"><div>Personality quiz {i}</div><div>A series of questions '
             f'that intends to reveal something about the personality of the one answering</div>'
             f'</div>' for i in range(12))}</div></body></html>"""
    text = "\n".join(b.text for b in analyze_page(html, URL).blocks)
    assert text.count("A dog woke its owner") == 3 and "Personality quiz" not in text
