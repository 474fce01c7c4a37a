"""Loads that change a pack's shape: nothing orphaned, nothing left pointing at nothing, and
each version remembers who brought it."""

from __future__ import annotations

import copy
import io

import pytest
from django.core.management import call_command

from content.models import RECORD_MODELS, Ability, ContentPack, ContentPackVersion, RuleTable
from content.services.packs import pack_load
from tests.conftest import PACK_DIR, read_pack

pytestmark = pytest.mark.django_db

BLACK = PACK_DIR / "black-skies" / "black-skies-core.json"


def pack_records(pack_id: str) -> set[tuple[str, str, str]]:
    return {
        (t, system, stable_id)
        for t, model in RECORD_MODELS.items()
        for system, stable_id in model.objects.filter(pack__pack_id=pack_id).values_list(
            "system__slug", "stable_id"
        )
    }


def test_a_pack_moved_to_another_system_takes_all_its_records_along():
    doc = read_pack(BLACK)
    pack_load(documents=[("v1", doc)])
    dust = read_pack(PACK_DIR / "crimson-dust" / "crimson-dust-core.json")
    moved = copy.deepcopy(doc)
    moved["version"] = "2.0.0"
    moved["system"] = "crimson-dust"
    moved["records"] = [r for r in dust["records"] if r["type"] == "table"][:2]

    pack_load(documents=[("v2", moved)])

    assert pack_records("black-skies-core") == {
        ("table", "crimson-dust", r["id"]) for r in moved["records"]
    }
    assert not Ability.objects.filter(system__slug="black-skies").exists()
    assert not RuleTable.objects.filter(system__slug="black-skies").exists()


def test_records_a_new_version_leaves_out_are_removed_when_nobody_refers_to_them():
    doc = read_pack(BLACK)
    pack_load(documents=[("v1", doc)])
    smaller = copy.deepcopy(doc)
    smaller["version"] = "1.1.0"
    gone = {"black-tiger", "pilot-skill-levels", "laser-cannon"}  # the table names the weapon
    smaller["records"] = [r for r in smaller["records"] if r["id"] not in gone]

    pack_load(documents=[("v2", smaller)])

    assert len(pack_records("black-skies-core")) == len(doc["records"]) - 3


def test_loadpack_records_who_loaded_each_version(tmp_path):
    call_command("loadpack", str(BLACK), by="ada", stdout=io.StringIO(), stderr=io.StringIO())

    version = ContentPackVersion.objects.get(pack__pack_id="black-skies-core")
    assert (version.version, version.action, version.actor) == ("1.0.0", "loaded", "ada")
    assert ContentPack.objects.get(pack_id="black-skies-core").version == "1.0.0"
