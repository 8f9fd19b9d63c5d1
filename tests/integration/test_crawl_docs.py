"""Crawl a small docs site end to end (plain mode, real Redis and RQ worker, served on
127.0.0.1): a section's introduction is a leaf, and the pages of its section, linked from
it alone, are still reached through it; its links elsewhere are not followed."""

from __future__ import annotations

import pytest

from tests.integration.test_crawl_blog import crawl
from tests.support.cli import archived_files
from tests.support.http_server import serve_directory, write_page

pytestmark = pytest.mark.integration

SECTION_PAGES = ("installing", "configuring", "upgrading")


def _doc(title: str, body: str) -> str:
    return (f"<html><head><title>{title}</title></head><body>"
            f'<nav><a href="/">Docs home</a></nav><main><h1>{title}</h1>{body}</main></body></html>')


def _prose(topic: str, n: int = 40) -> str:
    return "<p>" + f"How {topic} works, step by step, with the reasons for each step. " * n + "</p>"


def make_docs(root) -> None:
    write_page(root, _doc("Project docs", '<ul><li><a href="/guide/">The guide</a></li>'
                                      '<li><a href="/reference/">Reference</a></li></ul>'))
    toc = "".join(f'<li><a href="/guide/{p}/">{p.title()}</a></li>' for p in SECTION_PAGES)
    write_page(root / "guide", _doc("The guide", _prose("the guide") + f"<ul>{toc}</ul>"
                                + '<p>Old notes live in <a href="/notes/">the notes</a>.</p>'))
    for p in SECTION_PAGES:
        write_page(root / "guide" / p, _doc(p.title(), _prose(p)))
    write_page(root / "reference", _doc("Reference", _prose("the reference")))
    write_page(root / "notes", _doc("Notes", _prose("note-taking")))


def test_a_leaf_sections_pages_are_reached_through_it(tmp_path, redis_ns):
    site = tmp_path / "site"
    make_docs(site)
    with serve_directory(site) as base_url:
        summary, _ = crawl(base_url, tmp_path, redis_ns, "never")
    archived = set(archived_files(tmp_path / "archive"))
    expected = {"/guide/", "/reference/"} | {f"/guide/{p}/" for p in SECTION_PAGES}
    assert archived == {base_url + path for path in expected}
    # the home and the archived pages: /notes/ is the guide's link elsewhere, not its page
    assert summary["pages_fetched"] == 1 + len(expected)


SIDEBAR_DOCS = ("intro", "install", "configure", "deploy")


def _sidebar_doc(name: str) -> str:
    items = "".join(f'<li><a href="/docs/{d}"{" aria-current=page" if d == name else ""}>'
                    f'{d.title()}</a></li>' for d in SIDEBAR_DOCS)
    return _doc(name.title(), f'<aside><nav aria-label="Docs"><ul>{items}</ul></nav></aside>'
                + _prose(name) + '<aside class="related"><a href="/blog/old-post">An old post</a></aside>')


def test_docs_reached_only_through_their_sidebar_are_archived(tmp_path, redis_ns):
    # Docusaurus' shape: the home links to the first doc alone; every doc's sidebar lists
    # them all, the current one marked; a related box on each doc lists none of them
    site = tmp_path / "site"
    write_page(site, _doc("Project", '<p><a href="/docs/intro">Get started</a></p>'))
    for name in SIDEBAR_DOCS:
        write_page(site / "docs" / name, _sidebar_doc(name))
    write_page(site / "blog" / "old-post", _doc("Old post", _prose("an old post")))
    with serve_directory(site) as base_url:
        summary, _ = crawl(base_url, tmp_path, redis_ns, "never")
    expected = {f"{base_url}/docs/{name}/" for name in SIDEBAR_DOCS}
    assert {u.rstrip("/") + "/" for u in archived_files(tmp_path / "archive")} == expected
    # the home and the docs: the related box's post was never fetched
    assert summary["pages_fetched"] == 1 + len(SIDEBAR_DOCS)
