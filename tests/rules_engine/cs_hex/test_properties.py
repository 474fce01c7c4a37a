"""Invariants of the design check over many generated designs (hypothesis)."""

from __future__ import annotations

import re
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from rules_engine.catalogue import build_catalogue, read_pack_file
from rules_engine.cs_hex import check
from tests.rules_engine.cs_hex.designs import PACK, design_doc

CATALOGUE = build_catalogue([read_pack_file(PACK)])
# The six areas, and two that are not: an older spelling (converted where a design comes in,
# never by the engine) and a made-up one.
AREAS = ["nose", "right-wing-front", "right-wing-rear", "left-wing-front", "left-wing-rear",
         "tail", "left_wing_rear", "wing"]
GUNS = ["cal-30", "cal-40", "cal-50", "cal-60", "cal-70", "rocket-flash", "cal-99"]
ROCKETS = ["rocket-armour-piercing", "rocket-flash", "rocket-seeker", "rocket-beacon",
           "cal-30", "nothing"]

airframes = st.fixed_dictionaries({
    "part": st.just("airframe"), "plane_type": st.sampled_from(["light", "heavy", "blimp"]),
    "size": st.integers(1, 12), "max_speed": st.integers(1, 6), "g_rating": st.integers(1, 6),
    "acceleration": st.integers(1, 4)})
parts = st.one_of(
    airframes,
    st.fixed_dictionaries({"part": st.just("armour"), "area": st.sampled_from(AREAS),
                           "points": st.integers(0, 120)}),
    st.fixed_dictionaries({"part": st.just("gun"), "weapon": st.sampled_from(GUNS),
                           "count": st.integers(1, 4)}),
    st.fixed_dictionaries({"part": st.just("turret"),
                           "guns": st.lists(st.sampled_from(GUNS), max_size=4)}),
    st.fixed_dictionaries({"part": st.just("rocket"), "weapon": st.sampled_from(ROCKETS),
                           "count": st.integers(1, 5)}),
    st.fixed_dictionaries({"part": st.just("drop-tank"), "count": st.integers(1, 3)}),
)
designs = st.lists(parts, max_size=12).map(lambda entries: design_doc(*entries))


def _resolve(doc: Any, path: str) -> Any:
    """Follow ``$.entries[2].guns[1]`` into ``doc``; KeyError/IndexError when it is not there."""
    assert path.startswith("$")
    node = doc
    for key, index in re.findall(r"\.([A-Za-z_]\w*)|\[(\d+)\]", path[1:]):
        node = node[key] if key else node[int(index)]
    return node


@settings(max_examples=150, deadline=None)
@given(designs)
def test_every_violation_path_exists_in_the_document(doc: dict[str, Any]) -> None:
    for violation in check(CATALOGUE, doc).violations:
        _resolve(doc, violation.path)


@settings(max_examples=150, deadline=None)
@given(designs, st.sampled_from(AREAS[:6]), st.integers(1, 100))
def test_adding_armour_never_lowers_the_mass(doc: dict[str, Any], area: str,
                                             points: int) -> None:
    before = check(CATALOGUE, doc).points
    heavier = design_doc(*doc["entries"], {"part": "armour", "area": area, "points": points})
    after = check(CATALOGUE, heavier).points
    assert after >= before
    assert after - before == 3 * points  # "6. Обвес броней": 3 mass a point


@settings(max_examples=100, deadline=None)
@given(designs)
def test_points_are_the_sum_of_the_itemised_mass(doc: dict[str, Any]) -> None:
    verdict = check(CATALOGUE, doc)
    assert verdict.points == sum(verdict.breakdown["mass"].values())
    if verdict.limit is not None:
        over = verdict.points > verdict.limit
        assert ("cs-hex.over-free-mass" in verdict.codes()) is over
