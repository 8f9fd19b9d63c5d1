"""Browser crawls fetch no images unless a site asks for them: the archive is text, and the
image's address stays in the Markdown either way."""

from __future__ import annotations

import base64
import json

import pytest

from tests.support.cli import archived_files, run_leafcrawl
from tests.support.http_server import serve_directory, write_page

pytestmark = [pytest.mark.integration, pytest.mark.browser]

# A 1x1 transparent PNG: a real image the browser would decode.
PIXEL = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=")
POST = """<html><head><title>A post with a picture</title></head><body><main><article>
<h1>A post with a picture</h1>
<p>{prose}</p>
<figure><img src="/media/picture.png" alt="The harbour at dawn"></figure>
<p>{prose}</p>
</article></main></body></html>""".format(prose="The boats came in at first light and the market opened. " * 20)
HOME = """<html><head><title>Home</title></head><body><main><h1>Posts</h1><ul>
<li><h2><a href="/2024/05/a-post-with-a-picture/">A post with a picture</a></h2></li>
</ul></main></body></html>"""


@pytest.fixture()
def site(tmp_path):
    root = tmp_path / "site"
    write_page(root, HOME)
    write_page(root / "2024/05/a-post-with-a-picture", POST)
    (root / "media").mkdir()
    (root / "media/picture.png").write_bytes(PIXEL)
    return root


def crawl(site, workdir, ns, *extra):
    requests: list[str] = []
    with serve_directory(site, request_log=requests) as base_url:
        summary_file = workdir / "summary.json"
        result = run_leafcrawl(
            "crawl", base_url + "/", "--render", "always", "--archive-dir", str(workdir / "archive"),
            "--with-worker", "--json-summary", str(summary_file), *extra,
            cwd=workdir, redis_url=ns.url, env=ns.env)
    assert result.returncode == 0, result.stderr
    assert json.loads(summary_file.read_text())["archived"] == 1
    markdown = next(iter(archived_files(workdir / "archive").values())).read_text()
    return requests, markdown


def test_a_browser_crawl_fetches_no_images_but_keeps_their_addresses(site, tmp_path, redis_ns):
    requests, markdown = crawl(site, tmp_path, redis_ns)
    assert "/2024/05/a-post-with-a-picture/" in requests
    assert "/media/picture.png" not in requests
    assert "![The harbour at dawn](" in markdown and "/media/picture.png)" in markdown


def test_load_images_lets_the_browser_fetch_them(site, tmp_path, redis_ns):
    requests, markdown = crawl(site, tmp_path, redis_ns, "--load-images")
    assert "/media/picture.png" in requests
    assert "/media/picture.png)" in markdown
