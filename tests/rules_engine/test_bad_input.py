"""Every kind of bad input an outside program or an attacker may send: exit code 2 and a JSON
error naming where (the CLI), or a ``BadDocument`` (the Python API); never a traceback, and
no work past the limits of docs/limits.md."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from rules_engine import BadDocument, check, load_catalogue, simulate, validate_simulation
from rules_engine.limits import (
    MAX_DEPTH,
    MAX_ENTRIES,
    MAX_INPUT_BYTES,
    MAX_INT_DIGITS,
    MAX_PACK_NUMBER,
    parse_json,
)
from rules_engine.odds_call import ask_odds

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "docs" / "examples"
KIM = EXAMPLES / "cs-aces" / "kims-team.json"
TIGERS = EXAMPLES / "black-skies" / "tiger-squadron.squadron.json"
CATALOGUE = load_catalogue()


def run_cli(*args: str, stdin: bytes | None = None, timeout: float = 60):
    return subprocess.run(
        [sys.executable, "-m", "rules_engine", *args],
        cwd=ROOT,
        input=stdin,
        capture_output=True,
        check=False,
        timeout=timeout,
    )


def bad_input(result) -> list[dict]:
    """The errors of a refused input, after checking it was refused the documented way."""
    assert result.returncode == 2, result.stderr
    assert b"Traceback" not in result.stderr
    body = json.loads(result.stdout)
    assert body["error"] == "bad_document"
    return body["errors"]


def kim() -> dict:
    return json.loads(KIM.read_text(encoding="utf-8"))


def test_a_file_that_is_not_utf8(tmp_path):
    path = tmp_path / "latin1.json"
    path.write_bytes('{"name": "Ch\xe2teau"}'.encode("latin-1"))
    [error] = bad_input(run_cli("check", str(path)))
    assert error["path"] == "$"
    assert error["message"] == f"{path} is not UTF-8 text: byte 12 (0xe2) cannot be decoded"
    with pytest.raises(BadDocument, match="not UTF-8 text: byte 12"):
        parse_json(path.read_bytes(), "$")


def test_an_integer_too_long_to_convert(tmp_path):
    path = tmp_path / "long.json"
    path.write_text('{"points_limit": ' + "9" * 5000 + "}")
    [error] = bad_input(run_cli("check", str(path)))
    assert error["message"] == (
        f"an integer of 5000 digits (at most {MAX_INT_DIGITS} digits) at line 1 column 18"
    )


def test_an_integer_too_large_for_the_engine_is_refused_by_the_schema():
    doc = kim()
    doc["points_limit"] = 10**17
    result = run_cli("check", "-", stdin=json.dumps(doc).encode())
    [error] = bad_input(result)
    assert error["path"] == "$.points_limit"
    assert "is greater than the maximum of 1000000" in error["message"]
    doc["entries"][0]["count"] = -(10**15)
    with pytest.raises(BadDocument) as caught:
        check(CATALOGUE, doc)
    assert {e.path for e in caught.value.errors} == {"$.points_limit", "$.entries[0].count"}


def test_json_nested_thousands_deep():
    text = "[" * 100_000 + "]" * 100_000
    [error] = bad_input(run_cli("check", "-", stdin=text.encode()))
    assert error["message"] == (
        f"nested 100000 deep, {100_000 - MAX_DEPTH} over the limit of {MAX_DEPTH}"
    )
    # In memory (the Python API) too: no recursion error from the validators.
    deep: dict = {}
    node = deep
    for _ in range(5000):
        node["x"] = {}
        node = node["x"]
    with pytest.raises(BadDocument, match=f"nested more than {MAX_DEPTH} deep"):
        check(CATALOGUE, deep)


def test_an_endless_input_stops_at_the_size_limit():
    start = time.perf_counter()
    [error] = bad_input(run_cli("check", "/dev/zero", timeout=20))
    assert time.perf_counter() - start < 10
    assert error["message"] == f"more than {MAX_INPUT_BYTES:,} bytes (the limit)"
    with Path("/dev/zero").open("rb") as zeros:
        [error] = bad_input(
            subprocess.run(
                [sys.executable, "-m", "rules_engine", "cost", "-"],
                cwd=ROOT,
                stdin=zeros,
                capture_output=True,
                check=False,
                timeout=20,
            )
        )
    assert error["path"] == "$"


def _packs(tmp_path: Path, mutate) -> Path:
    """A copy of the shipped packs with the Aces pack changed by ``mutate(doc)``."""
    root = tmp_path / "packs"
    shutil.copytree(ROOT / "content" / "packs", root)
    path = root / "cs-aces" / "cs-aces-core.json"
    doc = json.loads(path.read_text(encoding="utf-8"))
    text = mutate(doc)
    path.write_text(text if isinstance(text, str) else json.dumps(doc), encoding="utf-8")
    return root


def test_a_pack_folder_that_does_not_exist(tmp_path):
    [error] = bad_input(run_cli("--packs", str(tmp_path / "nowhere"), "check", str(KIM)))
    assert error == {
        "path": str(tmp_path / "nowhere"),
        "message": "the pack folder does not exist or is not a folder",
    }


def test_a_pack_that_is_not_json(tmp_path):
    root = _packs(tmp_path, lambda doc: '{"records": [')
    [error] = bad_input(run_cli("--packs", str(root), "check", str(KIM)))
    assert error["path"] == str(root / "cs-aces" / "cs-aces-core.json")
    assert "is not JSON: Expecting value at line 1 column 14" in error["message"]


def test_a_pack_with_malformed_records(tmp_path):
    def mutate(doc):
        doc["records"][3] = ["not", "a", "record"]
        del doc["records"][5]["id"]
        doc["version"] = 7

    root = _packs(tmp_path, mutate)
    file = root / "cs-aces" / "cs-aces-core.json"
    errors = bad_input(run_cli("--packs", str(root), "check", str(KIM)))
    assert errors == [
        {"path": f"{file}:$.version", "message": "must be a non-empty string"},
        {"path": f"{file}:$.records[3]", "message": "a record is a JSON object"},
        {"path": f"{file}:$.records[5].id", "message": "must be a non-empty string"},
    ]


def test_a_pack_stat_of_ten_to_the_thirty(tmp_path):
    def mutate(doc):
        dial = next(i for i, r in enumerate(doc["records"]) if r["type"] == "combat_dial")
        doc["records"][dial]["data"]["clicks"][0]["values"]["attack"] = 10**30
        return json.dumps(doc).replace(str(10**30), "1" + "0" * 30)

    root = _packs(tmp_path, mutate)
    errors = bad_input(run_cli("--packs", str(root), "check", str(KIM)))
    [error] = errors
    assert error["path"].startswith(f"{root / 'cs-aces' / 'cs-aces-core.json'}:$.records[")
    assert error["path"].endswith("].data.clicks[0].values.attack")
    assert error["message"] == (
        f"1e+30 is beyond the limit of {MAX_PACK_NUMBER:,} either way for a number in a pack"
    )


def test_odds_parameters_that_collide_with_internal_names():
    [error] = bad_input(run_cli("odds", "cs-aces", "attack", "catalogue=1"))
    assert error == {"path": "params.catalogue", "message": "attack has no parameter 'catalogue'"}
    with pytest.raises(BadDocument) as caught:
        ask_odds(CATALOGUE, "black-skies", "volley", {"catalogue": 1, "_x": 2})
    assert [e.path for e in caught.value.errors] == ["params.catalogue", "params._x"]


def test_odds_values_of_the_wrong_kind_are_bad_input():
    for params in (["dice=[1,2]"], ["dice=1e999"], ["dice=" + "[" * 200]):
        errors = bad_input(run_cli("odds", "cs-air-action", "shot", *params))
        assert errors[0]["path"].startswith("params")


def test_a_negative_seed_and_too_many_runs():
    errors = bad_input(
        run_cli("simulate", str(TIGERS), str(TIGERS), "--seed", "-1", "--runs", str(10**8))
    )
    assert errors == [
        {
            "path": "runs",
            "message": "must be a whole number of runs from 1 to 10,000,000, not 100,000,000",
        },
        {"path": "seed", "message": "must be a whole number from 0 to 9223372036854775807"},
    ]
    [error] = bad_input(run_cli("simulate", str(TIGERS), str(TIGERS), "--runs", "many"))
    assert error["path"] == "argv"
    assert "'many' is not a whole number" in error["message"]


@pytest.mark.slow
def test_lists_of_millions_of_models():
    doc = kim()
    doc["entries"] = [{"figure": "soldier", "count": 100}] * 3
    [error] = bad_input(run_cli("check", "-", stdin=json.dumps(doc).encode()))
    assert error == {"path": "$.entries", "message": "300 models, 100 over the limit of 200"}
    doc["entries"] = [{"figure": "soldier"}] * (MAX_ENTRIES + 1)
    [error] = bad_input(run_cli("check", "-", stdin=json.dumps(doc).encode()))
    assert error["path"] == "$.entries"
    assert "is too long" in error["message"]
    doc["entries"] = [{"figure": "soldier"}] * 1_000_000
    [error] = bad_input(run_cli("check", "-", stdin=json.dumps(doc).encode()))
    assert error["message"] == f"more than {MAX_INPUT_BYTES:,} bytes (the limit)"
    with pytest.raises(BadDocument) as caught:
        simulate(CATALOGUE, doc, doc, runs=10, seed=1)
    assert {e.path for e in caught.value.errors} == {"list_a.entries", "list_b.entries"}


def test_a_lone_surrogate_is_not_text():
    with pytest.raises(BadDocument, match="lone surrogate"):
        parse_json('{"name": "\\ud800"}', "$")


def test_an_unknown_list_kind_cannot_reach_outside_the_schema_folder():
    doc = kim()
    doc["kind"] = "../../../content/schemas/pack"
    with pytest.raises(BadDocument) as caught:
        check(CATALOGUE, doc)
    assert [e.path for e in caught.value.errors] == ["$.kind"]


def test_envelope_and_body_errors_come_together():
    doc = kim()
    doc["format"] = "muster-list/0"
    doc["entries"][1] = {"figure": 7}
    with pytest.raises(BadDocument) as caught:
        check(CATALOGUE, doc)
    assert [e.path for e in caught.value.errors] == ["$.format", "$.entries[1].figure"]


def test_a_fight_too_big_to_play_is_refused_before_it_starts():
    devastators = json.loads(
        (EXAMPLES / "cs-air-action" / "devastators-200.json").read_text(encoding="utf-8")
    )
    armada = dict(devastators, entries=(devastators["entries"] * 40)[:120])
    with pytest.raises(BadDocument) as caught:
        simulate(CATALOGUE, armada, devastators, runs=10, seed=1)
    assert [(e.path, e.message) for e in caught.value.errors] == [
        ("list_a.entries", "120 models, 20 over the limit of 100 a side in a fight")
    ]
    # Work, runs times models, is bounded too, before a single run is played: 10 million
    # runs of 3 against 3 planes is within it, of 30 against 30 not.
    validate_simulation(devastators, devastators, runs=10_000_000, seed=1)
    big = dict(devastators, entries=(devastators["entries"] * 10)[:30])
    with pytest.raises(BadDocument) as caught:
        validate_simulation(big, big, runs=10_000_000, seed=1)
    assert [(e.path, e.message) for e in caught.value.errors] == [
        (
            "runs",
            "10,000,000 runs of 60 models is 600,000,000 model-runs, 400,000,000 over "
            "the limit of 200,000,000: ask for fewer runs",
        )
    ]


def test_a_pack_whose_record_data_breaks_its_record_schema(tmp_path):
    def mutate(doc):
        dial = next(i for i, r in enumerate(doc["records"]) if r["type"] == "combat_dial")
        doc["records"][dial]["data"]["clicks"] = "many"

    root = _packs(tmp_path, mutate)
    [error] = bad_input(run_cli("--packs", str(root), "check", str(KIM)))
    assert error["path"].startswith(f"{root / 'cs-aces' / 'cs-aces-core.json'}:$.records[")
    assert error["path"].endswith("].data.clicks")
    assert error["message"] == "'many' is not of type 'array'"
