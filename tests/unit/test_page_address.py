import pytest

from pipelines.page import analyze_page
from pipelines.indexiness.page_address import page_address


@pytest.mark.parametrize("url, address", [
    ("https://f.org/user/login/?next=/topic/5/", "https://f.org/user/login/"),
    ("https://f.org/user/login/?next=%2Ftopic%2F5%2F", "https://f.org/user/login/"),
    ("https://d.org/user/login?destination=/node/7&x=1", "https://d.org/user/login?x=1"),
    ("https://g.org/signin?return_to=https%3A%2F%2Fg.org%2Fa#top", "https://g.org/signin"),
    ("https://b.org/list?next=2", "https://b.org/list?next=2"),        # a page number stays
    ("https://b.org/list?page=2", "https://b.org/list?page=2"),
    ("https://b.org/a?from=home", "https://b.org/a?from=home"),        # no path, no way back
])
def test_a_return_address_is_no_part_of_the_page(url, address):
    assert page_address(url) == address


def test_every_pages_login_link_is_one_page_to_follow():
    html = ('<html><body><header><a href="/user/login/?next=/topic/5/release/">Log in</a></header>'
            '<main><h1>Topics</h1><ul>' + "".join(
                f'<li><h2><a href="/topic/{i}/release/">Release {i}</a></h2></li>' for i in range(6))
            + '</ul></main></body></html>')
    analysis = analyze_page(html, "https://f.org/")
    assert "https://f.org/user/login/" in analysis.follow_links
    assert not any("next=" in url for url in analysis.follow_links + analysis.page_links)
