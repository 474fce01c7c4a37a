"""Command line: ``python -m rules_engine catalogue|check|cost|odds|simulate``.

JSON on stdout. Exit codes: 0 legal (or answered), 1 illegal, 2 bad input (the message on
stderr and stdout names the JSON path), 141 quietly when the reader closes the pipe.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rules_engine.api import check
from rules_engine.catalogue import DEFAULT_PACK_DIR, Catalogue, load_catalogue
from rules_engine.errors import BadDocument
from rules_engine.listdoc import validate_list
from rules_engine.systems import SYSTEM_PACKAGES, system_module

EXIT_OK, EXIT_ILLEGAL, EXIT_BAD_INPUT = 0, 1, 2
# What a shell reports for a program stopped by SIGPIPE (``... | head``).
EXIT_CLOSED_PIPE = 128 + signal.SIGPIPE


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        try:
            catalogue = load_catalogue(Path(args.packs))
            code = int(args.run(catalogue, args))
        except BadDocument as exc:
            _emit(exc.to_dict())
            print(f"bad input: {exc}", file=sys.stderr)
            code = EXIT_BAD_INPUT
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader stopped reading; point stdout at devnull so the flush at exit is quiet.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_CLOSED_PIPE
    return code


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m rules_engine", description=__doc__)
    parser.add_argument("--packs", default=str(DEFAULT_PACK_DIR), help="content pack folder")
    sub = parser.add_subparsers(required=True, dest="command")

    p = sub.add_parser("catalogue", help="the content as the engine sees it")
    p.add_argument("system", choices=sorted(SYSTEM_PACKAGES))
    p.set_defaults(run=_catalogue)

    for name, run in (("check", _check), ("cost", _cost)):
        p = sub.add_parser(name, help=f"{name} a list document")
        p.add_argument("list", help="path to a muster-list/1 JSON file ('-' for stdin)")
        p.set_defaults(run=run)

    p = sub.add_parser("odds", help="exact odds of an attack or a check")
    p.add_argument("system", choices=sorted(SYSTEM_PACKAGES))
    p.add_argument("query", nargs="?", help="what to compute (omit to list them)")
    p.add_argument("params", nargs="*", help="key=value parameters (values read as JSON)")
    p.add_argument("--describe", action="store_true", help="every query's parameters")
    p.set_defaults(run=_odds)

    p = sub.add_parser("simulate", help="play two lists against each other")
    p.add_argument("list_a")
    p.add_argument("list_b")
    p.add_argument("--runs", type=int, default=10_000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--scenario", default="{}", help="JSON object or a path to a JSON file")
    p.set_defaults(run=_simulate)
    return parser


def _emit(data: Any) -> None:
    json.dump(data, sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")


def _read_json(path: str, label: str) -> Any:
    try:
        text = sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise BadDocument.at(label, f"cannot read {path}: {exc.strerror}") from exc
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise BadDocument.at(
            label, f"{path} is not JSON: {exc.msg} at line {exc.lineno} column {exc.colno}"
        ) from exc


def _catalogue(catalogue: Catalogue, args: argparse.Namespace) -> int:
    _emit(system_module(args.system).catalogue_view(catalogue))
    return EXIT_OK


def _check(catalogue: Catalogue, args: argparse.Namespace) -> int:
    verdict = check(catalogue, _read_json(args.list, "$"))
    _emit(verdict.to_dict())
    return EXIT_OK if verdict.legal else EXIT_ILLEGAL


def _cost(catalogue: Catalogue, args: argparse.Namespace) -> int:
    verdict = check(catalogue, _read_json(args.list, "$"))
    _emit({"points": verdict.points, "limit": verdict.limit, "breakdown": verdict.breakdown})
    return EXIT_OK if verdict.legal else EXIT_ILLEGAL


def _odds(catalogue: Catalogue, args: argparse.Namespace) -> int:
    from rules_engine.odds import odds, odds_queries

    if args.describe or not args.query:
        queries = odds_queries(args.system)
        if not args.describe:
            _emit({"system": args.system,
                   "queries": {q["query"]: q["summary"] for q in queries}})
        else:
            _emit({"system": args.system, "queries": queries})
        return EXIT_OK
    params = {}
    for item in args.params:
        key, sep, value = item.partition("=")
        if not sep:
            raise BadDocument.at(f"params.{item}", "parameters are key=value")
        try:
            params[key] = json.loads(value)
        except json.JSONDecodeError:
            params[key] = value
    _emit(odds(catalogue, args.system, args.query, params))
    return EXIT_OK


def _simulate(catalogue: Catalogue, args: argparse.Namespace) -> int:
    list_a = _read_json(args.list_a, "list_a")
    list_b = _read_json(args.list_b, "list_b")
    scenario = _scenario(args.scenario.strip())
    if args.runs <= 0:
        raise BadDocument.at("runs", "must be a positive number of runs")
    for label, doc in (("list_a", list_a), ("list_b", list_b)):
        validate_list(doc, root=label)
    if list_a["system"] != list_b["system"]:
        raise BadDocument.at("list_b.system", "both lists must be of the same game system")
    module = system_module(list_a["system"], "list_a.system")
    if not hasattr(module, "simulate"):
        raise BadDocument.at("list_a.system", f"{list_a['system']} has no fight simulation")
    _emit(module.simulate(catalogue, list_a, list_b, scenario, args.runs, args.seed))
    return EXIT_OK


def _scenario(arg: str) -> Any:
    """The scenario: inline JSON (``{"in_range": 0.8}``) or a path to a JSON file."""
    if not arg.startswith("{"):
        return _read_json(arg, "scenario")
    try:
        scenario = json.loads(arg)
    except json.JSONDecodeError as exc:
        raise BadDocument.at("scenario", f"not JSON: {exc.msg} at column {exc.colno}") from exc
    return scenario
