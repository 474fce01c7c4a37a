"""A saved list's upgrade preview calls out every changed price, with the same idea of a
price as the pack versioning rule (``content.prices``): Crimson Dust's per-quality costs
included, a cost the book turns into "not available" too."""

from __future__ import annotations

import copy
from typing import Any

from builder.lists.upgrade import pack_changes
from content.services.pack_diff import diff_packs


def warband_pack(leap_veteran: dict[str, Any]) -> dict[str, Any]:
    skills = [{"skill": "leap", "costs": {"green": {"pts": 5}, "veteran": leap_veteran}}]
    return {
        "id": "crimson-dust-core",
        "version": "1.0.0",
        "records": [
            {"type": "archetype", "id": "medio", "name": "Medio", "data": {"skills": skills}}
        ],
    }


def test_a_cost_made_unavailable_is_a_price_change_for_lists_and_versions():
    before = warband_pack({"pts": 5})
    after = copy.deepcopy(warband_pack({"not_available": True}))
    document = {"entries": [{"archetype": "medio", "quality": "veteran", "skills": ["leap"]}]}

    prices, removed = pack_changes(
        {"crimson-dust-core": before}, {"crimson-dust-core": after}, document
    )

    assert removed == []
    assert [(p["path"], p["before"], p["after"]) for p in prices] == [
        ("$.data.skills[0].costs.veteran.not_available", None, True),
        ("$.data.skills[0].costs.veteran.pts", 5, None),
    ]
    assert {p["name"] for p in prices} == {"Medio"}
    assert all(p["used_by"] == ["$.entries[0].archetype"] for p in prices)
    assert diff_packs(before, after).bump == "major"
