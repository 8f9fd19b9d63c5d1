"""Build a Lektor site (the project `lektor quickstart` writes, with its basic blog) from a
Markdown changelog, as a labelled corpus like ../shared/corpora/sites/<site>.

    pip install lektor lektor-tags          # in any venv: LEKTOR names its lektor command
    python bench/sites/build_lektor_blog.py CHANGELOG.md OUT_DIR [--lektor PATH] [--no-tags]

Nothing is downloaded: this runs

    lektor quickstart --name 'Release notes' --path OUT_DIR/src     # answering its prompts:
        author "The maintainers", "Add Basic Blog" yes (its default), create
    lektor --project OUT_DIR/src build -O OUT_DIR/site --buildstate-path OUT_DIR/buildstate

Lektor loads every plugin installed beside it (the `lektor.plugins` entry point), so
lektor-tags is not named in the project file, whose [packages] Lektor would pip-install into
its own cache. The quickstart's example post (dated the day it runs) is removed; each
`## <version> (<Month day, year>)` section of the changelog becomes a post
(content/blog/release-<version>/contents.lr, model blog-post) dated that day, by "The
maintainers", tagged with its `#### Added/Changed/Fixed…` subsections; its about page gets
changelog_posts.ABOUT; its home (content/contents.lr: "Welcome to Release notes!", a sentence
of prose) and projects page (a sentence and three unlinked bullets) are kept as written. The
rest is the quickstart's: model blog ordered by -pub_date, title, pagination enabled,
per_page = 10 (Lektor's own default would be 20; the url_suffix is Lektor's "page"), so
/blog/ shows the newest ten whole posts, each under its linked title, and /blog/page/2/ ..
/blog/page/10/ the rest, with a "« Previous | N | Next »" pager; posts at
/blog/release-1-10-0/; pages at /about/, /projects/; one stylesheet, no feed, no 404 page,
no sitemap. With lektor-tags (configs/tags.ini: `parent = /blog`, `template = tags.html`,
the rest its defaults; the plugin's own default template, outside the project, fails the
build in Lektor 3.3.14: "is not below the source folder") the blog-post model gains a `tags`
field (type strings), the post template links the post's tags as the plugin's README does,
and each tag gets one unpaged page /blog/tag/<tag>/ (templates/tags.html, in the
quickstart's layout: a heading and a list of the tagged posts' linked titles); the plugin
makes no tag index. --no-tags builds without them.
OUT_DIR gets `src/` (the Lektor project), `site/` and `labels.csv` (path,label,how), by the
source each page is built from: the blog's list pages (page 1 and the numbered pages) and
the tag pages are index pages; posts, the about and projects pages are leaves; the home
page is other (changelog_posts.AUTHORED_ROOT: the quickstart renders it with page.html, as
/about/, a title and a sentence under the site's menu, written by its author and listing
nothing); the stylesheet is left out.
Starlette's docs/release-notes.md (its sdist: 146 releases, 98 of them dated, so 98 posts)
is the changelog bench/README.md's figures use.
"""
from __future__ import annotations

import argparse
import re
import shutil
import subprocess
from pathlib import Path

from changelog_posts import ABOUT, AUTHORED_ROOT, post_days, posts, write_labels

NAME, AUTHOR = "Release notes", "The maintainers"
# The quickstart's prompts after --name and --path: author name, "Add Basic Blog" (default
# yes), "Create project?".
ANSWERS = f"{AUTHOR}\ny\ny\n"
TAGS_FIELD = "\n[fields.tags]\nlabel = Tags\ntype = strings\n"
# The post template's one line, and the tag links the lektor-tags README adds after it.
POST_BODY = "{{ render_blog_post(this) }}"
TAG_LINKS = """
  {% if this.tags %}
    <ul class="tags">
      {% for t in this.tags -%}
        <li><a href="{{ ('/blog@tag/' ~ t)|url }}">All posts tagged {{ t }}</a></li>
      {% endfor %}
    </ul>
  {% endif %}"""
