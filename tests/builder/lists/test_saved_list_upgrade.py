"""A saved list keeps checking against the pack versions it was built with until upgraded."""

from __future__ import annotations

from typing import Any

import pytest

from builder.lists.checking import verdict_for
from builder.lists.selectors import saved_list_upgrade_preview
from builder.lists.services import saved_list_create, saved_list_upgrade
from content.models import ContentPack, Figure
from content.services.packs import pack_load
from tests.builder.lists.conftest import pack_doc

pytestmark = pytest.mark.django_db


def load_aces_1_1_0() -> None:
    """cs-aces-core 1.1.0 from the real pack: the Vigilante costs 13 (was 11), the Ruffian
    is gone."""
    doc = pack_doc("cs-aces")
    assert doc["version"] == "1.0.0"
    doc["version"] = "1.1.0"
    doc["records"] = [r for r in doc["records"] if r["id"] != "ruffian"]
    vigilante = next(r for r in doc["records"] if r["id"] == "vigilante")
    assert vigilante["data"]["point_value"] == 11
    vigilante["data"]["point_value"] = 13
    pack_load(documents=[("cs-aces-core-1.1.0.json", doc)])


def test_pinned_list_checks_as_before_and_preview_names_both_changes(
    packs: Any, user: Any, kims_team: Any
) -> None:
    saved = saved_list_create(owner=user, document=kims_team)
    before = verdict_for(saved.document, saved.pack_versions.all()).to_dict()
    assert (before["legal"], before["points"]) == (True, 100)

    load_aces_1_1_0()
    assert ContentPack.objects.get(pack_id="cs-aces-core").version == "1.1.0"
    assert not Figure.objects.filter(stable_id="ruffian").exists()

    saved.refresh_from_db()
    assert verdict_for(saved.document, saved.pack_versions.all()).to_dict() == before
    assert (saved.legal, saved.points) == (True, 100)

    preview = saved_list_upgrade_preview(saved_list=saved)
    assert preview["up_to_date"] is False
    assert preview["packs"] == [
        {
            "pack": "cs-aces-core",
            "name": "Crimson Skies: Aces complete rules",
            "from": "1.0.0",
            "to": "1.1.0",
        }
    ]
    assert preview["before"]["points"] == 100
    assert preview["before"]["legal"] is True
    # Without the Ruffian (6) and with the dearer Vigilante (+2): 96 points.
    assert preview["after"]["points"] == 96
    assert preview["after"]["legal"] is False
    assert [(m["code"], m["path"]) for m in preview["missing_entries"]] == [
        ("cs-aces.unknown-figure", "$.entries[6].figure")
    ]
    assert preview["removed_records"] == [
        {
            "pack": "cs-aces-core",
            "type": "figure",
            "id": "ruffian",
            "name": "Ruffian",
            "used_by": ["$.entries[6].figure"],
        }
    ]
    assert preview["price_changes"] == [
        {
            "pack": "cs-aces-core",
            "type": "figure",
            "id": "vigilante",
            "name": "Vigilante",
            "path": "$.data.point_value",
            "before": 11,
            "after": 13,
            "used_by": ["$.entries[1].figure"],
        }
    ]
    # The preview wrote nothing.
    saved.refresh_from_db()
    assert saved.document["content"][0] == {"pack": "cs-aces-core", "version": "1.0.0"}

    saved_list_upgrade(saved_list=saved)
    saved.refresh_from_db()
    assert (saved.legal, saved.points) == (False, 96)
    assert saved.document["content"][0] == {"pack": "cs-aces-core", "version": "1.1.0"}
    assert saved_list_upgrade_preview(saved_list=saved)["up_to_date"] is True


def test_new_lists_pin_the_newest_version(packs: Any, user: Any, kims_team: Any) -> None:
    load_aces_1_1_0()
    del kims_team["content"]
    saved = saved_list_create(owner=user, document=kims_team)
    assert (saved.legal, saved.points) == (False, 96)
    assert saved.document["content"][0] == {"pack": "cs-aces-core", "version": "1.1.0"}
