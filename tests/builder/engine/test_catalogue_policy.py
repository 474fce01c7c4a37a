"""The one catalogue policy: pins read with their types checked, the versions used said, and
one cache of catalogues keyed by the packs' checksums."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from builder import engine
from builder.core.errors import ApplicationError
from content import catalogues
from content.services.packs import pack_load
from rules_engine import BadDocument
from tests.conftest import pack_paths, read_pack

ROOT = Path(__file__).resolve().parents[3]
ACES_300 = ROOT / "docs/examples/cs-air-action/aces-300.json"

pytestmark = pytest.mark.django_db


@pytest.fixture
def loaded() -> Any:
    return pack_load(documents=[(str(p), read_pack(p)) for p in pack_paths()])


def _aces_300() -> dict[str, Any]:
    return json.loads(ACES_300.read_text(encoding="utf-8"))


@pytest.mark.parametrize(
    "content",
    ["cs-air-action-core", [{"pack": "cs-air-action-core"}], [{"pack": 1, "version": "1.0.0"}]],
)
def test_a_malformed_pin_is_a_bad_document_at_content(loaded: Any, content: Any) -> None:
    doc = _aces_300() | {"content": content}
    with pytest.raises(BadDocument) as caught:
        catalogues.resolve(doc)
    assert [(e.path, e.message) for e in caught.value.errors] == [
        ("$.content", "must be a list of pack versions, each {pack, version} as text")
    ]
    with pytest.raises(ApplicationError) as refused:
        engine.list_checked(doc)
    assert refused.value.details == [
        {
            "path": "$.content",
            "field": "content",
            "message": "must be a list of pack versions, each {pack, version} as text",
        }
    ]


def test_named_pins_win_and_related_packs_come_from_their_published_versions(
    loaded: Any,
) -> None:
    newer = copy.deepcopy(read_pack(next(p for p in pack_paths() if "cs-air-action" in str(p))))
    newer["version"] = "2.0.0"
    pack_load(documents=[("newer.json", newer)])
    doc = _aces_300() | {"content": [{"pack": "cs-air-action-core", "version": "1.0.0"}]}

    checked = engine.list_checked(doc)

    assert checked.versions["cs-air-action-core"] == "1.0.0"  # the pin, not the published 2.0.0
    assert checked.versions["cs-aces-core"] == "1.0.0"  # the related system's published pack
    assert (checked.verdict.legal, checked.verdict.points) == (True, 243)


def test_a_catalogue_is_built_once_for_the_same_pack_versions(loaded: Any) -> None:
    first = catalogues.resolve(_aces_300())
    with CaptureQueriesContext(connection) as queries:
        again = catalogues.resolve(_aces_300())
    assert len(queries) == 1
    assert again.catalogue is first.catalogue
    newer = copy.deepcopy(read_pack(next(p for p in pack_paths() if "cs-aces" in str(p))))
    newer["version"] = "1.1.0"
    pack_load(documents=[("newer.json", newer)])
    unpinned = catalogues.resolve({})
    assert unpinned.catalogue is not first.catalogue
    assert unpinned.versions["cs-aces-core"] == "1.1.0"
