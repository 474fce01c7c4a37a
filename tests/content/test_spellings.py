"""Older spellings are converted once, where a document comes in, and said so: ``loadpack``
given cs-hex-core as 1.1.0 spelled it stores the kebab-case pack, which answers exactly as
the current one; the converter itself names each id it changed."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command

from content.models import ContentPack, ContentPackVersion, MassTable, RuleTable
from content.spellings import Respelling, list_respelled, pack_respelled
from rules_engine import build_catalogue, check, load_catalogue, odds
from rules_engine.catalogue import normalise_pack, pack_checksum
from tests.rules_engine.test_messages import older_spelling

ROOT = Path(__file__).resolve().parents[2]
HEX_PACK = ROOT / "content" / "packs" / "cs-hex" / "cs-hex-core.json"
DESIGN = ROOT / "docs" / "examples" / "cs-hex" / "light-fighter-legal.json"
CONVERTED = (
    "converted 21 old spellings in cs-hex-core 1.1.0: right_wing_front -> right-wing-front, "
    "right_wing_rear -> right-wing-rear, left_wing_front -> left-wing-front, "
    "left_wing_rear -> left-wing-rear, previous_jumps -> previous-jumps, "
    "sixth_sense -> sixth-sense and 11 more"
)
FORMULAS = [
    ("bail-out", {"sixth_sense": 2, "quick_fire": 1, "previous_jumps": 6, "situation": 12}),
    ("ramming", {"target_to_hit_number": 6, "target_sixth_sense": 3, "sixth_sense": 4}),
]


def hex_pack() -> dict[str, Any]:
    return json.loads(HEX_PACK.read_text(encoding="utf-8"))


def design() -> dict[str, Any]:
    return json.loads(DESIGN.read_text(encoding="utf-8"))


def old_design() -> dict[str, Any]:
    return json.loads(
        json.dumps(design()).replace("-wing-", "_wing_").replace("drop-tank", "drop_tank")
    )


def loadpack(*args: Any) -> str:
    out = io.StringIO()
    call_command("loadpack", *map(str, args), stdout=out, stderr=io.StringIO())
    return out.getvalue()


@pytest.mark.django_db
def test_loadpack_converts_the_older_hex_pack_and_says_so(tmp_path: Path) -> None:
    path = tmp_path / "cs-hex-core-1.1.0.json"
    path.write_text(json.dumps(older_spelling(hex_pack())), encoding="utf-8")
    assert loadpack(path).splitlines() == [
        CONVERTED,
        f"loaded 1 pack(s), 0 unchanged, {len(hex_pack()['records'])} records written",
    ]
    stored = ContentPackVersion.objects.get(pack__pack_id="cs-hex-core", version="1.1.0")
    current = normalise_pack(hex_pack() | {"version": "1.1.0"})
    assert stored.document == current
    assert stored.checksum == ContentPack.objects.get().checksum == pack_checksum(current)
    ids = [a["id"] for a in MassTable.objects.get(stable_id="armour").data["areas"]]
    assert ids == ["nose", *(a.replace("_", "-") for a in ids[1:5]), "tail"]
    assert [i for i in ids if "_" in i] == []
    # The same file again is the same version with the same content: nothing changes.
    assert loadpack(path).splitlines() == [
        CONVERTED,
        "loaded 0 pack(s), 1 unchanged, 0 records written",
    ]


@pytest.mark.django_db
def test_the_older_hex_pack_through_loadpack_answers_as_the_current_one(tmp_path: Path) -> None:
    path = tmp_path / "cs-hex-core-1.1.0.json"
    path.write_text(json.dumps(older_spelling(hex_pack())), encoding="utf-8")
    loadpack(path)
    stored = ContentPackVersion.objects.get(pack__pack_id="cs-hex-core", version="1.1.0")
    older = build_catalogue([stored.document])
    current = load_catalogue()
    assert check(older, design()) == check(current, design())
    assert check(older, design()).legal
    for formula, terms in FORMULAS:
        question = {"formula": formula, "terms": terms}
        assert odds(older, "cs-hex", "check", question) == odds(
            current, "cs-hex", "check", question
        )
    ramming = odds(older, "cs-hex", "check", {"formula": "ramming", "terms": FORMULAS[1][1]})
    assert ramming["details"]["target_number"] == 6 + 3 - 4
    assert RuleTable.objects.filter(data__terms__isnull=False).count() > 0


def test_a_design_in_the_older_spelling_is_converted_and_each_change_named() -> None:
    converted, changes = list_respelled(old_design())
    assert converted == design()
    assert changes == [
        Respelling("$.entries[2].area", "right_wing_front", "right-wing-front"),
        Respelling("$.entries[3].area", "right_wing_rear", "right-wing-rear"),
        Respelling("$.entries[4].area", "left_wing_front", "left-wing-front"),
        Respelling("$.entries[5].area", "left_wing_rear", "left-wing-rear"),
        Respelling("$.entries[10].part", "drop_tank", "drop-tank"),
    ]
    assert str(changes[-1]) == "drop_tank -> drop-tank"


def test_documents_in_the_current_spelling_or_of_another_shape_pass_unchanged() -> None:
    current = design()
    assert list_respelled(current) == (current, [])
    assert pack_respelled(hex_pack()) == (hex_pack(), [])
    # Only a cs-hex design names parts and areas; other systems' ids are their own.
    other = {"system": "cs-aces", "entries": [{"figure": "snake_eyes"}]}
    assert list_respelled(other) == (other, [])
    for odd in (None, [], "text", {"system": "cs-hex", "entries": "none"}, {"records": 3}):
        assert list_respelled(odd) == (odd, [])
        assert pack_respelled(odd) == (odd, [])
