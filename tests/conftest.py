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
    from crawler.services.embedded_redis import EmbeddedRedis

    with EmbeddedRedis(tmp_path_factory.mktemp("redis")) as server:
        yield server.url


@pytest.fixture
def conn(redis_url):
    """A client of the test Redis, closed after the test."""
    import redis

    client = redis.Redis.from_url(redis_url)
    yield client
    client.close()


class RedisNamespace:
    """A real Redis connection plus a key prefix and RQ queue name of the test's own."""

    def __init__(self, url: str):
        import uuid

        import redis

        self.url = url
        self.conn = redis.Redis.from_url(url)
        self.prefix = f"test-{uuid.uuid4().hex[:8]}"
        self.queue = f"q-{uuid.uuid4().hex[:8]}"

    @property
    def env(self) -> dict:
        """The environment that points a leafcrawl command at this namespace."""
        return {"LEAFCRAWL_REDIS_PREFIX": self.prefix, "LEAFCRAWL_QUEUE": self.queue}

    def cleanup(self) -> None:
        from rq import Queue

        keys = list(self.conn.scan_iter(f"{self.prefix}:*"))
        if keys:
            self.conn.delete(*keys)
        Queue(self.queue, connection=self.conn).empty()
        self.conn.close()


@pytest.fixture
def redis_ns(redis_url):
    """A private namespace (prefix + queue) on the test Redis, deleted afterwards."""
    ns = RedisNamespace(redis_url)
    try:
        yield ns
    finally:
        ns.cleanup()
