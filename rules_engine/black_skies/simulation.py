"""Squadron against squadron, many fights at once: numpy arrays hold every run's hulls.

Turn sequence (Movement, Moving): the sides take turns activating elements in list order,
the side that goes first drawn at random once per fight (or fixed by the scenario). An
activated fighter takes its Piloting Check (failing means it may not fire), then fires if
the scenario gives it a target in arc. Combat, Armour and Shields are applied exactly as in
``dice``; crippled fighters fire half their weapons and pilot at double difficulty.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from rules_engine.black_skies.book import Book, Weapon, read_book
from rules_engine.black_skies.checks import check as check_list
from rules_engine.black_skies.checks import resolve_design
from rules_engine.black_skies.design import available_maneuvers, weapon_list
from rules_engine.black_skies.dice import fired_weapons, step_down, to_hit_modifier
from rules_engine.black_skies.scenario import SIDES, Scenario, read_scenario
from rules_engine.catalogue import Catalogue
from rules_engine.errors import BadDocument, DocumentError
from rules_engine.montecarlo import mean, proportion, rng

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


def _fighters(book: Book, doc: Mapping[str, Any], side: int, label: str,
              scenario: Scenario) -> tuple[list[Fighter], list[list[int]]]:
    if doc["kind"] != "squadron":
        raise BadDocument.at(f"{label}.kind", "only squadrons fight: make it kind 'squadron'")
    verdict = check_list_doc(book, doc)
    errors = [DocumentError(f"{label}{v.path[1:]}", v.message) for v in verdict.violations
              if v.code.split(".", 1)[1] in UNRESOLVABLE]
    fighters, elements = [], {}
    maneuver = scenario.maneuver[SIDES[side]]
    for i, entry in enumerate(doc["entries"]):
        design = resolve_design(book, entry["design"])
        if design is None or errors:
            continue
        if maneuver not in available_maneuvers(book, design):
            errors.append(DocumentError(
                f"scenario.maneuver.{SIDES[side]}",
                f"{design['name']} ({label} entry {i}) cannot fly {maneuver}: it needs "
                f"{book.options[maneuver].thruster}"))
        weight = book.weights[design["weight"]]
        weapons = weapon_list(book, design)
        fighters.append(Fighter(
            side, i, entry["pilot"]["name"], entry["pilot"]["skill"], design["name"],
            weight.hull, book.armours[design["armour"]].damage_reduction,
            design["shields"], tuple(fired_weapons(weapons + weapons, True)),
        ))
        elements.setdefault(entry["element"], []).append(len(fighters) - 1)
    if errors:
        raise BadDocument(errors)
    return fighters, list(elements.values())


def check_list_doc(book: Book, doc: Mapping[str, Any]) -> Any:
    """The list's verdict (the simulation fights illegal lists too, and says so)."""
    return check_list(_BookCatalogue(book), doc)


class _BookCatalogue:
    """Lets the checks reuse an already-read ``Book`` (see ``read_book``)."""

    def __init__(self, book: Book) -> None:
        self.book = book


def simulate(
    catalogue: Catalogue,
    list_a: Mapping[str, Any],
    list_b: Mapping[str, Any],
    scenario: Mapping[str, Any],
    runs: int,
    seed: int,
) -> dict[str, Any]:
    """Fight two squadrons ``runs`` times.

    Args:
        catalogue: holds the black-skies content.
        list_a: the first squadron (schema-valid list document).
        list_b: the second squadron.
        scenario: abstract battlefield parameters (see ``scenario.DEFAULTS``).
        runs: number of fights.
        seed: the random seed; the same seed gives the same result.

    Returns:
        Wins, draws and losses with 95% intervals, turns, and each fighter's survival,
        crippling and damage distribution.

    Raises:
        BadDocument: a scenario parameter or a list that cannot be flown.
    """
    book = read_book(catalogue)
    sc = read_scenario(book, scenario)
    fa, ea = _fighters(book, list_a, 0, "list_a", sc)
    fb, eb = _fighters(book, list_b, 1, "list_b", sc)
    fighters = fa + fb
    elements = [ea, [[i + len(fa) for i in e] for e in eb]]
    hull, turns, winner = _fight(book, sc, fighters, elements, runs, rng(seed))
    return _report(list_a, list_b, sc, fighters, hull, turns, winner, runs, seed,
                   [check_list_doc(book, d).legal for d in (list_a, list_b)])


