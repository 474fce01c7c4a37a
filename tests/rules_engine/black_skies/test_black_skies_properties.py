"""Invariants of the Black Skies checks, over many generated designs and squadrons."""

from __future__ import annotations

import copy

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules_engine import check
from tests.json_paths import resolve
from tests.rules_engine.black_skies.black_skies_lists import (
    CATALOGUE,
    envelope,
)

SLUGS = st.sampled_from
designs = st.fixed_dictionaries({
    "name": st.sampled_from(["Black Tiger", "Lancer", "Dart"]),
    "weight": SLUGS(["light", "medium", "heavy", "huge"]),
    "thrusters": st.lists(SLUGS(["rear-thrusters", "side-thrusters", "forward-thrusters",
                                 "warp-drive"]), unique=True, max_size=3),
    "weapons": st.lists(st.fixed_dictionaries({
        "weapon": SLUGS(["laser-cannon", "ion-gun"]),
        "count": st.integers(1, 4)}), max_size=3),
    "armour": SLUGS(["no-armour", "light-armour", "heavy-armour", "plate"]),
    "shields": st.integers(0, 3),
})
entries = st.lists(st.fixed_dictionaries({
    "element": SLUGS(["Red", "Gold", "Blue"]),
    "pilot": st.fixed_dictionaries({"name": SLUGS(["Kell", "Moss", "Nyx"]),
                                    "skill": st.integers(0, 5)}),
    "design": st.one_of(SLUGS(["black-tiger", "grey-ghost"]), designs),
}), min_size=1, max_size=7)
FAST = settings(max_examples=60, deadline=None,
                suppress_health_check=[HealthCheck.too_slow])


@FAST
@given(design=designs, extra=st.integers(1, 3))
def test_adding_a_weapon_never_lowers_hardpoints_used(design, extra):
    before = check(CATALOGUE, envelope("fighter", [design])).points
    more = copy.deepcopy(design)
    more["weapons"].append({"weapon": "laser-cannon", "count": extra})
    after = check(CATALOGUE, envelope("fighter", [more])).points
    # Each Laser Cannon takes one hardpoint (read from the Black Tiger example).
    assert after == before + extra


@FAST
@given(body=entries, order=st.randoms(use_true_random=False))
def test_shuffling_squadron_entries_changes_only_paths(body, order):
    doc = envelope("squadron", body)
    shuffled = copy.deepcopy(body)
    order.shuffle(shuffled)
    first = check(CATALOGUE, doc)
    second = check(CATALOGUE, envelope("squadron", shuffled))
    assert (first.legal, first.points, first.limit) == (second.legal, second.points,
                                                        second.limit)

    def summary(verdict):
        return sorted((v.code, v.severity, v.message) for v in verdict.violations)

    assert summary(first) == summary(second)


@FAST
@given(body=entries, limit=st.one_of(st.none(), st.integers(0, 8)))
def test_every_violation_path_exists_in_the_squadron(body, limit):
    doc = envelope("squadron", body, points_limit=limit)
    for violation in check(CATALOGUE, doc).violations:
        resolve(doc, violation.path)


@FAST
@given(design=designs)
def test_every_violation_path_exists_in_the_design(design):
    doc = envelope("fighter", [design])
    verdict = check(CATALOGUE, doc)
    for violation in verdict.violations:
        resolve(doc, violation.path)
    assert verdict.legal == (verdict.violations == ())
