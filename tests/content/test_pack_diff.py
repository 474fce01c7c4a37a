"""The diff of two pack versions and the version number it earns: corrections are patches,
additions minor, a removal or a new price major; a plane entered with its dial is one change."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from content.prices import price_leaves
from content.services.pack_diff import (
    ABSENT,
    FieldChange,
    Kind,
    diff_packs,
    next_version,
)
from tests.conftest import pack_paths, read_pack


def record(type_: str, id_: str, name: str, data: dict[str, Any]) -> dict[str, Any]:
    return {
        "type": type_,
        "id": id_,
        "name": name,
        "source": {"seed": "book.txt", "section": "Planes"},
        "data": data,
    }


def pack(*records: dict[str, Any], version: str = "1.0.0") -> dict[str, Any]:
    return {
        "format": "muster-pack/1",
        "id": "cs-air-action-core",
        "version": version,
        "system": "cs-air-action",
        "name": "Air Action",
        "source": {"seed": "book.txt", "title": "Air Action"},
        "records": list(records),
    }


DIAL = record(
    "combat_dial",
    "charlie-dial",
    "Charlie Steele dial",
    {"stats": ["piloting"], "clicks": [{"values": {"piloting": 7}}]},
)
FIGURE = record(
    "figure",
    "charlie-steele-fury",
    "Charlie Steele (Fury)",
    {"kind": "plane", "point_value": 30, "combat_dial": "charlie-dial", "traits": ["ace"]},
)
DEADEYE = record("ability", "deadeye", "Deadeye", {"text": "Reroll a miss."})
BASE = pack(DEADEYE, DIAL, FIGURE)


def edited(doc: dict[str, Any], record_id: str, **data: Any) -> dict[str, Any]:
    out = copy.deepcopy(doc)
    rec = next(r for r in out["records"] if r["id"] == record_id)
    rec["data"].update(data)
    return out


def test_a_correction_is_a_patch_field_by_field():
    new = edited(BASE, "deadeye", text="Reroll one miss.")
    new["records"][0]["name"] = "Dead-eye"

    diff = diff_packs(BASE, new)

    assert diff.bump == "patch"
    assert (diff.added, diff.removed) == ((), ())
    [change] = diff.changed
    assert (change.kind, change.type, change.id, change.name) == (
        Kind.CHANGED,
        "ability",
        "deadeye",
        "Dead-eye",
    )
    assert change.fields == (
        FieldChange("$.data.text", "Reroll a miss.", "Reroll one miss.", False),
        FieldChange("$.name", "Deadeye", "Dead-eye", False),
    )
    assert diff.summary() == "1 record changed"
    assert diff.count == 1


def test_a_plane_added_with_its_dial_is_a_minor_version_and_one_change():
    dial = record("combat_dial", "lou-dial", "Lou Bright dial", {"clicks": []})
    plane = record(
        "figure",
        "lou-bright-fury",
        "Lou Bright (Fury)",
        {"point_value": 55, "combat_dial": "lou-dial"},
    )
    new = pack(DEADEYE, DIAL, dial, FIGURE, plane)

    diff = diff_packs(BASE, new)

    assert diff.bump == "minor"
    assert [(r.kind, r.type, r.id, r.name) for r in diff.added] == [
        (Kind.ADDED, "combat_dial", "lou-dial", "Lou Bright dial"),
        (Kind.ADDED, "figure", "lou-bright-fury", "Lou Bright (Fury)"),
    ]
    assert all(r.fields == () for r in diff.added)
    [change] = diff.changes
    assert change.record.id == "lou-bright-fury"
    assert [p.id for p in change.parts] == ["lou-dial"]
    assert diff.count == 1
    assert diff.summary() == "1 record added"


def test_a_dial_edited_alone_is_its_own_change_and_a_patch():
    new = copy.deepcopy(BASE)
    new["records"][1]["data"]["clicks"][0]["values"]["piloting"] = 6

    diff = diff_packs(BASE, new)

    assert diff.bump == "patch"
    assert [c.record.id for c in diff.changes] == ["charlie-dial"]
    assert diff.changed[0].fields == (FieldChange("$.data.clicks[0].values.piloting", 7, 6, False),)


def test_a_removed_record_is_major():
    new = pack(DIAL, FIGURE)

    diff = diff_packs(BASE, new)

    assert diff.bump == "major"
    assert [(r.kind, r.id, r.name) for r in diff.removed] == [(Kind.REMOVED, "deadeye", "Deadeye")]
    assert diff.summary() == "1 record removed"


def test_a_plane_removed_with_its_dial_is_one_change():
    diff = diff_packs(BASE, pack(DEADEYE))

    assert diff.bump == "major"
    assert [(c.record.id, [p.id for p in c.parts]) for c in diff.changes] == [
        ("charlie-steele-fury", ["charlie-dial"])
    ]


def test_a_new_price_is_major_and_names_the_record():
    diff = diff_packs(BASE, edited(BASE, "charlie-steele-fury", point_value=35))

    assert diff.bump == "major"
    [repriced] = diff.repriced
    assert repriced.name == "Charlie Steele (Fury)"
    assert repriced.price_changes == (FieldChange("$.data.point_value", 30, 35, True),)
    assert diff.summary() == "1 record changed (1 price)"


def test_every_crimson_dust_cost_is_a_price():
    skills = [{"skill": "leap", "costs": {"green": {"pts": 5}, "veteran": {"pts": 5}}}]
    old = pack(record("archetype", "medio", "Medio", {"skills": skills}))
    new = copy.deepcopy(old)
    new["records"][0]["data"]["skills"][0]["costs"]["veteran"] = {"not_available": True}

    diff = diff_packs(old, new)

    assert diff.bump == "major"
    assert diff.changed[0].fields == (
        FieldChange("$.data.skills[0].costs.veteran.not_available", ABSENT, True, True),
        FieldChange("$.data.skills[0].costs.veteran.pts", 5, ABSENT, True),
    )
    assert dict(price_leaves(new["records"][0]["data"])) == {
        "$.data.skills[0].costs.green.pts": 5,
        "$.data.skills[0].costs.veteran.not_available": True,
    }


def test_an_option_added_with_a_price_is_a_price_change():
    old = pack(record("archetype", "medio", "Medio", {"upgrades": []}))
    upgrade = {"id": "av-2", "name": "Av 2", "costs": {"green": {"pts": 8}}}
    new = edited(old, "medio", upgrades=[upgrade])

    diff = diff_packs(old, new)

    assert diff.changed[0].fields == (FieldChange("$.data.upgrades[0]", ABSENT, upgrade, True),)
    assert diff.bump == "major"


def test_plain_lists_are_one_value_and_odd_keys_are_quoted():
    old = pack(record("weapon", "rifle", "Rifle", {"to_hit": {"0-6": 5}, "traits": ["a", "b"]}))
    new = edited(old, "rifle", to_hit={"0-6": 4}, traits=["a", "c"])

    assert diff_packs(old, new).changed[0].fields == (
        FieldChange("$.data.to_hit['0-6']", 5, 4, False),
        FieldChange("$.data.traits", ["a", "b"], ["a", "c"], False),
    )


def test_a_number_that_becomes_true_is_a_change():
    old = pack(record("ability", "x", "X", {"flag": 1}))
    assert diff_packs(old, edited(old, "x", flag=True)).bump == "patch"


def test_no_change_bumps_nothing():
    later = copy.deepcopy(BASE)
    later["version"] = "1.0.1"

    diff = diff_packs(BASE, later)

    assert diff.bump is None
    assert diff.is_empty
    assert diff.count == 0
    assert diff.summary() == "no change"
    assert (diff.old_version, diff.new_version) == ("1.0.0", "1.0.1")


def test_the_pack_s_own_details_are_a_patch():
    new = copy.deepcopy(BASE)
    new["name"] = "Air Action (second printing)"

    diff = diff_packs(BASE, new)

    assert diff.pack_fields == (
        FieldChange("$.name", "Air Action", "Air Action (second printing)", False),
    )
    assert diff.bump == "patch"
    assert diff.count == 1


def test_a_first_version_adds_every_record():
    diff = diff_packs(None, BASE)
    assert diff.bump == "minor"
    assert len(diff.added) == 3
    assert diff.old_version is None


def test_the_diff_reads_as_json():
    diff = diff_packs(BASE, edited(BASE, "charlie-steele-fury", point_value=35))
    assert json.loads(json.dumps(diff.to_dict())) == {
        "pack": "cs-air-action-core",
        "from": "1.0.0",
        "to": "1.0.0",
        "bump": "major",
        "summary": "1 record changed (1 price)",
        "count": 1,
        "added": [],
        "changed": [
            {
                "kind": "changed",
                "type": "figure",
                "id": "charlie-steele-fury",
                "name": "Charlie Steele (Fury)",
                "fields": [{"path": "$.data.point_value", "is_price": True, "old": 30, "new": 35}],
            }
        ],
        "removed": [],
        "pack_fields": [],
    }


@pytest.mark.parametrize(
    ("version", "bump", "expected"),
    [
        ("1.2.3", "patch", "1.2.4"),
        ("1.2.3", "minor", "1.3.0"),
        ("1.2.3", "major", "2.0.0"),
        ("0.1.0", "minor", "0.2.0"),
        ("1.2.3", None, "1.2.3"),
    ],
)
def test_next_version(version, bump, expected):
    assert next_version(version, bump) == expected


@pytest.mark.parametrize("path", pack_paths(), ids=lambda p: p.name)
def test_every_repository_pack_against_itself_is_no_change(path):
    doc = read_pack(path)
    assert diff_packs(doc, copy.deepcopy(doc)).bump is None
    assert diff_packs(None, doc).bump == ("minor" if doc["records"] else None)


json_scalars = st.none() | st.booleans() | st.integers(-1000, 1000) | st.text(max_size=4)
json_values = st.recursive(
    json_scalars,
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(
            st.sampled_from(["a", "b", "points", "costs", "pts", "x-y"]), inner, max_size=3
        )
    ),
    max_leaves=12,
)
records = st.lists(
    st.builds(
        record,
        st.sampled_from(["figure", "ability", "combat_dial"]),
        st.sampled_from(["alpha", "beta", "gamma", "delta"]),
        st.text(min_size=1, max_size=5),
        st.dictionaries(
            st.sampled_from(["point_value", "text", "combat_dial", "costs"]), json_values
        ),
    ),
    max_size=6,
    unique_by=lambda r: (r["type"], r["id"]),
)


@settings(max_examples=200, deadline=None)
@given(records)
def test_a_pack_against_itself_has_no_change(recs):
    doc = pack(*recs)
    diff = diff_packs(doc, copy.deepcopy(doc))
    assert diff.is_empty
    assert diff.bump is None
    assert diff.changes == ()


@settings(max_examples=200, deadline=None)
@given(records, records, st.data())
def test_a_diff_with_a_removal_is_always_major(old_recs, new_recs, data):
    if not old_recs:
        old_recs = [DEADEYE]
    gone = data.draw(st.sampled_from(old_recs))
    new_recs = [r for r in new_recs if (r["type"], r["id"]) != (gone["type"], gone["id"])]

    diff = diff_packs(pack(*old_recs), pack(*new_recs))

    assert (gone["type"], gone["id"]) in {r.key for r in diff.removed}
    assert diff.bump == "major"
    assert {r.key for r in diff.records} == {
        r.key for c in diff.changes for r in (c.record, *c.parts)
    }
