"""The test/bench static server: content types, index.html, faults, backlog, shutdown."""

import socket
import threading
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor

import pytest

from tests.support.http_server import LISTEN_BACKLOG, serve_directory


@pytest.fixture
def site(tmp_path):
    (tmp_path / "index.html").write_text("<h1>home</h1>", encoding="utf-8")
    (tmp_path / "posts" / "héllo").mkdir(parents=True)
    (tmp_path / "posts" / "héllo" / "index.html").write_text("<p>héllo</p>", encoding="utf-8")
    (tmp_path / "empty").mkdir()
    (tmp_path / "style.css").write_text("body{}", encoding="utf-8")
    (tmp_path / "pic.svg").write_text("<svg xmlns='http://www.w3.org/2000/svg'/>")
    return tmp_path


def get(url):
    try:
        with urllib.request.urlopen(url, timeout=5) as resp:
            return resp.status, resp.headers.get("Content-Type"), resp.read(), resp.url
    except urllib.error.HTTPError as err:
        return err.code, err.headers.get("Content-Type"), err.read(), url


def test_serves_index_html_for_directories_with_utf8_content_type(site):
    with serve_directory(site) as base:
        assert base.startswith("http://127.0.0.1:")
        status, ctype, body, _ = get(base + "/")
        assert (status, ctype, body) == (200, "text/html; charset=utf-8", b"<h1>home</h1>")
        status, ctype, body, final = get(base + "/posts/h%C3%A9llo")  # redirect adds "/"
        assert status == 200 and final.endswith("/posts/h%C3%A9llo/")
        assert body.decode("utf-8") == "<p>héllo</p>"
        assert get(base + "/style.css")[1] == "text/css; charset=utf-8"
        assert get(base + "/pic.svg")[1] == "image/svg+xml"


def test_clean_urls_answer_a_path_with_its_html_file(site):
    # Quartz links /notes/a for notes/a.html, as GitHub Pages and Netlify serve it
    (site / "notes").mkdir()
    (site / "notes" / "a.html").write_text("<p>note a</p>", encoding="utf-8")
    with serve_directory(site) as base:
        assert get(base + "/notes/a")[0] == 404
    with serve_directory(site, clean_urls=True) as base:
        assert get(base + "/notes/a")[:3] == (200, "text/html; charset=utf-8", b"<p>note a</p>")
        assert get(base + "/notes/b")[0] == 404
        assert get(base + "/")[2] == b"<h1>home</h1>"


def test_a_request_line_that_never_parses_is_refused_quietly(site):
    # a TLS hello on the plain port: no path was set, and the error page must still go out
    with serve_directory(site, status_log=(log := [])) as base:
        port = int(base.rsplit(":", 1)[1])
        with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
            sock.sendall(b"\x16\x03\x01\x00\x05hello\r\n\r\n")
            while sock.recv(4096):      # answered and closed (an HTTP/0.9 error: no status line)
                pass
    assert log == [("", 400)]


def test_a_mirrored_query_page_is_served_for_its_query(site):
    # wget --mirror saves /posts/?page=2 as the file posts/index.html?page=2
    (site / "posts" / "index.html").write_text("<p>page 1</p>", encoding="utf-8")
    (site / "posts" / "index.html?page=2").write_text("<p>page 2</p>", encoding="utf-8")
    with serve_directory(site) as base:
        assert get(base + "/posts/?page=2")[:3] == (200, "text/html; charset=utf-8", b"<p>page 2</p>")
        assert get(base + "/posts/?page=3")[2] == b"<p>page 1</p>"    # no such file: the query is dropped
        assert get(base + "/posts/")[2] == b"<p>page 1</p>"


def test_missing_files_and_directories_without_index_are_404(site):
    with serve_directory(site) as base:
        assert get(base + "/nope/")[0] == 404
        assert get(base + "/empty/")[0] == 404  # no directory listings


def test_faults_answer_a_status_or_drop_the_connection_and_can_change_live(site):
    faults = {"/posts/h%C3%A9llo/": 500}
    log = []
    with serve_directory(site, faults=faults, request_log=log) as base:
        assert get(base + "/posts/h%C3%A9llo/")[0] == 500
        faults["/"] = "drop"
        with pytest.raises((urllib.error.URLError, ConnectionError, OSError)):
            urllib.request.urlopen(base + "/", timeout=5)
        del faults["/"]
        assert get(base + "/")[0] == 200
    assert log == ["/posts/h%C3%A9llo/", "/", "/"]


def test_many_simultaneous_connections_are_all_accepted(site):
    n = 64
    assert n < LISTEN_BACKLOG
    with serve_directory(site) as base:
        # Open n connections before any request is sent: a backlog of 5 would drop SYNs.
        host, port = base[len("http://"):].split(":")
        socks = [socket.create_connection((host, int(port)), timeout=5) for _ in range(n)]
        try:
            for s in socks:
                s.sendall(b"GET / HTTP/1.0\r\nHost: x\r\n\r\n")
            replies = []
            for s in socks:
                data = b""
                while chunk := s.recv(65536):
                    data += chunk
                replies.append(data)
        finally:
            for s in socks:
                s.close()
        assert all(r.startswith(b"HTTP/1.0 200") and r.endswith(b"<h1>home</h1>") for r in replies)
        with ThreadPoolExecutor(32) as pool:
            statuses = list(pool.map(lambda _: get(base + "/")[0], range(200)))
        assert statuses == [200] * 200


def test_shutdown_frees_the_port_and_stops_the_thread(site):
    before = {t.name for t in threading.enumerate()}
    with serve_directory(site) as base:
        port = int(base.rsplit(":", 1)[1])
    leftover = {t.name for t in threading.enumerate()} - before
    assert not any(name.startswith("static-server") for name in leftover)
    with pytest.raises(OSError):
        socket.create_connection(("127.0.0.1", port), timeout=1).close()


def test_root_must_be_a_directory(tmp_path):
    with pytest.raises(NotADirectoryError):
        with serve_directory(tmp_path / "missing"):
            pass


def test_a_client_hanging_up_is_no_error_worth_a_traceback(capfd):
    from tests.support.http_server import StaticServer

    server = StaticServer(("127.0.0.1", 0), None)
    try:
        for exc in (BrokenPipeError(32, "Broken pipe"), ConnectionResetError(104, "reset")):
            try:
                raise exc
            except OSError:
                server.handle_error(None, ("127.0.0.1", 1))
        assert capfd.readouterr().err == ""
        try:
            raise ValueError("a handler's own bug")
        except ValueError:
            server.handle_error(None, ("127.0.0.1", 1))
        assert "a handler's own bug" in capfd.readouterr().err
    finally:
        server.server_close()
