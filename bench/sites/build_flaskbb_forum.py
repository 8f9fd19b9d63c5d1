"""Fill a local FlaskBB forum with the changelog and mirror it, as a labelled corpus like
../shared/corpora/sites/<site>.

    python bench/sites/build_flaskbb_forum.py CHANGELOG.md OUT_DIR [--work /tmp/flaskbb-work]
        [--posts-per-page 2]

FlaskBB is a classic phpBB-style forum in Flask (categories > forums > topics > posts).
Setting it up once (FlaskBB 2.2.0 wants Python >= 3.12, e.g. one pyenv installed):

    python3.12 -m venv /tmp/flaskbbvenv
    /tmp/flaskbbvenv/bin/pip install flaskbb==2.2.0
    mkdir -p /tmp/flaskbbvenv/lib/python3.12/site-packages/logs   # its default log folder
    find /tmp/flaskbbvenv/lib/python3.12/site-packages/flaskbb -name __pycache__ -exec rm -r {} +

(pip compiles the package at install, and the shim below compiles only what has no cached
bytecode: with the cache left in place, `NameError: name 'Distribution' is not defined`.)

FlaskBB 2.2.0 is written for Python 3.14's lazy annotations (names imported only under
TYPE_CHECKING appear in annotations: NameError on import under 3.12/3.13); this script runs
its CLI through a small shim (written into WORK) that compiles the flaskbb package as with
`from __future__ import annotations`, nothing else changed. Every run, in WORK: `flaskbb
makeconfig` (its prompts answered: server 127.0.0.1:8000, plain HTTP, SQLite in WORK, no
Redis; the rest its defaults; REDIS_URL then set to a valid URL, since flask-redis rejects
the empty one makeconfig writes even with Redis off), `flaskbb install -f -w` (admin
`maintainer`; its "Welcome" demo category, made despite -w, is deleted), then, in `flaskbb shell` (PYTHONSTARTUP = a fill
script, through FlaskBB's models): 5 member users, one category "Release notes" with forums
"Major releases", "Minor releases", "Patch releases", one topic "Release X.Y.Z" per dated
release (changelog_posts.py; FlaskBB renders post Markdown itself), by maintainer: its
first post the release's text before its first `#### Added/Changed/Fixed…` subsection (or
the first subsection when there is none), each other subsection a reply by another user
in turn; dates set to the release's day. Posts per page: FlaskBB's default is 10 (admin
form minimum 5) but no release has more than 5 subsections, so no topic would reach page 2:
this sets 2 (--posts-per-page) so that long releases make topics of 2-3 pages; topics per
page stays 10. Then `flaskbb run` on 127.0.0.1:8000 and wget --mirror into OUT_DIR/site,
leaving out /auth/ (login, register, reset), /search, /markdown (preview), /post/
(permalinks that redirect into topic pages, and raw/report/edit/delete), topic and forum
actions (new, markread, track, lock…), /topictracker, /conversations, /static/.

wget names a ?page=N URL `topic/3-release-1-0-0?page=2`, and extension-less files clash
with folders (user/NAME vs user/NAME/posts), so the mirror uses --adjust-extension and
--convert-links: `topic/3-release-1-0-0?page=2.html`, linked as
`3-release-1-0-0%3Fpage=2.html`, which the static server serves and bench/eval_crawl.py's
path_key maps back to the label's path; links to what was left out stay absolute,
http://127.0.0.1:8000/... No name says which `.html` wget added (user/NAME.html is served at
/user/NAME), so wget's log (WORK/wget.log) gives labels.csv a url column: the path and query
each file was served at, where bench/eval_indexiness.py scores the page and where
bench/eval_crawl.py meets a crawl of the live forum (`flaskbb run` again, then `leafcrawl
crawl` and `bench/eval_crawl.py --evaluate-only`) as well as one of the mirror.

labels.csv: every page of a topic is a leaf; the board index, the category, the forums and
their pages N are index pages, so are the portal plugin's page (/portal/: news and recent
topics), who-is-online, the member list (and its sorted variants) and a user's topics / posts lists
(and their pages N); a user profile (/user/NAME: a few stats and links to those lists, no
content of its own) is an index page too; anything else is not labelled.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from changelog_posts import SUBSECTION, posts, wget_served, write_labels  # noqa: E402

SITE = "http://127.0.0.1:8000"
VENV = Path("/tmp/flaskbbvenv")
USERS = ["ada", "brian", "chen", "dana", "emil"]
FORUMS = {"major": "Major releases", "minor": "Minor releases", "patch": "Patch releases"}

SHIM = '''"""FlaskBB 2.2.0's CLI on Python 3.12: its modules compiled with lazy annotations."""
import __future__, importlib.machinery, sys

