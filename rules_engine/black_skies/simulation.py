"""Squadron against squadron, many fights at once: numpy arrays hold every run's hulls.

Turn sequence (Movement, Moving): the sides take turns activating elements in list order,
the side that goes first drawn at random once per fight (or fixed by the scenario). An
activated fighter takes its Piloting Check (failing means it may not fire), then fires if
the scenario gives it a target in arc. Combat, Armour and Shields are applied as in
``dice``; crippled fighters fire half their weapons and pilot at double difficulty.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, cast

import numpy as np
from numpy.typing import NDArray

from rules_engine.black_skies.book import Book, Weapon, read_book
from rules_engine.black_skies.checks import check_with_book, resolve_design
from rules_engine.black_skies.design import available_maneuvers, weapon_list
from rules_engine.black_skies.dice import best_first, step_down, to_hit_modifier
from rules_engine.black_skies.scenario import SIDES, Scenario, read_scenario
from rules_engine.black_skies.sim_report import add_to_tally, tally_report
from rules_engine.catalogue import Catalogue
from rules_engine.errors import BadDocument, DocumentError
from rules_engine.tally import Tally

UNRESOLVABLE = ("unknown-weight", "unknown-weapon", "unknown-armour", "unknown-design")


@dataclass(frozen=True)
class Fighter:
    """One fighter of a simulated squadron, as plain numbers."""

    side: int
    entry: int
    pilot: str
    skill: int
    design: str
    hull: int
    armour: int
    shields: int
    weapons: tuple[Weapon, ...]  # best first, so a crippled fighter keeps the front half


@dataclass(frozen=True)
class Forces:
    """Both squadrons: the fighters (side a first) and each side's elements as indexes."""

    fighters: tuple[Fighter, ...]
    elements: tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]


def _squadron(book: Book, doc: Mapping[str, Any], side: int, scenario: Scenario,
              offset: int) -> tuple[list[Fighter], list[tuple[int, ...]], list[DocumentError]]:
    label = f"list_{SIDES[side]}"
    if doc["kind"] != "squadron":
        return [], [], [DocumentError(f"{label}.kind", "only squadrons fight: make it a "
                                      "'squadron' list")]
    errors = [DocumentError(label + v.path[1:], v.message)
              for v in check_with_book(book, doc).violations
              if v.code.split(".", 1)[1] in UNRESOLVABLE]
    if errors:
        return [], [], errors
    fighters: list[Fighter] = []
    elements: dict[str, list[int]] = {}
    maneuver = scenario.maneuver[SIDES[side]]
    for i, entry in enumerate(doc["entries"]):
        design = resolve_design(book, entry["design"])
        assert design is not None  # unresolvable designs were reported above
        if maneuver not in available_maneuvers(book, design):
            errors.append(DocumentError(
                f"scenario.maneuver.{SIDES[side]}",
                f"{entry['pilot']['name']}'s {design['name']} cannot fly {maneuver}: it "
                f"needs {book.options[maneuver].thruster}"))
        weapons = weapon_list(book, design)
        fighters.append(Fighter(
            side, i, entry["pilot"]["name"], entry["pilot"]["skill"], design["name"],
            book.weights[design["weight"]].hull,
            book.armours[design["armour"]].damage_reduction, design["shields"],
            tuple(best_first(weapons)),
        ))
        elements.setdefault(entry["element"], []).append(offset + len(fighters) - 1)
    return fighters, [tuple(e) for e in elements.values()], errors


def read_forces(book: Book, list_a: Mapping[str, Any], list_b: Mapping[str, Any],
                scenario: Scenario) -> Forces:
    """Both squadrons as fighters; every reason they cannot fly is reported at once."""
    fa, ea, errors_a = _squadron(book, list_a, 0, scenario, 0)
    fb, eb, errors_b = _squadron(book, list_b, 1, scenario, len(fa))
    if errors_a or errors_b:
        raise BadDocument(errors_a + errors_b)
    return Forces(tuple(fa + fb), (tuple(ea), tuple(eb)))


