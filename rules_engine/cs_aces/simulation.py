"""Simulated Aces fights reported with 95% intervals ("Victory!")."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from rules_engine.catalogue import Catalogue
from rules_engine.clix.arrays import Ints
from rules_engine.clix.report import fight_report, tally_fights, tie_broken
from rules_engine.clix.samples import sample_figures
from rules_engine.clix.scenario import describe, read_scenario, with_list_settings
from rules_engine.cs_aces.characters import SYSTEM
from rules_engine.cs_aces.fight import AcesFight
from rules_engine.cs_aces.fight_scenario import SCENARIO
from rules_engine.cs_aces.forces import Team, build_teams
from rules_engine.cs_aces.settings import FIGHT_SETTINGS
from rules_engine.tally import Tally


@dataclass(frozen=True)
class Match:
    """Two teams read and ready to fight: the scenario as played and both teams."""

    params: dict[str, Any]
    team: Team
    names: tuple[Any, Any]
    # Figures of either list that play on sample (invented) dials, for the report's notice.
    samples: tuple[str, ...] = ()


def outcome_codes(victory: Ints, build_points: tuple[int, int]) -> Ints:
    """1 when A wins, -1 when B wins, 0 when only the die roll could decide: ties go to the
    player who recruited with the fewest points, then to a six-sided die (a draw here)."""
    fewer_points = np.full(len(victory), build_points[1] - build_points[0])
    return tie_broken(victory[:, 0] - victory[:, 1], fewer_points)


def prepare(catalogue: Catalogue, list_a: Mapping[str, Any], list_b: Mapping[str, Any],
            scenario: Mapping[str, Any]) -> Match:
    """Read the scenario and both teams (schema-valid lists) into a fight to play.

    A reading the scenario leaves out is taken from the lists' ``settings`` when they name
    it (see ``SCENARIO``).
    """
    lists = (("list_a", list_a), ("list_b", list_b))
    params = read_scenario(SCENARIO, with_list_settings(scenario, lists, FIGHT_SETTINGS))
    team = build_teams(catalogue, list_a, list_b)
    samples = tuple(sample_figures(catalogue, SYSTEM, (list_a, list_b)))
    return Match(params, team, (list_a.get("name"), list_b.get("name")), samples)


def play(match: Match, runs: int, gen: np.random.Generator, tally: Tally) -> None:
    """Play ``runs`` fights together and add how they ended to ``tally``."""
    team = match.team
    state = AcesFight(team, match.params, runs, gen).play()
    codes = outcome_codes(state.victory, team.build_points)
    alive = state.damage < team.ko
    tally_fights(tally, team, codes, state.turns, state.victory, state.damage,
                 captive_at_end=alive & (state.captor >= 0))


def report(match: Match, tally: Tally, seed: int) -> dict[str, Any]:
    """The shared simulation report (docs/simulation.md, "The report") from the totals: the
    scenario as played, outcome shares, turns, per-figure survival, captive at the end and
    clicks of damage; extras ``victory_points`` and ``build_points``; ``sample_dials`` and
    ``notes`` say which figures played on sample (invented) dials."""
    return fight_report(SYSTEM, describe(SCENARIO, match.params), match.names, match.samples,
                        match.team, tally, seed, shares=("captive_at_end",))
