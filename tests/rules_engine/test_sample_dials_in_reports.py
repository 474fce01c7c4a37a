"""A fight played on sample (invented) dials says so in its report: which figures, and a
note that the result illustrates the rules rather than predicts play."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from rules_engine import build_catalogue, load_catalogue
from rules_engine.catalogue import pack_files, read_pack_file
from rules_engine.clix.samples import SAMPLE_NOTE
from rules_engine.simulation import simulate

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"
FIGHTS = {
    "cs-air-action": ("devastators-200.json", "bloodhawks-200.json"),
    "cs-aces": ("kims-team.json", "genghis-gang.json"),
}


def _lists(system: str) -> tuple[dict[str, Any], dict[str, Any]]:
    a, b = (json.loads((EXAMPLES / system / n).read_text(encoding="utf-8")) for n in FIGHTS[system])
    return a, b


def _printed_everywhere() -> Any:
    """The packs as if every dial were printed in the books (no record marked sample)."""
    docs = [read_pack_file(p) for p in pack_files()]
    for doc in docs:
        for record in doc["records"]:
            record.pop("sample", None)
    return build_catalogue(docs)


def test_air_action_report_names_the_planes_on_sample_dials() -> None:
    a, b = _lists("cs-air-action")
    report = simulate(load_catalogue(), a, b, runs=200, seed=1, scenario={})
    # Loyle Crawford flies in both squadrons: named once.
    assert report["sample_dials"] == [
        "Loyle Crawford (Devastator)",
        'Charlotte "Charlie" Steele (Fury)',
        'Louis "Wild Card" Thibodeaux (Brigand)',
        "Genghis (Bloodhawk)",
        "Show-stopper (Kestrel)",
    ]
    assert report["notes"] == [SAMPLE_NOTE]


def test_aces_report_names_the_figures_on_sample_dials() -> None:
    a, b = _lists("cs-aces")
    report = simulate(load_catalogue(), a, b, runs=100, seed=1, scenario={})
    assert report["sample_dials"][0] == 'Charlotte "Charlie" Steele'
    assert "Genghis" in report["sample_dials"]
    assert report["notes"] == [SAMPLE_NOTE]


@pytest.mark.parametrize("system", list(FIGHTS))
def test_a_fight_on_printed_dials_has_no_sample_note(system: str) -> None:
    a, b = _lists(system)
    report = simulate(_printed_everywhere(), a, b, runs=100, seed=1, scenario={})
    assert (report["sample_dials"], report["notes"]) == ([], [])
