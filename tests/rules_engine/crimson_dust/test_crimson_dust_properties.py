"""Invariants of pricing and checking that hold for any warband (hypothesis)."""

from __future__ import annotations

import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules_engine import check
from rules_engine.catalogue import load_catalogue
from tests.rules_engine.crimson_dust.conftest import make_warband

CATALOGUE = load_catalogue()
ARCHETYPES = sorted(r.id for r in CATALOGUE.records("crimson-dust", "archetype").values())
WEAPONS = sorted(r.id for r in CATALOGUE.records("crimson-dust", "weapon").values())
SKILLS = sorted({s["skill"] for r in CATALOGUE.records("crimson-dust", "archetype").values()
                 for s in r.data["skills"]})
UPGRADES = sorted({u["id"] for r in CATALOGUE.records("crimson-dust", "archetype").values()
                   for u in r.data["upgrades"]})

entries = st.fixed_dictionaries(
    {"archetype": st.sampled_from(ARCHETYPES),
     "quality": st.sampled_from(["green", "regular", "veteran"])},
    optional={"upgrades": st.lists(st.sampled_from(UPGRADES), max_size=3),
              "skills": st.lists(st.sampled_from(SKILLS), max_size=3),
              "weapons": st.lists(st.sampled_from(WEAPONS), max_size=2),
              "exchange": st.sampled_from(["rg-for-as", "as-for-rg"]),
              "mount": st.fixed_dictionaries({"archetype": st.sampled_from(ARCHETYPES)},
                                             optional={"upgrades": st.lists(
                                                 st.sampled_from(UPGRADES), max_size=2)})})
warbands = st.lists(entries, max_size=6)
fast = settings(max_examples=60, deadline=None,
                suppress_health_check=[HealthCheck.too_slow])


@fast
@given(warbands, entries)
def test_adding_a_model_never_lowers_the_price(models, extra):
    before = check(CATALOGUE, make_warband(*models, limit=None)).points
    after = check(CATALOGUE, make_warband(*models, extra, limit=None)).points
    assert after >= before


def _without_paths(verdict):
    return sorted((v.code, v.severity, re.sub(r"\$\.entries\[\d+\]", "", v.path))
                  for v in verdict.violations)


@fast
@given(warbands, st.randoms(use_true_random=False))
def test_shuffling_entries_changes_nothing_but_paths(models, random):
    shuffled = list(models)
    random.shuffle(shuffled)
    a = check(CATALOGUE, make_warband(*models, limit=300))
    b = check(CATALOGUE, make_warband(*shuffled, limit=300))
    assert (a.points, a.legal) == (b.points, b.legal)
    assert _without_paths(a) == _without_paths(b)


def _resolve(doc, path):
    node = doc
    for key, index in re.findall(r"\.(\w+)|\[(\d+)\]", path[1:]):
        node = node[key] if key else node[int(index)]
    return node


@fast
@given(warbands)
def test_every_violation_points_at_something_in_the_document(models):
    doc = make_warband(*models, limit=100)
    for violation in check(CATALOGUE, doc).violations:
        _resolve(doc, violation.path)  # raises if the path leads nowhere
