"""A list file handed to the builder: read within limits, then every field the builder
reads checked for its type, so a file of the wrong shape is a reason on the page, not a
crash in the page that draws it.

The builder reads what its form would post (``listform``'s specs say which keys an entry
has and what each holds); a file is held to the same shapes. A value of the right type but
outside the book's range is left for the verdict to name, as it is for the form.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from itertools import islice
from typing import IO, Any

from builder.games.forms import BOOL, INT, LIST, TEXT, Group, IdOrGroup, Rows, Spec
from builder.web.listform import are_pack_refs, entry_spec, setting_specs
from builder.web.systems import SYSTEM_INFO, kind_label
from content.services.json_safety import MAX_DOCUMENT_BYTES, read_json_stream

BACKUP_FORMAT = "muster-lists/1"
MAX_PROBLEMS = 10
"""Reasons shown for one file; a file wrong everywhere needs no more to be fixed."""


def list_file_read(
    *, stream: IO[bytes], system: str, kind: str
) -> tuple[dict[str, Any] | None, list[str]]:
    """The ``system`` ``kind`` list a file holds (alone, or the first of its kind in a
    backup, ``builder.lists.exchange``'s format), or None and why not, in words."""
    data, errors = read_json_stream(stream, max_bytes=MAX_DOCUMENT_BYTES)
    if errors:
        return None, [unreadable_file(errors[0].message)]
    if isinstance(data, Mapping) and data.get("format") == BACKUP_FORMAT:
        lists = data.get("lists")
        if not isinstance(lists, list):
            return None, [f"The file's lists must be a list, not {_a(lists)}."]
        found = (item.get("document") for item in lists if isinstance(item, dict))
        data = next((d for d in found if isinstance(d, dict) and _is_list(d, system, kind)), None)
    if not isinstance(data, dict) or not _is_list(data, system, kind):
        game = SYSTEM_INFO[system].name if system in SYSTEM_INFO else system
        return None, [f"The file holds no {game} {kind_label(system, kind).lower()}."]
    problems = list_type_problems(data)
    if problems:
        return None, problems
    return data, []


_NOT_JSON = re.compile(r"^not JSON: (?P<what>.+?) at line (?P<line>\d+) column (?P<column>\d+)$")
_JSON_WORDS = {
    "Expecting value": "a value is missing or the text is not JSON at all",
    "Expecting property name enclosed in double quotes": "a name is not in double quotes",
    "Expecting ',' delimiter": "a comma is missing",
    "Expecting ':' delimiter": "a colon is missing",
    "Unterminated string starting at": "a text is not closed by a double quote",
    "Extra data": "something follows the end of the list",
    "Invalid control character at": "a text holds a control character",
}
"""Python's JSON reader says "Expecting value"; a player reads what is wrong with the file."""


def unreadable_file(problem: str) -> str:
    """Why a file is not a list, in words: ``not JSON: Expecting value at line 1 column 1``
    reads "The file is not a Muster list (not JSON): a value is missing ... (line 1,
    column 1)."."""
    found = _NOT_JSON.match(problem)
    if found is None:
        return f"The file cannot be read: {problem}."
    what = found["what"]
    said = next((w for msg, w in _JSON_WORDS.items() if what.startswith(msg)), "it is malformed")
    return (
        f"The file is not a Muster list (not JSON): {said} "
        f"(line {found['line']}, column {found['column']})."
    )


def _is_list(doc: Mapping[str, Any], system: str, kind: str) -> bool:
    return doc.get("system") == system and doc.get("kind") == kind


def list_type_problems(doc: Mapping[str, Any]) -> list[str]:
    """Each field of a list document the builder reads that holds the wrong type of value,
    in words (at most ``MAX_PROBLEMS``)."""
    return list(islice(_envelope_problems(doc), MAX_PROBLEMS))


def _envelope_problems(doc: Mapping[str, Any]) -> Iterator[str]:
    system, kind = str(doc["system"]), str(doc["kind"])
    if "name" in doc and not isinstance(doc["name"], str):
        yield f"The file's list name must be text, not {_a(doc['name'])}."
    limit = doc.get("points_limit")
    if limit is not None and not _is_int(limit):
        yield f"The file's points limit must be a whole number, not {_a(limit)}."
    if "content" in doc:
        yield from _content_problems(doc["content"])
    if "house_rules" in doc:
        yield from _house_rules_problems(doc["house_rules"])
    if "settings" in doc:
        yield from _settings_problems(doc["settings"], system, kind)
    entries = doc.get("entries")
    if not isinstance(entries, list):
        yield f"The file's entries must be a list, not {_a(entries)}."
        return
    noun = kind_label(system, kind).lower()
    # Where an entry's keys depend on its part, the part must be text to choose them.
    parted = entry_spec(system, kind)
    for i, entry in enumerate(entries):
        where = f"Entry {i + 1} of the {noun}"
        if not isinstance(entry, dict):
            yield f"{where} must be a table of fields, not {_a(entry)}."
            continue
        part = entry.get("part", "")
        if "part" in parted.keys and not isinstance(part, str):
            yield f"{where}: the part must be text, not {_a(part)}."
            continue
        yield from _group_problems(entry, entry_spec(system, kind, part), where, ())


def _content_problems(content: Any) -> Iterator[str]:
    if not are_pack_refs(content):
        yield "The file's pack versions must each name a pack and a version as text."


def _house_rules_problems(rules: Any) -> Iterator[str]:
    if not isinstance(rules, dict):
        yield f"The file's house rules must be a table of prices and notes, not {_a(rules)}."
        return
    prices = rules.get("prices", {})
    if not isinstance(prices, dict):
        yield f"The file's house rules must be a table of prices, not {_a(prices)}."
    else:
        for ident, price in prices.items():
            if not _is_int(price):
                wrong = _a(price)
                yield f"The file's house price for “{ident}” must be a whole number, not {wrong}."
    notes = rules.get("notes", "")
    if not isinstance(notes, str):
        yield f"The file's house rules notes must be text, not {_a(notes)}."


def _settings_problems(settings: Any, system: str, kind: str) -> Iterator[str]:
    if not isinstance(settings, dict):
        yield f"The file's settings must be a table of rulings, not {_a(settings)}."
        return
    for spec in setting_specs(system, kind):
        if spec.key not in settings:
            continue
        value = settings[spec.key]
        wanted = {"bool": (_is_bool, "yes or no"), "int": (_is_int, "a whole number")}.get(
            spec.kind, (_is_text, "text")
        )
        if not wanted[0](value):
            yield f"The file's setting “{spec.label}” must be {wanted[1]}, not {_a(value)}."


def _group_problems(
    value: Mapping[str, Any], group: Group, where: str, names: tuple[str, ...]
) -> Iterator[str]:
    for key, spec in group.keys.items():
        if key in value:
            yield from _value_problems(value[key], spec, where, (*names, key))


def _value_problems(value: Any, spec: Spec, where: str, names: tuple[str, ...]) -> Iterator[str]:
    """Problems with one field; a blank (null) scalar reads as a blank field."""
    field = f"{where}: {' › '.join(n.replace('_', ' ') for n in names)}"
    if isinstance(spec, Group):
        if not isinstance(value, dict):
            yield f"{field} must be a table of fields, not {_a(value)}."
        else:
            yield from _group_problems(value, spec, where, names)
    elif isinstance(spec, Rows):
        if not isinstance(value, list):
            yield f"{field} must be a list, not {_a(value)}."
            return
        for r, row in enumerate(value):
            row_names = (*names, f"row {r + 1}")
            yield from _value_problems(row, spec.row, where, row_names)
    elif isinstance(spec, IdOrGroup):
        if not isinstance(value, str):
            yield from _value_problems(value, spec.group, where, names)
    elif spec == LIST:
        if not isinstance(value, list):
            yield f"{field} must be a list of names, not {_a(value)}."
            return
        odd = next(((n, v) for n, v in enumerate(value, 1) if not isinstance(v, str)), None)
        if odd:
            yield f"{field} must be a list of names; item {odd[0]} is {_a(odd[1])}."
    elif value is None:
        return
    elif spec == TEXT and not isinstance(value, str):
        yield f"{field} must be text, not {_a(value)}."
    elif spec == INT and not _is_int(value):
        yield f"{field} must be a whole number, not {_a(value)}."
    elif spec == BOOL and not isinstance(value, bool):
        yield f"{field} must be yes or no, not {_a(value)}."


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_bool(value: Any) -> bool:
    return isinstance(value, bool)


def _is_text(value: Any) -> bool:
    return isinstance(value, str)


def _a(value: Any) -> str:
    """What a value is, in words: "a list", "text", "a whole number"."""
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return "yes or no"
    if isinstance(value, int):
        return "a whole number"
    if isinstance(value, float):
        return "a number with a fraction"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list):
        return "a list" if value else "an empty list"
    return "a table"
