"""Simulated Air Action fights reported with 95% intervals ("Victory!")."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from rules_engine.catalogue import Catalogue
from rules_engine.cs_aces.scenario import describe, read_scenario
from rules_engine.cs_air_action.fight import Fight
from rules_engine.cs_air_action.forces import Forces, build_forces
from rules_engine.cs_air_action.scenario import SCENARIO
from rules_engine.montecarlo import mean, proportion, rng


def outcome_codes(victory: np.ndarray, shot_down: np.ndarray,
                  build_points: tuple[int, int]) -> np.ndarray:
    """Per run: 1 when A wins, -1 when B wins, 0 when only a die roll could decide.

    Ties on victory points go to the player who shot down the most planes, then to the one
    who built the squadron with fewer points; after that "roll a six-sided die", which is
    reported as a draw.
    """
    by_vp = np.sign(victory[:, 0] - victory[:, 1])
    by_kills = np.sign(shot_down[:, 0] - shot_down[:, 1])
    by_build = int(np.sign(build_points[1] - build_points[0]))
    return np.where(by_vp != 0, by_vp, np.where(by_kills != 0, by_kills, by_build))


def fight_report(forces: Forces, state: Any, runs: int) -> dict[str, Any]:
    """Win/draw/loss, victory points, turns, survival and damage, with 95% intervals."""
    codes = outcome_codes(state.victory, state.shot_down, forces.build_points)
    figures = []
    for i in range(forces.count):
        taken = np.bincount(state.damage[:, i], minlength=int(forces.ko[i]) + 1)
        figures.append({
            "side": "a" if forces.side[i] == 0 else "b",
            "path": forces.paths[i],
            "name": forces.names[i],
            "survival": proportion(int((state.damage[:, i] < forces.ko[i]).sum()), runs).to_dict(),
            "clicks_of_damage": {str(k): int(v) / runs for k, v in enumerate(taken)},
        })
    return {
        "a_wins": proportion(int((codes == 1).sum()), runs).to_dict(),
        "draws": proportion(int((codes == 0).sum()), runs).to_dict(),
        "b_wins": proportion(int((codes == -1).sum()), runs).to_dict(),
        "victory_points": {"a": mean(state.victory[:, 0]).to_dict(),
                           "b": mean(state.victory[:, 1]).to_dict()},
        "planes_shot_down": {"by_a": mean(state.shot_down[:, 0]).to_dict(),
                             "by_b": mean(state.shot_down[:, 1]).to_dict()},
        "turns": mean(state.turns).to_dict(),
        "figures": figures,
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
        scenario: chances standing in for the table's geometry (see ``SCENARIO``).
        runs: number of fights, all played together.
        seed: the same seed gives the same result.

    Returns:
        JSON-ready results: outcome shares, victory points, turns, per-plane survival and
        damage, and the scenario as played.

    Raises:
        BadDocument: a scenario value or a list entry the fight cannot use.
    """
    params = read_scenario(SCENARIO, scenario)
    forces = build_forces(catalogue, list_a, list_b, params["victory_points_include_ace"])
    state = Fight(forces, params, runs, rng(seed)).play()
    return {
        "system": "cs-air-action",
        "runs": runs,
        "seed": seed,
        "lists": {"a": list_a.get("name"), "b": list_b.get("name")},
        "build_points": {"a": forces.build_points[0], "b": forces.build_points[1]},
        "scenario": describe(SCENARIO, params),
        **fight_report(forces, state, runs),
    }
