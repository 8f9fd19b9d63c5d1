"""What a server writes afresh on every request does not make a page new
(crawler/frontier/volatile_markup.py), and what a reader sees always does."""
import secrets

import pytest

from crawler.frontier.revisits import document_digest
from crawler.frontier.volatile_markup import mask_volatile


def page(token: str, text: str = "Fitting a leg vise takes an afternoon.") -> bytes:
    """A CMS page as it is served: per-request tokens in a search form, a CSRF meta tag, a
    CSP nonce, a script's settings, a nonce in a link, a cache stamp, an obfuscated e-mail."""
    return f"""<!DOCTYPE html><html><head>
<meta name="csrf-token" content="{token}">
<script nonce="{token[:16]}">var wpApiSettings = {{"root":"/wp-json/","nonce":"{token[:10]}"}};
window.drupalSettings = {{'csrf_token': '{token}', "path": {{"baseUrl": "/"}}}};</script>
<style nonce='{token[:16]}'>p {{ margin: 0 }}</style></head><body>
<form action="/search"><input type="hidden" name="form_build_id" value="form-{token}">
<input type='hidden' name=csrfmiddlewaretoken value={token}><input name="q" value="vise"></form>
<main><h1>A leg vise</h1><p>{text}</p>
<p><a href="/notes/vise/?action=like&amp;_wpnonce={token[:10]}">Like</a>
<a href="/cdn-cgi/l/email-protection#{token}">Mail us</a>
<span class="__cf_email__" data-cfemail="{token}">[email protected]</span></p></main>
<!-- Page generated in 0.{secrets.randbelow(999)} seconds, cached {token} -->
</body></html>""".encode()


def test_per_request_tokens_leave_the_digest_alone():
    first, second = page(secrets.token_hex(16)), page(secrets.token_hex(16))
    assert first != second
    assert document_digest(first, masked=True) == document_digest(second, masked=True)
    assert document_digest(first, masked=False) != document_digest(second, masked=False)


def test_what_a_reader_sees_changes_the_digest():
    token = secrets.token_hex(16)
    assert document_digest(page(token), masked=True) != document_digest(
        page(token, "Fitting a leg vise takes a weekend."), masked=True)


@pytest.mark.parametrize("before, after", [
    # a visible input's value is the page's own (a prefilled search box)
    (b'<input name="q" value="vise">', b'<input name="q" value="plane">'),
    # a script's other values: the data a page may be drawn from
    (b'<script>var post = {"title": "Vise"};</script>', b'<script>var post = {"title": "Plane"};</script>'),
    # a link's own query
    (b'<a href="/notes/?page=2">next</a>', b'<a href="/notes/?page=3">next</a>'),
    # a meta tag that names no token
    (b'<meta name="description" content="A vise">', b'<meta name="description" content="A plane">'),
])
def test_other_attributes_and_scripts_still_count(before, after):
    assert mask_volatile(before) != mask_volatile(after)


def test_a_document_without_volatile_parts_is_untouched():
    body = b"<html><body><main><h1>A vise</h1><p>Text.</p></main></body></html>"
    assert mask_volatile(body) is body


def test_a_lone_comment_opener_does_not_mask_the_content_after_it():
    # a script's string holds "<!--"; the next "-->" closes a comment far below
    def page(text):
        return (b'<script>var open = "<!--";</script><main><p>' + text + b"</p>"
                + b"<p>" + b"More of the article. " * 300 + b"</p></main><!-- cached -->")
    assert mask_volatile(page(b"Version one.")) != mask_volatile(page(b"Version two."))


def test_an_unclosed_quote_after_a_token_word_masks_nothing():
    # a code sample in an article: csrf = " and no closing quote on its line
    def page(text):
        return b'<pre>csrf = "\n</pre><p>' + text + b'</p><p>"quoted" words</p>'
    assert mask_volatile(page(b"Version one.")) != mask_volatile(page(b"Version two."))
