"""Redirect stubs: a meta refresh at once, or a small page whose script sets location."""
from __future__ import annotations

from pipelines.content.redirect_stub import stub_target

URL = "https://blog.example.org/old-post/"


def test_a_meta_refresh_names_its_target():
    assert stub_target('<html><head><meta http-equiv="refresh" content="0; url=/new-post/">'
                       '</head><body>Moved.</body></html>', URL) == "https://blog.example.org/new-post/"
    assert stub_target(b"<meta http-equiv=Refresh content='1;URL=https://other.org/x'>", URL) == \
        "https://other.org/x"
    # a page that reloads itself after a while, or refreshes without moving, is a page
    assert stub_target('<meta http-equiv="refresh" content="300">', URL) is None
    assert stub_target('<meta http-equiv="refresh" content="600; url=/news/">', URL) is None
    assert stub_target(f'<meta http-equiv="refresh" content="0; url={URL}">', URL) is None


def test_a_small_page_whose_script_moves_on():
    assert stub_target('<script>window.location.replace("https://new.example.org/")</script>',
                       URL) == "https://new.example.org/"
    assert stub_target("<script>location.href = '/elsewhere/';</script><p>Moving.</p>", URL) == \
        "https://blog.example.org/elsewhere/"
    # in a page of its own, a script that navigates later is no stub
    big = "<p>" + "Words of a real page. " * 400 + "</p><script>location.href='/x/'</script>"
    assert stub_target(big, URL) is None
    assert stub_target(big.encode(), URL) is None
