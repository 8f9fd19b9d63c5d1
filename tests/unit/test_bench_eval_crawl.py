"""bench/eval_crawl.py: label loading, path<->URL keys, front matter, metrics, CLI wiring."""

import importlib.util
import json
import sys
import textwrap
import unicodedata
from pathlib import Path

import pytest

from tests.fixtures.make_blog import make_blog, write_labels_csv

REPO = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("eval_crawl", REPO / "bench" / "eval_crawl.py")
ev = importlib.util.module_from_spec(_spec)
sys.modules.setdefault("eval_crawl", ev)  # dataclasses look their module up there
_spec.loader.exec_module(ev)

LABELS_CSV = """\
path,label,how
index.html,index,home
page/2/index.html,index,home pagination
2013/foo/index.html,leaf,post
2013/bar/index.html,leaf,post
tags/c++/index.html,index,tag term
blog/2016/07/31/i-wish-i-enjoyed-pokémon-go/index.html,leaf,post
about/index.html,leaf,"standalone page (not a post, no date)"
404.html,other,404 page
media/x.html,other,static file
"""


@pytest.fixture
def labels(tmp_path):
    f = tmp_path / "labels.csv"
    f.write_text(LABELS_CSV, encoding="utf-8")
    return ev.load_labels(f)


def test_load_labels_reads_quoted_fields(labels):
    assert len(labels) == 9
    assert labels[6] == ev.Label("about/index.html", "leaf",
                                 "standalone page (not a post, no date)")
    assert {lb.label for lb in labels} == {"leaf", "index", "other"}


def test_load_labels_rejects_other_columns(tmp_path):
    f = tmp_path / "labels.csv"
    f.write_text("url,kind\n/,index\n", encoding="utf-8")
    with pytest.raises(ValueError, match="path,label,how"):
        ev.load_labels(f)


@pytest.mark.parametrize("label_path, urls", [
    ("index.html", ["http://127.0.0.1:8000/", "http://127.0.0.1:8000", "/index.html", "/"]),
    ("2013/foo/index.html", ["http://127.0.0.1:1/2013/foo/", "/2013/foo",
                             "http://127.0.0.1:1/2013/foo/index.html", "/2013/foo/#comments"]),
    ("tags/c++/index.html", ["http://127.0.0.1:1/tags/c%2B%2B/", "/tags/c++/"]),
    ("blog/2016/07/31/i-wish-i-enjoyed-pokémon-go/index.html",
     ["http://127.0.0.1:1/blog/2016/07/31/i-wish-i-enjoyed-pok%C3%A9mon-go/",
      unicodedata.normalize("NFD", "/blog/2016/07/31/i-wish-i-enjoyed-pokémon-go/")]),
    ("404.html", ["http://127.0.0.1:1/404.html"]),
    ("topic/3-x", ["http://127.0.0.1:1/topic/3-x?page=1"]),          # a pager's page 1
    ("memberlist?sort=name", ["http://127.0.0.1:1/memberlist?page=1&sort=name"]),
    ("#/routing", ["http://127.0.0.1:1/#/routing", "http://127.0.0.1:1/#/routing?id=x", "/#/routing/"]),
])
def test_label_paths_and_their_urls_share_one_key(label_path, urls):
    key = ev.path_key(label_path)
    for url in urls:
        assert ev.path_key(url) == key, url


def test_different_pages_get_different_keys():
    keys = {ev.path_key(p) for p in ["/", "/?page=2", "/page/2/", "/2013/foo/", "/2013/foo.html",
                                     "/tags/c/", "/tags/c++/", "/tags/c%20%20/", "/#/tags/c/"]}
    assert len(keys) == 9


def test_read_front_matter_variants():
    assert ev.read_front_matter("---\nurl: 'http://h/a/'\ntitle: \"A: b\"\n---\n# A\n") == {
        "url": "http://h/a/", "title": "A: b"}
    assert ev.read_front_matter("---\nurl: http://h/b/\nscore: -3.5\n---\n")["url"] == "http://h/b/"
    # Invalid YAML elsewhere in the block still yields the url line.
    assert ev.read_front_matter("---\nurl: http://h/c/\ntitle: [unclosed\n---\n")["url"] == "http://h/c/"
    assert ev.read_front_matter("# no front matter\nurl: x\n") == {}
    assert ev.read_front_matter("---\nurl: never closed\n") == {}


