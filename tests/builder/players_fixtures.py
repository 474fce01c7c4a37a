"""Fixtures shared by the saved-list and collection tests: the repository's packs loaded,
two players, example lists."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from content.services.packs import pack_load

ROOT = Path(__file__).resolve().parents[2]
PACKS = ROOT / "content" / "packs"
EXAMPLES = ROOT / "docs" / "examples"


def pack_doc(system: str) -> dict[str, Any]:
    return json.loads(next((PACKS / system).glob("*.json")).read_text(encoding="utf-8"))


def example(path: str) -> dict[str, Any]:
    return copy.deepcopy(json.loads((EXAMPLES / path).read_text(encoding="utf-8")))


@pytest.fixture
def packs(db: Any) -> None:
    """The clix and Crimson Dust packs, loaded by the real loader."""
    pack_load(documents=[(s, pack_doc(s)) for s in ("cs-aces", "cs-air-action", "crimson-dust")])


@pytest.fixture
def hex_pack(packs: None) -> None:
    """The cs-hex pack as well, for design lists."""
    pack_load(documents=[("cs-hex", pack_doc("cs-hex"))])


@pytest.fixture
def user(db: Any, django_user_model: Any) -> Any:
    return django_user_model.objects.create_user("ada", "ada@example.com", "a-long-passphrase")


@pytest.fixture
def other_user(db: Any, django_user_model: Any) -> Any:
    return django_user_model.objects.create_user("bob", "bob@example.com", "b-long-passphrase")


@pytest.fixture
def kims_team() -> dict[str, Any]:
    return example("cs-aces/kims-team.json")


@pytest.fixture
def dust_devils() -> dict[str, Any]:
    return example("crimson-dust/dust-devils-500.json")


@pytest.fixture(autouse=True)
def _fresh_throttles() -> None:
    from django.core.cache import caches

    for name in ("default", "throttle"):
        caches[name].clear()


@pytest.fixture
def api(user: Any) -> Any:
    """An API client signed in as ``user``."""
    from rest_framework.test import APIClient

    client = APIClient()
    client.force_authenticate(user)
    return client


@pytest.fixture
def anon() -> Any:
    from rest_framework.test import APIClient

    return APIClient()
