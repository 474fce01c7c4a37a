"""Turn and phase as each book orders them, for a game table that tells the players where
they are in the turn and which dice procedures belong there.

Each system declares its phases in ``rules_engine/<system>/turns.py`` (``PHASES``, and
``REPEAT`` when the book goes through some phases again within a turn); a system's module is
imported when its phases are first asked for. The readings are in docs/rulings/.
"""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType

from rules_engine.errors import BadDocument
from rules_engine.phase import Phase, Repeat
from rules_engine.systems import SYSTEMS


def _cs_air_action() -> ModuleType:
    import rules_engine.cs_air_action.turns as turns

    return turns


def _cs_aces() -> ModuleType:
    import rules_engine.cs_aces.turns as turns

    return turns


def _crimson_dust() -> ModuleType:
    import rules_engine.crimson_dust.turns as turns

    return turns


def _black_skies() -> ModuleType:
    import rules_engine.black_skies.turns as turns

    return turns


def _cs_hex() -> ModuleType:
    import rules_engine.cs_hex.turns as turns

    return turns


_DECLARED: dict[str, Callable[[], ModuleType]] = {
    "cs-air-action": _cs_air_action,
    "cs-aces": _cs_aces,
    "crimson-dust": _crimson_dust,
    "black-skies": _black_skies,
    "cs-hex": _cs_hex,
}


def _module(system: str) -> ModuleType:
    if system not in _DECLARED:
        known = ", ".join(SYSTEMS)
        raise BadDocument.at("system", f"unknown game system {system!r} (known: {known})")
    return _DECLARED[system]()


def phases(system: str) -> tuple[Phase, ...]:
    """The phases of one turn of ``system``, in the book's order."""
    found: tuple[Phase, ...] = _module(system).PHASES
    return found


def repeat(system: str) -> Repeat | None:
    """The phases the book goes through again within a turn, or None when it has none."""
    found: Repeat | None = getattr(_module(system), "REPEAT", None)
    return found


def phase(system: str, key: str) -> Phase:
    """The phase ``key`` of ``system``; an unknown key is a bad document naming the keys."""
    for p in phases(system):
        if p.key == key:
            return p
    keys = ", ".join(p.key for p in phases(system))
    raise BadDocument.at("phase", f"{system} has no phase {key!r} (its phases: {keys})")


def next_phase(system: str, turn: int, phase_key: str, *, again: bool = False) -> tuple[int, str]:
    """The turn and phase after ``phase_key`` of ``turn``: the next phase of the same turn,
    or after the last one the next turn's first. With ``again``, the last phase of the
    system's ``REPEAT`` goes back to its first in the same turn (the next announced speed of
    Air Action, the next action point of Crimson Dust)."""
    if isinstance(turn, bool) or not isinstance(turn, int) or turn < 1:
        raise BadDocument.at("turn", f"a turn is a whole number from 1, not {turn!r}")
    order = phases(system)
    current = phase(system, phase_key)
    if again:
        block = repeat(system)
        if block is None or block.last != current.key:
            where = "no phase" if block is None else f"only after {block.last!r}"
            raise BadDocument.at("again", f"{system} repeats {where}, not {phase_key!r}")
        return turn, block.first
    index = order.index(current)
    if index + 1 < len(order):
        return turn, order[index + 1].key
    return turn + 1, order[0].key
