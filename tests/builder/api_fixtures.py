"""Fixtures shared by the API and simulation tests: packs, users with knox tokens, clients."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from knox.models import AuthToken
from rest_framework.test import APIClient

from content.services.packs import pack_load

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "docs" / "examples"


def example_list(name: str) -> dict[str, Any]:
    """A list document from ``docs/examples`` (``system/file.json``)."""
    return json.loads((EXAMPLES / name).read_text(encoding="utf-8"))


@pytest.fixture
def packs(db: Any, pack_docs: list[tuple[str, dict[str, Any]]]) -> Any:
    """Every repository pack loaded into the catalogue."""
    return pack_load(documents=pack_docs)


def make_user(username: str) -> Any:
    return get_user_model().objects.create_user(username, f"{username}@example.org", "pw-Sturdy-9")


def token_client(user: Any) -> APIClient:
    _, token = AuthToken.objects.create(user)
    client = APIClient(HTTP_HOST="127.0.0.1")
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    return client


@pytest.fixture
def user(db: Any) -> Any:
    return make_user("ada")


@pytest.fixture
def other_user(db: Any) -> Any:
    return make_user("bram")


@pytest.fixture
def api(user: Any) -> APIClient:
    """A client signed in as ``user`` with a knox token."""
    return token_client(user)


@pytest.fixture
def other_api(other_user: Any) -> APIClient:
    return token_client(other_user)


@pytest.fixture
def anon() -> APIClient:
    return APIClient(HTTP_HOST="127.0.0.1")
