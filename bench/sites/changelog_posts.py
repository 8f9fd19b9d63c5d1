"""Blog posts from a Markdown changelog, for the blog corpora bench/ builds with real site
generators (build_jekyll_blog.py, build_pelican_blog.py): real text nobody here wrote, one
post per release, tagged and filed as a blog would file it."""
from __future__ import annotations

import csv
import re
import shutil
import subprocess
from datetime import datetime
from pathlib import Path
from typing import Callable, NamedTuple
from urllib.parse import urlsplit

# `## 1.10.0 (October 24, 2026)`; undated sections (the oldest releases) are left out: a post
# needs its day.
RELEASE = re.compile(r"^## (?P<version>\S+) \((?P<month>[A-Z][a-z]+) (?P<day>\d{1,2})(?:st|nd|rd|th)?, "
                     r"(?P<year>\d{4})\)\s*$", re.M)
SUBSECTION = re.compile(r"^#### (\w[\w ]*)$", re.M)
# A site's root that its author writes as a page of its own (a docs introduction, a landing
# page of a hero and cards, a welcome page), where a blog's home is a list the generator
# fills: labelled "other", not scored. Either reading is defensible and neither changes a
# crawl: a start page is followed whatever its verdict (crawler/spiders/link_following.py)
# and archived where it reads as a leaf, so a docs site's introduction is kept. WCXB labels
# such landing pages service pages (leaves); these builders had labelled them index, and
# Starlette's introduction (docs/index.md) was the only index page of its MkDocs and Nextra
# builds.
AUTHORED_ROOT = "other"
ABOUT = ("These are the release notes of a web framework, one post per release: what each "
         "release added, changed, deprecated and fixed, with links to the changes.")


class Post(NamedTuple):
    version: str
    date: datetime
    tags: list[str]       # the release's subsections: added, changed, fixed…
    category: str         # major, minor or patch release
    body: str             # Markdown

    @property
    def slug(self) -> str:
        return "release-" + self.version.replace(".", "-")


def release_kind(version: str) -> str:
    """major, minor or patch, a pre-release by the release it leads to (1.0.0rc1: major)."""
    parts = [re.match(r"\d*", p)[0] for p in (version.split(".") + ["0", "0"])[:3]]
    return "major" if parts[1:] == ["0", "0"] else "minor" if parts[2] == "0" else "patch"


def posts(changelog: str) -> list[Post]:
    found = list(RELEASE.finditer(changelog))
    out = []
    for i, m in enumerate(found):
        end = found[i + 1].start() if i + 1 < len(found) else len(changelog)
        body = changelog[m.end():end].strip()
        tags = sorted({t.lower() for t in SUBSECTION.findall(body)})
        date = datetime.strptime(f"{m['month']} {m['day']} {m['year']}", "%B %d %Y")
        out.append(Post(m["version"], date, tags, release_kind(m["version"]), body))
    return out


def post_days(changelog: str) -> dict[str, str]:
    """Each post's slug -> its day (YYYY-MM-DD), for labels.csv's date column."""
    return {p.slug: p.date.strftime("%Y-%m-%d") for p in posts(changelog)}


def _day_of(page: str, dates: dict[str, str]) -> str:
    """The day of the post a page path names by its slug (a folder or a file name)."""
    for segment in reversed(page.split("/")):
        stem = segment.rsplit(".", 1)[0] if segment.endswith((".html", ".htm")) else segment
        if stem in dates:
            return dates[stem]
    return ""


def write_labels(site: Path, out: Path, label: Callable[[str], tuple[str, str] | None],
                 pattern: str = "*.html", dates: dict[str, str] | None = None,
                 served: dict[str, str] | None = None) -> None:
    """labels.csv (path,label,how) of the site's files (matching pattern) that label()
    names, and with dates (post_days) a date column: a leaf's day, when its path names a
    post's slug (bench/eval_crawl.py reports the archived leaves that carry it); with served
    (wget_served) a url column: the address the server served the file at, where a mirror's
    file name is not one (bench/eval_indexiness.py scores the page there); prints counts."""
    counts: dict[str, int] = {}
    with open(out / "labels.csv", "w", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(["path", "label", "how"] + (["date"] if dates else [])
                        + (["url"] if served is not None else []))
        for page in sorted(p.relative_to(site).as_posix() for p in site.rglob(pattern)
                           if p.is_file()):
            found = label(page)
            if found:
                counts[found[0]] = counts.get(found[0], 0) + 1
                day = _day_of(page, dates) if dates and found[0] == "leaf" else ""
                writer.writerow([page, *found] + ([day] if dates else [])
                                + ([served.get(page, "")] if served is not None else []))
    print(f"{out / 'labels.csv'}: " + ", ".join(f"{n} {k}" for k, n in sorted(counts.items())))


# A line of `wget -nv`'s log for each file it saved: the URL it was served at (after any
# redirect), then the file's name. `2026-12-06 16:28:14 URL:http://h/user/ada [187/187] ->
# "site/user/ada.html" [1]`
_WGET_SAVED = re.compile(r' URL: ?(\S+) \[[^\]\n]*\] -> "(.+)" \[\d+\]$', re.M)


def wget_served(log: str, site: Path) -> dict[str, str]:
    """A mirror's file (relative to site, as labels.csv names it) -> the path and query it
    was served at, from the log of `wget -nv -o LOG -P site` (site as given to -P: the log
    names each file under it). Once --adjust-extension has named /user/ada `user/ada.html`
    and /topic/3?page=2 `topic/3?page=2.html`, no rule gets the address back from the name
    (a served /about.html is named so too): only wget's log still pairs them."""
    found = {}
    for url, saved in _WGET_SAVED.findall(log):
        try:
            name = Path(saved).relative_to(site).as_posix()
        except ValueError:      # saved outside site: not a page of this mirror
            continue
        parts = urlsplit(url)
        found[name] = parts.path + (f"?{parts.query}" if parts.query else "")
    return found


def build_and_label(out: Path, build: Callable[[Path], list[str]], cwd: Path,
                    label: Callable[[str], tuple[str, str] | None]) -> None:
    """Empty OUT, run a generator's build command (build(site folder) gives it) in cwd into
    OUT/site, and write OUT/labels.csv (write_labels)."""
    shutil.rmtree(out, ignore_errors=True)
    subprocess.run(build((out / "site").resolve()), cwd=cwd, check=True)
    write_labels(out / "site", out, label)
