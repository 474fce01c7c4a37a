"""Fixtures for accounts: an API client, a player, and throttle counters reset per test."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.cache import caches
from rest_framework.test import APIClient

PASSWORD = "a-long-passphrase"


@pytest.fixture(autouse=True)
def _fresh_throttles() -> None:
    for name in ("default", "throttle"):
        caches[name].clear()


@pytest.fixture
def api() -> APIClient:
    return APIClient()


@pytest.fixture
def user(db: Any, django_user_model: Any) -> Any:
    return django_user_model.objects.create_user("ada", "ada@example.com", PASSWORD)


@pytest.fixture
def other_user(db: Any, django_user_model: Any) -> Any:
    return django_user_model.objects.create_user("bob", "bob@example.com", "b-long-passphrase")
