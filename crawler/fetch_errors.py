"""A failed fetch in words a user reads, the same in both render modes.

A browser crawl's failures came through as Playwright's text ("Error: Page.goto:
net::ERR_NAME_NOT_RESOLVED at https://blgo.example/"), a plain crawl's as Twisted's class
names ("ConnectionRefusedError: Connection was refused by other side: 111: ..."): a mistyped
host read two ways, neither of them plainly. Chromium's own code stays in parentheses, to
search for.
"""

from __future__ import annotations

import re

# Chromium's net error -> what happened. Codes not here keep Chromium's wording.
CHROMIUM_ERRORS = {
    "ERR_NAME_NOT_RESOLVED": "DNS lookup failed",
    "ERR_NAME_RESOLUTION_FAILED": "DNS lookup failed",
    "ERR_CONNECTION_REFUSED": "connection refused",
    "ERR_CONNECTION_RESET": "connection reset",
    "ERR_CONNECTION_CLOSED": "connection closed without a response",
    "ERR_EMPTY_RESPONSE": "connection closed without a response",
    "ERR_CONNECTION_TIMED_OUT": "timed out",
    "ERR_TIMED_OUT": "timed out",
    "ERR_ADDRESS_UNREACHABLE": "host unreachable",
    "ERR_INTERNET_DISCONNECTED": "no network",
    "ERR_TOO_MANY_REDIRECTS": "too many redirects",
    # a 4xx/5xx answer without a body: Chromium shows no page for it
    "ERR_HTTP_RESPONSE_CODE_FAILURE": "HTTP error status with an empty page",
    "ERR_INVALID_RESPONSE": "not a valid HTTP response",
    "ERR_SSL_PROTOCOL_ERROR": "TLS handshake failed",
}
_NET_ERROR = re.compile(r"net::(ERR_[A-Z0-9_]+)")
_BROWSER_TIMEOUT = re.compile(r"Timeout (\d+)ms exceeded")
_MAX_SIZE = re.compile(r"download max size \((\d+)\)")
# Scrapy's HttpCompressionMiddleware on a body that inflates past the limit (a gzip bomb)
_INFLATED_MAX_SIZE = re.compile(r"exceeded DOWNLOAD_MAXSIZE \((\d+) B\) during decompression")

# Twisted's and Scrapy's exception class names -> what happened (Scrapy 2.19's download
# handlers raise their own: DownloadConnectionRefusedError, CannotResolveHostError…)
EXCEPTIONS = {
    "ConnectionRefusedError": "connection refused",
    "DownloadConnectionRefusedError": "connection refused",
    "CannotResolveHostError": "DNS lookup failed",
    "DNSLookupError": "DNS lookup failed",
    "DownloadTimeoutError": "timed out",
    "TimeoutError": "timed out",
    "TCPTimedOutError": "timed out",
    "ResponseDataLossError": "connection closed mid-response",
    "UnsupportedURLSchemeError": "unsupported URL scheme",
    "ConnectionLost": "connection closed without a response",
    "ResponseNeverReceived": "connection closed without a response",
    "ConnectionDone": "connection closed without a response",
    "ResponseFailed": "connection closed mid-response",
    "NoRouteError": "host unreachable",
    "SSLError": "TLS handshake failed",
}


def describe_fetch_error(exc: BaseException) -> str:
    """One line saying why a fetch failed."""
    message = (str(exc) or "").strip()
    first = message.splitlines()[0] if message else ""
    net = _NET_ERROR.search(message)
    if net:
        code = net.group(1)
        if code.startswith("ERR_CERT_"):
            return f"TLS certificate not trusted (net::{code})"
        what = CHROMIUM_ERRORS.get(code)
        return f"{what} (net::{code})" if what else f"browser: net::{code}"
    timeout = _BROWSER_TIMEOUT.search(first)
    if timeout:
        return f"timed out (the browser waited {int(timeout.group(1)) / 1000:g} s)"
    name = type(exc).__name__
    what = EXCEPTIONS.get(name)
    if what:
        return what
    if name == "DownloadCancelledError" and "max size" in first:
        limit = _MAX_SIZE.search(first)
        return f"body too large: over {limit.group(1) if limit else 'DOWNLOAD_MAXSIZE'} bytes (DOWNLOAD_MAXSIZE)"
    inflated = _INFLATED_MAX_SIZE.search(first)
    if inflated:
        return f"body too large once decompressed: over {inflated.group(1)} bytes (DOWNLOAD_MAXSIZE)"
    if name == "DownloadFailedError" and first:
        return f"download failed: {first}"
    if name == "RenderTimeout" and first:      # crawler/rendering/browser_handler.py: says it all
        return first
    return f"{name}: {first or 'no message'}"


def describe_redirect_chain(chain: list[str]) -> str:
    """Why a chain of redirects Scrapy gave up on (REDIRECT_MAX_TIMES) failed: a loop names the
    address it came back to; a long chain its length and last address."""
    first_seen: dict[str, int] = {}
    for hop, url in enumerate(chain):
        if url in first_seen:
            return f"redirect loop: back to {url} after {hop - first_seen[url]} redirects"
        first_seen[url] = hop
    return f"too many redirects ({len(chain) - 1}, the last to {chain[-1]}; REDIRECT_MAX_TIMES)"
