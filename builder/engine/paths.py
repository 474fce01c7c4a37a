"""JSON paths as the engine writes them (``$.entries[2].pilot``): the field a path names,
and a path rebased under the larger file a document sits in."""

from __future__ import annotations

import re

_LAST_NAME = re.compile(r"(?:\.|\[')([^.\['\]]+)'?\]?$")


def field_of(path: str) -> str:
    """The last name on a JSON path: ``$.entries[2].pilot`` -> ``pilot``; indices skipped."""
    trimmed = re.sub(r"(\[\d+\])+$", "", path)
    match = _LAST_NAME.search(trimmed)
    if match:
        return match.group(1)
    return "" if trimmed in ("$", "") else trimmed


def rooted(path: str, root: str = "$") -> str:
    """``path`` (``$...``) as a path under ``root``."""
    return root + path[1:] if path.startswith("$") else path
