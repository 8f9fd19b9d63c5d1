"""bench/sites/changelog_posts.py: labels.csv learns each post's day from the changelog, and
a mirror's served addresses from wget's log."""
import csv
import http.server
import shutil
import subprocess
import sys
import threading
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench" / "sites"))

from changelog_posts import post_days, wget_served, write_labels  # noqa: E402

CHANGELOG = """# Release notes

## 1.10.0 (October 24, 2026)

#### Added

- A thing.

## 1.9.2 (March 3rd, 2026)

#### Fixed

- Another.
"""


def test_leaves_named_by_a_posts_slug_get_its_day(tmp_path):
    site = tmp_path / "site"
    for page in ("index.html", "posts/release-1-10-0/index.html", "2026/release-1-9-2.html",
                 "tags/added/index.html", "about/index.html"):
        (site / page).parent.mkdir(parents=True, exist_ok=True)
        (site / page).write_text("<html></html>")

    def label(path):
        return ("leaf", "post") if "release-" in path else (
            ("leaf", "page") if path.startswith("about") else ("index", "listing"))

    write_labels(site, tmp_path, label, dates=post_days(CHANGELOG))
    rows = {r["path"]: r["date"] for r in csv.DictReader(open(tmp_path / "labels.csv"))}
    assert rows == {"2026/release-1-9-2.html": "2026-03-03", "about/index.html": "",
                    "index.html": "", "posts/release-1-10-0/index.html": "2026-10-24",
                    "tags/added/index.html": ""}


# What `wget -nv` logs for each file it saves, as wget 1.21 writes it.
WGET_LOG = """\
2026-12-06 16:28:13 URL:http://127.0.0.1:8000/ [187/187] -> "OUT/site/index.html" [1]
Last-modified header missing -- time-stamps turned off.
2026-12-06 16:28:14 URL:http://127.0.0.1:8000/user/ada [187/187] -> "OUT/site/user/ada.html" [2]
2026-12-06 16:28:14 URL:http://127.0.0.1:8000/topic/3-x?page=2 [187/187] -> "OUT/site/topic/3-x?page=2.html" [1]
2026-12-06 16:28:14 URL:http://127.0.0.1:8000/user/bob [187/187] -> "OUT/site/old.html" [1]
http://127.0.0.1:8000/gone:
2026-12-06 16:28:14 ERROR 404: NOT FOUND.
2026-12-06 16:28:14 URL:http://127.0.0.1:8000/x [5/5] -> "elsewhere/x.html" [1]
FINISHED --2026-12-06 16:28:14--
"""


def test_wget_served_pairs_each_file_with_its_address():
    served = wget_served(WGET_LOG, Path("OUT/site"))
    assert served == {"index.html": "/", "user/ada.html": "/user/ada",
                      "topic/3-x?page=2.html": "/topic/3-x?page=2",
                      "old.html": "/user/bob"}     # a redirect's file: the address that answered


class _Dynamic(http.server.BaseHTTPRequestHandler):
    """Pages at extension-less addresses, as a forum serves them."""

    def do_GET(self):
        body = (b'<html><body><a href="/user/ada">ada</a> <a href="/user/ada/posts">posts</a>'
                b' <a href="/topic/3?page=2">page 2</a></body></html>')
        self.send_response(200)
        self.send_header("Content-Type", "text/html")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


@pytest.mark.skipif(shutil.which("wget") is None, reason="needs wget")
def test_wget_served_reads_a_real_adjust_extension_mirror(tmp_path):
    server = http.server.HTTPServer(("127.0.0.1", 0), _Dynamic)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    site, log = tmp_path / "site", tmp_path / "wget.log"
    try:
        subprocess.run(["wget", "-nv", "-o", str(log), "--mirror", "-e", "robots=off",
                        "--no-host-directories", "--adjust-extension", "-P", str(site),
                        f"http://127.0.0.1:{server.server_port}/"], check=False, timeout=60)
    finally:
        server.shutdown()
    assert wget_served(log.read_text(), site) == {
        "index.html": "/", "user/ada.html": "/user/ada",
        "user/ada/posts.html": "/user/ada/posts", "topic/3?page=2.html": "/topic/3?page=2"}


def test_served_addresses_become_a_url_column(tmp_path):
    site = tmp_path / "site"
    for page in ("index.html", "user/ada.html", "static/x.html"):
        (site / page).parent.mkdir(parents=True, exist_ok=True)
        (site / page).write_text("<html></html>")

    def label(path):
        return None if path.startswith("static") else ("index", "listing")

    write_labels(site, tmp_path, label, served={"index.html": "/", "user/ada.html": "/user/ada"})
    rows = list(csv.DictReader(open(tmp_path / "labels.csv")))
    assert [(r["path"], r["url"]) for r in rows] == [("index.html", "/"),
                                                    ("user/ada.html", "/user/ada")]
    write_labels(site, tmp_path, label)     # no addresses known: no column
    assert "url" not in next(csv.DictReader(open(tmp_path / "labels.csv")))
