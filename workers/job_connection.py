"""The Redis connection of the RQ job running now."""
from __future__ import annotations


def job_connection(connection=None):
    """``connection`` when given (a job called outside a worker), else the current RQ job's."""
    if connection is not None:
        return connection
    from rq import get_current_job

    job = get_current_job()
    if job is None:
        raise RuntimeError("this runs as an RQ job (or pass connection=...)")
    return job.connection
