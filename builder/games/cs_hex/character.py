"""A cs-hex character in the builder: the role that sets the XP budget, each characteristic's
level, the add-ons bought and each wingman written out ("Создание персонажа").

Every number the page offers comes from the pack: the budgets (table ``character-budgets``),
the XP a level costs (table ``characteristic-costs``), the characteristics and add-ons
(ability records), Constitution's minimum and the roles it is fixed for. Each control is a
select drawn again on change, so the errors beside the fields always describe them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from builder.games.forms import INT, TEXT, EntryField, Group, Keyed
from builder.games.picks import by_name
from builder.games.prices import violation_entry

if TYPE_CHECKING:
    from builder.engine import Catalogue, Record
    from builder.games.picks import Picks

SYSTEM = "cs-hex"
WINGMAN = "wingman"
"""The add-on that buys a wingman, and the part of the entry that writes one out."""
ADD_ON = "add-on"
"""The "add" picker's prefix of an add-on's id (``add-on:charisma``)."""
MAX_LEVEL = 10


@dataclass(frozen=True)
class Role:
    slug: str
    label: str
    original: str
    budget: int


def roles(catalogue: Catalogue) -> list[Role]:
    """The roles and their budgets, in the book's order (table ``character-budgets``)."""
    table = catalogue.get(SYSTEM, "table", "character-budgets")
    if table is None:
        return []
    return [Role(str(r[0]), str(r[1]), str(r[2]), int(r[3])) for r in table.data["rows"]]


def level_costs(catalogue: Catalogue) -> dict[int, int]:
    """Level -> the total XP a characteristic at that level costs."""
    table = catalogue.get(SYSTEM, "table", "characteristic-costs")
    return {int(r[0]): int(r[1]) for r in table.data["rows"]} if table is not None else {}


def characteristics(catalogue: Catalogue) -> list[Record]:
    """The characteristics, by name."""
    return [
        r
        for r in by_name(catalogue.records(SYSTEM, "ability"))
        if r.data.get("kind") == "characteristic"
    ]


def add_ons(catalogue: Catalogue) -> list[Record]:
    """The add-ons a character may buy, by name."""
    return [
        r for r in by_name(catalogue.records(SYSTEM, "ability")) if r.data.get("kind") == "add_on"
    ]


def named(record: Record) -> str:
    """A characteristic or add-on as the book names it elsewhere: the English name with the
    Russian original beside it."""
    return f"{record.name} ({record.name_original})" if record.name_original else record.name


def fixed_level(record: Record, role: str) -> int | None:
    """The level a characteristic is held at for ``role`` (Constitution 3 for a wingman or
    a turret gunner), or None where the player chooses it."""
    if role in (record.data.get("fixed_for") or ()):
        minimum = record.data.get("minimum")
        return int(minimum) if minimum is not None else None
    return None


LEVELS = Keyed(INT)
"""Characteristic id -> level, read from whichever characteristics the form draws."""


def character_spec(part: str) -> Group:
    """The form keys of one entry of a character list (its part decides them)."""
    levels = LEVELS
    if part == "character":
        return Group({"part": TEXT, "role": TEXT, "characteristics": levels})
    if part == ADD_ON:
        return Group({"part": TEXT, "add_on": TEXT, "count": INT})
    if part == WINGMAN:
        return Group({"part": TEXT, "name": TEXT, "characteristics": levels})
    return Group({"part": TEXT})


def _level_field(
    record: Record, levels: Mapping[str, Any], role: str, costs: Mapping[int, int]
) -> EntryField:
    level = levels.get(record.id, 0)
    fixed = fixed_level(record, role)
    minimum = record.data.get("minimum")
    disabled: list[str] = []
    notes: dict[int, str] = {}
    for n in range(MAX_LEVEL + 1):
        if fixed is not None and n != fixed:
            disabled.append(str(n))
            notes[n] = f"fixed at {fixed} for a {_role_word(role)}"
        elif minimum is not None and n < int(minimum):
            disabled.append(str(n))
            notes[n] = f"at least {minimum}"
    options = [
        (str(n), str(n), notes.get(n) or f"{costs.get(n, '?')} XP") for n in range(MAX_LEVEL + 1)
    ]
    return EntryField(
        f"characteristics-{record.id}",
        named(record),
        "select",
        str(level),
        options,
        help=str(record.data.get("rule_text", "")),
        structural=True,
        disabled=disabled,
    )


