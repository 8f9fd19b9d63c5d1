"""Fill a local Spirit forum with the changelog as release topics and mirror it, as a
labelled corpus like ../shared/corpora/sites/<site>.

    python bench/sites/build_spirit_forum.py CHANGELOG.md OUT_DIR [--project /tmp/spiritwork/forum]
        [--comments-per-page 2]

Spirit (https://github.com/nitely/Spirit) is a Django forum: topics in categories, one
comment after another, `?page=N` once a topic outgrows a page. Setting it up once, in its
own venv (SQLite, the generated project's dev settings: DEBUG on, ALLOWED_HOSTS 127.0.0.1,
ST_SITE_URL http://127.0.0.1:8000/):

    python3 -m venv /tmp/spiritvenv && /tmp/spiritvenv/bin/pip install django-spirit==0.14.3
    mkdir -p /tmp/spiritwork && cd /tmp/spiritwork
    PATH=/tmp/spiritvenv/bin:$PATH spirit startproject forum    # it runs django-admin
    cd forum && /tmp/spiritvenv/bin/python manage.py migrate

e.g. python bench/sites/build_spirit_forum.py /tmp/src/starlette-1.10.0/docs/release-notes.md \\
    /tmp/corpora/spirit-forum

This script then empties the forum (topics, comments, categories it made, users but the
defaults), makes six users (maintainer and five others), the categories "Major releases",
"Minor releases" and "Patch releases" (Spirit's own "Uncategorized" stays), one topic per
dated release (changelog_posts.py) by maintainer titled "Release X.Y.Z", its first comment
the release's Markdown and one reply per `#### Added/Changed/Fixed…` subsection by another
user, all dated the release's day; the Markdown is rendered by Spirit's own renderer, as its
comment form does. Spirit's defaults are kept but one: comments per page, 20 by default, is
set to --comments-per-page (2) through Spirit's own config form, since no release has more
than five comments and no topic would reach page 2 otherwise (topics per page stays 20:
the home and the category pages do page on). It then runs `manage.py runserver
127.0.0.1:8000` (the dev settings serve the static files), mirrors every page with wget into
OUT_DIR/site and stops the server. Left out of the mirror (--reject-regex): all of /user/
(login, register, logout, password-reset, resend-activation, the account pages, and the
profiles: Spirit 0.14.3's /user/N/name/, /user/topics/… and /user/likes/… are login-only,
they redirect to /user/login/?next=…), /search/, /topic/publish/ and the login-only
/topic/{unread,notification,favorite,private,moderate,update}/, all of /comment/
(publish, like, flag, bookmark, and /comment/N/find/, which only redirects to a topic page),
/st/admin/ and /admin/. wget keeps the stylesheet and the emoji images it meets.

URLs with a query: wget names the file of /topic/5/release-100/?page=2
topic/5/release-100/index.html?page=2 (no --adjust-extension, which would append .html and
break the mapping); bench/eval_crawl.py's path_key maps that name back to
/topic/5/release-100?page=2, as it does the URL. A static server ignores the query, so
for a crawl of the static copy /…/?page=2 answers page 1's file; for a faithful crawl point
leafcrawl at the running forum and score with bench/eval_crawl.py --evaluate-only.

labels.csv: each page of a topic (page 1 and ?page=N) is a leaf; its ?page=1 twin (the
paginator's "First" link: page 1's content again) is 'other', as archiving it again gains
nothing; the home (latest topics), /topic/active/ (the same list), their ?page=N (?page=1
too) and the category pages and their ?page=N are index pages.
Nothing else is labelled (user profiles are login forms to an anonymous reader).
"""
from __future__ import annotations

import argparse
from pathlib import Path

from changelog_posts import SUBSECTION, posts, write_labels
from django_mirror import run_import, serve_and_mirror

USERS = ["maintainer", "alice", "bob", "carol", "dave", "erin"]
CATEGORIES = {"major": "Major releases", "minor": "Minor releases", "patch": "Patch releases"}
REJECT = (r"/(user/|search/|topic/(publish|unread|notification|favorite|private|"
          r"moderate|update)/|comment/|st/admin/|admin/)")
