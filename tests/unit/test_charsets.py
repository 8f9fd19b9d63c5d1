"""Which charset a body is read in (htmlparse.decode_body): a BOM, then the transport's
(HTTP Content-Type, which wins over the page's own, as in browsers), then <meta charset>,
then UTF-8; a body that declares nothing and is not UTF-8 is read as windows-1252."""
import pytest

from pipelines.htmlparse import HtmlInputError, decode_body
from pipelines.page import analyze_page

CAFE_1252 = "<html><head><title>Caf\xe9 cr\xe8me</title></head><body><h1>Caf\xe9 cr\xe8me \u2013 menu</h1></body></html>"


def test_the_transports_charset_reads_a_page_that_declares_none():
    body = CAFE_1252.encode("cp1252")
    assert "Café crème – menu" in decode_body(body, encoding="iso-8859-1")
    assert analyze_page(body, "https://x.org/menu/", encoding="windows-1252").title == "Café crème – menu"


def test_the_transports_charset_wins_over_the_pages_meta():
    # a CMS that converted its pages to UTF-8 and left the old <meta charset> in its theme
    body = ('<html><head><meta charset="iso-8859-1"></head><body><p>na\u00efve caf\u00e9</p>'
            '</body></html>').encode("utf-8")
    assert "naïve café" in decode_body(body, encoding="utf-8")
    # the meta alone would mislead, as it does a browser; but bytes that are valid UTF-8
    # with non-ASCII in them are UTF-8 after all
    assert "naïve café" in decode_body(body)


def test_a_page_that_declares_nothing_is_utf8_or_else_windows_1252():
    assert "Café crème – menu" in decode_body(CAFE_1252.encode("cp1252"))
    utf8 = ("<p>" + "na\u00efve caf\u00e9 " * 20 + "</p>").encode("utf-8")
    stray = utf8 + b"<p>one stray byte: \xe9</p>"    # a UTF-8 page with one Latin-1 byte pasted in
    text = decode_body(stray)
    assert text.count("naïve café") == 20 and text.count("\ufffd") == 1


def test_unknown_charsets_are_ignored_and_binary_bodies_still_refused():
    assert "Café" in decode_body("<p>Caf\xe9</p>".encode("utf-8"), encoding="no-such-charset")
    binary = bytes(range(1, 256)) * 16       # no NUL, not UTF-8, and control bytes no text has
    with pytest.raises(HtmlInputError, match="binary"):
        decode_body(binary)


def test_a_stray_nul_does_not_make_a_page_binary_but_random_bytes_are():
    paragraphs = "".join(f"<p>Paragraph {i} of the notes, in words enough to count.</p>"
                         for i in range(40))
    body = f"<html><body><h1>Notes</h1>{paragraphs}</body></html>".encode()
    stray = body[:300] + b"\x00" + body[300:]          # one NUL from a CMS field
    text = decode_body(stray)
    assert "\x00" not in text and text.count("Paragraph ") == 40
    assert analyze_page(stray, "https://x.org/notes/").title == "Notes"
    # random bytes hold a NUL in 256: a file, whatever its Content-Type said
    noise = bytes((i * 7919 + 13) % 256 for i in range(4096))
    with pytest.raises(HtmlInputError, match="binary body: NUL"):
        decode_body(noise)


def test_a_base_href_that_is_no_url_is_ignored_as_a_browser_ignores_it():
    from pipelines.indexiness.links import extract_links

    page = ('<html><head><base href="http://[broken"></head><body>'
            '<ul><li><a href="/a">A</a></li></ul></body></html>')
    assert [lk.url for lk in extract_links(page, "https://x.org/p/")] == ["https://x.org/a"]


def test_a_utf8_body_under_a_stale_declaration_is_read_as_utf8():
    from pipelines.htmlparse import decode_body

    text = "<html><head><meta charset=gb2312><title>新电脑已可利用记忆自学</title></head><body><p>新电脑</p></body></html>"
    # saved or served as UTF-8 under the template's old declaration: UTF-8 after all
    assert "新电脑已可利用记忆自学" in decode_body(text.encode("utf-8"))
    # the same page really in GB2312 is read as declared
    assert "新电脑已可利用记忆自学" in decode_body(text.encode("gb2312"))
    # a server's default ISO-8859-1 over a UTF-8 page, and over a real Latin-1 one
    page = "<html><body><p>Crème brûlée, déjà vu</p></body></html>"
    assert "Crème brûlée" in decode_body(page.encode("utf-8"), encoding="iso-8859-1")
    assert "Crème brûlée" in decode_body(page.encode("latin-1"), encoding="iso-8859-1")