@dataclass(frozen=True)
class Match:
    """Two squadrons read and ready to fly: the book, scenario, fighters and legality."""

    book: Book
    scenario: Scenario
    forces: Forces
    docs: tuple[Mapping[str, Any], Mapping[str, Any]]
    legal: tuple[bool, bool]


def prepare(catalogue: Catalogue, list_a: Mapping[str, Any], list_b: Mapping[str, Any],
            scenario: Mapping[str, Any]) -> Match:
    """Read the scenario (see ``scenario.DEFAULTS``) and both squadrons (schema-valid).

    Raises:
        BadDocument: a scenario parameter or a list that cannot be flown.
    """
    book = read_book(catalogue)
    sc = read_scenario(book, scenario)
    forces = read_forces(book, list_a, list_b, sc)
    legal = (check_with_book(book, list_a).legal, check_with_book(book, list_b).legal)
    return Match(book, sc, forces, (list_a, list_b), legal)


def play(match: Match, runs: int, gen: np.random.Generator, tally: Tally) -> None:
    """Fight ``runs`` fights together and add how they ended to ``tally``."""
    hull, turns, winner = fight(match.book, match.scenario, match.forces, runs, gen)
    add_to_tally(tally, match.forces.fighters, hull, turns, winner)


def report(match: Match, tally: Tally, seed: int) -> dict[str, Any]:
    """The shared simulation report (docs/simulation.md, "The report") from the totals;
    extras ``geometry`` and ``sides`` (each list's legality)."""
    return tally_report(match.scenario, match.forces.fighters, match.docs, match.legal,
                        tally, seed)


