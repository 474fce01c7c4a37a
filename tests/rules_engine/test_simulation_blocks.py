"""Simulations played in blocks merge into exactly the report of one whole simulation, so a
job queue may spread the blocks over workers and still give the player the same numbers."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import rules_engine
from rules_engine import BadDocument, load_catalogue
from rules_engine import simulation as sim
from rules_engine.limits import BLOCK_RUNS, MAX_RUNS

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "docs" / "examples"
CATALOGUE = load_catalogue()
FIGHTS = {
    "cs-air-action": ("devastators-200.json", "bloodhawks-200.json"),
    "cs-aces": ("kims-team.json", "genghis-gang.json"),
    "crimson-dust": ("dust-devils-500.json", "dust-devils-500.json"),
    "black-skies": ("tiger-squadron.squadron.json", "lancer-flight.squadron.json"),
}


def _lists(system: str) -> tuple[dict, dict]:
    a, b = FIGHTS[system]
    return (
        json.loads((EXAMPLES / system / a).read_text(encoding="utf-8")),
        json.loads((EXAMPLES / system / b).read_text(encoding="utf-8")),
    )


def test_plan_blocks_cuts_runs_into_full_blocks_and_a_shorter_last_one():
    assert sim.plan_blocks(1) == [1]
    assert sim.plan_blocks(BLOCK_RUNS) == [BLOCK_RUNS]
    assert sim.plan_blocks(2 * BLOCK_RUNS + 7) == [BLOCK_RUNS, BLOCK_RUNS, 7]
    assert len(sim.plan_blocks(MAX_RUNS)) == MAX_RUNS // BLOCK_RUNS


@pytest.mark.parametrize("system", sorted(FIGHTS))
def test_blocks_merged_in_any_order_equal_the_whole_simulation(system, monkeypatch):
    # Small blocks so several of them fit in a quick test: 23 runs are blocks 5,5,5,5,3.
    monkeypatch.setattr(sim, "BLOCK_RUNS", 5)
    list_a, list_b = _lists(system)
    scenario = {"max_turns": 3}
    whole = sim.simulate(CATALOGUE, list_a, list_b, runs=23, seed=41, scenario=scenario)
    plan = sim.plan_blocks(23)
    assert plan == [5, 5, 5, 5, 3]
    partials = [
        sim.simulate_block(CATALOGUE, list_a, list_b, scenario=scenario, seed=41, block=i, runs=n)
        for i, n in enumerate(plan)
    ]
    # Partials travel as JSON through a job queue.
    partials = [json.loads(json.dumps(p)) for p in partials]
    for order in (partials, partials[::-1], random.Random(3).sample(partials, len(partials))):
        merged = sim.merge_blocks(CATALOGUE, list_a, list_b, scenario=scenario, partials=order)
        assert merged == whole
    assert whole["runs"] == 23
    assert sum(round(e["value"] * 23) for e in whole["outcome"].values()) == 23


@pytest.mark.parametrize("system", sorted(FIGHTS))
def test_a_block_depends_only_on_the_seed_and_its_number(system):
    list_a, list_b = _lists(system)
    one = sim.simulate_block(CATALOGUE, list_a, list_b, scenario={}, seed=5, block=3, runs=40)
    assert one == sim.simulate_block(
        CATALOGUE, list_a, list_b, scenario={}, seed=5, block=3, runs=40
    )
    other = sim.simulate_block(CATALOGUE, list_a, list_b, scenario={}, seed=5, block=4, runs=40)
    assert one["tally"] != other["tally"]
    counts = one["tally"]["counts"]
    assert one["tally"]["runs"] == 40
    assert 0 <= counts["a_wins"] + counts["b_wins"] <= 40
    # Whole numbers only: nothing that could merge inexactly.
    assert all(isinstance(v, int) for v in counts.values())
    assert all(isinstance(x, int) for m in one["tally"]["moments"].values() for x in m)


def test_real_block_size_merges_exactly_across_two_full_blocks_and_a_short_one():
    list_a, list_b = _lists("black-skies")
    runs = 2 * BLOCK_RUNS + 123
    whole = rules_engine.simulate(CATALOGUE, list_a, list_b, runs=runs, seed=8)
    partials = [
        sim.simulate_block(CATALOGUE, list_a, list_b, scenario=None, seed=8, block=i, runs=n)
        for i, n in enumerate(sim.plan_blocks(runs))
    ]
    assert (
        sim.merge_blocks(CATALOGUE, list_a, list_b, scenario=None, partials=partials[::-1]) == whole
    )
    assert whole["runs"] == runs
    assert whole["seed"] == 8


def test_the_same_seed_gives_the_same_report_and_another_seed_another():
    list_a, list_b = _lists("cs-air-action")
    first = rules_engine.simulate(CATALOGUE, list_a, list_b, runs=300, seed=2)
    assert rules_engine.simulate(CATALOGUE, list_a, list_b, runs=300, seed=2) == first
    assert rules_engine.simulate(CATALOGUE, list_a, list_b, runs=300, seed=3) != first


def test_missing_or_repeated_blocks_are_refused():
    list_a, list_b = _lists("black-skies")
    parts = [
        sim.simulate_block(CATALOGUE, list_a, list_b, scenario={}, seed=1, block=i, runs=n)
        for i, n in enumerate([BLOCK_RUNS, 10])
    ]
    with pytest.raises(BadDocument) as missing:
        sim.merge_blocks(CATALOGUE, list_a, list_b, scenario={}, partials=parts[1:])
    assert missing.value.errors[0].path == "partials"
    with pytest.raises(BadDocument) as twice:
        sim.merge_blocks(CATALOGUE, list_a, list_b, scenario={}, partials=[parts[1], parts[1]])
    assert twice.value.errors[0].path == "partials[1].block"
    with pytest.raises(BadDocument) as junk:
        sim.merge_blocks(CATALOGUE, list_a, list_b, scenario={}, partials=[{"tally": 3}])
    assert junk.value.errors[0].path == "partials[0]"


def test_every_problem_is_reported_before_any_fight_is_played():
    _list_a, list_b = _lists("cs-aces")
    broken = dict(list_b, entries="none")
    with pytest.raises(BadDocument) as caught:
        rules_engine.simulate(CATALOGUE, {"format": "x"}, broken, runs=10**8, seed=-1)
    paths = {e.path for e in caught.value.errors}
    assert {"runs", "seed", "list_a.format", "list_b.entries"} <= paths
    runs_message = next(e.message for e in caught.value.errors if e.path == "runs")
    assert runs_message == "must be a whole number of runs from 1 to 10,000,000, not 100,000,000"


def test_lists_of_different_systems_or_without_fights_are_refused():
    air, _ = _lists("cs-air-action")
    aces, _ = _lists("cs-aces")
    with pytest.raises(BadDocument) as mixed:
        rules_engine.simulate(CATALOGUE, air, aces, runs=10, seed=1)
    assert mixed.value.errors[0].path == "list_b.system"
    hex_plane = json.loads(next((EXAMPLES / "cs-hex").glob("*.json")).read_text("utf-8"))
    with pytest.raises(BadDocument) as no_fights:
        rules_engine.simulate(CATALOGUE, hex_plane, hex_plane, runs=10, seed=1)
    assert no_fights.value.errors[0].path == "list_a.system"
    assert no_fights.value.errors[0].message == "cs-hex has no fight simulation"
