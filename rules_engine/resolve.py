"""The engine's front door for resolving a roll by the rules: one call, one answer shape.

``resolve(catalogue, "crimson-dust", "skill-test", {"skill": 4}, [3])`` answers::

    {"system", "procedure", "section",   # the book section the procedure comes from
     "params",                           # the situation, defaults filled in
     "dice": [{"count", "sides", "notation", "meaning", "rolled": [..]}],
     "outcome": {...},                   # the procedure's own result names
     "explanation": [{"text", "section"}],
     "changes": [{"subject", "field", "delta" | "value", "text"}]}

The situation is read like an odds query's parameters (each problem at ``params.<name>``)
and the rolls are checked against the dice that situation needs (``rolls``) before any rule
is applied, so a table never logs a resolution of dice that could not have been rolled.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any

from rules_engine.catalogue import Catalogue
from rules_engine.errors import BadDocument
from rules_engine.odds_query import resolve as resolve_params
from rules_engine.procedures import Dice, Procedure
from rules_engine.systems import system_module

_PROCEDURES: dict[str, dict[str, Procedure]] = {}
"""Each system's procedures by name, gathered once: a log's replay looks one up twice an
entry."""


def _procedures(system: str, path: str) -> dict[str, Procedure]:
    known = _PROCEDURES.get(system)
    if known is None:
        known = _PROCEDURES[system] = system_module(system, path).procedures()
    return known


def system_procedures(system: str, path: str = "system") -> dict[str, Procedure]:
    """The dice procedures of ``system`` by name; an unknown system is a bad document."""
    return dict(_procedures(system, path))


def procedure_of(system: str, name: str) -> Procedure:
    """One procedure of ``system``; an unknown name is a bad document at ``procedure``."""
    procedures = _procedures(system, "system")
    if name not in procedures:
        known = ", ".join(procedures) or "none"
        raise BadDocument.at("procedure", f"{system} has no procedure {name!r} (known: {known})")
    return procedures[name]


_READ: dict[tuple[str, str, str], dict[str, Any]] = {}
_READ_KEPT, _READ_LONGEST = 4096, 4000
"""Situations already read, by their exact values: a game log replays the same few
situations thousands of times, and reading one checks every parameter again."""


def situation(
    system: str, procedure: Procedure, params: Mapping[str, Any] | None
) -> dict[str, Any]:
    """``params`` read as ``procedure``'s parameters, defaults filled in (at
    ``params.<name>`` each problem, as ``odds_query.resolve`` says); a situation read before
    is answered from memory, as a fresh copy.

    Raises:
        BadDocument: as ``odds_query.resolve``.
    """
    given = dict(params or {})
    try:
        text = repr(sorted(given.items()))
    except TypeError:  # a name that is not text: the reading says so
        return resolve_params(procedure, given)
    if len(text) > _READ_LONGEST:  # a situation no table plays: not worth the memory
        return resolve_params(procedure, given)
    key = (system, procedure.name, text)
    known = _READ.get(key)
    if known is not None:
        return _copied(known)
    read = resolve_params(procedure, given)
    if len(_READ) >= _READ_KEPT:
        _READ.clear()
    _READ[key] = _copied(read)
    return read


def _copied(values: dict[str, Any]) -> dict[str, Any]:
    return {k: copy.deepcopy(v) if isinstance(v, (list, dict)) else v for k, v in values.items()}


def describe_procedures(catalogue: Catalogue, system: str) -> list[dict[str, Any]]:
    """Each procedure of ``system``: name, summary, section, parameters, dice and roles."""
    return [p.describe(catalogue) for p in system_procedures(system).values()]


def dice_needed(
    catalogue: Catalogue, system: str, name: str, params: Mapping[str, Any] | None = None
) -> list[Dice]:
    """The dice one situation needs, in the order its rolls are given (what a server rolls)."""
    procedure = procedure_of(system, name)
    return list(procedure.dice(catalogue, situation(system, procedure, params)))


def resolve(
    catalogue: Catalogue,
    system: str,
    name: str,
    params: Mapping[str, Any] | None,
    rolls: Sequence[int],
) -> dict[str, Any]:
    """The outcome by the rules of one situation and the dice rolled for it.

    Raises:
        BadDocument: an unknown system or procedure, bad parameters (at ``params.<name>``),
            or rolls that are not the dice the situation needs (at ``rolls``, saying how many
            of which die).
    """
    procedure = procedure_of(system, name)
    resolved = situation(system, procedure, params)
    dice = list(procedure.dice(catalogue, resolved))
    return resolution(catalogue, system, procedure, resolved, dice, rolls)


def resolution(
    catalogue: Catalogue,
    system: str,
    procedure: Procedure,
    resolved: dict[str, Any],
    dice: Sequence[Dice],
    rolls: Sequence[int],
) -> dict[str, Any]:
    """``resolve`` of a situation already read (``situation``) with the ``dice`` it needs:
    a replay that has derived the server's rolls from those dice reads nothing twice.

    Raises:
        BadDocument: rolls that are not those dice, as ``resolve`` says.
    """
    grouped = group_rolls(dice, rolls)
    result = procedure.run(catalogue, resolved, grouped)
    return {
        "system": system,
        "procedure": procedure.name,
        "section": procedure.section,
        "params": resolved,
        "dice": [d.describe() | {"rolled": list(g)} for d, g in zip(dice, grouped, strict=True)],
        "outcome": dict(result.outcome),
        "explanation": [s.as_dict() for s in result.steps],
        "changes": [c.as_dict() for c in result.changes],
    }


def dice_words(dice: Sequence[Dice]) -> str:
    """``2d6 (attack) then 1d10 (hit location)``; ``no dice`` for none."""
    if not dice:
        return "no dice"
    return " then ".join(f"{d.notation} ({d.meaning})" for d in dice)


def group_rolls(dice: Sequence[Dice], rolls: Sequence[int]) -> list[list[int]]:
    """The rolls split by the dice that need them.

    Raises:
        BadDocument: at ``rolls``, too few or too many (naming what is needed), or at
            ``rolls[i]`` a face the die does not have.
    """
    wanted = sum(d.count for d in dice)
    if len(rolls) != wanted:
        raise BadDocument.at(
            "rolls",
            f"needs {wanted} {'die' if wanted == 1 else 'dice'}: {dice_words(dice)}; "
            f"got {len(rolls)}",
        )
    grouped: list[list[int]] = []
    at = 0
    for die in dice:
        group = []
        for _ in range(die.count):
            face = rolls[at]
            if isinstance(face, bool) or not isinstance(face, int) or not 1 <= face <= die.sides:
                raise BadDocument.at(
                    f"rolls[{at}]",
                    f"a d{die.sides} ({die.meaning}) shows 1 to {die.sides}, not {face!r}",
                )
            group.append(face)
            at += 1
        grouped.append(group)
    return grouped
