"""Time one cs-hex plane-design check (target: 1 ms or less) and one exact skill check.

Run from the repository root: ``.venv/bin/python bench/cs_hex_check.py``.
"""

from __future__ import annotations

import json

from figures import at_most, measured
from timing import EXAMPLES, ROOT
from timing import best_per_call_ms as best_ms

from rules_engine import api
from rules_engine.catalogue import build_catalogue, read_pack_file
from rules_engine.cs_hex import check
from rules_engine.odds import compute

PACK = ROOT / "content" / "packs" / "cs-hex" / "cs-hex-core.json"
DESIGNS = ("light-fighter-legal.json", "light-fighter-broken.json")


def main() -> None:
    catalogue = build_catalogue([read_pack_file(PACK)])
    for name in DESIGNS:
        doc = json.loads((EXAMPLES / "cs-hex" / name).read_text("utf-8"))
        engine = best_ms(lambda doc=doc: check(catalogue, doc), 2000)
        validated = best_ms(lambda doc=doc: api.check(catalogue, doc), 500)
        print(
            f"design check {name}: {engine:.3f} ms engine, "
            f"{validated:.3f} ms with schema validation (target <= 1 ms)"
        )
        measured(
            f"design check with schema validation, {name}",
            validated,
            "ms wall",
            baseline="engine check alone",
            baseline_value=engine,
            target=at_most(1.0),
        )
    skill = best_ms(
        lambda: compute(
            catalogue,
            "cs-hex",
            "skill_check",
            {"difficulty": 2, "natural_touch": 4, "shocked": True},
        ),
        500,
    )
    print(f"exact skill-check distribution: {skill:.3f} ms")
    measured("exact skill-check distribution", skill, "ms wall")


if __name__ == "__main__":
    main()