def test_archived_urls_walks_the_archive(tmp_path):
    a = tmp_path / "archive" / "127.0.0.1_8000" / "2013"
    a.mkdir(parents=True)
    (a / "foo.md").write_text("---\nurl: http://127.0.0.1:8000/2013/foo/\n---\ntext\n")
    (a / "foo-2.md").write_text("---\nurl: http://127.0.0.1:8000/2013/foo/\n---\ntext\n")
    (a / "notes.md").write_text("no front matter\n")
    (a / "skip.txt").write_text("---\nurl: http://127.0.0.1:8000/x/\n---\n")
    found = ev.archived_urls(tmp_path / "archive")
    assert list(found) == ["http://127.0.0.1:8000/2013/foo/"]
    assert len(found["http://127.0.0.1:8000/2013/foo/"]) == 2


def test_a_split_posts_pages_are_archived_in_its_one_file(tmp_path):
    a = tmp_path / "archive" / "127.0.0.1_8000"
    a.mkdir(parents=True)
    (a / "story.md").write_text("---\nurl: http://127.0.0.1:8000/story/\nparts:\n"
                                "- http://127.0.0.1:8000/story/2/\n---\ntext\n")
    found = ev.archived_urls(tmp_path / "archive")
    assert found == {"http://127.0.0.1:8000/story/": [a / "story.md"],
                     "http://127.0.0.1:8000/story/2/": [a / "story.md"]}


def test_evaluate_precision_recall_and_groups(labels):
    base = "http://127.0.0.1:9/"
    archived = [base + "2013/foo/", base + "2013/foo/index.html",  # same page twice
                base + "about/", base + "tags/c%2B%2B/",            # a leaf, an index page
                base + "404.html",                                 # "other": ignored
                base + "not/in/labels/"]                           # unlabelled: counts against
    summary = {"pages_fetched": 14, "crawl_s": 2.0, "elapsed_s": 3.5}
    r = ev.evaluate(labels, archived, summary)
    assert (r["archived_leaves"], r["archived_index"], r["archived_unlabelled"],
            r["archived_other"]) == (2, 1, 1, 1)
    assert r["leaf_precision"] == 0.5          # 2 / (2 + 1 + 1)
    assert r["leaf_recall"] == 0.5             # 2 of 4 leaves
    assert r["leaf_f1"] == 0.5
    assert (r["site_pages"], r["site_leaves"], r["site_index"]) == (7, 4, 3)
    assert r["pages_fetched"] == 14 and r["fetched_vs_site"] == 2.0
    assert r["pages_per_s"] == 7.0
    assert r["missed_leaves"] == ["/2013/bar", "/blog/2016/07/31/i-wish-i-enjoyed-pokémon-go"]
    assert r["archived_index_pages"] == ["/tags/c++"]
    assert r["unlabelled_archived"] == ["/not/in/labels"]
    assert r["by_how"]["post"] == {"label": "leaf", "pages": 3, "archived": 1, "not_archived": 2}
    assert r["by_how"]["home"] == {"label": "index", "pages": 1, "archived": 0, "not_archived": 1}
    assert "404 page" not in r["by_how"]
    assert "verdicts" not in r


def test_evaluate_with_nothing_archived_and_no_summary(labels):
    r = ev.evaluate(labels, [])
    assert r["leaf_precision"] is None and r["leaf_recall"] == 0.0 and r["leaf_f1"] is None
    assert r["pages_fetched"] is None and r["pages_per_s"] is None
    text = ev.render_table(r, "empty")
    assert "leaf precision" in text and "-" in text


def test_evaluate_verdicts_balanced_accuracy(labels):
    base = "http://127.0.0.1:9"
    verdicts = {base + "/": "index", base + "/page/2/": "leaf", base + "/tags/c%2B%2B/": "index",
                base + "/2013/foo/": "leaf", base + "/2013/bar/": "leaf",
                base + "/about/": "index", base + "/404.html": "leaf", base + "/zzz/": "index"}
    r = ev.evaluate(labels, [], verdicts=verdicts)
    v = r["verdicts"]
    assert v["confusion"] == {"leaf": {"leaf": 2, "index": 1}, "index": {"leaf": 1, "index": 2}}
    assert v["leaf_recall"] == pytest.approx(2 / 3, abs=1e-4)
    assert v["balanced_accuracy"] == pytest.approx(2 / 3, abs=1e-4)
    assert r["by_how"]["home pagination"]["verdict_leaf"] == 1
    assert "v:leaf" in ev.render_table(r)


