"""What a user should doubt about a crawl that otherwise succeeded: each doubt a line of the
summary saying what to do, and the crawl's exit status EXIT_WARNINGS (crawler/cli.py)."""

from __future__ import annotations

# --render never: at least this many pages (or half the pages fetched) read as frames a
# script fills before the summary says the mode is doubtful.
SCRIPT_DRAWN_MIN = 3


def doubts(summary, cfg, queue: str, unattended: bool) -> list[str]:
    """What a user should doubt about a crawl that otherwise succeeded, and what to do."""
    found = []
    fetched = summary.index + summary.leaf
    if cfg.render == "never" and summary.script_drawn and (
            summary.script_drawn >= SCRIPT_DRAWN_MIN or 2 * summary.script_drawn >= fetched):
        found.append(f"{summary.script_drawn} of {fetched} pages look drawn by a script (an app's "
                     "empty mount point, or a few words where content should be), which --render "
                     "never does not run: crawl with --render auto or always")
    if summary.spider_errors:
        # a fault of ours on some pages: their links were not followed, so the crawl may have
        # ended early; Scrapy only logs it
        found.append(f"{summary.spider_errors} page{'s' if summary.spider_errors > 1 else ''} "
                     "raised an error while being handled (a fault of leafcrawl's: please report "
                     f"it with the traceback in {summary.log_file or 'the log'}); their links "
                     "were not followed")
    if unattended and summary.jobs_pending:
        found.append(f"{summary.jobs_pending} archive jobs wait on queue '{queue}' and no worker "
                     "listens there: start one with `leafcrawl worker` (same REDIS_URL), or crawl "
                     "with --with-worker")
    return found
