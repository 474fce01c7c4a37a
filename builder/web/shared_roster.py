"""A shared list as the printed roster reads: each entry's name, profile, what it carries
and its itemised points, with its own problems beside it.

The rows are the printed roster's (a game's ``prints.roster_rows``) from the list checked
against the pack versions it is pinned to, so the page and the PDF say the same thing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from builder.engine import Catalogue, Verdict, list_checked_against, thaw
from builder.engine.wording import fold_unpriced
from builder.games import game
from builder.games.labels import value_label
from builder.games.prices import counted, violations_beside
from builder.lists.models import SavedList
from builder.lists.pinning import pinned_document, versions_map
from builder.web.listform import setting_specs


@dataclass(frozen=True)
class RosterEntry:
    """One row of the roster and the errors and warnings of the entries it describes."""

    row: Mapping[str, Any]
    points: str
    """The row's points with their unit ("133 points", "1 fighter", "1680 mass")."""
    violations: list[Mapping[str, Any]] = field(default_factory=list)

    @property
    def errors(self) -> int:
        return sum(v["severity"] == "error" for v in self.violations)

    @property
    def warnings(self) -> int:
        return sum(v["severity"] == "warning" for v in self.violations)


@dataclass(frozen=True)
class SharedRoster:
    """What the share page shows: the verdict, the list's own problems and each row."""

    legal: bool
    points: Any
    limit: Any
    entries: list[RosterEntry]
    general: list[Mapping[str, Any]]
    errors: int
    warnings: int
    packs: list[str]
    rulings: list[tuple[str, str]]
    """The disputed readings the list chose (the rest are the book's defaults)."""
    prices: list[tuple[str, Any]]
    """Agreed house prices, by the name of what they price."""
    notes: str
    sections: list[dict[str, Any]]
    """What the printed roster adds at its foot: the navigation deck, the traits' rules."""


def _violations(verdict: Verdict) -> list[dict[str, Any]]:
    """Errors before warnings, as the builder lists them."""
    return [dict(v.to_dict()) for v in (*verdict.errors, *verdict.warnings)]


def _laid_out(
    rows: Sequence[Mapping[str, Any]], violations: Sequence[Mapping[str, Any]], unit: str
) -> tuple[list[RosterEntry], list[Mapping[str, Any]]]:
    """Each violation beside the first row describing its entry; the rest are the list's."""
    beside, general = violations_beside(rows, violations)
    entries = [
        RosterEntry(row, counted(row.get("points"), unit), vs)
        for row, vs in zip(rows, beside, strict=True)
    ]
    return entries, general


def _house_rules(
    doc: Mapping[str, Any], catalogue: Catalogue
) -> tuple[list[tuple[str, str]], list[tuple[str, Any]], str]:
    """The rulings chosen, the agreed prices by name, and the notes: what an opponent
    agrees to before a game."""
    system, kind = str(doc["system"]), str(doc["kind"])
    chosen = doc.get("settings") or {}
    rulings = [
        (spec.label, value_label(chosen[spec.key], spec.key))
        for spec in setting_specs(system, kind)
        if chosen.get(spec.key) is not None
    ]
    house = doc.get("house_rules") or {}
    names = catalogue.names(system)
    prices = [(names.get(k, k), v) for k, v in sorted((house.get("prices") or {}).items())]
    return rulings, prices, str(house.get("notes") or "")


def shared_roster(saved: SavedList, *, unit: str) -> SharedRoster:
    """The roster of ``saved``, checked against its own pack versions; ``unit`` is what its
    total counts (the list kind's).

    Raises:
        ApplicationError: a pack version it is pinned to is no longer stored.
    """
    pins = list(saved.pack_versions.select_related("pack"))
    checked = list_checked_against(pinned_document(saved.document, pins), versions_map(pins))
    verdict = checked.verdict
    prints = game(saved.system.slug).prints
    breakdown = thaw(verdict.breakdown)
    rows = prints.roster_rows(breakdown, checked.document, checked.catalogue)
    violations, unpriced = fold_unpriced(
        _violations(verdict), checked.catalogue.names(saved.system.slug)
    )
    entries, general = _laid_out(rows, violations, unit)
    if unpriced:
        general.append(unpriced)
    rulings, prices, notes = _house_rules(checked.document, checked.catalogue)
    return SharedRoster(
        legal=verdict.legal,
        points=verdict.points,
        limit=verdict.limit,
        entries=entries,
        general=general,
        errors=len(verdict.errors),
        warnings=sum(v["severity"] == "warning" for v in violations),
        packs=sorted(f"{pin.pack.name} {pin.version}" for pin in pins),
        rulings=rulings,
        prices=prices,
        notes=notes,
        sections=prints.roster_sections(breakdown, checked.document, checked.catalogue),
    )


__all__ = ["RosterEntry", "SharedRoster", "shared_roster"]
