"""A fight's report as a player reads it: every section filled from what the engine's report
holds, and a section the engine gives nothing for left out rather than drawn empty.

The engine's report shares one envelope across games and adds each game's own keys
(docs/simulation.md, "The report"); this module reads the keys, never the game, so a game
that adds victory points or damage gets those sections without a branch here. The lists
are named by their names, and the engine's own notes are put in words: the names of its
settings become the labels the page shows for them.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from builder.web.charts import bar_chart
from builder.web.records import label

SIDES = ("a", "b")
FIGURE_KEYS = {"side", "path", "name", "survival"}
"""What every figure row holds; anything else is its game's extra."""
FIGURE_LABELS = {
    "design": "Flies",
    "weapon": "Weapon",
    "crippled_at_end": "Crippled at the end",
    "captive_at_end": "Held captive at the end",
}
DAMAGE_UNITS = {"clicks_of_damage": "clicks of damage", "damage_taken": "damage"}
"""A figure's distribution of damage by its report key, and what it counts."""
SCENARIO_LABELS = {"band": "Range band"}
"""Scenario keys whose label alone would not say what they set."""
REPORT_TERMS = {"sample_dials": "the list below"}
"""Report keys the engine's notes mention, as the page words them."""
SNAKE = re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b")
HALVED = re.compile(r"\b(\w+) // 2\b")
CHOICE = re.compile(r"\(([a-z]+(?:-[a-z]+)+)\)")
"""A setting's value the engine names in brackets: ``(every-check)``."""


def side_names(report: Mapping[str, Any]) -> dict[str, str]:
    """Each side's list name; two lists of one name are told apart as first and second."""
    lists = report.get("lists") or {}
    a = str(lists.get("a") or "The first list")
    b = str(lists.get("b") or "The second list")
    if a == b:
        a, b = f"{a} (first)", f"{b} (second)"
    return {"a": a, "b": b}


def in_words(text: str) -> str:
    """The engine's note with its setting names as the labels the page gives them, in
    quotes, and its arithmetic in words."""
    for key, words in REPORT_TERMS.items():
        text = text.replace(key, words)
    text = HALVED.sub(r"half of \1 (rounded down)", text)
    text = CHOICE.sub(lambda m: f"(“{value_words(m.group(1), {})}”)", text)
    return SNAKE.sub(lambda m: f"“{label(m.group(0))}”", text)


def value_words(value: Any, names: Mapping[str, str]) -> str:
    """A scenario value as a person reads it: chances as percentages, yes or no, choices
    in words, one value per list named after the list."""
    if value is None:
        return "each list's own setting"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float) and 0 < value < 1:
        return f"{value * 100:g}%"
    if isinstance(value, int | float):
        return f"{value:g}"
    if isinstance(value, Mapping):
        if set(value) == set(SIDES):
            return ", ".join(f"{names[s]}: {value_words(value[s], names)}" for s in SIDES)
        return ", ".join(
            f"{value_words(k, names)} {value_words(v, names)}" for k, v in value.items()
        )
    if isinstance(value, list | tuple):
        return ", ".join(value_words(v, names) for v in value)
    words = re.sub(r"(?<=[a-z])[-_](?=[a-z])", " ", str(value))
    return words[:1].upper() + words[1:]


def _estimate(value: Any) -> bool:
    return isinstance(value, Mapping) and {"value", "low", "high"} <= set(value)


def _distribution(value: Any) -> bool:
    return (
        isinstance(value, Mapping)
        and bool(value)
        and not _estimate(value)
        and all(isinstance(v, int | float) for v in value.values())
    )


def _by_count(dist: Mapping[str, float]) -> list[tuple[str, float]]:
    return [(k, float(dist[k])) for k in sorted(dist, key=float)]


def _mean(dist: Mapping[str, float]) -> float:
    return sum(float(k) * float(p) for k, p in dist.items())


def outcomes(report: Mapping[str, Any], names: Mapping[str, str]) -> list[dict[str, Any]]:
    labels = {"a_wins": f"{names['a']} wins", "draws": "Draw", "b_wins": f"{names['b']} wins"}
    return [
        {"label": labels.get(key, label(key)), **estimate}
        for key, estimate in (report.get("outcome") or {}).items()
        if _estimate(estimate)
    ]


def caveats(report: Mapping[str, Any], names: Mapping[str, str]) -> dict[str, Any]:
    """What to know before reading the numbers: the engine's notes (a result from invented
    sample dials), the figures they concern, and any list played although not legal."""
    notes = [in_words(str(n)) for n in report.get("notes") or []]
    sides = report.get("sides") or {}
    notes += [
        f"{names[s]} is not a legal list: it was played as it stands."
        for s in SIDES
        if isinstance(sides.get(s), Mapping) and sides[s].get("legal") is False
    ]
    return {"notes": notes, "sample_dials": [str(n) for n in report.get("sample_dials") or []]}