def _fight(book: Book, sc: Scenario, fighters: list[Fighter], elements: list[list[list[int]]],
           runs: int, gen: np.random.Generator) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    hull = np.tile(np.array([f.hull for f in fighters]), (runs, 1))
    full = np.array([f.hull for f in fighters])
    side_of = np.array([f.side for f in fighters])
    enemies = [np.flatnonzero(side_of == 1), np.flatnonzero(side_of == 0)]
    first = (np.full(runs, SIDES.index(sc.first)) if sc.first in SIDES
             else gen.integers(0, 2, runs))
    bands = list(sc.range_weights)
    probs = np.array([sc.range_weights[b] for b in bands], dtype=float)
    probs /= probs.sum()
    tns = np.array([book.target_numbers[b] for b in bands])
    option = {s: book.options[sc.maneuver[SIDES[s]]] for s in (0, 1)}
    winner = np.full(runs, -1)
    turns = np.full(runs, sc.max_turns)
    done = np.zeros(runs, dtype=bool)
    rows = np.arange(runs)
    for turn in range(1, sc.max_turns + 1):
        for slot in range(2 * max(len(elements[0]), len(elements[1]))):
            acting_side = np.where(slot % 2 == 0, first, 1 - first)
            for side in (0, 1):
                if slot // 2 >= len(elements[side]):
                    continue
                mask = (acting_side == side) & ~done
                for f in elements[side][slot // 2]:
                    _activate(book, sc, fighters[f], hull, full, enemies[side], option,
                              mask, tns, probs, rows, gen)
            alive = [(hull[:, enemies[1]] > 0).any(axis=1), (hull[:, enemies[0]] > 0).any(axis=1)]
            ended = ~done & ~(alive[0] & alive[1])
            winner[ended] = np.where(alive[0][ended], 0, 1)
            turns[ended] = turn
            done |= ended
        if done.all():
            break
    return hull, turns, winner


def _activate(book: Book, sc: Scenario, fighter: Fighter, hull: np.ndarray, full: np.ndarray,
              enemy: np.ndarray, option: dict[int, Any], mask: np.ndarray, tns: np.ndarray,
              probs: np.ndarray, rows: np.ndarray, gen: np.random.Generator) -> None:
    runs = hull.shape[0]
    f = fighter.entry if fighter.side == 0 else None
    index = _index_of(fighter, hull, full, f)
    own = hull[:, index]
    crippled = (own > 0) & (2 * own <= fighter.hull)
    # Piloting Check: d6 + skill >= difficulty, doubled when crippled.
    difficulty = option[fighter.side].difficulty * np.where(
        crippled, book.constant("crippled_difficulty_multiplier"), 1)
    passed = gen.integers(1, book.constant("piloting_die_sides") + 1, runs) + fighter.skill \
        >= difficulty
    in_arc = gen.random(runs) < sc.shot_chance
    enemy_hull = hull[:, enemy]
    keys = gen.random((runs, enemy.size)) + (enemy_hull if sc.targeting == "weakest" else 0)
    keys = np.where(enemy_hull > 0, keys, np.inf)
    target = keys.argmin(axis=1)
    firing = mask & (own > 0) & passed & in_arc & (enemy_hull > 0).any(axis=1)
    band = gen.choice(tns.size, size=runs, p=probs)
    shooter_side = fighter.side if sc.maneuver_penalty_of == "firer" else 1 - fighter.side
    modifier = to_hit_modifier(book, sc.speed[SIDES[1 - fighter.side]],
                               option[shooter_side].penalty)
    need = tns[band] - modifier
    n_fire = np.where(crippled, len(fighter.weapons) // 2, len(fighter.weapons))
    shields = np.array([_shields[e] for e in enemy]) if False else None  # noqa: F841
    total = np.zeros(runs, dtype=int)
    for slot, weapon in enumerate(fighter.weapons):
        use = firing & (slot < n_fire)
        sides = _stepped_sides(book, weapon, enemy, fighter)[target]
        armour = _armour_of(enemy, fighter)[target]
        rolls = gen.integers(1, book.constant("combat_die_sides") + 1, (runs, weapon.rate_of_fire))
        hits = rolls >= need[:, None]
        damage = gen.integers(1, sides[:, None] + 1, (runs, weapon.rate_of_fire))
        total += np.where(use, (np.maximum(damage - armour[:, None], 0) * hits).sum(axis=1), 0)
    cols = enemy[target]
    hull[rows, cols] = np.maximum(hull[rows, cols] - total, 0)
