"""A cookies file for a site that keeps its pages behind a login form.

Such a site logs a reader in once and knows them by a session cookie after. The user logs
in with their own browser and exports the site's cookies: as a cookies.txt (Netscape's
format, which curl -b, wget --load-cookies and yt-dlp --cookies take, and "Get
cookies.txt"-style browser extensions and curl -c write), or as JSON (Cookie-Editor's and
EditThisCookie's export, Playwright's storage state).

Only the cookies of the site's own hosts are kept: a browser's export holds every site the
user visits, and none of those is the crawl's business.
"""

from __future__ import annotations

import http.cookiejar
import ipaddress
import json
import time
from pathlib import Path


class CookieFileError(ValueError):
    """The cookies file cannot serve the crawl; the message says why."""


FORMATS = ("a cookies.txt (Netscape format: what \"Get cookies.txt\"-style browser extensions, "
           "curl -c and yt-dlp write), or a JSON export (Cookie-Editor's list, Playwright's "
           "storage state)")


def read_cookie_file(path: str | Path, domains, now: float | None = None) -> list[http.cookiejar.Cookie]:
    """The unexpired cookies in PATH that a host of the site's DOMAINS would be sent.

    Raises CookieFileError when the file cannot be read, is in no format known here, or
    leaves no cookie for the site (each case names what to do)."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise CookieFileError(f"{path}: no such file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise CookieFileError(f"{path}: cannot read: {exc}") from None
    jar = _json_cookies(text, path) if text.lstrip()[:1] in ("[", "{") else _netscape_cookies(text, path)
    now = time.time() if now is None else now
    domains = [d.lower() for d in domains if d]
    mine = [c for c in jar if any(for_site(c, d) for d in domains)]
    live = [c for c in mine if not c.is_expired(now)]
    if live:
        return live
    if mine:
        latest = max(c.expires for c in mine if c.expires)
        raise CookieFileError(
            f"{path}: every cookie for {', '.join(domains)} has expired (the last on "
            f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime(latest))}): log in to the site "
            "in your browser and export its cookies again")
    others = sorted({c.domain.lstrip(".") for c in jar})
    held = (f"it holds cookies for {', '.join(others[:5])}"
            + (f" and {len(others) - 5} more" if len(others) > 5 else "")) if others else "it holds none"
    raise CookieFileError(f"{path}: no cookie for {', '.join(domains)} ({held}): export the "
                          "cookies while on that site")


def _netscape_cookies(text: str, path: Path) -> list[http.cookiejar.Cookie]:
    """A cookies.txt's cookies: a line each, seven tab-separated fields (domain, subdomains
    TRUE/FALSE, path, secure TRUE/FALSE, expiry, name, value); "#HttpOnly_" before an
    httpOnly one, other "#" lines comments. Read here, not by http.cookiejar's
    MozillaCookieJar: it takes a file name only, insists on the header line some exporters
    leave out, cannot read an expiry of 1767225600.5, and answers a bad line with a warning
    and a traceback, then a bare "invalid format"."""
    cookies = []
    for number, line in enumerate(text.splitlines(), 1):
        http_only = line.startswith("#HttpOnly_")
        if not http_only and (not line.strip() or line.lstrip().startswith("#")):
            continue
        fields = line[len("#HttpOnly_") if http_only else 0:].split("\t")
        try:
            if len(fields) != 7:
                raise ValueError
            domain, subdomains, cookie_path, secure, expiry, name, value = fields
            expires = int(float(expiry)) if expiry.strip() else None
        except (ValueError, OverflowError):
            raise CookieFileError(
                f"{path}: line {number} is no cookie of a cookies.txt file (domain, subdomains "
                "TRUE/FALSE, path, secure TRUE/FALSE, expiry, name, value, tab-separated); "
                f"the file should be {FORMATS}") from None
        cookies.append(_cookie(name, value, domain, cookie_path, secure == "TRUE", expires,
                               subdomains == "TRUE" or domain.startswith("."), http_only))
    return cookies


def _json_cookies(text: str, path: Path) -> list[http.cookiejar.Cookie]:
    """A browser extension's JSON export (Cookie-Editor, EditThisCookie: a list) or
    Playwright's storage state ({"cookies": [...]}), as cookiejar Cookies."""
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise CookieFileError(f"{path}: not {FORMATS}: not valid JSON ({exc})") from None
    entries = data.get("cookies") if isinstance(data, dict) else data
    if not isinstance(entries, list):
        raise CookieFileError(f"{path}: not {FORMATS}: the JSON holds no list of cookies")
    cookies = []
    for number, entry in enumerate(entries, 1):
        if not (isinstance(entry, dict) and isinstance(entry.get("name"), str)
                and isinstance(entry.get("domain"), str) and entry["domain"]):
            raise CookieFileError(f"{path}: cookie {number} has no name or domain")
        domain = entry["domain"]
        host_only = entry.get("hostOnly")
        expires = entry.get("expirationDate", entry.get("expires"))
        # -1 (Playwright) and a missing date (a session cookie) mean none
        expires = int(expires) if isinstance(expires, (int, float)) and expires > 0 else None
        if entry.get("session") is True:
            expires = None
        cookies.append(_cookie(
            entry["name"], str(entry.get("value", "")), domain, entry.get("path"),
            bool(entry.get("secure")), expires,
            (not host_only) if host_only is not None else domain.startswith("."),
            bool(entry.get("httpOnly"))))
    return cookies


def _cookie(name: str, value: str, domain: str, path: str | None, secure: bool,
            expires: int | None, subdomains: bool, http_only: bool) -> http.cookiejar.Cookie:
    # an expiry of 0 is how an export writes a session cookie: it lasts the browser session
    expires = expires or None
    return http.cookiejar.Cookie(
        version=0, name=name, value=value, port=None, port_specified=False, domain=domain,
        domain_specified=subdomains, domain_initial_dot=domain.startswith("."),
        path=path or "/", path_specified=True, secure=secure, expires=expires,
        discard=expires is None, comment=None, comment_url=None,
        rest={http.cookiejar.HTTPONLY_ATTR: ""} if http_only else {})


def for_site(cookie: http.cookiejar.Cookie, domain: str) -> bool:
    """Whether a browser sends COOKIE to some host of a site's DOMAIN (itself and its
    subdomains, as Scrapy's allowed_domains): a cookie of that domain or of one of its
    hosts, or a domain cookie (".example.org", or the include-subdomains flag) of a
    domain above it."""
    bare = cookie.domain.lower().lstrip(".")
    if bare == domain or bare.endswith("." + domain):
        return True
    return subdomains_included(cookie) and domain.endswith("." + bare)


def subdomains_included(cookie: http.cookiejar.Cookie) -> bool:
    """A domain cookie, for the subdomains too. An IP address has none."""
    if not (cookie.domain.startswith(".") or cookie.domain_specified):
        return False
    try:
        ipaddress.ip_address(cookie.domain.lstrip("."))
    except ValueError:
        return True
    return False
