"""archive_path: readable mapping, and no URL may escape the archive dir."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from workers.archive_paths import MAX_RELATIVE_BYTES, archive_path, relative_archive_path


@pytest.mark.parametrize(
    "url, expected",
    [
        ("http://ex.test/", "ex.test/index.md"),
        ("http://ex.test", "ex.test/index.md"),
        ("http://ex.test/index.html", "ex.test/index.md"),
        ("http://ex.test/a/b/", "ex.test/a/b.md"),
        ("http://ex.test/a/b", "ex.test/a/b.md"),
        ("http://ex.test/a/b.html", "ex.test/a/b.md"),
        ("http://ex.test/a/b.HTM", "ex.test/a/b.md"),
        ("http://ex.test/a/b/index.html", "ex.test/a/b.md"),
        ("http://ex.test/a/b/index.php", "ex.test/a/b.md"),
        ("http://ex.test/report.pdf", "ex.test/report.pdf.md"),
        ("https://EX.Test:443/a", "ex.test/a.md"),
        ("http://ex.test:80/a", "ex.test/a.md"),
        ("http://127.0.0.1:8765/blog/post-1.html", "127.0.0.1_8765/blog/post-1.md"),
        ("http://ex.test/a#frag", "ex.test/a.md"),
        ("http://ex.test/caf%C3%A9/na%C3%AFve", "ex.test/café/naïve.md"),
        ("http://ex.test/a%20b/c", "ex.test/a_b/c.md"),
        ("http://ex.test/.well-known/x", "ex.test/_well-known/x.md"),
        ("http://ex.test/x.md/y", "ex.test/x.md_/y.md"),
        ("http://bücher.example/x", "xn--bcher-kva.example/x.md"),
        ("http://user:pw@ex.test/x", "ex.test/x.md"),
    ],
)
def test_mapping(url, expected):
    assert relative_archive_path(url).as_posix() == expected


def test_query_gets_short_hash_suffix():
    a = relative_archive_path("http://ex.test/list?page=2").as_posix()
    b = relative_archive_path("http://ex.test/list?page=3").as_posix()
    root = relative_archive_path("http://ex.test/?p=1").as_posix()
    assert a.startswith("ex.test/list-q") and a.endswith(".md") and a != b
    assert len(a) == len("ex.test/list-q") + 8 + 3
    assert root.startswith("ex.test/index-q")


NASTY = [
    "http://ex.test/../../../../etc/passwd",
    "http://ex.test/a/../../../../../../tmp/x",
    "http://ex.test/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
    "http://ex.test/%2E%2E%2F%2E%2E%2Fetc%2Fpasswd",
    "http://ex.test/.%2e/.%2e/.%2e/x",
    "http://ex.test/%252e%252e/%252e%252e/x",
    "http://ex.test/..%5C..%5C..%5Cwindows%5Cwin.ini",
    "http://ex.test/a\\..\\..\\..\\x",
    "http://ex.test/%00/..%00/x%00y",
    "http://ex.test/..;/..;/x",
    "http://ex.test/....//....//x",
    "http://ex.test/%c0%ae%c0%ae/%c0%ae%c0%ae/x",
    "http://ex.test/\u2025/\uff0e\uff0e/\u2024\u2024/x",
    "http://ex.test/%e2%80%ae/x\u202e.md",
    "http://ex.test/" + "a" * 5000,
    "http://ex.test/" + "/".join(["é" * 200] * 50),
    "http://ex.test/" + "x/" * 3000,
    "http://ex.test/" + "%2F" * 500 + "x",
    "http://..:80/x",
    "http://%2e%2e/x",
    "http://ex.test%2F..%2F..%2F/x",
    "http://ex.test\\..\\..\\etc/x",
    "http://[::1]:8080/a",
    "http://ex.test:99999/a",
    "http://ex.test:abc/a",
    "http://" + "h" * 300 + ".test/a",
    "http://ex.test/\n/\r/\t/x",
    "http://ex.test/~root/.ssh/authorized_keys",
    "http://ex.test/CON/aux.txt",
    "http://ex.test/a?../../../../x=1",
    "http://ex.test/a#/../../../../x",
    "http://ex.test//etc/passwd",
    "http://ex.test/%2Fetc%2Fpasswd",
    "http://ex.test/%ff%fe/%ed%a0%80/x",
    "http://ex.test/\ud800/x",
]


@pytest.mark.parametrize("url", NASTY)
def test_nasty_urls_stay_inside(tmp_path, url):
    base = (tmp_path / "archive").resolve()
    try:
        path = archive_path(base, url)
    except ValueError:
        return  # refusing is fine too
    assert path.is_relative_to(base) and path != base
    rel = path.relative_to(base)
    assert len(rel.parts) >= 2 and path.suffix == ".md"
    for part in rel.parts:
        assert part not in ("", ".", "..") and not part.startswith(".")
        assert "\x00" not in part and "\\" not in part and "/" not in part
        assert len(part.encode("utf-8")) <= 200
    assert len(str(rel).encode("utf-8")) <= MAX_RELATIVE_BYTES + 8
    # The path is really writable where it says it is.
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("x", encoding="utf-8")
    assert os.path.realpath(path).startswith(str(base) + os.sep)


def test_urls_without_host_are_refused(tmp_path):
    for url in ["file:///etc/passwd", "http:///x", "/just/a/path", "", "mailto:a@b"]:
        with pytest.raises(ValueError):
            archive_path(tmp_path, url)


def test_symlink_out_of_archive_is_refused(tmp_path):
    base = tmp_path / "archive"
    outside = tmp_path / "outside"
    base.mkdir()
    outside.mkdir()
    (base / "ex.test").symlink_to(outside, target_is_directory=True)
    with pytest.raises(ValueError):
        archive_path(base, "http://ex.test/a")


def test_relative_archive_dir_is_made_absolute(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    p = archive_path("archive", "http://ex.test/a/")
    assert p == tmp_path.resolve() / "archive" / "ex.test" / "a.md"
    assert isinstance(p, Path)


def test_distinct_long_names_stay_distinct():
    a = relative_archive_path("http://ex.test/" + "a" * 300 + "1")
    b = relative_archive_path("http://ex.test/" + "a" * 300 + "2")
    assert a != b


def test_distinct_archive_path_is_a_sibling_named_by_the_url(tmp_path):
    from workers.archive_paths import distinct_archive_path

    path = archive_path(tmp_path, "http://ex.test/a/b")
    assert path == archive_path(tmp_path, "http://ex.test/a/b/")
    one = distinct_archive_path(path, "http://ex.test/a/b/")
    assert one.parent == path.parent and one.name.startswith("b-u") and one.suffix == ".md"
    assert one == distinct_archive_path(path, "http://ex.test/a/b/")
    assert one != distinct_archive_path(path, "http://ex.test/a/b.html")


@pytest.mark.parametrize("url, expected", [
    ("http://ex.test/con", "ex.test/_con.md"),
    ("http://ex.test/CON.html", "ex.test/_CON.md"),
    ("http://ex.test/aux/page", "ex.test/_aux/page.md"),
    ("http://ex.test/lpt1.html", "ex.test/_lpt1.md"),
    ("http://ex.test/nul/", "ex.test/_nul.md"),
    ("http://ex.test/console", "ex.test/console.md"),      # only the device names themselves
])
def test_names_windows_reserves_are_never_written(url, expected):
    assert relative_archive_path(url).as_posix() == expected
