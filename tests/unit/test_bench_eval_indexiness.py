"""bench/eval_indexiness.py: the address a site corpus's page is scored at."""
import pytest

from bench import eval_indexiness as ei

LABELS = """\
path,label,how,url
index.html,index,board index,/
user/ada.html,index,user profile,/user/ada
topic/3-x?page=2.html,leaf,topic page N,/topic/3-x?page=2
about.html,leaf,page,
gone.html,leaf,page,/gone
static/x.css,other,static,
"""


@pytest.fixture(autouse=True)
def site_url(monkeypatch):
    monkeypatch.setattr(ei, "SITE_URL", "http://127.0.0.1:8000/")


@pytest.mark.parametrize("path, url", [
    ("index.html", "http://127.0.0.1:8000/"),
    ("2013/foo/index.html", "http://127.0.0.1:8000/2013/foo/"),
    ("genindex.html", "http://127.0.0.1:8000/genindex.html"),
    ("topic/44?page=2.html", "http://127.0.0.1:8000/topic/44?page=2"),
    ("user/ada.html", "http://127.0.0.1:8000/user/ada.html"),   # no column: nothing says
])
def test_without_a_served_address_the_file_names_the_url(path, url):
    assert ei.site_url(path) == url


def test_a_served_address_is_the_url():
    assert ei.site_url("user/ada.html", "/user/ada") == "http://127.0.0.1:8000/user/ada"
    assert ei.site_url("user/ada/posts.html", "user/ada/posts") == \
        "http://127.0.0.1:8000/user/ada/posts"
    assert ei.site_url("index.html", "/") == "http://127.0.0.1:8000/"


def _corpus(tmp_path, labels):
    (tmp_path / "labels.csv").write_text(labels)
    for row in labels.splitlines()[1:]:
        path = row.split(",")[0]
        if path != "gone.html":       # labelled, not in the mirror: not scored
            (tmp_path / "site" / path).parent.mkdir(parents=True, exist_ok=True)
            (tmp_path / "site" / path).write_text("<html><body><p>x</p></body></html>")
    return tmp_path


def test_site_jobs_score_each_page_at_its_served_address(tmp_path):
    root = _corpus(tmp_path, LABELS)
    jobs = {url: (label, how) for _, url, label, how in ei.site_jobs(root)}
    assert jobs == {"http://127.0.0.1:8000/": ("index", "board index"),
                    "http://127.0.0.1:8000/user/ada": ("index", "user profile"),
                    "http://127.0.0.1:8000/topic/3-x?page=2": ("leaf", "topic page N"),
                    "http://127.0.0.1:8000/about.html": ("leaf", "page")}   # empty url: the file


def test_site_jobs_without_the_column_keep_the_file_rule(tmp_path):
    root = _corpus(tmp_path, "path,label,how\nindex.html,index,home\nuser/ada.html,index,user\n")
    assert [url for _, url, _, _ in ei.site_jobs(root)] == [
        "http://127.0.0.1:8000/", "http://127.0.0.1:8000/user/ada.html"]
