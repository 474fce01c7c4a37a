"""Messages and documents read alike in every system: an over-the-limit error names the
excess, and ids are kebab-case, the only spelling the engine reads (documents in an older
spelling are converted where they come in: tests/content/test_spellings.py)."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path

import pytest

from rules_engine import build_catalogue, check, load_catalogue
from rules_engine.errors import BadDocument, DocumentError
from rules_engine.systems import SYSTEMS

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "docs" / "examples"
PACKS = ROOT / "content" / "packs"
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
    for system in SYSTEMS:
        module = __import__(f"rules_engine.{system.replace('-', '_')}.codes", fromlist=["x"])
        codes |= {
            str(member)
            for name in dir(module)
            if not name.startswith("_")
            for member in getattr(getattr(module, name), "__members__", {}).values()
        }
    assert codes
    assert sorted(c for c in codes if not KEBAB.match(c)) == []


def test_cs_hex_armour_areas_and_drop_tanks_are_kebab_case_and_the_engine_reads_no_other():
    new = _doc("cs-hex", "light-fighter-legal.json")
    assert {"part": "armour", "area": "right-wing-front", "points": 20} in new["entries"]
    assert {"part": "drop-tank"} in new["entries"]
    verdict = check(CATALOGUE, new)
    assert verdict.legal
    assert list(verdict.breakdown["armour"]) == [
        "nose",
        "right-wing-front",
        "right-wing-rear",
        "left-wing-front",
        "left-wing-rear",
        "tail",
    ]
    old_tank = json.loads(json.dumps(new).replace("drop-tank", "drop_tank"))
    with pytest.raises(BadDocument) as refused:
        check(CATALOGUE, old_tank)
    assert refused.value.errors == (
        DocumentError(
            "$.entries[10].part",
            "'drop_tank' is not one of ['airframe', 'armour', 'gun', 'turret', 'rocket', "
            "'drop-tank']",
        ),
    )
    old_area = json.loads(json.dumps(new).replace("right-wing-front", "right_wing_front"))
    old_verdict = check(CATALOGUE, old_area)
    assert not old_verdict.legal
    assert [(v.code, v.path, v.message) for v in old_verdict.violations] == [
        (
            "cs-hex.unknown-armour-area",
            "$.entries[2].area",
            "There is no armour area 'right_wing_front' (the areas are: nose, right-wing-front, "
            "right-wing-rear, left-wing-front, left-wing-rear, tail)",
        )
    ]


AREAS = ["right-wing-front", "right-wing-rear", "left-wing-front", "left-wing-rear"]


def older_spelling(doc: dict) -> dict:
    """A pack as 1.1.0 spelled it: armour areas and formula terms with ``_`` (the records'
    own ids were kebab-case already)."""
    out = copy.deepcopy(doc) | {"version": "1.1.0"}
    for record in out["records"]:
        for key in ("areas", "terms"):
            for item in record["data"].get(key, []):
                item["id"] = item["id"].replace("-", "_")
    return out


def test_the_hex_pack_spells_every_id_kebab_case_and_the_engine_reads_no_older_spelling():
    pack = json.loads(PACKS.joinpath("cs-hex", "cs-hex-core.json").read_text(encoding="utf-8"))
    assert pack["version"] == "1.2.0"
    ids = re.findall(r'"id": "([^"]*)"', json.dumps(pack))
    assert [i for i in ids if "_" in i] == []
    older = build_catalogue([older_spelling(pack)])
    design = _doc("cs-hex", "light-fighter-legal.json")
    verdict = check(older, design)
    assert not verdict.legal
    assert [(v.code, v.path, v.message) for v in verdict.violations] == [
        (
            "cs-hex.unknown-armour-area",
            f"$.entries[{i}].area",
            f"There is no armour area {area!r} (the areas are: nose, right_wing_front, "
            "right_wing_rear, left_wing_front, left_wing_rear, tail)",
        )
        for i, area in enumerate(AREAS, start=2)
    ]
