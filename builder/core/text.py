"""What text the site accepts from a request, and how a rejected value is quoted back.

PostgreSQL refuses a NUL character in ``text`` and ``jsonb``, and no name, note or search a
person types holds a control character; so they are refused once, at the edge, before any
query sees them. Form fields may hold tabs and line breaks (notes have several lines);
addresses and query strings hold no control character at all.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

QUOTE_LIMIT = 80
"""Characters of a rejected value quoted back in an error; the rest is cut to "…"."""

_IN_ADDRESS = re.compile(r"[\x00-\x1f\x7f]")
_IN_FORM_FIELD = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f]")


def bad_in_address(text: str) -> bool:
    """Whether a path part or query string value holds a control character (C0 or DEL)."""
    return _IN_ADDRESS.search(text) is not None


def bad_in_form_field(text: str) -> bool:
    """Whether a form field holds a control character other than tab, LF or CR."""
    return _IN_FORM_FIELD.search(text) is not None


def shown(text: str, limit: int = QUOTE_LIMIT) -> str:
    """``text`` cut to ``limit`` characters, with "…" where it was cut."""
    return text if len(text) <= limit else f"{text[:limit]}…"


def readable(text: str) -> str:
    """``text`` with control characters written as escapes (``\\x00``), for a message."""
    return _IN_ADDRESS.sub(lambda m: f"\\x{ord(m.group()):02x}", text)


def nul_paths(value: Any, root: str = "$") -> Iterator[str]:
    """JSON paths of every string (value or key) under ``value`` that holds a NUL."""
    stack: list[tuple[str, Any]] = [(root, value)]
    while stack:
        path, item = stack.pop()
        if isinstance(item, str):
            if "\x00" in item:
                yield path
        elif isinstance(item, dict):
            if any("\x00" in key for key in item):
                yield path
            children = [(f"{path}.{k}", v) for k, v in item.items() if "\x00" not in k]
            stack.extend(reversed(children))
        elif isinstance(item, list):
            stack.extend(reversed([(f"{path}[{i}]", v) for i, v in enumerate(item)]))
