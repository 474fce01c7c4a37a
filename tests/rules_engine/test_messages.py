"""Messages and documents read alike in every system: an over-the-limit error names the
excess, ids are kebab-case, and documents with the older spellings still load."""

from __future__ import annotations

import json
import re
from pathlib import Path

from rules_engine import build_catalogue, check, load_catalogue, odds
from rules_engine.systems import SYSTEM_PACKAGES

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


def _older_spelling(doc: dict) -> dict:
    """A pack as 1.1.0 spelled it: armour areas and formula terms with ``_``."""
    text = json.dumps(doc)
    for kebab_id in ["right-wing-front", "right-wing-rear", "left-wing-front", "left-wing-rear",
                     "natural-touch", "sixth-sense", "quick-fire", "previous-jumps",
                     "steady-hand", "g-rating", "turns-in-spin", "size-modifier",
                     "target-to-hit-number", "target-sixth-sense", "to-hit-number",
                     "range-modifier", "direction-modifier"]:
        text = text.replace(f'"id": "{kebab_id}"', f'"id": "{kebab_id.replace("-", "_")}"')
    return json.loads(text) | {"version": "1.1.0"}


def test_the_hex_pack_spells_every_id_kebab_case_and_its_older_spelling_answers_the_same():
    pack = json.loads(PACKS.joinpath("cs-hex", "cs-hex-core.json").read_text(encoding="utf-8"))
    assert pack["version"] == "1.2.0"
    ids = re.findall(r'"id": "([^"]*)"', json.dumps(pack))
    assert [i for i in ids if "_" in i] == []
    old_pack = _older_spelling(pack)
    assert old_pack != pack
    older = build_catalogue([old_pack])
    design = _doc("cs-hex", "light-fighter-legal.json")
    assert check(older, design) == check(CATALOGUE, design)
    for formula, terms in [("bail-out", {"sixth_sense": 2, "quick_fire": 1, "previous_jumps": 6,
                                         "situation": 12}),
                           ("ramming", {"target_to_hit_number": 6, "target_sixth_sense": 3,
                                        "sixth_sense": 4})]:
        new_answer = odds(CATALOGUE, "cs-hex", "check", {"formula": formula, "terms": terms})
        assert odds(older, "cs-hex", "check", {"formula": formula, "terms": terms}) == new_answer
    assert new_answer["details"]["target_number"] == 6 + 3 - 4
