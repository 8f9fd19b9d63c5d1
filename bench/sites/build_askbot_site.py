"""Fill a local Askbot Q&A site with the changelog as release questions and mirror it, as a
labelled corpus like ../shared/corpora/sites/<site>.

    python bench/sites/build_askbot_site.py CHANGELOG.md OUT_DIR [--project /tmp/askwork/qa]
        [--netns askbench]

Askbot (https://askbot.com, PyPI askbot 0.13.0: Python >= 3.10, Django 4.2-5.2) is a
StackOverflow-like Django app: questions with tags, answers, comments, votes. Setting it up
once, in its own venv (SQLite; askbot-setup's generated settings kept: DEBUG off, locmem
cache, eager Celery; only ALLOWED_HOSTS gets 127.0.0.1 appended, since askbot-setup takes a
domain name, not an address; `runserver --insecure` serves the collected static files):

    python3.11 -m venv /tmp/askvenv && /tmp/askvenv/bin/pip install askbot==0.13.0
    mkdir -p /tmp/askwork && /tmp/askvenv/bin/askbot-setup --noinput \\
        --root-directory /tmp/askwork/qa --proj-name qa_project --db-engine sqlite \\
        --db-name /tmp/askwork/askbot.db --admin-name admin --admin-email admin@example.org \\
        --domain-name localhost.localdomain --timezone UTC \\
        --append-settings "ALLOWED_HOSTS = ['127.0.0.1']"
    cd /tmp/askwork/qa && /tmp/askvenv/bin/python manage.py migrate --noinput \\
        && /tmp/askvenv/bin/python manage.py collectstatic --noinput
    # (the root directory must not be named like a Python module: `site` makes askbot-setup fail)

The server runs on 127.0.0.1:8000 inside a network namespace (--netns, default askbench;
made and deleted by the caller as root: `ip netns add askbench; ip netns exec askbench ip
link set lo up` ... `ip netns del askbench`), so no other :8000 on the host is touched; pass
--netns '' to run it in the host's namespace.

e.g. python bench/sites/build_askbot_site.py /tmp/src/starlette-1.10.0/docs/release-notes.md \\
    /tmp/corpora/askbot

This script then empties the site (all posts and threads, tags, users but the six it
makes), makes six users (maintainer and five others), and through Askbot's own model API
(User.post_question / post_answer / post_comment, as its views call them) one question per
dated release (changelog_posts.py) by maintainer, titled "What changed in Starlette X.Y.Z?",
its body the release's intro (the text before its first `####` subsection) or, when there is
none, its first subsection; tagged with the release's subsections (added, fixed...; a release
without any is tagged with its kind: major, minor or patch); each other `#### ...` subsection
an answer by another user; and on every third question a comment by another user, the
release's first bullet. All are dated the release's day. Askbot's defaults are kept (15
questions per page, its sort and scope links, its help/FAQ/badges pages).

It then runs `manage.py runserver --noreload --insecure 127.0.0.1:8000`, mirrors the site
with wget into OUT_DIR/site and stops the server. Left out (--reject-regex REJECT): /account/
(signin, signup), /questions/ask/, /feeds/ (RSS), /api/, /widgets/, /search-posts/,
/feedback/, /followit/, /admin/, /settings/, /messages/, /vote, the revisions of posts
(/questions/N/revisions/, /answers/N/revisions/), the static files (/m/, /upfiles/: the
crawl needs no stylesheet), the user-action pages (/users/N/edit/,
/users/N/slug/subscriptions/, /users/N/slug/select_languages/, user-profile tabs ?sort=...),
retag/close/reopen/answer-edit forms, and the question lists filtered by more than one tag
(/questions/.../tags:a,b/ grow combinatorially: each tag link on a tag page adds its tag
to the filter). The question lists are path-routed, no query strings:
/questions/scope:all/sort:votes-desc/page:2/ is the file
questions/scope:all/sort:votes-desc/page:2/index.html, which bench/eval_crawl.py's path_key
maps back to the URL; the query strings that remain are the tag and user lists' ?sort= and
?page= (tags/index.html?sort=name, users/index.html?sort=newest&page=2), kept in the name
(no --adjust-extension) and mapped back by path_key too.

labels.csv: a question page (/question/N/slug/) is a leaf, its query twins (?sort=votes,
?sort=oldest, ?sort=latest: the answers reordered; ?answer=N, ?comment=N: permalinks to one
post on the same page) are 'other', as archiving them again gains nothing; question lists (the /questions/
home, its scope:/sort:/tags:/page: variants) and the tag cloud /tags/ (?sort=) are index
pages; the badge list /badges/ and a badge page /badges/N/slug/ (the users who earned it) are
'other', as are the user list /users/ and the user profiles /users/N/slug/: a profile lists
the user's questions and answers, but as a person's stats page, not a topic listing nor a
text; archiving one gains nothing, following its links neither, so neither label is
right. /help/, /faq/, /about/, /privacy/, /terms/ are Askbot's canned pages, 'other' too.
Nothing else is labelled.
"""
from __future__ import annotations

import argparse
import re
from pathlib import Path

from changelog_posts import SUBSECTION, posts, write_labels
from django_mirror import run_import, serve_and_mirror

