"""Page analysis off the reactor's thread: processes that run analyze_page beside the crawl.

The analysis (parse, score, cut) is pure Python CPU work, 1-3 ms a page. Run in the
callback, it held the reactor, so every fetch, Redis write and queued link waited behind
it: a plain crawl fetched at 0.67-0.71x the pages/s of a bare Scrapy spider that keeps
nothing, on one core of two while the other idled. In processes of their own, pages are
analysed on the other cores while the reactor goes on fetching.

The processes are spawned, not forked: the crawl process runs threads (Twisted's pool,
Redis clients), and a fork copies their locks held. They start with the crawl and import
the analysis while its first requests (robots.txt, sitemaps, the start page) are on their
way.
"""

from __future__ import annotations

import asyncio
import functools
import multiprocessing
import os
import signal
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from crawler.services.parent_death import die_with_parent
from pipelines.page import IndexinessConfig, PageAnalysis, analyze_page

PROCESSES_SETTING = "LEAFCRAWL_ANALYSIS_PROCESSES"
"""How many processes analyse pages; 0 analyses them on the reactor's thread (as before
there were any: a one-core machine gains nothing but the cost of sending pages across)."""

MAX_DEFAULT_PROCESSES = 4
"""A reactor hands out some 250 pages/s at most (a bare Scrapy spider on loopback), and a
process analyses 300-1,000 pages/s: beyond four they would wait for pages."""


def default_processes() -> int:
    """One core stays the reactor's; the others analyse, up to MAX_DEFAULT_PROCESSES."""
    return max(0, min((os.cpu_count() or 1) - 1, MAX_DEFAULT_PROCESSES))


def _warm() -> None:
    """Asked of each process as the pool starts, so that all start (and import the analysis,
    this module's imports) before the first page comes."""


def _die_with_the_crawl(crawl_pid: int) -> None:
    """Each process's initializer: a crawl killed outright (kill -9, the OOM killer) takes
    its analysis processes with it, as it takes its Redis and worker; orphaned, they held
    the crawl's stdout open, and whatever waited for the crawl's output waited on. Ctrl-C,
    which the terminal sends the whole process group, is the crawl's to handle: it ends
    gracefully and closes the pool, where each process dying of it printed a traceback."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    set_death_signal = die_with_parent()
    if set_death_signal is not None:
        set_death_signal()
    if os.getppid() != crawl_pid:      # the crawl died before the signal was asked for
        os._exit(0)


class AnalysisPool:
    """analyze_page in worker processes, awaited from a Scrapy coroutine callback."""

    def __init__(self, processes: int):
        self.processes = max(0, int(processes))
        self._pool: ProcessPoolExecutor | None = None
        self.restarts = 0

    @classmethod
    def from_settings(cls, settings) -> "AnalysisPool":
        value = settings.get(PROCESSES_SETTING)
        return cls(default_processes() if value in (None, "") else settings.getint(PROCESSES_SETTING))

    def start(self) -> ProcessPoolExecutor | None:
        """Spawn the processes now, so that their start-up overlaps the crawl's first fetches."""
        if self.processes and self._pool is None:
            self._pool = ProcessPoolExecutor(self.processes,
                                             mp_context=multiprocessing.get_context("spawn"),
                                             initializer=_die_with_the_crawl,
                                             initargs=(os.getpid(),))
            for _ in range(self.processes):
                self._pool.submit(_warm)
        return self._pool

    async def analyze(self, html: str | bytes, url: str, config: IndexinessConfig, *,
                      content: str, encoding: str | None) -> PageAnalysis:
        """analyze_page(...) in a process of the pool (on this thread with 0 processes). A
        process that died (killed, out of memory) breaks the pool: a new one is started
        and the page analysed once more there, so the pages in flight with it are not lost."""
        call = functools.partial(analyze_page, html, url, config, content=content, encoding=encoding)
        if not self.processes:
            return call()
        loop = asyncio.get_running_loop()
        pool = self.start()
        try:
            return await loop.run_in_executor(pool, call)
        except BrokenProcessPool:
            if pool is self._pool:      # the first of the pages in flight with it to know
                self.close()
                self.restarts += 1
        return await loop.run_in_executor(self.start(), call)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None


class AnalysisCall:
    """What a callback's steps yield where they need a page's analysis (run_steps)."""

    __slots__ = ("html", "url", "config", "content", "encoding")

    def __init__(self, html, url: str, config: IndexinessConfig, *, content: str, encoding: str | None):
        self.html, self.url, self.config = html, url, config
        self.content, self.encoding = content, encoding


async def run_steps(steps, pool: AnalysisPool) -> list:
    """Drive a callback written as a generator: what it yields is its output, but for an
    AnalysisCall, whose PageAnalysis (or exception) is sent back into it once the pool has it.
    The callback's code reads as one straight function, and the reactor is free meanwhile."""
    out: list = []
    send, throw = None, None
    while True:
        try:
            step = steps.throw(throw) if throw is not None else steps.send(send)
        except StopIteration:
            return out
        send = throw = None
        if not isinstance(step, AnalysisCall):
            out.append(step)
            continue
        try:
            send = await pool.analyze(step.html, step.url, step.config,
                                      content=step.content, encoding=step.encoding)
        except Exception as exc:      # the callback's own handling decides what it means
            throw = exc
