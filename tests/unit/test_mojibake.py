"""A rendered page whose UTF-8 Chromium decoded in the single-byte charset it declared."""
from pipelines.content.mojibake import repair_mojibake

UTF8_TEXT = "<p>Café — naïve “quotes” 新电脑 Łódź</p>"


def as_chromium_reads(text: str, codec: str = "cp1252") -> str:
    """text's UTF-8 bytes decoded as a browser does in `codec` (WHATWG's windows-1252 keeps
    the five bytes cp1252 leaves undefined as C1 controls), no-break spaces as &nbsp;."""
    out = []
    for byte in text.encode("utf-8"):
        try:
            out.append(bytes([byte]).decode(codec))
        except UnicodeDecodeError:
            out.append(chr(byte))
    return "".join(out).replace("\u00a0", "&nbsp;")


def test_utf8_read_as_windows_1252_is_read_back():
    seen = as_chromium_reads(UTF8_TEXT)
    assert "CafÃ©" in seen
    assert repair_mojibake(seen, "windows-1252") == UTF8_TEXT


def test_bytes_windows_1252_leaves_undefined_and_no_break_spaces_come_back():
    text = "<p>Ý\u00a0 and 퐀 (UTF-8 9D and 90 bytes)</p>"     # Ý is C3 9D, 퐀 is ED 90 80
    assert repair_mojibake(as_chromium_reads(text), "windows-1252") == text


def test_other_single_byte_charsets():
    for charset, codec in (("iso-8859-2", "iso8859_2"), ("windows-1251", "cp1251")):
        assert repair_mojibake(as_chromium_reads(UTF8_TEXT, codec), charset) == UTF8_TEXT


def test_script_drawn_text_decoded_right_beside_mojibake():
    seen = as_chromium_reads("<p>Café</p>") + "<p>Drawn by script: déjà vu</p>"
    assert repair_mojibake(seen, "windows-1252") == "<p>Café</p><p>Drawn by script: déjà vu</p>"


def test_a_page_that_is_what_it_says_is_untouched():
    assert repair_mojibake("<p>Café, naïve, déjà vu, Ã bientôt</p>", "windows-1252") is None
    assert repair_mojibake("<p>plain ASCII</p>", "windows-1252") is None
    # UTF-8 pages, and multi-byte charsets whose decoding cannot be undone
    assert repair_mojibake(as_chromium_reads(UTF8_TEXT), "UTF-8") is None
    assert repair_mojibake("鏂扮數鑴戝凡", "GBK") is None
