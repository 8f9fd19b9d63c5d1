"""bench/sites/changelog_posts.py: labels.csv learns each post's day from the changelog."""
import csv
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench" / "sites"))

from changelog_posts import post_days, write_labels  # noqa: E402

CHANGELOG = """# Release notes

## 1.10.0 (October 24, 2026)

#### Added

- A thing.

## 1.9.2 (March 3rd, 2026)

#### Fixed

- Another.
"""


def test_leaves_named_by_a_posts_slug_get_its_day(tmp_path):
    site = tmp_path / "site"
    for page in ("index.html", "posts/release-1-10-0/index.html", "2026/release-1-9-2.html",
                 "tags/added/index.html", "about/index.html"):
        (site / page).parent.mkdir(parents=True, exist_ok=True)
        (site / page).write_text("<html></html>")

    def label(path):
        return ("leaf", "post") if "release-" in path else (
            ("leaf", "page") if path.startswith("about") else ("index", "listing"))

    write_labels(site, tmp_path, label, dates=post_days(CHANGELOG))
    rows = {r["path"]: r["date"] for r in csv.DictReader(open(tmp_path / "labels.csv"))}
    assert rows == {"2026/release-1-9-2.html": "2026-03-03", "about/index.html": "",
                    "index.html": "", "posts/release-1-10-0/index.html": "2026-10-24",
                    "tags/added/index.html": ""}
