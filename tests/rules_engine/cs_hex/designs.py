"""Design documents and paths the cs-hex engine tests share."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[3]
PACK = ROOT / "content" / "packs" / "cs-hex" / "cs-hex-core.json"
EXAMPLES = ROOT / "docs" / "examples" / "cs-hex"

# The legal light fighter of docs/examples/cs-hex/light-fighter-legal.json, by hand from the
# book's tables ("Создание самолета"): size 8 -> free mass 3000; max speed 4 -> 720;
# G-rating 3 -> 540; acceleration 2 -> 150; armour 120 points x 3 -> 360; 2 x .50 (400) +
# 1 x .30 (150) -> 950; flash rockets and a drop tank have no mass in the book -> 0.
LIGHT_FIGHTER_MASS = 720 + 540 + 150 + 120 * 3 + 2 * 400 + 150


def airframe(**changes: Any) -> dict[str, Any]:
    frame = {"part": "airframe", "plane_type": "light", "size": 8, "max_speed": 4,
             "g_rating": 3, "acceleration": 2}
    return frame | changes


def design_doc(*entries: dict[str, Any], **envelope: Any) -> dict[str, Any]:
    """A cs-hex plane document around ``entries``."""
    doc = {"format": "muster-list/1", "system": "cs-hex", "kind": "plane", "name": "Test",
           "entries": [copy.deepcopy(e) for e in entries]}
    return doc | envelope