def victory_points(report: Mapping[str, Any], names: Mapping[str, str]) -> list[dict[str, Any]]:
    scored = report.get("victory_points") or {}
    fielded = report.get("build_points") or {}
    return [
        {"name": names[s], **scored[s], "fielded": fielded.get(s)}
        for s in SIDES
        if _estimate(scored.get(s))
    ]


def planes_shot_down(report: Mapping[str, Any], names: Mapping[str, str]) -> list[dict[str, Any]]:
    downed = report.get("planes_shot_down") or {}
    return [
        {"name": names[s], **downed[f"by_{s}"]} for s in SIDES if _estimate(downed.get(f"by_{s}"))
    ]


def figure_columns(figures: Sequence[Mapping[str, Any]]) -> list[dict[str, str]]:
    """The extras the survival table shows beside each figure: words (its design, its
    weapon) and chances (crippled, held captive), in the order the engine gives them."""
    columns: dict[str, str] = {}
    for figure in figures:
        for key, value in figure.items():
            if key in FIGURE_KEYS or key in columns or key.startswith("mean_"):
                continue
            if isinstance(value, str):
                columns[key] = "text"
            elif _estimate(value):
                columns[key] = "share"
    return [
        {"key": k, "kind": kind, "label": FIGURE_LABELS.get(k, label(k))}
        for k, kind in columns.items()
    ]


def figure_rows(
    figures: Sequence[Mapping[str, Any]],
    columns: Sequence[Mapping[str, str]],
    names: Mapping[str, str],
) -> list[dict[str, Any]]:
    return [
        {
            "list": names.get(str(f.get("side")), ""),
            "name": f.get("name", ""),
            "survival": f.get("survival") or {},
            "cells": [{"kind": c["kind"], "value": f.get(c["key"])} for c in columns],
        }
        for f in figures
    ]


def _figure_damage(figure: Mapping[str, Any]) -> dict[str, Any] | None:
    for key, unit in DAMAGE_UNITS.items():
        dist: Any = figure.get(key)
        if _distribution(dist):
            mean = figure.get(f"mean_{key}")
            return {
                "name": figure.get("name", ""),
                "unit": unit,
                "mean": mean if _estimate(mean) else {"value": _mean(dist)},
                "untouched": float(dist.get("0", 0.0)),
            }
    return None


def damage(report: Mapping[str, Any], names: Mapping[str, str]) -> list[dict[str, Any]]:
    """Per list: the models it loses (mean and chart) and what each of its figures takes;
    a list the engine says nothing of is left out."""
    sides = report.get("sides") or {}
    found = []
    for s in SIDES:
        casualties = (sides.get(s) or {}).get("casualties") or {}
        dist = casualties.get("distribution") or {}
        mean = casualties.get("mean")
        rows = [
            d
            for f in report.get("figures") or []
            if f.get("side") == s and (d := _figure_damage(f)) is not None
        ]
        if not (dist or _estimate(mean) or rows):
            continue
        found.append(
            {
                "name": names[s],
                "mean": mean if _estimate(mean) else None,
                "chart": bar_chart(f"Models {names[s]} loses", _by_count(dist)) if dist else None,
                "unit": rows[0]["unit"] if rows else "",
                "rows": rows,
            }
        )
    return found


def setup(report: Mapping[str, Any], names: Mapping[str, str]) -> list[dict[str, str]]:
    """The scenario the fight used, each setting labelled, its value in words and, where
    the engine says, what it means."""
    rows = []
    for key, given in (report.get("scenario") or {}).items():
        stated = isinstance(given, Mapping) and set(given) == {"value", "meaning"}
        value = given["value"] if stated else given
        rows.append(
            {
                "label": SCENARIO_LABELS.get(key, label(key)),
                "value": value_words(value, names),
                "meaning": in_words(str(given["meaning"])) if stated else "",
            }
        )
    return rows


def report_view(report: Mapping[str, Any]) -> dict[str, Any]:
    """The report's sections for the page; an empty list or None is a section not shown."""
    names = side_names(report)
    shares = outcomes(report, names)
    figures = list(report.get("figures") or [])
    columns = figure_columns(figures)
    return {
        "names": names,
        "runs": report.get("runs"),
        "seed": report.get("seed"),
        "turns": report.get("turns") if _estimate(report.get("turns")) else None,
        "caveats": caveats(report, names),
        "outcomes": shares,
        "chart": bar_chart("Who wins", [(o["label"], o["value"]) for o in shares])
        if shares
        else None,
        "victory_points": victory_points(report, names),
        "planes_shot_down": planes_shot_down(report, names),
        "columns": columns,
        "figures": figure_rows(figures, columns, names),
        "damage": damage(report, names),
        "geometry": in_words(str(report["geometry"])) if report.get("geometry") else "",
        "setup": setup(report, names),
        "assumptions": [in_words(str(a)) for a in report.get("assumptions") or []],
    }
