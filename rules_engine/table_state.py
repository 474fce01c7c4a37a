"""A game table's live state: each figure's own values, changed only by resolved procedures.

A resolution's ``changes`` name roles (``target``, ``pilot``); an action says which figure
plays each role. Applying is pure, so a log replays to the same state anywhere: counts add
their ``delta``, other fields take their ``value``, and a correction applies the reversed
entry's changes backwards (a value goes back to what it was before).
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any

from rules_engine.errors import BadDocument, DocumentError

State = dict[str, dict[str, Any]]
"""Each figure's state by its key on the table (``a1``, ``b3``)."""


def check_roles(
    changes: Sequence[Mapping[str, Any]], roles: Mapping[str, str], figures: Mapping[str, Any]
) -> None:
    """Every role the changes name is played by a figure on the table.

    Raises:
        BadDocument: at ``roles.<role>``, a role with no figure or an unknown figure.
    """
    errors = []
    for role, key in roles.items():
        if key not in figures:
            errors.append(DocumentError(f"roles.{role}", f"no figure {key!r} is on the table"))
    for role in sorted({c["subject"] for c in changes} - set(roles)):
        errors.append(DocumentError(f"roles.{role}", f"say which figure is the {role}"))
    if errors:
        raise BadDocument(errors)


def applied(
    state: State, changes: Sequence[Mapping[str, Any]], roles: Mapping[str, str]
) -> tuple[State, list[dict[str, Any]]]:
    """``state`` after ``changes``, and the undo record of each change (what a correction
    puts back): ``{"figure", "field", "delta"}`` or ``{"figure", "field", "before"}``."""
    after = copy.deepcopy(state)
    undo = []
    for change in changes:
        key, name = roles[change["subject"]], change["field"]
        values = after.setdefault(key, {})
        if "delta" in change:
            values[name] = values.get(name, 0) + change["delta"]
            undo.append({"figure": key, "field": name, "delta": change["delta"]})
        else:
            undo.append({"figure": key, "field": name, "before": values.get(name)})
            values[name] = change.get("value")
    return after, undo


def undone(state: State, undo: Sequence[Mapping[str, Any]]) -> State:
    """``state`` with an entry's changes taken back, last first."""
    after = copy.deepcopy(state)
    for step in reversed(undo):
        values = after.setdefault(step["figure"], {})
        if "delta" in step:
            values[step["field"]] = values.get(step["field"], 0) - step["delta"]
        elif step["before"] is None:
            values.pop(step["field"], None)
        else:
            values[step["field"]] = step["before"]
    return after


ONE_FIGURE_KINDS = frozenset({("black-skies", "fighter"), ("cs-hex", "plane")})
"""List kinds that write out one thing (a fighter or plane design): one figure, the list."""


def table_figures(
    doc: Mapping[str, Any], entries: Sequence[Mapping[str, Any]]
) -> list[tuple[str, str]]:
    """The figures a checked list puts on the table, as ``(entry path, name)``: one per
    priced entry, or per model of an entry that counts several (``MODEL_COUNTS``), or the
    list itself for a design. ``entries`` are the verdict's priced entries."""
    from rules_engine.listdoc import MODEL_COUNTS

    if (doc["system"], doc["kind"]) in ONE_FIGURE_KINDS:
        return [("$", str(doc["name"]))]
    field = MODEL_COUNTS.get(doc["system"])
    out = []
    for entry in entries:
        path = str(entry["path"])
        at = int(path.removeprefix("$.entries[").partition("]")[0]) if field else 0
        count = int(doc["entries"][at].get(field, 1)) if field else 1
        for n in range(count):
            name = entry["name"] if count == 1 else f"{entry['name']} {n + 1}"
            out.append((entry["path"], name))
    return out
