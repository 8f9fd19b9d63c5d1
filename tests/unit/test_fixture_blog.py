"""The fixture blog generator writes the site its `expected` metadata describes."""

import base64
import csv
import json
import re
from collections import Counter
from urllib.parse import urljoin, urlsplit

import lxml.html
import pytest

from tests.fixtures.make_blog import PER_PAGE, make_blog, write_labels_csv


@pytest.fixture(scope="module")
def blog(tmp_path_factory):
    root = tmp_path_factory.mktemp("blog")
    return make_blog(root)


def page_file(blog, path):
    return blog.root / path.strip("/") / "index.html"


def parse(blog, path):
    return lxml.html.fromstring(page_file(blog, path).read_text(encoding="utf-8"))


def internal_links(doc, path, xpath="//a/@href"):
    """Root-relative paths of same-site links, in document order."""
    out = []
    for href in doc.xpath(xpath):
        parts = urlsplit(urljoin("http://blog.test" + path, href))
        if parts.netloc == "blog.test":
            out.append(parts.path)
    return out


def test_page_counts_and_labels(blog):
    assert len(blog.pages) >= 30
    assert len(blog.posts) >= 22
    assert len(set(blog.posts)) == len(blog.posts)
    assert all(p.startswith("/posts/") and p.endswith("/") for p in blog.posts)
    assert sorted(blog.index_pages + blog.leaf_pages) == blog.pages
    assert sorted(blog.leaf_pages) == sorted(blog.posts + [blog.about])
    assert blog.pagination and blog.home_pages == ["/"] + blog.pagination
    assert set(blog.home_pages + blog.tags + blog.categories + blog.term_pagination
               + blog.overviews) == set(blog.index_pages)
    assert blog.js_post in blog.posts
    assert blog["posts"] is blog.posts  # dict-style access works too
    for path in blog.pages:
        assert page_file(blog, path).is_file(), path
    for asset in blog.assets:
        assert (blog.root / asset.lstrip("/")).is_file(), asset
    hows = Counter(how for _, how in blog.labels.values())
    assert hows["home pagination"] == len(blog.pagination)
    assert hows["tag term"] == len(blog.tags) and hows["category term"] == len(blog.categories)
    # The hard case for the seed formula: tag pages listing a single dated teaser.
    assert sum(len(blog.listed[t]) == 1 for t in blog.tags) >= 2


def test_every_post_is_reachable_through_the_home_pagination_chain(blog):
    seen_pages, found_posts, path = [], [], "/"
    while path is not None:
        assert path not in seen_pages, "pagination loops"
        seen_pages.append(path)
        doc = parse(blog, path)
        teasers = doc.xpath("//main//article[contains(@class,'post-teaser')]")
        assert 0 < len(teasers) <= PER_PAGE
        for t in teasers:
            (href,) = t.xpath(".//h2/a/@href")
            assert t.xpath(".//time/@datetime") and t.xpath(".//p[normalize-space()]")
            found_posts.append(href)
        nxt = internal_links(doc, path, "//nav[contains(@class,'pagination')]//a[@rel='next']/@href")
        path = nxt[0] if nxt else None
    assert seen_pages == blog.home_pages
    assert found_posts == blog.posts  # newest first, each exactly once


def test_listings_show_exactly_the_posts_expected(blog):
    for path in blog.index_pages:
        doc = parse(blog, path)
        shown = internal_links(doc, path, "//article[contains(@class,'post-teaser')]//h2/a/@href")
        assert shown == blog.listed.get(path, []), path
    for post, tags in blog.post_tags.items():
        for tag in tags:
            first_and_rest = [p for p in blog.listed if p.startswith(tag)]
            assert any(post in blog.listed[p] for p in first_and_rest), (post, tag)
    overview = parse(blog, "/tags/")
    assert set(internal_links(overview, "/tags/", "//main//a/@href")) == set(blog.tags)


