"""Which package answers for which game system.

Each system package exposes the same small interface (see ``rules_engine.typing``): a
``catalogue_view``, a ``check``, and where the system has them, ``ODDS`` and ``simulate``.
"""

from __future__ import annotations

from importlib import import_module
from typing import cast

from rules_engine.errors import BadDocument
from rules_engine.typing import SystemModule

SYSTEM_PACKAGES: dict[str, str] = {
    "cs-air-action": "rules_engine.cs_air_action",
    "cs-aces": "rules_engine.cs_aces",
    "crimson-dust": "rules_engine.crimson_dust",
    "black-skies": "rules_engine.black_skies",
    "cs-hex": "rules_engine.cs_hex",
}


def system_module(system: str, path: str = "$.system") -> SystemModule:
    """The package for ``system``; an unknown slug is a bad document at ``path``."""
    if system not in SYSTEM_PACKAGES:
        known = ", ".join(SYSTEM_PACKAGES)
        raise BadDocument.at(path, f"unknown game system {system!r} (known: {known})")
    return cast(SystemModule, import_module(SYSTEM_PACKAGES[system]))
