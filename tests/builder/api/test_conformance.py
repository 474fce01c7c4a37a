"""The API keeps to its document: JSON errors on every path, strict paging and text, the
limits it applies stated in the schema, and rejected values quoted only in part."""

from __future__ import annotations

from typing import Any

import pytest

from builder.collections.models import CollectionItem
from tests.builder.api_fixtures import example_list

NOT_FOUND = {
    "code": "not_found",
    "message": "Nothing here: no such resource, or it is not yours.",
    "details": [],
}


@pytest.mark.parametrize("method", ["get", "post", "put", "patch", "delete", "options", "head"])
def test_unknown_api_paths_are_json_404s_for_every_method(anon: Any, method: str) -> None:
    response = getattr(anon, method)("/api/v1/no/such/endpoint/")
    assert response.status_code == 404
    assert response["Content-Type"] == "application/json"
    if method != "head":
        assert response.json() == NOT_FOUND


def test_a_line_break_in_an_api_path_is_json(anon: Any) -> None:
    response = anon.get("/api/v1/systems%0A")
    assert response.status_code == 400
    assert response["Content-Type"] == "application/json"
    assert response.json()["code"] == "bad_text"


def test_an_api_path_outside_the_version_is_a_json_404(anon: Any) -> None:
    response = anon.get("/api/nothing-here/")
    assert response.status_code == 404
    assert response["Content-Type"] == "application/json"
    assert response.json() == NOT_FOUND


def test_a_wrong_method_is_a_json_405(anon: Any) -> None:
    response = anon.delete("/api/v1/systems/")
    assert response.status_code == 405
    assert response.json()["code"] == "method_not_allowed"


def invalid(name: str, message: str, detail: str) -> dict[str, Any]:
    return {
        "code": "invalid",
        "message": message,
        "details": [{"path": name, "field": name, "message": detail}],
    }


@pytest.mark.parametrize(
    ("query", "shown"),
    [("null", "null"), ("abc", "abc"), ("0", "0"), ("201", "201"), ("", ""), ("-1", "-1")],
)
@pytest.mark.parametrize("address", ["/api/v1/systems/", "/api/v1/figures/", "/api/v1/lists/"])
def test_page_size_must_be_a_whole_number_from_1_to_200(
    api: Any, address: str, query: str, shown: str
) -> None:
    response = api.get(f"{address}?page_size={query}")
    assert response.status_code == 400
    assert response.json() == invalid(
        "page_size",
        f"page_size must be a whole number from 1 to 200, not '{shown}'.",
        "a whole number from 1 to 200",
    )


@pytest.mark.parametrize("page_size", ["1", "200"])
def test_page_size_at_its_limits_is_accepted(anon: Any, packs: Any, page_size: str) -> None:
    response = anon.get(f"/api/v1/systems/?page_size={page_size}")
    assert response.status_code == 200
    assert len(response.json()["results"]) == min(int(page_size), 5)


def test_page_must_be_a_whole_number(anon: Any, packs: Any) -> None:
    response = anon.get("/api/v1/systems/?page=first")
    assert response.status_code == 400
    assert response.json() == invalid(
        "page",
        "page must be a whole number from 1 to 1000000, not 'first'.",
        "a whole number from 1 to 1000000",
    )
    assert anon.get("/api/v1/systems/?page=9").json() == NOT_FOUND


def test_a_cursor_longer_than_the_document_allows_is_refused(anon: Any, packs: Any) -> None:
    response = anon.get("/api/v1/figures/?cursor=" + "c" * 201)
    assert response.status_code == 400
    assert response.json()["details"] == [
        {"path": "cursor", "field": "cursor", "message": "at most 200 characters"}
    ]


@pytest.mark.parametrize(
    ("value", "kind"), [(0, "a number"), (1.5, "a number"), (True, "true or false"), ([], "a list")]
)
def test_notes_must_be_text(api: Any, packs: Any, value: Any, kind: str) -> None:
    response = api.post(
        "/api/v1/collection/",
        {"system": "cs-aces", "record_type": "figure", "stable_id": "kim-taylor", "notes": value},
        format="json",
    )
    assert response.status_code == 400
    assert response.json()["details"] == [
        {"path": "$.notes", "field": "notes", "message": f"Must be a string, not {kind}."}
    ]
    assert not CollectionItem.objects.exists()


def test_a_list_name_must_be_text(api: Any, packs: Any) -> None:
    saved = api.post(
        "/api/v1/lists/",
        {"document": example_list("crimson-dust/dust-devils-500.json")},
        format="json",
    ).json()
    response = api.post(f"/api/v1/lists/{saved['uuid']}/rename/", {"name": 7}, format="json")
    assert response.status_code == 400
    assert response.json()["details"][0]["message"] == "Must be a string, not a number."


def test_a_huge_rejected_value_is_quoted_only_in_part(api: Any) -> None:
    huge = "x" * 900_000
    response = api.post(
        "/api/v1/collection/",
        {"system": "cs-aces", "record_type": huge, "stable_id": "kim-taylor"},
        format="json",
    )
    assert response.status_code == 400
    message = f'"{"x" * 80}…" is not a valid choice.'
    assert response.json() == {
        "code": "invalid",
        "message": f"Record type: {message}",
        "details": [{"path": "$.record_type", "field": "record_type", "message": message}],
    }
    assert len(response.content) < 1_000


def test_a_huge_query_value_is_quoted_only_in_part(anon: Any, packs: Any) -> None:
    response = anon.get("/api/v1/figures/?min_points=" + "9" * 5_000)
    assert response.status_code == 400
    assert response.json()["message"] == (
        f"min_points must be a whole number from 0 to 1000000, not '{'9' * 80}…'."
    )


def _parameters(document: dict[str, Any], path: str) -> dict[str, dict[str, Any]]:
    operation = document["paths"][path]["get"]
    return {p["name"]: p["schema"] for p in operation.get("parameters", [])}


def test_the_schema_states_the_limits_the_server_applies(anon: Any) -> None:
    document = anon.get("/api/v1/schema/").json()
    figures = _parameters(document, "/api/v1/figures/")
    assert figures["page_size"] == {"type": "integer", "minimum": 1, "maximum": 200}
    assert figures["min_points"] == {"type": "integer", "minimum": 0, "maximum": 1_000_000}
    assert figures["search"] == {"type": "string", "maxLength": 200}
    assert figures["cursor"] == {"type": "string", "maxLength": 200}
    systems = _parameters(document, "/api/v1/systems/")
    assert systems["page"] == {"type": "integer", "minimum": 1, "maximum": 1_000_000}
    records = _parameters(document, "/api/v1/packs/{pack_id}/versions/{version}/records/")
    assert records["type"]["maxLength"] == 200
    runs = document["components"]["schemas"]["SimulationRequestRequest"]["properties"]["runs"]
    assert (runs["minimum"], runs["maximum"]) == (1, 10_000_000)


def test_every_record_answer_field_is_in_the_schema(anon: Any, packs: Any) -> None:
    document = anon.get("/api/v1/schema/").json()
    schemas = document["components"]["schemas"]
    for address, component in [
        ("/api/v1/abilities/", "KindRecord"),
        ("/api/v1/weapons/", "Record"),
        ("/api/v1/figures/", "Figure"),
    ]:
        row = anon.get(address).json()["results"][0]
        assert set(row) == set(schemas[component]["properties"]), address
