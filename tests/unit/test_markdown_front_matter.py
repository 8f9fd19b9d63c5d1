"""The archive's front matter: its keys in order, and the score as a reader reads it."""
import yaml

from pipelines.content.markdown import front_matter_text


def test_the_score_is_rounded_and_the_keys_keep_their_order():
    text = front_matter_text({"verdict": "leaf", "url": "https://b.test/a/", "title": "A",
                              "score": -155.29999999999998, "author": None})
    assert text.startswith("---\n") and text.endswith("---\n")
    data = yaml.safe_load(text.strip("-\n"))
    assert data == {"url": "https://b.test/a/", "title": "A", "score": -155.3, "verdict": "leaf"}
    assert list(data) == ["url", "title", "score", "verdict"]
