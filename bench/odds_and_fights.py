"""Figures for Air Action and Aces odds and fights, printed in one run.

    .venv/bin/python bench/odds_and_fights.py [--runs N] [--batches N] [--fair-runs N]
        [--api-calls N] [--repeat N] [--rounds N]

Prints: exact odds of a 10-die attack (ms), simulated attacks per second, whole 200-point
Air Action fights per second (vectorised, in one batch: ``play_fight``, which plays these
squadrons, with no Aces, with ``CodedFight``), a whole in-process ``simulate()`` of
1,000 runs (the size an API call asks for), and the speed-up over ``fair_fight``: the same
fight written as well as plain Python allows (lists built once, ``random.Random``, no numpy
in the loop), one fight at a time. Then the same for two Aces spending fate defensively
against the 200-point squadron, with the general ``Fight`` beside it (which played every
fight with fate before ``CodedFight`` numbered fate too).

Every figure is CPU time (``time.process_time``: other work on a shared machine does not
count), the best of a few repeats, with wall time beside it. The sides of a speed-up are
timed in turn, sample after sample (``--repeat`` of each), and each sample lasts about as
long as the others (``--batches`` batches of the vectorised fight, ``--api-calls`` calls of
``simulate()``, ``--fair-runs`` fights of the fair loop): work elsewhere on the machine then
falls on both sides alike, and the best sample of a side is no luckier for being shorter.
``--rounds N`` does it all N times over and prints each round's speed-up and their median
and lowest.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any, NamedTuple

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))  # figures, when imported by a test

from figures import at_least, at_most, measured

from rules_engine.catalogue import load_catalogue
from rules_engine.clix.dice import hits
from rules_engine.clix.scenario import read_scenario
from rules_engine.cs_air_action.batch import play_fight
from rules_engine.cs_air_action.fight import Fight
from rules_engine.cs_air_action.forces import Forces, build_forces
from rules_engine.cs_air_action.scenario import SCENARIO
from rules_engine.cs_air_action.simulation import outcome_codes
from rules_engine.montecarlo import rng
from rules_engine.simulation import simulate

EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "examples" / "cs-air-action"


SIXTHS = [k / 6 for k in range(7)]
FIVE_SIXTHS = SIXTHS[5]


class PlainForces(NamedTuple):
    """Both squadrons as plain Python lists, built once before any fight is played."""

    count: int
    side: list[int]
    points: list[int]
    silhouette: list[int]
    ko: list[int]
    front: list[list[int]]  # gunnery after d clicks of damage
    rear: list[list[int]]
    piloting: list[list[int]]
    fate: list[list[int]]  # the Ace's fate value after e uses of fate
    sides: tuple[list[int], list[int]]
    build_points: tuple[int, int]


def plain_forces(forces: Forces) -> PlainForces:
    """The arrays of ``build_forces`` as lists of ints (no numpy in the fight loop)."""
    side = [int(x) for x in forces.side.tolist()]
    return PlainForces(
        count=forces.count,
        side=side,
        points=forces.points.tolist(),
        silhouette=forces.silhouette.tolist(),
        ko=forces.ko.tolist(),
        front=forces.front.tolist(),
        rear=forces.rear.tolist(),
        piloting=forces.piloting.tolist(),
        fate=forces.ace_fate.tolist(),
        sides=(
            [i for i in range(forces.count) if side[i] == 0],
            [i for i in range(forces.count) if side[i] == 1],
        ),
        build_points=forces.build_points,
    )


def fair_fight(f: PlainForces, s: dict[str, Any], r: random.Random) -> tuple[int, int, int, int]:
    """One fight, plane by plane and die by die, written as well as plain Python allows:
    lists, ``random.Random``, no numpy. The same rules in the same order as the vectorised
    fight, which it is checked against. Returns (victory A, victory B, shot down by A, by B).
    """
    rand = r.random
    n, ko, side, points = f.count, f.ko, f.side, f.points
    piloting, fate, sil = f.piloting, f.fate, f.silhouette
    last_fate = len(fate[0]) - 1
    damage = [0] * n
    fate_used = [0] * n
    victory = [0, 0]
    shot_down = [0, 0]
    flying = [len(f.sides[0]), len(f.sides[1])]
    slots = max(flying)
    redline, collision = s["redline"], s["collision"]
    rear_arc, point_blank = s["rear_arc"], s["point_blank"]
    weakest = s["targeting"] == "weakest"
    policy = s["fate"]
    weapons = ((f.front, s["in_range"]), (f.rear, s["rear_shot"]))

    def two_d6() -> int:
        return int(rand() * 6) + int(rand() * 6) + 2

    def hurt(i: int, clicks: int, by_shot: bool) -> None:
        if clicks <= 0 or damage[i] >= ko[i]:
            return
        damage[i] = min(damage[i] + clicks, ko[i])
        if damage[i] == ko[i]:
            scorer = 1 - side[i]
            victory[scorer] += points[i] * (2 if by_shot else 1)
            flying[side[i]] -= 1
            shot_down[scorer] += by_shot

    def alive_foes(s_: int) -> list[int]:
        return [j for j in f.sides[1 - s_] if damage[j] < ko[j]]

    for _ in range(s["max_turns"]):
        if not flying[0] or not flying[1]:
            break
        used = [False] * n
        aggressor = 1 if rand() < 0.5 else 0
        if redline:
            for i in range(n):
                if damage[i] < ko[i] and rand() < redline:
                    total = two_d6()
                    if total < piloting[i][damage[i]] or total == 2:
                        hurt(i, 1, False)
        if collision:
            for a in range(n):
                if damage[a] >= ko[a] or not flying[1 - side[a]] or rand() >= collision:
                    continue
                b = r.choice(alive_foes(side[a]))
                ta, tb = two_d6(), two_d6()
                fa = ta < piloting[a][damage[a]] or ta == 2
                fb = tb < piloting[b][damage[b]] or tb == 2
                serious = ta == 2 or tb == 2
                if serious and policy == "defensive":
                    user = next(
                        (
                            i
                            for i in (a, b)
                            if not used[i] and fate[i][min(fate_used[i], last_fate)] > 0
                        ),
                        None,
                    )
                    if user is not None:
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
        for table, chance in weapons:
            for slot in range(slots):
                for s_ in (aggressor, 1 - aggressor):
                    mine = f.sides[s_]
                    if slot >= len(mine):
                        continue
                    shooter = mine[slot]
                    if damage[shooter] >= ko[shooter] or not flying[1 - s_]:
                        continue
                    gunnery = table[shooter][damage[shooter]]
                    if gunnery <= 0 or rand() >= chance:
                        continue
                    if weakest:
                        # Fewest clicks left, ties to the first plane.
                        target, fewest = -1, 1 << 30
                        for j in f.sides[1 - s_]:
                            left = ko[j] - damage[j]
                            if 0 < left < fewest:
                                target, fewest = j, left
                    else:
                        target = r.choice(alive_foes(s_))
                    dice = gunnery + (rand() < rear_arc)
                    to_hit = sil[target] - (rand() < point_blank)
                    to_hit = 1 if to_hit < 1 else 6 if to_hit > 6 else to_hit
                    if policy == "offensive" and not used[shooter]:
                        extra = fate[shooter][min(fate_used[shooter], last_fate)]
                        if extra > 0:
                            dice += extra
                            fate_used[shooter] += 1
                            used[shooter] = True
                    # A die shows to_hit or more when its uniform reaches (to_hit - 1) / 6,
                    # a six when it reaches 5 / 6.
                    need = SIXTHS[to_hit - 1]
                    got = sixes = 0
                    for _die in range(dice):
                        u = rand()
                        if u >= need:
                            got += 1
                            if u >= FIVE_SIXTHS:
                                sixes += 1
                    if (
                        got > sixes
                        and policy == "defensive"
                        and not used[target]
                        and fate[target][min(fate_used[target], last_fate)] > 0
                    ):
                        got = sixes
                        fate_used[target] += 1
                        used[target] = True
                    hurt(target, got, True)
    for i in range(n):
        if damage[i] < ko[i]:
            victory[side[i]] += points[i]
    return victory[0], victory[1], shot_down[0], shot_down[1]


def fair_outcomes(forces: Forces, scenario: dict[str, Any], runs: int, seed: int) -> np.ndarray:
    """Outcome codes (1 A wins, 0 draw, -1 B wins) of ``runs`` fights of the plain loop."""
    plain = plain_forces(forces)
    r = random.Random(seed)
    results = [fair_fight(plain, scenario, r) for _ in range(runs)]
    victory = np.array([x[:2] for x in results])
    shot_down = np.array([x[2:] for x in results])
    return outcome_codes(victory, shot_down, forces.build_points)


def _timed_in_turn(fns: list[Any], repeat: int) -> list[tuple[float, float]]:
    """(CPU seconds, wall seconds) of each of ``fns``, timed in turn ``repeat`` times over:
    for each, the call with the least CPU time."""
    best = [(float("inf"), float("inf"))] * len(fns)
    for _ in range(repeat):
        for i, fn in enumerate(fns):
            cpu, wall = time.process_time(), time.perf_counter()
            fn()
            took = (time.process_time() - cpu, time.perf_counter() - wall)
            best[i] = min(best[i], took)
    return best


def _timed(fn: Any, repeat: int = 1) -> tuple[float, float]:
    """(CPU seconds, wall seconds) of one call to ``fn``: the call with the least CPU time of
    ``repeat``. CPU time (``time.process_time``) is the clock every figure is judged by: on a
    shared machine other work does not count in it; wall time is printed beside it."""
    best = (float("inf"), float("inf"))
    for _ in range(repeat):
        cpu, wall = time.process_time(), time.perf_counter()
        fn()
        took = (time.process_time() - cpu, time.perf_counter() - wall)
        best = min(best, took)
    return best


def _rate(count: int, took: tuple[float, float]) -> str:
    return f"{count / took[0]:,.0f}/s CPU ({count / took[1]:,.0f}/s wall)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=20_000)
    parser.add_argument("--batches", type=int, default=8)
    parser.add_argument("--fair-runs", type=int, default=3_000)
    parser.add_argument("--api-calls", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--rounds", type=int, default=1)
    args = parser.parse_args()
    catalogue = load_catalogue()
    squadron_a = json.loads((EXAMPLES / "devastators-200.json").read_text())
    squadron_b = json.loads((EXAMPLES / "bloodhawks-200.json").read_text())

    cpu, wall = _timed(lambda: (hits.cache_clear(), hits(10, 4).probability(">=", 3)), 5)
    print(
        f"exact odds of a 10-die attack: {cpu * 1000:.2f} ms CPU ({wall * 1000:.2f} ms wall)"
        " (target <= 5 ms)"
    )
    measured("exact odds of a 10-die attack", cpu * 1000, "ms cpu", target=at_most(5.0))

    generator = rng(1)
    shots = 1_000_000
    took = _timed(
        lambda: (generator.integers(1, 7, size=(shots, 10), dtype=np.int8) >= 4).sum(axis=1), 3
    )
    print(f"simulated 10-die attacks: {_rate(shots, took)}")
    measured("simulated 10-die attacks", shots / took[0], "/s cpu")

    scenario = read_scenario(SCENARIO, {})
    forces = build_forces(catalogue, squadron_a, squadron_b)
    simulate(catalogue, squadron_a, squadron_b, runs=1000, seed=1)  # warm the caches
    ratios = []
    for round_number in range(1, args.rounds + 1):
        if args.rounds > 1:
            print(f"round {round_number} of {args.rounds}:")
        last = round_number == args.rounds
        ratios.append(_compare(catalogue, squadron_a, squadron_b, forces, scenario, args, last))
    _fate_figures(catalogue, squadron_b, args)
    if args.rounds > 1:
        for clock, index in (("CPU", 0), ("wall", 1)):
            each = sorted(r[index] for r in ratios)
            print(
                f"speed-up over {args.rounds} rounds ({clock}): median "
                f"{each[len(each) // 2]:.1f}x, lowest {each[0]:.1f}x, each "
                + ", ".join(f"{r[index]:.1f}x" for r in ratios)
            )
    median_cpu = sorted(r[0] for r in ratios)[len(ratios) // 2]
    measured(
        "speed-up of the vectorised Air Action fight over the fair loop",
        median_cpu,
        "x cpu",
        baseline="fair plain-Python loop",
        target=at_least(30.0),
    )


def _fate_figures(catalogue: Any, squadron_b: Any, args: argparse.Namespace) -> None:
    """Two Aces (``aces-300``) spending fate defensively against ``squadron_b``: the fight
    ``play_fight`` picks, the general ``Fight`` and the fair loop, at ``args.runs`` runs."""
    aces = json.loads((EXAMPLES / "aces-300.json").read_text())
    scenario = read_scenario(SCENARIO, {"fate": "defensive"})
    forces = build_forces(catalogue, aces, squadron_b)
    fast, general, slow = _timed_in_turn(
        [
            lambda: [play_fight(forces, scenario, args.runs, rng(i)) for i in range(args.batches)],
            lambda: Fight(forces, scenario, args.runs, rng(7)).play(),
            lambda: fair_outcomes(forces, scenario, args.fair_runs, 7),
        ],
        args.repeat,
    )
    fights = args.runs * args.batches
    print(
        f"two Aces spending fate defensively, {args.runs:,} runs in one batch: "
        f"{_rate(fights, fast)}; the general Fight {_rate(args.runs, general)}; "
        f"the fair loop {_rate(args.fair_runs, slow)}"
    )
    ratio = [(fights / fast[i]) / (args.fair_runs / slow[i]) for i in (0, 1)]
    over_general = [(fights / fast[i]) / (args.runs / general[i]) for i in (0, 1)]
    print(
        f"speed-up with fate over the fair loop: {ratio[0]:.1f}x CPU ({ratio[1]:.1f}x wall); "
        f"over the general Fight: {over_general[0]:.1f}x CPU ({over_general[1]:.1f}x wall)"
    )
    measured(
        "two Aces spending fate defensively, fights",
        fights / fast[0],
        "/s cpu",
        baseline="the fair loop",
        baseline_value=args.fair_runs / slow[0],
    )
    measured(
        "two Aces with fate, speed-up over the general Fight",
        over_general[0],
        "x cpu",
        baseline="the general Fight",
    )


def _compare(
    catalogue: Any,
    squadron_a: Any,
    squadron_b: Any,
    forces: Forces,
    scenario: dict[str, Any],
    args: argparse.Namespace,
    last: bool = True,
) -> tuple[float, float]:
    """One round of the vectorised fight, 1,000-run ``simulate()`` calls and the fair loop,
    timed in turn; returns the speed-up at ``args.runs`` runs (CPU, wall). The ``last``
    round's rates are reported as figures."""
    fast, api, slow = _timed_in_turn(
        [
            lambda: [play_fight(forces, scenario, args.runs, rng(i)) for i in range(args.batches)],
            lambda: [
                simulate(catalogue, squadron_a, squadron_b, runs=1000, seed=i)
                for i in range(args.api_calls)
            ],
            lambda: fair_outcomes(forces, scenario, args.fair_runs, 7),
        ],
        args.repeat,
    )
    fights, calls = args.runs * args.batches, 1000 * args.api_calls
    print(
        f"vectorised 200-point Air Action fights, {args.runs:,} runs in one batch: "
        f"{_rate(fights, fast)}"
    )
    print(
        f"in process, simulate() of 1,000 runs (an API call: forces, fights, report): "
        f"{api[0] * 1000 / args.api_calls:.1f} ms CPU "
        f"({api[1] * 1000 / args.api_calls:.1f} ms wall), {_rate(calls, api)}"
    )
    print(f"fair plain-Python loop (lists, random.Random, no numpy): {_rate(args.fair_runs, slow)}")
    speed_up = [(fights / fast[i]) / (args.fair_runs / slow[i]) for i in (0, 1)]
    speed_up_api = [(calls / api[i]) / (args.fair_runs / slow[i]) for i in (0, 1)]
    print(
        f"speed-up of the vectorised fight over the fair loop: {speed_up[0]:.1f}x CPU "
        f"({speed_up[1]:.1f}x wall) at {args.runs:,} runs (target >= 30x), "
        f"{speed_up_api[0]:.1f}x CPU ({speed_up_api[1]:.1f}x wall) for a whole 1,000-run "
        "simulate()"
    )
    if last:
        fair = args.fair_runs / slow[0]
        measured(
            "vectorised 200-point Air Action fights",
            fights / fast[0],
            "/s cpu",
            baseline="fair plain-Python loop",
            baseline_value=fair,
        )
        measured(
            "in process, simulate() of 1,000 Air Action runs",
            api[0] * 1000 / args.api_calls,
            "ms cpu",
        )
    return speed_up[0], speed_up[1]


if __name__ == "__main__":
    main()