def _role_word(role: str) -> str:
    return {"gunner": "turret gunner"}.get(role, role)


def character_fields(entry: Mapping[str, Any], catalogue: Catalogue) -> list[EntryField]:
    """The controls of one entry: the character's role and levels, an add-on and how many,
    or a wingman's name and levels."""
    part = str(entry.get("part", ""))
    costs = level_costs(catalogue)
    if part in ("character", WINGMAN):
        role = str(entry.get("role", "pilot")) if part == "character" else WINGMAN
        levels = entry.get("characteristics")
        levels = levels if isinstance(levels, Mapping) else {}
        head: list[EntryField]
        if part == "character":
            head = [
                EntryField(
                    "role",
                    "Role",
                    "select",
                    role,
                    [
                        (r.slug, f"{r.label} ({r.original})", f"{r.budget} XP")
                        for r in roles(catalogue)
                    ],
                    help="The role sets the XP the character is built with.",
                    structural=True,
                )
            ]
        else:
            head = [EntryField("name", "Wingman's name", "text", entry.get("name", ""))]
        levels_line = [_level_field(c, levels, role, costs) for c in characteristics(catalogue)]
        return [
            *head,
            EntryField(
                "levels",
                "Characteristics",
                "group",
                rows=[levels_line],
                help="Each level's note is the XP the characteristic costs in all at it.",
            ),
        ]
    if part == ADD_ON:
        chosen = str(entry.get("add_on", ""))
        record = catalogue.get(SYSTEM, "ability", chosen)
        most = int(record.data.get("max_count") or 1) if record is not None else 1
        count = entry.get("count", 1)
        fields = [
            EntryField(
                "add_on",
                "Add-on",
                "select",
                chosen,
                [(r.id, named(r), f"{r.data.get('cost_xp')} XP") for r in add_ons(catalogue)],
                help=str(record.data.get("rule_text", "")) if record is not None else "",
                structural=True,
            ),
            EntryField(
                "count",
                "How many",
                "select",
                str(count),
                [
                    (str(n), str(n), f"{n * int(record.data.get('cost_xp') or 0)} XP")
                    if record is not None
                    else (str(n), str(n), "")
                    for n in range(1, max(most, _int(count)) + 1)
                ],
                help=f"At most {most}." if record is not None else "",
                structural=True,
                disabled=[str(n) for n in range(most + 1, _int(count) + 1)],
            ),
        ]
        if chosen == WINGMAN:
            fields.append(
                EntryField(
                    "wingmen-note",
                    "",
                    "note",
                    "Write each wingman out: add one with the picker below for each bought.",
                )
            )
        return fields
    return []


