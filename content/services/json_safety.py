"""Reading JSON a person hands in, and JSON the database will store: every hazard a clear
error with a path.

This is the one reader for every file or body a user supplies (a list file in the builder,
a backup, a pack file for ``loadpack``, a JSON form field): it reads at most a set number of
bytes from the stream, whatever size the file claims, so ``/dev/zero`` stops at once; it
refuses anything but an ordinary file before reading from it, so a FIFO cannot hang it;
and it takes UTF-8 only, nested at most ``MAX_DEPTH`` deep (checked without recursion).

Python's ``json`` also happily returns values that PostgreSQL or SQLite refuse later (NUL
characters, lone surrogates, ``NaN``), or fails with the wrong kind of exception (deep
nesting raises ``RecursionError``, a 5,000-digit integer ``ValueError``). Everything read
here is checked for those too, so both databases accept exactly the same documents and
nothing reaches them that they would refuse.
"""

from __future__ import annotations

import json
import math
import os
import stat
from pathlib import Path
from typing import IO, Any

from content.engine import DocumentError, child, limits

MAX_FILE_BYTES = 8 * 1024 * 1024
"""A pack file larger than this is refused (the largest pack is about 230 kB)."""

MAX_DOCUMENT_BYTES = limits.MAX_INPUT_BYTES
"""A list file or a JSON form field: a 200-entry list is a few tens of kB."""

MAX_DEPTH = limits.MAX_DEPTH
"""Deepest nesting of arrays and objects accepted anywhere, the engine's one limit (lists
nest about 5 deep, packs at most 10)."""

CHUNK_BYTES = 64 * 1024
"""Bytes asked of a stream at a time, so no read allocates more than the input holds."""

INT_MIN, INT_MAX = -(2**63), 2**63 - 1
"""Every JSON integer must fit a signed 64-bit number: what validators and columns can hold."""

FLOAT_LIMIT = 1e15
"""Numbers with a fraction stay below this: Python writes larger ones with an exponent
(``1e+16``), which PostgreSQL's jsonb stores as an integer and SQLite as a float."""

_SURROGATES = range(0xD800, 0xE000)
_BOM = b"\xef\xbb\xbf"
_NOT_FILES = (
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISFIFO, "a named pipe (FIFO)"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)


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


def _too_large(max_bytes: int, size: int | None = None) -> DocumentError:
    if size is None:
        return DocumentError("$", f"more than the limit of {max_bytes:,} bytes")
    return DocumentError("$", f"file is {size:,} bytes; the limit is {max_bytes:,} bytes")


def parse_json(
    data: bytes | str,
    where: str = "$",
    *,
    max_bytes: int = MAX_FILE_BYTES,
    max_depth: int = MAX_DEPTH,
) -> tuple[Any, list[DocumentError]]:
    """Parse JSON text or UTF-8 bytes; on failure the value is None and the errors say why
    and where. ``max_depth`` is deeper than ``MAX_DEPTH`` only for a file that holds stored
    documents some levels down (a backup)."""
    size = len(data) if isinstance(data, bytes) else len(data.encode("utf-8", "surrogatepass"))
    if size > max_bytes:
        return None, [_too_large(max_bytes, size)]
    if isinstance(data, bytes):
        try:
            text = data.removeprefix(_BOM).decode("utf-8")
        except UnicodeDecodeError as exc:
            return None, [DocumentError(where, f"not UTF-8: byte {exc.start} cannot be decoded")]
    else:
        text = data.removeprefix("\ufeff")
    if "\x00" in text:
        line = text.count("\n", 0, text.index("\x00")) + 1
        return None, [DocumentError(where, f"a NUL character (line {line}) is not allowed")]
    try:
        # The C reader guards its own stack: past about 1,000 levels it raises RecursionError.
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
        return None, [_too_deep(where, max_depth, limits.nesting_depth(text))]
    except (ValueError, MemoryError) as exc:
        return None, [DocumentError(where, f"not accepted: {str(exc)[:200]}")]
    return value, document_hazards(value, where, max_depth=max_depth)


