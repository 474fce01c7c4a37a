"""Each limit is refused with a clear 400/413 that names it; throttles answer 429."""

from __future__ import annotations

import pytest
from django.core.cache import caches

from builder import engine
from tests.builder.api_fixtures import example_list

CHECK = "/api/v1/engine/check/"


def test_a_body_over_the_size_limit_is_a_413(api, settings):
    settings.API_MAX_BODY_BYTES = 2000
    doc = example_list("crimson-dust/dust-devils-500.json")
    doc["house_rules"]["notes"] = "x" * 3000
    response = api.post(CHECK, doc, format="json")
    assert response.status_code == 413
    body = response.json()
    assert body["code"] == "request_too_large"
    assert "2000 bytes" in body["message"]


def test_too_many_entries_names_the_limit(api, packs):
    doc = example_list("crimson-dust/dust-devils-500.json")
    doc["entries"] = doc["entries"] * (engine.MAX_ENTRIES // len(doc["entries"]) + 1)
    response = api.post(CHECK, doc, format="json")
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "too_many_entries"
    assert body["details"] == [
        {"path": "$.entries", "field": "entries", "message": f"limit: {engine.MAX_ENTRIES} entries"}
    ]


def test_json_nested_too_deep_names_the_limit(api):
    deep = "[" * (engine.MAX_JSON_DEPTH + 1) + "]" * (engine.MAX_JSON_DEPTH + 1)
    response = api.post(CHECK, data=deep, content_type="application/json")
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "json_too_deep"
    assert f"{engine.MAX_JSON_DEPTH} levels" in body["message"]


def test_json_at_the_depth_limit_is_read(api, packs):
    doc = example_list("crimson-dust/dust-devils-500.json")
    nested: object = 1
    for _ in range(engine.MAX_JSON_DEPTH - 2):
        nested = [nested]
    doc["house_rules"]["deep"] = nested
    assert engine.json_depth(doc) == engine.MAX_JSON_DEPTH
    assert api.post(CHECK, doc, format="json").status_code == 200


def test_too_many_runs_names_the_limit(api, packs):
    doc = example_list("crimson-dust/dust-devils-500.json")
    response = api.post(
        "/api/v1/engine/simulate/",
        {"list_a": doc, "list_b": doc, "runs": engine.MAX_RUNS + 1},
        format="json",
    )
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "too_many_runs"
    assert body["details"][0]["path"] == "$.runs"


@pytest.mark.parametrize("runs", [0, -5, "many"])
def test_runs_must_be_a_positive_whole_number(api, packs, runs):
    doc = example_list("crimson-dust/dust-devils-500.json")
    response = api.post(
        "/api/v1/engine/simulate/", {"list_a": doc, "list_b": doc, "runs": runs}, format="json"
    )
    assert response.status_code == 400
    assert response.json()["details"][0]["path"] == "$.runs"


@pytest.fixture
def low_rates(settings):
    rates = {"anon": "3/minute", "user": "4/minute"}
    from rest_framework.settings import api_settings

    from builder.api import throttles

    caches["throttle"].clear()
    old = (throttles.AnonThrottle.THROTTLE_RATES, throttles.UserThrottle.THROTTLE_RATES)
    throttles.AnonThrottle.THROTTLE_RATES = throttles.UserThrottle.THROTTLE_RATES = rates
    yield rates
    throttles.AnonThrottle.THROTTLE_RATES, throttles.UserThrottle.THROTTLE_RATES = old
    caches["throttle"].clear()
    assert api_settings.DEFAULT_THROTTLE_RATES


def test_anonymous_clients_are_throttled(anon, packs, low_rates):
    codes = [anon.get("/api/v1/systems/").status_code for _ in range(4)]
    assert codes == [200, 200, 200, 429]
    response = anon.get("/api/v1/systems/")
    assert response.json()["code"] == "throttled"
    assert 1 <= int(response["Retry-After"]) <= 60


def test_users_are_throttled_per_user(api, other_api, packs, low_rates):
    codes = [api.get("/api/v1/systems/").status_code for _ in range(5)]
    assert codes == [200, 200, 200, 200, 429]
    assert other_api.get("/api/v1/systems/").status_code == 200
