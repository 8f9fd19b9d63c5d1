"""URL shape: the priors CMSs' URL conventions give (listing vs content)."""
import pytest

from pipelines.indexiness.url_shape import (is_catalog_url, is_home_url, is_product_url, is_taxonomy_url,
                                 is_people_url, is_term_archive_url, is_thread_url, slug_words, url_shape, without_tracking)


@pytest.mark.parametrize("url", [
    "https://x.org/tag/rust/", "https://x.org/tags/", "https://x.org/category/dev/page/2/",
    "https://x.org/blog/label/news", "https://x.org/tags/rust/index.html",
    "https://x.org/category/recipes/air-fryer/", "https://x.org/tags/ci/cd/",   # nested terms
    "https://news.example/section/technology", "https://news.example/sections/science/",
    "https://blog.example/tag/python.html", "https://blog.example/category/misc.html",  # Pelican
    "https://blog.example/tags.html", "https://blog.example/categories.html",   # ...its term lists
    "https://news.example/topic/software",
    # a wiki's category page and its page of every category (Namespace:Title)
    "https://wiki.example/wiki/Category:Physics", "https://wiki.example/index.php/Special:Categories",
])
def test_taxonomy_urls(url):
    assert is_taxonomy_url(url)


@pytest.mark.parametrize("url", [
    "https://x.org/category/dev/some-long-product-name", "https://x.org/2024/05/tagging-things/",
    "https://x.org/topics/camping/best-gps-watch", "https://forum.x.org/topic/18427/rc1-of-v4",
    "https://news.example/sections/health/2022/11/09/1135211525/anxiety-and-sleep",
    "https://x.org/", "https://x.org/about/",
    # a docs generator's page filed in a topics/ or sections/ folder
    "https://docs.example/topics/spiders.html", "https://docs.example/en/sections/intro.html",
    # a wiki's other namespaces, and an article whose title holds a colon
    "https://wiki.example/wiki/Help:Contents", "https://wiki.example/wiki/Star_Wars:_Andor",
])
def test_not_taxonomy_urls(url):
    assert not is_taxonomy_url(url)


def test_term_archives_are_tags_and_categories_not_topics():
    # what a post is filed under, which link_targets does not count as pages of a map
    assert is_term_archive_url("https://x.org/tag/rust/") and is_term_archive_url(
        "https://wiki.example/wiki/Category:Physics")
    # docs sites file documents under /topics/ (Sphinx's dirhtml): a docs root's map
    assert is_taxonomy_url("https://docs.example/topics/spiders/")
    assert not is_term_archive_url("https://docs.example/topics/spiders/")
    assert not is_term_archive_url("https://x.org/2024/05/tagging-things/")


@pytest.mark.parametrize("url,shape", [
    ("https://x.org/", "listing"),
    ("https://x.org/page/3/", "listing"),
    ("https://x.org/blog/?page=2", "listing"),
    ("https://x.org/questions/scope:all/tags:rust/page:2/", "listing"),   # CakePHP, Askbot
    ("https://x.org/2019/", "listing"),
    ("https://x.org/2019/03/", "listing"),
    ("https://x.org/archive/", "listing"),
    ("https://x.org/tags/rust/", "listing"),
    ("https://x.org/2019/03/a-post/", "content"),
    ("https://x.org/notes/how-to-rent-a-car/", "content"),
    ("https://x.org/about/", None),
    ("https://x.org/blog/archive/2022/1/", "listing"),      # a month under the blog's folders
    ("https://x.org/docs/intro", None),
    ("http://[bad", None),
    # a writer's archive, whatever their key: WordPress, Pelican, Docusaurus (page N too)
    ("https://x.org/author/jane-doe/", "listing"),
    ("https://x.org/author/jane-doe.html", "listing"),
    ("https://x.org/blog/authors/all-jane-doe-articles/", "listing"),
    ("https://x.org/blog/authors/all-jane-doe-articles/page/5/", "listing"),
    ("https://x.org/authors/jane-doe/how-i-rent-a-car/", "content"),    # a post filed under her
])
def test_url_shape(url, shape):
    assert url_shape(url) == shape