class _Loader(importlib.machinery.SourceFileLoader):
    def source_to_code(self, data, path, *, _optimize=-1):
        return compile(data, path, "exec", flags=__future__.annotations.compiler_flag,
                       dont_inherit=True, optimize=_optimize)

class _Finder(importlib.machinery.PathFinder):
    @classmethod
    def find_spec(cls, name, path=None, target=None):
        if name.split(".")[0] != "flaskbb":
            return None
        spec = importlib.machinery.PathFinder.find_spec(name, path, target)
        if spec and isinstance(spec.loader, importlib.machinery.SourceFileLoader):
            spec.loader = _Loader(spec.loader.name, spec.loader.path)
        return spec

sys.meta_path.insert(0, _Finder)
sys.dont_write_bytecode = True
from flaskbb.cli.main import flaskbb
sys.argv[0] = "flaskbb"
flaskbb()
'''

# Runs inside `flaskbb shell` (app context): FlaskBB's own models, as its populate does.
FILL = '''
import json, os
from datetime import datetime, timedelta, timezone
from flaskbb.extensions import db
from flaskbb.forum.models import Category, Forum, Topic, Post
from flaskbb.user.models import User
from flaskbb.management.models import Setting

data = json.load(open(os.environ["FLASKBB_FILL"]))
admin = db.session.execute(db.select(User).filter_by(username="maintainer")).scalar_one()
# `install -w` ("Disable the welcome forum") still makes it here: remove it, as its admin would
for old in db.session.execute(db.select(Category)).scalars().all():
    old.delete([admin])
members = []
for name in data["users"]:
    u = User(username=name, password="benchpass123", email=name + "@example.org")
    u.primary_group_id = 4        # Member
    u.activated = True
    u.save()
    members.append(u)
category = Category(title="Release notes", position=1,
                    description="Release notes of a web framework, one topic per release.")
category.save()
forums = {}
for i, (kind, title) in enumerate(data["forums"].items(), 1):
    forums[kind] = Forum(title=title, position=i, category_id=category.id,
                         description=f"Topics on each {kind} release: what it added, changed and fixed.")
    forums[kind].save()
turn = 0
for t in reversed(data["topics"]):    # oldest release first
    day = datetime.fromisoformat(t["date"]).replace(hour=12, tzinfo=timezone.utc)
    topic = Topic(title=t["title"])
    first = Post(content=t["posts"][0])
    topic.save(user=admin, forum=forums[t["kind"]], post=first)
    made = [first]
    for text in t["posts"][1:]:
        reply = Post(content=text)
        reply.save(user=members[turn % len(members)], topic=topic)
        turn += 1
        made.append(reply)
    for i, p in enumerate(made):
        p.date_created = day + timedelta(hours=i)
    topic.date_created = day
    topic.last_updated = made[-1].date_created
    forums[t["kind"]].last_post_created = made[-1].date_created
    db.session.commit()
for u in [admin] + members:
    u.date_joined = datetime(2018, 6, 1, tzinfo=timezone.utc)
