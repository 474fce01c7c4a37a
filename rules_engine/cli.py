"""Command line: ``python -m rules_engine catalogue|check|cost|odds|simulate|resolve|verify|batch``.

JSON on stdout. Exit codes: 0 legal (or answered, or a log verified), 1 illegal (or a log
that does not replay), 2 bad input (the message on
stderr and a JSON error on stdout name the JSON path), 3 a fault of the engine (one line
``internal error: ...`` on stderr; ``--debug`` adds the traceback), 141 quietly when the
reader closes the pipe. Every input is read within the limits of ``rules_engine.limits``
(docs/limits.md).
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import sys
import traceback
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn

from rules_engine.catalogue import DEFAULT_PACK_DIR, Catalogue, load_catalogue
from rules_engine.errors import BadDocument
from rules_engine.limits import (
    MAX_INPUT_BYTES,
    MAX_LOG_BYTES,
    parse_json,
    read_bounded,
    read_json_file,
)
from rules_engine.systems import SYSTEMS, system_module

EXIT_OK, EXIT_ILLEGAL, EXIT_BAD_INPUT, EXIT_INTERNAL = 0, 1, 2, 3
DEBUG_HELP = "show the traceback of an internal error"
# What a shell reports for a program stopped by SIGPIPE (``... | head``).
EXIT_CLOSED_PIPE = 128 + signal.SIGPIPE


class _Parser(argparse.ArgumentParser):
    """Command-line mistakes are bad input like any other: a JSON error and exit code 2."""

    def error(self, message: str) -> NoReturn:
        raise BadDocument.at("argv", f"{message} (see python -m rules_engine --help)")


def main(argv: Sequence[str] | None = None) -> int:
    debug = False
    try:
        try:
            args = _parser().parse_args(argv)
            debug = bool(getattr(args, "debug", False))
            code = int(args.run(args))
        except BadDocument as exc:
            _emit(exc.to_dict())
            print(f"bad input: {exc}", file=sys.stderr)
            code = EXIT_BAD_INPUT
        except BrokenPipeError:
            raise
        except Exception as exc:
            # Not the input's fault: said as such, never as a bad document.
            code = _internal_error(exc, debug=debug)
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader stopped reading; point stdout at devnull so the flush at exit is quiet.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_CLOSED_PIPE
    return code


def _internal_error(exc: Exception, *, debug: bool) -> int:
    """A fault of the engine: one line for the caller, the traceback only when asked for."""
    if debug:
        traceback.print_exception(exc, file=sys.stderr)
    message = " ".join(str(exc).split())[:200]
    print(
        f"internal error: {type(exc).__name__}" + (f": {message}" if message else ""),
        file=sys.stderr,
    )
    return EXIT_INTERNAL


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m rules_engine", description=__doc__)
    parser.add_argument("--packs", default=str(DEFAULT_PACK_DIR), help="content pack folder")
    parser.add_argument("--debug", action="store_true", help=DEBUG_HELP)
    # Also taken after the command (``odds cs-aces attack --debug``).
    debug = _Parser(add_help=False)
    debug.add_argument("--debug", action="store_true", default=argparse.SUPPRESS, help=DEBUG_HELP)
    sub = parser.add_subparsers(required=True, dest="command", parser_class=_Parser)

    p = sub.add_parser("catalogue", help="the content as the engine sees it", parents=[debug])
    p.add_argument("system", choices=sorted(SYSTEMS))
    p.set_defaults(run=_catalogue)

    for name, run in (("check", _check), ("cost", _cost)):
        p = sub.add_parser(name, help=f"{name} a list document", parents=[debug])
        p.add_argument("list", help="path to a muster-list/1 JSON file ('-' for stdin)")
        p.set_defaults(run=run)

    p = sub.add_parser("odds", help="exact odds of an attack or a check", parents=[debug])
    p.add_argument("system", choices=sorted(SYSTEMS))
    p.add_argument("query", nargs="?", help="what to compute (omit to list them)")
    p.add_argument("params", nargs="*", help="key=value parameters (values read as JSON)")
    p.add_argument("--describe", action="store_true", help="every query's parameters")
    p.set_defaults(run=_odds)

    p = sub.add_parser("simulate", help="play two lists against each other", parents=[debug])
    p.add_argument("list_a")
    p.add_argument("list_b")
    p.add_argument("--runs", type=_whole, default=10_000, help="1 to 10,000,000")
    p.add_argument("--seed", type=_whole, default=1, help="0 to 2**63-1")
    p.add_argument("--scenario", default="{}", help="JSON object or a path to a JSON file")
    p.set_defaults(run=_simulate)

    p = sub.add_parser("resolve", help="resolve a roll by the rules", parents=[debug])
    p.add_argument("system", choices=sorted(SYSTEMS))
    p.add_argument("procedure", nargs="?", help="what to resolve (omit to list them)")
    p.add_argument(
        "params", nargs="*", help="key=value parameters (values read as JSON); rolls=2,3,5"
    )
    p.add_argument("--describe", action="store_true", help="every procedure's parameters and dice")
    p.set_defaults(run=_resolve)

    p = sub.add_parser("verify", help="replay a muster-game-log/1 file", parents=[debug])
    p.add_argument("log", help="path to a game log JSON file ('-' for stdin)")
    p.set_defaults(run=_verify)

    p = sub.add_parser(
        "batch", help="JSON lines in (check, cost, odds, resolve), JSON lines out", parents=[debug]
    )
    p.set_defaults(run=_batch)
    return parser


def _whole(text: str) -> int:
    """A command-line whole number, short enough to read (the range is checked later)."""
    if len(text) > 30:
        raise argparse.ArgumentTypeError(f"{text[:30]}... is far too long a number")
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None


def _emit(data: Any) -> None:
    json.dump(data, sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")


def _catalogue_of(args: argparse.Namespace) -> Catalogue:
    return load_catalogue(Path(args.packs))


def _read_json(path: str, label: str, max_bytes: int = MAX_INPUT_BYTES) -> Any:
    """A JSON document from a file or stdin (``-``), read within the limits."""
    if path == "-":
        data = read_bounded(sys.stdin.buffer, label, max_bytes)
        return parse_json(data, label, max_bytes=max_bytes)
    return read_json_file(path, label, max_bytes)


def _catalogue(args: argparse.Namespace) -> int:
    _emit(system_module(args.system).catalogue_view(_catalogue_of(args)))
    return EXIT_OK


def _check(args: argparse.Namespace) -> int:
    from rules_engine.api import check

    doc = _read_json(args.list, "$")
    verdict = check(_catalogue_of(args), doc)
    _emit(verdict.to_dict())
    return EXIT_OK if verdict.legal else EXIT_ILLEGAL


def _cost(args: argparse.Namespace) -> int:
    from rules_engine.api import check

    doc = _read_json(args.list, "$")
    verdict = check(_catalogue_of(args), doc)
    _emit({"points": verdict.points, "limit": verdict.limit, "breakdown": verdict.breakdown})
    return EXIT_OK if verdict.legal else EXIT_ILLEGAL


def odds_params(items: Sequence[str]) -> dict[str, Any]:
    """``key=value`` words as parameters; a value is read as JSON when it is JSON, else as
    text (``weapon=front``)."""
    params: dict[str, Any] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise BadDocument.at(f"params.{item[:40]}", "parameters are key=value")
        try:
            params[key] = parse_json(value, f"params.{key}")
        except BadDocument as exc:
            if "not JSON" not in exc.errors[0].message:
                raise
            params[key] = value
    return params


def _odds(args: argparse.Namespace) -> int:
    from rules_engine.odds_call import ask_odds, odds_queries

    if args.describe or not args.query:
        queries = odds_queries(args.system)
        if args.describe:
            _emit({"system": args.system, "queries": queries})
        else:
            _emit({"system": args.system, "queries": {q["query"]: q["summary"] for q in queries}})
        return EXIT_OK
    params = odds_params(args.params)
    _emit(ask_odds(_catalogue_of(args), args.system, args.query, params))
    return EXIT_OK


def rolls_of(text: str) -> list[int]:
    """``2,3,5`` as the faces rolled, in the order the procedure's dice are listed."""
    faces = []
    for i, word in enumerate(text.split(",") if text.strip() else []):
        try:
            faces.append(int(word))
        except ValueError:
            raise BadDocument.at(f"rolls[{i}]", f"a face is a whole number, not {word!r}") from None
    return faces