@pytest.mark.parametrize("url,words", [
    ("https://x.org/", 0), ("https://x.org/about/", 1),
    ("https://x.org/p/how-to-rent-a-car.html", 5), ("https://x.org/a_b+c", 3),
    # a folder's default page is the folder: the site's home has no title words
    ("https://x.org/index.html", 0), ("https://x.org/how-to-rent-a-car/index.html", 5),
    ("https://x.org/blog/authors/all-jane-doe-articles/", 0),    # a writer's key, no title
])
def test_slug_words(url, words):
    assert slug_words(url) == words


def test_home_url():
    assert is_home_url("https://x.org") and is_home_url("https://x.org/index.html")
    assert not is_home_url("https://x.org/?s=q") and not is_home_url("https://x.org/blog/")


@pytest.mark.parametrize("url,facts", [
    ("https://x.org/", ("listing", False, False, True, 0, False, False, False, False)),
    ("https://x.org/tag/rust/page/2/", ("listing", True, False, False, 1, False, False, False, False)),
    ("https://x.org/2019/05/a-long-post-title/", ("content", False, False, False, 4, False, False, False, False)),
    ("https://x.org/?s=q", (None, False, False, False, 0, False, False, False, False)),
    ("https://x.org/collections/mens-socks", (None, False, False, False, 2, True, False, False, False)),
    ("https://forum.x.org/t/which-bike/3275", (None, False, False, False, 1, False, True, False, False)),
    ("https://x.org/itm/365999454668", (None, False, False, False, 1, False, False, True, False)),
    ("http://[bad/", (None, False, False, False, 0, False, False, False, False)),   # urlsplit refuses it: all negative
    ("https://news.x.org/topic/software", ("listing", True, True, False, 1, False, False, False, False)),
    ("https://forum.x.org/user/ada/posts", (None, False, False, False, 1, False, False, False, True)),
])
def test_url_facts_one_split(url, facts):
    from pipelines.indexiness.url_shape import url_facts
    assert url_facts(url) == facts


@pytest.mark.parametrize("url,clean", [
    ("https://x.org/a?srsltid=AfmBO", "https://x.org/a"),
    ("https://x.org/a?utm_source=n&utm_medium=mail#top", "https://x.org/a#top"),
    ("https://x.org/a?page=2&fbclid=x", "https://x.org/a?page=2"),
    ("https://x.org/a?UTM_Campaign=x&q=shoes", "https://x.org/a?q=shoes"),
    ("https://x.org/a?q=shoes", "https://x.org/a?q=shoes"),
    ("https://x.org/a", "https://x.org/a"),
])
def test_tracking_parameters_are_no_query(url, clean):
    assert without_tracking(url) == clean


def test_tracking_parameters_leave_a_home_a_home():
    # a shop's home reached from a search result is still the site's home
    assert is_home_url("https://shop.example/?srsltid=AfmBOo")
    assert not is_home_url("https://shop.example/?q=socks&srsltid=AfmBOo")


@pytest.mark.parametrize("url", [
    "https://shop.example/collections/mens-socks",              # Shopify
    "https://shop.example/product-category/outdoor-gear/",      # WooCommerce
    "https://shop.example/c/furniture/living-room/",            # Salesforce / SAP
    "https://shop.example/en/cat/sofas-fu003/",
    "https://shop.example/browse/shoes/mens/sneakers",
    "https://shop.example/shop/",                                # the shop's front
    "https://shop.example/collections/lodge?srsltid=x",
])
def test_catalog_urls(url):
    assert is_catalog_url(url)


@pytest.mark.parametrize("url", [
    "https://shop.example/collections/socks/products/blue-sock",   # a product in a collection
    "https://shop.example/c/product/1082604-REG/nikon_d750.html",
    "https://shop.example/shop/p/white-speckle-mug",
    "https://shop.example/shop/womenswear/dress/iris-dress/",       # deeper than a front
    "https://x.org/collection/moseley-coffee",     # a museum's collection item, not a shop's
    "https://x.org/c",                             # nothing filed under it
    "https://x.org/",
])
def test_not_catalog_urls(url):
    assert not is_catalog_url(url)


@pytest.mark.parametrize("url,taxonomy", [
    ("https://forum.example/topic/3003956-2024-pros-cons-of-travel/", False),   # a record key
    ("https://forum.example/topic/188682-new-case/", False),
    ("https://x.org/discussions/topic/starting-projects-of-an-absolute-beginner/", False),
    ("https://x.org/category/mens-automatic-watches", True),   # three words: a term
])
def test_a_taxonomy_term_is_a_word_or_three_not_a_key_or_a_title(url, taxonomy):
    assert is_taxonomy_url(url) is taxonomy


