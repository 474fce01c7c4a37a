"""Checking a character against the creation rules ("Создание персонажа", seed 004).

The price of a character is the XP its characteristics and add-ons cost; the limit is its
role's budget (700 a pilot, 400 a wingman, 300 a turret gunner), plus the XP a campaign
has developed it by (``settings.developed_xp``, docs/rulings/cs-hex.md 36). Each wingman
bought is written out and checked against his own budget. Every broken rule is collected
with its JSON path.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rules_engine.catalogue import Catalogue
from rules_engine.cs_hex.character_rules import (
    ADD_ONS_SECTION,
    CREATION,
    PILOT,
    WINGMAN,
    CharacterRules,
    character_rules,
)
from rules_engine.cs_hex.codes import CharacterCode as Code
from rules_engine.cs_hex.codes import Code as DesignCode
from rules_engine.jsonpath import child
from rules_engine.verdict import PricedEntry, Severity, Verdict, Violation

CHARACTER = "character"
ADD_ON = "add-on"


@dataclass
class _Tally:
    rules: CharacterRules
    violations: list[Violation] = field(default_factory=list)

    def add(
        self, code: Code | DesignCode, message: str, path: str, severity: Severity = Severity.ERROR
    ) -> None:
        self.violations.append(Violation(str(code), message, path, severity))


def check_character(catalogue: Catalogue, doc: Mapping[str, Any]) -> Verdict:
    """Price a character and report every creation rule it breaks.

    Args:
        catalogue: a snapshot holding the cs-hex-core pack.
        doc: a schema-valid ``cs-hex``/``character`` list document.

    Returns:
        ``points`` is the XP the character spends (characteristics and add-ons), ``limit``
        its role's budget plus ``settings.developed_xp``; the entries price the character
        and each add-on; the breakdown itemises levels, add-ons and each wingman.
    """
    tally = _Tally(character_rules(catalogue))
    rules = tally.rules
    entries = doc["entries"]
    developed = int((doc.get("settings") or {}).get("developed_xp", 0))
    found = [i for i, e in enumerate(entries) if e["part"] == CHARACTER]
    if not found:
        tally.add(
            Code.NO_CHARACTER,
            "The list has no character: its first entry is the "
            f"character's role and characteristics ({CREATION})",
            "$.entries",
        )
    elif found[0] != 0:
        tally.add(
            Code.NO_CHARACTER,
            f"The character comes first: move this entry to the top of the list ({CREATION})",
            child("$.entries", found[0]),
        )
    for index in found[1:]:
        tally.add(
            Code.EXTRA_CHARACTER,
            f"A list is one character: write a wingman as a wingman entry ({CREATION})",
            child("$.entries", index),
        )

    main = entries[found[0]] if found else None
    role = str(main["role"]) if main else PILOT
    main_path = child("$.entries", found[0]) if found else "$.entries"
    budget = rules.budgets.get(role)
    if main is not None and budget is None:
        tally.add(
            Code.UNKNOWN_ROLE,
            f"There is no role {role!r} (the book has: {', '.join(rules.budgets)})",
            child(main_path, "role"),
        )
    name = str(main.get("name") or doc["name"]) if main else str(doc["name"])
    levels, levels_xp = _levels(
        tally, main["characteristics"] if main else {}, role, main_path, name
    )
    add_ons, add_ons_xp, wingmen_bought, wingman_path = _add_ons(tally, entries, role)
    wingmen = _wingmen(tally, entries, wingmen_bought, wingman_path)

    spent = levels_xp + add_ons_xp
    limit = None if budget is None else budget + developed
    if limit is not None and spent > limit:
        grown = f" and the {developed} XP developed in play" if developed else ""
        tally.add(
            Code.OVER_BUDGET,
            f"{name} spends {spent} XP, {spent - limit} over the "
            f"{budget} XP of a {rules.role_word(role)}{grown} ({CREATION})",
            "$.entries",
        )
    points_limit = doc.get("points_limit")
    if points_limit is not None and limit is not None and points_limit != limit:
        tally.add(
            DesignCode.POINTS_LIMIT_IGNORED,
            f"The points limit {points_limit} is "
            f"ignored: a {rules.role_word(role)}'s budget is {limit} XP",
            "$.points_limit",
            Severity.WARNING,
        )

    priced = [PricedEntry(main_path, name, levels_xp)] if main else []
    priced += [
        PricedEntry(
            a["path"], a["name"] if a["count"] == 1 else f"{a['name']} ×{a['count']}", a["xp"]
        )
        for a in add_ons
    ]
    breakdown = {
        "role": role,
        "role_label": rules.role_labels.get(role, role),
        "budget": budget,
        "developed_xp": developed,
        "limit": limit,
        "spent": spent,
        "characteristics_xp": levels_xp,
        "add_ons_xp": add_ons_xp,
        "xp_left": None if limit is None else limit - spent,
        "characteristics": levels,
        "add_ons": add_ons,
        "wingmen": wingmen,
    }
    return Verdict(
        points=spent,
        limit=limit,
        violations=tuple(tally.violations),
        breakdown=breakdown,
        house_rules=dict(doc.get("house_rules") or {}),
        entries=tuple(sorted(priced, key=lambda p: _index(p.path))),
    )


def _index(path: str) -> int:
    return int(path.removeprefix("$.entries[").partition("]")[0])


def _levels(
    tally: _Tally, given: Mapping[str, Any], role: str, path: str, name: str
) -> tuple[list[dict[str, Any]], int]:
    """Each characteristic's level and its total XP (a missing one is level 0); the
    minimum and fixed levels of Constitution ("Телосложение у персонажей не может быть
    меньше 3-х, а у ведомых и стрелков турелей всегда равна 3")."""
    rules = tally.rules
    where = child(path, "characteristics")
    for unknown in sorted(set(given) - set(rules.characteristics)):
        tally.add(
            Code.UNKNOWN_CHARACTERISTIC,
            f"There is no characteristic {unknown!r} (the "
            f"book's are: {', '.join(rules.characteristics)})",
            child(where, unknown),
        )
    found = []
    total = 0
    for c in rules.characteristics.values():
        level = int(given.get(c.id, 0))
        at = child(where, c.id)
        fixed = rules.fixed_level(c, role)
        if level > rules.max_level:
            tally.add(
                Code.LEVEL_NOT_IN_TABLE,
                f"{c.name} {level} is off the book's table: "
                f"levels run from 0 to {rules.max_level} ({CREATION})",
                at,
            )
        elif fixed is not None and level != fixed:
            tally.add(
                Code.FIXED_LEVEL,
                f"{c.name} is always {fixed} for a "
                f"{rules.role_word(role)}, not {level} ({CREATION})",
                at,
            )
        elif fixed is None and level < c.minimum:
            tally.add(
                Code.BELOW_MINIMUM,
                f"{c.name} must be at least {c.minimum} for a "
                f"{rules.role_word(role)}; {name} has {level} ({CREATION})",
                at,
            )
        xp = rules.level_cost(level)
        total += xp
        found.append(
            {"id": c.id, "name": c.name, "name_original": c.name_original, "level": level, "xp": xp}
        )
    return found, total


def _add_ons(
    tally: _Tally, entries: list[Any], role: str
) -> tuple[list[dict[str, Any]], int, int, str | None]:
    """Add-ons at their price times their count, within their maximum ("Дополнения");
    only the player character buys them ("Ведомый ... не имеет дополнений")."""
    rules = tally.rules
    found: list[dict[str, Any]] = []
    counts: dict[str, int] = {}
    total = wingmen = 0
    wingman_path = None
    for index, entry in enumerate(entries):
        if entry["part"] != ADD_ON:
            continue
        path = child("$.entries", index)
        record = rules.add_ons.get(entry["add_on"])
        if record is None:
            tally.add(
                Code.UNKNOWN_ADD_ON,
                f"There is no add-on {entry['add_on']!r} (the "
                f"book's are: {', '.join(a.name for a in rules.add_ons.values())})",
                child(path, "add_on"),
            )
            continue
        count = int(entry.get("count", 1))
        if role != PILOT:
            tally.add(
                Code.ADD_ONS_NOT_ALLOWED,
                f"A {rules.role_word(role)} takes no add-ons: "
                f"{record.name} is for the player character ({ADD_ONS_SECTION})",
                path,
            )
        if record.id in counts:
            tally.add(
                Code.DUPLICATE_ADD_ON,
                f"{record.name} is written twice: raise the count of the first entry instead",
                child(path, "add_on"),
            )
        before = counts.get(record.id, 0)
        counts[record.id] = before + count
        if before <= record.max_count < counts[record.id]:
            tally.add(
                Code.ADD_ON_OVER_MAXIMUM,
                f"{record.name} is bought {counts[record.id]} "
                f"times, {counts[record.id] - record.max_count} over the "
                f"{record.max_count} a character may have ({ADD_ONS_SECTION})",
                child(path, "count"),
            )
        if record.id == WINGMAN:
            wingmen += count
            wingman_path = wingman_path or path
        xp = record.cost_xp * count
        total += xp
        found.append(
            {
                "path": path,
                "id": record.id,
                "name": record.name,
                "name_original": record.name_original,
                "count": count,
                "cost_xp": record.cost_xp,
                "xp": xp,
            }
        )
    return found, total, wingmen, wingman_path


def _wingmen(
    tally: _Tally, entries: list[Any], bought: int, bought_path: str | None
) -> list[dict[str, Any]]:
    """Each wingman written out: a character of his own budget with no add-ons ("Ведомый
    создается как персонаж на 400 ХР ... но не имеет дополнений"), one per Wingman bought."""
    rules = tally.rules
    budget = rules.budgets.get(WINGMAN, 0)
    found = []
    written = [i for i, e in enumerate(entries) if e["part"] == WINGMAN]
    for n, index in enumerate(written):
        entry = entries[index]
        path = child("$.entries", index)
        name = str(entry.get("name") or "").strip()
        if not name:
            tally.add(
                Code.WINGMAN_UNNAMED,
                "Give the wingman a name",
                child(path, "name"),
                Severity.WARNING,
            )
        shown = name or f"Wingman {n + 1}"
        levels, spent = _levels(tally, entry["characteristics"], WINGMAN, path, shown)
        if spent > budget:
            tally.add(
                Code.OVER_BUDGET,
                f"{shown} spends {spent} XP, {spent - budget} over "
                f"the {budget} XP of a wingman ({ADD_ONS_SECTION})",
                path,
            )
        if n == bought:
            tally.add(
                Code.WINGMEN_NOT_BOUGHT,
                f"{len(written)} wingmen are written out but "
                f"{bought} bought: each wingman is bought with the Wingman add-on "
                f"({ADD_ONS_SECTION})",
                path,
            )
        found.append(
            {
                "path": path,
                "name": shown,
                "budget": budget,
                "spent": spent,
                "xp_left": budget - spent,
                "characteristics": levels,
            }
        )
    if len(written) < bought:
        tally.add(
            Code.WINGMEN_NOT_WRITTEN,
            f"{bought} Wingman add-ons are bought but "
            f"{len(written)} written out: write each wingman's name and "
            f"characteristics ({ADD_ONS_SECTION})",
            bought_path or "$.entries",
        )
    return found
