"""Fixtures for every players' app test."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.core.cache import caches


@pytest.fixture(autouse=True)
def _fresh_caches() -> Iterator[None]:
    """Each test starts with empty caches, so throttle counts from earlier tests never leak."""
    for cache in caches.all():
        cache.clear()
    yield
