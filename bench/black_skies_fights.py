"""The public ``simulate()`` of Black Skies per CPU second, against a fair loop.

    .venv/bin/python bench/black_skies_fights.py [--runs N] [--calls N] [--fair-runs N]
        [--rounds N]

``fair_fight`` is the fight of ``rules_engine.black_skies.simulation.fight`` written as well
as plain Python allows (lists built once, ``random.Random``, one fight at a time, die by
die), the same rules in the same order; a test holds the two to the same win rate. The
figure is fights per CPU second of ``simulate()`` of the example squadrons (Tiger squadron
against Lancer flight) over those of the fair loop, timed in turn (``figures.compare``), at
``--runs`` runs and at 1,000 (a page or an API call).

Target: >= 10x at 20,000 runs, a third of the 30x the Air Action fight loop is held to:
a Black Skies activation is one fighter's Piloting Check, target and volley, a few numpy
calls each over the runs where it fires, where an Air Action turn's passes each move every
plane of every run. It was about 3x when the figure was first measured, while every run
rolled every weapon's dice; about 16x once only the runs where a fighter fires roll them,
in one draw. The 1,000-run figure is reported without a target.
"""

from __future__ import annotations

import bisect
import json
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from figures import Case, fight_options, simulate_calls, versus_fair_loop

from rules_engine.black_skies.dice import step_down, to_hit_modifier
from rules_engine.black_skies.scenario import SIDES
from rules_engine.black_skies.simulation import Match, prepare
from rules_engine.catalogue import load_catalogue
from rules_engine.simulation import simulate

EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "examples" / "black-skies"


class PlainFight(NamedTuple):
    """Both squadrons and the scenario's chances as plain numbers, built once."""

    hull: list[int]
    side: list[int]
    skill: list[int]
    armour: list[int]
    weapons: list[list[tuple[int, int]]]  # (rate of fire, damage die) best first
    stepped: list[dict[int, int]]  # each fighter's damage die after its shields, by die
    enemies: tuple[list[int], list[int]]
    elements: tuple[list[list[int]], list[list[int]]]
    first: int | None  # the side that goes first, None for a draw per fight
    max_turns: int
    shot_chance: float
    weakest: bool
    band_cdf: list[float]
    need: tuple[list[int], list[int]]  # by firing side, the d12 a hit needs by range band
    difficulty: tuple[int, int]
    crippled_multiplier: int
    piloting_die: int
    combat_die: int


def plain_fight(match: Match) -> PlainFight:
    """What ``fight`` and ``VolleyFire`` read from the book and scenario, as lists."""
    book, sc, fighters = match.book, match.scenario, match.forces.fighters
    weights = [float(w) for w in sc.range_weights.values()]
    band_cdf, running = [], 0.0
    for w in weights[:-1]:
        running += w / sum(weights)
        band_cdf.append(running)
    tns = [book.target_numbers[b] for b in sc.range_weights]
    options = [book.options[sc.maneuver[s]] for s in SIDES]

    def need(side: int) -> list[int]:
        penalised = side if sc.maneuver_penalty_of == "firer" else 1 - side
        modifier = to_hit_modifier(book, sc.speed[SIDES[1 - side]], options[penalised].penalty)
        return [tn - modifier for tn in tns]

    dice = {w.damage_die for f in fighters for w in f.weapons}
    return PlainFight(
        hull=[f.hull for f in fighters],
        side=[f.side for f in fighters],
        skill=[f.skill for f in fighters],
        armour=[f.armour for f in fighters],
        weapons=[[(w.rate_of_fire, w.damage_die) for w in f.weapons] for f in fighters],
        stepped=[{d: step_down(d, f.shields * book.shield_steps) for d in dice} for f in fighters],
        enemies=(
            [i for i, f in enumerate(fighters) if f.side != 0],
            [i for i, f in enumerate(fighters) if f.side != 1],
        ),
        elements=(
            [list(e) for e in match.forces.elements[0]],
            [list(e) for e in match.forces.elements[1]],
        ),
        first=SIDES.index(sc.first) if sc.first in SIDES else None,
        max_turns=sc.max_turns,
        shot_chance=sc.shot_chance,
        weakest=sc.targeting == "weakest",
        band_cdf=band_cdf,
        need=(need(0), need(1)),
        difficulty=(options[0].difficulty, options[1].difficulty),
        crippled_multiplier=book.constant("crippled_difficulty_multiplier"),
        piloting_die=book.constant("piloting_die_sides"),
        combat_die=book.constant("combat_die_sides"),
    )