db.session.commit()
Setting.update({"posts_per_page": data["posts_per_page"]})
print("filled:", len(data["topics"]), "topics,", db.session.execute(db.select(db.func.count()).select_from(Post)).scalar(), "posts")
'''

REJECT = (r"/(auth|search|markdown|post|conversations|topictracker|static|admin|management)(/|\?|$)"
          r"|/(new|edit|delete|lock|unlock|hide|unhide|markread|report|raw|track|untrack"
          r"|highlight|trivialize|move|merge|ban|unban)(/|\?|$)")


def topics(changelog: str) -> list[dict]:
    """One topic per dated release: its posts' Markdown (intro, then one per subsection)."""
    out = []
    for p in posts(changelog):
        parts = SUBSECTION.split(p.body)        # [intro, name, text, name, text, ...]
        intro = parts[0].strip()
        subs = [f"#### {parts[i]}\n\n{parts[i + 1].strip()}" for i in range(1, len(parts), 2)]
        texts = ([intro] if intro else []) + subs
        out.append({"title": f"Release {p.version}", "kind": p.category,
                    "date": p.date.date().isoformat(), "posts": texts or [p.body]})
    return out


def label(path: str) -> tuple[str, str] | None:
    """The page FlaskBB made at path (wget -E names: /topic/3-x?page=2 is topic/3-x?page=2.html)."""
    if not path.endswith(".html"):
        return None
    page, _, query = path[: -len(".html")].partition("?")
    n = " page N" if re.search(r"(^|&)page=\d+", query) else ""
    parts = page.split("/")
    if page == "index":
        return "index", "flaskbb board index"
    if parts[0] == "topic" and len(parts) == 2:
        return "leaf", "flaskbb topic" + n
    if parts[0] in ("category", "forum") and len(parts) == 2:
        return "index", f"flaskbb {parts[0]}" + n
    if page in ("memberlist", "who-is-online"):
        return "index", f"flaskbb {page}" + n
    if page == "portal/index":
        return "index", "flaskbb portal (plugin): recent topics"
    if parts[0] == "user" and len(parts) == 2:
        return "index", "flaskbb user profile"
    if parts[0] == "user" and len(parts) == 3 and parts[2] in ("topics", "posts"):
        return "index", f"flaskbb user {parts[2]} list" + n
    return None


def port_free(port: int) -> bool:
    with socket.socket() as s:
        return s.connect_ex(("127.0.0.1", port)) != 0


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("changelog", type=Path)
    ap.add_argument("out", type=Path)
    ap.add_argument("--work", type=Path, default=Path("/tmp/flaskbb-work"))
    ap.add_argument("--posts-per-page", type=int, default=2)
    args = ap.parse_args(argv)
    work = args.work.resolve()
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    (work / "shim.py").write_text(SHIM)
    (work / "fill.py").write_text(FILL)
    (work / "fill.json").write_text(json.dumps({
        "users": USERS, "forums": FORUMS, "posts_per_page": args.posts_per_page,
        "topics": topics(args.changelog.read_text())}))
    env = dict(os.environ, PATH=f"{VENV / 'bin'}:{os.environ['PATH']}")   # pybabel
    cfg = work / "flaskbb.cfg"
    cli = [str(VENV / "bin" / "python"), str(work / "shim.py")]
    answers = f"127.0.0.1:8000\nn\nsqlite:///{work}/flaskbb.sqlite\nn\n" + "\n" * 12
    subprocess.run(cli + ["makeconfig", "-f", "-o", str(cfg)], input=answers, text=True,
                   cwd=work, env=env, check=True, stdout=subprocess.DEVNULL)
    cfg.write_text(re.sub(r'(?m)^REDIS_URL = ""', 'REDIS_URL = "redis://127.0.0.1:6379/14"',
                          cfg.read_text()))
    subprocess.run(cli + ["--config", str(cfg), "install", "-f", "-w", "-u", "maintainer",
                          "-e", "maintainer@example.org", "-p", "benchpass123"],
                   cwd=work, env=env, check=True, stdout=subprocess.DEVNULL)
    subprocess.run(cli + ["--config", str(cfg), "shell"], stdin=subprocess.DEVNULL, cwd=work,
                   env=dict(env, PYTHONSTARTUP=str(work / "fill.py"),
                            FLASKBB_FILL=str(work / "fill.json")), check=True)
    for _ in range(300):      # other benches serve their sites there too: wait a while
        if port_free(8000):
            break
        time.sleep(2)
    else:
        sys.exit("127.0.0.1:8000 is taken; FlaskBB must serve there (SERVER_NAME)")
    server = subprocess.Popen(cli + ["--config", str(cfg), "run", "-h", "127.0.0.1", "-p", "8000"],
                              cwd=work, env=env, stdout=open(work / "server.log", "w"),
                              stderr=subprocess.STDOUT, start_new_session=True)
    try:
        for _ in range(100):
            if not port_free(8000):
                break
            time.sleep(0.2)
        shutil.rmtree(args.out, ignore_errors=True)
        site = args.out / "site"
        # --mirror follows every in-site link; what robots.txt would hide is a crawl's own choice
        # -nv: its log pairs each file with the address it was served at (wget_served)
        subprocess.run(["wget", "-nv", "-o", str(work / "wget.log"), "--mirror", "-e",
                        "robots=off", "--no-host-directories", "--adjust-extension",
                        "--convert-links", "--reject-regex", REJECT,
                        "-P", str(site), SITE + "/"], check=False)   # wget exits 8 on any 404
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=10)
    write_labels(site, args.out, label,
                 served=wget_served((work / "wget.log").read_text(errors="replace"), site))


if __name__ == "__main__":
    main()
