"""A roster sheet for any list, for the organiser who checks it: the verdict, each entry's
errors and warnings beside it in words, the itemised price with identical entries grouped
and one total at the end, the rulings and house prices in force, the packs by title, and a
QR code to the list's share link.

The itemised rows are the list's game's (``builder.games``: a game's ``prints.roster_rows``).
"""

from __future__ import annotations

import ipaddress
from collections.abc import Mapping, Sequence
from typing import Any
from urllib.parse import urlsplit

import segno

from builder.engine import CheckedList, schema_message_in_words, thaw
from builder.engine.wording import fold_unpriced
from builder.games import game
from builder.games.labels import value_label, words
from builder.games.prices import counted, violations_beside
from builder.games.prints import Progress, Row

LOOPBACK_NOTE = (
    "This link only works on the computer that printed it: set the site address to one "
    "your opponents can open, then print again."
)
"""Said under a QR code that points at this computer (127.0.0.1, localhost, ::1)."""


def _used(checked: CheckedList) -> list[str]:
    """The packs the verdict was checked against that the list can draw on, by title and
    version: those of its own and related systems (an Air Action squadron's Aces), and any
    it names."""
    doc = checked.document
    content = doc.get("content")
    refs = content if isinstance(content, list) else [content]
    named = {r.get("pack") for r in refs if isinstance(r, Mapping)}
    own = game(str(doc.get("system")))
    systems = {own.system, *own.related}
    used = [p for p in checked.catalogue.packs if p.id in named or p.system in systems]
    return sorted({f"{p.name} {p.version}" for p in used})


def _said(violation: Mapping[str, Any]) -> dict[str, Any]:
    """A violation as the sheet prints it: its message in words, its severity named."""
    message = schema_message_in_words(str(violation["message"]), str(violation.get("path", "")))
    return {"severity": str(violation["severity"]), "message": message[:1].upper() + message[1:]}


def _laid_out(
    rows: Sequence[Row], violations: Sequence[Mapping[str, Any]]
) -> tuple[list[list[dict[str, Any]]], list[dict[str, Any]]]:
    """Each violation in words beside the first row describing its entry, errors first;
    the rest are the whole list's."""
    errors_first = sorted(violations, key=lambda v: v["severity"] != "error")
    beside, general = violations_beside(rows, errors_first)
    return [[_said(v) for v in vs] for vs in beside], [_said(v) for v in general]


def _whole(points: str) -> int | None:
    try:
        return int(points)
    except ValueError:
        return None


def _grouped(rows: Sequence[Row], beside: Sequence[list[dict[str, Any]]]) -> list[dict[str, Any]]:
    """Identical entries (the same name, profile, items, points and problems) as one row,
    "20 × Trooper", in the order each first appears: a horde reads as one line."""
    groups: dict[str, dict[str, Any]] = {}
    for row, problems in zip(rows, beside, strict=True):
        key = repr((row["label"], row["detail"], row["items"], row["points"], problems))
        if key in groups:
            groups[key]["count"] += 1
        else:
            groups[key] = {**row, "problems": problems, "count": 1, "each": row["points"]}
    grouped = []
    for group in groups.values():
        count, each = group["count"], group["each"]
        if count > 1:
            group["label"] = f"{count} × {group['label']}"
            one = _whole(each)
            group["points"] = str(one * count) if one is not None else each
            group["each"] = f"{each} each"
        else:
            group["each"] = ""
        grouped.append(group)
    return grouped


def loopback(url: str) -> bool:
    """Whether ``url`` points at the computer that made it, so no one else can open it."""
    host = urlsplit(url).hostname or ""
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


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
    kind = own.kind(str(doc["kind"]))
    unit = kind.unit if kind is not None else "points"
    breakdown = thaw(verdict.breakdown)
    house_rules = thaw(doc.get("house_rules") or {})
    settings = (
        breakdown.get("settings")
        or (thaw(verdict.house_rules) or {}).get("settings")
        or doc.get("settings")
        or {}
    )
    names = checked.catalogue.names(own.system)
    for related in own.related:
        names = checked.catalogue.names(related) | names
    violations, unpriced = fold_unpriced(
        [v.to_dict() for v in (*verdict.errors, *verdict.warnings)], names
    )
    rows = own.prints.roster_rows(breakdown, doc, checked.catalogue)
    beside, general = _laid_out(rows, violations)
    if unpriced:
        general.append({"severity": "notice", "message": unpriced["message"]})
    prices = house_rules.get("prices") or {}
    sheet = house_rules.get("price_sheet")
    if progress:
        progress(1, 1)
    return {
        "template": "roster",
        "name": doc.get("name") or "Untitled list",
        "system": own.title,
        "kind": kind.label.lower() if kind is not None else words(str(doc["kind"])),
        "unit": unit,
        "unit_label": unit if unit.isupper() else unit.capitalize(),
        "points": verdict.points,
        "limit": verdict.limit,
        "legal": verdict.legal,
        "errors": sum(v["severity"] == "error" for v in violations),
        "warnings": sum(v["severity"] == "warning" for v in violations),
        "notes_count": 1 if unpriced else 0,
        "general": general,
        "rows": _grouped(rows, beside),
        "sections": own.prints.roster_sections(breakdown, doc, checked.catalogue),
        "packs": _used(checked),
        "settings": [
            (words(k).capitalize(), "—" if v is None else value_label(v, k))
            for k, v in sorted(settings.items())
        ],
        "price_sheet": str(sheet.get("name") or "") if isinstance(sheet, Mapping) else "",
        "prices": [
            (names.get(k.rpartition("/")[2]) or value_label(k), counted(v, unit))
            for k, v in sorted(prices.items())
        ],
        "notes": house_rules.get("notes") or "",
        "share_url": share_url,
        "qr_svg": qr_svg(share_url) if share_url else None,
        "loopback": LOOPBACK_NOTE if share_url and loopback(share_url) else "",
        "sample": False,
    }
