"""The engine's schema messages in words a player reads.

JSON Schema speaks to programmers ("[] should be non-empty", "'weight' is a required
property"); pages say what is wrong with the list ("The squadron has no entries yet"). The
path stays with the violation for the API's ``details[].path`` and a page's technical fold;
only the message changes here, once for every page that shows one.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from builder.engine.paths import field_of

_TYPES = {
    "integer": "a whole number",
    "number": "a number",
    "string": "text",
    "boolean": "yes or no",
    "object": "a group of fields",
    "array": "a list",
    "null": "empty",
}


def _name(word: str) -> str:
    return re.sub(r"[_\-]+", " ", word).strip()


def _field(path: str) -> str:
    """The field a path ends at, as words with a capital: ``$.entries[0].max_speed`` ->
    "Max speed"; the whole list when the path names none."""
    name = _name(field_of(path))
    if not name:
        return "The list"
    if name == "entries":
        return "The list's entries"
    return name[:1].upper() + name[1:]


def _missing(name: str, within: str) -> str:
    """``weight`` missing from an entry reads "Weight is missing"; from an entry's design,
    "Weight is missing from the design"."""
    said = f"{name[:1].upper()}{name[1:]} is missing"
    return f"{said} from the {within}" if within and within != "entries" else said


def _types(quoted: str) -> str:
    kinds = [_TYPES.get(t, t) for t in re.findall(r"'([a-z]+)'", quoted)]
    return " or ".join(kinds) or "another kind of value"


def _listed(quoted: str) -> str:
    return ", ".join(_name(n) for n in re.findall(r"'([^']+)'", quoted))


_Rule = tuple[re.Pattern[str], Callable[[re.Match[str], str], str]]
_RULES: tuple[_Rule, ...] = (
    (
        re.compile(r"^'(?P<name>[^']+)' is a required property$"),
        lambda m, where: _missing(_name(m["name"]), _name(field_of(where))),
    ),
    (
        re.compile(r"^(?:\[\]|\{\}|'') should be non-empty$|^\[\] is too short$"),
        lambda m, where: (
            "The list has no entries yet: add at least one"
            if field_of(where) == "entries"
            else f"{_field(where)} is empty: it needs at least one"
        ),
    ),
    (
        re.compile(r"^.* is not of type (?P<types>.+)$"),
        lambda m, where: f"{_field(where)} must be {_types(m['types'])}",
    ),
    (
        re.compile(r"^.* is not one of .*$"),
        lambda m, where: f"{_field(where)} is not one of the choices it may take",
    ),
    (
        re.compile(r"^.* is less than the minimum of (?P<n>\S+)$"),
        lambda m, where: f"{_field(where)} must be at least {m['n']}",
    ),
    (
        re.compile(r"^.* is greater than the maximum of (?P<n>\S+)$"),
        lambda m, where: f"{_field(where)} must be at most {m['n']}",
    ),
    (
        re.compile(r"^.* is less than or equal to the minimum of (?P<n>\S+)$"),
        lambda m, where: f"{_field(where)} must be more than {m['n']}",
    ),
    (
        re.compile(r"^.* is greater than or equal to the maximum of (?P<n>\S+)$"),
        lambda m, where: f"{_field(where)} must be less than {m['n']}",
    ),
    (
        re.compile(r"^.* (?:is too long|is expected to be empty|has too many items)$"),
        lambda m, where: f"{_field(where)} has too many",
    ),
    (
        re.compile(r"^.* is too short$"),
        lambda m, where: f"{_field(where)} has too few",
    ),
    (
        re.compile(r"^Additional properties are not allowed \((?P<names>.+) (?:was|were) unexp"),
        lambda m, where: f"{_field(where)} has fields it cannot have: {_listed(m['names'])}",
    ),
    (
        re.compile(r"^.* does not match .*$"),
        lambda m, where: f"{_field(where)} is not written the way it must be",
    ),
    (
        re.compile(r"^.* is not valid under any of the given schemas$"),
        lambda m, where: f"{_field(where)} is not a value it can take",
    ),
)


def schema_message_in_words(message: str, path: str) -> str:
    """``message`` (the engine's, at ``path``) said as a page says it; a message already in
    words comes back as it is."""
    for pattern, say in _RULES:
        found = pattern.match(message)
        if found:
            return say(found, path)
    return message


_STEP = re.compile(r"\.(?P<name>[A-Za-z_][\w-]*)|\[(?P<index>\d+)\]|\['(?P<key>[^']*)'\]")
_LISTS = {"list_a": "List A", "list_b": "List B"}


def _places(path: str) -> tuple[list[str], str]:
    """The lists and entries a path passes through, as words ("List A", "entry 2"), and the
    field it ends at."""
    places: list[str] = []
    last = ""
    for step in _STEP.finditer(path):
        if step["index"] is not None:
            if last in ("entries", "lists"):
                word = "entry" if last == "entries" else "list"
                places.append(f"{word} {int(step['index']) + 1}")
            continue
        last = step["name"] or step["key"] or ""
        if last in _LISTS:
            places.append(_LISTS[last])
    return places, field_of(path)


def place_in_words(path: str) -> str:
    """Where a JSON path points, for people: ``$.entries[1].pilot`` -> "Entry 2, pilot",
    ``$.house_rules`` -> "House rules", ``$`` -> "The list"."""
    places, field = _places(path)
    if field in ("entries", "lists") or (field in _LISTS and places):
        field = ""
    said = ", ".join([*places, _name(field)] if field else places) or _field(path)
    return said[:1].upper() + said[1:]


def problem_in_words(message: str, path: str) -> str:
    """One problem as a sentence for people, with no JSON path: the schema's phrase in words,
    or the message after the place it is about ("Entry 2, pilot: no pilot 'x'")."""
    said = schema_message_in_words(message, path)
    places, _ = _places(path)
    if said == message and path not in ("", "$"):
        said = f"{place_in_words(path)}: {message}"
    elif places:
        where = ", ".join(places)
        said = f"{where[:1].upper()}{where[1:]}: {said}"
    return said[:1].upper() + said[1:]


def error_summary(details: Sequence[Mapping[str, str]], fallback: str) -> str:
    """The top-level ``message`` of an error answer: its one problem in words, or how many
    there are and the first; the JSON paths stay in ``details``."""
    if not details:
        return fallback
    first = problem_in_words(str(details[0]["message"]), str(details[0].get("path", "")))
    if len(details) == 1:
        return first
    return f"{len(details)} problems, each in details; the first: {first}"


def _counted(names: list[str]) -> str:
    """``["Rifle", "Rifle", "Pistol"]`` -> "Rifle × 2 and Pistol": each name once, in order."""
    counts: dict[str, int] = {}
    for name in names:
        counts[name] = counts.get(name, 0) + 1
    said = [f"{n} × {c}" if c > 1 else n for n, c in counts.items()]
    return said[0] if len(said) == 1 else ", ".join(said[:-1]) + " and " + said[-1]


def fold_unpriced(
    violations: Sequence[Mapping[str, Any]], names: Mapping[str, str]
) -> tuple[list[Mapping[str, Any]], dict[str, Any] | None]:
    """The violations without the engine's "no points cost" warnings, and one notice for the
    whole list in their place.

    The engine warns once per unpriced item it prices (so other apps can mark each entry);
    a book that prints no weapon points at all would fill a page with near-identical
    warnings. People read one notice naming how many items count 0, and which. ``names``
    maps content ids to the names the notice uses."""
    kept: list[Mapping[str, Any]] = []
    unpriced: list[str] = []
    codes: list[str] = []
    for v in violations:
        if v.get("unpriced"):
            unpriced.append(str(v["unpriced"]))
            codes.append(str(v["code"]))
        else:
            kept.append(v)
    if not unpriced:
        return kept, None
    said = [names.get(i) or _name(i).capitalize() for i in unpriced]
    count = len(unpriced)
    items = "1 item" if count == 1 else f"{count} items"
    message = (
        f"The book prints no points for {items} in this list ({_counted(said)}): "
        f"{'it counts' if count == 1 else 'each counts'} 0 until your group agrees house prices."
    )
    notice = {
        "code": codes[0],  # the engine's own code for what the notice folds
        "severity": "notice",
        "message": message,
        "count": count,
        "ids": list(dict.fromkeys(unpriced)),
    }
    return kept, notice
