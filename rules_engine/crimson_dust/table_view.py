"""A Crimson Dust model at the table: its profile as the warband check prices it (archetype
quality, upgrades, gear, mount), its Dc left and the states the procedures write (``dc`` by
delta: Dc lost and regenerated; ``killed``, ``wound``, ``pinned``, ``suppressed``,
``stunned``, ``gone_to_ground``, ``confused``, ``reaction``, ``out_of_ammo`` /
``ammo_cleared``).

"Damage Capacity (Dc)": a model whose Dc is reduced to 0 is killed (Wounds).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from rules_engine.catalogue import Catalogue
from rules_engine.crimson_dust.content import content_of
from rules_engine.crimson_dust.procedures_harm import EFFECTS as WOUND_EFFECTS
from rules_engine.crimson_dust.warband import check_warband
from rules_engine.errors import BadDocument
from rules_engine.table_lines import count, entry_at, flag, line, track, view
from rules_engine.verdict import Verdict

PROFILE = ("Mv", "Mr", "Rg", "As", "Df", "S", "Av", "Dc", "In")
"""The profile's stats in the book's order."""

CONDITIONS = (
    ("stunned", "stunned"),
    ("pinned", "pinned"),
    ("suppressed", "suppressed"),
    ("gone_to_ground", "gone to ground"),
    ("confused", "confused"),
)
"""State flags that read as the model's status, in the order they are said."""

_CHECKED: dict[tuple[int, str], tuple[Catalogue, Verdict]] = {}


def _verdict(catalogue: Catalogue, doc: Mapping[str, Any]) -> Verdict:
    """The warband's check, once per document and snapshot (a table shows every model)."""
    key = (id(catalogue), json.dumps(doc, sort_keys=True, separators=(",", ":")))
    hit = _CHECKED.get(key)
    if hit is not None and hit[0] is catalogue:
        return hit[1]
    verdict = check_warband(catalogue, doc)
    if len(_CHECKED) >= 32:
        _CHECKED.pop(next(iter(_CHECKED)))
    _CHECKED[key] = (catalogue, verdict)
    return verdict


def _model(catalogue: Catalogue, doc: Mapping[str, Any], path: str) -> Mapping[str, Any]:
    entry_at(doc, path)
    for model in _verdict(catalogue, doc).breakdown["models"]:
        if model["path"] == path:
            if model["effective"] is None:
                break
            return model  # type: ignore[no-any-return]
    raise BadDocument.at(path, "this model has no profile: its archetype or quality is unknown")


def initial_state(catalogue: Catalogue, doc: Mapping[str, Any], path: str) -> dict[str, Any]:
    """No Dc lost yet."""
    _model(catalogue, doc, path)
    return {"dc": 0}


def _weapon_name(catalogue: Catalogue, weapon_id: str) -> str:
    weapon = content_of(catalogue).weapons.get(weapon_id)
    return weapon.name if weapon is not None else weapon_id


def figure_view(
    catalogue: Catalogue, doc: Mapping[str, Any], path: str, state: Mapping[str, Any]
) -> dict[str, Any]:
    """The model's profile, Dc left and condition.

    Raises:
        BadDocument: at the entry, a model whose archetype or quality is unknown.
    """
    model = _model(catalogue, doc, path)
    profile = model["effective"]["profile"]
    full = int(profile["Dc"])
    left = max(0, min(full, full + count(state, "dc")))
    lines = [line(stat, profile[stat]) for stat in PROFILE]
    lines.append(line("Dc left", left))
    if state.get("wound"):
        # The wound's effect is said, not applied: the profile stays as the roster prints it.
        lines.append(line("Wound", str(state["wound"]), WOUND_EFFECTS.get(str(state["wound"]))))
    out_of_ammo = state.get("out_of_ammo")
    if out_of_ammo and state.get("ammo_cleared") != out_of_ammo:
        lines.append(line("Out of ammo", _weapon_name(catalogue, str(out_of_ammo))))
    if state.get("reaction"):
        lines.append(line("Reaction", str(state["reaction"]).replace("-", " ")))
    if left == 0 or flag(state, "killed"):
        status = "killed"
    else:
        status = ", ".join(words for field, words in CONDITIONS if flag(state, field)) or "in play"
    return view(str(model["name"]), status, lines, track("Dc lost", full - left, full))
