"""The parts of a document that a server writes afresh on every request, masked, so that
a page is known unchanged by its bytes (crawler/frontier/revisits.py document_digest) even when its
server stamps each answer.

What is masked is what CMSs and CDNs vary per request while the page stays the same:
- comments: page-cache stamps, "generated in 0.12 seconds", debug notes;
- hidden inputs' values: per-request form tokens (Drupal's form_build_id in every page's
  search form, Django's csrfmiddlewaretoken, Rails' authenticity_token);
- the content of a <meta> named for a token (Rails' and Laravel's csrf-token);
- nonce attributes (a Content-Security-Policy nonce on every script and style);
- quoted values assigned to keys named for a nonce, token or csrf, as scripts write their
  settings (WordPress' wpApiSettings nonce, Drupal's csrf_token), and nonce query
  parameters (?_wpnonce=…);
- Cloudflare's e-mail obfuscation key, drawn anew for every response.
What a reader sees stays in the digest: the text, the links, the images. (A code sample
whose only edit is the quoted value of such a key would go unseen.)
"""
from __future__ import annotations

import re

# Markup is searched as it is written, in lower case (tags, nonce, cdn-cgi): every pattern
# starts with a literal the regex engine can skip to. A case-insensitive or class-led scan
# costs about a millisecond a pass on a 240 KB page (a script-by-script scan of one, 11 ms).
# A comment is short: a stamp, a note. The bound keeps a lone "<!--" (a string in a script)
# from reaching the next comment's end and masking the content between.
_COMMENT = re.compile(rb"<!--.{0,4096}?-->", re.S)
_ATTR_VALUE = rb"""\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+)"""
_INPUT = re.compile(rb"<input\b[^>]*>")
_HIDDEN = re.compile(rb"""\btype\s*=\s*["']?hidden\b""", re.I)
_VALUE = re.compile(rb"\bvalue" + _ATTR_VALUE, re.I)
_META = re.compile(rb"<meta\b[^>]*>")
_TOKEN_NAME = re.compile(rb"""\bname\s*=\s*["']?[^"'\s>]*(?:csrf|token|nonce)""", re.I)
_CONTENT = re.compile(rb"\bcontent" + _ATTR_VALUE, re.I)
_NONCE_ATTR = re.compile(rb"""nonce\s*=\s*(?:"[^"]*"|'[^']*')""")
# a nonce in a query (?_wpnonce=…, &nonce=…) or an unquoted attribute
_NONCE_BARE = re.compile(rb"""nonce=[^&"'\s<>]+""")
# after a key's word (csrf_token, wpApiSettings' "nonce", csrfToken): the rest of the key
# and the quoted value assigned to it, as scripts write settings
_KEY_WORDS = (b"nonce", b"token", b"csrf")     # found in the lower-cased document
# (a token is short and on one line: an unclosed quote after such a word masks nothing)
_KEY_VALUE = re.compile(rb"""[\w-]*["']?\s*[:=]\s*("[^"\n]{0,1024}"|'[^'\n]{0,1024}')""")
_CF_EMAIL_LINK = re.compile(rb"email-protection#[0-9a-fA-F]+")
_CF_EMAIL_DATA = re.compile(rb"""data-cfemail=(["'])[0-9a-fA-F]+""")
MASK = b"_"


def _hidden_input(m: re.Match) -> bytes:
    tag = m.group(0)
    return _VALUE.sub(b"value", tag) if _HIDDEN.search(tag) else tag


def _token_meta(m: re.Match) -> bytes:
    tag = m.group(0)
    return _CONTENT.sub(b"content", tag) if _TOKEN_NAME.search(tag) else tag


def _key_values(body: bytes) -> bytes:
    """body with the quoted values of its token keys masked (a script's settings, a data-
    attribute's JSON). The words are found by substring search in a lower-cased copy (csrfToken,
    X-CSRF-Token), whose offsets are body's."""
    low = body.lower()
    spans = set()
    for word in _KEY_WORDS:
        hit = low.find(word)
        while hit != -1:
            m = _KEY_VALUE.match(body, hit + len(word))
            if m:
                spans.add(m.span(1))
            hit = low.find(word, hit + len(word))
    if not spans:
        return body
    parts, done = [], 0
    for a, b in sorted(spans):
        if a >= done:
            parts += [body[done:a], MASK]
            done = b
    return b"".join(parts) + body[done:]


def mask_volatile(body: bytes) -> bytes:
    """body with its per-request parts masked (see the module's docstring). Each pass runs
    only when the document holds what it looks for."""
    if b"<!--" in body:
        body = _COMMENT.sub(b"", body)
    body = _key_values(body)
    if b"<input" in body:
        body = _INPUT.sub(_hidden_input, body)
    if b"<meta" in body:
        body = _META.sub(_token_meta, body)
    if b"nonce" in body:
        body = _NONCE_BARE.sub(b"nonce=" + MASK, _NONCE_ATTR.sub(b"nonce", body))
    if b"email-protection#" in body:
        body = _CF_EMAIL_LINK.sub(b"email-protection#" + MASK, body)
    if b"data-cfemail" in body:
        body = _CF_EMAIL_DATA.sub(rb"data-cfemail=\1" + MASK, body)
    return body
