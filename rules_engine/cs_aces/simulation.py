"""Simulated Aces fights reported with 95% intervals ("Victory!")."""

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
from rules_engine.cs_aces.characters import SYSTEM
from rules_engine.cs_aces.fight import AcesFight
from rules_engine.cs_aces.fight_scenario import SCENARIO
from rules_engine.cs_aces.forces import build_teams
from rules_engine.cs_aces.settings import FIGHT_SETTINGS
from rules_engine.montecarlo import mean, rng


def outcome_codes(victory: Ints, build_points: tuple[int, int]) -> Ints:
    """1 when A wins, -1 when B wins, 0 when only the die roll could decide: ties go to the
    player who recruited with the fewest points, then to a six-sided die (a draw here)."""
    fewer_points = np.full(len(victory), build_points[1] - build_points[0])
    return tie_broken(victory[:, 0] - victory[:, 1], fewer_points)


def simulate(
    catalogue: Catalogue,
    list_a: Mapping[str, Any],
    list_b: Mapping[str, Any],
    scenario: Mapping[str, Any],
    runs: int,
    seed: int,
) -> dict[str, Any]:
    """Play two Aces teams against each other ``runs`` times.

    Args:
        catalogue: content snapshot with both teams' characters.
        list_a: the first team (a ``cs-aces`` ``team`` list document).
        list_b: the second team.
        scenario: chances standing in for the map, and the readings the fight is played
            with (see ``SCENARIO``); a reading the scenario leaves out is taken from the
            lists' ``settings`` when they name it.
        runs: number of fights, all played together.
        seed: the same seed gives the same result.

    Returns:
        The shared simulation report (docs/simulation.md, "The report"): the scenario as
        played, outcome shares, turns, per-figure survival, captive at the end and clicks of
        damage; extras ``victory_points`` and ``build_points``; ``sample_dials`` and
        ``notes`` say which figures played on sample (invented) dials.
    """
    lists = (("list_a", list_a), ("list_b", list_b))
    params = read_scenario(SCENARIO, with_list_settings(scenario, lists, FIGHT_SETTINGS))
    team = build_teams(catalogue, list_a, list_b)
    state = AcesFight(team, params, runs, rng(seed)).play()
    codes = outcome_codes(state.victory, team.build_points)
    alive = state.damage < team.ko
    return {
        **run_header(SYSTEM, runs, seed, (list_a.get("name"), list_b.get("name"))),
        "scenario": describe(SCENARIO, params),
        "outcome": outcome_report(codes, runs),
        "turns": mean(state.turns).to_dict(),
        "figures": [figure_report(int(team.side[i]), team.paths[i], team.names[i],
                                  state.damage[:, i], int(team.ko[i]), runs,
                                  captive_at_end=alive[:, i] & (state.captor[:, i] >= 0))
                    for i in range(team.count)],
        "victory_points": victory_points_report(state.victory),
        "build_points": {"a": team.build_points[0], "b": team.build_points[1]},
        **sample_notice(sample_figures(catalogue, SYSTEM, (list_a, list_b))),
    }
