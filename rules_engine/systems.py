"""The registry of game systems: the one place the odds and simulation front doors, the CLI
and the catalogue output learn which systems exist and what each offers.

Each system declares itself once, as the ``MODULE`` of its package (a ``SystemModule``).
A package is imported when its system is first asked for, so checking one list loads one
system's rules, not five.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping

from rules_engine.errors import BadDocument
from rules_engine.typing import SystemModule


def _cs_air_action() -> SystemModule:
    from rules_engine.cs_air_action import MODULE

    return MODULE


def _cs_aces() -> SystemModule:
    from rules_engine.cs_aces import MODULE

    return MODULE


def _crimson_dust() -> SystemModule:
    from rules_engine.crimson_dust import MODULE

    return MODULE


def _black_skies() -> SystemModule:
    from rules_engine.black_skies import MODULE

    return MODULE


def _cs_hex() -> SystemModule:
    from rules_engine.cs_hex import MODULE

    return MODULE


_DECLARED: dict[str, Callable[[], SystemModule]] = {
    "cs-air-action": _cs_air_action,
    "cs-aces": _cs_aces,
    "crimson-dust": _crimson_dust,
    "black-skies": _black_skies,
    "cs-hex": _cs_hex,
}


class _Registry(Mapping[str, SystemModule]):
    """The systems by slug, each package imported on first use."""

    def __getitem__(self, system: str) -> SystemModule:
        return _DECLARED[system]()

    def __iter__(self) -> Iterator[str]:
        return iter(_DECLARED)

    def __len__(self) -> int:
        return len(_DECLARED)

    def __contains__(self, system: object) -> bool:
        return system in _DECLARED


SYSTEMS: Mapping[str, SystemModule] = _Registry()


def system_module(system: str, path: str = "$.system") -> SystemModule:
    """The system ``system``; an unknown slug is a bad document at ``path``."""
    if system not in SYSTEMS:
        known = ", ".join(SYSTEMS)
        raise BadDocument.at(path, f"unknown game system {system!r} (known: {known})")
    return SYSTEMS[system]
