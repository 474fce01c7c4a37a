"""Exchange files: export one list or all, import either, all or nothing."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from builder.lists.models import SavedList
from builder.lists.services import saved_list_create, saved_list_trash
from tests.builder.players_fixtures import example

pytestmark = pytest.mark.django_db


def test_export_one_list_is_its_pinned_document(
    packs: Any, api: Any, user: Any, kims_team: Any
) -> None:
    saved = saved_list_create(owner=user, document=kims_team)
    r = api.get(f"/api/v1/lists/{saved.uuid}/export/")
    assert r.status_code == 200
    assert "attachment" in r["Content-Disposition"]
    doc = r.json()
    assert doc == {
        **kims_team,
        "content": [
            {"pack": "cs-aces-core", "version": "1.0.0"},
            {"pack": "cs-air-action-core", "version": "1.0.0"},
        ],
    }


def test_backup_round_trip_is_idempotent(
    packs: Any, api: Any, user: Any, other_user: Any, kims_team: Any, dust_devils: Any
) -> None:
    a = saved_list_create(owner=user, document=kims_team, notes="n1", visibility="unlisted")
    saved_list_create(owner=user, document=dust_devils)
    trashed = saved_list_create(owner=user, document={**kims_team, "name": "Old"})
    saved_list_trash(saved_list=trashed)
    backup = api.get("/api/v1/lists/export/").json()
    assert backup["format"] == "muster-lists/1"
    assert [item["document"]["name"] for item in backup["lists"]] == ["Kim's team", "Dust Devils"]
    assert backup["lists"][0] == {
        "uuid": str(a.uuid),
        "visibility": "unlisted",
        "notes": "n1",
        "document": a.document,
    }

    # Into another account: everything is created, under fresh uuids (these are taken).
    from rest_framework.test import APIClient

    other = APIClient()
    other.force_authenticate(other_user)
    r = other.post("/api/v1/lists/import/", backup, format="json")
    assert r.status_code == 201
    assert [c["name"] for c in r.json()["created"]] == ["Kim's team", "Dust Devils"]
    imported = SavedList.objects.get(owner=other_user, name="Kim's team")
    assert (imported.visibility, imported.notes, imported.points) == ("unlisted", "n1", 100)
    assert imported.uuid != a.uuid

    # The same backup again: nothing new.
    r = other.post("/api/v1/lists/import/", backup, format="json")
    assert (r.status_code, r.json()["created"]) == (201, [])
    assert sorted(r.json()["skipped"]) == sorted(i["uuid"] for i in backup["lists"])
    assert SavedList.objects.filter(owner=other_user).count() == 2
    # And into the account it came from: nothing new either.
    r = api.post("/api/v1/lists/import/", backup, format="json")
    assert r.json()["created"] == []
    assert SavedList.objects.filter(owner=user).count() == 3


def test_points_in_the_file_are_ignored(packs: Any, api: Any, kims_team: Any) -> None:
    for entry in kims_team["entries"]:
        entry["points"] = 1
    r = api.post("/api/v1/lists/import/", kims_team, format="json")
    assert r.status_code == 201
    saved = SavedList.objects.get()
    assert (saved.points, saved.legal) == (100, True)


def test_single_list_imported_twice_is_saved_once(packs: Any, api: Any, kims_team: Any) -> None:
    assert len(api.post("/api/v1/lists/import/", kims_team, format="json").json()["created"]) == 1
    r = api.post("/api/v1/lists/import/", kims_team, format="json")
    assert (r.json()["created"], r.json()["skipped"]) == ([], ["Kim's team"])
    assert SavedList.objects.count() == 1


def test_unknown_ids_reported_by_path_and_nothing_written(
    packs: Any, api: Any, kims_team: Any, dust_devils: Any
) -> None:
    bad_team = copy.deepcopy(kims_team)
    bad_team["entries"][2]["figure"] = "no-such-figure"
    dust_devils["entries"][1]["weapons"] = ["laser-sword"]
    backup = {
        "format": "muster-lists/1",
        "lists": [
            {"uuid": "6f1c2d3e-0a4b-4c5d-8e9f-0123456789ab", "document": kims_team},
            {"document": bad_team},
            {"document": dust_devils},
        ],
    }
    r = api.post("/api/v1/lists/import/", backup, format="json")
    assert r.status_code == 400
    assert r.json()["code"] == "import_refused"
    assert [d["path"] for d in r.json()["details"]] == [
        "$.lists[1].document.entries[2].figure",
        "$.lists[2].document.entries[1].weapons[0]",
    ]
    assert SavedList.objects.count() == 0


@pytest.mark.parametrize(
    ("body", "path"),
    [
        ({"format": "zip"}, "$.format"),
        ({"format": "muster-lists/1", "lists": {}}, "$.lists"),
        ({"format": "muster-lists/1", "lists": [{"document": 3}]}, "$.lists[0].document"),
        ({"format": "muster-lists/1", "lists": [{"uuid": "x", "document": {}}]}, "$.lists[0].uuid"),
        (
            {"format": "muster-lists/1", "lists": [{"visibility": "everyone", "document": {}}]},
            "$.lists[0].visibility",
        ),
        ([1, 2], "$"),
    ],
)
def test_bad_files_name_the_path(packs: Any, api: Any, body: Any, path: str) -> None:
    r = api.post("/api/v1/lists/import/", body, format="json")
    assert r.status_code == 400
    assert path in [d["path"] for d in r.json()["details"]]


def test_bad_document_inside_a_backup_is_rooted(packs: Any, api: Any, kims_team: Any) -> None:
    kims_team["entries"][0]["count"] = 0
    r = api.post(
        "/api/v1/lists/import/",
        {"format": "muster-lists/1", "lists": [{"document": kims_team}]},
        format="json",
    )
    assert r.status_code == 400
    assert [d["path"] for d in r.json()["details"]] == ["$.lists[0].document.entries[0].count"]


def test_same_uuid_twice_in_one_file(packs: Any, api: Any, kims_team: Any) -> None:
    u = "6f1c2d3e-0a4b-4c5d-8e9f-0123456789ab"
    r = api.post(
        "/api/v1/lists/import/",
        {
            "format": "muster-lists/1",
            "lists": [{"uuid": u, "document": kims_team}, {"uuid": u, "document": kims_team}],
        },
        format="json",
    )
    assert r.status_code == 400
    assert [d["path"] for d in r.json()["details"]] == ["$.lists[1].uuid"]


def _older_spelling(doc: dict[str, Any]) -> dict[str, Any]:
    old = copy.deepcopy(doc)
    for entry in old["entries"]:
        for key in ("part", "area"):
            if key in entry:
                entry[key] = entry[key].replace("-", "_")
    return old


@pytest.mark.parametrize("as_backup", [False, True], ids=["list file", "backup"])
def test_import_converts_older_spellings_once_and_warns_of_each(
    hex_pack: Any, api: Any, user: Any, as_backup: bool
) -> None:
    design = example("cs-hex/light-fighter-legal.json")
    old = _older_spelling(design)
    assert old != design
    body: dict[str, Any] = (
        {"format": "muster-lists/1", "lists": [{"document": old}]} if as_backup else old
    )
    root = "$.lists[0].document" if as_backup else "$"
    r = api.post("/api/v1/lists/import/", body, format="json")
    assert r.status_code == 201, r.content
    assert r.json()["warnings"] == [
        {
            "path": f"{root}.entries[{i}].{field}",
            "field": field,
            "message": f"older spelling {was!r} read as {now!r}",
        }
        for i, field, was, now in [
            (2, "area", "right_wing_front", "right-wing-front"),
            (3, "area", "right_wing_rear", "right-wing-rear"),
            (4, "area", "left_wing_front", "left-wing-front"),
            (5, "area", "left_wing_rear", "left-wing-rear"),
            (10, "part", "drop_tank", "drop-tank"),
        ]
    ]
    saved = SavedList.objects.get(owner=user)
    assert saved.document["entries"] == design["entries"]
    assert saved.legal is True
    # The same file again is the list already saved: nothing new, the same warnings.
    again = api.post("/api/v1/lists/import/", body, format="json").json()
    assert (again["created"], len(again["warnings"])) == ([], 5)
    assert SavedList.objects.filter(owner=user).count() == 1


def test_import_of_a_current_spelling_has_no_warnings(
    packs: Any, api: Any, user: Any, kims_team: Any
) -> None:
    r = api.post("/api/v1/lists/import/", kims_team, format="json")
    assert (r.status_code, r.json()["warnings"]) == (201, [])
