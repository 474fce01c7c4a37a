"""The whole catalogue in ``catalogue`` output: every record, values as the book prints them,
and each system's output described by its JSON Schema in docs/catalogue/."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from rules_engine import load_catalogue
from rules_engine.cli import main
from rules_engine.systems import SYSTEMS, system_module

CATALOGUE = load_catalogue()
SCHEMAS = Path(__file__).resolve().parents[2] / "docs" / "catalogue"


def _view(system: str) -> dict[str, Any]:
    return json.loads(json.dumps(system_module(system).catalogue_view(CATALOGUE)))


def _validator(system: str) -> jsonschema.Draft202012Validator:
    schema = json.loads((SCHEMAS / f"{system}.schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


@pytest.mark.parametrize("system", list(SYSTEMS))
def test_each_system_output_matches_its_schema(system: str) -> None:
    errors = list(_validator(system).iter_errors(_view(system)))
    assert [e.message for e in errors] == []


def test_the_schema_refuses_a_dash_shown_as_a_number_or_text() -> None:
    view = _view("crimson-dust")
    broken = copy.deepcopy(view)
    broken["archetypes"]["bestia"]["qualities"]["green"]["profile"]["Rg"] = "-"
    assert not _validator("crimson-dust").is_valid(broken)
    broken = copy.deepcopy(view)
    del broken["weapons"]["hmg"]["traits"]
    assert not _validator("crimson-dust").is_valid(broken)


@pytest.mark.parametrize("system", list(SYSTEMS))
def test_every_record_of_the_packs_is_in_the_output(system: str) -> None:
    text = json.dumps(_view(system), ensure_ascii=False)
    missing = [
        f"{r.type}/{r.id}" for r in CATALOGUE if r.system == system and f'"{r.id}"' not in text
    ]
    assert missing == []


@pytest.mark.parametrize("system", list(SYSTEMS))
def test_uncertain_values_carry_their_flag(system: str) -> None:
    text = json.dumps(_view(system), ensure_ascii=False)
    notes = [u["note"] for r in CATALOGUE if r.system == system for u in r.uncertain]
    assert [n for n in notes if json.dumps(n, ensure_ascii=False) not in text] == []


def test_a_dash_is_not_available_never_zero() -> None:
    bestia = _view("crimson-dust")["archetypes"]["bestia"]["qualities"]["green"]
    assert bestia["profile"]["Rg"] is None
    assert bestia["not_available"] == ["Rg"]
    flash = _view("crimson-dust")["ammunition"]["flash-bang-grenade"]
    assert (flash["shot"]["S"], flash["shot"]["not_available"]) == (None, ["S"])


def test_an_unreadable_value_is_unknown_not_a_dash() -> None:
    hmg = _view("crimson-dust")["weapons"]["hmg"]
    assert (hmg["S"], hmg["unknown"], hmg["not_available"]) == (None, ["S"], [])
    assert any(u["path"] == "$.data.S" for u in hmg["uncertain"])


def test_weapon_traits_carry_their_values() -> None:
    weapons = _view("crimson-dust")["weapons"]
    assert weapons["hmg"]["special"] == ["Heavy 2", "Pinning 1", "RoF 2"]
    assert weapons["missile-launcher"]["special"] == ["Heavy 2", "AT 5"]
    assert weapons["grenade-launcher"]["special"] == ["Blast 2"]
    assert {"id": "at", "name": "AT", "value": 5, "printed": "AT 5"} in weapons["missile-launcher"][
        "traits"
    ]
    spear = weapons["spear-or-bayonet"]
    assert (spear["melee"], spear["special"], spear["S"]) == ({"As": 1, "S": 0}, ["Reach"], None)
    assert "S" in spear["not_available"]


def test_range_bands_are_in_range_order() -> None:
    rifle = _view("crimson-dust")["weapons"]["rifle"]
    bands = ["0-6", "6-12", "12-18", "18-24", "24-36", "36+"]
    assert list(rifle["to_hit"]) == bands
    assert rifle["to_hit"] == {
        "0-6": "6+",
        "6-12": "4+",
        "12-18": "4+",
        "18-24": "5+",
        "24-36": "6+",
        "36+": "-",
    }
    assert rifle["not_available"] == ["to_hit.36+"]
    laser = _view("black-skies")["types"]["weapon"][0]["data"]["ranges"]
    assert list(laser.items()) == [("close", 6), ("medium", 12), ("long", 18)]


def test_powers_attacks_ammunition_and_tables_are_printed() -> None:
    view = _view("crimson-dust")
    blur = view["psychic_powers"]["power-blur-mind"]
    assert (blur["difficulty"], blur["ap"], blur["nature"]) == (5, 2, "Telepathic")
    neural = view["hacker_attacks"]["neural-attack"]
    assert (neural["ap"], neural["difficulty_by_mode"]) == (1, {"direct": 5, "indirect": 7})
    assert view["melee_weapon_modifiers"]["chain-weapon"]["melee"] == {"As": 0, "S": 1}
    assert set(view["tables"]) == {
        "hard-cover",
        "large-target-sizes",
        "most-pressing-target",
        "typical-vehicle-profiles",
        "wound-table",
    }
    assert view["tables"]["hard-cover"]["rows"][0] == {"av_bonus": 1, "terrain": "Brick wall"}
    assert view["skills"]["acrobatic"]["rule_text"].startswith("This model automatically")
    medio = view["archetypes"]["medio"]
    assert medio["upgrade_effects"]["av-1"]["effect"] == {"Av": 1}
    assert view["archetypes"]["bestia"]["rules"][0]["id"] == "mount"


def test_catalogue_from_the_command_line_is_the_view(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["catalogue", "cs-aces"]) == 0
    assert json.loads(capsys.readouterr().out) == _view("cs-aces")
