"""Per-check time of the rules engine on the example lists (schema validation included).

Run: .venv/bin/python bench/check_speed.py
Targets: <= 1 ms for a typical list; <= 10 ms for a 100-model warband.
"""

from __future__ import annotations

import json

from figures import at_most, measured
from timing import EXAMPLES, median_of

from rules_engine import check, load_catalogue

CASES = [
    ("200-point Air Action squadron", "cs-air-action/devastators-200.json", 1.0),
    ("100-point Aces team (Kim's)", "cs-aces/kims-team.json", 1.0),
    ("500-point Crimson Dust warband", "crimson-dust/dust-devils-500.json", 1.0),
    ("100-model Crimson Dust warband", "crimson-dust/hundred-models.json", 10.0),
    ("hex-map plane design", "cs-hex/light-fighter-legal.json", 1.0),
    ("Black Skies fighter (Black Tiger)", "black-skies/black-tiger.fighter.json", 1.0),
    ("Black Skies squadron", "black-skies/tiger-squadron.squadron.json", 1.0),
]


def per_check_ms(doc: dict, repeat: int) -> float:
    catalogue = load_catalogue()
    check(catalogue, doc)  # warm caches: compiled schemas, catalogue snapshot
    return median_of(lambda: check(catalogue, doc), repeat) * 1000


if __name__ == "__main__":
    for label, path, target in CASES:
        doc = json.loads((EXAMPLES / path).read_text(encoding="utf-8"))
        ms = per_check_ms(doc, repeat=300)
        entries = len(doc["entries"])
        print(
            f"{label:36s} {entries:4d} entries  {ms:7.3f} ms per check  (target <= {target:g} ms)"
        )
        measured(f"check, {label}", ms, "ms wall", target=at_most(target))
