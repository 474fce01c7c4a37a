"""The game systems Muster knows, with the rule book each comes from.

Each game declares its title and seed file once, in the engine's ``SystemModule``; this is
that declaration as the catalogue reads it, with no second table to keep in step.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from content.engine import SYSTEMS as _DECLARED


class _Systems(Mapping[str, tuple[str, str]]):
    """slug -> (name, seed file), read from the engine's declaration of each system."""

    def __getitem__(self, system: str) -> tuple[str, str]:
        module = _DECLARED[system]
        return module.title, module.source

    def __iter__(self) -> Iterator[str]:
        return iter(_DECLARED)

    def __len__(self) -> int:
        return len(_DECLARED)

    def __contains__(self, system: object) -> bool:
        return system in _DECLARED


SYSTEMS: Mapping[str, tuple[str, str]] = _Systems()
"""slug -> (name, seed file)."""
