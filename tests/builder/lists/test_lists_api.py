"""Saved lists through the API: every endpoint a player or an app calls."""

from __future__ import annotations

from typing import Any

import pytest

from builder.lists.models import SavedList
from tests.builder.lists.test_saved_list_upgrade import load_aces_1_1_0

pytestmark = pytest.mark.django_db


def create(api: Any, document: dict[str, Any], **extra: Any) -> dict[str, Any]:
    r = api.post("/api/v1/lists/", {"document": document, **extra}, format="json")
    assert r.status_code == 201, r.content
    return dict(r.json())


def test_create_read_list_and_filter(
    packs: Any, api: Any, kims_team: Any, dust_devils: Any
) -> None:
    team = create(api, kims_team, notes="club night")
    assert team["verdict"] == {"legal": True, "points": 100, "limit": 100, "violations": []}
    assert team["pinned"] == [
        {"pack": "cs-aces-core", "version": "1.0.0"},
        {"pack": "cs-air-action-core", "version": "1.0.0"},
    ]
    assert team["breakdown"]["total"] == 100
    create(api, dust_devils)
    listed = api.get("/api/v1/lists/").json()
    assert listed["count"] == 2
    assert sorted(r["name"] for r in listed["results"]) == ["Dust Devils", "Kim's team"]
    only = api.get("/api/v1/lists/?system=cs-aces").json()["results"]
    assert [r["name"] for r in only] == ["Kim's team"]
    detail = api.get(f"/api/v1/lists/{team['uuid']}/").json()
    assert (detail["notes"], detail["document"]["name"]) == ("club night", "Kim's team")


def test_patch_document_rechecks_and_rename(packs: Any, api: Any, kims_team: Any) -> None:
    team = create(api, kims_team)
    kims_team["entries"].append({"figure": "ruffian", "points": 1})
    r = api.patch(f"/api/v1/lists/{team['uuid']}/", {"document": kims_team}, format="json")
    assert r.status_code == 200
    assert (r.json()["verdict"]["legal"], r.json()["verdict"]["points"]) == (False, 106)
    r = api.post(f"/api/v1/lists/{team['uuid']}/rename/", {"name": "Raiders"}, format="json")
    assert (r.json()["name"], r.json()["document"]["name"]) == ("Raiders", "Raiders")
    r = api.patch(
        f"/api/v1/lists/{team['uuid']}/", {"name": "Raiders II", "notes": "x"}, format="json"
    )
    assert (r.json()["name"], r.json()["notes"]) == ("Raiders II", "x")


@pytest.mark.parametrize(
    ("mutate", "status", "code", "path"),
    [
        (lambda d: d["entries"][0].update(count=0), 400, "bad_document", "$.entries[0].count"),
        (lambda d: d.update(format="other"), 400, "bad_document", "$.format"),
        (
            lambda d: d.update(entries=[{"figure": "ruffian"}] * 201),
            400,
            "too_many_entries",
            "$.entries",
        ),
        (
            lambda d: d.update(content={"pack": "cs-aces-core", "version": "7.0.0"}),
            400,
            "bad_document",
            "$.content",
        ),
        (lambda d: d.pop("system"), 400, "bad_document", "$"),
    ],
)
def test_bad_documents_are_400_with_a_path(
    packs: Any, api: Any, kims_team: Any, mutate: Any, status: int, code: str, path: str
) -> None:
    mutate(kims_team)
    r = api.post("/api/v1/lists/", {"document": kims_team}, format="json")
    assert r.status_code == status
    assert r.json()["code"] == code
    assert path in [d["path"] for d in r.json()["details"]]
    assert SavedList.objects.count() == 0


@pytest.mark.parametrize(
    "body",
    [
        {},
        {"document": "text"},
        {"document": [1, 2]},
        {"document": {"format": "muster-list/1"}},
        {"document": None},
    ],
)
def test_junk_is_never_a_500(packs: Any, api: Any, body: Any) -> None:
    r = api.post("/api/v1/lists/", body, format="json")
    assert r.status_code == 400


def test_too_many_entries_message_names_the_limit(packs: Any, api: Any, kims_team: Any) -> None:
    kims_team["entries"] = [{"figure": "ruffian"}] * 201
    r = api.post("/api/v1/lists/", {"document": kims_team}, format="json")
    assert r.json()["message"] == "A list may hold at most 200 entries; this one has 201."


