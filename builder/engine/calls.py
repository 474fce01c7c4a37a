"""The engine's front door as JSON: check, cost, odds, resolve, simulations and limits.

What each returns is exactly what ``python -m rules_engine`` prints for the same call.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from typing import Any

import rules_engine
from builder.engine.checked import checked_list
from rules_engine import BadDocument, Catalogue
from rules_engine import limits as _limits
from rules_engine.listdoc import model_count, validate_list
from rules_engine.systems import SYSTEMS as DECLARED
from rules_engine.typing import SystemModule

SYSTEMS: tuple[str, ...] = tuple(DECLARED)
"""The game systems' slugs, in the order the engine declares them."""


def system_module(system: str) -> SystemModule:
    """What the engine declares for ``system``: its title, book, related systems, queries.

    Raises:
        KeyError: no such system.
    """
    return DECLARED[system]


MAX_ENTRIES: int = _limits.MAX_ENTRIES
"""Entries in one list document (a warband or squadron is far smaller)."""
MAX_JSON_DEPTH: int = _limits.MAX_DEPTH
"""Nesting of any JSON body (a list document nests about six deep)."""
MAX_RUNS: int = _limits.MAX_RUNS
"""Simulation runs in one request."""
MAX_SEED: int = _limits.MAX_SEED
MAX_MODEL_RUNS: int = _limits.MAX_MODEL_RUNS
"""The work (runs x the models of both sides) of one simulation, for every caller."""


def unpriced_items(system: str, catalogue: Catalogue) -> dict[str, str]:
    """The items ``system``'s book prints no points for, id to name (sorted by name): what
    a house price sheet of that game prices. Empty for a game that prices everything."""
    return system_module(system).unpriced_items(catalogue)


def check(catalogue: Catalogue, doc: Mapping[str, Any]) -> dict[str, Any]:
    """The verdict exactly as ``python -m rules_engine check`` prints it."""
    return checked_list(catalogue, doc).verdict_json()


def cost(catalogue: Catalogue, doc: Mapping[str, Any]) -> dict[str, Any]:
    """The price exactly as ``python -m rules_engine cost`` prints it."""
    return checked_list(catalogue, doc).cost_json()


def _as_json(value: Any) -> Any:
    """What the CLI prints is JSON; the same round trip makes tuples lists, keys strings."""
    return json.loads(json.dumps(value, ensure_ascii=False))


def validate(doc: Any, root: str = "$") -> None:
    """Schema-check a list document; raises ``BadDocument`` with every wrong path."""
    validate_list(doc, root=root)


def odds_queries(system: str) -> list[dict[str, Any]]:
    """Each odds query of ``system``: its name, what it answers and its parameters."""
    queries: list[dict[str, Any]] = _as_json(rules_engine.odds_queries(system))
    return queries


def odds(
    catalogue: Catalogue, system: str, query: str, params: Mapping[str, Any]
) -> dict[str, Any]:
    """Run one odds query, as ``python -m rules_engine odds SYSTEM QUERY k=v ...`` does."""
    answer: dict[str, Any] = _as_json(rules_engine.odds(catalogue, system, query, dict(params)))
    return answer


def procedures(catalogue: Catalogue, system: str) -> list[dict[str, Any]]:
    """Each dice procedure of ``system``: name, summary, book section, parameters, dice."""
    from rules_engine.resolve import describe_procedures

    described: list[dict[str, Any]] = _as_json(describe_procedures(catalogue, system))
    return described


def dice_needed(
    catalogue: Catalogue, system: str, procedure: str, params: Mapping[str, Any]
) -> list[Any]:
    """The dice one situation of a procedure needs, in the order its rolls are given."""
    from rules_engine.resolve import dice_needed as needed

    return needed(catalogue, system, procedure, params)


def dice_words(dice: Sequence[Any]) -> str:
    """``2d6 (attack) then 1d10 (hit location)``."""
    from rules_engine.resolve import dice_words as words

    return words(dice)


