"""The API's one door into the rules engine: check, cost, odds, simulations and limits.

Every engine call the API makes goes through here, so the views stay thin and a change in
the engine's front door is answered in one place. Where the engine offers a shared entry
point (``rules_engine.odds``, ``rules_engine.simulate``, ``rules_engine.simulation``'s
blocks, ``rules_engine.limits``), it is used; otherwise the per-system ``ODDS`` table and
``simulate`` stand in, with the simulation run as a single block.
"""

from __future__ import annotations

import inspect
import json
from collections.abc import Mapping, Sequence
from typing import Any

import rules_engine
from rules_engine import BadDocument, Catalogue
from rules_engine.listdoc import validate_list
from rules_engine.systems import SYSTEM_PACKAGES, system_module

try:  # the engine's shared simulation blocks
    from rules_engine import simulation as _simulation
except ImportError:  # pragma: no cover - depends on the engine's version
    _simulation = None  # type: ignore[assignment]

try:  # the engine's own input limits
    from rules_engine import limits as _limits
except ImportError:  # pragma: no cover - depends on the engine's version
    _limits = None  # type: ignore[assignment]

SYSTEMS: tuple[str, ...] = tuple(SYSTEM_PACKAGES)


def _limit(name: str, default: int) -> int:
    return int(getattr(_limits, name, default)) if _limits is not None else default


MAX_ENTRIES = _limit("MAX_ENTRIES", 200)
"""Entries in one list document (a warband or squadron is far smaller)."""
MAX_JSON_DEPTH = _limit("MAX_JSON_DEPTH", 32)
"""Nesting of any JSON body (a list document nests about six deep)."""
MAX_RUNS = _limit("MAX_RUNS", 2_000_000)
"""Simulation runs in one request."""


def check(catalogue: Catalogue, doc: Mapping[str, Any]) -> dict[str, Any]:
    """The verdict exactly as ``python -m rules_engine check`` prints it."""
    return rules_engine.check(catalogue, doc).to_dict()


def cost(catalogue: Catalogue, doc: Mapping[str, Any]) -> dict[str, Any]:
    """The price exactly as ``python -m rules_engine cost`` prints it."""
    verdict = rules_engine.check(catalogue, doc)
    # The CLI prints the breakdown through JSON; the same round trip keeps the types equal.
    return json.loads(
        json.dumps(
            {"points": verdict.points, "limit": verdict.limit, "breakdown": verdict.breakdown}
        )
    )


def validate(doc: Any, root: str = "$") -> None:
    """Schema-check a list document; raises ``BadDocument`` with every wrong path."""
    validate_list(doc, root=root)


def _system(system: str) -> Any:
    return system_module(system, "system")


def odds_queries(system: str) -> list[dict[str, Any]]:
    """Each odds query of ``system``: its name, what it answers and its parameters."""
    shared = getattr(rules_engine, "odds_queries", None)
    if callable(shared):
        return list(shared(system))
    table = getattr(_system(system), "ODDS", {})
    return [_describe(name, fn) for name, fn in sorted(table.items())]


def _describe(name: str, fn: Any) -> dict[str, Any]:
    doc = inspect.getdoc(fn) or ""
    params = []
    for param in inspect.signature(fn).parameters.values():
        if param.name == "catalogue" or param.kind in (param.VAR_KEYWORD, param.VAR_POSITIONAL):
            continue
        default = None if param.default is inspect.Parameter.empty else param.default
        params.append(
            {
                "name": param.name,
                "type": _type_name(param.annotation, default),
                "range": None,
                "default": default,
                "required": param.default is inspect.Parameter.empty,
                "meaning": "",
            }
        )
    return {
        "name": name,
        "summary": doc.splitlines()[0] if doc else name,
        "description": doc,
        "params": params,
    }


def _type_name(annotation: Any, default: Any) -> str:
    text = annotation if isinstance(annotation, str) else getattr(annotation, "__name__", "")
    for word, name in (
        ("bool", "boolean"),
        ("int", "integer"),
        ("float", "number"),
        ("str", "string"),
    ):
        if word in str(text):
            return name
    if isinstance(default, bool):
        return "boolean"
    if isinstance(default, int):
        return "integer"
    return "any"


