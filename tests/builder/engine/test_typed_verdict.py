"""The verdict through the gateway carries its typed breakdown: each entry's price with its
path, and the id a warning asks a house price for, exactly as the CLI prints them."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from builder import engine
from rules_engine import load_catalogue

ROOT = Path(__file__).resolve().parents[3]
DUST_DEVILS = ROOT / "docs" / "examples" / "crimson-dust" / "dust-devils-500.json"


def test_the_gateway_verdict_is_what_the_cli_prints():
    doc = json.loads(DUST_DEVILS.read_text(encoding="utf-8"))
    verdict = engine.check(load_catalogue(), doc)
    printed = subprocess.run(
        [sys.executable, "-m", "rules_engine", "check", str(DUST_DEVILS)],
        capture_output=True, text=True, cwd=ROOT, check=False,
    )
    assert json.loads(printed.stdout) == verdict
    assert sum(e["points"] for e in verdict["entries"]) == verdict["points"] == 500
    assert [e["path"] for e in verdict["entries"]] == [
        f"$.entries[{i}]" for i in range(len(doc["entries"]))
    ]
    unpriced = [v for v in verdict["violations"] if "unpriced" in v]
    assert unpriced[0] == {
        "code": "crimson-dust.price-not-given",
        "message": "Sergeant Vance: the book gives no points cost for Rifle; priced 0",
        "path": "$.entries[0].weapons[0]",
        "severity": "warning",
        "unpriced": "rifle",
    }
    assert all(v["code"] == "crimson-dust.price-not-given" for v in unpriced)
