"""Request throttles per signed-in user and per anonymous client, counted in one cache.

The counts live in the ``throttle`` cache (local memory by default, Redis in production so
that every server process shares them); a throttled request is a 429 with ``Retry-After``.
"""

from __future__ import annotations

from django.core.cache import caches
from rest_framework.throttling import AnonRateThrottle, UserRateThrottle


class AnonThrottle(AnonRateThrottle):
    """Anonymous clients, by address: the ``anon`` rate."""

    cache = caches["throttle"]


class UserThrottle(UserRateThrottle):
    """Signed-in users, by account: the ``user`` rate."""

    cache = caches["throttle"]
