"""Budgets on what one path of a site can spawn, so a crawl of any site ends.

Spider traps are address spaces without end that a server answers all the same: a pager
that counts up for ever (?page=N+1), a calendar month after month, faceted filters and sort
orders combined (?color=red&size=m&sort=price), WordPress block themes' Query Loop pagers
(?query-0-page=2&query-1-page=3, each loop's pager keeping the others' parameters: about
19^4 addresses for one post), and paths that repeat themselves (/a/b/a/b/a/b/, a relative
link resolved against its own page). Heritrix and Nutch bound them the same way: by what one
path may spawn, not by recognising each trap. Every budget is a Scrapy setting; the crawl's
summary names each path a budget cut, with how many links it cut and how many it let through.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from urllib.parse import parse_qsl, urlsplit

# Distinct query strings of one parameter that one path may spawn: a listing paged by
# ?page=N is the common case and may run long (a news archive's 600 pages), a pager or a
# calendar that never ends is cut here.
QUERIES_PER_PATH = 1000
# Distinct query strings that combine two or more parameters, per path: filters, facets and
# sort orders multiply (4 loops' pagers: 19^4), and a handful of their combinations shows
# whatever pages they lead to.
COMBINATIONS_PER_PATH = 10
# Path segments: deeper than any site's own hierarchy.
PATH_DEPTH = 24
# One segment this many times in a path (/a/b/a/b/a/): a relative link resolved against its
# own page, again and again.
SEGMENT_REPEATS = 3

# Links followed from one page: a site map of a few thousand pages passes, a page of
# 200,000 links (a generated directory, a trap) is cut, its first ones taken.
LINKS_PER_PAGE = 10_000


@dataclass
class TrapGuard:
    queries_per_path: int = QUERIES_PER_PATH
    combinations_per_path: int = COMBINATIONS_PER_PATH
    path_depth: int = PATH_DEPTH
    segment_repeats: int = SEGMENT_REPEATS
    # (host, path) -> the distinct query strings let through, single-parameter and combined
    _single: dict = field(default_factory=dict)
    _combined: dict = field(default_factory=dict)
    # "why: where" -> links cut there, and how many were let through
    cut: Counter = field(default_factory=Counter)
    passed: Counter = field(default_factory=Counter)

    @classmethod
    def from_settings(cls, settings) -> "TrapGuard":
        def get(name, default):
            value = settings.getint(name, default)
            return value if value > 0 else 10 ** 12      # 0: no budget
        return cls(get("LEAFCRAWL_TRAP_QUERIES_PER_PATH", QUERIES_PER_PATH),
                   get("LEAFCRAWL_TRAP_COMBINATIONS_PER_PATH", COMBINATIONS_PER_PATH),
                   get("LEAFCRAWL_TRAP_PATH_DEPTH", PATH_DEPTH),
                   get("LEAFCRAWL_TRAP_SEGMENT_REPEATS", SEGMENT_REPEATS))

    def admits(self, url: str) -> bool:
        """May the crawl ask for url? A refusal is counted under the trap it suspects."""
        parts = urlsplit(url)
        segments = [s for s in parts.path.split("/") if s]
        if len(segments) > self.path_depth:
            return self._refuse(f"paths deeper than {self.path_depth} segments under "
                                f"/{'/'.join(segments[:2])}/")
        repeated = Counter(segments).most_common(1)
        if repeated and repeated[0][1] >= self.segment_repeats:
            return self._refuse(f"paths repeating '{repeated[0][0]}' "
                                f"{self.segment_repeats} times or more")
        if not parts.query:
            return True
        where = (parts.netloc, parts.path or "/")
        names = {name for name, _ in parse_qsl(parts.query, keep_blank_values=True)}
        combined = len(names) > 1
        seen = (self._combined if combined else self._single).setdefault(where, set())
        if parts.query in seen:
            return True
        budget = self.combinations_per_path if combined else self.queries_per_path
        key = (f"{parts.path or '/'} with {'combined ' if combined else ''}query parameters")
        if len(seen) >= budget:
            return self._refuse(key)
        seen.add(parts.query)
        self.passed[key] += 1
        return True

    def _refuse(self, key: str) -> bool:
        self.cut[key] += 1
        return False

    def report(self, most: int = 10) -> list[str]:
        """One line per suspected trap, the largest first."""
        return [f"trap suspected: {n + self.passed.get(key, 0):,} URLs under {key}, "
                f"{self.passed.get(key, 0):,} fetched" for key, n in self.cut.most_common(most)]
