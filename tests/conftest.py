"""Shared pytest fixtures (keep general: other test areas add theirs here)."""

from __future__ import annotations

import os

import pytest

LOCAL_REDIS_URL = "redis://127.0.0.1:6379/0"


def _answers_ping(url: str) -> bool:
    import redis

    client = redis.Redis.from_url(url, socket_connect_timeout=0.5, socket_timeout=0.5)
    try:
        return bool(client.ping())
    except (redis.ConnectionError, redis.TimeoutError, OSError):
        return False
    finally:
        client.close()


@pytest.fixture(scope="session")
def redis_url(tmp_path_factory):
    """URL of a real Redis: $REDIS_URL, else 127.0.0.1:6379 if it answers, else an
    EmbeddedRedis (unix socket) started for the session and stopped at its end."""
    if os.environ.get("REDIS_URL"):
        yield os.environ["REDIS_URL"]
        return
    if _answers_ping(LOCAL_REDIS_URL):
        yield LOCAL_REDIS_URL
        return
    from crawler.embedded_redis import EmbeddedRedis

    with EmbeddedRedis(tmp_path_factory.mktemp("redis")) as server:
        yield server.url
