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

import inspect

from redis.client import PubSubWorkerThread
from rq.exceptions import StopRequested
from rq.worker import SimpleWorker, WorkerStatus

WORKER_CLASS = f"{__name__}.StoppingWorker"
"""rq worker --worker-class: the worker a crawl starts and `leafcrawl worker` runs."""

UNSUBSCRIBE_WAIT_S = 1.0
"""How long a stopping worker waits for its pubsub thread: rq's own bound (rq 3.0's
unsubscribe joins it for 1 s)."""

# redis-py 8.2 gave PubSubWorkerThread.stop() a timeout and made it wait for the thread
_STOP_TAKES_TIMEOUT = "timeout" in inspect.signature(PubSubWorkerThread.stop).parameters


class StoppingWorker(SimpleWorker):
    def dequeue_job_and_maintain_ttl(self, timeout, max_idle_time=None):
        # idle first: a stop asked from now on raises StopRequested at once (rq's _shutdown);
        # one asked while the last job's "busy" still stood is read here, before listening
        self.set_state(WorkerStatus.IDLE)
        if self._stop_requested:
            raise StopRequested()
        return super().dequeue_job_and_maintain_ttl(timeout, max_idle_time)

    def unsubscribe(self):
        # redis-py 8.2's PubSubWorkerThread.stop() waits for the thread with no bound, and the
        # thread may first sit out the rest of rq's 60 s poll for a command (it waits to be
        # subscribed again once unsubscribed): 4 of 10 burst runs took 60 s to tear down,
        # where redis-py 8.1's stop() only cleared the flag and rq joined it for 1 s. The
        # thread is a daemon: a worker that exits does not wait for it.
        thread = self.pubsub_thread
        if not thread:
            return
        self.log.info("Worker %s: unsubscribing from channel %s", self.name, self.pubsub_channel_name)
        self.pubsub.unsubscribe()
        if _STOP_TAKES_TIMEOUT:
            thread.stop(timeout=UNSUBSCRIBE_WAIT_S)
        else:
            thread.stop()
            thread.join(timeout=UNSUBSCRIBE_WAIT_S)
        self.pubsub.close()
