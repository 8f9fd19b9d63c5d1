"""A static file server on 127.0.0.1 for tests and benches.

``python -m http.server`` listens with a backlog of 5: a crawler opening 16 connections at
once gets SYNs dropped and pays 1 s retransmits (see shared/notes/stack.md, pitfall 2).
This server listens with a backlog of 128, handles each connection on a daemon thread,
logs nothing and shuts down cleanly.

    with serve_directory(site_dir) as base_url:      # "http://127.0.0.1:54321"
        crawl(base_url + "/")

Faults for failure-path tests: ``faults`` maps a URL path to an HTTP status (``500``,
``404``, ``503`` …), to ``"drop"`` (the connection is closed without any response), to a
``Hold`` (the response waits until the test releases it), to a ``RateLimit`` (429 to the
first requests) or to a ``Redirect`` (302 to another path).
The mapping is read on every request, so a test may change it while the server runs.
"""

from __future__ import annotations

import base64
import http.cookies
import contextlib
import functools
import os
import secrets
import socket
import ssl
import sys
import threading
import time
import urllib.parse
from pathlib import Path
from collections.abc import Iterator, Mapping, MutableMapping, MutableSequence
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

HOST = "127.0.0.1"
# Deep enough for CONCURRENT_REQUESTS 16-32 plus a browser's sub-requests.
LISTEN_BACKLOG = 128
# Where a page holds this, serve_directory(tokens=True) writes a fresh token into each
# answer, as a CMS writes a form token (same length, so Content-Length holds).
TOKEN_SLOT = "@@per-request-token@@@@@@@@@@@@@"
# Plain text types get an explicit charset so no client has to sniff one.
CONTENT_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".htm": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".json": "application/json",
    ".xml": "application/xml; charset=utf-8",
    ".txt": "text/plain; charset=utf-8",
    ".md": "text/markdown; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".jpg": "image/jpeg",
    ".jpeg": "image/jpeg",
    ".gif": "image/gif",
    ".webp": "image/webp",
    ".ico": "image/x-icon",
    ".woff2": "font/woff2",
    "": "application/octet-stream",
}

class Hold:
    """A fault that keeps requests waiting: each arrival is counted (wait_for_arrivals), and
    the response is served normally once release() is called."""

    WAIT_S = 120.0    # a held request never outlives a test that forgot to release it

    def __init__(self) -> None:
        self._arrived = threading.Semaphore(0)
        self._released = threading.Event()

    def arrive_and_wait(self) -> None:
        self._arrived.release()
        self._released.wait(self.WAIT_S)

    def wait_for_arrivals(self, n: int, timeout: float) -> bool:
        return all(self._arrived.acquire(timeout=timeout) for _ in range(n))

    def release(self) -> None:
        self._released.set()


class RateLimit:
    """A fault that answers 429 Too Many Requests (or ``status``; with ``Retry-After:
    retry_after`` unless None) to the first ``times`` requests, and serves the rest normally;
    ``arrivals`` holds the time.monotonic() of every request."""

    def __init__(self, times: int, retry_after: str | None = "1", status: int = 429,
                 page: bool = True) -> None:
        self.times = times
        self.retry_after = retry_after
        self.status = status
        self.page = page          # False: an empty body, which Chromium fails to navigate to
        self.arrivals: list[float] = []
        self._lock = threading.Lock()

    def limited(self) -> bool:
        with self._lock:
            self.arrivals.append(time.monotonic())
            return len(self.arrivals) <= self.times


class Redirect:
    """A fault that answers 302 Found to ``location`` (a path on the same server)."""

    def __init__(self, location: str) -> None:
        self.location = location


Fault = int | str | Hold | RateLimit | Redirect  # an HTTP status, "drop", or one of the above


class StaticServer(ThreadingHTTPServer):
    """ThreadingHTTPServer with a deep listen queue and daemon handler threads."""

    request_queue_size = LISTEN_BACKLOG
    daemon_threads = True
    allow_reuse_address = True

    def handle_error(self, request, client_address):
        # A browser that has what it needs drops its other requests (a page's scripts and
        # fonts): the client hung up, which is no fault of the server worth a traceback.
        if isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            return
        super().handle_error(request, client_address)