FAKE_LEAFCRAWL = textwrap.dedent('''\
    """Stands in for `leafcrawl`: fetches the start page, archives the posts it links to."""
    import argparse, json, re, sys, urllib.request
    from pathlib import Path
    if sys.argv[1] == "scores":
        print(json.dumps({"sites": {"x": [{"url": "%s", "verdict": "leaf"}]}}))
        sys.exit(0)
    ap = argparse.ArgumentParser()
    ap.add_argument("cmd"); ap.add_argument("url"); ap.add_argument("--render")
    ap.add_argument("--archive-dir"); ap.add_argument("--max-pages", type=int)
    ap.add_argument("--json-summary"); ap.add_argument("--with-worker", action="store_true")
    a = ap.parse_args()
    html = urllib.request.urlopen(a.url, timeout=10).read().decode()
    posts = sorted(set(re.findall(r'href="(/posts/[^"]+/)"', html)))
    out = Path(a.archive_dir) / "site"
    out.mkdir(parents=True)
    for i, p in enumerate(posts):
        (out / f"{i}.md").write_text(f"---\\nurl: {a.url.rstrip('/')}{p}\\n---\\nbody\\n")
    Path(a.json_summary).write_text(json.dumps(
        {"pages_fetched": 1 + len(posts), "crawl_s": 0.5, "elapsed_s": 1.0,
         "render": a.render, "cwd": str(Path.cwd()), "max_pages": a.max_pages}))
    ''')


def test_main_serves_the_corpus_runs_the_crawler_and_scores_the_archive(tmp_path, capsys):
    corpus = tmp_path / "corpus"
    blog = make_blog(corpus / "site")
    write_labels_csv(blog, corpus / "labels.csv")
    fake = tmp_path / "fake_leafcrawl.py"
    fake.write_text(FAKE_LEAFCRAWL % "http://127.0.0.1:1/about/", encoding="utf-8")
    out = tmp_path / "out"
    code = ev.main([str(corpus), "--render", "never", "--out", str(out),
                    "--leafcrawl", f"{sys.executable} {fake}"])
    assert code == 0, (out / "crawl.log").read_text()
    result = json.loads((out / "eval.json").read_text(encoding="utf-8"))
    home_posts = blog.listed["/"]  # the aside's recent posts are among them
    assert result["archived_leaves"] == len(home_posts)
    assert result["leaf_precision"] == 1.0
    assert result["leaf_recall"] == round(len(home_posts) / len(blog.leaf_pages), 4)
    assert result["summary"]["cwd"] == str(out.resolve())  # embedded Redis stays in OUT
    assert result["summary"]["max_pages"] == 2 * len(blog.pages) + 100
    assert result["pages_per_s"] == (1 + len(home_posts)) / 0.5
    assert result["verdicts"]["confusion"]["leaf"]["leaf"] == 1
    assert result["by_how"]["post"]["archived"] == len(home_posts)
    assert result["run"]["exit_code"] == 0 and result["run"]["base_url"].startswith("http://127.0.0.1:")
    printed = capsys.readouterr().out
    assert "leaf precision" in printed and "tag term" in printed

    # Re-scoring the same run folder without crawling gives the same numbers.
    assert ev.main([str(corpus), "--out", str(out), "--evaluate-only",
                    "--leafcrawl", f"{sys.executable} {fake}"]) == 0
    again = json.loads((out / "eval.json").read_text(encoding="utf-8"))
    assert again["leaf_recall"] == result["leaf_recall"]


def test_main_reports_a_failed_crawl(tmp_path, capsys):
    corpus = tmp_path / "corpus"
    write_labels_csv(make_blog(corpus / "site"), corpus / "labels.csv")
    failing = tmp_path / "failing.py"
    failing.write_text("import sys; print('boom'); sys.exit(3)\n")
    code = ev.main([str(corpus), "--out", str(tmp_path / "out"),
                    "--leafcrawl", f"{sys.executable} {failing}"])
    assert code == 1
    assert "exited 3" in capsys.readouterr().err
    assert "boom" in (tmp_path / "out" / "crawl.log").read_text()


