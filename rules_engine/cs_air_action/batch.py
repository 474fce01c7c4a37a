"""Which implementation plays a batch of Air Action fights.

All three play the same rules. ``fight.Fight`` plays everything, die by die. With shooters
at the weakest target and no Ace's attack value in play, a shot is one draw against a
table: ``coded_fight.CodedFight`` when both squadrons are small enough to number their
states (Aces' fate included), ``table_fight.TableFight`` otherwise when no fate is in play
(without fate the two play the same fights for the same seed).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from rules_engine.cs_air_action.coded_fight import CodedFight
from rules_engine.cs_air_action.coded_states import plays_by_code
from rules_engine.cs_air_action.fight import Fight, FightState
from rules_engine.cs_air_action.forces import Forces
from rules_engine.cs_air_action.table_fight import TableBatch, TableFight


def plays_by_table(forces: Forces, scenario: dict[str, Any]) -> bool:
    """Whether ``TableFight`` can play the fight: no fate, no Ace's attack, weakest
    target."""
    ace_attack = (
        scenario["ace_shots_roll"] == "ace_attack"
        and forces.ace_pilot is not None
        and bool(forces.ace_pilot.any())
    )
    fate = scenario["fate"] != "none" and bool(forces.ace_fate.any())
    return scenario["targeting"] == "weakest" and not ace_attack and not fate


class FightPlan:
    """Fights between one pair of squadrons in one scenario, whichever implementation fits
    them, with their tables built once: each ``play`` of a block of runs reads them again
    instead of building them anew (most of the cost of a 1,000-run block)."""

    def __init__(self, forces: Forces, scenario: dict[str, Any]) -> None:
        self.forces, self.scenario = forces, scenario
        self.tables: TableBatch | None = None
        if plays_by_code(forces, scenario):
            self.tables = CodedFight.planned(forces, scenario)
        elif plays_by_table(forces, scenario):
            self.tables = TableFight.planned(forces, scenario)

    def play(self, runs: int, rng: np.random.Generator) -> FightState:
        """Play ``runs`` fights together: the fights ``play_fight`` plays for ``rng``."""
        if self.tables is None:
            return Fight(self.forces, self.scenario, runs, rng).play()
        return self.tables.batch(runs, rng).play()


def play_fight(
    forces: Forces, scenario: dict[str, Any], runs: int, rng: np.random.Generator
) -> FightState:
    """Play ``runs`` fights together with whichever implementation fits them."""
    return FightPlan(forces, scenario).play(runs, rng)
