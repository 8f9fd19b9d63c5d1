"""A site behind a login form (a members' blog, a company's docs) is crawled with the cookies
the user's browser exported once logged in (--cookies FILE), in both render modes; without
them every page leads to the login form, and a file without the site's cookies is refused
before the crawl starts."""

from __future__ import annotations

import json

import pytest

from tests.support.cli import archived_files, run_leafcrawl
from tests.support.http_server import serve_directory, write_page

pytestmark = pytest.mark.integration

SESSION = ("members_session", "c0ffee-41e5")
PROSE = "The choir met in the boathouse on Thursdays, and the oars hung above the altos. " * 20
# the menu's "Log out" ends the session (the site has no page there: a crawl that followed
# it would count a failure)
HOME = """<html><head><title>Members</title></head><body><header><nav><a href="/">Home</a>
<a href="/logout/">Log out</a></nav></header><main><h1>Members' news</h1><ul>
<li><h2><a href="/2024/06/the-choir/">The choir</a></h2><p>Thursdays.</p></li>
<li><h2><a href="/2024/07/the-regatta/">The regatta</a></h2><p>July.</p></li></ul></main>
</body></html>"""
# each post's last paragraph is drawn by the site's own script, which the session guards too
POST = """<html><head><title>{title}</title><script src="/assets/post.js" defer></script>
</head><body><main><article><h1>{title}</h1><p>{prose}</p><div id="drawn"></div></article>
</main></body></html>"""
DRAWN = ("After the last hymn the tenors carried the long boat down to the water, still "
         "singing, and the coxswain counted them off the slipway one by one.")
POST_JS = "document.getElementById('drawn').innerHTML = '<p>%s</p>';" % DRAWN
LOGIN_FORM = """<html><head><title>Log in</title></head><body><main><h1>Log in</h1>
<form method="post" action="/login/"><input name="user"><input name="password" type="password">
<button>Log in</button></form></main></body></html>"""


def write_site(root):
    write_page(root, HOME)
    write_page(root / "2024/06/the-choir", POST.format(title="The choir", prose=PROSE))
    write_page(root / "2024/07/the-regatta", POST.format(title="The regatta", prose=PROSE))
    write_page(root / "login", LOGIN_FORM)
    (root / "assets").mkdir()
    (root / "assets/post.js").write_text(POST_JS)


def cookies_txt(*lines: str) -> str:
    return "# Netscape HTTP Cookie File\n" + "".join(line + "\n" for line in lines)


# the user's session on the site, among cookies of the other sites they visit
EXPORT = cookies_txt(f"127.0.0.1\tFALSE\t/\tFALSE\t0\t{SESSION[0]}\t{SESSION[1]}",
                     ".video.example\tTRUE\t/\tTRUE\t0\tprefs\tdark")


def crawl_members_site(tmp_path, redis_ns, render: str, *options, env=None, **server):
    """Crawl the site written to tmp_path/site, which the session guards, with these
    options (a callable one is given the site's base URL); (base URL, the crawl's result,
    its summary, (path, granted) of each request the site saw)."""
    requests: list[tuple[str, bool]] = []
    server.setdefault("session", SESSION)
    with serve_directory(tmp_path / "site", login_log=requests, **server) as base:
        summary_file = tmp_path / "summary.json"
        result = run_leafcrawl(
            "crawl", base + "/", "--render", render, "--archive-dir", str(tmp_path / "archive"),
            "--with-worker", "--json-summary", str(summary_file),
            *(o(base) if callable(o) else o for o in options),
            cwd=tmp_path, redis_url=redis_ns.url, env={**redis_ns.env, **(env or {})})
    summary = json.loads(summary_file.read_text()) if summary_file.exists() else None
    return base, result, summary, requests


def crawl(tmp_path, redis_ns, render: str, cookies: str | None):
    write_site(tmp_path / "site")
    options = []
    if cookies is not None:
        (tmp_path / "cookies.txt").write_text(cookies)
        options = ["--cookies", "cookies.txt"]
    return crawl_members_site(tmp_path, redis_ns, render, *options)


@pytest.mark.parametrize("render", ["never", pytest.param("always", marks=pytest.mark.browser)])
def test_a_site_behind_a_login_form_is_crawled_with_the_exported_cookies(tmp_path, redis_ns, render):
    base, result, summary, requests = crawl(tmp_path, redis_ns, render, EXPORT)
    assert result.returncode == 0, result.stderr
    assert summary["archived"] == 2 and summary["failures"] == 0
    archive = archived_files(tmp_path / "archive")
    markdown = archive[f"{base}/2024/06/the-choir/"].read_text()
    assert "oars hung above the altos" in markdown
    if render == "always":
        # the page's own script came with the session too
        assert DRAWN in markdown
        assert ("/assets/post.js", True) in requests
    # every request of the crawl carried the session; the login form was never seen, and
    # the menu's "Log out" never followed
    assert requests and all(granted for _, granted in requests)
    assert not any(path == "/logout/" for path, _ in requests)
    assert not any("/login/" in url for url in archive)
    assert SESSION[1] not in result.stdout + result.stderr
    assert not any(SESSION[1] in p.read_text(errors="replace") for p in tmp_path.rglob("*.log"))


def test_without_the_cookies_the_crawl_says_its_pages_led_to_the_login_form(tmp_path, redis_ns):
    _, result, summary, requests = crawl(tmp_path, redis_ns, "never", None)
    assert requests and not any(granted for _, granted in requests)
    # the home page, behind the form too: the crawl ends there
    assert summary["archived"] == 0 and summary["login_walls"] == 1
    assert "1 page led to the site's login form (http://" in result.stdout
    assert "--cookies FILE" in result.stdout


def test_an_ended_session_is_named(tmp_path, redis_ns):
    """The site no longer knows the exported session (logged out, or it expired on the
    server before the file says)."""
    ended = EXPORT.replace(SESSION[1], "ended-session")
    _, result, summary, _ = crawl(tmp_path, redis_ns, "never", ended)
    assert summary["archived"] == 0 and summary["login_walls"] == 1
    assert "the session in the cookies file has ended" in result.stdout


def test_a_cookies_file_without_the_sites_cookies_is_refused_before_the_crawl(tmp_path, redis_ns):
    other_sites_only = cookies_txt(".video.example\tTRUE\t/\tTRUE\t0\tprefs\tdark")
    _, result, _, requests = crawl(tmp_path, redis_ns, "never", other_sites_only)
    assert result.returncode != 0
    assert "cookies.txt" in result.stderr and "no cookie for 127.0.0.1" in result.stderr
    assert "video.example" in result.stderr
    assert requests == []
