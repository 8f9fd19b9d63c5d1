"""A site behind HTTP Basic auth (a staging site, an intranet wiki) is crawled with
--http-user and the password from LEAFCRAWL_HTTP_PASSWORD, in both render modes; without
them the crawl says that the site asks for a login."""

from __future__ import annotations

import json

import pytest

from tests.support.cli import archived_files, run_leafcrawl
from tests.support.http_server import serve_directory, write_page

pytestmark = pytest.mark.integration

LOGIN = ("editor", "harbour: 7 lights")
PROSE = "The ferry left the quay at dawn with the mail and two crates of lemons. " * 20
HOME = """<html><head><title>Staging</title></head><body><main><h1>Posts</h1><ul>
<li><h2><a href="/2024/05/the-ferry/">The ferry</a></h2><p>Dawn.</p></li></ul></main>
</body></html>"""
# the post's last paragraph is drawn by the site's own script, which the login guards too
POST = f"""<html><head><title>The ferry</title><script src="/assets/post.js" defer></script>
</head><body><main><article><h1>The ferry</h1><p>{PROSE}</p><div id="drawn"></div></article>
</main></body></html>"""
DRAWN = ("The harbour lights came on at six, one after another along the mole, and the "
         "ferry answered them from beyond the point with three long blasts of its horn.")
POST_JS = "document.getElementById('drawn').innerHTML = '<p>%s</p>';" % DRAWN


def write_site(root):
    write_page(root, HOME)
    write_page(root / "2024/05/the-ferry", POST)
    (root / "assets").mkdir()
    (root / "assets/post.js").write_text(POST_JS)


def crawl(tmp_path, redis_ns, render: str, *extra, env=None):
    site = tmp_path / "site"
    write_site(site)
    logins: list[tuple[str, bool]] = []
    with serve_directory(site, login=LOGIN, login_log=logins) as base:
        summary_file = tmp_path / "summary.json"
        result = run_leafcrawl(
            "crawl", base + "/", "--render", render, "--archive-dir", str(tmp_path / "archive"),
            "--with-worker", "--json-summary", str(summary_file), *extra,
            cwd=tmp_path, redis_url=redis_ns.url, env={**redis_ns.env, **(env or {})})
    summary = json.loads(summary_file.read_text()) if summary_file.exists() else None
    return base, result, summary, logins


@pytest.mark.parametrize("render", ["never", pytest.param("always", marks=pytest.mark.browser)])
def test_a_site_behind_a_login_is_crawled_with_the_users_credentials(tmp_path, redis_ns, render):
    base, result, summary, logins = crawl(tmp_path, redis_ns, render, "--http-user", LOGIN[0],
                                          env={"LEAFCRAWL_HTTP_PASSWORD": LOGIN[1]})
    assert result.returncode == 0, result.stderr
    assert summary["archived"] == 1 and summary["failures"] == 0
    markdown = archived_files(tmp_path / "archive")[f"{base}/2024/05/the-ferry/"].read_text()
    assert "two crates of lemons" in markdown
    if render == "always":
        assert DRAWN in markdown
        assert ("/assets/post.js", True) in logins
    # every page the crawl asked for, it asked for with the login
    assert all(granted for path, granted in logins if not path.startswith("/assets/"))
    assert LOGIN[1] not in result.stdout + result.stderr
    assert not any(LOGIN[1] in p.read_text(errors="replace") for p in tmp_path.rglob("*.log"))


def test_without_credentials_the_crawl_says_the_site_asks_for_a_login(tmp_path, redis_ns):
    _, result, summary, logins = crawl(tmp_path, redis_ns, "never")
    assert logins and not any(granted for _, granted in logins)
    out = result.stdout + result.stderr
    assert "HTTP 401" in out and "--http-user" in out
    assert summary is None or summary["archived"] == 0


def test_a_refused_login_is_named(tmp_path, redis_ns):
    _, result, _, _ = crawl(tmp_path, redis_ns, "never", "--http-user", LOGIN[0],
                            env={"LEAFCRAWL_HTTP_PASSWORD": "wrong"})
    out = result.stdout + result.stderr
    assert "HTTP 401" in out and "login was refused" in out


def test_a_user_without_a_password_is_a_usage_error(tmp_path, redis_ns):
    result = run_leafcrawl("crawl", "http://127.0.0.1:9/", "--http-user", "editor",
                           cwd=tmp_path, redis_url=redis_ns.url,
                           env={**redis_ns.env, "LEAFCRAWL_HTTP_PASSWORD": ""})
    assert result.returncode != 0
    assert "LEAFCRAWL_HTTP_PASSWORD" in result.stderr
