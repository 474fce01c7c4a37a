"""How much work the engine takes on for one request, checked before any work starts.

Every limit here is documented in docs/limits.md; input past one is a ``BadDocument`` naming
the place and the limit, never a crash or a run that does not end. ``parse_json`` is the
one way the CLI (and the API, for engine input) reads JSON text: bounded in size, nesting
and number length, so no input can exhaust memory, the stack or the CPU while being read.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Mapping
from itertools import accumulate
from operator import sub
from pathlib import Path
from typing import IO, Any

from rules_engine.errors import BadDocument, DocumentError

MAX_INPUT_BYTES = 1_000_000
"""Bytes of one list, scenario or batch line: a 200-entry list is a few tens of kB."""

MAX_LOG_BYTES = 64_000_000
"""Bytes of one game log given to ``verify``: 10,000 entries are about 17 MB as the site
exports them."""

MAX_PACK_BYTES = 16_000_000
"""Bytes of one content pack file (the largest shipped pack is about 230 kB)."""

MAX_PACK_NUMBER = 1_000_000
"""Largest number either way in a content pack (points, stats, table values)."""

MAX_PACK_FILES = 200
"""Pack files in one ``--packs`` folder."""

MAX_DEPTH = 64
"""Nesting of arrays and objects in any JSON input (lists nest about 5 deep)."""

MAX_INT_DIGITS = 18
"""Digits of an integer in JSON input; every integer the games use has at most a few."""

MAX_ENTRIES = 200
"""Entries in one list (``maxItems`` in the list envelope schema)."""

MAX_MODELS = 200
"""Models in one list, where one entry may stand for several (cs-aces ``count``)."""

MAX_RUNS = 10_000_000
"""Runs per simulation. Runs are played in blocks, so memory does not grow with runs."""

MAX_FIGHT_MODELS = 100
"""Models on one side of a simulated fight (the fight arrays count them in small integers)."""

MAX_MODEL_RUNS = 200_000_000
"""Runs times the models of both sides, the work of one simulation: 10 million runs of 20
models, or 1 million runs of 200."""

MAX_SEED = 2**63 - 1
"""Seeds are whole numbers from 0 to this."""

BLOCK_RUNS = 10_000
"""Runs per block of a simulation; block i's random stream depends on (seed, i) only."""

MAX_BATCH_LINES = 100_000
"""Lines one ``batch`` process answers; a longer input is cut there, with an error line."""


def simulation_work(runs: int, models_a: int, models_b: int) -> int:
    """The work of one simulation, in model-runs: its runs times the models of both sides.

    ``MAX_MODEL_RUNS`` bounds it for every caller; a server may also use it to decide what
    it answers at once and what it hands to workers.
    """
    return runs * (models_a + models_b)


_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_LONG_INT = re.compile(r"(?<![\d.eE+-])-?\d{" + str(MAX_INT_DIGITS + 1) + ",}")
_SURROGATE = re.compile(r"\\u[dD][89a-fA-F]")
_NOT_MARK = re.compile(r"[^\x00\x02]+")
_BRACKETS = str.maketrans({"[": "\x02", "{": "\x02", "]": "\x00", "}": "\x00"})


class _TooLong(ValueError):
    """An integer or number in the input past the limits (raised inside ``json.loads``)."""


def _int_reader(max_digits: int) -> Callable[[str], int]:
    def read(text: str) -> int:
        if len(text.lstrip("-")) > max_digits:
            raise _TooLong(
                f"an integer of {len(text.lstrip('-'))} digits (at most {max_digits} digits)"
            )
        return int(text)

    return read


_int = _int_reader(MAX_INT_DIGITS)


def _float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _TooLong(f"the number {text[:30]} is too large for a float")
    return value


def _constant(text: str) -> Any:
    raise _TooLong(f"{text} is not a JSON number")


def nesting_depth(text: str) -> int:
    """The deepest nesting of arrays and objects in JSON ``text``, without recursion.

    Strings are blanked first so brackets inside them do not count; the depth is the largest
    running total of opening minus closing brackets, computed by C-level iterators.
    """
    if '"' in text:
        text = _STRING.sub('""', text)
    marks = _NOT_MARK.sub("", text.translate(_BRACKETS))
    if not marks:
        return 0
    # Opening marks count 2, closing 0: the running total less the position is the depth.
    depth: int = max(map(sub, accumulate(marks.encode()), range(1, len(marks) + 1)))
    return depth


def depth_errors(doc: Any, root: str = "$") -> list[DocumentError]:
    """A document already in memory (the Python API) nested deeper than ``MAX_DEPTH``,
    found without recursion, so the validators never meet a structure that could exhaust
    their stack. Only containers are visited; plain dicts and lists by exact type, the
    cheap test, with other mappings and sequences caught by the slower one."""
    if not _is_container(doc):
        return []
    stack: list[tuple[Any, int]] = [(doc, 1)]
    while stack:
        value, depth = stack.pop()
        if depth > MAX_DEPTH:
            return [DocumentError(root, f"nested more than {MAX_DEPTH} deep (the limit)")]
        for child in value.values() if isinstance(value, Mapping) else value:
            kind = type(child)
            if kind is dict or kind is list or (kind not in _SCALARS and _is_container(child)):
                stack.append((child, depth + 1))
    return []


