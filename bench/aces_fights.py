"""The public ``simulate()`` of Aces (cs-aces) per CPU second, against a fair loop.

    .venv/bin/python bench/aces_fights.py [--runs N] [--calls N] [--fair-runs N] [--rounds N]

``fair_fight`` is the fight of ``rules_engine.cs_aces.fight.AcesFight`` written as well as
plain Python allows (lists built once, ``random.Random``, one fight at a time, die by die),
the same rules in the same order; a test holds the two to the same win rate. The figure is
fights per CPU second of ``simulate()`` of the example teams (Kim's team against the
Genghis gang) over those of the fair loop, timed in turn (``figures.compare``), at
``--runs`` runs and at 1,000 (a page or an API call).

Target: >= 10x at 20,000 runs, a third of the 30x the Air Action fight loop is held to: an
Aces fight is up to 60 turns of one action each, and each turn is a pass of numpy calls for
each kind of action (escape, close combat, capture, ranged, several targets) over the runs
taking it, a third of them or fewer, where an Air Action turn's passes each move every
plane of every run. It was about 3x when the figure was first measured, while every action
was a pass over every run; about 10x once each turn works on the runs still going and each
action on the runs where it is taken. The 1,000-run figure is reported without a target.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from figures import Case, fight_options, simulate_calls, versus_fair_loop

from rules_engine.catalogue import load_catalogue
from rules_engine.clix.scenario import read_scenario
from rules_engine.cs_aces.fight_scenario import SCENARIO
from rules_engine.cs_aces.forces import Team, build_teams
from rules_engine.cs_aces.simulation import outcome_codes
from rules_engine.simulation import simulate

EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "examples" / "cs-aces"
NATURAL_SIX, CAPTURE_PENALTY, NONE = 6, 2, -1


class PlainTeam(NamedTuple):
    """Both teams as plain lists, built once before any fight is played."""

    figures: int
    side: list[int]
    points: list[int]
    is_ace: list[bool]
    range: list[int]
    targets: list[int]
    ko: list[int]
    attack: list[list[int]]  # by clicks taken
    defense: list[list[int]]
    fate: list[list[int]]
    build_points: tuple[int, int]


def plain_team(team: Team) -> PlainTeam:
    """The arrays of ``build_teams`` as lists of ints (no numpy in the fight loop)."""
    return PlainTeam(
        figures=team.count,
        side=[int(x) for x in team.side.tolist()],
        points=team.points.tolist(),
        is_ace=[bool(x) for x in team.is_ace.tolist()],
        range=team.range.tolist(),
        targets=team.targets.tolist(),
        ko=team.ko.tolist(),
        attack=team.attack.tolist(),
        defense=team.defense.tolist(),
        fate=team.fate.tolist(),
        build_points=team.build_points,
    )


def fair_fight(t: PlainTeam, s: dict[str, Any], r: random.Random) -> tuple[int, int]:
    """One fight, action by action and die by die: the rules of ``AcesFight`` in its order.
    Returns both teams' victory points."""
    rand, n = r.random, t.figures
    ko, side, points = t.ko, t.side, t.points
    damage, captor, holds, last = [0] * n, [NONE] * n, [NONE] * n, [-10] * n
    victory = [0, 0]
    fate_policy, cap_first = s["fate"], s["cap_before_modifiers"]

    def stat(table: list[list[int]], i: int) -> int:
        row = table[i]
        return row[min(damage[i], len(row) - 1)]

    def roll(dice: int, need: int) -> tuple[int, int]:
        hits = sixes = 0
        for _ in range(dice):
            face = int(rand() * 6) + 1
            if face >= need:
                hits += 1
                sixes += face == NATURAL_SIX
        return hits, sixes

    def fate(i: int, policy: str) -> bool:
        return fate_policy == policy and t.is_ace[i] and stat(t.fate, i) > 0

    def hurt(i: int, clicks: int) -> None:
        before = damage[i]
        after = min(before + clicks, ko[i])
        damage[i] = after
        if before < ko[i] <= after:
            victory[1 - side[i]] += points[i]
            if holds[i] >= 0:
                captor[holds[i]] = NONE
            holds[i] = NONE
            if captor[i] >= 0:
                holds[captor[i]] = NONE
            captor[i] = NONE

    def attack(target: int, dice: int, defense: int) -> tuple[int, bool]:
        hits, sixes = roll(dice, max(1, min(defense, 6)))
        if cap_first and defense > NATURAL_SIX:
            hits = sixes = 0
        defended = hits > sixes and fate(target, "defensive")
        return (sixes if defended else hits), defended

    def ranged_need(defense: int, hindering: bool) -> int:
        if cap_first:
            return max(1, min(defense, NATURAL_SIX) + hindering)
        return max(1, min(defense + hindering, NATURAL_SIX))

    def enemies(me: int, free_only: bool) -> list[int]:
        return [
            j
            for j in range(n)
            if side[j] != side[me]
            and damage[j] < ko[j]
            and captor[j] < 0
            and (not free_only or holds[j] < 0)
        ]

    first = 1 if rand() < 0.5 else 0
    for turn in range(s["max_turns"]):
        if not all(any(damage[j] < ko[j] and side[j] == k for j in range(n)) for k in (0, 1)):
            break
        now = first ^ (turn % 2)
        actor, oldest = -1, 1 << 30
        for j in range(n):
            if side[j] == now and damage[j] < ko[j] and last[j] != turn - 2 and last[j] < oldest:
                actor, oldest = j, last[j]
        if actor < 0:
            continue
        a = actor
        last[a] = turn
        if captor[a] >= 0:  # "Escaping"
            held_by = captor[a]
            extra = stat(t.fate, a) if fate(a, "offensive") else 0
            mine, _ = roll(stat(t.attack, a) + extra, max(1, min(stat(t.defense, held_by), 6)))
            theirs, _ = roll(stat(t.attack, held_by), max(1, min(stat(t.defense, a), 6)))
            if mine > theirs:
                captor[a] = NONE
                holds[held_by] = NONE
            if extra:
                hurt(a, 1)
            continue
        if holds[a] >= 0:
            continue
        u = rand()
        if u < s["adjacent"]:  # "Close Combat" and "Capturing"
            foes = enemies(a, False)
            if not foes:
                continue
            target = r.choice(foes)
            capture = rand() < s["capture"] and holds[target] < 0
            offensive = fate(a, "offensive")
            dice = max(0, stat(t.attack, a) - CAPTURE_PENALTY * capture)
            dice += stat(t.fate, a) if offensive else 0
            hits, defended = attack(target, dice, min(stat(t.defense, target), NATURAL_SIX))
            if capture and hits > 0:
                captor[target], holds[a] = a, target
            elif not capture:
                hurt(target, hits)
            if offensive:
                hurt(a, 1)
            if defended:
                hurt(target, 1)
        elif u < s["adjacent"] + s["in_range"] and t.range[a] > 0:  # "Ranged Combat"
            foes = enemies(a, True)
            r.shuffle(foes)
            k = min(t.targets[a], len(foes))
            offensive = k > 0 and fate(a, "offensive")
            dice = stat(t.attack, a) + (stat(t.fate, a) if offensive else 0)
            hindering = rand() < s["hindering"]
            if k == 1 and dice > 0:
                hits, defended = attack(
                    foes[0], dice, ranged_need(stat(t.defense, foes[0]), hindering)
                )
                hurt(foes[0], hits)
                if defended:
                    hurt(foes[0], 1)
            elif k > 1 and dice > 0:
                _several(t, foes[:k], dice, hindering, rand, stat, ranged_need, fate, hurt)
            if offensive:
                hurt(a, 1)
    for k in (0, 1):
        for j in range(n):
            if damage[j] < ko[j]:
                if captor[j] < 0 and side[j] == k:
                    victory[k] += points[j]
                elif captor[j] >= 0 and side[j] != k:
                    victory[k] += 2 * points[j]
    return victory[0], victory[1]