def test_post_pages_have_theme_and_article_structure(blog):
    features = Counter()
    for path in blog.posts:
        doc = parse(blog, path)
        for region in ("header", "nav", "main", "aside", "footer"):
            assert doc.xpath(f"//{region}"), (path, region)
        (article,) = doc.xpath("//main/article")
        assert article.xpath(".//h1")[0].text_content().strip() == blog.titles[path]
        assert article.xpath(".//time/@datetime")[0] == blog.dates[path]
        tag_links = internal_links(article, path, ".//*[contains(@class,'post-tags')]//a/@href")
        assert tag_links == blog.post_tags[path]
        recent = internal_links(doc, path, "//aside//a/@href")
        assert set(recent[:5]) == set(blog.posts[:5])
        if path == blog.js_post:
            continue
        assert len(article.xpath(".//div[@id='post-body']/p")) >= 3
        features.update(blog.features[path])
        if "code" in blog.features[path]:
            assert article.xpath(".//pre/code[starts-with(@class,'language-')]")
        if "table" in blog.features[path]:
            assert article.xpath(".//table//th") and article.xpath(".//table//td")
        if "image" in blog.features[path]:
            (src,) = article.xpath(".//figure/img/@src")
            assert (blog.root / src.lstrip("/")).is_file()
        if "quote" in blog.features[path]:
            assert article.xpath(".//blockquote")
    for feature in ("list", "ordered-list", "table", "code", "image", "quote"):
        assert features[feature] >= 3, feature
    python_code = [p for p in blog.posts
                   if parse(blog, p).xpath("//pre/code[@class='language-python']")]
    assert len(python_code) >= 3


def test_about_page_is_standalone_without_a_date(blog):
    doc = parse(blog, blog.about)
    assert doc.xpath("//main/article/h1")[0].text_content() == "About"
    assert not doc.xpath("//time")
    assert len(doc.xpath("//main/article/p")) >= 3


def test_js_post_marker_exists_only_after_the_script_runs(blog):
    raw = page_file(blog, blog.js_post).read_text(encoding="utf-8")
    assert blog.js_marker not in raw
    for f in blog.root.rglob("*"):
        if f.is_file():
            assert blog.js_marker not in f.read_text(encoding="utf-8"), f
    doc = lxml.html.fromstring(raw)
    assert not doc.xpath("//div[@id='post-body']/p[not(contains(@class,'loading'))]")
    (script,) = [s for s in doc.xpath("//script/text()") if "addEventListener('load'" in s]
    assert "setTimeout" in script
    payload = re.search(r"atob\('([A-Za-z0-9+/=]+)'\)", script).group(1)
    injected = json.loads(base64.b64decode(payload).decode("utf-8"))
    assert blog.js_marker in injected
    assert len(lxml.html.fragment_fromstring(injected, create_parent="div").xpath("./p")) >= 3


def test_no_broken_internal_links(blog):
    targets = set(blog.pages) | set(blog.assets)
    for path in blog.pages:
        doc = parse(blog, path)
        for link in internal_links(doc, path, "//a/@href | //img/@src | //link/@href"):
            assert link in targets, (path, link)


def test_paragraphs_are_unique_across_posts(blog):
    # Cross-page dedup must not be able to drop a post's own text as boilerplate.
    seen = Counter()
    for path in blog.posts:
        if path != blog.js_post:
            seen.update(p.text_content() for p in parse(blog, path).xpath("//main/article//p"))
    repeated = [text for text, n in seen.items() if n > 1 and not text.startswith("Tags:")]
    assert repeated == []


def test_generation_is_deterministic(tmp_path):
    a, b = make_blog(tmp_path / "a"), make_blog(tmp_path / "b")
    files_a = sorted(f.relative_to(a.root) for f in a.root.rglob("*") if f.is_file())
    files_b = sorted(f.relative_to(b.root) for f in b.root.rglob("*") if f.is_file())
    assert files_a == files_b
    for rel in files_a:
        assert (a.root / rel).read_bytes() == (b.root / rel).read_bytes()


def test_labels_csv_matches_the_corpus_format(blog, tmp_path):
    out = tmp_path / "labels.csv"
    write_labels_csv(blog, out)
    rows = list(csv.DictReader(out.open(encoding="utf-8")))
    assert {r["path"] for r in rows} >= {"index.html", "about/index.html", "page/2/index.html"}
    assert all((blog.root / r["path"]).is_file() for r in rows)
    assert Counter(r["label"] for r in rows) == Counter(
        {"leaf": len(blog.leaf_pages), "index": len(blog.index_pages)})