TAGS_TEMPLATE = """{% extends "layout.html" %}
{% block title %}Tag: {{ this.tag }}{% endblock %}
{% block body %}
  <h2>Tag: {{ this.tag }}</h2>
  <ul>
    {% for i in this.items %}
      <li><a href="{{ i|url }}">{{ i.title }}</a></li>
    {% else %}
      <li><em>No items.</em></li>
    {% endfor %}
  </ul>
{% endblock %}
"""


def lr(**fields: str) -> str:
    """A contents.lr: fields between `---` lines; a value's lines of dashes get one more
    dash, Lektor's escape."""
    def escape(value: str) -> str:
        return "\n".join("-" + ln if re.fullmatch(r"-{3,}\s*", ln) else ln
                         for ln in value.splitlines())
    return "\n---\n".join(f"{k}:\n\n{escape(v)}" if "\n" in v else f"{k}: {v}"
                          for k, v in fields.items()) + "\n"


def replace_once(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    if text.count(old) != 1:
        raise SystemExit(f"{path}: no single {old!r} to replace (another Lektor version?)")
    path.write_text(text.replace(old, new))


def write_project(src: Path, changelog: str, tags: bool) -> None:
    shutil.rmtree(src / "content" / "blog" / "first-post")
    (src / "content" / "about" / "contents.lr").write_text(lr(title="About", body=ABOUT + "\n"))
    if tags:
        (src / "configs").mkdir(exist_ok=True)
        (src / "configs" / "tags.ini").write_text("parent = /blog\ntemplate = tags.html\n")
        with open(src / "models" / "blog-post.ini", "a") as fh:
            fh.write(TAGS_FIELD)
        replace_once(src / "templates" / "blog-post.html", POST_BODY, POST_BODY + TAG_LINKS)
        (src / "templates" / "tags.html").write_text(TAGS_TEMPLATE)
    for post in posts(changelog):
        fields = dict(title=f"Release {post.version}", pub_date=f"{post.date:%Y-%m-%d}",
                      author=AUTHOR)
        if tags:
            fields["tags"] = "\n".join(post.tags) + "\n"
        folder = src / "content" / "blog" / post.slug
        folder.mkdir()
        (folder / "contents.lr").write_text(lr(**fields, body=post.body + "\n"))


def label(path: str) -> tuple[str, str] | None:
    if path == "index.html":
        return AUTHORED_ROOT, "lektor home page"
    if path == "blog/index.html":
        return "index", "lektor blog page 1"
    if re.fullmatch(r"blog/page/\d+/index\.html", path):
        return "index", "lektor blog page N"
    if re.fullmatch(r"blog/tag/[^/]+/index\.html", path):
        return "index", "lektor tag page"
    if re.fullmatch(r"blog/[^/]+/index\.html", path):
        return "leaf", "lektor blog post"
    if re.fullmatch(r"[^/]+/index\.html", path):
        return "leaf", "lektor page"                   # about, projects
    return None       # the stylesheet


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("changelog", type=Path, help="Markdown with '## <version> (<Month d, yyyy>)' sections")
    ap.add_argument("out", type=Path)
    ap.add_argument("--lektor", default=shutil.which("lektor") or "lektor",
                    help="the lektor command (default: the one on PATH)")
    ap.add_argument("--no-tags", dest="tags", action="store_false",
                    help="no tag pages (without lektor-tags)")
    args = ap.parse_args(argv)
    shutil.rmtree(args.out, ignore_errors=True)
    args.out.mkdir(parents=True)
    out = args.out.resolve()
    src, site = out / "src", out / "site"
    subprocess.run([args.lektor, "quickstart", "--name", NAME, "--path", str(src)],
                   input=ANSWERS, text=True, check=True, stdout=subprocess.DEVNULL)
    write_project(src, args.changelog.read_text(encoding="utf-8"), args.tags)
    subprocess.run([args.lektor, "--project", str(src), "build", "-O", str(site),
                    "--buildstate-path", str(out / "buildstate")],
                   check=True, stdout=subprocess.DEVNULL)
    write_labels(site, args.out, label, dates=post_days(args.changelog.read_text(encoding="utf-8")))


if __name__ == "__main__":
    main()
