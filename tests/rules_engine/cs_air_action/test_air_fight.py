"""Whole Air Action fights: reproducible, well formed, and in agreement with the fair
plain-Python reference loop of bench/odds_and_fights.py."""

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_engine import BadDocument, load_catalogue
from rules_engine.clix.scenario import read_scenario
from rules_engine.cs_air_action.batch import play_fight, plays_by_table
from rules_engine.cs_air_action.coded_fight import CodedFight
from rules_engine.cs_air_action.fight import Fight
from rules_engine.cs_air_action.forces import build_forces
from rules_engine.cs_air_action.scenario import SCENARIO
from rules_engine.cs_air_action.table_fight import TableFight
from rules_engine.montecarlo import proportion, rng
from rules_engine.simulation import simulate
from tests.bench_scripts import bench_script
from tests.rules_engine.cs_air_action.agreement import assert_same_fights

ROOT = Path(__file__).resolve().parents[3]
CATALOGUE = load_catalogue()
A = json.loads((ROOT / "docs/examples/cs-air-action/devastators-200.json").read_text())
B = json.loads((ROOT / "docs/examples/cs-air-action/bloodhawks-200.json").read_text())


def _bench():
    return bench_script("odds_and_fights")


def test_same_seed_same_result_and_another_seed_differs():
    one = simulate(CATALOGUE, A, B, runs=2000, seed=5, scenario={})
    assert one == simulate(CATALOGUE, A, B, runs=2000, seed=5, scenario={})
    assert one != simulate(CATALOGUE, A, B, runs=2000, seed=6, scenario={})


def test_outcomes_add_up_and_turns_respect_the_time_limit():
    result = simulate(CATALOGUE, A, B, runs=3000, seed=1, scenario={"max_turns": 3})
    outcome = result["outcome"]
    total = outcome["a_wins"]["value"] + outcome["draws"]["value"] + outcome["b_wins"]["value"]
    assert total == pytest.approx(1.0)
    assert result["turns"]["high"] <= 3
    for figure in result["figures"]:
        assert sum(figure["clicks_of_damage"].values()) == pytest.approx(1.0)


def test_no_shots_and_no_hazards_means_everyone_survives():
    quiet = {"in_range": 0, "rear_shot": 0, "redline": 0, "collision": 0}
    result = simulate(CATALOGUE, A, B, runs=500, seed=1, scenario=quiet)
    assert all(f["survival"]["value"] == 1.0 for f in result["figures"])
    assert result["victory_points"]["a"]["value"] == 200  # remaining planes' points
    assert result["victory_points"]["b"]["value"] == 168


def test_a_bad_scenario_value_is_named():
    with pytest.raises(BadDocument) as err:
        simulate(CATALOGUE, A, B, runs=10, seed=1, scenario={"in_range": 2, "wind": 1})
    assert {e.path for e in err.value.errors} == {"scenario.in_range", "scenario.wind"}


def test_vectorised_and_fair_loop_fights_agree_on_the_win_rate():
    bench = _bench()
    scenario = read_scenario(SCENARIO, {"fate": "none"})
    forces = build_forces(CATALOGUE, A, B)
    fair = bench.fair_outcomes(forces, scenario, 1500, 3)
    fast = simulate(CATALOGUE, A, B, runs=20000, seed=3, scenario={"fate": "none"})
    slow = proportion(int((fair == 1).sum()), len(fair))
    assert slow.low <= fast["outcome"]["a_wins"]["high"]
    assert fast["outcome"]["a_wins"]["low"] <= slow.high


@pytest.mark.parametrize(
    ("list_a", "list_b", "fate"),
    [
        ("aces-300.json", "bloodhawks-200.json", "defensive"),
        ("aces-300.json", "devastators-200.json", "offensive"),
    ],
)
def test_vectorised_and_fair_loop_fights_agree_when_aces_use_fate(list_a, list_b, fate):
    """ "Fate": the two implementations also agree on how often an Ace's fate is used."""
    bench = _bench()
    a, b = (
        json.loads((ROOT / "docs/examples/cs-air-action" / n).read_text()) for n in (list_a, list_b)
    )
    scenario = read_scenario(SCENARIO, {"fate": fate, "collision": 0.1})
    forces = build_forces(CATALOGUE, a, b)
    fair = bench.fair_outcomes(forces, scenario, 1000, 4)
    fast = simulate(CATALOGUE, a, b, runs=20000, seed=4, scenario={"fate": fate, "collision": 0.1})
    slow = proportion(int((fair == 1).sum()), len(fair))
    assert slow.low <= fast["outcome"]["a_wins"]["high"]
    assert fast["outcome"]["a_wins"]["low"] <= slow.high


