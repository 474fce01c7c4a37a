"""Read-only tables for every record kind, in the style of the dial table.

An archetype reads as its three profiles with upgrade and skill costs; a mass table by
size; anything else as nested tables of its document, where a small group of numbers
(range bands, a profile) lies across one row as the book prints it. A cost the book marks
``-`` shows as "–" and one it does not give as "not given", so the two are never confused.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe

QUALITIES = ("green", "regular", "veteran")
PROFILE = ("Mv", "Mr", "Rg", "As", "Df", "S", "Av", "Dc", "In")
NOT_PRINTED = "–"

_STEP = re.compile(r"\.([A-Za-z_][A-Za-z0-9_]*)|\[(\d+)\]|\[(['\"])(.*?)\3\]")

TOP_LABELS = {
    "name": "Name",
    "name_original": "Name as printed",
    "source": "Source",
    "sample": "Sample data",
    "uncertain": "Uncertain values",
}
"""Labels of a record's own keys (outside its document, whose keys are labelled as read)."""


def field_label(json_path: str) -> str:
    """A field's label from its path in a record: ``$.data.clicks[2].values.piloting`` reads
    ``Clicks 3 › Values › Piloting``; the document's own ``data`` is not named."""
    steps: list[str] = []
    for n, (key, index, _quote, quoted) in enumerate(_STEP.findall(json_path.removeprefix("$"))):
        if index:
            steps[-1:] = [f"{steps[-1]} {int(index) + 1}" if steps else f"Item {int(index) + 1}"]
        elif n == 0 and key == "data":
            continue
        else:
            name = key or quoted
            steps.append(TOP_LABELS.get(name, name) if n == 0 else name)
    words = [s if s[:1].isupper() else s.replace("_", " ").capitalize() for s in steps]
    return " › ".join(words) or "The whole document"


def record_field_label(json_path: str, data: Any, names: Mapping[str, str] | None = None) -> str:
    """A field's label as ``field_label`` reads it, with each item of a list named by its
    own name where it has one: ``$.data.skills[1].costs.veteran`` reads ``Skills › Sniper
    › Costs › Veteran`` for a record whose second skill is Sniper."""
    names = names or {}
    steps: list[str] = []
    value: Any = {"data": data}
    for n, (key, index, _quote, quoted) in enumerate(_STEP.findall(json_path.removeprefix("$"))):
        if index:
            i = int(index)
            item = value[i] if isinstance(value, list) and i < len(value) else None
            value = item
            named = _item_name(item, names)
            if named:
                steps.append(named)
            else:
                steps[-1:] = [f"{steps[-1]} {i + 1}" if steps else f"Item {i + 1}"]
            continue
        name = key or quoted
        value = value.get(name) if isinstance(value, Mapping) else None
        if n == 0 and name == "data":
            continue
        steps.append(TOP_LABELS.get(name, name) if n == 0 else name)
    words = [s if s[:1].isupper() else s.replace("_", " ").capitalize() for s in steps]
    return " › ".join(words) or "The whole document"


def _item_name(item: Any, names: Mapping[str, str]) -> str:
    if not isinstance(item, Mapping):
        return ""
    if item.get("name"):
        return str(item["name"])
    for key in ("id", "skill", "upgrade", "weapon", "ability"):
        ident = item.get(key)
        if isinstance(ident, str) and ident in names:
            return names[ident]
    return ""


def source_text(source: Any, titles: Mapping[str, str]) -> str:
    """A record's source as a player cites it: the book's title and the section
    ("Crimson Skies: Air Action Complete Rules, Navigation"), never the seed file's name."""
    if not isinstance(source, Mapping):
        return ""
    title = titles.get(str(source.get("seed") or ""), "")
    section = str(source.get("section") or "")
    return ", ".join(part for part in (title, section) if part)


def _label(key: Any) -> str:
    text = str(key)
    return text if text[:1].isupper() else text.replace("_", " ").capitalize()


def _is_cost(value: Any) -> bool:
    return (
        isinstance(value, Mapping)
        and len(value) == 1
        and next(iter(value))
        in {
            "pts",
            "not_available",
            "not_given",
        }
    )


def _cost_cell(cost: Any) -> SafeString:
    if isinstance(cost, Mapping) and "pts" in cost:
        return format_html("<td>{}</td>", cost["pts"])
    if isinstance(cost, Mapping) and cost.get("not_available"):
        return format_html('<td class="not-available" title="not available">{}</td>', "–")
    return format_html('<td class="not-given" title="the book gives no cost">{}</td>', "not given")


def _scalar(value: Any) -> str:
    if value is None:
        return NOT_PRINTED
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def _cell(value: Any) -> SafeString:
    if _is_cost(value):
        return _cost_cell(value)
    return format_html("<td>{}</td>", value_html(value))


def _flat(value: Any) -> bool:
    return not isinstance(value, Mapping | list)


def value_html(value: Any, top: bool = False) -> SafeString:
    """Any document value as HTML: scalars as text, lists and objects as tables."""
    if _is_cost(value):
        cell = _cost_cell(value)
        return mark_safe(str(cell)[4:-5])
    if isinstance(value, Mapping):
        if not value:
            return format_html("{}", NOT_PRINTED)
        if not top and all(_flat(v) for v in value.values()) and len(value) <= 12:
            return _across(value)
        if "columns" in value and "rows" in value:
            rest = {k: v for k, v in value.items() if k not in {"columns", "rows"}}
            return format_html(
                "{}{}",
                _grid(value["columns"], value["rows"]),
                value_html(rest, top) if rest else "",
            )
        rows = format_html_join(
            "",
            '<tr><th scope="row">{}</th>{}</tr>',
            ((_label(k), _cell(v)) for k, v in value.items()),
        )
        return format_html('<table class="muster-record"><tbody>{}</tbody></table>', rows)
    if isinstance(value, list):
        if not value:
            return format_html("{}", NOT_PRINTED)
        if all(isinstance(v, Mapping) for v in value):
            columns: list[str] = []
            for item in value:
                columns += [k for k in item if k not in columns]
            return _grid(columns, [[item.get(c) for c in columns] for item in value])
        return format_html("{}", ", ".join(_scalar(v) for v in value))
    return format_html("{}", _scalar(value))


