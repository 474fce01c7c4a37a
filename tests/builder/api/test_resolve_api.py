"""The resolve endpoints answer exactly what ``python -m rules_engine resolve`` prints."""

from __future__ import annotations

import pytest

from tests.builder.api.test_engine import cli

SYSTEMS = ["crimson-dust", "cs-aces", "cs-air-action", "black-skies", "cs-hex"]


@pytest.mark.parametrize("system", SYSTEMS)
def test_procedures_are_listed_as_the_cli_describes_them(api, packs, system):
    _, expected = cli("resolve", system, "--describe")
    body = api.get(f"/api/v1/engine/{system}/resolve/").json()
    assert body == expected


def test_a_resolution_equals_the_cli(api, packs):
    _, expected = cli(
        "resolve", "crimson-dust", "skill-test", "dice=3", "difficulty=2", "rolls=4,1,6"
    )
    response = api.post(
        "/api/v1/engine/crimson-dust/resolve/skill-test/",
        {"params": {"dice": 3, "difficulty": 2}, "rolls": [4, 1, 6]},
        format="json",
    )
    assert response.status_code == 200
    assert response.json() == expected


@pytest.mark.parametrize(
    ("body", "path", "message"),
    [
        (
            {"params": {"dice": 3}, "rolls": [4, 1]},
            "rolls",
            "needs 3 dice: 3d6 (the characteristic tested); got 2",
        ),
        (
            {"params": {"dice": 2}, "rolls": [4, 7]},
            "rolls[1]",
            "a d6 (the characteristic tested) shows 1 to 6, not 7",
        ),
        ({"params": {"dice": 2}}, "rolls", "must be the list of faces rolled, e.g. [2, 3, 5]"),
        ({"params": {"dice": 99}, "rolls": []}, "params.dice", "must be from 1 to 20, not 99"),
        ({"params": [], "rolls": []}, "$.params", "must be a JSON object of parameters"),
        ({"rolls": [], "seed": 4}, "$.seed", "the body has only params and rolls"),
    ],
)
def test_bad_input_is_a_400_naming_the_field(api, packs, body, path, message):
    response = api.post("/api/v1/engine/crimson-dust/resolve/skill-test/", body, format="json")
    assert response.status_code == 400
    assert response.json()["details"][0]["path"] == path
    assert response.json()["details"][0]["message"] == message


def test_an_unknown_procedure_and_system(api, packs):
    response = api.post(
        "/api/v1/engine/crimson-dust/resolve/dragons/", {"rolls": []}, format="json"
    )
    assert response.status_code == 400
    assert response.json()["details"][0]["path"] == "procedure"
    assert api.get("/api/v1/engine/chess/resolve/").status_code == 404
    assert (
        api.post("/api/v1/engine/chess/resolve/x/", {"rolls": []}, format="json").status_code == 404
    )