def fair_fight(p: PlainFight, r: random.Random) -> int:
    """One fight, activation by activation and die by die; the winning side (0 or 1), or -1
    when both still fly after the time limit."""
    rand, hull = r.random, list(p.hull)
    full = p.hull
    first = p.first if p.first is not None else (1 if rand() < 0.5 else 0)
    slots = 2 * max(len(p.elements[0]), len(p.elements[1]))

    def fire(f: int) -> None:
        side, own = p.side[f], hull[f]
        if own <= 0:
            return
        crippled = 2 * own <= full[f]
        difficulty = p.difficulty[side] * (p.crippled_multiplier if crippled else 1)
        if int(rand() * p.piloting_die) + 1 + p.skill[f] < difficulty:
            return
        if rand() >= p.shot_chance:
            return
        flying = [j for j in p.enemies[side] if hull[j] > 0]
        if not flying:
            return
        if p.weakest:  # the lowest hull, ties at random
            least = min(hull[j] for j in flying)
            target = r.choice([j for j in flying if hull[j] == least])
        else:
            target = r.choice(flying)
        need = p.need[side][bisect.bisect_right(p.band_cdf, rand())]
        weapons = p.weapons[f][: len(p.weapons[f]) // 2] if crippled else p.weapons[f]
        armour, stepped, total = p.armour[target], p.stepped[target], 0
        for rate, die in weapons:
            sides = stepped[die]
            for _ in range(rate):
                hit = int(rand() * p.combat_die) + 1 >= need
                damage = int(rand() * sides) + 1
                if hit and damage > armour:
                    total += damage - armour
        hull[target] = max(hull[target] - total, 0)

    for _turn in range(p.max_turns):
        for slot in range(slots):
            side = first if slot % 2 == 0 else 1 - first
            if slot // 2 < len(p.elements[side]):
                for f in p.elements[side][slot // 2]:
                    fire(f)
            alive_a = any(hull[j] > 0 for j in p.enemies[1])
            alive_b = any(hull[j] > 0 for j in p.enemies[0])
            if not (alive_a and alive_b):
                return 0 if alive_a else 1
    return -1


def fair_winners(match: Match, runs: int, seed: int) -> list[int]:
    """The winner of each of ``runs`` fights of the plain loop."""
    plain = plain_fight(match)
    r = random.Random(seed)
    return [fair_fight(plain, r) for _ in range(runs)]


def main() -> None:
    args = fight_options(__doc__)
    catalogue = load_catalogue()
    list_a = json.loads((EXAMPLES / "tiger-squadron.squadron.json").read_text())
    list_b = json.loads((EXAMPLES / "lancer-flight.squadron.json").read_text())
    match = prepare(catalogue, list_a, list_b, {})
    simulate(catalogue, list_a, list_b, runs=1000, seed=1)  # warm the imports and caches

    def calls(runs: int, count: int) -> Callable[[], None]:
        return simulate_calls(simulate, (catalogue, list_a, list_b), runs, count)

    def fair() -> Any:
        return fair_winners(match, args.fair_runs, 7)

    cases = [
        Case(args.runs, 1, calls(args.runs, 1), 10.0),
        Case(1000, args.calls, calls(1000, args.calls)),
    ]
    versus_fair_loop("Black Skies", cases, fair, args.fair_runs, args.rounds)


if __name__ == "__main__":
    main()