def _int(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 1


def new_character(catalogue: Catalogue) -> dict[str, Any]:
    """A pilot at the lowest levels the book allows (Constitution at its minimum)."""
    return {"part": "character", "role": "pilot", "characteristics": _lowest(catalogue, "pilot")}


def _lowest(catalogue: Catalogue, role: str) -> dict[str, int]:
    found = {}
    for c in characteristics(catalogue):
        level = fixed_level(c, role)
        if level is None and c.data.get("minimum") is not None:
            level = int(c.data["minimum"])
        found[c.id] = level or 0
    return found


def new_character_entry(value: str, catalogue: Catalogue) -> dict[str, Any]:
    """An entry for the "add" picker's ``value``: an add-on, or a wingman written out."""
    if value == WINGMAN:
        return {"part": WINGMAN, "name": "", "characteristics": _lowest(catalogue, WINGMAN)}
    if value.startswith(f"{ADD_ON}:"):
        return {"part": ADD_ON, "add_on": value.split(":", 1)[1], "count": 1}
    return new_character(catalogue)


def character_add_options(catalogue: Catalogue) -> list[tuple[str, str]]:
    """Each add-on with its price, then a wingman to write out."""
    found = [
        (
            f"{ADD_ON}:{r.id}",
            f"{named(r)}, {r.data.get('cost_xp')} XP"
            + (
                f" each, at most {r.data['max_count']}"
                if (r.data.get("max_count") or 1) > 1
                else ""
            ),
        )
        for r in add_ons(catalogue)
    ]
    return [*found, (WINGMAN, "A wingman's name and characteristics")]


def character_unavailable(picks: Picks) -> dict[str, str]:
    """Add-ons the list holds already (raise the count instead), and a wingman to write out
    when every Wingman bought is written out already."""
    entries = [e for e in picks.entries if isinstance(e, Mapping)]
    held = {str(e.get("add_on")) for e in entries if e.get("part") == ADD_ON}
    found = {f"{ADD_ON}:{a}": "taken: change its count" for a in held}
    bought = sum(
        _int(e.get("count"))
        for e in entries
        if e.get("part") == ADD_ON and e.get("add_on") == WINGMAN
    )
    written = sum(e.get("part") == WINGMAN for e in entries)
    if written >= bought:
        found[WINGMAN] = (
            "buy the Wingman add-on first" if not bought else "each Wingman bought is written out"
        )
    return found


def character_title(entry: Mapping[str, Any], catalogue: Catalogue) -> str:
    """What an entry is called above its fields."""
    part = entry.get("part")
    if part == "character":
        role = next((r for r in roles(catalogue) if r.slug == entry.get("role")), None)
        return role.label if role else "The character"
    if part == ADD_ON:
        record = catalogue.get(SYSTEM, "ability", str(entry.get("add_on", "")))
        return named(record) if record is not None else "Add-on"
    return str(entry.get("name") or "Wingman")


def levels_spent(levels: Mapping[str, Any], costs: Mapping[int, int]) -> int:
    """The XP a set of levels costs in all (a missing characteristic is level 0)."""
    return sum(costs.get(int(n), 0) for n in levels.values() if isinstance(n, int))


def entries_of(entries: Sequence[Any], part: str) -> list[int]:
    return [i for i, e in enumerate(entries) if isinstance(e, Mapping) and e.get("part") == part]


def character_prices(
    breakdown: Mapping[str, Any], doc: Mapping[str, Any], catalogue: Catalogue
) -> dict[int, dict[str, Any]]:
    """Each entry's XP as the engine priced it, shown beside the entry as "230 XP": the
    character's levels, each add-on at its count, each wingman's levels of his own budget."""
    found: dict[int, dict[str, Any]] = {}
    main = entries_of(doc.get("entries") or (), "character")
    if main and isinstance(breakdown.get("characteristics_xp"), int):
        found[main[0]] = {"xp": breakdown["characteristics_xp"], "items": []}
    for item in breakdown.get("add_ons") or ():
        index = violation_entry(str(item.get("path", "")))
        if index is not None:
            found[index] = {"xp": item.get("xp"), "items": []}
    for item in breakdown.get("wingmen") or ():
        index = violation_entry(str(item.get("path", "")))
        if index is not None:
            found[index] = {"xp": item.get("spent"), "budget": item.get("budget"), "items": []}
    return found


def xp_summary(verdict: Mapping[str, Any]) -> dict[str, Any]:
    """The XP spent of the budget in words: how much is left, or by how much it is over."""
    spent, budget = verdict.get("points"), verdict.get("limit")
    if not isinstance(spent, int) or not isinstance(budget, int):
        return {"spent": spent, "budget": budget, "said": ""}
    if spent > budget:
        said = f"Over budget by {spent - budget} XP"
    elif spent == budget:
        said = "Every XP of the budget spent"
    else:
        said = f"{budget - spent} XP left to spend"
    return {"spent": spent, "budget": budget, "said": said, "over": spent > budget}
