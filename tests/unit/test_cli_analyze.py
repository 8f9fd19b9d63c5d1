"""`leafcrawl analyze`: saved pages scored and rendered without a crawl, from JSON lines or
from one page's file; bad input named in one line."""
import gzip
import json

from tests.support.cli import run_leafcrawl
from tests.support.workshop_site import article, listing

POSTS = {"/notes/plane/": "Tuning a bench plane", "/notes/vise/": "Fitting a leg vise",
         "/notes/lamp/": "A lamp for the bench"}


def test_json_lines_in_input_order(tmp_path):
    (tmp_path / "plane.html").write_text(article("Tuning a bench plane", "Plane."))
    (tmp_path / "home.html.gz").write_bytes(gzip.compress(listing("Recent notes", POSTS).encode()))
    lines = [{"id": "a", "url": "https://w.test/notes/plane/", "path": str(tmp_path / "plane.html")},
             {"id": "b", "url": "https://w.test/", "path": str(tmp_path / "home.html.gz")}]
    (tmp_path / "in.jsonl").write_text("".join(json.dumps(x) + "\n" for x in lines))
    result = run_leafcrawl("analyze", str(tmp_path / "in.jsonl"), cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    out = [json.loads(line) for line in result.stdout.splitlines()]
    assert [(o["id"], o["verdict"]) for o in out] == [("a", "leaf"), ("b", "index")]
    assert "# Tuning a bench plane" in out[0]["markdown"]
    assert "2 pages, 0 errors" in result.stderr


def test_one_saved_page_by_its_file_name(tmp_path):
    page = tmp_path / "plane.html"
    page.write_text(article("Tuning a bench plane", "Plane."))
    result = run_leafcrawl("analyze", str(page), "--url", "https://w.test/notes/plane/", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout)
    assert out["verdict"] == "leaf" and out["url"] == "https://w.test/notes/plane/"
    assert "url: https://w.test/notes/plane/" in out["markdown"]
    # without --url, its own file:// address
    assert json.loads(run_leafcrawl("analyze", str(page), cwd=tmp_path).stdout)["url"] == page.as_uri()


def test_a_binary_page_is_an_error_line_not_a_crash(tmp_path):
    (tmp_path / "blob.html").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" * 50)
    result = run_leafcrawl("analyze", str(tmp_path / "blob.html"), cwd=tmp_path)
    assert result.returncode == 1          # a page failed: a script can tell
    assert "binary body" in json.loads(result.stdout)["error"]
    assert "1 pages, 1 errors" in result.stderr


def test_input_that_is_no_json_lines_is_named(tmp_path):
    (tmp_path / "bytes.jsonl").write_bytes(b"\x9b\xff\x00 not text")
    result = run_leafcrawl("analyze", str(tmp_path / "bytes.jsonl"), cwd=tmp_path)
    assert result.returncode != 0 and "Traceback" not in result.stderr
    assert "bytes.jsonl:1: not UTF-8 text: expected JSON lines" in result.stderr
    (tmp_path / "page.txt").write_text("<html><body><p>A page.</p></body></html>\n")
    result = run_leafcrawl("analyze", str(tmp_path / "page.txt"), cwd=tmp_path)
    assert result.returncode != 0
    assert "page.txt:1: not JSON" in result.stderr and "it reads as HTML" in result.stderr


def test_a_bad_line_is_answered_in_its_place_and_the_batch_goes_on(tmp_path):
    # 20 good lines around bad ones: an empty url, a url that is no text, a line that is
    # no JSON, bytes that are no UTF-8; every line is answered, in order
    (tmp_path / "plane.html").write_text(article("Tuning a bench plane", "Plane."))
    good = {"url": "https://w.test/notes/plane/", "path": str(tmp_path / "plane.html")}
    lines = [json.dumps({"id": f"g{i}", **good}).encode() for i in range(20)]
    lines[3] = json.dumps({"id": "empty", "url": "", "path": good["path"]}).encode()
    lines[9] = json.dumps({"id": "number", "url": 42, "path": good["path"]}).encode()
    lines[12] = b"{not json"
    lines[15] = b'{"id": "\xff\xfe"}'
    (tmp_path / "in.jsonl").write_bytes(b"\n".join(lines) + b"\n")
    result = run_leafcrawl("analyze", str(tmp_path / "in.jsonl"), cwd=tmp_path)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    out = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(out) == 20
    failed = {o["line"]: o for o in out if "error" in o}
    assert sorted(failed) == [4, 10, 13, 16]
    assert failed[4]["id"] == "empty" and failed[10]["id"] == "number"
    assert "in.jsonl:13: not JSON" in failed[13]["error"] and "not UTF-8" in failed[16]["error"]
    assert all(o["verdict"] == "leaf" for o in out if "error" not in o)
    assert "20 pages, 4 errors" in result.stderr and "in.jsonl:4: expected" in result.stderr


def test_line_separators_inside_strings_keep_one_record_per_line(tmp_path):
    title = "Before\u2028after\u2029and\x85done"
    (tmp_path / "p.html").write_text(article(title, "Text with a \u2028 separator."))
    result = run_leafcrawl("analyze", str(tmp_path / "p.html"), "--url", "https://w.test/p/", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert len(result.stdout.splitlines()) == 1          # str.splitlines splits on all three
    assert "\\u2028" in result.stdout and "\u2028" not in result.stdout
    assert json.loads(result.stdout)["title"] == title
