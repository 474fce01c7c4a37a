"""``python -m rules_engine verify`` takes a whole long game's log, far past the 1 MB of a
list, up to its own limit."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from rules_engine.catalogue import load_catalogue
from rules_engine.game_log import FORMAT, entry_of
from rules_engine.limits import MAX_INPUT_BYTES, MAX_LOG_BYTES

ROOT = Path(__file__).resolve().parents[3]


def test_a_log_of_a_thousand_entries_past_a_megabyte_is_verified(tmp_path: Path) -> None:
    catalogue = load_catalogue()
    log = {
        "format": FORMAT,
        "game": {"id": "g-long", "system": "crimson-dust", "title": "A long day"},
        "dice": {"mode": "physical"},
        "entries": [],
    }
    while len(log["entries"]) < 1000:
        log["entries"].append(
            entry_of(
                catalogue,
                log,
                who="Ann",
                procedure="shot",
                params={"weapon": "boltgun", "band": "12-18", "rg": 5},
                rolls=[4, 6, 2, 5, 1, 3, 5, 2, 6],
                time="2026-12-03T12:00:00Z",
                roles={"attacker": "a1", "target": "b1"},
            )
        )
    path = tmp_path / "long.muster-game-log.json"
    path.write_text(json.dumps(log, indent=2), encoding="utf-8")
    assert MAX_INPUT_BYTES < path.stat().st_size < MAX_LOG_BYTES
    done = subprocess.run(
        [sys.executable, "-m", "rules_engine", "verify", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert (report["verified"], report["entries"], report["mismatch"]) == (True, 1000, None)