_SCALARS = frozenset({str, int, float, bool, type(None)})


def _is_container(value: Any) -> bool:
    return isinstance(value, Mapping | list | tuple)


def parse_json(
    data: bytes | str,
    label: str,
    *,
    max_bytes: int = MAX_INPUT_BYTES,
    max_int_digits: int = MAX_INT_DIGITS,
    source: str | None = None,
) -> Any:
    """JSON read safely: at most ``max_bytes``, UTF-8, nesting at most ``MAX_DEPTH``,
    integers of at most ``MAX_INT_DIGITS`` digits, finite numbers only.

    Args:
        data: the raw input (bytes are decoded as UTF-8).
        label: where the input sits, for messages (``$``, ``list_a``, a file path...).
        max_bytes: the size limit.
        max_int_digits: the longest integer taken.
        source: the file the text came from, named in the message when given.

    Raises:
        BadDocument: at ``label``, saying what is wrong and where in the text.
    """
    if isinstance(data, str):
        try:
            size = len(data.encode("utf-8"))
        except UnicodeEncodeError as exc:
            raise BadDocument.at(
                label, f"not text: character {exc.start} is half a character (a lone surrogate)"
            ) from None
    else:
        size = len(data)
    if size > max_bytes:
        raise BadDocument.at(
            label, f"{size:,} bytes, {size - max_bytes:,} over the limit of {max_bytes:,} bytes"
        )
    if isinstance(data, bytes):
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise BadDocument.at(
                label,
                f"{_is(source)}not UTF-8 text: byte {exc.start} "
                f"(0x{data[exc.start]:02x}) cannot be decoded",
            ) from None
    else:
        text = data
    try:
        reader = _int if max_int_digits == MAX_INT_DIGITS else _int_reader(max_int_digits)
        # The C reader guards its own stack (a RecursionError past ~1,000 levels); the
        # depth limit is checked on the result, which costs far less than scanning text.
        value = json.loads(text, parse_int=reader, parse_float=_float, parse_constant=_constant)
        if depth_errors(value):
            raise RecursionError
        if _SURROGATE.search(text):
            json.dumps(value, ensure_ascii=False).encode("utf-8")
        return value
    except UnicodeEncodeError:
        raise BadDocument.at(
            label, "a \\u escape gives half a character (a lone surrogate), which is not text"
        ) from None
    except json.JSONDecodeError as exc:
        raise BadDocument.at(
            label, f"{_is(source)}not JSON: {exc.msg} at line {exc.lineno} column {exc.colno}"
        ) from None
    except _TooLong as exc:
        raise BadDocument.at(label, f"{exc}{_where_long_number(text)}") from None
    except RecursionError:
        depth = nesting_depth(text)
        raise BadDocument.at(
            label, f"nested {depth} deep, {depth - MAX_DEPTH} over the limit of {MAX_DEPTH}"
        ) from None
    except ValueError as exc:  # anything else the reader refuses
        raise BadDocument.at(label, f"not JSON: {exc}") from None


def _is(source: str | None) -> str:
    return f"{source} is " if source else ""


def _where_long_number(text: str) -> str:
    match = _LONG_INT.search(_STRING.sub(lambda m: " " * len(m.group()), text))
    if not match:
        return ""
    line = text.count("\n", 0, match.start()) + 1
    column = match.start() - (text.rfind("\n", 0, match.start()) + 1) + 1
    return f" at line {line} column {column}"


def read_bounded(stream: IO[bytes], label: str, max_bytes: int = MAX_INPUT_BYTES) -> bytes:
    """At most ``max_bytes`` from ``stream``; one byte more and the input is refused, so an
    endless input (``/dev/zero``) stops at once."""
    data = stream.read(max_bytes + 1)
    if len(data) > max_bytes:
        raise BadDocument.at(label, f"more than {max_bytes:,} bytes (the limit)")
    return data


def read_json_file(
    path: str | Path,
    label: str,
    max_bytes: int = MAX_INPUT_BYTES,
    max_int_digits: int = MAX_INT_DIGITS,
) -> Any:
    """A JSON file read with ``read_bounded`` and ``parse_json``; an unreadable file is a
    bad document at ``label`` too."""
    try:
        with open(path, "rb") as stream:
            data = read_bounded(stream, label, max_bytes)
    except OSError as exc:
        raise BadDocument.at(label, f"cannot read {path}: {exc.strerror or exc}") from None
    return parse_json(
        data, label, max_bytes=max_bytes, max_int_digits=max_int_digits, source=str(path)
    )