USERS = ["maintainer", "alice", "bob", "carol", "dave", "erin"]
REJECT = (r"/(account/|questions/ask/|feeds/|api/|widgets/|search-posts/|feedback/|followit/|"
          r"admin/|settings/|messages/|vote|m/|upfiles/|"
          r"(questions|answers)/[0-9]+/(revisions|retag|edit|answer)/|questions/(close|reopen)/|"
          r"users/[0-9]+/(edit/|[^/]+/(subscriptions|select_languages)/)|users/[0-9]+/[^/]+/\?|"
          r"questions/[^?]*tags:[^/]*,)")   # POSIX regex (wget's default): no \d
# Runs in `manage.py shell`: Askbot's models, posting as its views do.
IMPORT = """
import json
from datetime import datetime, timezone as tz
from django.contrib.auth.models import User
from askbot.models import Post, Thread, Tag, Activity

data = json.load(open(DATA))
Activity.objects.all().delete()
Post.objects.all().delete()
Thread.objects.all().delete()
Tag.objects.all().delete()
User.objects.exclude(username__in=data["users"]).delete()
users = []
for name in data["users"]:
    u = User.objects.filter(username=name).first() or User.objects.create_user(
        name, f"{name}@example.org", "qa-" + name)
    users.append(u)
answers = comments = 0
for i, q in enumerate(data["questions"]):
    when = datetime.fromisoformat(q["date"]).replace(tzinfo=tz.utc)
    question = users[0].post_question(title=q["title"], body_text=q["body"], tags=q["tags"],
                                      timestamp=when)
    for j, text in enumerate(q["answers"]):
        users[1 + (i + j) % (len(users) - 1)].post_answer(question=question, body_text=text,
                                                           timestamp=when)
        answers += 1
    if q["comment"]:
        users[1 + (i + 2) % (len(users) - 1)].post_comment(parent_post=question,
                                                            body_text=q["comment"], timestamp=when)
        comments += 1
print(len(data["questions"]), "questions,", answers, "answers,", comments, "comments")
"""
BULLET = re.compile(r"^\* (.+)$", re.M)


def label(path: str) -> tuple[str, str] | None:
    """The page Askbot made at path (wget's file for /dir/?sort=x is dir/index.html?sort=x)."""
    file, _, query = path.partition("?")
    if not file.endswith("index.html"):
        return None
    parts = file[: -len("index.html")].strip("/").split("/") if file != "index.html" else []
    if not parts:
        # / redirects to /questions/, whose list wget saves as index.html
        return ("index", "askbot questions (home)") if not query else None
    head = parts[0]
    if head == "question" and len(parts) == 3 and parts[1].isdigit():
        if query:   # ?sort=votes|oldest|latest (answers reordered), ?answer=N, ?comment=N
            return "other", "askbot question ?" + query.split("=")[0]   # (permalinks)
        return "leaf", "askbot question"
    if head == "questions" and not query:
        keys = {p.split(":", 1)[0] for p in parts[1:]}
        if all(":" in p for p in parts[1:]):
            how = "askbot tag page" if "tags" in keys else "askbot question list"
            page = next((p for p in parts[1:] if p.startswith("page:")), "page:1")
            return "index", how + (" page N" if page != "page:1" else "")
        return None
    if head == "tags" and len(parts) == 1:
        return "index", "askbot tag cloud" + (" ?" + query.split("=")[0] if query else "")
    if head == "users" and len(parts) == 1:
        return "other", "askbot user list"
    if head == "users" and len(parts) == 3 and parts[1].isdigit():
        return "other", "askbot user profile"
    if head == "badges":
        return "other", "askbot badges" if len(parts) == 1 else "askbot badge page"
    if head in ("help", "faq", "about", "privacy", "terms") and len(parts) == 1:
        return "other", "askbot " + head
    return None


def questions(changelog: str) -> list[dict]:
    out = []
    for i, p in enumerate(reversed(posts(changelog))):     # oldest first, as asked
        cuts = [m.start() for m in SUBSECTION.finditer(p.body)]
        parts = [p.body[a:b].strip() for a, b in zip([0, *cuts], [*cuts, len(p.body)])]
        parts = [s for s in parts if s]
        first = BULLET.search(p.body)
        out.append({"title": f"What changed in Starlette {p.version}?",
                    "date": f"{p.date:%Y-%m-%d} 12:00:00", "body": parts[0],
                    "answers": parts[1:], "tags": " ".join(p.tags or [p.category]),
                    "comment": first[1] if first and i % 3 == 0 else ""})
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("changelog", type=Path)
    ap.add_argument("out", type=Path)
    ap.add_argument("--project", type=Path, default=Path("/tmp/askwork/qa"))
    ap.add_argument("--python", default="/tmp/askvenv/bin/python", help="Askbot's venv")
    ap.add_argument("--netns", default="askbench", help="network namespace ('' for none)")
    args = ap.parse_args(argv)
    run_import(args.python, args.project, IMPORT,
               {"users": USERS, "questions": questions(args.changelog.read_text())})
    site = serve_and_mirror("build_askbot_site", args.python, args.project, args.out,
                            ["--no-parent", "--reject-regex", REJECT], insecure=True,
                            netns=args.netns, ready_path="/questions/")
    write_labels(site, args.out, label, pattern="index.html*")


if __name__ == "__main__":
    main()
