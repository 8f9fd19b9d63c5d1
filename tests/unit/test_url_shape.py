"""URL shape: the priors CMSs' URL conventions give (listing vs content)."""
import pytest

from pipelines.url_shape import is_home_url, is_taxonomy_url, slug_words, url_shape


@pytest.mark.parametrize("url", [
    "https://x.org/tag/rust/", "https://x.org/tags/", "https://x.org/category/dev/page/2/",
    "https://x.org/blog/label/news", "https://x.org/tags/rust/index.html",
])
def test_taxonomy_urls(url):
    assert is_taxonomy_url(url)


@pytest.mark.parametrize("url", [
    "https://x.org/category/dev/some-product", "https://x.org/2024/05/tagging-things/",
    "https://x.org/", "https://x.org/about/",
])
def test_not_taxonomy_urls(url):
    assert not is_taxonomy_url(url)


@pytest.mark.parametrize("url,shape", [
    ("https://x.org/", "listing"),
    ("https://x.org/page/3/", "listing"),
    ("https://x.org/blog/?page=2", "listing"),
    ("https://x.org/2019/", "listing"),
    ("https://x.org/2019/03/", "listing"),
    ("https://x.org/archive/", "listing"),
    ("https://x.org/tags/rust/", "listing"),
    ("https://x.org/2019/03/a-post/", "content"),
    ("https://x.org/notes/how-to-rent-a-car/", "content"),
    ("https://x.org/about/", None),
    ("https://x.org/docs/intro", None),
    ("http://[bad", None),
])
def test_url_shape(url, shape):
    assert url_shape(url) == shape


@pytest.mark.parametrize("url,words", [
    ("https://x.org/", 0), ("https://x.org/about/", 1),
    ("https://x.org/p/how-to-rent-a-car.html", 5), ("https://x.org/a_b+c", 3),
])
def test_slug_words(url, words):
    assert slug_words(url) == words


def test_home_url():
    assert is_home_url("https://x.org") and is_home_url("https://x.org/index.html")
    assert not is_home_url("https://x.org/?s=q") and not is_home_url("https://x.org/blog/")


@pytest.mark.parametrize("url,facts", [
    ("https://x.org/", ("listing", False, True, 0)),
    ("https://x.org/tag/rust/page/2/", ("listing", True, False, 1)),
    ("https://x.org/2019/05/a-long-post-title/", ("content", False, False, 4)),
    ("https://x.org/?s=q", (None, False, False, 0)),
    ("http://[bad/", (None, False, False, 0)),     # urlsplit refuses it: every fact negative
])
def test_url_facts_one_split(url, facts):
    from pipelines.url_shape import url_facts
    assert url_facts(url) == facts