def _several(
    t: PlainTeam,
    targets: list[int],
    dice: int,
    hindering: bool,
    rand: Callable[[], float],
    stat: Any,
    ranged_need: Any,
    fate: Any,
    hurt: Any,
) -> None:
    """ "Targeting Multiple Enemies": roll every die, then give each target in turn, easiest
    first, the lowest die still free that reaches it; a hit is 1 click."""
    faces = sorted(int(rand() * 6) + 1 for _ in range(dice))
    needs = [ranged_need(stat(t.defense, j), hindering) for j in targets]
    free = [True] * dice
    hit, six = [False] * len(targets), [False] * len(targets)
    for slot in sorted(range(len(targets)), key=lambda k: needs[k]):
        for d, face in enumerate(faces):
            if free[d] and face >= needs[slot]:
                free[d], hit[slot], six[slot] = False, True, face == NATURAL_SIX
                break
    for slot, target in enumerate(targets):
        defended = hit[slot] and not six[slot] and fate(target, "defensive")
        hurt(target, int(hit[slot] and not defended))
        if defended:
            hurt(target, 1)


def fair_outcomes(team: Team, scenario: dict[str, Any], runs: int, seed: int) -> np.ndarray:
    """Outcome codes (1 A wins, 0 draw, -1 B wins) of ``runs`` fights of the plain loop."""
    plain = plain_team(team)
    r = random.Random(seed)
    victory = np.array([fair_fight(plain, scenario, r) for _ in range(runs)])
    return outcome_codes(victory, team.build_points)


def main() -> None:
    args = fight_options(__doc__)
    catalogue = load_catalogue()
    list_a = json.loads((EXAMPLES / "kims-team.json").read_text())
    list_b = json.loads((EXAMPLES / "genghis-gang.json").read_text())
    team = build_teams(catalogue, list_a, list_b)
    scenario = read_scenario(SCENARIO, {})
    simulate(catalogue, list_a, list_b, runs=1000, seed=1)  # warm the imports and caches

    def calls(runs: int, count: int) -> Callable[[], None]:
        return simulate_calls(simulate, (catalogue, list_a, list_b), runs, count)

    def fair() -> Any:
        return fair_outcomes(team, scenario, args.fair_runs, 7)

    cases = [
        Case(args.runs, 1, calls(args.runs, 1), 10.0),
        Case(1000, args.calls, calls(1000, args.calls)),
    ]
    versus_fair_loop("Aces", cases, fair, args.fair_runs, args.rounds)


if __name__ == "__main__":
    main()
