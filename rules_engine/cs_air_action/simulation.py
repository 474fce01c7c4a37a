"""Simulated Air Action fights reported with 95% intervals ("Victory!")."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any

import numpy as np

from rules_engine.catalogue import Catalogue
from rules_engine.clix.arrays import Ints
from rules_engine.clix.report import fight_report, tally_fights, tie_broken
from rules_engine.clix.samples import sample_figures
from rules_engine.clix.scenario import describe, read_scenario, with_list_settings
from rules_engine.cs_air_action.batch import FightPlan
from rules_engine.cs_air_action.forces import Forces, build_forces
from rules_engine.cs_air_action.planes import SYSTEM
from rules_engine.cs_air_action.scenario import SCENARIO
from rules_engine.cs_air_action.settings import FIGHT_SETTINGS
from rules_engine.pairings import Pairings, pairing_key
from rules_engine.tally import Tally


@dataclass(frozen=True)
class Match:
    """Two squadrons read and ready to fly: the scenario as played and both forces."""

    params: dict[str, Any]
    forces: Forces
    names: tuple[Any, Any]
    # Figures of either list that play on sample (invented) dials, for the report's notice.
    samples: tuple[str, ...] = ()

    @cached_property
    def fight(self) -> FightPlan:
        """The fight's tables, built when the first block is played, read by every block."""
        return FightPlan(self.forces, self.params)


def outcome_codes(victory: Ints, shot_down: Ints, build_points: tuple[int, int]) -> Ints:
    """Per run: 1 when A wins, -1 when B wins, 0 when only a die roll could decide.

    Ties on victory points go to the player who shot down the most planes, then to the one
    who built the squadron with fewer points; after that "roll a six-sided die", which is
    reported as a draw.
    """
    return tie_broken(victory[:, 0] - victory[:, 1], shot_down[:, 0] - shot_down[:, 1],
                      np.full(len(victory), build_points[1] - build_points[0]))


PAIRINGS: Pairings[Match] = Pairings()


def prepare(catalogue: Catalogue, list_a: Mapping[str, Any], list_b: Mapping[str, Any],
            scenario: Mapping[str, Any]) -> Match:
    """Read the scenario and both squadrons (schema-valid lists) into a fight to play; the
    same content again gives the match kept in ``PAIRINGS``, its fight tables built.

    Raises:
        BadDocument: a scenario value or a list entry the fight cannot use.
    """
    return PAIRINGS.get(pairing_key(catalogue, list_a, list_b, scenario),
                        lambda: _prepared(catalogue, list_a, list_b, scenario))


def _prepared(catalogue: Catalogue, list_a: Mapping[str, Any], list_b: Mapping[str, Any],
              scenario: Mapping[str, Any]) -> Match:
    lists = (("list_a", list_a), ("list_b", list_b))
    params = read_scenario(SCENARIO, with_list_settings(scenario, lists, FIGHT_SETTINGS))
    forces = build_forces(catalogue, list_a, list_b, params["victory_points_include_ace"])
    samples = tuple(sample_figures(catalogue, SYSTEM, (list_a, list_b)))
    return Match(params, forces, (list_a.get("name"), list_b.get("name")), samples)


def play(match: Match, runs: int, gen: np.random.Generator, tally: Tally) -> None:
    """Fly ``runs`` fights together and add how they ended to ``tally``."""
    forces = match.forces
    state = match.fight.play(runs, gen)
    codes = outcome_codes(state.victory, state.shot_down, forces.build_points)
    tally_fights(tally, forces, codes, state.turns, state.victory, state.damage)
    tally.moment("shot_down_by_a", state.shot_down[:, 0])
    tally.moment("shot_down_by_b", state.shot_down[:, 1])


def report(match: Match, tally: Tally, seed: int) -> dict[str, Any]:
    """The shared simulation report (docs/simulation.md, "The report") from the totals:
    the scenario as played, outcome shares, turns, per-plane survival and clicks of damage;
    extras ``victory_points``, ``planes_shot_down`` and ``build_points``; ``sample_dials``
    and ``notes`` say which figures played on sample (invented) dials."""
    shot_down = {"by_a": tally.mean("shot_down_by_a").to_dict(),
                 "by_b": tally.mean("shot_down_by_b").to_dict()}
    return fight_report(SYSTEM, describe(SCENARIO, match.params), match.names, match.samples,
                        match.forces, tally, seed, planes_shot_down=shot_down)