def _resolve(args: argparse.Namespace) -> int:
    from rules_engine.resolve import describe_procedures, resolve

    if args.describe or not args.procedure:
        procedures = describe_procedures(_catalogue_of(args), args.system)
        if args.describe:
            _emit({"system": args.system, "procedures": procedures})
        else:
            summaries = {p["procedure"]: p["summary"] for p in procedures}
            _emit({"system": args.system, "procedures": summaries})
        return EXIT_OK
    words = [w for w in args.params if not w.startswith("rolls=")]
    given = [w.removeprefix("rolls=") for w in args.params if w.startswith("rolls=")]
    if len(given) > 1:
        raise BadDocument.at("rolls", "give rolls= once, the faces separated by commas")
    rolls = rolls_of(given[0] if given else "")
    params = odds_params(words)
    _emit(resolve(_catalogue_of(args), args.system, args.procedure, params, rolls))
    return EXIT_OK


def _verify(args: argparse.Namespace) -> int:
    from rules_engine.game_log import verify

    report = verify(_catalogue_of(args), _read_json(args.log, "log", MAX_LOG_BYTES))
    _emit(report)
    if not report["verified"]:
        mismatch = report["mismatch"]
        where = f"entry {mismatch['seq']}" if mismatch["seq"] is not None else "the log"
        print(f"not verified: {where}: {mismatch['message']}", file=sys.stderr)
    return EXIT_OK if report["verified"] else EXIT_ILLEGAL


def _simulate(args: argparse.Namespace) -> int:
    from rules_engine.simulation import simulate

    list_a = _read_json(args.list_a, "list_a")
    list_b = _read_json(args.list_b, "list_b")
    scenario = _scenario(args.scenario.strip())
    _emit(
        simulate(
            _catalogue_of(args), list_a, list_b, runs=args.runs, seed=args.seed, scenario=scenario
        )
    )
    return EXIT_OK


def _scenario(arg: str) -> Any:
    """The scenario: inline JSON (``{"in_range": 0.8}``) or a path to a JSON file."""
    if not arg.startswith("{"):
        return _read_json(arg, "scenario")
    return parse_json(arg, "scenario")


def _batch(args: argparse.Namespace) -> int:
    from rules_engine.batch import run_batch

    return run_batch(sys.stdin.buffer, sys.stdout, lambda: _catalogue_of(args))
