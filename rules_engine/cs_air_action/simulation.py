"""Simulated Air Action fights reported with 95% intervals ("Victory!")."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from rules_engine.catalogue import Catalogue
from rules_engine.clix.arrays import Ints
from rules_engine.clix.report import (
    figure_report,
    outcome_report,
    run_header,
    tie_broken,
    victory_points_report,
)
from rules_engine.clix.samples import sample_figures, sample_notice
from rules_engine.clix.scenario import describe, read_scenario, with_list_settings
from rules_engine.cs_air_action.fight import Fight, FightState
from rules_engine.cs_air_action.forces import Forces, build_forces
from rules_engine.cs_air_action.planes import SYSTEM
from rules_engine.cs_air_action.scenario import SCENARIO
from rules_engine.cs_air_action.settings import FIGHT_SETTINGS
from rules_engine.montecarlo import mean, rng


def outcome_codes(victory: Ints, shot_down: Ints, build_points: tuple[int, int]) -> Ints:
    """Per run: 1 when A wins, -1 when B wins, 0 when only a die roll could decide.

    Ties on victory points go to the player who shot down the most planes, then to the one
    who built the squadron with fewer points; after that "roll a six-sided die", which is
    reported as a draw.
    """
    return tie_broken(victory[:, 0] - victory[:, 1], shot_down[:, 0] - shot_down[:, 1],
                      np.full(len(victory), build_points[1] - build_points[0]))


def fight_report(forces: Forces, state: FightState, runs: int) -> dict[str, Any]:
    """Win/draw/loss, turns, survival and damage, victory points and planes shot down, with
    95% intervals."""
    codes = outcome_codes(state.victory, state.shot_down, forces.build_points)
    return {
        "outcome": outcome_report(codes, runs),
        "turns": mean(state.turns).to_dict(),
        "figures": [figure_report(int(forces.side[i]), forces.paths[i], forces.names[i],
                                  state.damage[:, i], int(forces.ko[i]), runs)
                    for i in range(forces.count)],
        "victory_points": victory_points_report(state.victory),
        "planes_shot_down": {"by_a": mean(state.shot_down[:, 0]).to_dict(),
                             "by_b": mean(state.shot_down[:, 1]).to_dict()},
    }


def simulate(
    catalogue: Catalogue,
    list_a: Mapping[str, Any],
    list_b: Mapping[str, Any],
    scenario: Mapping[str, Any],
    runs: int,
    seed: int,
) -> dict[str, Any]:
    """Fly two squadrons against each other ``runs`` times.

    Args:
        catalogue: content snapshot with both squadrons' planes (and Aces).
        list_a: the first squadron (a ``cs-air-action`` ``squadron`` list document).
        list_b: the second squadron.
        scenario: chances standing in for the table's geometry, and the readings the
            fight is played with (see ``SCENARIO``); a reading the scenario leaves out is
            taken from the lists' ``settings`` when they name it.
        runs: number of fights, all played together.
        seed: the same seed gives the same result.

    Returns:
        The shared simulation report (docs/simulation.md, "The report"): the scenario as
        played, outcome shares, turns, per-plane survival and clicks of damage; extras
        ``victory_points``, ``planes_shot_down`` and ``build_points``; ``sample_dials``
        and ``notes`` say which figures played on sample (invented) dials.

    Raises:
        BadDocument: a scenario value or a list entry the fight cannot use.
    """
    lists = (("list_a", list_a), ("list_b", list_b))
    params = read_scenario(SCENARIO, with_list_settings(scenario, lists, FIGHT_SETTINGS))
    forces = build_forces(catalogue, list_a, list_b, params["victory_points_include_ace"])
    state = Fight(forces, params, runs, rng(seed)).play()
    return {
        **run_header(SYSTEM, runs, seed, (list_a.get("name"), list_b.get("name"))),
        "scenario": describe(SCENARIO, params),
        **fight_report(forces, state, runs),
        "build_points": {"a": forces.build_points[0], "b": forces.build_points[1]},
        **sample_notice(sample_figures(catalogue, SYSTEM, (list_a, list_b))),
    }
