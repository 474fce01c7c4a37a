"""The engine sees the same catalogue whether it reads the pack files or the database."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from content import catalogues
from content.models import ContentPack
from content.selectors import catalogue_for_packs
from content.services.packs import pack_document, pack_load
from rules_engine import check, load_catalogue

pytestmark = pytest.mark.django_db
EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"


def test_the_database_catalogue_is_the_file_catalogue(loaded_packs):
    catalogues._CATALOGUES.clear()
    with CaptureQueriesContext(connection) as cold:
        catalogue_for_packs()
    with CaptureQueriesContext(connection) as warm:
        from_db = catalogue_for_packs()
    # Cold: the versions' ids and checksums, then their documents; warm: the checksums only.
    assert (len(cold), len(warm)) == (2, 1)
    from_files = load_catalogue()
    assert from_db is from_files  # the same snapshot, cached by the packs' checksums


def test_versions_not_yet_published_never_push_the_published_catalogue_out(loaded_packs):
    published = catalogue_for_packs()
    pack = ContentPack.objects.get(pack_id="cs-aces-core")
    document = pack_document(pack)
    for n in range(40):  # more candidates than the engine keeps snapshots
        candidate = catalogues.resolve_candidate(document | {"name": f"Candidate {n}"})
        assert candidate.versions["cs-aces-core"] == document["version"]
    assert catalogue_for_packs() is published
    assert load_catalogue() is published


@pytest.mark.parametrize("example", sorted(EXAMPLES.glob("*/*.json")), ids=lambda p: p.name)
def test_examples_get_the_same_verdict_from_the_database(loaded_packs, example):
    doc = json.loads(example.read_text(encoding="utf-8"))
    assert check(catalogue_for_packs(), doc) == check(load_catalogue(), doc)


def test_a_list_keeps_checking_against_the_version_it_was_built_with(loaded_packs, pack_docs):
    _, doc = next((n, d) for n, d in pack_docs if d["id"] == "cs-aces-core")
    newer = copy.deepcopy(doc) | {"version": "1.1.0"}
    renamed = next(r for r in newer["records"] if r["type"] == "figure")
    renamed["name"] = "Renamed in 1.1.0"
    pack_load(documents=[("newer.json", newer)])

    old = catalogue_for_packs({"cs-aces-core": "1.0.0"})
    new = catalogue_for_packs({"cs-aces-core": "1.1.0"})

    assert old.get("cs-aces", "figure", renamed["id"]).name != "Renamed in 1.1.0"
    assert new.get("cs-aces", "figure", renamed["id"]).name == "Renamed in 1.1.0"
    assert catalogue_for_packs().pack_versions("cs-aces") == {"cs-aces-core": "1.1.0"}