@pytest.mark.parametrize("url", [
    "https://forum.example/t/whats-your-range/3275",                 # Discourse
    "https://forum.example/t/whats-your-range/3275/12",              # ...at a reply
    "https://forum.example/viewtopic.php?t=112320",                  # phpBB
    "https://forum.example/showthread.php?t=186269",                 # vBulletin
    "https://community.example/thread-222085.html",                  # MyBB
    "https://forums.example/threads/which-bike.123456/",             # XenForo
    "https://forums.example/threads/which-bike.123456/page-3",       # ...its third page
    "https://community.example/topic/18427/rc1-of-v4",               # NodeBB
    "https://community.example/topic/188682-new-case/",              # Invision Community
    "https://community.example/topic/188682-new-case/page/2/",       # ...its second page
    "https://forum.example/topic/41-release-0-37-0",                 # FlaskBB
    "https://lemmy.example/post/21018364",                           # Lemmy
    "https://www.reddit.com/r/python/comments/abc123/a_question/",   # Reddit
    "https://q.example/questions/123456/how-to-x",                   # Stack Exchange
    "https://ask.example/question/4077/how-to-x/",                   # Askbot
])
def test_thread_urls(url):
    assert is_thread_url(url)


@pytest.mark.parametrize("url", [
    "https://forum.example/c/support/5",                 # a Discourse category: a listing
    "https://forum.example/forumdisplay.php?f=12",       # a vBulletin board
    "https://forum.example/viewforum.php?f=3",           # a phpBB board
    "https://q.example/questions/tagged/python",
    "https://x.org/posts/", "https://x.org/t/",
    "https://news.example/topic/climate-change/",         # a news site's topic archive
])
def test_not_thread_urls(url):
    assert not is_thread_url(url)


@pytest.mark.parametrize("url", [
    "https://store.example/app/730/Counter-Strike_2/",             # Steam
    "https://shop.example/item/1005010537563439.html",              # AliExpress
    "https://shop.example/itm/365999454668",                        # eBay
    "https://shop.example/Wireless-Headphones/dp/B0D1PC8551",       # Amazon, ASIN
    "https://shop.example/dp/0735211299",                           # Amazon, ISBN
    "https://shop.example/ip/Ninja-Blender-System/562225800",       # Walmart
    "https://shop.example/listing/615442107/ceramic-mug",           # Etsy
    "https://shop.example/product/227955/trail-25-pack",            # a keyed product path
])
def test_product_urls(url):
    assert is_product_url(url)


@pytest.mark.parametrize("url", [
    "https://shop.example/products/mens-wool-runners",   # a handle: a product or a range
    "https://shop.example/products/air-purifiers/",
    "https://shop.example/collections/socks",
    "https://shop.example/items/",                        # a listing of items
    "https://shop.example/p/smartphone",                  # ten letters, no key
    "https://apps.example/app/dashboard",                 # a web app's screen
    "https://shop.example/products/",
])
def test_not_product_urls(url):
    assert not is_product_url(url)


@pytest.mark.parametrize("url", [
    "https://forum.example/user/ada",                                # NodeBB, FlaskBB
    "https://forum.example/user/ada/posts",                          # ...what she wrote
    "https://forum.example/u/ada/activity",                          # Discourse
    "https://forums.example/members/ada.123/",                       # XenForo
    "https://q.example/users/123/ada",                               # Stack Exchange
    "https://drupal.example/user/42",                                # Drupal
])
def test_people_urls(url):
    assert is_people_url(url)


@pytest.mark.parametrize("url", [
    "https://docs.example/en/latest/user/quickstart.html",   # a user guide's document
    "https://forum.example/users/",                          # the member list: a listing of its own
    "https://x.org/members/benefits/join-the-association-today",
    "https://uni.example/people/profiles/jane-doe",          # a staff bio: a document
    "https://club.example/members/jane-doe",
    "https://docs.example/users/guide",
    "https://x.org/blog/user-research",
])
def test_not_people_urls(url):
    assert not is_people_url(url)


def test_a_writers_archive_with_a_long_key_is_no_post_continued_over_pages():
    from pipelines.indexiness.url_shape import continues_content
    assert not continues_content("https://x.org/blog/authors/all-jane-doe-articles/page/2/")
    assert continues_content("https://x.org/2019/03/how-to-rent-a-car/2/")