def resolve(
    catalogue: Catalogue, system: str, procedure: str, params: Mapping[str, Any], rolls: Any
) -> dict[str, Any]:
    """One roll resolved by the rules, as ``python -m rules_engine resolve`` prints it."""
    from rules_engine.resolve import resolve as resolve_roll

    if not isinstance(rolls, list):
        raise BadDocument.at("rolls", "must be the list of faces rolled, e.g. [2, 3, 5]")
    answer: dict[str, Any] = _as_json(
        resolve_roll(catalogue, system, procedure, dict(params), rolls)
    )
    return answer


def simulation_inputs(
    catalogue: Catalogue,
    a: Any,
    b: Any,
    *,
    scenario: Any,
    runs: int,
    seed: int,
) -> int:
    """Refuse bad lists, scenario, runs or seed, or too much work, before anything is played
    or queued; the simulation's work (``simulation_work``) when it may go ahead.

    The engine's own check, the one the CLI makes, applies every limit to the runs asked for
    (a single run would always pass the work limit); playing one run then checks the
    scenario's values exactly as the blocks will read them, each problem named by its path.
    """
    rules_engine.validate_simulation(a, b, runs=runs, seed=seed, scenario=scenario)
    rules_engine.simulate_block(catalogue, a, b, scenario=scenario, seed=seed, block=0, runs=1)
    return simulation_work(a, b, runs)


def simulation_work(a: Mapping[str, Any], b: Mapping[str, Any], runs: int) -> int:
    """Runs times the models of both (schema-valid) lists: what a simulation costs, the
    measure of the engine's limit and of what the site answers inline."""
    return _limits.simulation_work(runs, model_count(a), model_count(b))


def simulation_max_runs(a: Mapping[str, Any], b: Mapping[str, Any]) -> int:
    """The most runs two (schema-valid) lists may be played, within the runs and work limits."""
    return min(MAX_RUNS, MAX_MODEL_RUNS // max(simulation_work(a, b, 1), 1))


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
    report: dict[str, Any] = _as_json(
        rules_engine.simulate(catalogue, a, b, runs=runs, seed=seed, scenario=scenario)
    )
    return report


def plan_blocks(runs: int) -> list[int]:
    """How many runs each block of a job plays; blocks are numbered from 0."""
    return list(rules_engine.plan_blocks(runs))


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
    tallies: dict[str, Any] = _as_json(
        rules_engine.simulate_block(
            catalogue, a, b, scenario=scenario, seed=seed, block=block, runs=runs
        )
    )
    return tallies


def merge_blocks(
    catalogue: Catalogue,
    a: Mapping[str, Any],
    b: Mapping[str, Any],
    *,
    scenario: Mapping[str, Any],
    partials: Sequence[Mapping[str, Any]],
) -> dict[str, Any]:
    """The report of all blocks, equal to ``simulate`` with the same seed."""
    report: dict[str, Any] = _as_json(
        rules_engine.merge_blocks(catalogue, a, b, scenario=scenario, partials=list(partials))
    )
    return report


_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)


def nesting_depth(text: str) -> int:
    """How deeply a JSON text nests, read before parsing so a deep body costs nothing."""
    engine_depth = getattr(_limits, "nesting_depth", None)
    if engine_depth is not None:
        return int(engine_depth(text))
    deepest = depth = 0
    for char in _STRING.sub("", text):
        if char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


def parse_json(data: bytes, label: str = "$") -> Any:
    """A JSON body; an unreadable one is a ``BadDocument`` at ``label``."""
    engine_parse = getattr(_limits, "parse_json", None)
    if engine_parse is not None:
        return engine_parse(data, label, max_bytes=len(data))
    try:
        return json.loads(data)
    except UnicodeDecodeError as exc:
        raise BadDocument.at(label, f"not UTF-8 text: byte {exc.start} cannot be decoded") from None
    except json.JSONDecodeError as exc:
        raise BadDocument.at(
            label, f"not JSON: {exc.msg} at line {exc.lineno} column {exc.colno}"
        ) from None
    except RecursionError:
        raise BadDocument.at(label, f"nested deeper than {MAX_JSON_DEPTH}") from None


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
