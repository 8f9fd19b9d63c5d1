"""--render auto: before the crawl, a start page (and the first articles and listing it links)
is fetched both by plain HTTP and by the browser; a site whose pages are their documents' is
crawled by plain HTTP (a page of it that arrives as a frame of a few short blocks is rendered
after all), a site whose script draws its start page, its articles or its listings is
rendered."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from tests.support.cli import archived_files, run_leafcrawl
from tests.support.http_server import serve_directory, write_page
from tests.support.workshop_site import PROSE, article, body_drawn_by_script, drawn_by_script, home, listing

pytestmark = [pytest.mark.integration, pytest.mark.browser]

POSTS = {"/notes/plane/": "Tuning a bench plane", "/notes/vise/": "Fitting a leg vise",
         "/notes/lamp/": "A lamp for the bench"}
LAMP_SUMMARY = "The lamp, in short: a clamp, an arm and a bulb."
DROPPED = "/notes/an-article-whose-server-hangs-up/"


def write_posts(root):
    write_page(root / "notes" / "plane", article("Tuning a bench plane", "Plane."))
    write_page(root / "notes" / "vise", article("Fitting a leg vise", "Vise."))
    # its HTML holds a one-line summary; its script draws the body
    write_page(root / "notes" / "lamp", body_drawn_by_script(
        article("A lamp for the bench", "Lamp."), LAMP_SUMMARY))
    write_page(root / "tags" / "tools", listing("Tagged: tools", POSTS))
    # two entries: a listing of one teaser and no listing address is a coin toss by any measure
    write_page(root / "picks", listing("Our picks", {"/notes/plane/": "Tuning a bench plane",
                                                     "/notes/vise/": "Fitting a leg vise"}))


def crawl(base_url, workdir, ns):
    summary_file = workdir / "summary.json"
    result = run_leafcrawl(
        "crawl", base_url + "/", "--render", "auto", "--archive-dir", str(workdir / "archive"),
        "--with-worker", "--json-summary", str(summary_file), cwd=workdir, redis_url=ns.url,
        env=ns.env)
    assert result.returncode == 0, result.stderr
    return json.loads(summary_file.read_text()), result.stdout


def rendered_as(ns, base_url, path) -> str:
    return ns.conn.hget(f"{ns.prefix}:page:{base_url}{path}", "render").decode()


def test_a_site_whose_start_page_is_its_document_is_crawled_by_plain_http(tmp_path, redis_ns):
    site = tmp_path / "site"
    # the first link addressed like an article drops the connection: no evidence either way,
    # so it decides nothing (it is no page the crawl gets either)
    write_page(site, home({DROPPED: "Dropped", **POSTS}))
    write_posts(site)
    requests: list[str] = []
    with serve_directory(site, request_log=requests, faults={DROPPED: "drop"}) as base_url:
        summary, stdout = crawl(base_url, tmp_path, redis_ns)
    reason = f"2 pages probed ({base_url}/ and pages it links): each document holds its links and text"
    assert summary["render"] == "plain" and summary["render_reason"] == reason
    # the lamp, its HTML a frame of three short blocks, was rendered all the same
    assert (f"render        plain, by --render auto ({reason}); 1 page rendered, whose HTML "
            "held only a frame") in stdout
    assert summary["rendered_frames"] == 1
    asked = Counter(requests)
    # the start page and the first listing it links: fetched plain and rendered for the
    # comparison, then crawled plain
    for path in ("/", "/tags/tools/"):
        assert asked[path] == 3 and rendered_as(redis_ns, base_url, path) == "plain", path
    for path in ("/notes/plane/", "/notes/vise/", "/picks/"):
        assert asked[path] == 1, path
        assert rendered_as(redis_ns, base_url, path) == "plain", path
    # the lamp's plain page is a leaf of one line: rendered, and archived with its body
    assert asked["/notes/lamp/"] == 2 and rendered_as(redis_ns, base_url, "/notes/lamp/") == "browser"
    explained = run_leafcrawl("explain", base_url + "/notes/lamp/", cwd=tmp_path,
                              redis_url=redis_ns.url, env=redis_ns.env)
    assert "  render    browser\n" in explained.stdout
    files = archived_files(tmp_path / "archive")
    lamp = files[base_url + "/notes/lamp/"].read_text()
    assert LAMP_SUMMARY in lamp and PROSE.strip() in lamp
    assert {u.removeprefix(base_url) for u in files} == set(POSTS)
    assert summary["failures"] == 1 and summary["archived"] == len(POSTS)


def test_a_site_whose_script_draws_its_start_page_is_rendered(tmp_path, redis_ns):
    site = tmp_path / "site"
    # the home's entries are added by its script after load: plain HTTP sees none of them
    write_page(site, drawn_by_script(listing("Recent notes", {}), POSTS))
    write_posts(site)
    requests: list[str] = []
    with serve_directory(site, request_log=requests) as base_url:
        summary, stdout = crawl(base_url, tmp_path, redis_ns)
    assert summary["render"] == "browser"
    assert summary["render_reason"] == (f"{base_url}/: a script drew 3 of its 5 links to other "
                                        "pages of the site")
    asked = Counter(requests)
    assert asked["/"] == 3      # plain and rendered for the comparison, then crawled
    for path in (*POSTS, "/tags/tools/", "/picks/"):
        assert asked[path] == 1, path     # rendered, never fetched plain first
        assert rendered_as(redis_ns, base_url, path) == "browser", path
    files = archived_files(tmp_path / "archive")
    assert {u.removeprefix(base_url) for u in files} == set(POSTS)
    assert PROSE.strip() in files[base_url + "/notes/lamp/"].read_text()


def test_a_static_home_whose_articles_a_script_draws_is_rendered(tmp_path, redis_ns):
    """The home is its document's, but an article addressed like one (a titled slug) shows
    a one-paragraph intro in its HTML and its script draws the rest: too much text for the
    empty-frame rule to catch page by page, so the start's article probe decides."""
    site = tmp_path / "site"
    posts = {"/notes/tuning-a-bench-plane/": "Tuning a bench plane",
             "/notes/fitting-a-leg-vise/": "Fitting a leg vise"}
    write_page(site, home(posts))
    for path, title in posts.items():
        write_page(site / path.strip("/"), body_drawn_by_script(
            article(title, title + "."), f"{title}, in short: {PROSE}"))
    write_page(site / "tags" / "tools", listing("Tagged: tools", posts))
    write_page(site / "picks", listing("Our picks", posts))
    requests: list[str] = []
    with serve_directory(site, request_log=requests) as base_url:
        summary, _ = crawl(base_url, tmp_path, redis_ns)
    assert summary["render"] == "browser"
    # both articles were probed, each fetched plain and rendered, then crawled
    assert all(Counter(requests)[path] == 3 for path in posts)
    probed, reason = summary["render_reason"].split(": ", 1)
    assert probed.removeprefix(base_url) in posts
    assert reason.startswith("a script drew ") and reason.endswith(" characters of text")
    for path in (*posts, "/tags/tools/"):
        assert rendered_as(redis_ns, base_url, path) == "browser", path
    files = archived_files(tmp_path / "archive")
    assert {u.removeprefix(base_url) for u in files} == set(posts)
    assert all(PROSE.strip() in f.read_text() for f in files.values())


