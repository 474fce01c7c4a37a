"""A fault inside the engine is answered as ours (a logged 500), never as the caller's 400."""

from __future__ import annotations

import dataclasses
import logging
from typing import Any

import pytest

import rules_engine.crimson_dust.odds as dust_odds


def _broken(catalogue: Any, **params: Any) -> dict[str, Any]:
    raise KeyError("failed_dice")


@pytest.fixture
def broken_morale(monkeypatch):
    """The Crimson Dust ``morale`` query with a bug: its computing function raises KeyError."""
    queries = tuple(
        dataclasses.replace(q, run=_broken) if q.name == "morale" else q
        for q in dust_odds.QUERIES
    )
    monkeypatch.setattr(dust_odds, "QUERIES", queries)


@pytest.mark.usefixtures("broken_morale")
def test_a_fault_inside_an_odds_function_is_a_logged_500_not_a_400(api, packs, caplog):
    with caplog.at_level(logging.ERROR):
        response = api.post(
            "/api/v1/engine/crimson-dust/odds/morale/",
            {"params": {"dice": 3, "mr": 4}},
            format="json",
        )
    assert response.status_code == 500
    assert response.json() == {
        "code": "server_error",
        "message": "Something went wrong on our side; it has been logged.",
        "details": [],
    }
    faults = [r for r in caplog.records if r.exc_info and r.exc_info[0] is KeyError]
    assert [str(r.exc_info[1]) for r in faults] == ["'failed_dice'"]


@pytest.mark.usefixtures("broken_morale")
def test_a_bad_parameter_is_still_a_400_naming_it(api, packs):
    response = api.post(
        "/api/v1/engine/crimson-dust/odds/morale/",
        {"params": {"dice": 99, "mr": 4}},
        format="json",
    )
    assert response.status_code == 400
    assert [(d["path"], d["field"]) for d in response.json()["details"]] == [
        ("params.dice", "dice")
    ]
