"""Text encoded in UTF-8 twice is read as its writer typed it, where the page shows it."""
from pipelines.double_encoding import undo_double_encoding
from pipelines.page import analyze_page


def twice(text: str) -> str:
    return text.encode("utf-8").decode("latin-1")


def test_a_twice_encoded_page_reads_as_written():
    text = "Now let’s take a peek – it’s “great”, and the café is open"
    assert undo_double_encoding(twice(text)) == text


def test_latin_1_text_that_looks_twice_encoded_stays():
    # no C1 control, no evidence: "Ã©" here is what the page says
    assert undo_double_encoding("Ã© and Â° in a table of glyphs") == "Ã© and Â° in a table of glyphs"
    # one stray run is not yet a pattern
    one = twice("it’s") + " Ã©"
    assert undo_double_encoding(one) == one


def test_a_run_that_is_no_characters_bytes_stays():
    broken = twice("it’s “so”") + " \xc3\x80\x80"      # a lead byte with too many continuations
    assert undo_double_encoding(broken).startswith("it’s “so”")


def test_the_archive_holds_the_repaired_text():
    body = "".join(f"<p>{twice(f'Here’s part {i} of the story — it’s the café’s best year.')}</p>"
                   for i in range(6))
    html = f"<html><head><meta charset='utf-8'><title>Café</title></head><body><article>" \
           f"<h1>The café</h1>{body}</article></body></html>"
    page = analyze_page(html.encode("utf-8"), "https://cafe.example/2024/best-year/")
    text = "\n".join(b.text for b in page.blocks)
    assert "Here’s part 3 of the story — it’s the café’s best year." in text
    assert "â" not in text