def test_a_static_home_whose_listings_a_script_draws_is_rendered(tmp_path, redis_ns):
    """The home's own entries are in its HTML, but its tag page's script draws the tag's
    posts: a plain crawl would never reach the posts only that page lists."""
    site = tmp_path / "site"
    write_page(site, home({"/notes/plane/": "Tuning a bench plane"}))
    write_posts(site)
    write_page(site / "tags" / "tools", drawn_by_script(listing("Tagged: tools", {}), POSTS))
    with serve_directory(site) as base_url:
        summary, _ = crawl(base_url, tmp_path, redis_ns)
    assert summary["render"] == "browser"
    assert summary["render_reason"].startswith(f"{base_url}/tags/tools/: a script drew 3 of its ")
    files = archived_files(tmp_path / "archive")
    assert {u.removeprefix(base_url) for u in files} == set(POSTS)


def test_a_deeper_page_with_an_empty_app_mount_is_rendered(tmp_path, redis_ns):
    """A static site, but one page (not among the probed ones) mounts an app in an empty
    <div id="app"> beside an intro of its own: too much text to read as an empty frame, so
    the mount point is what sends it to the browser, and its archive holds what the app drew."""
    site = tmp_path / "site"
    guide = "/notes/app/"        # not addressed like an article: no probe takes it
    write_page(site, home({**POSTS, guide: "A guide to the bench app"}))
    write_posts(site)
    drawn = "The app lists every clamp in the workshop with its reach and its throat depth."
    page = article("A guide to the bench app", "The app.").replace(
        "</article>", '<div id="app"></div><script>setTimeout(() => document.getElementById('
        f"'app').innerHTML = '<h2>Clamps</h2><p>{drawn}</p>', 50);</script></article>")
    write_page(site / guide.strip("/"), page)
    requests: list[str] = []
    with serve_directory(site, request_log=requests) as base_url:
        summary, _ = crawl(base_url, tmp_path, redis_ns)
    assert summary["render"] == "plain"
    # not probed: fetched plain once, then rendered for its empty mount
    assert Counter(requests)[guide] == 2
    assert rendered_as(redis_ns, base_url, guide) == "browser"
    assert drawn in archived_files(tmp_path / "archive")[base_url + guide].read_text()


