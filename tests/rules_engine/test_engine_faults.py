"""A fault of the engine is told apart from a caller's mistake: an exception an odds function
does not mean to raise reaches the caller as itself (never as a bad document), and the CLI
answers it with exit code 3 and one line, the traceback only under ``--debug``."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest

import rules_engine.cs_aces.odds as aces_odds
from rules_engine import BadDocument, load_catalogue, odds
from rules_engine.cli import main
from rules_engine.odds_call import ask_odds

CATALOGUE = load_catalogue()


def _broken(catalogue: Any, **params: Any) -> dict[str, Any]:
    raise KeyError("hits")


@pytest.fixture
def broken_attack(monkeypatch):
    """The Aces ``attack`` query with a bug: its computing function raises ``KeyError``."""
    queries = tuple(
        dataclasses.replace(q, run=_broken) if q.name == "attack" else q
        for q in aces_odds.QUERIES
    )
    monkeypatch.setattr(aces_odds, "QUERIES", queries)


@pytest.mark.usefixtures("broken_attack")
def test_an_unexpected_exception_in_an_odds_function_is_not_a_bad_document():
    with pytest.raises(KeyError, match="hits"):
        ask_odds(CATALOGUE, "cs-aces", "attack", {"dice": 4})
    with pytest.raises(KeyError, match="hits"):
        odds(CATALOGUE, "cs-aces", "attack", {"dice": 4})


@pytest.mark.usefixtures("broken_attack")
def test_a_bad_parameter_is_still_refused_before_the_function_runs():
    with pytest.raises(BadDocument) as caught:
        ask_odds(CATALOGUE, "cs-aces", "attack", {"dice": 31})
    assert [(e.path, e.message) for e in caught.value.errors] == [
        ("params.dice", "must be from 0 to 30, not 31")
    ]


@pytest.mark.usefixtures("broken_attack")
def test_the_cli_says_internal_error_in_one_line_with_exit_code_3(capsys):
    assert main(["odds", "cs-aces", "attack", "dice=4"]) == 3
    out, err = capsys.readouterr()
    assert out == ""
    assert err == "internal error: KeyError: 'hits'\n"


@pytest.mark.usefixtures("broken_attack")
@pytest.mark.parametrize(
    "argv",
    [
        ["--debug", "odds", "cs-aces", "attack", "dice=4"],
        ["odds", "cs-aces", "attack", "dice=4", "--debug"],
    ],
)
def test_debug_shows_the_traceback(capsys, argv):
    assert main(argv) == 3
    err = capsys.readouterr().err
    assert err.startswith("Traceback (most recent call last):\n")
    assert "in _broken\n" in err
    assert err.endswith("KeyError: 'hits'\ninternal error: KeyError: 'hits'\n")


@pytest.mark.usefixtures("broken_attack")
def test_a_batch_line_that_meets_a_fault_stops_the_batch_with_exit_code_3(
    capsys, monkeypatch
):
    import io
    import sys

    line = {"op": "odds", "system": "cs-aces", "query": "attack", "params": {"dice": 4}}
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(json.dumps(line).encode())))
    assert main(["batch"]) == 3
    assert capsys.readouterr().err == "internal error: KeyError: 'hits'\n"


def test_bad_input_is_still_exit_code_2_not_an_internal_error(capsys):
    assert main(["odds", "cs-aces", "attack", "dice=31"]) == 2
    err = capsys.readouterr().err
    assert "internal error" not in err
    assert err == "bad input: params.dice: must be from 0 to 30, not 31\n"
