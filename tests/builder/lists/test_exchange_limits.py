"""Exchange files through the API: a file nested past the limit, or whose house rules or
settings have the wrong shape, is a 400 naming the place, never a server error."""

from __future__ import annotations

from typing import Any

import pytest

from builder.lists.models import SavedList

IMPORT = "/api/v1/lists/import/"


def test_a_deeply_nested_file_is_a_clear_error(packs: Any, api: Any) -> None:
    body = "[" * 200_000 + "]" * 200_000
    r = api.post(IMPORT, body, content_type="application/json")
    assert r.status_code == 400
    assert r.json() == {
        "code": "json_too_deep",
        "message": "The request body nests deeper than the limit of 64 levels (200000 levels).",
        "details": [{"path": "$", "field": "", "message": "limit: 64 levels of nesting"}],
    }


@pytest.mark.parametrize(
    ("change", "path", "message"),
    [
        ({"house_rules": "str"}, "$.house_rules", "'str' is not of type 'object'"),
        ({"settings": [1]}, "$.settings", "[1] is not of type 'object'"),
        ({"house_rules": {"prices": [1]}}, "$.house_rules.prices", "[1] is not of type 'object'"),
        (
            {"house_rules": {"prices": {"charlie": "ten"}}},
            "$.house_rules.prices.charlie",
            "'ten' is not of type 'integer'",
        ),
    ],
)
def test_house_rules_and_settings_of_the_wrong_shape_are_named(
    packs: Any, api: Any, kims_team: Any, change: dict[str, Any], path: str, message: str
) -> None:
    r = api.post(IMPORT, kims_team | change, format="json")
    assert r.status_code == 400
    assert r.json()["code"] == "import_refused"
    assert [(d["path"], d["message"]) for d in r.json()["details"]] == [(path, message)]
    assert SavedList.objects.count() == 0


def test_a_backup_nested_past_the_limit_inside_a_document_is_refused(
    packs: Any, api: Any, kims_team: Any
) -> None:
    deep: Any = 1
    for _ in range(70):
        deep = [deep]
    kims_team["settings"] = {"x": deep}
    backup = {"format": "muster-lists/1", "lists": [{"document": kims_team}]}
    r = api.post(IMPORT, backup, format="json")
    assert r.status_code == 400
    assert r.json()["code"] == "json_too_deep"