def test_a_deeper_empty_frame_is_rendered(tmp_path, redis_ns):
    """A page whose HTML is a bare frame (no known mount id) reads as an index with nothing
    to follow: rendered, and archived with what its script draws."""
    site = tmp_path / "site"
    board = "/notes/board/"
    write_page(site, home({**POSTS, board: "The board"}))
    write_posts(site)
    drawn = "Every jig on the board hangs at the height of the bench it serves."
    write_page(site / board.strip("/"), (
        '<html><head><title>The board</title></head><body><div id="shell"></div><script>'
        "setTimeout(() => document.getElementById('shell').innerHTML = '<main><article>"
        f"<h1>The board</h1><p>{drawn} {PROSE.strip()}</p></article></main>', 50);</script></body></html>"))
    requests: list[str] = []
    with serve_directory(site, request_log=requests) as base_url:
        summary, _ = crawl(base_url, tmp_path, redis_ns)
    assert summary["render"] == "plain"
    assert Counter(requests)[board] == 2 and rendered_as(redis_ns, base_url, board) == "browser"
    assert drawn in archived_files(tmp_path / "archive")[base_url + board].read_text()


def test_short_posts_are_taken_as_they_are_once_the_first_renders_show_nothing_more(
        tmp_path, redis_ns):
    """A changelog blog: its posts are one line each, in any browser. FRAME_TRIALS of them
    are rendered and compared; the others, held meanwhile, are taken as their HTML is."""
    from pipelines.indexiness.render_need import FRAME_TRIALS

    site = tmp_path / "site"
    notes = {f"/notes/v{n}/": f"Release {n}" for n in range(FRAME_TRIALS + 4)}
    write_page(site, home(notes))
    for path, title in notes.items():
        write_page(site / path.strip("/"), article(title, "Fixed.").replace(
            article(title, "Fixed.").split("<article>", 1)[1].split("</article>", 1)[0],
            f"<h1>{title}</h1><p>Fixed a typo in {title}.</p>"))
    requests: list[str] = []
    with serve_directory(site, request_log=requests) as base_url:
        summary, stdout = crawl(base_url, tmp_path, redis_ns)
    assert summary["render"] == "plain"
    assert summary["rendered_frames"] == FRAME_TRIALS
    assert summary["trusted_frames"] == len(notes) - FRAME_TRIALS
    assert f"{len(notes) - FRAME_TRIALS} short pages taken as they are" in stdout
    files = archived_files(tmp_path / "archive")
    for path, title in notes.items():
        assert f"Fixed a typo in {title}." in files[base_url + path].read_text()
    rendered = [p for p in notes if rendered_as(redis_ns, base_url, p) == "browser"]
    assert len(rendered) == FRAME_TRIALS



