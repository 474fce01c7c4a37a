"""The printed cs-hex character sheet: the character's role, budget and XP spent, each
characteristic at its level with what it does, the add-ons, the wingmen, and boxes to keep
the campaign's XP in ("Создание персонажа", "Развитие персонажа").

Every XP figure is the engine's (the verdict's points, limit and breakdown); the sheet only
names and arranges them, so the page, the API and the paper agree.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from builder.core.errors import ApplicationError, ErrorCode
from builder.engine import Catalogue, CheckedList, Record, thaw
from builder.games.cs_hex.character import (
    ADD_ON,
    WINGMAN,
    character_prices,
    characteristics,
    level_costs,
    roles,
    xp_summary,
)
from builder.games.drawing import shown
from builder.games.prints import Face, Progress

SYSTEM = "cs-hex"
CAMPAIGN_ROWS = 24
"""Blank lines for the campaign's battles and purchases: a page of its own."""
GROWTH_NOTE = (
    "Each battle earns XP for what the character did in it, and the referee may award more "
    "for good play and ideas. A new level of a characteristic needs the level before it; an "
    "add-on bought in play costs half, when the player argues for it in play and the "
    "referee agrees (Развитие персонажа)."
)


def _levels(entry: Mapping[str, Any]) -> Mapping[str, Any]:
    found = entry.get("characteristics")
    return found if isinstance(found, Mapping) else {}


def _characteristic_rows(
    catalogue: Catalogue, levels: Mapping[str, Any], costs: Mapping[int, int]
) -> list[dict[str, Any]]:
    rows = []
    for record in characteristics(catalogue):
        level = levels.get(record.id, 0)
        level = level if isinstance(level, int) else 0
        rows.append(
            {
                "name": record.name,
                "original": record.name_original or "",
                "level": level,
                "xp": costs.get(level),
                "next_xp": costs.get(level + 1),
                "rule": str(record.data.get("rule_text", "")),
            }
        )
    return rows


def _add_on(catalogue: Catalogue, entry: Mapping[str, Any]) -> dict[str, Any]:
    record: Record | None = catalogue.get(SYSTEM, "ability", str(entry.get("add_on", "")))
    count = entry.get("count", 1)
    cost = record.data.get("cost_xp") if record is not None else None
    return {
        "name": record.name if record is not None else str(entry.get("add_on", "")),
        "original": (record.name_original or "") if record is not None else "",
        "count": count,
        "xp": cost * count if isinstance(cost, int) and isinstance(count, int) else None,
        "rule": str(record.data.get("rule_text", "")) if record is not None else "",
    }


def character_sheet(checked: CheckedList, *, progress: Progress | None = None) -> dict[str, Any]:
    """The character sheet's values, from the engine's verdict on the character."""
    catalogue, doc, verdict = checked.catalogue, checked.document, checked.verdict
    entries = [e if isinstance(e, Mapping) else {} for e in doc.get("entries") or ()]
    costs = level_costs(catalogue)
    verdict_dict = {"points": verdict.points, "limit": verdict.limit}
    prices = character_prices(thaw(verdict.breakdown), doc, catalogue)
    main = next((e for e in entries if e.get("part") == "character"), {})
    role = next((r for r in roles(catalogue) if r.slug == main.get("role")), None)
    wingman_role = next((r for r in roles(catalogue) if r.slug == WINGMAN), None)
    wingmen: list[dict[str, Any]] = []
    for i, entry in enumerate(entries):
        if entry.get("part") != WINGMAN:
            continue
        levels = _levels(entry)
        price = prices.get(i, {})
        wingmen.append(
            {
                "name": str(entry.get("name") or f"Wingman {len(wingmen) + 1}"),
                "characteristics": _characteristic_rows(catalogue, levels, costs),
                "spent": price.get("xp"),
                "budget": price.get("budget") or (wingman_role.budget if wingman_role else None),
            }
        )
    if progress:
        progress(1, 1)
    summary = xp_summary(verdict_dict)
    return {
        "template": "character",
        "name": doc.get("name") or "Unnamed character",
        "role": role.label if role else shown(main.get("role")),
        "role_original": role.original if role else "",
        "budget": verdict.limit,
        "spent": verdict.points,
        "left": summary["said"],
        "over": bool(summary.get("over")),
        "characteristics": _characteristic_rows(catalogue, _levels(main), costs),
        "add_ons": [_add_on(catalogue, e) for e in entries if e.get("part") == ADD_ON],
        "wingmen": wingmen,
        "campaign_rows": list(range(CAMPAIGN_ROWS)),
        "growth_note": GROWTH_NOTE,
        "legal": verdict.legal,
        "errors": [v.message for v in verdict.errors],
        "warnings": [v.message for v in verdict.warnings],
    }


class CharacterSheet:
    """A cs-hex character's sheet, one flowing page; only a character list has one."""

    @property
    def kinds(self) -> tuple[str, ...]:
        return ("character",)

    def refusal(self, document: Mapping[str, Any]) -> ApplicationError:
        return ApplicationError(
            ErrorCode.NOT_PRINTABLE,
            f"{document.get('name') or 'This list'} is a {document.get('system')} "
            f"{document.get('kind')}, not a cs-hex character: only characters have a "
            "character sheet.",
            [
                {
                    "path": "$.kind",
                    "field": "kind",
                    "message": "a character sheet needs system cs-hex, kind character",
                }
            ],
        )

    def for_list(self, checked: CheckedList, *, progress: Progress | None) -> dict[str, Any]:
        return character_sheet(checked, progress=progress)

    def printable(self, catalogue: Catalogue) -> list[Record]:
        return []

    def for_records(
        self, catalogue: Catalogue, refs: list[str], *, progress: Progress | None
    ) -> list[Face]:
        raise ApplicationError(
            ErrorCode.NOT_PRINTABLE,
            "A character sheet prints a character: give the character, not records.",
            [{"path": "$.what.list", "field": "list", "message": "required"}],
        )


CHARACTER_SHEET = CharacterSheet()
