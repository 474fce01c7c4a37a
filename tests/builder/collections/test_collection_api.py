"""The collection through the API, and fielding any list document."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.django_db


def add(api: Any, stable_id: str, **extra: Any) -> Any:
    body = {"system": "cs-aces", "record_type": "figure", "stable_id": stable_id, **extra}
    return api.post("/api/v1/collection/", body, format="json")


def test_crud(packs: Any, api: Any) -> None:
    r = add(api, "ruffian", quantity=2, condition="played", notes="one repainted")
    assert r.status_code == 201
    item = r.json()
    assert {k: item[k] for k in ("system", "stable_id", "quantity", "condition", "notes")} == {
        "system": "cs-aces",
        "stable_id": "ruffian",
        "quantity": 2,
        "condition": "played",
        "notes": "one repainted",
    }
    add(api, "charlie")
    assert api.get("/api/v1/collection/").json()["count"] == 2
    assert api.get("/api/v1/collection/?record_type=archetype").json()["count"] == 0
    r = api.patch(f"/api/v1/collection/{item['id']}/", {"quantity": 3}, format="json")
    assert r.json()["quantity"] == 3
    assert api.delete(f"/api/v1/collection/{item['id']}/").status_code == 204
    assert api.get(f"/api/v1/collection/{item['id']}/").status_code == 404


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"stable_id": "nobody"}, "unknown_record"),
        ({"stable_id": "ruffian", "quantity": 0}, None),
        ({"stable_id": "ruffian", "condition": "pristine"}, None),
        ({"stable_id": "Not A Slug!"}, None),
        ({"stable_id": "ruffian", "system": "chess"}, "unknown_system"),
    ],
)
def test_refusals_are_400(packs: Any, api: Any, body: dict[str, Any], code: Any) -> None:
    stable_id = body.pop("stable_id")
    r = add(api, stable_id, **body)
    assert r.status_code == 400
    if code:
        assert r.json()["code"] == code


def test_duplicate_condition_is_400(packs: Any, api: Any) -> None:
    add(api, "ruffian")
    r = add(api, "ruffian")
    assert (r.status_code, r.json()["code"]) == (400, "duplicate_item")
    other = add(api, "ruffian", condition="damaged").json()
    r = api.patch(f"/api/v1/collection/{other['id']}/", {"condition": "good"}, format="json")
    assert (r.status_code, r.json()["code"]) == (400, "duplicate_item")


def test_fielding_an_unsaved_list(packs: Any, api: Any, kims_team: Any) -> None:
    kims_team["entries"] = [{"figure": "ruffian", "count": 2}, {"figure": "charlie"}]
    add(api, "ruffian")
    add(api, "charlie")
    r = api.post("/api/v1/collection/fielding/", {"document": kims_team}, format="json")
    assert r.status_code == 200
    assert r.json()["can_field"] is False
    assert [m["message"] for m in r.json()["missing"]] == ["needs 2 × Ruffian, owns 1"]
    kims_team["entries"][0]["count"] = "two"
    r = api.post("/api/v1/collection/fielding/", {"document": kims_team}, format="json")
    assert (r.status_code, r.json()["details"][0]["path"]) == (400, "$.entries[0].count")
