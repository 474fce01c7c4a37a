"""A roster sheet for any list: the verdict, every error and warning, the itemised price,
house rules and settings, pack versions, and a QR code to the list's share link."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import segno

from builder.engine import CheckedList, thaw
from builder.lists.pinning import systems_for
from builder.printing.sheets.common import Progress, shown

SYSTEM_NAMES = {
    "cs-air-action": "Crimson Skies: Air Action",
    "cs-aces": "Crimson Skies: Aces",
    "crimson-dust": "Crimson Dust",
    "black-skies": "Black Skies",
    "cs-hex": "Crimson Skies hex-map rules",
}


def _row(label: str, detail: str, items: list[tuple[str, Any]], points: Any) -> dict[str, Any]:
    return {
        "label": label,
        "detail": detail,
        "items": [{"name": n, "points": shown(p)} for n, p in items],
        "points": "" if points is None else shown(points),
    }


def _air_action(b: Mapping[str, Any], doc: Mapping[str, Any]) -> list[dict[str, Any]]:
    rows = []
    for plane in b.get("planes", ()):
        items: list[tuple[str, Any]] = [(f"Plane: {plane['name']}", plane["plane_points"])]
        if plane.get("ace"):
            items.append((f"Ace: {plane['ace']['name']}", plane["ace"]["points"]))
        rows.append(_row(plane["name"], plane.get("pilot") or "", items, plane["points"]))
    return rows


def _aces(b: Mapping[str, Any], doc: Mapping[str, Any]) -> list[dict[str, Any]]:
    rows = []
    for c in b.get("characters", ()):
        kind = "Ace" if c["kind"] == "ace" else "Character token"
        items = [(f"{c['count']} × {c['points_each']} points", c["points"])]
        rows.append(_row(c["name"], kind, items, c["points"]))
    return rows


def _crimson_dust(b: Mapping[str, Any], doc: Mapping[str, Any]) -> list[dict[str, Any]]:
    rows = []
    for m in b.get("models", ()):
        items = []
        for item in m.get("items", ()):
            note = "" if item.get("price") == "book" else f" ({item.get('price')})"
            items.append((f"{item['kind'].capitalize()}: {item['name']}{note}", item["points"]))
        profile = (m.get("effective") or {}).get("profile") or {}
        detail = " ".join(f"{k} {shown(v)}" for k, v in profile.items())
        rows.append(_row(m["name"], detail, items, m["points"]))
    return rows


def _black_skies(b: Mapping[str, Any], doc: Mapping[str, Any]) -> list[dict[str, Any]]:
    if doc["kind"] == "fighter":
        hp = b.get("hardpoints", {})
        items = [
            (f"{k.capitalize()} hardpoints", hp.get(k)) for k in ("weapons", "armour", "shields")
        ]
        detail = f"hull {shown(b.get('hull'))}, acceleration {shown(b.get('acceleration'))}"
        return [_row(b.get("name") or doc["name"], detail, items, hp.get("used"))]
    rows = []
    for entry in doc["entries"]:
        design = entry.get("design")
        name = design if isinstance(design, str) else (design or {}).get("name", "design")
        pilot = entry.get("pilot") or {}
        detail = f"element {entry.get('element', '?')}, pilot skill {shown(pilot.get('skill'))}"
        rows.append(_row(pilot.get("name") or "Pilot", detail, [(f"Design: {name}", 1)], 1))
    return rows


def _cs_hex(b: Mapping[str, Any], doc: Mapping[str, Any]) -> list[dict[str, Any]]:
    mass = b.get("mass", {})
    rows = [
        _row(
            "Airframe",
            f"{b.get('plane_type', '?')} plane, size {shown(b.get('size'))}",
            [
                (f"{k.replace('_', ' ').capitalize()} mass", mass.get(k))
                for k in ("max_speed", "g_rating", "acceleration")
            ],
            sum(mass.get(k, 0) for k in ("max_speed", "g_rating", "acceleration")),
        )
    ]
    armour = b.get("armour", {})
    rows.append(
        _row(
            "Armour",
            "3 mass a point",
            [
                (f"{a['name']}: {a['points']} points", a["mass"])
                for a in armour.values()
                if a["points"]
            ],
            mass.get("armour"),
        )
    )
    for key, label in (
        ("guns", "Gun"),
        ("turrets", "Turret"),
        ("rockets", "Rocket"),
        ("drop_tanks", "Drop tank"),
    ):
        for item in b.get(key, ()):
            name = item.get("name") or ", ".join(item.get("guns", ()))
            count = item.get("count")
            rows.append(_row(label, f"{count} × {name}" if count else name, [], item["mass"]))
    return rows


ROWS = {
    "cs-air-action": _air_action,
    "cs-aces": _aces,
    "crimson-dust": _crimson_dust,
    "black-skies": _black_skies,
    "cs-hex": _cs_hex,
}


def _used(checked: CheckedList) -> dict[str, str]:
    """The pack versions the verdict was checked against that the list can draw on: those of
    its own and related systems (an Air Action squadron's Aces), and any it names."""
    doc = checked.document
    content = doc.get("content")
    refs = content if isinstance(content, list) else [content]
    named = {r.get("pack") for r in refs if isinstance(r, Mapping)}
    systems = systems_for(str(doc.get("system")))
    return {
        p.id: p.version
        for p in checked.catalogue.packs
        if p.system in systems or p.id in named
    }


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
        "system": SYSTEM_NAMES.get(doc["system"], doc["system"]),
        "kind": doc["kind"],
        "points": verdict.points,
        "limit": verdict.limit,
        "legal": verdict.legal,
        "errors": [v.to_dict() for v in verdict.errors],
        "warnings": [v.to_dict() for v in verdict.warnings],
        "rows": ROWS[doc["system"]](breakdown, doc),
        "packs": [f"{pack} {version}" for pack, version in sorted(_used(checked).items())],
        "settings": [(k, shown(v)) for k, v in sorted(settings.items())],
        "prices": [(k, shown(v)) for k, v in sorted(prices.items())],
        "notes": house_rules.get("notes") or "",
        "share_url": share_url,
        "qr_svg": qr_svg(share_url) if share_url else None,
        "sample": False,
    }
