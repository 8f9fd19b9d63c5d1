"""bench/eval_extraction.py's reading of a Readability test page's expected text."""
from bench.eval_extraction import readability_truth, tokens

EXPECTED = ('<div id="readability-page-1" class="page"><h2>Café</h2><p>It’s “here”: '
            '出国前后关注点大不同</p><ul><li>one</li><li>two</li></ul></div>')


def test_the_expected_html_is_the_truth_when_the_txt_is_mojibake(tmp_path):
    truth_txt = tmp_path / "page.txt"
    # UTF-8 read as Latin-1 and written again, as in 83 of the corpus copy's .txt files
    truth_txt.write_text("Café It’s “here”".encode("utf-8").decode("latin-1"), encoding="utf-8")
    (tmp_path / "page.html").write_text(EXPECTED, encoding="utf-8")
    assert tokens(readability_truth(truth_txt)) == [
        "café", "it", "s", "here", "出国前后关注点大不同", "one", "two"]


def test_without_an_expected_html_the_txt_is_the_truth(tmp_path):
    truth_txt = tmp_path / "page.txt"
    truth_txt.write_text("Just the text.", encoding="utf-8")
    assert readability_truth(truth_txt) == "Just the text."
