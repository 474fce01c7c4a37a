"""A game log replays: every server roll re-derived from the revealed seed, every outcome
resolved again, and the first entry that was tampered with named."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from rules_engine.catalogue import load_catalogue
from rules_engine.errors import BadDocument
from rules_engine.fair_dice import commitment
from rules_engine.game_log import FORMAT, correction_of, entry_of, server_rolls, verify

ROOT = Path(__file__).resolve().parents[3]
SEED = "ab" * 32
CATALOGUE = load_catalogue()


def new_log(mode: str = "server") -> dict[str, Any]:
    dice: dict[str, Any] = {"mode": mode}
    if mode == "server":
        dice |= {
            "scheme": "muster-dice/1",
            "commitment": commitment(SEED),
            "seed": None,
            "entropy": {"Ann": "kestrel", "Bob": "harrier"},
        }
    return {
        "format": FORMAT,
        "game": {"id": "g-17", "system": "crimson-dust", "title": "Dust at dawn"},
        "dice": dice,
        "entries": [],
    }


def add_test(log: dict[str, Any], who: str, dice: int, difficulty: int, rolls=None) -> None:
    params = {"dice": dice, "difficulty": difficulty}
    if rolls is None:
        seq = len(log["entries"]) + 1
        withheld = log["dice"] | {"seed": SEED}
        rolls = server_rolls(
            CATALOGUE,
            withheld,
            log["game"]["id"],
            seq,
            "crimson-dust",
            {"procedure": "skill-test", "params": params},
        )
    log["entries"].append(
        entry_of(
            CATALOGUE,
            log,
            who=who,
            procedure="skill-test",
            params=params,
            rolls=rolls,
            time=f"2026-12-03T15:0{len(log['entries'])}:00Z",
        )
    )


def played(entries: int = 4) -> dict[str, Any]:
    log = new_log()
    for n in range(entries):
        add_test(log, "Ann" if n % 2 == 0 else "Bob", 3 + n, 2)
    log["dice"]["seed"] = SEED
    return log


def test_a_played_log_verifies_with_every_roll_checked():
    report = verify(CATALOGUE, played())
    assert report == {
        "verified": True,
        "entries": 4,
        "rolls_checked": 3 + 4 + 5 + 6,
        "seed_revealed": True,
        "mismatch": None,
    }


def test_before_the_reveal_outcomes_are_checked_but_not_the_rolls():
    log = played()
    log["dice"]["seed"] = None
    report = verify(CATALOGUE, log)
    assert report["verified"] is True
    assert report["seed_revealed"] is False
    assert report["rolls_checked"] == 0


def test_a_changed_roll_is_named():
    log = played()
    entry = log["entries"][2]
    entry["rolls"][0] = entry["rolls"][0] % 6 + 1
    mismatch = verify(CATALOGUE, log)["mismatch"]
    # The chain catches the edit first; recomputing the chain does not hide the roll.
    assert mismatch == {
        "seq": 3,
        "field": "chain",
        "message": "entry 3 was changed, or an entry before it was",
    }
    rechained = rechain(log)
    mismatch = verify(CATALOGUE, rechained)["mismatch"]
    assert mismatch["seq"] == 3
    assert mismatch["field"] == "rolls"
    assert "the seed gives" in mismatch["message"]


def test_a_changed_outcome_is_named():
    log = played()
    log["entries"][1]["outcome"]["passed"] = not log["entries"][1]["outcome"]["passed"]
    mismatch = verify(CATALOGUE, rechain(log))["mismatch"]
    assert mismatch == {
        "seq": 2,
        "field": "outcome",
        "message": "entry 2's outcome is not what the rules give for its rolls",
    }


def test_entries_in_another_order_are_named():
    log = played()
    log["entries"][1], log["entries"][2] = log["entries"][2], log["entries"][1]
    assert verify(CATALOGUE, log)["mismatch"] == {
        "seq": 2,
        "field": "seq",
        "message": "entry 2 is numbered 3: entries are out of order",
    }
    # Renumbered and rechained, the server dice still tell: roll n belongs to entry n.
    for n, entry in enumerate(log["entries"], start=1):
        entry["seq"] = n
    mismatch = verify(CATALOGUE, rechain(log))["mismatch"]
    assert mismatch["seq"] == 2
    assert mismatch["field"] == "rolls"


def test_a_dropped_entry_breaks_the_order():
    log = played()
    del log["entries"][0]
    assert verify(CATALOGUE, log)["mismatch"]["field"] == "seq"


def test_a_seed_that_is_not_the_committed_one_is_named():
    log = played()
    log["dice"]["seed"] = "cd" * 32
    assert verify(CATALOGUE, log)["mismatch"] == {
        "seq": None,
        "field": "dice.seed",
        "message": "the revealed seed does not match the commitment published before play",
    }


def test_physical_dice_are_resolved_again_as_typed():
    log = new_log("physical")
    add_test(log, "Ann", 3, 2, rolls=[4, 5, 1])
    add_test(log, "Bob", 2, 2, rolls=[1, 6])
    assert log["entries"][0]["outcome"]["passed"] is True
    assert log["entries"][1]["outcome"]["passed"] is False
    report = verify(CATALOGUE, log)
    assert report["verified"] is True
    assert report["rolls_checked"] == 0


def test_a_correction_reverses_an_earlier_entry_once():
    log = played(2)
    log["dice"]["seed"] = None
    log["entries"].append(
        correction_of(
            log, who="referee", reverses=1, reason="wrong model", time="2026-12-03T15:09:00Z"
        )
    )
    assert verify(CATALOGUE, log)["verified"] is True
    log["entries"].append(
        correction_of(log, who="referee", reverses=1, reason="again", time="2026-12-03T15:10:00Z")
    )
    assert verify(CATALOGUE, log)["mismatch"] == {
        "seq": 4,
        "field": "reverses",
        "message": "entry 4 reverses entry 1 a second time",
    }


def test_a_correction_of_nothing_is_named():
    log = played(1)
    log["entries"].append(
        correction_of(log, who="referee", reverses=9, reason="", time="2026-12-03T15:09:00Z")
    )
    assert verify(CATALOGUE, log)["mismatch"]["field"] == "reverses"


@pytest.mark.parametrize(
    ("log", "message"),
    [
        ([], "a game log is a JSON object"),
        ({"format": "muster-list/1"}, "format must be 'muster-game-log/1', not 'muster-list/1'"),
        ({"format": FORMAT, "game": {}, "dice": {}, "entries": []}, "game.id must be text"),
    ],
)
def test_a_file_that_is_not_a_game_log_is_bad_input(log, message):
    with pytest.raises(BadDocument) as caught:
        verify(CATALOGUE, log)
    assert caught.value.errors[0].message == message


def rechain(log: dict[str, Any]) -> dict[str, Any]:
    """The log with every chain recomputed, as a forger who knows the scheme would."""
    from rules_engine.game_log import GENESIS, chain_of

    out = copy.deepcopy(log)
    previous = GENESIS
    for entry in out["entries"]:
        entry["chain"] = chain_of(previous, entry)
        previous = entry["chain"]
    return out


def run_verify(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "rules_engine", "verify", str(path)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )


def test_the_cli_verifies_a_log_and_names_a_tampered_entry(tmp_path):
    good = tmp_path / "good.json"
    good.write_text(json.dumps(played()))
    done = run_verify(good)
    assert done.returncode == 0
    assert json.loads(done.stdout)["verified"] is True
    log = played()
    log["entries"][3]["outcome"]["total"] += 1
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(rechain(log)))
    done = run_verify(bad)
    assert done.returncode == 1
    assert done.stderr.strip() == (
        "not verified: entry 4: entry 4's outcome is not what the rules give for its rolls"
    )
    junk = tmp_path / "junk.json"
    junk.write_text("[]")
    assert run_verify(junk).returncode == 2
