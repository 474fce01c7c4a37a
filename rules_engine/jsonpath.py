"""JSON paths in the one notation used in every message: ``$.entries[2].pilot``."""

from __future__ import annotations

from collections.abc import Iterable


def json_path(parts: Iterable[str | int], root: str = "$") -> str:
    """Join keys and indexes into a path: ``("entries", 2, "pilot")`` -> ``$.entries[2].pilot``."""
    out = root
    for part in parts:
        if isinstance(part, int):
            out += f"[{part}]"
        elif part.isidentifier():
            out += f".{part}"
        else:
            out += f"[{part!r}]"
    return out


def child(path: str, *parts: str | int) -> str:
    """Extend an existing path: ``child("$.entries[0]", "upgrades", 1)``."""
    return json_path(parts, root=path)
