"""Fill a local Mezzanine blog with the changelog and mirror it, as a labelled corpus like
../shared/corpora/sites/<site>.

    python bench/sites/build_mezzanine_blog.py CHANGELOG.md OUT_DIR [--project /tmp/mezwork/blog]

Mezzanine (https://github.com/stephenmcd/mezzanine) is a Django CMS with a blog app: posts,
categories, keywords (tags), month archives, author pages, `?page=N` listings. Setting it up
once, in its own venv (Mezzanine 6.1.1 lists Django 2.2 to 4.2; pip picks Django 4.2.30;
the generated project's defaults: SQLite dev.db, the site record 127.0.0.1:8000, the
default Bootstrap 3 theme; but DEBUG, see below):

    python3 -m venv /tmp/mezvenv && /tmp/mezvenv/bin/pip install mezzanine==6.1.1
    mkdir -p /tmp/mezwork && cd /tmp/mezwork
    PATH=/tmp/mezvenv/bin:$PATH mezzanine-project blog
    cd blog && /tmp/mezvenv/bin/python manage.py createdb --noinput
    sed -i 's/^DEBUG = True/DEBUG = False/' blog/local_settings.py

DEBUG off, as a site in production: with DEBUG on, Mezzanine answers /robots.txt with
"Disallow: /" and a crawl that obeys robots.txt fetches nothing (off, /robots.txt is a 404);
runserver --insecure still serves the static files.

Port 8000 may be another bench's: run this script (it starts the server) and the crawl in
a network namespace of their own (`ip netns add mezbench; ip netns exec mezbench ip link
set lo up; ip netns exec mezbench ...`).

e.g. python bench/sites/build_mezzanine_blog.py /tmp/src/starlette-1.10.0/docs/release-notes.md \\
    /tmp/corpora/mezzanine-blog

This script then empties the site of createdb's demo content (the pages About, Team,
History, Contact, Legals, Gallery and its images; the required "Blog" page, the blog's
menu entry, stays), of blog posts, categories and keywords, makes the user "maintainer",
posts one BlogPost per dated release (changelog_posts.py; Markdown rendered with
python-markdown, stored as the rich-text HTML the admin's editor would save) titled
"Release X.Y.Z", slug release-x-y-z, published at the release date, filed in the category
of its kind of release ("Minor release"…) and given its subsections ("added", "fixed"…) as
keywords through the keywords field's own save_form_data (what the admin form does), and a
rich-text page About. Mezzanine's defaults stay: 5 posts a page, /blog/<slug>/ posts,
/blog/category/x/, /blog/tag/x/, /blog/archive/yyyy/m/, /blog/author/x/, and the home page
"/" (the project's welcome template, "Congratulations!", unlabelled: neither a post nor a
listing). It then runs `manage.py runserver --noreload --insecure 127.0.0.1:8000`
(--insecure: static files served with DEBUG off), mirrors every page with wget into
OUT_DIR/site (links stay absolute) and stops the server. Left out of the mirror
(--reject-regex, pcre): /admin/ and /accounts/ (login, signup), /search/, /comment(s)/
and /rating/ (form posts), the RSS/Atom feeds (/blog/feeds/…, …/feeds/…), /i18n and every
query URL but ?page=N. Kept: /static/ (the theme's CSS/JS, for a rendered copy).

URLs with a query: wget names the file of /blog/?page=2 blog/index.html?page=2 (no
--adjust-extension); bench/eval_crawl.py's path_key maps that name back to /blog?page=2, as
it does the URL. A static server ignores the query, so a crawl of the static copy would get
page 1 for every ?page=N: for a faithful crawl point leafcrawl at the running blog (same
namespace) and score with bench/eval_crawl.py --evaluate-only.

labels.csv: posts and the about page are leaves; the blog home, its ?page=N, and the
category, tag, month/year archive and author pages (and their ?page=N) are index pages;
so is each listing's ?page=1 (the paginator's "«" link: page 1 again), labelled apart.
"""
from __future__ import annotations

import argparse
from pathlib import Path

from changelog_posts import ABOUT, post_days, posts, write_labels
from django_mirror import run_import, serve_and_mirror

