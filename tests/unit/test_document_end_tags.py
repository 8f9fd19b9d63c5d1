"""What a page holds after its </body> or </html> is the body's, as a browser reads it."""
import pytest
from lxml import etree

from pipelines.htmlparse import parse_html
from pipelines.page import analyze_page

STORY = "".join(f"<p>Paragraph {i} of the story, which a theme printed after its header had "
                f"closed the document, as browsers show it all the same.</p>" for i in range(8))


@pytest.mark.parametrize("closing", ["</body></html>", "</BODY>\n</HTML>\n", "</body>"])
def test_an_article_after_a_header_that_closed_the_document_is_read(closing):
    html = (f"<html><head><title>HR outsourcing</title></head><body><header><nav><ul>"
            f"<li><a href='/'>Home</a></li><li><a href='/blog/'>Blog</a></li></ul></nav></header>"
            f"{closing}<div class='post'><h1>Six kinds of HR outsourcing</h1>{STORY}</div>"
            f"<footer><p>© Escalon</p></footer></body></html>")
    root = parse_html(html)
    body = root.find("body")
    assert [el.tag for el in body] == ["header", "div", "footer"]      # in document order
    assert root.getnext() is None or len(root.getnext()) == 0
    texts = [b.text for b in analyze_page(html, "https://hr.example/blog/six-kinds/").blocks]
    assert "Paragraph 7 of the story" in "\n".join(texts)


def test_text_after_the_body_keeps_its_place_and_a_plain_page_is_untouched():
    root = parse_html("<html><body><p>one</p></body></html><div>two</div> three <p>four</p>")
    assert etree.tostring(root.find("body"), encoding="unicode") == \
        "<body><p>one</p><div>two</div> three <p>four</p></body>"
    plain = "<html><head><title>t</title></head><body><p>one</p></body></html>"
    assert etree.tostring(parse_html(plain), encoding="unicode") == \
        "<html><head><title>t</title></head><body><p>one</p></body></html>"
