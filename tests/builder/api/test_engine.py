"""Engine endpoints answer exactly what ``python -m rules_engine`` prints for the same input."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.builder.api_fixtures import EXAMPLES, ROOT, example_list

EXAMPLE_FILES = sorted(str(p.relative_to(EXAMPLES)) for p in EXAMPLES.glob("*/*.json"))


def cli(*args: str) -> tuple[int, object]:
    done = subprocess.run(
        [sys.executable, "-m", "rules_engine", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    return done.returncode, json.loads(done.stdout)


@pytest.mark.parametrize("name", EXAMPLE_FILES)
@pytest.mark.parametrize("command", ["check", "cost"])
def test_check_and_cost_equal_the_cli(api, packs, name, command):
    code, expected = cli(command, str(EXAMPLES / name))
    response = api.post(f"/api/v1/engine/{command}/", example_list(name), format="json")
    if code == 2:
        assert response.status_code == 400
        assert [d["path"] for d in response.json()["details"]] == [
            e["path"] for e in expected["errors"]
        ]
    else:
        assert response.status_code == 200
        assert response.json() == expected


def test_an_illegal_list_is_an_answer_not_an_error(api, packs):
    doc = example_list("crimson-dust/dust-devils-500.json")
    doc["points_limit"] = 100
    body = api.post("/api/v1/engine/check/", doc, format="json").json()
    assert body["legal"] is False
    assert body["points"] == 500
    assert body["limit"] == 100


def test_a_list_pinned_to_a_missing_pack_version_names_content(api, packs):
    doc = example_list("crimson-dust/dust-devils-500.json")
    doc["content"] = {"pack": "crimson-dust-core", "version": "7.0.0"}
    body = api.post("/api/v1/engine/check/", doc, format="json").json()
    assert body["code"] == "bad_document"
    assert body["details"][0]["path"] == "$.content"
    assert "crimson-dust-core 7.0.0" in body["details"][0]["message"]


@pytest.mark.parametrize(
    "system", ["crimson-dust", "cs-aces", "cs-air-action", "black-skies", "cs-hex"]
)
def test_odds_queries_are_listed_as_the_cli_describes_them(api, packs, system):
    _, expected = cli("odds", system, "--describe")
    body = api.get(f"/api/v1/engine/{system}/odds/").json()
    assert body == expected
    for query in body["queries"]:
        for param in query["params"]:
            assert {"name", "type", "default", "meaning"} <= set(param)


def test_an_odds_query_equals_the_cli(api, packs):
    _, expected = cli("odds", "crimson-dust", "morale", "dice=3", "mr=4", "fanatic=true")
    response = api.post(
        "/api/v1/engine/crimson-dust/odds/morale/",
        {"params": {"dice": 3, "mr": 4, "fanatic": True}},
        format="json",
    )
    assert response.status_code == 200
    assert response.json() == expected


def test_a_bad_odds_parameter_names_it(api, packs):
    response = api.post(
        "/api/v1/engine/crimson-dust/odds/morale/", {"params": {"dice": 99, "mr": 4}}, format="json"
    )
    assert response.status_code == 400
    assert response.json()["details"][0]["path"] == "params.dice"


def test_an_unknown_query_and_system(api, packs):
    response = api.post("/api/v1/engine/crimson-dust/odds/dragons/", {}, format="json")
    assert response.status_code == 400
    assert response.json()["details"][0]["path"] == "query"
    assert api.get("/api/v1/engine/chess/odds/").status_code == 404


def test_a_small_simulation_answers_inline_like_the_cli(api, packs):
    a = EXAMPLES / "cs-air-action/bloodhawks-200.json"
    b = EXAMPLES / "cs-air-action/devastators-200.json"
    _, expected = cli("simulate", str(a), str(b), "--runs", "300", "--seed", "5")
    response = api.post(
        "/api/v1/engine/simulate/",
        {
            "list_a": json.loads(a.read_text()),
            "list_b": json.loads(b.read_text()),
            "runs": 300,
            "seed": 5,
        },
        format="json",
    )
    assert response.status_code == 200
    assert response.json() == expected


def test_simulating_lists_of_two_systems_names_list_b(api, packs):
    response = api.post(
        "/api/v1/engine/simulate/",
        {
            "list_a": example_list("cs-air-action/bloodhawks-200.json"),
            "list_b": example_list("crimson-dust/dust-devils-500.json"),
            "runs": 10,
        },
        format="json",
    )
    assert response.status_code == 400
    assert response.json()["details"][0]["path"] == "list_b.system"


def test_engine_endpoints_need_a_token(anon, packs):
    for path in ("/api/v1/engine/check/", "/api/v1/engine/cost/", "/api/v1/engine/simulate/"):
        assert anon.post(path, {}, format="json").status_code == 401
    assert anon.get("/api/v1/engine/crimson-dust/odds/").status_code == 401
