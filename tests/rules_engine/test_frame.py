"""The engine's front door and CLI, whatever the system: envelopes, exit codes, JSON out."""

from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import icepool
import pytest

from rules_engine import BadDocument, check, load_catalogue
from rules_engine.catalogue import pack_files, read_pack_file
from rules_engine.montecarlo import proportion
from rules_engine.odds_report import die_report

ROOT = Path(__file__).resolve().parents[2]
SYSTEMS = ["cs-air-action", "cs-aces", "crimson-dust", "black-skies", "cs-hex"]


def run_cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "rules_engine", *args],
        cwd=ROOT,
        input=stdin,
        capture_output=True,
        text=True,
        check=False,
    )


@pytest.mark.parametrize("system", SYSTEMS)
def test_catalogue_prints_each_system_with_the_books_names(system):
    result = run_cli("catalogue", system)

    assert result.returncode == 0, result.stderr
    shown = json.dumps(json.loads(result.stdout), ensure_ascii=False)
    pack = next(read_pack_file(p) for p in pack_files() if p.parent.name == system)
    names = [r["name"] for r in pack["records"] if not r.get("sample")][:20]
    missing = [n for n in names if json.dumps(n, ensure_ascii=False)[1:-1] not in shown]
    assert missing == [], f"names from the {system} pack not shown: {missing}"


def test_catalogue_needs_no_database():
    code = "import sys, rules_engine.cli as c; sys.exit(c.main(['catalogue', 'cs-aces']))"
    result = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
        env={"PATH": "/usr/bin:/bin"},
    )
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr


def test_the_engine_never_imports_django():
    code = (
        "import sys, rules_engine, rules_engine.cli\n"
        "from rules_engine.systems import SYSTEMS\n"
        "[(m.queries(), m.simulation(), m.catalogue_view) for m in SYSTEMS.values()]\n"
        "print(any(m == 'django' or m.startswith('django.') for m in sys.modules))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "False"


def test_a_malformed_list_names_every_wrong_path():
    doc = {"format": "muster-list/2", "system": "cs-aces", "kind": "team", "entries": {}}
    with pytest.raises(BadDocument) as exc:
        check(load_catalogue(), doc)
    assert [(e.path, e.message) for e in exc.value.errors] == [
        ("$", "'name' is a required property"),
        ("$.entries", "{} is not of type 'array'"),
        ("$.format", "'muster-list/1' was expected"),
    ]


def test_an_unknown_list_kind_is_bad_input_at_kind():
    doc = {
        "format": "muster-list/1",
        "system": "cs-aces",
        "kind": "warband",
        "name": "x",
        "entries": [],
    }
    with pytest.raises(BadDocument) as exc:
        check(load_catalogue(), doc)
    assert str(exc.value) == "$.kind: cs-aces has no list kind 'warband'"


def test_cli_exit_code_2_and_json_for_bad_input(tmp_path):
    path = tmp_path / "list.json"
    path.write_text('{"format": "muster-list/1", "system": "nope"}')

    result = run_cli("check", str(path))

    assert result.returncode == 2
    out = json.loads(result.stdout)
    assert out["error"] == "bad_document"
    assert {
        "path": "$.system",
        "message": "'nope' is not one of "
        "['cs-air-action', 'cs-aces', 'crimson-dust', 'black-skies', 'cs-hex']",
    } in out["errors"]


def test_cli_exit_code_2_for_a_file_that_is_not_json(tmp_path):
    path = tmp_path / "list.json"
    path.write_text("{")
    result = run_cli("cost", str(path))
    assert result.returncode == 2
    assert "is not JSON: Expecting property name" in result.stderr


def test_cli_rejects_a_scenario_that_is_not_json(tmp_path):
    result = run_cli("simulate", "a.json", "b.json", "--scenario", "{oops")
    assert result.returncode == 2


def test_die_report_is_exact():
    report = die_report(icepool.d6 + icepool.d6)
    assert report["distribution"]["7"] == {"exact": "1/6", "value": 1 / 6}
    assert report["at_least"]["11"]["exact"] == "1/12"
    assert report["at_least"]["2"]["exact"] == "1/1"
    assert Fraction(report["mean"]["exact"]) == 7


@pytest.mark.parametrize(("successes", "runs"), [(0, 10), (5, 10), (10, 10), (300, 1000)])
def test_wilson_interval_contains_the_estimate(successes, runs):
    est = proportion(successes, runs)
    assert 0 <= est.low <= est.value <= est.high <= 1
    assert est.value == successes / runs
