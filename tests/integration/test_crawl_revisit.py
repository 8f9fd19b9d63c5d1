"""A later crawl of a site revisits the leaves it archived conditionally (crawler/frontier/revisits.py):
the server's 304 spares the fetch (and the browser's render), a changed or new page is
archived, and a page reachable only through an unchanged leaf is still reached."""

from __future__ import annotations

import json
import os
import uuid

import pytest

from tests.support.cli import archived_files, run_leafcrawl
from tests.support.http_server import TOKEN_SLOT, serve_directory, write_page
from tests.support.workshop_site import article, body_drawn_by_script, drawn_by_script, home, listing

pytestmark = pytest.mark.integration

POSTS = {"/notes/plane/": "Tuning a bench plane", "/notes/vise/": "Fitting a leg vise",
         "/guide/": "A guide to sharpening", "/notes/lamp/": "A lamp for the bench"}


def write_site(root):
    write_page(root, home(POSTS))
    write_page(root / "notes" / "plane", article("Tuning a bench plane", "Plane."))
    write_page(root / "notes" / "vise", article("Fitting a leg vise", "Vise."))
    # its script draws its body: an unchanged document may show another body, so a browser
    # crawl renders it every time
    write_page(root / "notes" / "lamp", body_drawn_by_script(
        article("A lamp for the bench", "Lamp."), "The lamp, in short: a clamp, an arm and a bulb."))
    # the guide's second part is linked from the guide alone (a sub-page, followed from a leaf)
    write_page(root / "guide", article("A guide to sharpening", "Guide.",
                                       '<p>Go on with <a href="/guide/part-2/">part two</a>.</p>'))
    write_page(root / "guide" / "part-2", article("Sharpening, part two", "Part two."))
    # its script draws its entries: an unchanged document may show new ones, so a browser
    # crawl renders it every time
    write_page(root / "picks", drawn_by_script(listing("Our picks", {}), POSTS))
    write_page(root / "tags" / "tools", listing("Tagged: tools", {
        p: t for p, t in POSTS.items() if p.startswith("/notes/")}))


def crawl(base_url, workdir, ns, render, *extra):
    summary_file = workdir / f"summary-{uuid.uuid4().hex[:6]}.json"
    result = run_leafcrawl(
        "crawl", base_url + "/", "--render", render, "--archive-dir", str(workdir / "archive"),
        "--with-worker", "--json-summary", str(summary_file), *extra,
        cwd=workdir, redis_url=ns.url, env=ns.env)
    assert result.returncode == 0, result.stderr
    return json.loads(summary_file.read_text())


def touch_later(path, seconds=120):
    """A file changed after the last crawl: its Last-Modified moves on (http.server's
    If-Modified-Since has one-second resolution, so the time is set, not waited for)."""
    st = path.stat()
    os.utime(path, (st.st_atime + seconds, st.st_mtime + seconds))


@pytest.mark.parametrize("render", [pytest.param("always", marks=pytest.mark.browser), "never"])
def test_a_later_crawl_fetches_only_what_changed(tmp_path, redis_ns, render):
    site = tmp_path / "site"
    write_site(site)
    statuses: list[tuple[str, int]] = []
    with serve_directory(site, status_log=statuses) as base_url:
        first = crawl(base_url, tmp_path, redis_ns, render)
        files = archived_files(tmp_path / "archive")
        leaves = {"/notes/plane/", "/notes/vise/", "/guide/", "/guide/part-2/", "/notes/lamp/"}
        if render == "never":
            leaves.add("/picks/")     # without its script, a page of no entries
        assert {u.removeprefix(base_url) for u in files} == leaves
        assert first["archived"] == len(leaves) and first["not_modified"] == 0

        # the vise post is edited, a new post appears on the home page
        vise = site / "notes" / "vise" / "index.html"
        vise.write_text(article("Fitting a leg vise", "Vise, revised with a parallel guide."))
        touch_later(vise)
        write_page(site / "notes" / "bench", article("Building the bench", "Bench."))
        write_page(site, home({**POSTS, "/notes/bench/": "Building the bench"}))
        touch_later(site / "index.html")
        before = {p: p.stat().st_mtime_ns for p in files.values()}
        statuses.clear()

        second = crawl(base_url, tmp_path, redis_ns, render)
        answers = {}
        for path, status in statuses:
            answers.setdefault(path, []).append(status)
        # the unchanged leaves were asked for once and answered 304, never served again;
        # the guide's part two was still reached, through the links stored for the guide
        for path in ("/notes/plane/", "/guide/", "/guide/part-2/"):
            assert answers[path] == [304], (path, answers.get(path))
        # an unchanged index page whose links are its document's: 304 in both modes
        assert answers["/tags/tools/"] == [304]
        if render == "always":
            # a listing whose script draws its entries: rendered again
            assert answers["/picks/"] == [200]
            assert redis_ns.conn.hget(f"{redis_ns.prefix}:page:{base_url}/picks/",
                                      "verdict") == b"index"
            # an article whose body its script draws: rendered again
            assert answers["/notes/lamp/"] == [200]
        else:
            assert answers["/picks/"] == answers["/notes/lamp/"] == [304]
        assert second["not_modified"] == (6 if render == "never" else 4)
        # archived: the edited post and the new one (the lamp, rendered again, is unchanged)
        assert second["archived"] == 2 and second["leaf"] == (2 if render == "never" else 3)
        assert second["failures"] == 0
        files = archived_files(tmp_path / "archive")
        assert "parallel guide" in files[base_url + "/notes/vise/"].read_text()
        assert base_url + "/notes/bench/" in files
        for path in ("/notes/plane/", "/guide/", "/guide/part-2/"):
            file = files[base_url + path]
            assert file.stat().st_mtime_ns == before[file]
        checked = redis_ns.conn.hget(f"{redis_ns.prefix}:page:{base_url}/notes/plane/", "checked_at")
        explained = run_leafcrawl("explain", base_url + "/notes/plane/", cwd=tmp_path,
                                  redis_url=redis_ns.url, env=redis_ns.env)
        assert f"checked   {checked.decode()}  (not modified since fetched)" in explained.stdout

        # --revisit all fetches every page again: nothing is "not modified"
        statuses.clear()
        third = crawl(base_url, tmp_path, redis_ns, render, "--revisit", "all")
        assert third["not_modified"] == 0 and third["leaf"] == len(leaves) + 1
        assert third["unchanged"] == len(leaves) + 1
        assert all(status == 200 for path, status in statuses if path.startswith(("/notes/", "/guide/")))