def test_main_rejects_a_folder_without_site_and_labels(tmp_path):
    assert ev.main([str(tmp_path)]) == 2


def test_leaves_with_the_right_day(tmp_path):
    Label, right_days = ev.Label, ev.right_days

    labels = [Label("2024/a/index.html", "leaf", "post", "2024-03-01"),
              Label("2024/b/index.html", "leaf", "post", "2024-03-02"),
              Label("about/index.html", "leaf", "page", ""),
              Label("index.html", "index", "home", "")]
    files = {}
    for name, date in (("a", "'2024-03-01T09:00:00+01:00'"), ("b", "'2024-02-28'"), ("about", None)):
        md = tmp_path / f"{name}.md"
        md.write_text("---\nurl: x\n" + (f"date: {date}\n" if date else "") + "---\n\n# T\n")
        files[f"http://h:1/{'2024/' if name != 'about' else ''}{name}/"] = [md]
    assert right_days(labels, files) == {"leaves_dated": 2, "right_day": 1, "share": 0.5}
    assert right_days([Label("x/index.html", "leaf", "post")], files) is None


# A mirror made with wget --adjust-extension: files named after the addresses the forum served.
SERVED_CSV = """\
path,label,how,url
index.html,index,board index,/
user/ada.html,index,user profile,/user/ada
topic/3-x.html,leaf,topic,/topic/3-x
topic/3-x?page=2.html,leaf,topic page N,/topic/3-x?page=2
about.html,leaf,page,
"""


@pytest.fixture
def served_labels(tmp_path):
    f = tmp_path / "labels.csv"
    f.write_text(SERVED_CSV, encoding="utf-8")
    return ev.load_labels(f)


def test_load_labels_reads_the_served_address(served_labels):
    assert served_labels[1] == ev.Label("user/ada.html", "index", "user profile", "", "/user/ada")
    assert served_labels[4].url == ""


@pytest.mark.parametrize("archived", [
    # a crawl of the live forum: its own addresses
    ["http://127.0.0.1:8000/topic/3-x?page=1", "http://127.0.0.1:8000/topic/3-x?page=2",
     "http://127.0.0.1:8000/user/ada", "http://127.0.0.1:8000/about.html"],
    # a crawl of the mirror's files on the static server, linked as --convert-links wrote them
    ["http://127.0.0.1:8000/topic/3-x.html", "http://127.0.0.1:8000/topic/3-x%3Fpage=2.html",
     "http://127.0.0.1:8000/user/ada.html", "http://127.0.0.1:8000/about.html"],
])
def test_a_live_crawl_and_a_crawl_of_the_mirror_meet_the_same_labels(served_labels, archived):
    r = ev.evaluate(served_labels, archived)
    assert (r["archived_leaves"], r["archived_index"], r["archived_unlabelled"]) == (3, 1, 0)
    assert r["leaf_recall"] == 1.0
    assert r["archived_index_pages"] == ["/user/ada"]
    assert r["missed_leaves"] == []


def test_verdicts_meet_labels_at_their_served_address(served_labels):
    verdicts = {"http://127.0.0.1:8000/user/ada": "index",
                "http://127.0.0.1:8000/topic/3-x?page=2.html": "leaf",   # the file's name
                "http://127.0.0.1:8000/user/ada.html": "leaf"}           # the mirror's name
    v = ev.evaluate(served_labels, [], verdicts=verdicts)["verdicts"]
    assert v["confusion"] == {"leaf": {"leaf": 1, "index": 0}, "index": {"leaf": 1, "index": 1}}


def test_a_leaf_is_dated_at_its_served_address(tmp_path):
    labels = [ev.Label("topic/3-x.html", "leaf", "topic", "2024-03-01", "/topic/3-x")]
    md = tmp_path / "t.md"
    md.write_text("---\nurl: x\ndate: '2024-03-01'\n---\n")
    assert ev.right_days(labels, {"http://h:1/topic/3-x": [md]})["right_day"] == 1
    assert ev.right_days(labels, {"http://h:1/topic/3-x.html": [md]})["right_day"] == 1
