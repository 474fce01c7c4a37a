"""Readings players may choose (docs/rulings/cs-aces-engine.md): the defense cap and
hindering terrain ("Resolving an Attack", "Hindering Terrain"; seed 000_e4e1c8a4d28ca1dd.txt)
in a team's verdict, the odds and the fights, with the exact difference each value makes."""

import json
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from rules_engine import BadDocument, check, load_catalogue
from rules_engine.clix.scenario import read_scenario
from rules_engine.cs_aces.fight import AcesFight
from rules_engine.cs_aces.fight_scenario import SCENARIO
from rules_engine.cs_aces.forces import Team
from rules_engine.montecarlo import proportion, rng
from rules_engine.simulation import simulate
from tests.rules_engine.cs_aces.dice_enumeration import distribution, enumerate_hits
from tests.rules_engine.odds_helpers import facts_of

facts = facts_of("cs-aces")

ROOT = Path(__file__).resolve().parents[3]
CATALOGUE = load_catalogue()
KIM = json.loads((ROOT / "docs/examples/cs-aces/kims-team.json").read_text())
GANG = json.loads((ROOT / "docs/examples/cs-aces/genghis-gang.json").read_text())


def with_settings(doc, **settings):
    return {**doc, "settings": settings}


def test_a_team_states_the_reading_it_plays_with():
    assert check(CATALOGUE, KIM).breakdown["settings"] == {"cap_before_modifiers": False}
    verdict = check(CATALOGUE, with_settings(KIM, cap_before_modifiers=True))
    assert verdict.breakdown["settings"] == {"cap_before_modifiers": True}
    assert (verdict.legal, verdict.points) == (True, 100)


def test_an_unknown_setting_is_refused_at_its_path():
    with pytest.raises(BadDocument) as err:
        check(CATALOGUE, with_settings(KIM, old_one_two_fate="each_attack"))
    assert [e.path for e in err.value.errors] == ["$.settings"]


@pytest.mark.parametrize(("cap_first", "with_fate", "without_fate"), [
    (False, enumerate_hits(3, 6), enumerate_hits(3, 6)),  # 6 + 1 capped at 6: sixes hit
    (True, {0: Fraction(1)}, {0: Fraction(1)}),  # 6 capped, then + 1 = 7: nothing hits
])
def test_defensive_fate_behind_hindering_terrain_on_defense_6(cap_first, with_fate,
                                                                without_fate):
    report = facts("defensive_fate", CATALOGUE, attack=3, defense=6, hindering=True,
                                    cap_before_modifiers=cap_first)
    assert distribution(report, "with_fate") == with_fate
    assert distribution(report, "without_fate") == without_fate


def test_multi_target_behind_hindering_terrain_under_each_reading():
    # Defenses 6 and 4 behind hindering terrain need 6 and 5, or 7 (unreachable) and 5.
    default = facts("multi_target", CATALOGUE, attack=3, defenses=[6, 4], hindering=True)
    strict = facts("multi_target", CATALOGUE, attack=3, defenses=[6, 4], hindering=True,
                                  cap_before_modifiers=True)
    assert (default["target_numbers"], strict["target_numbers"]) == ([6, 5], [7, 5])
    assert Fraction(strict["target_hit_chance"][0]["exact"]) == 0
    assert distribution(strict, "targets_hit") == {0: Fraction(8, 27), 1: Fraction(19, 27)}
    # both hit: a 6 for the first target and another die of 5+ for the second
    both = sum(1 for a in range(1, 7) for b in range(1, 7) for c in range(1, 7)
               if sorted((a, b, c))[2] == 6 and sorted((a, b, c))[1] >= 5)
    assert distribution(default, "targets_hit")[2] == Fraction(both, 216)


def marksmen() -> Team:
    """Two tokens: attack 3, defense 6, range 6, one pistol; out after 2 clicks."""
    return Team(
        names=("Marksman A", "Marksman B"), paths=("list_a.entries[0]", "list_b.entries[0]"),
        side=np.array([0, 1], dtype=np.int8), points=np.array([10, 10], dtype=np.int32),
        is_ace=np.array([False, False]), range=np.array([6, 6], dtype=np.int16),
        targets=np.array([1, 1], dtype=np.int16), ko=np.array([2, 2], dtype=np.int16),
        attack=np.array([[3, 3, 0], [3, 3, 0]], dtype=np.int16),
        defense=np.array([[6, 6, 0], [6, 6, 0]], dtype=np.int16),
        fate=np.zeros((2, 3), dtype=np.int16), build_points=(10, 10),
    )


def test_one_ranged_attack_behind_hindering_terrain_on_defense_6():
    """One turn, one attack of 3 dice: by default it misses only when no die shows a 6
    (125/216); capping first puts defense 6 + 1 out of reach in every run."""
    one_shot = {"max_turns": 1, "adjacent": 0, "in_range": 1, "hindering": 1, "fate": "none"}
    runs = 20000
    default = AcesFight(marksmen(), read_scenario(SCENARIO, one_shot), runs, rng(3)).play()
    missed = proportion(int((default.damage.sum(axis=1) == 0).sum()), runs)
    assert missed.low <= 125 / 216 <= missed.high
    strict = {**one_shot, "cap_before_modifiers": True}
    capped = AcesFight(marksmen(), read_scenario(SCENARIO, strict), runs, rng(3)).play()
    assert int(capped.damage.sum()) == 0


def test_the_teams_reading_is_the_fights_unless_the_scenario_names_one():
    chosen = with_settings(KIM, cap_before_modifiers=True)
    by_list = simulate(CATALOGUE, chosen, GANG, runs=500, seed=4, scenario={})
    assert by_list["scenario"]["cap_before_modifiers"]["value"] is True
    assert by_list == simulate(CATALOGUE, KIM, GANG,
        runs=500, seed=4, scenario={"cap_before_modifiers": True})
    default = simulate(CATALOGUE, KIM, GANG, runs=500, seed=4, scenario={})
    assert default["scenario"]["cap_before_modifiers"]["value"] is False
    with pytest.raises(BadDocument) as err:
        simulate(CATALOGUE, chosen, with_settings(GANG, cap_before_modifiers=False),
            runs=10, seed=1, scenario={})
    assert [e.path for e in err.value.errors] == ["list_b.settings.cap_before_modifiers"]
