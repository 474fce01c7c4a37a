"""Small filters the pages share."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import template

register = template.Library()


@register.filter
def percent(value: float | None) -> str:
    """0.5092 -> "50.9%"; tiny chances keep a significant digit instead of showing 0%."""
    if value is None:
        return ""
    p = float(value) * 100
    if p == 0:
        return "0%"
    if p < 0.1:
        return f"{p:.2g}%"
    return f"{p:.1f}%"


@register.filter
def label(key: str) -> str:
    """``max_speed`` -> "Max speed", as the records pages name keys."""
    from builder.web.records import label as record_label

    return record_label(str(key))


@register.filter
def game_name(slug: str) -> str:
    """``cs-air-action`` -> "Crimson Skies: Air Action": pages name games, never slugs."""
    from builder.web.systems import SYSTEM_INFO

    info = SYSTEM_INFO.get(str(slug))
    return info.name if info else str(slug)


@register.filter
def whole(value: int | None) -> str:
    """200000 -> "200,000": counts a person reads at a glance."""
    return "" if value is None else f"{int(value):,}"


@register.simple_tag
def budget_bar(used: int | None, limit: int | None) -> str:
    """Width (0-100) of the spent part of a budget bar, capped at full."""
    if not used or not limit:
        return "0"
    return f"{min(100.0, 100.0 * used / limit):.1f}"


@register.filter
def readable(value: object) -> str:
    """Any JSON value as labelled HTML (see ``builder.web.records.readable``)."""
    from builder.web.records import readable as readable_html

    return readable_html(value)


@register.filter
def for_players(violation: Mapping[str, Any]) -> str:
    """A violation's message as the page words it: one that asks for a price the book does
    not give points to the page's own "House prices" panel."""
    message = str(violation["message"])
    if violation.get("unpriced"):
        return f"{message} (set a house price for it under House prices)"
    return message


@register.filter
def setting_value(value: object, setting: str = "") -> str:
    """A ruling's or choice's value as words: ``full_plus_half`` -> "Full mass plus half in
    the turret" (see ``builder.games.labels``)."""
    from builder.games.labels import value_label

    return value_label(value, str(setting))


@register.filter
def query_label(query: str) -> str:
    """``defensive_fate`` -> "Defensive fate": an odds query by its name in words."""
    from builder.games.labels import query_label as label_of

    return label_of(str(query))


@register.filter
def words(key: str) -> str:
    """``bail-out`` or ``banked_scores`` -> "Bail out", "Banked scores": names, not keys."""
    text = str(key).replace("-", " ").replace("_", " ")
    return text[:1].upper() + text[1:]


@register.filter
def yesno_words(value: object) -> str:
    """True -> "yes", False -> "no", anything else as it reads."""
    if value is True:
        return "yes"
    if value is False:
        return "no"
    return "" if value is None else str(value)
