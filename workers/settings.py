"""RQ worker settings: ``rq worker -c workers.settings`` (run from the project root, or
pass ``--path``). rq 3.0's CLI reads UPPERCASE names from this module: REDIS_URL (else
REDIS_HOST/REDIS_PORT/REDIS_DB/REDIS_PASSWORD/SENTINEL), QUEUES, NAME and DICT_CONFIG.
A ``--url`` on the command line wins over REDIS_URL, queue arguments over QUEUES. The worker
class is not a config key: pass ``--worker-class workers.stopping_worker.StoppingWorker``
(rq's SimpleWorker, about 4x faster than the forking worker for these short jobs, which
stops when asked as a job ends) or set RQ_WORKER_CLASS in the environment.
"""

import os

from pipelines.store.redis_keys import DEFAULT_QUEUE, QUEUE_SETTING

REDIS_URL = os.environ.get("REDIS_URL") or "redis://127.0.0.1:6379/0"
"""Redis the worker connects to (redis://… or unix:///path/redis.sock)."""

QUEUES = [os.environ.get(QUEUE_SETTING) or DEFAULT_QUEUE]
"""Queues the worker listens on: the archive queue (env LEAFCRAWL_QUEUE, default leafcrawl)."""
