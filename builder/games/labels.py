"""Words for the values the engine speaks in: rulings, odds choices, outcomes, queries.

The engine names a ruling's reading ``full_plus_half`` and an outcome ``outcome.pinned``;
players read "Full mass plus half" and "Outcome: pinned". Every page that shows such a value
asks here, so one value reads the same on the builder, the odds page and the roster.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

VALUE_LABELS: dict[str, str] = {
    # Crimson Skies: Air Action
    "plane_gunnery": "The plane's gunnery",
    "ace_attack": "The Ace's attack value",
    "every-check": "On every check",
    "collisions-only": "On collisions only",
    "throttle_two": "Throttle two",
    "redline": "Red line",
    # Crimson Dust
    "wound": "On the wounding die",
    "hit-sixes-kept": "On the roll to hit, other scoring dice cancelled first",
    "hit-random": "On the roll to hit, dice cancelled at random",
    "hit-sixes-cancelled": "On the roll to hit, sixes cancelled first",
    "open-only": "In the open only",
    "everywhere": "Everywhere, concealment too",
    # Black Skies
    "per-level": "Per level (light 1, heavy 2)",
    # Crimson Skies hex-map rules
    "full_plus_half": "Full mass plus half in the turret",
    "half_only": "Only the half in the turret",
    "add-on": "Add-on",
}
"""What each reading or choice the engine names is called on a page."""

KEYED_LABELS: dict[tuple[str, str], str] = {
    ("thruster_locations", "one"): "One location at most",
    ("thruster_locations", "any"): "Any locations",
    ("armour_hardpoints", "one"): "One hardpoint for any armour",
    ("single_fighter_elements", "allowed"): "Allowed",
    ("single_fighter_elements", "warning"): "Allowed with a warning",
    ("single_fighter_elements", "error"): "Not allowed",
    ("heavy_armour_penalty", "all"): "Any Av over 3",
    ("heavy_armour_penalty", "bought"): "Only Av bought with upgrades",
    ("return_fire_when_equal", "fire"): "Returns fire",
    ("return_fire_when_equal", "cover"): "Stays in cover",
    ("critical_wound_av", "halved"): "Av halved too",
    ("critical_wound_av", "kept"): "Av kept",
}
"""A value that reads differently under one setting than under another."""

SETTING_LABELS: dict[str, str] = {
    "developed_xp": "XP developed in a campaign",
}
"""A setting's name on a page, where its key read as words says it badly."""

SETTING_HELP: dict[str, str] = {
    "thruster_locations": "Where a fighter may mount maneuvering thrusters: in any locations, "
    "or in one location at most.",
    "armour_hardpoints": "Per level (the default): light armour takes 1 hardpoint, heavy 2; "
    "one hardpoint: any armour takes 1.",
    "critical_shot_six": "Critical Shot's natural 6: on the wounding die (the default), or on "
    "the roll to hit, with the avoidance roll cancelling the other scoring dice first, a "
    "random choice of them, or the sixes first.",
    "camouflage_reading": "Where Camouflage 1/2 scores avoidance on 4+/3+: in the open only "
    "(the default: not in concealing terrain) or everywhere (in concealment too, with its "
    "re-rolls).",
    "heavy_armour_penalty": "Which Av counts for the heavy armour penalty: any Av over 3 (the "
    "printed Av included) or only Av bought with upgrades above the printed profile.",
    "return_fire_when_equal": "A model in cover with Rg equal to As failing one morale die: "
    "returns fire (the default) or stays in cover.",
    "critical_wound_av": "A critical wound halves 'all characteristics': halved (the default) "
    "halves Av too, kept leaves Av as it is.",
    "turret_gun_mass": "Full mass plus half (the default): turret guns weigh their full mass "
    "and the turret adds 400 + half of it; only the half: turret guns weigh only the half "
    "the turret adds.",
    "rookie_bail_out_modifier": "What a Rookie adds to a bail out roll; the book lists "
    "modifiers from Veteran up only (default: the experience levels table, 0).",
}
"""A ruling's explanation in words, where the engine's own names its values raw."""

_SEPARATORS = re.compile(r"[_\-]+")
_INDEX = re.compile(r"\[(\d+)\]")


def words(name: str) -> str:
    """``rear_arc`` or ``hard-left`` -> "rear arc" / "hard left": a name as words."""
    return _SEPARATORS.sub(" ", name).strip()


def value_label(value: Any, setting: str = "") -> str:
    """A value as a page shows it: the label it has, else its words, first letter up."""
    if isinstance(value, bool):
        return "Yes" if value else "No"
    text = str(value)
    found = KEYED_LABELS.get((setting, text)) or VALUE_LABELS.get(text)
    if found:
        return found
    said = words(text)
    return said[:1].upper() + said[1:]


def setting_help(setting: str, engine_help: str) -> str:
    """A ruling's explanation, in words wherever the engine's names raw values."""
    return SETTING_HELP.get(setting, engine_help)


def query_label(query: str) -> str:
    """``defensive_fate`` -> "Defensive fate": an odds query as the page names it."""
    said = words(query)
    return said[:1].upper() + said[1:]


def answer_label(path: str) -> str:
    """An odds answer's dotted name as words: ``outcome.pinned`` -> "Outcome: pinned",
    ``maneuvers.hard-left.success`` -> "Maneuvers: hard left: success",
    ``target_hit_chance[0]`` -> "Target hit chance 1"."""
    numbered = _INDEX.sub(lambda m: f" {int(m.group(1)) + 1}", path)
    said = ": ".join(words(part) for part in numbered.split(".") if part)
    return said[:1].upper() + said[1:]


def described(text: str, names: Mapping[str, str]) -> str:
    """An engine explanation with the parameter names it mentions (``target_armour``) said
    as their labels, and references to files (``docs/...md``) dropped."""
    text = re.sub(r"\s*\((?:see )?docs/[\w/.-]+\)", "", text)
    text = re.sub(r"docs/[\w/.-]+\.md", "the rulings page", text)
    for name, label in names.items():
        text = re.sub(rf"\b{re.escape(name)}\b", label.lower(), text)
    return re.sub(r"\b([a-z]+(?:-[a-z]+)+) (row|rows|table)\b", _table_row, text)


def _table_row(match: re.Match[str]) -> str:
    return f"{words(match.group(1))} {match.group(2)}"


def choice_options(choices: Sequence[Any], setting: str = "") -> list[tuple[str, str]]:
    """(value, label) pairs for a select of the engine's choices."""
    return [(str(c), value_label(c, setting)) for c in choices]
