"""--render auto on a site crawled by plain HTTP: the first page of each section is probed.

The probes before the crawl see the start page and a few pages it links. A site may still
draw a deeper section by script: a docs area built as an app beside a static blog, an events
page that fetches its entries. Page by page, the frame rules (render_need.app_shell,
empty_mount) catch only pages whose HTML holds almost nothing; an article with its intro in
the HTML and the rest drawn, or a listing whose script adds entries beside a static menu,
went by plain HTTP with what its HTML held, and pages only the script linked were never
reached.

So the first link the crawl meets into each section (a path's first segment, /docs/x/ and
/docs/y/ one section) is fetched both ways, as the start probes are, while the section's
other links wait; a section whose probe shows a script at work is crawled in the browser
from then on, the others by plain HTTP. Pure bookkeeping: the spider does the fetching.
"""
from __future__ import annotations

from urllib.parse import urlsplit

# Renders spent on sections, at most: each is one page through the browser beside the plain
# crawl (a fraction of a second here), and the site's held links wait for it. A blog has a
# handful of sections (posts, tags, categories, page), a docs or company site ten or so;
# past the budget, a new section is crawled by plain HTTP like the site.
SECTION_PROBES = 8
# Sections whose first segment is a number are one: a dated blog's /2024/…, /2023/… are
# its posts, under as many years as it has.
DATED = "#"


def section_of(url: str) -> str:
    """The section a page is in: its path's first segment, when pages lie under it; "" for
    the site's top (/, /about/, /index.html), which the start probe saw."""
    parts = [p for p in urlsplit(url).path.split("/") if p]
    if len(parts) < 2:
        return ""
    return DATED if parts[0].isdigit() else parts[0]


class SectionProbes:
    """Which sections are crawled how, and the requests waiting on a section's probe."""

    def __init__(self, probed_urls=(), budget: int = SECTION_PROBES):
        # probed before the crawl, or out of budget: by plain HTTP like the site
        self.plain: set[str] = {section_of(url) for url in probed_urls}
        self.drawn: dict[str, str] = {}        # section -> why its pages are rendered
        self.pending: dict[str, list] = {}     # section -> requests held while it is probed
        self.budget = budget

    def rendered(self, url: str) -> bool:
        """Are the pages of url's section rendered (its probe showed a script at work)?"""
        return bool(self.drawn) and section_of(url) in self.drawn

    def route(self, url: str) -> str | None:
        """What the crawl does with a link by plain HTTP: "probe" (the first into a section:
        probe it, and hold its request and those after it), "hold" (its section's probe is on
        its way), None (fetch it as its section is crawled)."""
        section = section_of(url)
        if section in self.pending:
            return "hold"
        if section in self.plain or section in self.drawn:
            return None
        if self.budget <= 0:
            self.plain.add(section)
            return None
        self.budget -= 1
        self.pending[section] = []
        return "probe"

    def hold(self, url: str, request) -> None:
        self.pending[section_of(url)].append(request)

    def decide(self, section: str, reason: str | None, compared: bool = True,
               probed: str | None = None) -> tuple[list, str | None]:
        """A section's probe (of the page at probed) is back: reason, why a script draws the
        section (None: its pages are their documents'); not compared, no evidence (a fetch
        failed, an error page). Returns the held requests to send now, and the URL to probe
        next: without evidence, the next held link of the section, budget permitting (its
        requests stay held), else none and the next link into the section is probed."""
        held = self.pending.pop(section, [])
        if reason:
            self.drawn[section] = reason
            return held, None
        if compared:
            self.plain.add(section)
            return held, None
        waiting = [r for r in held if r.url != probed]
        if not waiting or self.budget <= 0:
            return held, None
        self.budget -= 1
        self.pending[section] = waiting
        return [r for r in held if r.url == probed], waiting[0].url

    def held(self) -> list:
        """Every request still waiting on a probe."""
        return [request for waiting in self.pending.values() for request in waiting]
