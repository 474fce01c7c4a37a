"""Warband fights: reproducible from a seed, honest intervals, and the obvious winner wins."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rules_engine.errors import BadDocument
from rules_engine.simulation import simulate
from tests.rules_engine.crimson_dust.conftest import make_warband

EXAMPLES = Path(__file__).resolve().parents[3] / "docs" / "examples" / "crimson-dust"


def veterans(n):
    return make_warband(*[{"archetype": "suboles", "quality": "veteran",
                           "upgrades": ["av-2"], "weapons": ["rifle"]}] * n, limit=None)


def greens(n):
    return make_warband(*[{"archetype": "logos", "quality": "green",
                           "weapons": ["pistol"]}] * n, limit=None)


def test_the_same_seed_gives_the_same_result(catalogue):
    a = json.loads((EXAMPLES / "dust-devils-500.json").read_text())
    first = simulate(catalogue, a, a, runs=300, seed=11, scenario={"band": "12-18"})
    again = simulate(catalogue, a, a, runs=300, seed=11, scenario={"band": "12-18"})
    other = simulate(catalogue, a, a, runs=300, seed=12, scenario={"band": "12-18"})
    assert first == again
    assert first != other


def test_five_veterans_beat_three_green_pistols(catalogue):
    report = simulate(catalogue, veterans(5), greens(3),
        runs=400, seed=1, scenario={"band": "6-12"})
    assert report["outcome"]["a_wins"]["low"] > 0.95
    assert report["sides"]["b"]["casualties"]["mean"]["value"] == pytest.approx(3, abs=0.1)
    assert report["scenario"] == {"band": "6-12", "concealed": False, "cover": 0,
                                  "morale": True, "max_turns": 8, "critical_shot_six": None,
                                  "camouflage_reading": None, "return_fire_when_equal": None,
                                  "critical_wound_av": None}


def test_out_of_range_nobody_can_shoot_and_every_fight_is_a_draw(catalogue):
    # Pistols print '-' at 24-36 units.
    report = simulate(catalogue, greens(2), greens(2),
        runs=50, seed=1, scenario={"band": "24-36", "max_turns": 3})
    assert report["outcome"]["draws"]["value"] == 1.0
    assert report["turns"]["value"] == 3
    assert [(m["side"], m["weapon"]) for m in report["figures"]] == [
        ("a", None), ("a", None), ("b", None), ("b", None)]


def test_the_report_covers_every_model_and_casualty_count(catalogue):
    report = simulate(catalogue, veterans(2), veterans(2), runs=200, seed=5, scenario={})
    outcome = report["outcome"]
    assert sum(outcome[k]["value"] for k in ("a_wins", "draws", "b_wins")) == pytest.approx(1)
    assert [m["path"] for m in report["figures"]] == [
        "list_a.entries[0]", "list_a.entries[1]", "list_b.entries[0]", "list_b.entries[1]"]
    assert sum(report["sides"]["a"]["casualties"]["distribution"].values()) == pytest.approx(1)
    assert all(0 <= m["survival"]["low"] <= m["survival"]["value"] <= m["survival"]["high"]
               <= 1 for m in report["figures"])


def test_cover_and_concealment_save_lives(catalogue):
    open_ground = simulate(catalogue, veterans(3), veterans(3),
        runs=2000, seed=3, scenario={"max_turns": 1})
    dug_in = simulate(catalogue, veterans(3), veterans(3),
        runs=2000, seed=3, scenario={"max_turns": 1, "cover": 3, "concealed": True})
    assert (dug_in["sides"]["a"]["casualties"]["mean"]["high"]
            < open_ground["sides"]["a"]["casualties"]["mean"]["low"])


@pytest.mark.parametrize(("scenario", "path"), [
    ({"band": "far"}, "scenario.band"),
    ({"cover": -1}, "scenario.cover"),
    ({"morale": "on"}, "scenario.morale"),
    ({"max_turns": 0}, "scenario.max_turns"),
    ({"weather": "rain"}, "scenario.weather"),
])
def test_a_bad_scenario_is_named(catalogue, scenario, path):
    with pytest.raises(BadDocument) as caught:
        simulate(catalogue, greens(1), greens(1), runs=10, seed=1, scenario=scenario)
    assert caught.value.errors[0].path == path


def test_an_empty_warband_cannot_fight(catalogue):
    with pytest.raises(BadDocument) as caught:
        simulate(catalogue, greens(1), make_warband(), runs=10, seed=1, scenario={})
    assert caught.value.errors[0].path == "list_b.entries"
