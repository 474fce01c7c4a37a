"""Messages and documents read alike in every system: an over-the-limit error names the
excess, ids are kebab-case, and documents with the older spellings still load."""

from __future__ import annotations

import json
import re
from pathlib import Path

from rules_engine import check, load_catalogue
from rules_engine.systems import SYSTEM_PACKAGES

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "docs" / "examples"
CATALOGUE = load_catalogue()
KEBAB = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*\.[a-z0-9]+(-[a-z0-9]+)*$")


def _doc(system: str, name: str) -> dict:
    return json.loads((EXAMPLES / system / name).read_text(encoding="utf-8"))


def _over(doc: dict, limit: int) -> str:
    verdict = check(CATALOGUE, dict(doc, points_limit=limit))
    [message] = [v.message for v in verdict.violations if "over" in v.code]
    return message


def test_every_points_limit_error_names_the_excess():
    devastators = _doc("cs-air-action", "devastators-200.json")
    points = check(CATALOGUE, devastators).points
    assert _over(devastators, 100) == (
        f"The squadron costs {points} points, {points - 100} over its build total of 100"
    )
    kim = _doc("cs-aces", "kims-team.json")
    points = check(CATALOGUE, kim).points
    assert (
        _over(kim, 50) == f"The team costs {points} points, {points - 50} over its build "
        "total of 50"
    )
    devils = _doc("crimson-dust", "dust-devils-500.json")
    points = check(CATALOGUE, devils).points
    assert _over(devils, 300) == (
        f"The warband costs {points} points, {points - 300} over its limit of 300"
    )


def test_every_violation_code_is_kebab_case():
    codes = set()
    for path in sorted(EXAMPLES.glob("*/*.json")):
        doc = json.loads(path.read_text(encoding="utf-8"))
        for limit in (None, 1):
            codes |= set(check(CATALOGUE, dict(doc, points_limit=limit)).codes())
    for package in SYSTEM_PACKAGES.values():
        module = __import__(f"{package}.codes", fromlist=["x"])
        codes |= {
            str(member)
            for name in dir(module)
            if not name.startswith("_")
            for member in getattr(getattr(module, name), "__members__", {}).values()
        }
    assert codes
    assert sorted(c for c in codes if not KEBAB.match(c)) == []


def test_cs_hex_armour_areas_and_drop_tanks_are_kebab_case_and_old_spellings_still_load():
    new = _doc("cs-hex", "light-fighter-legal.json")
    assert {"part": "armour", "area": "right-wing-front", "points": 20} in new["entries"]
    assert {"part": "drop-tank"} in new["entries"]
    old = json.loads(json.dumps(new).replace("-wing-", "_wing_").replace("drop-tank", "drop_tank"))
    assert {"part": "drop_tank"} in old["entries"]
    verdict = check(CATALOGUE, new)
    assert verdict.legal
    assert check(CATALOGUE, old) == verdict
    assert list(verdict.breakdown["armour"]) == [
        "nose",
        "right-wing-front",
        "right-wing-rear",
        "left-wing-front",
        "left-wing-rear",
        "tail",
    ]
