"""A crawl's summary: its counts, the render decision, what was cut or doubted, rendered as
the lines `leafcrawl crawl` prints and as the JSON of --json-summary."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field

LOGIN_WALL_ADVICE = {
    "": "a site behind a login is crawled with --login-form URL --login-user USER (the "
        "password in LEAFCRAWL_LOGIN_PASSWORD), or --cookies FILE, the cookies your browser "
        "exported once logged in",
    "cookies": "the session in the cookies file has ended; log in with your browser and "
               "export its cookies again",
    "http": "the site logs in by a form, not by HTTP auth: crawl it with --login-form URL "
            "--login-user USER, or --cookies FILE",
    "form": "the session the crawl's login gave has ended, or does not reach these pages",
}
"""What to do when pages led to the login form, by the crawl's own login."""


@dataclass
class CrawlSummary:
    site: str
    run_id: str
    render: str
    redis: str
    archive_dir: str
    pages_fetched: int = 0
    index: int = 0
    leaf: int = 0
    archived: int = 0
    unchanged: int = 0
    # known pages whose server said they are not modified: not fetched again
    not_modified: int = 0
    duplicates: int = 0
    # further parts of split posts: no file of their own, their text in the first part's
    joined: int = 0
    failures: int = 0
    jobs_failed: int = 0
    # the first archive job that raised: "<url>: <exception type>: <message>"
    job_error: str | None = None
    jobs_pending: int = 0
    elapsed_s: float = 0.0
    crawl_s: float = 0.0
    # Scrapy's own elapsed_time_seconds: its engine's start to its finish, without the
    # set-up around it (imports, the frontier's keys, the worker): the window a bare Scrapy
    # spider's pages/s is read over (bench/bare_spider.py), so the two compare
    scrapy_elapsed_s: float = 0.0
    errors: list = field(default_factory=list)
    log_file: str | None = None
    # the output of this process's own RQ worker (its jobs' tracebacks)
    worker_log: str | None = None
    # how often that worker died and was started again while the crawl waited for its jobs
    worker_restarts: int = 0
    finish_reason: str = "finished"
    # links to a hash-routed site's pages (/#/x) that a plain crawl cannot fetch
    skipped_hash_routes: int = 0
    # pages the site's sitemaps listed (--sitemaps), fetched or not
    sitemap_pages: int = 0
    # distinct pages linked but not fetched because --deny or --allow leaves them out
    out_of_scope: int = 0
    # this crawl went on from an interrupted one (--resume)
    resumed: bool = False
    # --render auto: what the start pages showed, and so how the site was crawled; and the
    # pages of a plain-crawled site that were rendered all the same (a frame a script fills)
    render_reason: str = ""
    rendered_frames: int = 0
    # short leaves taken as they are once FRAME_TRIALS rendered showed nothing more
    trusted_frames: int = 0
    # sections of a plain-crawled site rendered, their probe having shown a script at work
    # ("/docs/: why"; crawler/rendering/render_sections.py)
    rendered_sections: list = field(default_factory=list)
    # start URLs that led to another host, which the crawl took as the site's ("url -> url")
    start_redirects: list = field(default_factory=list)
    # paths whose links a trap budget cut (crawler/frontier/trap_guard.py), one line each
    traps: list = field(default_factory=list)
    # leaves' pager pages that repeated the leaf (a widget's pager, pipelines/indexiness/continuations.py):
    # fetched once each, neither archived nor followed
    widget_pager_pages: int = 0
    # pages whose handling raised in the spider (a fault of ours, its traceback in the log)
    spider_errors: int = 0
    # outcomes to doubt, each a line of what to do: the crawl's exit status is then
    # EXIT_WARNINGS for a script to see (crawler/cli.py)
    warnings: list = field(default_factory=list)
    # --render never: pages that read as a frame a script fills (an empty app mount, a leaf
    # of a few short blocks)
    script_drawn: int = 0
    queue: str = ""
    # answers of 429 Too Many Requests (or 503 with Retry-After), waited out
    # (crawler/politeness/rate_limits.py); the slowest pace a host took (s between requests); the pages
    # given up on, limited too often or asked to wait too long
    rate_limited: int = 0
    rate_limited_pace: float = 0.0
    rate_limited_given_up: int = 0
    # pages that led to the site's login form (never archived), the form's address, and
    # the crawl's own login, if any: "form" (--login-form), "cookies" (--cookies), "http"
    # (--http-user)
    login_walls: int = 0
    login_form: str = ""
    login: str = ""

    @property
    def interrupted(self) -> bool:
        return self.finish_reason == "shutdown"

    @property
    def pages_per_s(self) -> float:
        return self.pages_fetched / self.crawl_s if self.crawl_s > 0 else 0.0

    @property
    def checked_per_s(self) -> float:
        """Pages fetched or found not modified, per second: a later crawl's pace (a rate of
        the fetched alone, 0.06 pages/s for 1 page, would say the crawl crawled)."""
        checked = self.pages_fetched + self.not_modified
        return checked / self.crawl_s if self.crawl_s > 0 else 0.0

    def to_dict(self) -> dict:
        data = asdict(self)
        data["pages_per_s"] = round(self.pages_per_s, 2)
        data["checked_per_s"] = round(self.checked_per_s, 2)
        return data

    def _fetched_text(self) -> str:
        if not self.not_modified:
            return f"{self.pages_fetched}  ({self.pages_per_s:.1f} pages/s, {self.render})"
        # a later crawl: most pages only asked whether they changed
        return (f"{self.pages_fetched}  (and {self.not_modified} not modified: "
                f"{self.checked_per_s:.1f} pages/s checked, {self.render})")

    def render_text(self) -> str:
        rows = [
            ("pages fetched", self._fetched_text()),
            ("index", self.index),
            ("leaf", self.leaf),
            ("archived", self.archived),
            ("unchanged", f"{self.unchanged}  (already archived, same content)"),
            ("duplicates", f"{self.duplicates}  (same content under another URL)"),
            *([("joined", f"{self.joined}  (further pages of split posts, in their first "
                          "page's file)")] if self.joined else []),
            ("failures", self.failures + self.jobs_failed),
            ("time", f"{self.elapsed_s:.1f} s"),
            ("archive", self.archive_dir),
            ("redis", self.redis),
        ]
        if self.log_file:
            rows.append(("log", self.log_file))
        if self.jobs_pending:
            rows.insert(5, ("jobs pending", f"{self.jobs_pending}  (left for the workers)"))
        if self.not_modified:
            rows.insert(5, ("not modified", f"{self.not_modified}  (pages crawled before that "
                                            "their server says are unchanged: not fetched again)"))
        if self.render_reason:
            frames = (f"; {self.rendered_frames} page{'s' if self.rendered_frames > 1 else ''} "
                      "rendered, whose HTML held only a frame" if self.rendered_frames else "")
            if self.trusted_frames:
                frames += (f"; {self.trusted_frames} short page"
                           f"{'s' if self.trusted_frames > 1 else ''} taken as "
                           f"{'they are' if self.trusted_frames > 1 else 'it is'}, as the first "
                           "ones rendered showed nothing more")
            for section in self.rendered_sections:
                frames += f"; pages under {section.replace(': ', ' rendered (', 1)})"
            rows.insert(1, ("render", f"{self.render}, by --render auto ({self.render_reason})"
                                      f"{frames}"))
        if self.out_of_scope:
            rows.insert(1, ("out of scope", f"{self.out_of_scope}  (pages linked but left out "
                                            "by --allow / --deny)"))
        if self.sitemap_pages:
            rows.insert(1, ("sitemaps", f"{self.sitemap_pages} pages listed"))
        if self.rate_limited:
            text = (f"{self.rate_limited} answer{'s' if self.rate_limited > 1 else ''} asking "
                    "to wait (429 Too Many Requests, or 503 with Retry-After)")
            if self.rate_limited_pace:
                text += (": waited as the site asked, and slowed to one request every "
                         f"{self.rate_limited_pace:.1f} s at most")
            if self.rate_limited_given_up:
                text += (f"; {self.rate_limited_given_up} page"
                         f"{'s' if self.rate_limited_given_up > 1 else ''} given up, among the "
                         "failures")
            rows.insert(1, ("rate limited", text))
        for line in reversed(self.traps):
            rows.insert(1, ("trap", line))
        if self.widget_pager_pages:
            rows.insert(1, ("pagers", f"{self.widget_pager_pages} page"
                            f"{'s' if self.widget_pager_pages > 1 else ''} of pagers inside leaves "
                            "repeated the leaf (a list's pager, not the article's): not archived, "
                            "their other pages not asked for"))
        if self.start_redirects:
            rows.insert(1, ("redirected", "; ".join(self.start_redirects)
                            + "  (crawled there: the site is on that host)"))
        lines = [f"leafcrawl: crawled {self.site} (run {self.run_id})"]
        if self.resumed:
            lines.append("  resumed: went on from where the last crawl of this site stopped")
        if self.finish_reason != "finished":
            why = {"shutdown": "interrupted (go on later with --resume)",
                   "closespider_pagecount": "max pages reached"}
            lines.append(f"  stopped early: {why.get(self.finish_reason, self.finish_reason)}")
        lines += [f"  {name:<14}{value}" for name, value in rows]
        if (self.render == "plain" and self.index == 1 and not self.leaf and not self.not_modified
                and not self.failures):
            # a single-page app's shell: no links, no text, until its script runs (a later
            # crawl that found every other page not modified fetched only its start page too;
            # a start page whose links all failed led somewhere: the errors below say why)
            lines.append("  ! only the start page was fetched, and it links to no other page that "
                         "plain HTTP sees: if a script draws the site, crawl with --render always")
        if self.skipped_hash_routes:
            lines.append(f"  ! {self.skipped_hash_routes} links lead to pages drawn by script at a URL "
                         "fragment (/#/…), which a plain fetch cannot see: crawl with --render always")
        lines += [f"  ! {url}: {error}" for url, error in self.errors[:5]]
        if self.login_walls:
            lines.append(f"  ! {self.login_walls} page{'s' if self.login_walls > 1 else ''} led to "
                         f"the site's login form ({self.login_form}), not archived: "
                         + LOGIN_WALL_ADVICE[self.login])
        if self.jobs_failed:
            lines.append(f"  ! {self.jobs_failed} archive job{'s' if self.jobs_failed > 1 else ''} "
                         f"failed, the first: {self.job_error or 'no error recorded'}. Those pages "
                         "were fetched and scored but not archived; once the cause is fixed, the "
                         "next crawl of the site fetches and archives them"
                         + (f" (tracebacks: {self.worker_log})" if self.worker_log else ""))
        lines += [f"  ! {warning}" for warning in self.warnings]
        if self.worker_restarts:
            times = "once" if self.worker_restarts == 1 else f"{self.worker_restarts} times"
            lines.append(f"  ! the archive worker died and was started again {times}; the "
                         "jobs it left ran again"
                         + (f" (its log: {self.worker_log})" if self.worker_log else ""))
        return "\n".join(lines)
