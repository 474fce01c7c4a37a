"""A pairing asked for again reuses its prepared fight, and gives exactly the same report."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from rules_engine import BadDocument, load_catalogue
from rules_engine import simulation as sim
from rules_engine.cs_air_action import simulation as air
from rules_engine.pairings import Pairings, pairing_key

EXAMPLES = Path(__file__).resolve().parents[3] / "docs" / "examples" / "cs-air-action"
CATALOGUE = load_catalogue()


def _lists() -> tuple[dict, dict]:
    return (
        json.loads((EXAMPLES / "devastators-200.json").read_text(encoding="utf-8")),
        json.loads((EXAMPLES / "bloodhawks-200.json").read_text(encoding="utf-8")),
    )


@pytest.mark.parametrize("runs", [1_000, 12_345])
def test_a_kept_pairing_gives_the_report_of_one_prepared_afresh(runs):
    a, b = _lists()
    air.PAIRINGS.clear()
    fresh = sim.simulate(CATALOGUE, a, b, runs=runs, seed=5)
    kept = sim.simulate(CATALOGUE, a, b, runs=runs, seed=5)
    assert kept == fresh
    assert sim.simulate(CATALOGUE, a, b, runs=runs, seed=6) != fresh


def test_the_blocks_of_a_job_share_one_prepared_pairing_and_merge_into_simulate():
    a, b = _lists()
    air.PAIRINGS.clear()
    partials = [
        sim.simulate_block(CATALOGUE, a, b, scenario=None, seed=3, block=i, runs=n)
        for i, n in enumerate(sim.plan_blocks(25_000))
    ]
    assert len(air.PAIRINGS) == 1
    merged = sim.merge_blocks(CATALOGUE, a, b, scenario=None, partials=partials)
    air.PAIRINGS.clear()
    assert merged == sim.simulate(CATALOGUE, a, b, runs=25_000, seed=3)


def test_the_same_content_in_another_key_order_is_the_same_pairing():
    a, b = _lists()
    shuffled = dict(reversed(list(copy.deepcopy(a).items())))
    assert air.prepare(CATALOGUE, shuffled, b, {}) is air.prepare(CATALOGUE, a, b, {})


def test_another_list_scenario_or_side_is_another_pairing():
    a, b = _lists()
    match = air.prepare(CATALOGUE, a, b, {})
    renamed = copy.deepcopy(a) | {"name": "Renamed"}
    assert air.prepare(CATALOGUE, renamed, b, {}).names[0] == "Renamed"
    assert air.prepare(CATALOGUE, a, b, {"max_turns": 3}).params["max_turns"] == 3
    assert air.prepare(CATALOGUE, a, b, {}).params["max_turns"] != 3
    assert air.prepare(CATALOGUE, b, a, {}).names == (match.names[1], match.names[0])
    assert air.prepare(CATALOGUE, a, b, {}) is match


def test_a_list_the_fight_cannot_use_is_refused_every_time_and_kept_nowhere():
    a, b = _lists()
    bad = copy.deepcopy(a)
    bad["entries"][0]["figure"] = "no-such-plane"
    air.PAIRINGS.clear()
    for _ in range(2):
        with pytest.raises(BadDocument):
            sim.simulate(CATALOGUE, bad, b, runs=10, seed=1)
    assert len(air.PAIRINGS) == 0


def test_the_cache_keeps_the_most_recently_used_pairings_only():
    kept: Pairings[int] = Pairings(size=2)
    built: list[str] = []

    def build(name: str) -> int:
        built.append(name)
        return len(built)

    for name in ("x", "y", "x", "z", "x", "y"):
        kept.get(name, lambda name=name: build(name))
    assert built == ["x", "y", "z", "y"]  # "y" was the least recently used when "z" came
    assert len(kept) == 2


def test_a_document_that_is_not_plain_json_has_no_key():
    a, b = _lists()
    assert pairing_key(CATALOGUE, a, b, {"max_turns": float("nan")}) is None
    assert pairing_key(CATALOGUE, a, b, {"when": object()}) is None
    key = pairing_key(CATALOGUE, a, b, {})
    assert key is not None
    assert key[0] == tuple(p.checksum for p in CATALOGUE.packs)
