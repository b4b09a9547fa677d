"""Django's Redis cache, made to answer "nothing cached" instead of failing while Redis is down.

The cache holds only rate-limit counters (django-ratelimit: new games, class joins, sign-ups).
Without this, a Redis outage turns each of those requests into a 500. Here a read gives the
default, a write or `add` does nothing (False), `incr` raises ValueError (what django-ratelimit
expects from a cache that failed) and RATELIMIT_FAIL_OPEN lets the request through unlimited
for as long as the outage lasts. A Redis that hangs fails each call within its socket timeouts
(settings.CACHES: 1 s).
"""

from __future__ import annotations

import logging

from django.core.cache.backends.redis import RedisCache
from redis.exceptions import RedisError

logger = logging.getLogger(__name__)


def _failed(operation: str, error: Exception) -> None:
    logger.warning("Cache (Redis) unavailable for %s: %r", operation, error)


class ForgivingRedisCache(RedisCache):
    def get(self, key, default=None, version=None):
        try:
            return super().get(key, default, version)
        except RedisError as error:
            _failed("get", error)
            return default

    def get_many(self, keys, version=None):
        try:
            return super().get_many(keys, version)
        except RedisError as error:
            _failed("get_many", error)
            return {}

    def add(self, key, value, timeout=None, version=None):
        try:
            return super().add(key, value, timeout, version)
        except RedisError as error:
            _failed("add", error)
            return False

    def set(self, key, value, timeout=None, version=None):
        try:
            super().set(key, value, timeout, version)
        except RedisError as error:
            _failed("set", error)

    def delete(self, key, version=None):
        try:
            return super().delete(key, version)
        except RedisError as error:
            _failed("delete", error)
            return False

    def incr(self, key, delta=1, version=None):
        try:
            return super().incr(key, delta, version)
        except RedisError as error:
            _failed("incr", error)
            raise ValueError("the cache is unavailable") from None

    def clear(self):
        try:
            return super().clear()
        except RedisError as error:
            _failed("clear", error)
            return False
