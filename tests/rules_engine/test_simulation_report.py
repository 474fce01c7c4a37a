"""One simulation report shape for every system with fights (docs/simulation.md, "The report"),
so other apps read a fight's result the same way whatever the game."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules_engine import load_catalogue
from rules_engine.cli import EXIT_CLOSED_PIPE
from rules_engine.montecarlo import outcome, proportion
from rules_engine.simulation import simulate

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "docs" / "examples"
CATALOGUE = load_catalogue()
FIGHTS = {
    "cs-air-action": ("devastators-200.json", "bloodhawks-200.json"),
    "cs-aces": ("kims-team.json", "genghis-gang.json"),
    "crimson-dust": ("dust-devils-500.json", "dust-devils-500.json"),
    "black-skies": ("tiger-squadron.squadron.json", "lancer-flight.squadron.json"),
}
# The examples' figures as the reports name them: the first of list A and how many per side.
FIRST_FIGURE = {
    "cs-air-action": ("Loyle Crawford (Devastator)", 3, 3),
    "cs-aces": ('Charlotte "Charlie" Steele', 7, 2),
    "crimson-dust": ("Sergeant Vance", 6, 6),
    "black-skies": ("Kell", 4, 2),
}
ENVELOPE = ["system", "runs", "seed", "lists", "scenario", "outcome", "turns", "figures"]
PATH = re.compile(r"^list_(a|b)\.entries\[\d+\]$")


def _example(system: str, name: str) -> dict:
    return json.loads((EXAMPLES / system / name).read_text(encoding="utf-8"))


def _is_estimate(value: object) -> bool:
    return (isinstance(value, dict) and set(value) == {"value", "low", "high"}
            and value["low"] <= value["value"] <= value["high"])


@pytest.fixture(scope="module", params=sorted(FIGHTS))
def fight(request):
    system = request.param
    list_a, list_b = (_example(system, name) for name in FIGHTS[system])
    report = simulate(CATALOGUE, list_a, list_b, runs=60, seed=7, scenario={})
    return system, list_a, list_b, report


def test_every_report_opens_with_the_shared_envelope_in_order(fight):
    system, list_a, list_b, report = fight
    assert list(report)[: len(ENVELOPE)] == ENVELOPE
    assert (report["system"], report["runs"], report["seed"]) == (system, 60, 7)
    assert report["lists"] == {"a": list_a["name"], "b": list_b["name"]}
    assert isinstance(report["scenario"], dict)
    assert report["scenario"] != {}


def test_outcome_and_turns_are_estimates_and_the_outcomes_cover_every_run(fight):
    _, _, _, report = fight
    assert list(report["outcome"]) == ["a_wins", "draws", "b_wins"]
    assert all(_is_estimate(e) for e in report["outcome"].values())
    # 60 runs: each share is a whole number of runs, and the three add up to all of them.
    counts = [round(e["value"] * 60) for e in report["outcome"].values()]
    assert sum(counts) == 60
    assert _is_estimate(report["turns"])


def test_each_figure_names_its_side_entry_and_survival(fight):
    system, list_a, list_b, report = fight
    figures = report["figures"]
    first, in_a, in_b = FIRST_FIGURE[system]
    assert (figures[0]["side"], figures[0]["path"], figures[0]["name"]) == (
        "a", "list_a.entries[0]", first)
    assert [f["side"] for f in figures] == ["a"] * in_a + ["b"] * in_b
    assert figures[in_a]["path"] == "list_b.entries[0]"
    for figure in figures:
        assert {"side", "path", "name", "survival"} <= set(figure)
        match = PATH.match(figure["path"])
        assert match, figure["path"]
        assert match.group(1) == figure["side"]
        entries = (list_a if figure["side"] == "a" else list_b)["entries"]
        assert int(figure["path"].split("[")[1][:-1]) < len(entries)
        assert isinstance(figure["name"], str)
        assert _is_estimate(figure["survival"])


@pytest.mark.parametrize(("system", "extras"), [
    ("cs-air-action", {"victory_points", "planes_shot_down", "build_points", "sample_dials",
                       "notes"}),
    ("cs-aces", {"victory_points", "build_points", "sample_dials", "notes"}),
    ("crimson-dust", {"sides", "assumptions"}),
    ("black-skies", {"geometry", "sides"}),
])
def test_each_system_keeps_its_own_extras_after_the_envelope(system, extras):
    list_a, list_b = (_example(system, name) for name in FIGHTS[system])
    report = simulate(CATALOGUE, list_a, list_b, runs=20, seed=1, scenario={})
    assert set(report) - set(ENVELOPE) == extras


def test_outcome_gives_each_share_its_wilson_interval():
    shares = outcome(0, 0, 10, 10)
    assert shares["a_wins"] == {"value": 0.0, "low": 0.0, "high": pytest.approx(0.27753, abs=1e-5)}
    assert shares["draws"] == shares["a_wins"]
    assert shares["b_wins"] == {"value": 1.0, "low": pytest.approx(0.72247, abs=1e-5),
                                "high": 1.0}


@pytest.mark.parametrize("counts", [(3, 3, 3, 10), (5, -1, 6, 10), (0, 0, 0, 1)])
def test_outcome_refuses_counts_that_do_not_add_up_to_the_runs(counts):
    with pytest.raises(ValueError, match="do not add up"):
        outcome(*counts)


@given(st.integers(0, 500), st.integers(0, 500), st.integers(0, 500))
def test_outcome_shares_sum_to_one_and_match_proportion(a, d, b):
    runs = a + d + b
    if runs == 0:
        return
    shares = outcome(a, d, b, runs)
    assert sum(e["value"] for e in shares.values()) == pytest.approx(1)
    assert shares["draws"] == proportion(d, runs).to_dict()
    assert all(0 <= e["low"] <= e["value"] <= e["high"] <= 1 for e in shares.values())


def test_cli_is_quiet_when_its_reader_closes_the_pipe():
    # `python -m rules_engine catalogue crimson-dust | head`: the reader is gone before the
    # output is written, so every write meets a closed pipe.
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        result = subprocess.run(
            [sys.executable, "-m", "rules_engine", "catalogue", "crimson-dust"],
            cwd=ROOT, stdout=write_end, stderr=subprocess.PIPE, text=True, check=False,
        )
    finally:
        os.close(write_end)
    assert result.stderr == ""
    assert result.returncode == EXIT_CLOSED_PIPE == 141
