"""Figures for Air Action and Aces odds and fights, printed in one run.

    .venv/bin/python bench/odds_and_fights.py [--runs N]

Prints: exact odds of a 10-die attack (ms), simulated attacks per second, whole 200-point
Air Action fights per second (vectorised), and the speed-up over ``naive_fight``, a per-die
pure-Python loop playing the very same rules one fight at a time.

Times are the process's own CPU time (one core; other work on the machine does not count),
the best of a few repeats, measured the same way for the vectorised and the naive fights.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules_engine.catalogue import load_catalogue
from rules_engine.cs_aces.dice import hits
from rules_engine.cs_aces.scenario import read_scenario
from rules_engine.cs_air_action import simulate
from rules_engine.cs_air_action.fight import Fight
from rules_engine.cs_air_action.forces import Forces, build_forces
from rules_engine.cs_air_action.scenario import SCENARIO
from rules_engine.cs_air_action.simulation import outcome_codes
from rules_engine.montecarlo import rng

EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "examples" / "cs-air-action"


def naive_fight(forces: Forces, scenario: dict[str, Any], r: random.Random) -> dict[str, Any]:
    """One fight, plane by plane and die by die: the reference the vectorised fight is
    checked against (same rules, same order, a different source of randomness)."""
    f, s = forces, scenario
    n = f.count
    damage = [0] * n
    fate_used = [0] * n
    victory = [0, 0]
    shot_down = [0, 0]
    sides = [[i for i in range(n) if f.side[i] == side] for side in (0, 1)]
    ko = [int(k) for k in f.ko]

    def alive(i: int) -> bool:
        return damage[i] < ko[i]

    def fate(i: int) -> int:
        return int(f.ace_fate[i, min(fate_used[i], f.ace_fate.shape[1] - 1)])

    def two_d6() -> int:
        return r.randint(1, 6) + r.randint(1, 6)

    def fails(total: int, i: int) -> bool:
        return total < f.piloting[i, damage[i]] or total == 2

    def hurt(i: int, clicks: int, by_shot: bool) -> None:
        if not alive(i) or clicks <= 0:
            return
        damage[i] = min(damage[i] + clicks, ko[i])
        if not alive(i):
            scorer = 1 - int(f.side[i])
            victory[scorer] += int(f.points[i]) * (2 if by_shot else 1)
            shot_down[scorer] += by_shot

    def enemies(side: int) -> list[int]:
        return [j for j in sides[1 - side] if alive(j)]

    turns = 0
    for _ in range(s["max_turns"]):
        if not enemies(0) or not enemies(1):
            break
        turns += 1
        used = [False] * n
        aggressor = 1 if r.random() < 0.5 else 0

        def can_fate(i: int, policy: str, used: list[bool] = used) -> bool:
            return s["fate"] == policy and fate(i) > 0 and not used[i]

        for i in range(n):
            if alive(i) and r.random() < s["redline"] and fails(two_d6(), i):
                hurt(i, 1, False)
        for a in range(n):
            side = int(f.side[a])
            foes = enemies(side)
            if not alive(a) or not foes or r.random() >= s["collision"]:
                continue
            b = r.choice(foes)
            ta, tb = two_d6(), two_d6()
            fa, fb = fails(ta, a), fails(tb, b)
            serious = 2 in (ta, tb)
            if serious and (can_fate(a, "defensive") or can_fate(b, "defensive")):
                user = a if can_fate(a, "defensive") else b
                fate_used[user] += 1
                used[user] = True
                continue
            da, db = int(fa), int(fb)
            ra, rb = ko[a] - damage[a] - da, ko[b] - damage[b] - db
            if serious and ra > 0 and rb > 0:
                da, db = da + min(ra, rb), db + min(ra, rb)
            elif serious:
                da, db = da + (ra > 0), db + (rb > 0)
            hurt(a, da, False)
            hurt(b, db, False)
        for weapon in ("front", "rear"):
            table = f.front if weapon == "front" else f.rear
            chance = s["in_range"] if weapon == "front" else s["rear_shot"]
            for slot in range(max(len(sides[0]), len(sides[1]))):
                for side in (aggressor, 1 - aggressor):
                    if slot >= len(sides[side]):
                        continue
                    shooter = sides[side][slot]
                    foes = enemies(side)
                    if not alive(shooter) or not foes:
                        continue
                    gunnery = int(table[shooter, damage[shooter]])
                    if gunnery <= 0 or r.random() >= chance:
                        continue
                    if s["targeting"] == "weakest":
                        target = min(foes, key=lambda j: (ko[j] - damage[j], j))
                    else:
                        target = r.choice(foes)
                    dice = gunnery + (r.random() < s["rear_arc"])
                    point_blank = r.random() < s["point_blank"]
                    to_hit = max(1, min(6, int(f.silhouette[target]) - point_blank))
                    if can_fate(shooter, "offensive"):
                        dice += fate(shooter)
                        fate_used[shooter] += 1
                        used[shooter] = True
                    faces = [r.randint(1, 6) for _ in range(dice)]
                    got = sum(face >= to_hit for face in faces)
                    sixes = sum(face == 6 for face in faces)
                    if got > sixes and can_fate(target, "defensive"):
                        got = sixes
                        fate_used[target] += 1
                        used[target] = True
                    hurt(target, got, True)
    for i in range(n):
        if alive(i):
            victory[int(f.side[i])] += int(f.points[i])
    return {"victory": victory, "shot_down": shot_down, "turns": turns}


def naive_outcomes(forces: Forces, scenario: dict[str, Any], runs: int, seed: int) -> np.ndarray:
    """Outcome codes (1 A wins, 0 draw, -1 B wins) of ``runs`` naive fights."""
    r = random.Random(seed)
    results = [naive_fight(forces, scenario, r) for _ in range(runs)]
    victory = np.array([x["victory"] for x in results])
    shot_down = np.array([x["shot_down"] for x in results])
    return outcome_codes(victory, shot_down, forces.build_points)


def _timed(fn: Any, repeat: int = 1) -> float:
    """CPU seconds of one call to ``fn``: the best of ``repeat`` calls."""
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        fn()
        best = min(best, time.process_time() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=20_000)
    args = parser.parse_args()
    catalogue = load_catalogue()
    squadron_a = json.loads((EXAMPLES / "devastators-200.json").read_text())
    squadron_b = json.loads((EXAMPLES / "bloodhawks-200.json").read_text())

    hits.cache_clear()
    exact_ms = _timed(lambda: (hits.cache_clear(), hits(10, 4).probability(">=", 3))) * 1000
    print(f"exact odds of a 10-die attack: {exact_ms:.2f} ms (target <= 5 ms)")

    generator = rng(1)
    shots = 1_000_000
    seconds = _timed(
        lambda: (generator.integers(1, 7, size=(shots, 10), dtype=np.int8) >= 4).sum(axis=1)
    )
    print(f"simulated 10-die attacks: {shots / seconds:,.0f} per second")

    scenario = read_scenario(SCENARIO, {})
    forces = build_forces(catalogue, squadron_a, squadron_b)
    simulate(catalogue, squadron_a, squadron_b, {}, 1000, 1)
    seconds = _timed(lambda: Fight(forces, scenario, args.runs, rng(7)).play(), repeat=5)
    fast = args.runs / seconds
    print(f"whole 200-point Air Action fights: {fast:,.0f} per second (target >= 10,000)")

    naive_runs = 2_000
    seconds = _timed(lambda: naive_outcomes(forces, scenario, naive_runs, 7), repeat=3)
    slow = naive_runs / seconds
    print(
        f"naive per-die loop: {slow:,.0f} fights per second; speed-up {fast / slow:.0f}x "
        "(target >= 30x)"
    )


if __name__ == "__main__":
    main()