def odds(
    catalogue: Catalogue, system: str, query: str, params: Mapping[str, Any]
) -> dict[str, Any]:
    """Run one odds query, as ``python -m rules_engine odds SYSTEM QUERY k=v ...`` does."""
    shared = getattr(rules_engine, "odds", None)
    if callable(shared):
        return dict(shared(catalogue, system, query, dict(params)))
    table = getattr(_system(system), "ODDS", {})
    if query not in table:
        known = ", ".join(sorted(table)) or "none"
        raise BadDocument.at("query", f"{system} has no odds query {query!r} (known: {known})")
    for key in params:
        if not isinstance(key, str) or not key.isidentifier():
            raise BadDocument.at(f"params.{key}", "not a parameter name")
    return dict(table[query](catalogue, **params))


def simulation_inputs(
    list_a: Any, list_b: Any, scenario: Any
) -> tuple[Mapping[str, Any], Mapping[str, Any], Mapping[str, Any]]:
    """Check two lists and a scenario the way the CLI does, naming each bad path."""
    for label, doc in (("list_a", list_a), ("list_b", list_b)):
        validate_list(doc, root=label)
    if list_a["system"] != list_b["system"]:
        raise BadDocument.at("list_b.system", "both lists must be of the same game system")
    if not isinstance(scenario, dict):
        raise BadDocument.at("scenario", "must be a JSON object")
    module = system_module(list_a["system"], "list_a.system")
    if not hasattr(module, "simulate"):
        raise BadDocument.at("list_a.system", f"{list_a['system']} has no fight simulation")
    return list_a, list_b, scenario


def simulate(
    catalogue: Catalogue,
    a: Mapping[str, Any],
    b: Mapping[str, Any],
    *,
    runs: int,
    seed: int,
    scenario: Mapping[str, Any],
) -> dict[str, Any]:
    """The whole simulation report, as ``python -m rules_engine simulate`` prints it."""
    shared = getattr(rules_engine, "simulate", None)
    if callable(shared):
        return dict(shared(catalogue, a, b, runs=runs, seed=seed, scenario=scenario))
    module = system_module(a["system"], "list_a.system")
    return dict(module.simulate(catalogue, a, b, scenario, runs, seed))


def plan_blocks(runs: int) -> list[int]:
    """How many runs each block of a job plays; blocks are numbered from 0."""
    if _simulation is not None and hasattr(_simulation, "plan_blocks"):
        return [int(n) for n in _blocks_as_runs(_simulation.plan_blocks(runs))]
    return [runs]


def _blocks_as_runs(plan: Any) -> Sequence[int]:
    """The engine's plan as runs per block (it may give counts or (block, runs) pairs)."""
    out = []
    for item in plan:
        if isinstance(item, int):
            out.append(item)
        elif isinstance(item, Mapping):
            out.append(int(item["runs"]))
        else:
            out.append(int(item[-1]))
    return out


def simulate_block(
    catalogue: Catalogue,
    a: Mapping[str, Any],
    b: Mapping[str, Any],
    *,
    scenario: Mapping[str, Any],
    seed: int,
    block: int,
    runs: int,
) -> dict[str, Any]:
    """One block's partial tallies (JSON), to be merged with the others."""
    if _simulation is not None and hasattr(_simulation, "simulate_block"):
        return dict(
            _simulation.simulate_block(
                catalogue, a, b, scenario=scenario, seed=seed, block=block, runs=runs
            )
        )
    # A single block: the partial is the whole report.
    return {"report": simulate(catalogue, a, b, runs=runs, seed=seed, scenario=scenario)}


def merge_blocks(
    catalogue: Catalogue,
    a: Mapping[str, Any],
    b: Mapping[str, Any],
    *,
    scenario: Mapping[str, Any],
    partials: Sequence[Mapping[str, Any]],
) -> dict[str, Any]:
    """The report of all blocks, equal to ``simulate`` with the same seed."""
    if _simulation is not None and hasattr(_simulation, "merge_blocks"):
        return dict(
            _simulation.merge_blocks(catalogue, a, b, scenario=scenario, partials=list(partials))
        )
    (only,) = partials
    return dict(only["report"])


def json_depth(value: Any) -> int:
    """How deeply a parsed JSON value nests (a scalar is 0), without recursion."""
    deepest, stack = 0, [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            stack.extend((v, depth + 1) for v in item.values())
            deepest = max(deepest, depth + 1)
        elif isinstance(item, list):
            stack.extend((v, depth + 1) for v in item)
            deepest = max(deepest, depth + 1)
    return deepest