def _across(value: Mapping[str, Any]) -> SafeString:
    head = format_html_join("", "<th>{}</th>", ((_label(k),) for k in value))
    cells = format_html_join("", "{}", ((_cell(v),) for v in value.values()))
    return format_html(
        '<table class="muster-record"><thead><tr>{}</tr></thead><tbody><tr>{}</tr></tbody></table>',
        head,
        cells,
    )


def _grid(columns: Sequence[Any], rows: Sequence[Sequence[Any]]) -> SafeString:
    head = format_html_join("", "<th>{}</th>", ((_label(c),) for c in columns))
    body = format_html_join(
        "",
        "<tr>{}</tr>",
        ((format_html_join("", "{}", ((_cell(v),) for v in row)),) for row in rows),
    )
    return format_html(
        '<table class="muster-record"><thead><tr>{}</tr></thead><tbody>{}</tbody></table>',
        head,
        body,
    )


def archetype_table(data: Mapping[str, Any]) -> SafeString:
    """The three profile boxes, then upgrades and skills priced per quality, then its rules."""
    qualities = data.get("qualities") or {}
    head = format_html_join("", "<th>{}</th>", ((s,) for s in PROFILE))
    profile_rows = format_html_join(
        "",
        '<tr><th scope="row">{}</th>{}<td>{}</td><td>{}</td></tr>',
        (
            (
                q.capitalize(),
                format_html_join(
                    "",
                    "<td>{}</td>",
                    ((_scalar((qualities[q].get("profile") or {}).get(s)),) for s in PROFILE),
                ),
                qualities[q].get("points"),
                ", ".join(qualities[q].get("special") or []) or NOT_PRINTED,
            )
            for q in QUALITIES
            if q in qualities
        ),
    )
    parts = [
        format_html(
            '<table class="muster-record muster-profiles"><caption>Profiles</caption>'
            "<thead><tr><th>Quality</th>{}<th>Points</th><th>Special</th></tr></thead>"
            "<tbody>{}</tbody></table>",
            head,
            profile_rows,
        )
    ]
    cost_head = format_html_join("", "<th>{}</th>", ((q.capitalize(),) for q in QUALITIES))

    def costs(costs: Mapping[str, Any]) -> SafeString:
        return format_html_join("", "{}", ((_cost_cell(costs.get(q)),) for q in QUALITIES))

    if data.get("upgrades"):
        rows = format_html_join(
            "",
            '<tr><th scope="row">{}</th>{}<td>{}</td><td>{}</td></tr>',
            (
                (
                    u["name"],
                    costs(u.get("costs") or {}),
                    "no limit" if u.get("max") is None else u["max"],
                    u.get("note") or "",
                )
                for u in data["upgrades"]
            ),
        )
        parts.append(
            format_html(
                '<table class="muster-record muster-upgrades"><caption>Profile upgrades</caption>'
                "<thead><tr><th>Upgrade</th>{}<th>Max</th><th>Note</th></tr></thead>"
                "<tbody>{}</tbody></table>",
                cost_head,
                rows,
            )
        )
    if data.get("skills"):
        rows = format_html_join(
            "",
            '<tr><th scope="row">{}</th>{}<td>{}</td></tr>',
            (
                (s["skill"], costs(s.get("costs") or {}), s.get("note") or "")
                for s in data["skills"]
            ),
        )
        parts.append(
            format_html(
                '<table class="muster-record muster-skills"><caption>Skills available</caption>'
                "<thead><tr><th>Skill</th>{}<th>Note</th></tr></thead><tbody>{}</tbody></table>",
                cost_head,
                rows,
            )
        )
    if data.get("rules"):
        rules = format_html_join(
            "", "<dt>{}</dt><dd>{}</dd>", ((r["name"], r["text"]) for r in data["rules"])
        )
        parts.append(format_html('<dl class="muster-record-rules">{}</dl>', rules))
    return format_html_join("", "{}", ((p,) for p in parts))


def mass_table(data: Mapping[str, Any]) -> SafeString:
    """Masses by size (rows) and rating (columns), then the table's notes."""
    ratings = data.get("ratings") or []
    head = format_html_join(
        "", "<th>{} {}</th>", ((_label(data.get("rating", "")), r) for r in ratings)
    )
    rows = format_html_join(
        "",
        '<tr><th scope="row">{}</th>{}</tr>',
        (
            (
                row.get("size"),
                format_html_join("", "<td>{}</td>", ((_scalar(m),) for m in row.get("masses", []))),
            )
            for row in data.get("rows") or []
        ),
    )
    rest = {k: v for k, v in data.items() if k not in {"rows", "ratings"}}
    return format_html(
        '<table class="muster-record muster-mass"><thead><tr><th>Size</th>{}</tr></thead>'
        "<tbody>{}</tbody></table>{}",
        head,
        rows,
        value_html(rest, top=True),
    )


def record_table(record_type: str, data: Any) -> SafeString:
    """The read-only table for one record's document."""
    if not data:
        return format_html("<p>{}</p>", "No document.")
    if record_type == "archetype":
        return archetype_table(data)
    if record_type == "mass_table" and "rows" in data and "ratings" in data:
        return mass_table(data)
    return value_html(data, top=True)
