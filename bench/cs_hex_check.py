"""Time one cs-hex plane-design check (target: 1 ms or less) and one exact skill check.

Run from the repository root: ``.venv/bin/python bench/cs_hex_check.py``.
"""

from __future__ import annotations

import json
import sys
import timeit
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rules_engine import api  # noqa: E402
from rules_engine.catalogue import build_catalogue, read_pack_file  # noqa: E402
from rules_engine.cs_hex import ODDS, check  # noqa: E402

PACK = ROOT / "content" / "packs" / "cs-hex" / "cs-hex-core.json"
DESIGNS = ("light-fighter-legal.json", "light-fighter-broken.json")


def best_ms(fn, number: int) -> float:
    """Best of five runs of ``number`` calls, per call, in milliseconds."""
    return min(timeit.repeat(fn, number=number, repeat=5)) / number * 1000


def main() -> None:
    catalogue = build_catalogue([read_pack_file(PACK)])
    for name in DESIGNS:
        doc = json.loads((ROOT / "docs" / "examples" / "cs-hex" / name).read_text("utf-8"))
        engine = best_ms(lambda doc=doc: check(catalogue, doc), 2000)
        validated = best_ms(lambda doc=doc: api.check(catalogue, doc), 500)
        print(f"design check {name}: {engine:.3f} ms engine, "
              f"{validated:.3f} ms with schema validation (target <= 1 ms)")
    skill = best_ms(lambda: ODDS["skill_check"](catalogue, difficulty=2, natural_touch=4,
                                                shocked=True), 500)
    print(f"exact skill-check distribution: {skill:.3f} ms")


if __name__ == "__main__":
    main()
