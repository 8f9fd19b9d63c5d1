"""Open a Redis connection and prove it answers, so a wrong REDIS_URL fails in one line."""

from __future__ import annotations

import redis


class RedisUnavailable(RuntimeError):
    """Redis at the given URL cannot be reached or refused the connection."""


def _safe(url: str) -> str:
    # Never print a password from the URL.
    from urllib.parse import urlsplit

    parts = urlsplit(url)
    if parts.password:
        return url.replace(f":{parts.password}@", ":***@")
    return url


def connect(url: str, timeout_s: float = 5.0) -> redis.Redis:
    try:
        conn = redis.Redis.from_url(url, socket_connect_timeout=timeout_s, socket_timeout=30)
        conn.ping()
    except ValueError as exc:
        raise RedisUnavailable(f"REDIS_URL {_safe(url)!r} is not a Redis URL: {exc}") from None
    except redis.RedisError as exc:
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise RedisUnavailable(f"cannot reach Redis at {_safe(url)}: {reason}") from None
    return conn
