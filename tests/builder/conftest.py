"""Fixtures for every players' app test."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.core.cache import caches


@pytest.fixture(autouse=True)
def _fresh_caches() -> None:
    """Each test starts with empty caches, so throttle counts from earlier tests never leak."""
    for cache in caches.all():
        cache.clear()


@pytest.fixture
def keep_connection() -> Iterator[None]:
    """Requests sent straight through the WSGI application (generated-request tests) would
    close the test's database connection at their end; Django's test client prevents this
    the same way."""
    from django.core.signals import request_finished, request_started
    from django.db import close_old_connections

    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)