REJECT = (r"/(admin|accounts|search|comment|comments|rating|i18n)(/|$)|/feeds/"
          r"|\?(?!page=\d+$)")
# Runs in `manage.py shell`: Mezzanine's models, filled as its admin would fill them.
IMPORT = """
import json
from datetime import datetime, timezone as tz
from django.contrib.auth import get_user_model
from mezzanine.blog.models import BlogCategory, BlogPost
from mezzanine.generic.models import Keyword
from mezzanine.pages.models import Page, RichTextPage
from mezzanine.conf import settings

data = json.load(open(DATA))
for page in Page.objects.exclude(slug=settings.BLOG_SLUG).order_by("-parent_id"):
    page.delete()      # demo pages; the gallery's and form's own rows go with them
BlogPost.objects.all().delete()
BlogCategory.objects.all().delete()
Keyword.objects.all().delete()
User = get_user_model()
author = User.objects.filter(username="maintainer").first() or User.objects.create_user(
    "maintainer", "maintainer@example.org", "blog-maintainer", first_name="Maintainer")
cats, words = {}, {}
for p in data["posts"]:
    when = datetime.fromisoformat(p["date"]).replace(tzinfo=tz.utc)
    cat = cats.get(p["category"]) or cats.setdefault(
        p["category"], BlogCategory.objects.create(title=p["category"]))
    post = BlogPost.objects.create(title=p["title"], slug=p["slug"], content=p["html"],
                                   user=author, publish_date=when, status=2)
    post.categories.add(cat)
    ids = [str((words.get(t) or words.setdefault(t, Keyword.objects.create(title=t))).id)
           for t in p["tags"]]
    BlogPost._meta.get_field("keywords").save_form_data(post, ",".join(ids))
RichTextPage.objects.create(title="About", slug="about", content=data["about"], status=2)
print(BlogPost.objects.count(), "posts,", len(cats), "categories,", len(words), "keywords")
"""


def label(path: str) -> tuple[str, str] | None:
    """The page Mezzanine made at path (wget's file for /blog/?page=2 is
    blog/index.html?page=2)."""
    file, _, query = path.partition("?")
    if not file.endswith("index.html") or (query and not query.startswith("page=")):
        return None
    parts = file[: -len("index.html")].strip("/").split("/") if file != "index.html" else []
    n = " ?page=1" if query == "page=1" else " page N" if query else ""
    if parts == ["about"]:
        return "leaf", "mezzanine rich-text page"
    if not parts or parts[0] != "blog" or "feeds" in parts:
        return None
    rest = parts[1:]
    if not rest:
        return "index", "mezzanine blog home" + n
    if rest[0] in ("category", "tag", "author") and len(rest) == 2:
        return "index", f"mezzanine {rest[0]} archive" + n
    if rest[0] == "archive" and len(rest) in (2, 3):
        return "index", ("mezzanine month archive" if len(rest) == 3 else
                         "mezzanine year archive") + n
    if len(rest) == 1:
        return "leaf", "mezzanine blog post"
    return None


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("changelog", type=Path)
    ap.add_argument("out", type=Path)
    ap.add_argument("--project", type=Path, default=Path("/tmp/mezwork/blog"))
    ap.add_argument("--python", default="/tmp/mezvenv/bin/python", help="Mezzanine's venv")
    args = ap.parse_args(argv)
    import markdown   # python-markdown, the bench extra

    items = [{"title": f"Release {p.version}", "slug": p.slug,
              "date": f"{p.date:%Y-%m-%d} 12:00:00",
              "category": f"{p.category.capitalize()} release", "tags": p.tags,
              "html": markdown.markdown(p.body)}
             for p in reversed(posts(args.changelog.read_text()))]     # oldest first
    run_import(args.python, args.project, IMPORT, {"posts": items, "about": f"<p>{ABOUT}</p>"})
    site = serve_and_mirror("build_mezzanine_blog", args.python, args.project, args.out,
                            ["--regex-type", "pcre", "--reject-regex", REJECT], insecure=True)
    write_labels(site, args.out, label, pattern="index.html*", dates=post_days(args.changelog.read_text(encoding="utf-8")))


if __name__ == "__main__":
    main()
