"""Simulated Aces fights reported with 95% intervals ("Victory!")."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from rules_engine.catalogue import Catalogue
from rules_engine.cs_aces.fight import AcesFight
from rules_engine.cs_aces.fight_scenario import SCENARIO
from rules_engine.cs_aces.forces import build_teams
from rules_engine.cs_aces.scenario import describe, read_scenario
from rules_engine.montecarlo import mean, proportion, rng


def outcome_codes(victory: np.ndarray, build_points: tuple[int, int]) -> np.ndarray:
    """1 when A wins, -1 when B wins, 0 when only the die roll could decide: ties go to the
    player who recruited with the fewest points, then to a six-sided die (a draw here)."""
    by_vp = np.sign(victory[:, 0] - victory[:, 1])
    return np.where(by_vp != 0, by_vp, int(np.sign(build_points[1] - build_points[0])))


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
        scenario: chances standing in for the map (see ``SCENARIO``).
        runs: number of fights, all played together.
        seed: the same seed gives the same result.

    Returns:
        JSON-ready results: outcome shares, victory points, turns, captures, per-figure
        survival and damage, and the scenario as played.
    """
    params = read_scenario(SCENARIO, scenario)
    team = build_teams(catalogue, list_a, list_b)
    state = AcesFight(team, params, runs, rng(seed)).play()
    codes = outcome_codes(state.victory, team.build_points)
    alive = state.damage < team.ko
    figures = []
    for i in range(team.count):
        taken = np.bincount(state.damage[:, i], minlength=int(team.ko[i]) + 1)
        figures.append({
            "side": "a" if team.side[i] == 0 else "b",
            "path": team.paths[i],
            "name": team.names[i],
            "survival": proportion(int(alive[:, i].sum()), runs).to_dict(),
            "captive_at_end": proportion(int((alive[:, i] & (state.captor[:, i] >= 0)).sum()),
                                         runs).to_dict(),
            "clicks_of_damage": {str(k): int(v) / runs for k, v in enumerate(taken)},
        })
    return {
        "system": "cs-aces",
        "runs": runs,
        "seed": seed,
        "lists": {"a": list_a.get("name"), "b": list_b.get("name")},
        "build_points": {"a": team.build_points[0], "b": team.build_points[1]},
        "scenario": describe(SCENARIO, params),
        "a_wins": proportion(int((codes == 1).sum()), runs).to_dict(),
        "draws": proportion(int((codes == 0).sum()), runs).to_dict(),
        "b_wins": proportion(int((codes == -1).sum()), runs).to_dict(),
        "victory_points": {"a": mean(state.victory[:, 0]).to_dict(),
                           "b": mean(state.victory[:, 1]).to_dict()},
        "turns": mean(state.turns).to_dict(),
        "figures": figures,
    }