def test_a_section_whose_script_draws_its_pages_is_rendered_and_the_rest_crawled_plain(
        tmp_path, redis_ns):
    """The home, its posts and listings are their documents', but the docs section is drawn
    by script, under no page the start probes see: its guide lists two pages in its HTML
    and its script adds three more; its pages hold an intro in their HTML and the script
    draws the rest (too much text to read as frames). The first link into each section is
    probed (render_sections.py): /docs/ is rendered, /notes/ stays plain, and the pages
    only the guide's script lists are reached."""
    site = tmp_path / "site"
    guide = "/docs/guide/"
    write_page(site, home({**POSTS, guide: "The docs"}))
    write_posts(site)
    listed = {"/docs/start/": "Getting started", "/docs/tools/": "Choosing tools"}
    drawn = {"/docs/oils/": "Oils and rust", "/docs/honing/": "Honing guides",
             "/docs/advanced/": "Advanced sharpening"}
    write_page(site / guide.strip("/"), drawn_by_script(listing("The docs", listed), drawn))
    for path, title in {**listed, **drawn}.items():
        write_page(site / path.strip("/"), body_drawn_by_script(
            article(title, title + "."), f"{title}, in short: {PROSE}"))
    requests: list[str] = []
    with serve_directory(site, request_log=requests) as base_url:
        summary, stdout = crawl(base_url, tmp_path, redis_ns)
    assert summary["render"] == "plain"
    [why] = summary["rendered_sections"]
    reason = f"{base_url}{guide}: a script drew 3 of its "
    assert why.startswith(f"/docs/: {reason}")
    assert f"; pages under /docs/ rendered ({reason}" in stdout
    asked = Counter(requests)
    # the guide, the first link into /docs/, fetched both ways for the probe, then crawled
    # in the browser; the section's other pages rendered only
    assert asked[guide] == 3
    for path in (*listed, *drawn):
        assert asked[path] == 1, path
    for path in (guide, *listed, *drawn):
        assert rendered_as(redis_ns, base_url, path) == "browser", path
    # the notes' first page probed too, and found its document's: the section crawled plain
    for path in ("/", "/notes/plane/", "/notes/vise/", "/tags/tools/"):
        assert rendered_as(redis_ns, base_url, path) == "plain", path
    assert asked["/notes/plane/"] + asked["/notes/vise/"] == 4
    files = archived_files(tmp_path / "archive")
    assert {u.removeprefix(base_url) for u in files} == {*POSTS, *listed, *drawn}
    for path in (*listed, *drawn):
        assert PROSE.strip() in files[base_url + path].read_text().split(", in short:", 1)[1]


def test_a_section_whose_first_link_is_broken_is_judged_by_its_next_page(tmp_path, redis_ns):
    """The first link into /docs/ answers 404: an error page is no evidence of how the
    section is drawn, so the next link into it is probed, and the section found drawn."""
    site = tmp_path / "site"
    broken, guide = "/docs/moved-away/", "/docs/guide/"
    write_page(site, home({**POSTS, broken: "A page that moved", guide: "The docs"}))
    write_posts(site)
    drawn = {"/docs/oils/": "Oils and rust", "/docs/honing/": "Honing guides",
             "/docs/advanced/": "Advanced sharpening"}
    write_page(site / guide.strip("/"), drawn_by_script(
        listing("The docs", {"/docs/start/": "Getting started"}), drawn))
    for path, title in {"/docs/start/": "Getting started", **drawn}.items():
        write_page(site / path.strip("/"), article(title, title + "."))
    requests: list[str] = []
    with serve_directory(site, request_log=requests) as base_url:
        summary, _ = crawl(base_url, tmp_path, redis_ns)
    assert summary["render"] == "plain"
    [why] = summary["rendered_sections"]
    assert why.startswith(f"/docs/: {base_url}{guide}: a script drew 3 of its ")
    for path in (guide, *drawn):
        assert rendered_as(redis_ns, base_url, path) == "browser", path
    files = archived_files(tmp_path / "archive")
    assert {base_url + p for p in drawn} <= set(files)
    assert summary["failures"] == 1          # the broken link, counted once: by the crawl