@pytest.mark.parametrize("fight", [Fight, TableFight, CodedFight])
def test_with_every_die_hitting_the_aggressor_wins_a_duel_with_its_first_shot(duel_forces, fight):
    """ "Determine Initiative", "Combat": the aggressor fires first; 4 dice that all hit
    shoot down duellist B (2 clicks), 3 that all hit shoot down duellist A (3)."""
    sure = {
        "in_range": 1,
        "rear_shot": 0,
        "rear_arc": 0,
        "point_blank": 1,
        "redline": 0,
        "collision": 0,
    }
    state = fight(duel_forces, read_scenario(SCENARIO, sure), 4000, rng(2)).play()

    assert set(state.turns.tolist()) == {1}
    a_first = state.victory[:, 0] > 0
    assert state.victory[a_first].tolist() == [[2 * 45 + 60, 0]] * int(a_first.sum())
    assert state.victory[~a_first].tolist() == [[0, 2 * 60 + 45]] * int((~a_first).sum())
    assert state.shot_down.sum(axis=1).tolist() == [1] * 4000
    share = proportion(int(a_first.sum()), 4000)
    assert share.low <= 0.5 <= share.high


@settings(max_examples=25, deadline=None)
@given(
    chances=st.fixed_dictionaries(
        {
            k: st.sampled_from([0, 0.05, 0.3, 1])
            for k in ("in_range", "rear_shot", "rear_arc", "point_blank", "redline", "collision")
        }
    ),
    fate=st.sampled_from(["offensive", "defensive", "none"]),
    targeting=st.sampled_from(["weakest", "random"]),
    max_turns=st.integers(1, 6),
    seed=st.integers(0, 2**16),
)
def test_every_fight_ends_in_a_score_the_rules_allow(chances, fate, targeting, max_turns, seed):
    """ "Victory!": each side scores its planes still flying, then 1x or 2x the points of
    each enemy plane gone; a game stops early only when a side has no planes left."""
    a = json.loads((ROOT / "docs/examples/cs-air-action/aces-300.json").read_text())
    forces = build_forces(CATALOGUE, a, B)
    params = read_scenario(
        SCENARIO, {**chances, "fate": fate, "targeting": targeting, "max_turns": max_turns}
    )
    state = play_fight(forces, params, 300, rng(seed))  # CodedFight when no fate is in play

    assert ((state.damage >= 0) & (state.damage <= forces.ko)).all()
    flying = state.damage < forces.ko
    sides = [forces.side == 0, forces.side == 1]
    for side, enemy in ((0, 1), (1, 0)):
        kept = flying[:, sides[side]] @ forces.points[sides[side]]
        gone = ~flying[:, sides[enemy]]
        lost = gone @ forces.points[sides[enemy]]
        scored = state.victory[:, side] - kept
        assert (scored >= lost).all()
        assert (scored <= 2 * lost).all()
        assert (state.shot_down[:, side] <= gone.sum(axis=1)).all()
        if not chances["in_range"] and not chances["rear_shot"]:
            assert (scored == lost).all()
    ended = ~flying[:, sides[0]].any(axis=1) | ~flying[:, sides[1]].any(axis=1)
    assert ((state.turns == max_turns) | ended).all()
    assert ((state.turns >= 1) & (state.turns <= max_turns)).all()


@pytest.mark.parametrize(
    "scenario",
    [
        {},
        {"collision": 0.3, "redline": 0.4, "max_turns": 4},
        {"critical_failure": "collisions-only", "rear_arc": 0.7, "point_blank": 0.6},
        {"in_range": 1, "rear_shot": 1, "point_blank": 1, "max_turns": 2},
    ],
)
def test_the_table_fight_plays_the_same_fights_as_the_general_one(scenario):
    """Without fate, ``TableFight`` (one draw per shot, hazards drawn as gaps) and ``Fight``
    (a draw per chance) agree on every figure's survival, victory points and turns."""
    forces = build_forces(CATALOGUE, A, B)
    params = read_scenario(SCENARIO, scenario)
    assert plays_by_table(forces, params)
    runs = 40_000
    general = Fight(forces, params, runs, rng(21)).play()
    table = TableFight(forces, params, runs, rng(22)).play()
    assert_same_fights(forces, general, table)


@pytest.mark.parametrize("scenario", [{"fate": "defensive"}, {"ace_shots_roll": "ace_attack"}])
def test_the_general_fight_plays_a_squadron_larger_than_the_aces_it_meets(scenario):
    """Squadron A's third plane has no counterpart in squadron B's two Aces; the general
    fight once looked for one past the last plane and raised an IndexError."""
    aces = json.loads((ROOT / "docs/examples/cs-air-action/aces-300.json").read_text())
    forces = build_forces(CATALOGUE, B, aces)
    state = Fight(forces, read_scenario(SCENARIO, scenario), 500, rng(1)).play()
    assert state.shot_down.sum() > 0
    report = simulate(CATALOGUE, B, aces, runs=300, seed=1, scenario=scenario)
    assert report["runs"] == 300
