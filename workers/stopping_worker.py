"""The RQ worker leafcrawl runs: rq's SimpleWorker (jobs in the worker's own process, about
4x faster than forking one per job for these short jobs), which stops when asked between
two jobs too.

rq 3.0 answers SIGTERM (a warm shutdown) by raising StopRequested at once when the worker is
idle, and by setting a flag to read after the current job when it is busy. A worker's state
stays "busy" from the end of a job until it next listens for one (its heartbeat and the loop's
checks lie between), and a stop asked in that window only set the flag: the worker then
waited for its next job for up to its dequeue timeout (405 s) before reading it. A crawl that
stops its worker right after the last archive job ended waited its 20 s for it and killed it.
"""
from __future__ import annotations

from rq.exceptions import StopRequested
from rq.worker import SimpleWorker, WorkerStatus

WORKER_CLASS = f"{__name__}.StoppingWorker"
"""rq worker --worker-class: the worker a crawl starts and `leafcrawl worker` runs."""


class StoppingWorker(SimpleWorker):
    def dequeue_job_and_maintain_ttl(self, timeout, max_idle_time=None):
        # idle first: a stop asked from now on raises StopRequested at once (rq's _shutdown);
        # one asked while the last job's "busy" still stood is read here, before listening
        self.set_state(WorkerStatus.IDLE)
        if self._stop_requested:
            raise StopRequested()
        return super().dequeue_job_and_maintain_ttl(timeout, max_idle_time)