class Session:
    """A login form's session on a test site: the cookie's name and its valid value. With
    lasts=N, a value is good for N page views (requests for pages, not for a page's
    /assets/); each login (renew) issues a new one, as a site whose sessions end does."""

    def __init__(self, name: str, value: str, lasts: int | None = None):
        self.name, self.value, self.lasts = name, value, lasts
        self.used = self.logins = 0
        self._lock = threading.Lock()

    def check(self, value: str, path: str) -> bool:
        with self._lock:
            if value != self.value:
                return False
            if path.startswith("/assets/"):
                return True       # a page's own script comes with the page's view
            if self.lasts is not None and self.used >= self.lasts:
                return False
            self.used += 1
            return True

    def renew(self) -> str:
        with self._lock:
            if self.lasts is not None:
                self.logins += 1
                self.value, self.used = f"{self.value.split('~')[0]}~{self.logins}", 0
            return self.value


LOGIN_CSRF = "f0rm-t0ken-7"
"""The hidden token a test site's login form carries, which its POST must send back."""


class StaticHandler(SimpleHTTPRequestHandler):
    """Serves files under ``directory``; ``dir/`` serves ``dir/index.html``, else 404."""

    extensions_map = CONTENT_TYPES
    server_version = "leafcrawl-test/1"
    sys_version = ""

    def __init__(self, *args, directory: str, faults: MutableMapping[str, Fault] | None,
                 request_log: MutableSequence[str] | None,
                 status_log: MutableSequence[tuple[str, int]] | None = None,
                 validators: bool = True, tokens: bool = False,
                 agent_log: MutableSequence[str] | None = None,
                 content_types: Mapping[str, str] | None = None,
                 canonical_host: str | None = None, login: tuple[str, str] | None = None,
                 login_log: MutableSequence[tuple[str, bool]] | None = None,
                 session: "Session | None" = None,
                 form_login: tuple[str, str] | None = None, clean_urls: bool = False,
                 **kwargs):
        self._clean_urls = clean_urls
        self._session = session
        self._form_login = form_login
        self._login = ("Basic " + base64.b64encode(":".join(login).encode()).decode()
                       if login else None)
        self._login_log = login_log
        self._content_types = content_types or {}
        self._canonical_host = canonical_host
        self._faults = faults
        self._agent_log = agent_log
        self._validators = validators
        self._tokens = tokens
        self._request_log = request_log
        self._status_log = status_log
        super().__init__(*args, directory=directory, **kwargs)

    def send_response(self, code, message=None):
        if self._status_log is not None:
            self._status_log.append((urllib.parse.urlsplit(self._asked()).path, code))
        super().send_response(code, message)

    def send_header(self, keyword, value):
        if keyword.lower() == "content-type":
            value = self._content_types.get(urllib.parse.urlsplit(self._asked()).path, value)
        # a server that sends no validators (a CMS rendering every page afresh)
        if self._validators or keyword.lower() not in ("last-modified", "etag"):
            super().send_header(keyword, value)

    def _asked(self) -> str:
        # a request line that never parsed (a TLS hello on a plain port) set no path
        return getattr(self, "path", "")

    def copyfile(self, source, outputfile):
        if not self._tokens:
            return super().copyfile(source, outputfile)
        body = source.read().replace(TOKEN_SLOT.encode(), secrets.token_hex(16).encode())
        outputfile.write(body)
        return None

    def log_message(self, format, *args):  # noqa: A002 - signature from the base class
        pass

    def _fault(self) -> bool:
        """Apply a configured fault for this path; True when the request is answered."""
        path = urllib.parse.urlsplit(self.path).path
        if self._request_log is not None:
            self._request_log.append(path)
        if self._agent_log is not None:
            self._agent_log.append(self.headers.get("User-Agent", ""))
        if not self._faults:
            return False
        fault = self._faults.get(path)
        if fault is None:
            fault = self._faults.get(urllib.parse.unquote(path))
        if fault is None:
            return False
        if isinstance(fault, Hold):
            fault.arrive_and_wait()
            return False
        if isinstance(fault, Redirect):
            self.send_response(302)
            self.send_header("Location", fault.location)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return True
        if isinstance(fault, RateLimit):
            if not fault.limited():
                return False
            # with a page, as most servers send one (Chromium fails a navigation to an empty one)
            body = b"<html><body><h1>Too Many Requests</h1></body></html>" if fault.page else b""
            self.send_response(fault.status)
            if fault.retry_after is not None:
                self.send_header("Retry-After", fault.retry_after)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            if self.command != "HEAD":
                self.wfile.write(body)
            return True
        if fault == "drop":
            # Abort the connection: no status line, no body.
            with contextlib.suppress(OSError):
                self.connection.shutdown(socket.SHUT_RDWR)
            self.close_connection = True
            return True
        self.send_error(int(fault))
        return True

    def _to_canonical_host(self) -> bool:
        """A request addressed to another host name (localhost, for 127.0.0.1) is answered
        301 to the same path at canonical_host, as www.example.org redirects to
        example.org. True when it was."""
        host = (self.headers.get("Host") or "").rsplit(":", 1)[0]
        if not self._canonical_host or host == self._canonical_host:
            return False
        self.send_response(301)
        self.send_header("Location", f"http://{self._canonical_host}:{self.server.server_address[1]}"
                                     f"{self.path}")
        self.send_header("Content-Length", "0")
        self.end_headers()
        return True

    def _refuse_without_login(self) -> bool:
        """With a login, a request without its Authorization is answered 401 with a Basic
        challenge; True when it was."""
        if self._login is None:
            return False
        granted = self.headers.get("Authorization") == self._login
        if self._login_log is not None:
            self._login_log.append((urllib.parse.urlsplit(self.path).path, granted))
        if granted:
            return False
        body = b"<html><body><h1>401 Authorization Required</h1></body></html>"
        self.send_response(401)
        self.send_header("WWW-Authenticate", 'Basic realm="staging"')
        self.send_header("Content-Type", "text/html")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)
        return True

    def _to_login_form(self) -> bool:
        """With a session cookie (name, value), a request for any page but /login/ without
        it is sent there (302), as a site behind a login form does; True when it was. The
        login log, when given, notes (path, granted) of each request."""
        if self._session is None:
            return False
        path = urllib.parse.urlsplit(self.path).path
        jar = http.cookies.SimpleCookie(self.headers.get("Cookie") or "")
        session = self._session
        granted = session.name in jar and session.check(jar[session.name].value, path)
        if self._login_log is not None:
            self._login_log.append((path, granted))
        if granted or path == "/login/":
            return False
        self.send_response(302)
        self.send_header("Location", "/login/?next=" + urllib.parse.quote(path))
        self.send_header("Content-Length", "0")
        self.end_headers()
        return True

    def do_POST(self):
        """With form_login=(user, password), /login/ takes the login form's fields
        (username, password, and the form's csrf token, LOGIN_CSRF): right, a 302 home with
        the session's cookie; wrong, the form again."""
        path = urllib.parse.urlsplit(self.path).path
        if self._form_login is None or self._session is None or path != "/login/":
            self.send_error(405)
            return
        length = int(self.headers.get("Content-Length") or 0)
        fields = urllib.parse.parse_qs(self.rfile.read(length).decode("utf-8", "replace"))
        user, password = self._form_login
        granted = (fields.get("username") == [user] and fields.get("password") == [password]
                   and fields.get("csrf") == [LOGIN_CSRF])
        if self._login_log is not None:
            self._login_log.append(("POST " + path, granted))
        if not granted:
            self.path = "/login/"
            super().do_GET()
            return
        self.send_response(302)
        self.send_header("Location", "/")
        self.send_header("Set-Cookie", f"{self._session.name}={self._session.renew()}; Path=/; HttpOnly")
        self.send_header("Content-Length", "0")
        self.end_headers()

    def do_GET(self):
        if (not self._refuse_without_login() and not self._to_login_form() and not self._fault()
                and not self._to_canonical_host()):
            super().do_GET()

    def do_HEAD(self):
        if self._refuse_without_login() or self._to_login_form():
            return
        if not self._fault() and not self._to_canonical_host():
            super().do_HEAD()

    def translate_path(self, path):
        local = super().translate_path(path)
        query = urllib.parse.urlsplit(path).query
        if query:
            # a mirror (wget --mirror) saves the page of a query as a file so named:
            # blog/index.html?page=11 for /blog/?page=11; served, a listing's page N is not
            # its page 1 again
            page = os.path.join(local, "index.html") if os.path.isdir(local) else local
            mirrored = f"{page}?{urllib.parse.unquote(query)}"
            if os.path.isfile(mirrored):
                return mirrored
        if self._clean_urls and not os.path.exists(local) and os.path.isfile(local + ".html"):
            return local + ".html"     # /x for x.html, as GitHub Pages and Netlify answer
        return local

    def guess_type(self, path):
        return super().guess_type(str(path).split("?", 1)[0])

    def list_directory(self, path):
        # A static host without autoindex: a directory without index.html is a 404.
        self.send_error(404, "File not found")
        return None