def fight(
    book: Book, sc: Scenario, forces: Forces, runs: int, gen: np.random.Generator
) -> tuple[NDArray[np.int64], NDArray[np.int64], NDArray[np.int64]]:
    """Play ``runs`` fights side by side.

    Returns:
        Final hull per run and fighter, turns played per run, and the winner per run
        (0 side a, 1 side b, -1 a draw: both sides still flying after ``max_turns``).
    """
    fighters = forces.fighters
    hull = np.tile(np.array([f.hull for f in fighters]), (runs, 1))
    side_of = np.array([f.side for f in fighters])
    enemies = (np.flatnonzero(side_of == 1), np.flatnonzero(side_of == 0))
    first = (np.full(runs, SIDES.index(sc.first)) if sc.first in SIDES
             else gen.integers(0, 2, runs))
    winner = np.full(runs, -1)
    turns = np.full(runs, sc.max_turns)
    done = np.zeros(runs, dtype=bool)
    volley = VolleyFire(book, sc, fighters, runs, gen)
    slots = 2 * max(len(forces.elements[0]), len(forces.elements[1]))
    for turn in range(1, sc.max_turns + 1):
        for slot in range(slots):
            acting = np.where(slot % 2 == 0, first, 1 - first)
            for side in (0, 1):
                if slot // 2 < len(forces.elements[side]):
                    for f in forces.elements[side][slot // 2]:
                        volley.fire(f, enemies[side], hull, (acting == side) & ~done)
            alive_a = _any_flying(hull, enemies[1])
            alive_b = _any_flying(hull, enemies[0])
            ended = ~done & ~(alive_a & alive_b)
            winner[ended] = np.where(alive_a[ended], 0, 1)
            turns[ended] = turn
            done |= ended
        if done.all():
            break
    return hull, turns, winner


def _any_flying(hull: NDArray[np.int64], fighters: NDArray[np.intp]) -> NDArray[np.bool_]:
    """Runs in which any of ``fighters`` still has hull left."""
    # numpy's stubs type a reduction along an axis as scalar-or-array; this one is 1-d.
    return cast("NDArray[np.bool_]", (hull[:, fighters] > 0).any(axis=1))


class VolleyFire:
    """One fighter's activation across all runs: Piloting Check, target, to-hit, damage.

    Only the runs where the fighter flies, acts and has an enemy left roll its Piloting
    Check, and only those that pass and have a target in arc roll its weapons' dice: every
    die of every weapon it fires in one draw.
    """

    def __init__(self, book: Book, sc: Scenario, fighters: tuple[Fighter, ...], runs: int,
                 gen: np.random.Generator) -> None:
        self.book, self.sc, self.fighters, self.gen = book, sc, fighters, gen
        bands = list(sc.range_weights)
        weights = np.array([sc.range_weights[b] for b in bands], dtype=float)
        self.band_cdf = np.cumsum(weights / weights.sum())[:-1]
        self.tns = np.array([book.target_numbers[b] for b in bands])
        self.armour = np.array([f.armour for f in fighters])
        self.option = [book.options[sc.maneuver[s]] for s in SIDES]
        self.multiplier = book.constant("crippled_difficulty_multiplier")
        self.piloting_die = book.constant("piloting_die_sides")
        self.combat_die = book.constant("combat_die_sides")
        # Shields: each fighter's damage die for each weapon die type.
        stepped = {sides: [step_down(sides, f.shields * book.shield_steps) for f in fighters]
                   for sides in {w.damage_die for f in fighters for w in f.weapons}}
        # Per shooter: the damage die of each of its dice against each target (one column a
        # die, weapons best first), and how many dice a crippled fighter still rolls.
        self.dice_sides = [
            np.array([[stepped[w.damage_die][t] for w in f.weapons for _ in
                       range(w.rate_of_fire)] for t in range(len(fighters))],
                     dtype=np.int64).reshape(len(fighters), -1)
            for f in fighters]
        self.crippled_dice = [sum(w.rate_of_fire for w in f.weapons[:len(f.weapons) // 2])
                              for f in fighters]

    def fire(self, f: int, enemy: NDArray[np.intp], hull: NDArray[np.int64],
             mask: NDArray[np.bool_]) -> None:
        sc, gen = self.sc, self.gen
        me = self.fighters[f]
        rows = np.flatnonzero(mask & (hull[:, f] > 0))
        if rows.size == 0:
            return
        enemy_hull = hull[rows[:, None], enemy]
        flying = enemy_hull > 0
        live = flying.any(axis=1)
        own = hull[rows, f]
        crippled = 2 * own <= me.hull
        # Piloting Check: d6 + skill must equal or beat the difficulty (doubled if crippled).
        difficulty = self.option[me.side].difficulty * np.where(crippled, self.multiplier, 1)
        passed = gen.integers(1, self.piloting_die + 1, rows.size) + me.skill >= difficulty
        in_arc = gen.random(rows.size) < sc.shot_chance
        keep = np.flatnonzero(live & passed & in_arc)
        if keep.size == 0:
            return
        rows, flying, crippled = rows[keep], flying[keep], crippled[keep]
        n = rows.size
        keys = gen.random((n, enemy.size))
        if sc.targeting == "weakest":
            keys = keys + enemy_hull[keep]
        cols = enemy[np.where(flying, keys, np.inf).argmin(axis=1)]
        # Combat: Target Number by range, plus target-speed modifier, minus maneuver penalty.
        band = np.searchsorted(self.band_cdf, gen.random(n), side="right")
        penalised = me.side if sc.maneuver_penalty_of == "firer" else 1 - me.side
        modifier = to_hit_modifier(self.book, sc.speed[SIDES[1 - me.side]],
                                   self.option[penalised].penalty)
        need = self.tns[band] - modifier
        sides = self.dice_sides[f][cols]
        size = sides.shape
        hits = gen.integers(1, self.combat_die + 1, size) >= need[:, None]
        damage = (gen.random(size) * sides).astype(np.int64) + 1
        scored = np.maximum(damage - self.armour[cols][:, None], 0) * hits
        # Combat: a crippled fighter fires half (round down) of its weapons.
        if crippled.any():
            scored[crippled, self.crippled_dice[f]:] = 0
        total = scored.sum(axis=1)
        hull[rows, cols] = np.maximum(hull[rows, cols] - total, 0)