# Runs in `manage.py shell`: Spirit's models and its Markdown renderer, as its forms use them.
IMPORT = """
import json, sys
from datetime import datetime, timezone as tz
from django.contrib.auth import get_user_model
from spirit.admin.forms import BasicConfigForm
from spirit.category.models import Category
from spirit.comment.models import Comment
from spirit.core.utils.markdown import Markdown
from spirit.topic.models import Topic

data = json.load(open(DATA))
User = get_user_model()
Comment.objects.all().delete()
Topic.objects.all().delete()
Category.objects.filter(title__in=list(data["categories"].values())).delete()
User.objects.exclude(username__in=data["users"]).delete()
users = []
for name in data["users"]:
    u = User.objects.filter(username=name).first() or User.objects.create_user(
        name, f"{name}@example.org", "forum-" + name)
    u.st.is_verified = True
    u.st.save()
    users.append(u)
cats = {k: Category.objects.create(title=t, description=t + " of the framework")
        for k, t in data["categories"].items()}
form = BasicConfigForm()
values = {k: form.initial.get(k, f.initial) for k, f in form.fields.items()}
values["comments_per_page"] = data["comments_per_page"]
form = BasicConfigForm(data=values)
assert form.is_valid(), form.errors
form.save()
replies = 0
for i, t in enumerate(data["topics"]):
    when = datetime.fromisoformat(t["date"]).replace(tzinfo=tz.utc)
    topic = Topic.objects.create(user=users[0], category=cats[t["category"]], title=t["title"],
                                 date=when, last_active=when)
    for j, text in enumerate(t["comments"]):
        user = users[0] if j == 0 else users[1 + (i + j) % (len(users) - 1)]
        Comment.objects.create(user=user, topic=topic, comment=text,
                               comment_html=Markdown().render(text), date=when)
        replies += j > 0
    Topic.objects.filter(pk=topic.pk).update(comment_count=len(t["comments"]))
print(len(data["topics"]), "topics,", replies, "replies")
"""


def label(path: str) -> tuple[str, str] | None:
    """The page Spirit made at path (wget's file for /dir/?page=2 is dir/index.html?page=2)."""
    file, _, query = path.partition("?")
    if not file.endswith("index.html") or (query and not query.startswith("page=")):
        return None
    parts = file[: -len("index.html")].strip("/").split("/") if file != "index.html" else []
    n = " ?page=1" if query == "page=1" else " page N" if query else ""
    if not parts:
        return "index", "spirit home (latest topics)" + n
    if parts == ["topic", "active"]:
        return "index", "spirit active topics" + n
    if parts[0] == "topic" and len(parts) == 3 and parts[1].isdigit():
        if query == "page=1":     # the paginator's "First": page 1 again under another URL
            return "other", "spirit topic ?page=1"
        return "leaf", "spirit topic" + n
    if parts[0] == "category" and len(parts) == 3 and parts[1].isdigit():
        return "index", "spirit category" + n
    return None


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("changelog", type=Path)
    ap.add_argument("out", type=Path)
    ap.add_argument("--project", type=Path, default=Path("/tmp/spiritwork/forum"))
    ap.add_argument("--python", default="/tmp/spiritvenv/bin/python", help="Spirit's venv")
    ap.add_argument("--comments-per-page", type=int, default=2)
    args = ap.parse_args(argv)

    topics = []
    for p in reversed(posts(args.changelog.read_text())):     # oldest first, as posted
        parts = [m.start() for m in SUBSECTION.finditer(p.body)] + [len(p.body)]
        replies = [p.body[a:b].strip() for a, b in zip(parts, parts[1:])]
        topics.append({"title": f"Release {p.version}", "category": p.category,
                       "date": f"{p.date:%Y-%m-%d} 12:00:00", "comments": [p.body, *replies]})
    run_import(args.python, args.project, IMPORT,
               {"users": USERS, "categories": CATEGORIES, "topics": topics,
                "comments_per_page": args.comments_per_page})
    site = serve_and_mirror("build_spirit_forum", args.python, args.project, args.out,
                            ["--no-parent", "--reject-regex", REJECT])
    write_labels(site, args.out, label, pattern="index.html*")


if __name__ == "__main__":
    main()
