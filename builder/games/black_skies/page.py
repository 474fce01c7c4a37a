"""Black Skies in the builder: a fighter design written out, or a squadron of pilots in
elements, each flying a catalogue design, a saved one or one written out here."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from builder.games.black_skies import fields
from builder.games.black_skies.designs import (
    catalogue_designs,
    design_start,
    designs_followed,
    element_size,
    new_design,
    new_fighter,
)
from builder.games.forms import INT, LIST, TEXT, WRITTEN_OUT, Group, IdOrGroup, Rows
from builder.games.pages import Page

if TYPE_CHECKING:
    from builder.engine import Catalogue
    from builder.games.forms import EntryField
    from builder.games.picks import Picks

DESIGN = Group(
    {
        "name": TEXT,
        "weight": TEXT,
        "thrusters": LIST,
        "weapons": Rows(Group({"weapon": TEXT, "count": INT}, "weapon", {"count": 1})),
        "armour": TEXT,
        "shields": INT,
    },
    defaults={"thrusters": [], "weapons": [], "shields": 0},
)
SQUADRON_FIGHTER = Group(
    {
        "element": TEXT,
        "pilot": Group({"name": TEXT, "skill": INT}),
        "design": IdOrGroup(DESIGN, design_start),
    }
)


def hardpoint_account(design: Mapping[str, Any]) -> dict[str, Any]:
    """A design's breakdown as an entry's price: hardpoints spent of the weight's, by kind,
    and what the design flies with."""
    spent = design.get("hardpoints") or {}
    stats = []
    if design.get("hull") is not None:
        stats.append(f"hull {design['hull']}, acceleration {design.get('acceleration')}")
    stats.append(f"{design.get('dice_per_volley', 0)} d12 a volley")
    if design.get("afterburner_boost") is not None:
        stats.append(f"afterburner +{design['afterburner_boost']} speed")
    return {
        "hardpoints": spent.get("used"),
        "available": spent.get("available"),
        "items": [
            {"name": kind.capitalize(), "points": spent.get(kind, 0), "unit": "hardpoints"}
            for kind in ("weapons", "armour", "shields")
        ],
        "stats": "; ".join(stats),
    }


class BlackSkiesPage(Page):
    def entry_spec(self, kind: str, part: str = "") -> Group:
        return DESIGN if kind == "fighter" else SQUADRON_FIGHTER

    def entry_fields(
        self, kind: str, entry: Mapping[str, Any], picks: Picks, earlier: Sequence[Any]
    ) -> list[EntryField]:
        if kind == "fighter":
            return fields.design_fields(entry, picks.catalogue)
        return fields.squadron_fields(entry, picks, earlier)

    def add_options(self, kind: str, picks: Picks) -> list[tuple[str, str]]:
        if kind == "fighter":
            return []
        return [
            (v, f"{label} ({note})" if note else label)
            for v, label, note in fields.design_options(picks)
        ]

    def new_entry(self, kind: str, value: str, catalogue: Catalogue, entries: Sequence[Any]) -> Any:
        if kind == "fighter":
            return new_design(catalogue)
        design: str | dict[str, Any] = new_design(catalogue) if value == WRITTEN_OUT else value
        return new_fighter(catalogue, entries, design)

    def new_entries(self, kind: str, catalogue: Catalogue) -> list[Any]:
        return [new_design(catalogue)] if kind == "fighter" else []

    def entry_prices(
        self,
        kind: str,
        breakdown: Mapping[str, Any],
        doc: Mapping[str, Any],
        catalogue: Catalogue,
    ) -> dict[int, dict[str, Any]]:
        """Each entry's hardpoint account: the fighter's own, or, in a squadron, that of
        the design the fighter flies (the breakdown keeps designs by name)."""
        if kind == "fighter":
            return {0: hardpoint_account(breakdown)} if breakdown.get("hardpoints") else {}
        designs = breakdown.get("designs") or {}
        named = catalogue_designs(catalogue)
        found = {}
        for i, entry in enumerate(doc.get("entries") or []):
            design = entry.get("design") if isinstance(entry, Mapping) else None
            if isinstance(design, str):
                design = named.get(design)
            if isinstance(design, Mapping) and design.get("name") in designs:
                found[i] = hardpoint_account(designs[design["name"]])
        return found

    def extra_context(
        self, kind: str, verdict: Mapping[str, Any], catalogue: Catalogue
    ) -> dict[str, Any]:
        return {"element_size": element_size(catalogue)} if kind == "squadron" else {}

    def saved_designs_copy(
        self,
        doc: dict[str, Any],
        found: Mapping[str, Mapping[str, Any]],
        catalogue: Catalogue,
    ) -> str:
        """Fighters linked to a saved design fly it as saved now (docs/web.md, "Designs in
        a squadron"); a design that is not the player's is said so in the note."""
        return " ".join(designs_followed(doc.get("entries", []), found, catalogue))

    def saved_kind(self, ids: str) -> str:
        return "fighter" if ids == "design" else ""

    def saved_group(self, ids: str) -> str:
        return "Your saved designs"

    def catalogue_choices(self, ids: str, catalogue: Catalogue) -> list[tuple[str, str]]:
        """The odds form's "Design": the book's designs, kept in its tables, by name."""
        if ids != "design":
            return []
        return sorted(
            ((i, str(d.get("name") or i)) for i, d in catalogue_designs(catalogue).items()),
            key=lambda o: o[1].lower(),
        )


PAGE = BlackSkiesPage()