def test_duplicate_trash_restore(packs: Any, api: Any, kims_team: Any) -> None:
    team = create(api, kims_team)
    r = api.post(f"/api/v1/lists/{team['uuid']}/duplicate/", {}, format="json")
    assert r.status_code == 201
    assert r.json()["name"] == "Copy of Kim's team"
    assert api.delete(f"/api/v1/lists/{team['uuid']}/").status_code == 204
    assert api.get(f"/api/v1/lists/{team['uuid']}/").status_code == 404
    trash = api.get("/api/v1/lists/trash/").json()["results"]
    assert [t["uuid"] for t in trash] == [team["uuid"]]
    assert trash[0]["deleted_at"] is not None
    r = api.post(f"/api/v1/lists/{team['uuid']}/restore/")
    assert (r.status_code, r.json()["deleted_at"]) == (200, None)
    r = api.post(f"/api/v1/lists/{team['uuid']}/restore/")
    assert r.status_code == 404  # no longer in the trash


def test_sharing(packs: Any, api: Any, anon: Any, kims_team: Any) -> None:
    team = create(api, kims_team, notes="secret plan")
    assert anon.get(f"/api/v1/shared/{team['share_token']}/").status_code == 404
    token = api.patch(
        f"/api/v1/lists/{team['uuid']}/", {"visibility": "unlisted"}, format="json"
    ).json()["share_token"]
    shared = anon.get(f"/api/v1/shared/{token}/").json()
    assert (shared["name"], shared["owner"], shared["verdict"]["points"]) == (
        "Kim's team",
        "ada",
        100,
    )
    assert "notes" not in shared
    assert anon.get("/api/v1/lists/public/").json()["count"] == 0
    token = api.patch(
        f"/api/v1/lists/{team['uuid']}/", {"visibility": "public"}, format="json"
    ).json()["share_token"]
    assert [r["name"] for r in anon.get("/api/v1/lists/public/").json()["results"]] == [
        "Kim's team"
    ]
    new = api.post(f"/api/v1/lists/{team['uuid']}/share-token/").json()["share_token"]
    assert new != token
    assert anon.get(f"/api/v1/shared/{token}/").status_code == 404
    assert anon.get(f"/api/v1/shared/{new}/").status_code == 200


def test_upgrade_preview_and_apply(packs: Any, api: Any, kims_team: Any) -> None:
    team = create(api, kims_team)
    assert api.get(f"/api/v1/lists/{team['uuid']}/upgrade/").json()["up_to_date"] is True
    load_aces_1_1_0()
    assert api.get(f"/api/v1/lists/{team['uuid']}/").json()["verdict"]["points"] == 100
    preview = api.get(f"/api/v1/lists/{team['uuid']}/upgrade/").json()
    assert (preview["before"]["points"], preview["after"]["points"]) == (100, 96)
    assert [p["id"] for p in preview["price_changes"]] == ["vigilante"]
    assert [m["path"] for m in preview["missing_entries"]] == ["$.entries[6].figure"]
    r = api.post(f"/api/v1/lists/{team['uuid']}/upgrade/")
    assert r.json()["verdict"]["points"] == 96
    assert r.json()["pinned"][0] == {"pack": "cs-aces-core", "version": "1.1.0"}


def test_fielding_for_a_saved_list(packs: Any, api: Any, kims_team: Any) -> None:
    team = create(api, kims_team)
    api.post(
        "/api/v1/collection/",
        {"system": "cs-aces", "record_type": "figure", "stable_id": "charlie"},
        format="json",
    )
    answer = api.get(f"/api/v1/lists/{team['uuid']}/fielding/").json()
    assert answer["can_field"] is False
    assert [m["message"] for m in answer["missing"]][:2] == [
        "needs 1 × Vigilante, owns 0",
        "needs 1 × Sergeant, owns 0",
    ]
    assert len(answer["missing"]) == 6


def test_points_limit_out_of_range_is_a_400(packs: Any, api: Any, kims_team: Any) -> None:
    kims_team["points_limit"] = 10**12
    r = api.post("/api/v1/lists/", {"document": kims_team}, format="json")
    assert r.status_code == 400
    assert "$.points_limit" in [d["path"] for d in r.json()["details"]]


@pytest.mark.parametrize(
    ("mutate", "path"),
    [
        (lambda d: d.update(name="Kim\x00"), "$.name"),
        (lambda d: d["entries"][0].update(label="a\x00b"), "$.entries[0].label"),
    ],
)
def test_unstorable_values_are_a_400(
    packs: Any, api: Any, kims_team: Any, mutate: Any, path: str
) -> None:
    mutate(kims_team)
    r = api.post("/api/v1/lists/", {"document": kims_team}, format="json")
    assert r.status_code == 400
    # A JSON path into the request body, where the document sits under "document".
    assert r.json()["details"][0]["path"] == path.replace("$", "$.document", 1)
    r = api.post("/api/v1/lists/import/", kims_team, format="json")
    assert r.status_code == 400
    assert r.json()["details"][0]["path"] == path
