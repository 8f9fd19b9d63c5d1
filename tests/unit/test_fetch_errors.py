"""Why a fetch failed, in words, the same in both render modes."""
from __future__ import annotations

from playwright.async_api import Error as PlaywrightError
from playwright.async_api import TimeoutError as PlaywrightTimeout
from twisted.internet.error import ConnectionRefusedError
from twisted.web._newclient import ResponseNeverReceived

from scrapy.exceptions import (CannotResolveHostError, DownloadConnectionRefusedError,
                               DownloadTimeoutError)

from crawler.fetch_errors import describe_fetch_error

URL = "https://blgo.example/"


def goto_error(code: str) -> PlaywrightError:
    return PlaywrightError(f"Page.goto: net::{code} at {URL}\nCall log:\n  - navigating to \"{URL}\"")


def test_chromium_net_errors_read_as_the_plain_crawls_do():
    assert describe_fetch_error(goto_error("ERR_NAME_NOT_RESOLVED")) == \
        "DNS lookup failed (net::ERR_NAME_NOT_RESOLVED)"
    assert describe_fetch_error(goto_error("ERR_CONNECTION_REFUSED")).startswith("connection refused")
    assert describe_fetch_error(ConnectionRefusedError("111: Connection refused")) == "connection refused"
    assert describe_fetch_error(goto_error("ERR_EMPTY_RESPONSE")).startswith(
        "connection closed without a response")
    assert describe_fetch_error(ResponseNeverReceived([])) == "connection closed without a response"
    # Scrapy 2.19's own, from its download handlers
    assert describe_fetch_error(DownloadConnectionRefusedError("Connection was refused")) == \
        "connection refused"
    assert describe_fetch_error(CannotResolveHostError("blgo.example")) == "DNS lookup failed"
    assert describe_fetch_error(DownloadTimeoutError("took longer than 180 s")) == "timed out"


def test_certificates_timeouts_and_unknown_codes():
    assert describe_fetch_error(goto_error("ERR_CERT_AUTHORITY_INVALID")) == \
        "TLS certificate not trusted (net::ERR_CERT_AUTHORITY_INVALID)"
    assert describe_fetch_error(PlaywrightTimeout("Page.goto: Timeout 30000ms exceeded.\nCall log:")) == \
        "timed out (the browser waited 30 s)"
    assert describe_fetch_error(goto_error("ERR_BLOCKED_BY_CLIENT")) == "browser: net::ERR_BLOCKED_BY_CLIENT"
    assert describe_fetch_error(ValueError("odd\nmore")) == "ValueError: odd"
    assert describe_fetch_error(ValueError()) == "ValueError: no message"


def test_bodies_too_large_and_redirect_chains_are_named():
    from scrapy.exceptions import IgnoreRequest

    from crawler.fetch_errors import describe_redirect_chain

    bomb = IgnoreRequest("Ignored response <200 http://h/bomb/> because its body (1043674 B "
                         "compressed, 21037056 B decompressed so far) exceeded DOWNLOAD_MAXSIZE "
                         "(20971520 B) during decompression.")
    assert describe_fetch_error(bomb) == \
        "body too large once decompressed: over 20971520 bytes (DOWNLOAD_MAXSIZE)"
    assert describe_redirect_chain(["/a", "/b", "/c", "/b"]) == "redirect loop: back to /b after 2 redirects"
    assert describe_redirect_chain(["/1", "/2", "/3"]) == \
        "too many redirects (2, the last to /3; REDIRECT_MAX_TIMES)"