def _too_deep(where: str, max_depth: int, depth: int | None = None) -> DocumentError:
    got = f" ({depth:,} levels)" if depth is not None else ""
    return DocumentError(where, f"nested deeper than {max_depth} levels{got}")


def read_json_stream(
    stream: IO[bytes],
    where: str = "$",
    *,
    max_bytes: int = MAX_DOCUMENT_BYTES,
    max_depth: int = MAX_DEPTH,
) -> tuple[Any, list[DocumentError]]:
    """Read and parse at most ``max_bytes`` from ``stream`` (an upload, a request body):
    one byte more and it is refused unparsed, whatever size the stream claims."""
    try:
        data = read_at_most(stream, max_bytes + 1)
    except OSError as exc:
        return None, [DocumentError(where, f"cannot read: {exc.strerror or exc}")]
    if len(data) > max_bytes:
        return None, [_too_large(max_bytes)]
    return parse_json(data, where, max_bytes=max_bytes, max_depth=max_depth)


def read_at_most(stream: IO[bytes], count: int) -> bytes:
    """Up to ``count`` bytes of ``stream``, read in chunks until it ends: what the stream or
    its file says of its size is never asked, so a file that grows while it is read, or a
    device that never ends, costs at most ``count`` bytes."""
    chunks: list[bytes] = []
    left = count
    while left > 0:
        chunk = stream.read(min(CHUNK_BYTES, left))
        if not chunk:
            break
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


def not_a_file(path: str | Path) -> str | None:
    """Why ``path`` is no ordinary file (a FIFO, a device, a folder), or None when it is.
    Asked before a file is opened: opening a FIFO waits for a writer, reading a device
    may never end."""
    try:
        mode = os.stat(path).st_mode
    except OSError as exc:
        return f"cannot read: {exc.strerror or exc}"
    return _kind_problem(mode)


def _kind_problem(mode: int) -> str | None:
    if stat.S_ISREG(mode):
        return None
    kind = next((name for test, name in _NOT_FILES if test(mode)), "not an ordinary file")
    return f"{kind}, not a file; only ordinary files are read"


def read_json_file(
    path: str | Path,
    *,
    max_bytes: int = MAX_FILE_BYTES,
    max_depth: int = MAX_DEPTH,
) -> tuple[Any, list[DocumentError]]:
    """Read and parse a JSON file with every limit above; errors use ``$`` as their path.

    Only an ordinary file is opened, and without blocking, so a FIFO swapped in after the
    check cannot hang the reader either; then at most ``max_bytes`` are read."""
    problem = not_a_file(path)
    if problem:
        return None, [DocumentError("$", problem)]
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as stream:
            info = os.fstat(stream.fileno())
            problem = _kind_problem(info.st_mode)
            if problem:
                return None, [DocumentError("$", problem)]
            data = read_at_most(stream, max_bytes + 1)
    except OSError as exc:
        return None, [DocumentError("$", f"cannot read: {exc.strerror or exc}")]
    if len(data) > max_bytes:
        # The size the file claims is only named in the message, never trusted for reading.
        return None, [_too_large(max_bytes, max(info.st_size, len(data)))]
    return parse_json(data, max_bytes=max_bytes, max_depth=max_depth)


def _text_problem(text: str) -> str | None:
    if "\x00" in text:
        return "contains a NUL character"
    for ch in text:
        if ord(ch) in _SURROGATES:
            return f"contains a lone surrogate U+{ord(ch):04X} (not valid Unicode)"
    return None


def document_hazards(
    value: Any, root: str = "$", *, max_depth: int = MAX_DEPTH
) -> list[DocumentError]:
    """Values neither database stores faithfully: too deep, NUL, lone surrogates, integers
    beyond 64 bits, non-finite numbers, non-JSON types. Walks without recursion."""
    errors: list[DocumentError] = []
    stack: list[tuple[Any, str, int]] = [(value, root, 0)]
    while stack and len(errors) < 50:
        item, path, depth = stack.pop()
        if isinstance(item, dict | list) and depth >= max_depth:
            errors.append(_too_deep(path, max_depth))
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
