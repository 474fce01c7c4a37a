"""The command line on the example warbands: JSON out and the documented exit codes."""

from __future__ import annotations

import json
from pathlib import Path

from rules_engine.cli import main

EXAMPLES = Path(__file__).resolve().parents[3] / "docs" / "examples" / "crimson-dust"


def test_checking_the_500_point_example_exits_0(capsys):
    assert main(["check", str(EXAMPLES / "dust-devils-500.json")]) == 0
    assert json.loads(capsys.readouterr().out)["points"] == 500


def test_an_illegal_warband_exits_1(tmp_path, capsys):
    doc = json.loads((EXAMPLES / "dust-devils-500.json").read_text())
    doc["points_limit"] = 400
    path = tmp_path / "over.json"
    path.write_text(json.dumps(doc))
    assert main(["check", str(path)]) == 1
    out = json.loads(capsys.readouterr().out)
    assert out["violations"][-1]["code"] == "crimson-dust.over-points-limit"


def test_a_malformed_entry_exits_2_naming_its_path(tmp_path, capsys):
    doc = json.loads((EXAMPLES / "dust-devils-500.json").read_text())
    doc["entries"][2]["quality"] = "elite"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(doc))
    assert main(["check", str(path)]) == 2
    out = json.loads(capsys.readouterr().out)
    assert out["errors"][0]["path"] == "$.entries[2].quality"


def test_the_catalogue_shows_costs_as_printed(capsys):
    assert main(["catalogue", "crimson-dust"]) == 0
    medio = json.loads(capsys.readouterr().out)["archetypes"]["medio"]
    assert medio["upgrades"]["av-1"] == "Av 1 - 3/5/8"
    assert medio["upgrades"]["plus-2-dc"] == "+2 Dc - -/-/30"
    assert medio["skills"]["hacker-1"] == "Hacker 1 - ?/?/?"


def test_the_shot_query_runs_from_the_command_line(capsys):
    assert main(["odds", "crimson-dust", "shot", "weapon=rifle", "band=12-18", "rg=7"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["details"]["inputs"]["target_number"] == 4
    assert report["params"]["dice"] == 7  # given by its earlier name, rg
