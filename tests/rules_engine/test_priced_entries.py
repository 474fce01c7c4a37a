"""The verdict's typed breakdown (hypothesis): each entry's price with its path, and the id a
warning asks a house price for, so no caller reads either out of a message.

Every system sums its entries: a Crimson Dust model, an Air Action plane with its Ace, an
Aces character times its count, a cs-hex part's mass, a Black Skies fighter's hardpoints
and, in a Black Skies squadron, each fighter as one.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules_engine import BadDocument, Verdict, check, load_catalogue
from rules_engine.crimson_dust.codes import Code
from tests.rules_engine.black_skies.black_skies_lists import envelope
from tests.rules_engine.black_skies.test_black_skies_properties import designs as fighters
from tests.rules_engine.black_skies.test_black_skies_properties import entries as squadrons
from tests.rules_engine.crimson_dust.conftest import make_warband
from tests.rules_engine.crimson_dust.test_crimson_dust_properties import warbands
from tests.rules_engine.cs_hex.test_properties import CATALOGUE as HEX_CATALOGUE
from tests.rules_engine.cs_hex.test_properties import designs as hex_designs

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "docs" / "examples").glob("*/*.json"))
DOCS = [json.loads(p.read_text(encoding="utf-8")) for p in EXAMPLES]
CATALOGUE = load_catalogue()
PROPERTY = settings(max_examples=80, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])
ENTRY_FIELDS = {
    "cs-air-action": ("figure", "ace"),
    "cs-aces": ("figure", "count"),
}


def assert_priced_entry_by_entry(verdict: Verdict, doc: dict[str, Any]) -> None:
    paths = [e.path for e in verdict.entries]
    indexes = [int(p.removeprefix("$.entries[").removesuffix("]")) for p in paths]
    assert paths == [f"$.entries[{i}]" for i in indexes]
    assert indexes == sorted(set(indexes))
    assert all(0 <= i < len(doc["entries"]) for i in indexes)
    assert all(e.name for e in verdict.entries)
    assert sum(e.points for e in verdict.entries) == verdict.points
    assert verdict.to_dict()["entries"] == [
        {"path": e.path, "name": e.name, "points": e.points} for e in verdict.entries
    ]


@PROPERTY
@given(warbands)
def test_a_warband_is_priced_model_by_model(models):
    doc = make_warband(*models, limit=None)
    verdict = check(CATALOGUE, doc)
    assert_priced_entry_by_entry(verdict, doc)
    assert len(verdict.entries) == len(models)
    assert [e.points for e in verdict.entries] == [
        m["points"] for m in verdict.breakdown["models"]
    ]


@PROPERTY
@given(warbands)
def test_each_price_the_book_omits_names_its_id_and_a_house_price_clears_it(models):
    doc = make_warband(*models, limit=None)
    verdict = check(CATALOGUE, doc)
    for v in verdict.violations:
        assert bool(v.unpriced) == (v.code == Code.PRICE_NOT_GIVEN)
        assert ("unpriced" in v.to_dict()) == bool(v.unpriced)
        assert "house_rules" not in v.message
    uses = [v.unpriced for v in verdict.violations if v.unpriced]
    assert verdict.unpriced() == list(dict.fromkeys(uses))
    priced = check(CATALOGUE, make_warband(
        *models, limit=None,
        house_rules={"prices": dict.fromkeys(verdict.unpriced(), 7), "notes": ""}))
    assert priced.unpriced() == []
    assert Code.PRICE_NOT_GIVEN not in priced.codes()
    assert priced.points == verdict.points + 7 * len(uses)


@PROPERTY
@given(hex_designs)
def test_a_plane_design_is_priced_part_by_part_in_mass(doc):
    verdict = check(HEX_CATALOGUE, doc)
    assert_priced_entry_by_entry(verdict, doc)
    assert verdict.points == verdict.breakdown["mass_used"]


@PROPERTY
@given(fighters)
def test_a_fighter_is_priced_in_hardpoints(design):
    doc = envelope("fighter", [copy.deepcopy(design)])
    verdict = check(CATALOGUE, doc)
    assert_priced_entry_by_entry(verdict, doc)
    assert [(e.path, e.points) for e in verdict.entries] == [("$.entries[0]", verdict.points)]


@PROPERTY
@given(squadrons)
def test_a_squadron_of_fighters_counts_each_as_one(body):
    doc = envelope("squadron", copy.deepcopy(body))
    verdict = check(CATALOGUE, doc)
    assert_priced_entry_by_entry(verdict, doc)
    assert [e.points for e in verdict.entries] == [1] * len(body)


def _air_and_aces_lists() -> st.SearchStrategy[dict[str, Any]]:
    """The Air Action and Aces examples with entries dropped, repeated or re-pointed."""
    docs = [d for d in DOCS if d["system"] in ENTRY_FIELDS]
    figures = sorted({e["figure"] for d in docs for e in d["entries"]} | {"no-such-figure"})

    def varied(doc: dict[str, Any], picks: list[int], figure: str) -> dict[str, Any]:
        doc = copy.deepcopy(doc)
        entries = [copy.deepcopy(doc["entries"][i % len(doc["entries"])]) for i in picks]
        if entries:
            entries[-1]["figure"] = figure
        doc["entries"] = entries
        return doc

    return st.builds(varied, st.sampled_from(docs), st.lists(st.integers(0, 9), max_size=8),
                     st.sampled_from(figures))


@PROPERTY
@given(_air_and_aces_lists())
def test_squadrons_and_teams_are_priced_figure_by_figure(doc):
    try:
        verdict = check(CATALOGUE, doc)
    except BadDocument:
        return
    assert_priced_entry_by_entry(verdict, doc)
    items = verdict.breakdown.get("planes", verdict.breakdown.get("characters"))
    assert [(e.path, e.points) for e in verdict.entries] == [
        (i["path"], i["points"]) for i in items
    ]


def test_every_example_is_priced_entry_by_entry():
    for doc in DOCS:
        assert_priced_entry_by_entry(check(CATALOGUE, doc), doc)