@pytest.mark.parametrize("render", [pytest.param("always", marks=pytest.mark.browser), "never"])
def test_a_server_without_validators_is_revisited_by_its_bytes(tmp_path, redis_ns, render):
    """No Last-Modified, no ETag (a CMS rendering every page afresh): the answer is full, and
    the same bytes as last time mean the same page. A browser crawl sees no document bytes
    of its own: its first later crawl learns them, the ones after use them."""
    site = tmp_path / "site"
    write_site(site)
    statuses: list[tuple[str, int]] = []
    with serve_directory(site, status_log=statuses, validators=False) as base_url:
        first = crawl(base_url, tmp_path, redis_ns, render)
        assert first["failures"] == 0
        assert all(status == 200 for path, status in statuses if path.endswith("/"))
        vise = site / "notes" / "vise" / "index.html"
        vise.write_text(article("Fitting a leg vise", "Vise, revised with a parallel guide."))
        if render == "always":
            learning = crawl(base_url, tmp_path, redis_ns, render)
            assert learning["not_modified"] == 0 and learning["archived"] == 1
        plane = archived_files(tmp_path / "archive")[base_url + "/notes/plane/"]
        before = plane.stat().st_mtime_ns
        statuses.clear()

        later = crawl(base_url, tmp_path, redis_ns, render)
        assert all(status == 200 for path, status in statuses if path.endswith("/"))
        # the unchanged pages whose content is their document's: not analysed (or rendered)
        # again; in a browser the script-drawn listing and article are rendered all the same,
        # and the vise, edited before the crawl that learned the bytes, is unchanged since
        assert later["not_modified"] == (6 if render == "never" else 5)
        assert later["failures"] == 0 and plane.stat().st_mtime_ns == before
        if render == "never":
            # the vise's new bytes: analysed, and its edit archived
            assert later["archived"] == 1
            assert "parallel guide" in archived_files(tmp_path / "archive")[
                base_url + "/notes/vise/"].read_text()
        answers = [path for path, _ in statuses]
        assert answers.count("/notes/plane/") == 1


def test_a_fresh_form_token_in_every_answer_leaves_the_page_unchanged(tmp_path, redis_ns):
    """A CMS that sends no validators and writes a new form token into every answer (Drupal's
    search form on every page): the token is masked, so the pages are still known unchanged
    by their bytes, and an edit is still seen."""
    site = tmp_path / "site"
    write_site(site)
    form = (f'<form action="/search"><input type="hidden" name="form_build_id" '
            f'value="form-{TOKEN_SLOT}"><input name="q"></form>')
    for page in site.rglob("index.html"):
        html = page.read_text()
        assert "</body>" in html
        page.write_text(html.replace("</body>", form + "</body>"))
    with serve_directory(site, validators=False, tokens=True) as base_url:
        first = crawl(base_url, tmp_path, redis_ns, "never")
        assert first["failures"] == 0
        vise = site / "notes" / "vise" / "index.html"
        vise.write_text(vise.read_text().replace("Vise.", "Vise, revised with a parallel guide."))
        later = crawl(base_url, tmp_path, redis_ns, "never")
    # as on a server whose answers are the same bytes every time (the test above)
    assert later["not_modified"] == 6 and later["failures"] == 0
    assert later["archived"] == 1
    assert "parallel guide" in archived_files(tmp_path / "archive")[
        base_url + "/notes/vise/"].read_text()
