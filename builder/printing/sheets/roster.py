"""A roster sheet for any list: the verdict, every error and warning, the itemised price,
house rules and settings, pack versions, and a QR code to the list's share link.

The itemised rows are the list's game's (``builder.games``: a game's ``prints.roster_rows``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import segno

from builder.engine import CheckedList, thaw
from builder.games import game
from builder.games.drawing import shown
from builder.games.labels import value_label, words
from builder.games.prices import violation_entry
from builder.games.prints import Progress


def _used(checked: CheckedList) -> dict[str, str]:
    """The pack versions the verdict was checked against that the list can draw on: those of
    its own and related systems (an Air Action squadron's Aces), and any it names."""
    doc = checked.document
    content = doc.get("content")
    refs = content if isinstance(content, list) else [content]
    named = {r.get("pack") for r in refs if isinstance(r, Mapping)}
    own = game(str(doc.get("system")))
    used = {p.id: p.version for p in checked.catalogue.packs if p.id in named}
    for drawn_on in (own.system, *own.related):
        used |= checked.catalogue.pack_versions(drawn_on)
    return used


def _placed(violation: dict[str, Any], doc: Mapping[str, Any]) -> dict[str, Any]:
    """A violation with where it is in words: the entry's number and name, or the list."""
    index = violation_entry(str(violation.get("path", "")))
    entries = doc.get("entries") or []
    if index is None or index >= len(entries):
        return violation | {"where": "The list"}
    entry = entries[index]
    named = entry.get("name") if isinstance(entry, Mapping) else None
    pilot = entry.get("pilot") if isinstance(entry, Mapping) else None
    if not named and isinstance(pilot, Mapping):
        named = pilot.get("name")
    return violation | {"where": f"Entry {index + 1}" + (f", {named}" if named else "")}


def _name(checked: CheckedList, doc: Mapping[str, Any], ref: str) -> str:
    """A priced record by its name (``rifle`` -> "Rifle"), its id when the book has none."""
    system, _, id_ = ref.rpartition("/")
    own = str(doc.get("system"))
    for type_ in checked.catalogue.types(system or own):
        record = checked.catalogue.get(system or own, type_, id_)
        if record is not None:
            return record.name
    return ref


def qr_svg(url: str) -> str:
    """The share link as an inline SVG QR code (nothing for the renderer to fetch)."""
    return str(segno.make(url, error="m").svg_inline(scale=3, border=2, omitsize=False))


def roster_sheet(
    checked: CheckedList,
    *,
    share_url: str | None = None,
    progress: Progress | None = None,
) -> dict[str, Any]:
    """The values a roster sheet prints, straight from the engine's verdict."""
    doc, verdict = checked.document, checked.verdict
    own = game(doc["system"])
    breakdown = thaw(verdict.breakdown)
    house_rules = thaw(doc.get("house_rules") or {})
    settings = (
        breakdown.get("settings")
        or (thaw(verdict.house_rules) or {}).get("settings")
        or doc.get("settings")
        or {}
    )
    prices = house_rules.get("prices") or {}
    if progress:
        progress(1, 1)
    return {
        "template": "roster",
        "name": doc.get("name") or "Untitled list",
        "system": own.title,
        "kind": doc["kind"],
        "points": verdict.points,
        "limit": verdict.limit,
        "legal": verdict.legal,
        "errors": [_placed(v.to_dict(), doc) for v in verdict.errors],
        "warnings": [_placed(v.to_dict(), doc) for v in verdict.warnings],
        "rows": own.prints.roster_rows(breakdown, doc, checked.catalogue),
        "packs": [f"{pack} {version}" for pack, version in sorted(_used(checked).items())],
        "settings": [
            (words(k).capitalize(), value_label(v, k) if isinstance(v, str) else shown(v))
            for k, v in sorted(settings.items())
        ],
        "prices": [(_name(checked, doc, k), shown(v)) for k, v in sorted(prices.items())],
        "notes": house_rules.get("notes") or "",
        "share_url": share_url,
        "qr_svg": qr_svg(share_url) if share_url else None,
        "sample": False,
    }
