"""bench/sites/label_docs_site.py: an MkDocs build's pages labelled from its sitemap."""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench" / "sites"))

from label_docs_site import mkdocs_pages  # noqa: E402

SITEMAP = """<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
<url><loc>https://example.org/docs/</loc></url>
<url><loc>https://example.org/docs/routing/</loc></url>
<url><loc>https://example.org/docs/gone/</loc></url>
</urlset>
"""


def test_root_document_is_neither_index_nor_leaf_and_documents_are_leaves(tmp_path):
    (tmp_path / "sitemap.xml").write_text(SITEMAP)
    (tmp_path / "index.html").write_text("<h1>Introduction</h1><p>What it is.</p>")
    (tmp_path / "routing").mkdir()
    (tmp_path / "routing" / "index.html").write_text("<h1>Routing</h1>")
    rows = {path: label for path, label, _ in mkdocs_pages(tmp_path)}
    # the root is its author's introduction: "other", not scored; a sitemap entry with no
    # file is no page
    assert rows == {"index.html": "other", "routing/index.html": "leaf"}
