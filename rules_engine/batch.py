"""Batch mode for scripts and services: JSON lines in, one JSON line out for each, one process.

Each input line is an object with ``op`` (``check``, ``cost``, ``odds`` or ``resolve``) and
what the op needs: ``list`` (a list document) for check and cost; ``system``, ``query`` and
``params`` for odds; ``system``, ``procedure``, ``params`` and ``rolls`` for resolve. An
optional ``id`` is echoed back. Blank lines are skipped. A line that cannot be answered gets
an error line with its line number and the batch carries on; only input past the batch
limits (docs/limits.md) ends it, with a last error line and exit code 2.
A fault of the engine is not a bad line: it ends the batch (exit code 3 from the CLI).

Out, per line: ``{"line": n, "id": ..., "ok": true, "result": ...}`` or
``{"line": n, "id": ..., "ok": false, "error": {"error": "bad_document", "errors": [...]}}``.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import IO, Any

from rules_engine.catalogue import Catalogue
from rules_engine.errors import BadDocument
from rules_engine.limits import MAX_BATCH_LINES, MAX_INPUT_BYTES, parse_json

OPS = ("check", "cost", "odds", "resolve")
FIELDS = {
    "check": {"op", "id", "list"},
    "cost": {"op", "id", "list"},
    "odds": {"op", "id", "system", "query", "params"},
    "resolve": {"op", "id", "system", "procedure", "params", "rolls"},
}
MAX_BATCH_BYTES = 200 * MAX_INPUT_BYTES
"""Bytes one batch reads in all (with ``MAX_BATCH_LINES``, so an endless input ends)."""


def run_batch(stream: IO[bytes], out: IO[str], catalogue: Callable[[], Catalogue]) -> int:
    """Answer every line of ``stream`` on ``out``; 0 when the whole input was read, 2 when it
    ran past the batch limits. ``catalogue`` is called once, when a line first needs it."""
    cache: list[Catalogue] = []

    def snapshot() -> Catalogue:
        if not cache:
            cache.append(catalogue())
        return cache[0]

    read = 0
    for number in range(1, MAX_BATCH_LINES + 1):
        line = stream.readline(MAX_INPUT_BYTES + 1)
        if not line:
            return 0
        read += len(line)
        if len(line) > MAX_INPUT_BYTES and not line.endswith(b"\n"):
            read += _skip_rest_of_line(stream, MAX_BATCH_BYTES - read)
            _write(
                out,
                {
                    "line": number,
                    "ok": False,
                    "error": BadDocument.at(
                        f"line {number}", f"longer than the limit of {MAX_INPUT_BYTES:,} bytes"
                    ).to_dict(),
                },
            )
        elif line.strip():
            _write(out, answer_line(line, number, snapshot))
        if read >= MAX_BATCH_BYTES:
            break
    _write(
        out,
        {
            "line": number,
            "ok": False,
            "error": BadDocument.at(
                "input",
                f"the batch stops here: at most {MAX_BATCH_LINES:,} lines and "
                f"{MAX_BATCH_BYTES:,} bytes in one batch",
            ).to_dict(),
        },
    )
    return 2


def _skip_rest_of_line(stream: IO[bytes], budget: int) -> int:
    skipped = 0
    while skipped < budget:
        chunk = stream.readline(min(MAX_INPUT_BYTES, budget - skipped) or 1)
        skipped += len(chunk)
        if not chunk or chunk.endswith(b"\n"):
            break
    return skipped


def answer_line(
    line: bytes | str, number: int, catalogue: Callable[[], Catalogue]
) -> dict[str, Any]:
    """One output line for one input line: the answer, or the error naming where."""
    request: Any = None
    try:
        request = parse_json(line, f"line {number}")
        result = _answer(request, catalogue)
    except BadDocument as exc:
        reply: dict[str, Any] = {"line": number, "ok": False, "error": exc.to_dict()}
    else:
        reply = {"line": number, "ok": True, "result": result}
    if isinstance(request, Mapping) and "id" in request:
        reply = {"line": number, "id": request["id"], **reply}
    return reply


def _answer(request: Any, catalogue: Callable[[], Catalogue]) -> Any:
    if not isinstance(request, Mapping):
        raise BadDocument.at("$", "each line is a JSON object with an 'op'")
    op = request.get("op")
    if op not in OPS:
        raise BadDocument.at("$.op", f"must be one of {', '.join(OPS)}, not {op!r}"[:200])
    unknown = sorted(set(request) - FIELDS[op])
    if unknown:
        raise BadDocument.at(
            f"$.{unknown[0]}"[:80], f"{op} takes only {', '.join(sorted(FIELDS[op]))}"
        )
    if op == "odds":
        return _odds(request, catalogue)
    if op == "resolve":
        return _resolve(request, catalogue)
    if "list" not in request:
        raise BadDocument.at("$.list", f"{op} needs the list document")
    from rules_engine.api import check

    verdict = check(catalogue(), request["list"])
    if op == "check":
        return verdict.to_dict()
    return {"points": verdict.points, "limit": verdict.limit, "breakdown": verdict.breakdown}


def _odds(request: Mapping[str, Any], catalogue: Callable[[], Catalogue]) -> Any:
    from rules_engine.odds_call import ask_odds
    from rules_engine.systems import system_module

    system, query, params = (request.get(k) for k in ("system", "query", "params"))
    if not isinstance(system, str):
        raise BadDocument.at("$.system", "odds needs the game system's slug")
    system_module(system, "$.system")
    if params is None:
        params = {}
    if not isinstance(params, Mapping):
        raise BadDocument.at("$.params", "must be an object of parameters by name")
    return ask_odds(catalogue(), system, query, params)


def _resolve(request: Mapping[str, Any], catalogue: Callable[[], Catalogue]) -> Any:
    from rules_engine.resolve import resolve
    from rules_engine.systems import system_module

    system, procedure = request.get("system"), request.get("procedure")
    params, rolls = request.get("params") or {}, request.get("rolls")
    if not isinstance(system, str):
        raise BadDocument.at("$.system", "resolve needs the game system's slug")
    system_module(system, "$.system")
    if not isinstance(procedure, str):
        raise BadDocument.at("$.procedure", "resolve needs the procedure's name")
    if not isinstance(params, Mapping):
        raise BadDocument.at("$.params", "must be an object of parameters by name")
    if not isinstance(rolls, list):
        raise BadDocument.at("$.rolls", "must be the list of faces rolled")
    return resolve(catalogue(), system, procedure, params, rolls)


def _write(out: IO[str], reply: Mapping[str, Any]) -> None:
    out.write(json.dumps(reply, ensure_ascii=False) + "\n")
    out.flush()
