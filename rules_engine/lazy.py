"""Names a system package offers but loads only when asked for, so that checking a list
does not pay for numpy and icepool, which only odds, views and simulations need."""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from importlib import import_module
from typing import Any


def lazy_names(package: str, where: Mapping[str, str]) -> Callable[[str], Any]:
    """A module ``__getattr__`` for ``package``: ``where[name]`` is the submodule (relative,
    e.g. ``".odds"``) holding ``name``; the first access imports it and keeps the value."""

    def __getattr__(name: str) -> Any:
        if name not in where:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(import_module(where[name], package), name)
        setattr(sys.modules[package], name, value)
        return value

    return __getattr__
