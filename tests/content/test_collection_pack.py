"""What collectors enter is real data in its own pack: dumppack publishes it, it loads
elsewhere, and the engine's catalogue says which figures are sample and which are real."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
import tablib
from django.core.management import call_command

from content.models import CombatDial, ContentPack, Figure
from content.services.packs import pack_load
from content.spreadsheet import FigureResource
from rules_engine.catalogue import build_catalogue
from rules_engine.cs_air_action.view import catalogue_view
from tests.conftest import pack_paths, read_pack

pytestmark = pytest.mark.django_db
EXAMPLE = Path(__file__).resolve().parents[2] / "docs" / "collecting" / "example-squadron.csv"


def import_example() -> None:
    dataset = tablib.Dataset().load(EXAMPLE.read_text(encoding="utf-8"), format="csv")
    result = FigureResource().import_data(dataset, dry_run=False, use_transactions=True)
    assert not result.has_errors()
    assert not result.has_validation_errors()


def test_dumppack_publishes_the_collection_and_it_loads_again(loaded_packs, tmp_path):
    import_example()
    target = tmp_path / "collection.json"

    call_command(
        "dumppack",
        "cs-air-action",
        "--pack",
        "cs-air-action-collection",
        "-o",
        str(target),
        stderr=io.StringIO(),
    )

    doc = json.loads(target.read_text(encoding="utf-8"))
    assert doc["version"] == "0.2.0"  # records added are published as a new minor version
    figures = [r for r in doc["records"] if r["type"] == "figure"]
    dials = [r for r in doc["records"] if r["type"] == "combat_dial"]
    assert (len(figures), len(dials)) == (10, 10)
    assert not any(r.get("sample") for r in doc["records"])

    Figure.objects.filter(pack__pack_id="cs-air-action-collection").delete()
    CombatDial.objects.filter(pack__pack_id="cs-air-action-collection").delete()
    ContentPack.objects.filter(pack_id="cs-air-action-collection").delete()
    pack_load(documents=[(str(target), doc)])
    assert Figure.objects.filter(pack__pack_id="cs-air-action-collection").count() == 10
    assert Figure.objects.get(stable_id="nate-hollis-fury").combat_dial.stable_id == (
        "nate-hollis-fury-dial"
    )


def test_the_engine_catalogue_tells_real_figures_from_sample_ones(loaded_packs, tmp_path):
    import_example()
    target = tmp_path / "collection.json"
    call_command(
        "dumppack",
        "cs-air-action",
        "--pack",
        "cs-air-action-collection",
        "-o",
        str(target),
        stderr=io.StringIO(),
    )
    core = [read_pack(p) for p in pack_paths() if p.parent.name == "cs-air-action"]
    view = catalogue_view(build_catalogue([*core, json.loads(target.read_text())]))

    flags = {plane["id"]: plane["sample"] for plane in view["planes"]}
    assert flags["nate-hollis-fury"] is False
    assert flags["charlie-steele-fury"] is True
    assert sum(not sample for sample in flags.values()) == 10