def _self_signed_certificate() -> tuple[str, str]:
    """(certificate file, key file) of a fresh self-signed certificate for 127.0.0.1."""
    import datetime
    import ipaddress
    import tempfile

    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, HOST)])
    now = datetime.datetime.now(datetime.timezone.utc)
    cert = (x509.CertificateBuilder().subject_name(name).issuer_name(name)
            .public_key(key.public_key()).serial_number(x509.random_serial_number())
            .not_valid_before(now - datetime.timedelta(days=1))
            .not_valid_after(now + datetime.timedelta(days=1))
            .add_extension(x509.SubjectAlternativeName([x509.IPAddress(ipaddress.ip_address(HOST))]),
                           critical=False)
            .sign(key, hashes.SHA256()))
    folder = Path(tempfile.mkdtemp(prefix="leafcrawl-tls-"))
    (folder / "cert.pem").write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    (folder / "key.pem").write_bytes(key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()))
    return str(folder / "cert.pem"), str(folder / "key.pem")


def write_page(folder: Path, html: str) -> None:
    """folder/index.html, as a site serves the page /folder/ (the folder made if need be)."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "index.html").write_text(html)


@contextlib.contextmanager
def serve_directory(
    root: str | os.PathLike,
    *,
    port: int = 0,
    faults: MutableMapping[str, Fault] | None = None,
    request_log: MutableSequence[str] | None = None,
    status_log: MutableSequence[tuple[str, int]] | None = None,
    validators: bool = True,
    tokens: bool = False,
    agent_log: MutableSequence[str] | None = None,
    content_types: Mapping[str, str] | None = None,
    canonical_host: str | None = None,
    self_signed: bool = False,
    login: tuple[str, str] | None = None,
    login_log: MutableSequence[tuple[str, bool]] | None = None,
    session: tuple[str, str] | Session | None = None,
    form_login: tuple[str, str] | None = None,
    clean_urls: bool = False,
) -> Iterator[str]:
    """Serve ``root`` on 127.0.0.1 and yield the base URL (no trailing slash).

    ``port=0`` picks a free port. ``faults``: URL path -> status code or ``"drop"``.
    ``request_log``: if given, the path of every request is appended to it (thread-safe
    for list.append). ``status_log``: if given, (path, status) of every response.
    ``validators=False``: no Last-Modified (or ETag) header on any response.
    ``tokens=True``: each answer's TOKEN_SLOTs hold a fresh token (a CMS's form token).
    ``agent_log``: if given, the User-Agent of every request.
    ``content_types``: URL path -> the Content-Type to answer it with (a charset of its own).
    ``canonical_host``: requests addressed to any other host name are redirected (301) to
    the same path there (``"127.0.0.1"``: ``http://localhost:PORT/x`` -> ``http://127.0.0.1:PORT/x``).
    ``self_signed=True``: HTTPS, with a certificate no authority signed (an intranet's, a
    staging site's); the base URL is then https://.
    ``login=(user, password)``: HTTP Basic auth on every path; a request without it is
    answered 401 with a challenge. ``login_log``: if given, (path, granted) of every request.
    ``session=(cookie name, value)`` (or a Session, whose values may end): a login form's
    session; a request without that cookie is redirected to /login/. ``form_login=(user, password)``: with a session, a POST to
    /login/ with them (and LOGIN_CSRF) is answered with the session's cookie.
    ``clean_urls=True``: a path with no file of its own is answered with its ``.html`` file
    (``/notes/a`` with ``notes/a.html``), as GitHub Pages, Netlify and Quartz's server do.
    """
    root = os.fspath(root)
    if not os.path.isdir(root):
        raise NotADirectoryError(root)
    if isinstance(session, tuple):
        session = Session(*session)
    handler = functools.partial(StaticHandler, directory=root, faults=faults,
                                request_log=request_log, status_log=status_log,
                                validators=validators, tokens=tokens, agent_log=agent_log,
                                content_types=content_types, canonical_host=canonical_host,
                                login=login, login_log=login_log, session=session,
                                form_login=form_login, clean_urls=clean_urls)
    server = StaticServer((HOST, port), handler)
    scheme = "http"
    if self_signed:
        scheme = "https"
        tls = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        tls.load_cert_chain(*_self_signed_certificate())
        server.socket = tls.wrap_socket(server.socket, server_side=True)
    with serving(server, "static-server"):
        yield f"{scheme}://{HOST}:{server.server_address[1]}"


@contextlib.contextmanager
def serving(server, name: str) -> Iterator[None]:
    """Run ``server`` in a thread of its own until the block ends, then close it."""
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05},
                              name=f"{name}-{server.server_address[1]}", daemon=True)
    thread.start()
    try:
        yield
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


def free_port() -> int:
    """A loopback port nothing listens on (bound and released): a server that is not there."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]
