"""Reading JSON that the database will store: every hazard becomes a clear error with a path.

Python's ``json`` happily returns values that PostgreSQL or SQLite refuse later (NUL
characters, lone surrogates, ``NaN``), or fails with the wrong kind of exception (deep
nesting raises ``RecursionError``, a 5,000-digit integer ``ValueError``). Everything a pack
file or an admin form brings in goes through here first, so both databases accept exactly the
same documents and nothing reaches them that they would refuse.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

from rules_engine.errors import DocumentError
from rules_engine.jsonpath import child

MAX_FILE_BYTES = 8 * 1024 * 1024
"""A pack file larger than this is refused unread (the largest pack is about 230 kB)."""

MAX_DEPTH = 40
"""Deepest nesting of arrays and objects accepted (the packs use at most 10)."""

INT_MIN, INT_MAX = -(2**63), 2**63 - 1
"""Every JSON integer must fit a signed 64-bit number: what validators and columns can hold."""

FLOAT_LIMIT = 1e15
"""Numbers with a fraction stay below this: Python writes larger ones with an exponent
(``1e+16``), which PostgreSQL's jsonb stores as an integer and SQLite as a float."""

_SURROGATES = range(0xD800, 0xE000)


class _BadNumber(ValueError):
    pass


def _parse_constant(name: str) -> Any:
    raise _BadNumber(f"{name} is not a JSON number")


def _parse_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value) or abs(value) >= FLOAT_LIMIT:
        raise _BadNumber(f"number {text[:40]} is out of range (below 10^15 with a fraction)")
    return value


def _parse_int(text: str) -> int:
    if len(text.lstrip("-")) > 19:
        raise _BadNumber(f"integer {text[:25]}... has {len(text.lstrip('-'))} digits")
    return int(text)


def parse_json(text: str, where: str = "$") -> tuple[Any, list[DocumentError]]:
    """Parse JSON text; on failure the value is None and the errors say why and where."""
    if "\x00" in text:
        line = text.count("\n", 0, text.index("\x00")) + 1
        return None, [DocumentError(where, f"a NUL character (line {line}) is not allowed")]
    try:
        value = json.loads(
            text,
            parse_constant=_parse_constant,
            parse_float=_parse_float,
            parse_int=_parse_int,
        )
    except _BadNumber as exc:
        return None, [DocumentError(where, f"not accepted: {exc}")]
    except json.JSONDecodeError as exc:
        return None, [
            DocumentError(where, f"not JSON: {exc.msg} at line {exc.lineno} column {exc.colno}")
        ]
    except RecursionError:
        return None, [DocumentError(where, f"nested deeper than {MAX_DEPTH} levels")]
    except (ValueError, MemoryError) as exc:
        return None, [DocumentError(where, f"not accepted: {str(exc)[:200]}")]
    return value, document_hazards(value, where)


def _text_problem(text: str) -> str | None:
    if "\x00" in text:
        return "contains a NUL character"
    for ch in text:
        if ord(ch) in _SURROGATES:
            return f"contains a lone surrogate U+{ord(ch):04X} (not valid Unicode)"
    return None


def document_hazards(value: Any, root: str = "$") -> list[DocumentError]:
    """Values neither database stores faithfully: too deep, NUL, lone surrogates, integers
    beyond 64 bits, non-finite numbers, non-JSON types. Walks without recursion."""
    errors: list[DocumentError] = []
    stack: list[tuple[Any, str, int]] = [(value, root, 0)]
    while stack and len(errors) < 50:
        item, path, depth = stack.pop()
        if isinstance(item, dict | list) and depth >= MAX_DEPTH:
            errors.append(DocumentError(path, f"nested deeper than {MAX_DEPTH} levels"))
            continue
        if isinstance(item, dict):
            for key, sub in item.items():
                if not isinstance(key, str):
                    errors.append(DocumentError(path, f"key {key!r} is not a string"))
                    continue
                where = child(path, key)
                problem = _text_problem(key)
                if problem:
                    errors.append(DocumentError(where, f"key {problem}"))
                    continue
                stack.append((sub, where, depth + 1))
        elif isinstance(item, list):
            stack.extend((sub, child(path, i), depth + 1) for i, sub in enumerate(item))
        elif isinstance(item, str):
            problem = _text_problem(item)
            if problem:
                errors.append(DocumentError(path, problem))
        elif isinstance(item, bool) or item is None:
            continue
        elif isinstance(item, int):
            if not INT_MIN <= item <= INT_MAX:
                errors.append(DocumentError(path, "integer out of range (64-bit at most)"))
        elif isinstance(item, float):
            if not math.isfinite(item):
                errors.append(DocumentError(path, f"number {item} is not allowed"))
            elif abs(item) >= FLOAT_LIMIT:
                errors.append(
                    DocumentError(
                        path, f"number {item} is out of range (below 10^15 with a fraction)"
                    )
                )
        else:
            errors.append(DocumentError(path, f"{type(item).__name__} is not a JSON value"))
    return sorted(errors, key=lambda e: e.path)


def read_json_file(path: Path) -> tuple[Any, list[DocumentError]]:
    """Read and parse a JSON file with every limit above; errors use ``$`` as their path."""
    try:
        size = Path(path).stat().st_size
        if size > MAX_FILE_BYTES:
            return None, [
                DocumentError("$", f"file is {size:,} bytes; the limit is {MAX_FILE_BYTES:,} bytes")
            ]
        raw = Path(path).read_bytes()
    except OSError as exc:
        return None, [DocumentError("$", f"cannot read: {exc.strerror or exc}")]
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        return None, [DocumentError("$", f"not UTF-8: byte {exc.start} cannot be decoded")]
    return parse_json(text.removeprefix("\ufeff"))
