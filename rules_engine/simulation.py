"""Fights between two lists, played in blocks that merge exactly into one report.

A simulation of ``runs`` runs is cut into fixed-size blocks (``plan_blocks``). Block ``i``
draws its randomness from ``(seed, i)`` only and sums its runs into whole-number totals
(``simulate_block``), so blocks may be played in one process or spread over many, in any
order, and ``merge_blocks`` builds the same report ``simulate`` gives. Memory holds one block
at a time, whatever the number of runs.

Each system with fights names its ``FightSimulation`` in its ``SystemModule``
(``rules_engine.typing``): ``prepare`` (read the lists and scenario, or raise
``BadDocument``), ``play`` (add a block's runs to a ``Tally``) and ``report`` (the shared
report of docs/simulation.md from the totals).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules_engine.catalogue import Catalogue
from rules_engine.errors import BadDocument, DocumentError
from rules_engine.limits import (
    BLOCK_RUNS,
    MAX_FIGHT_MODELS,
    MAX_MODEL_RUNS,
    MAX_RUNS,
    MAX_SEED,
    simulation_work,
)
from rules_engine.listdoc import model_count, validate_list
from rules_engine.systems import system_module
from rules_engine.tally import Tally
from rules_engine.typing import FightSimulation

BLOCK_FORMAT = "muster-sim-block/1"
MAX_BLOCKS = -(-MAX_RUNS // BLOCK_RUNS)


def plan_blocks(runs: int) -> list[int]:
    """The run counts of the blocks a simulation of ``runs`` runs is played in: full blocks
    of ``BLOCK_RUNS``, the last one shorter.

    Raises:
        BadDocument: ``runs`` is not a whole number from 1 to ``MAX_RUNS`` (path ``runs``).
    """
    errors = _run_errors(runs)
    if errors:
        raise BadDocument(errors)
    full, rest = divmod(runs, BLOCK_RUNS)
    return [BLOCK_RUNS] * full + ([rest] if rest else [])


def simulate(
    catalogue: Catalogue,
    list_a: Mapping[str, Any],
    list_b: Mapping[str, Any],
    *,
    runs: int,
    seed: int,
    scenario: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """Play two lists against each other ``runs`` times, reproducibly from ``seed``.

    Args:
        catalogue: the content snapshot.
        list_a: the first list (a ``muster-list/1`` document).
        list_b: the second list, of the same system.
        runs: 1 to ``MAX_RUNS`` fights.
        seed: 0 to ``MAX_SEED``; the same seed gives the same report.
        scenario: the system's scenario settings (docs/simulation/); ``None`` for defaults.

    Returns:
        The shared simulation report (docs/simulation.md, "The report").

    Raises:
        BadDocument: every problem with the lists, scenario, runs and seed, found before any
        fight is played (paths ``list_a...``, ``list_b...``, ``scenario...``, ``runs``,
        ``seed``).
    """
    scenario = {} if scenario is None else scenario
    module = _validated(list_a, list_b, scenario, _run_errors(runs) + _seed_errors(seed), runs)
    match = module.prepare(catalogue, list_a, list_b, scenario)
    from rules_engine.montecarlo import block_rng

    tally = Tally()
    for block, block_runs in enumerate(plan_blocks(runs)):
        module.play(match, block_runs, block_rng(seed, block), tally)
    return module.report(match, tally, seed)


def validate_simulation(
    list_a: Mapping[str, Any],
    list_b: Mapping[str, Any],
    *,
    runs: int,
    seed: int,
    scenario: Mapping[str, Any] | None = None,
) -> None:
    """Every problem ``simulate`` would refuse before playing, found without playing: for a
    job queue to answer at once, before it plans the blocks.

    Raises:
        BadDocument: as ``simulate`` (scenario values are checked when a block is played).
    """
    _validated(
        list_a,
        list_b,
        {} if scenario is None else scenario,
        _run_errors(runs) + _seed_errors(seed),
        runs,
    )


def simulate_block(
    catalogue: Catalogue,
    list_a: Mapping[str, Any],
    list_b: Mapping[str, Any],
    *,
    scenario: Mapping[str, Any] | None,
    seed: int,
    block: int,
    runs: int,
) -> dict[str, Any]:
    """Play block ``block`` of a simulation: ``runs`` runs (its size in ``plan_blocks``).

    Returns:
        JSON-ready partial totals (whole numbers only) for ``merge_blocks``.

    Raises:
        BadDocument: as ``simulate``, and ``block``/``runs`` out of range.
    """
    scenario = {} if scenario is None else scenario
    errors = _seed_errors(seed)
    if not _whole(runs) or not 1 <= runs <= BLOCK_RUNS:
        errors.append(DocumentError("runs", f"a block has 1 to {BLOCK_RUNS:,} runs"))
    if not _whole(block) or not 0 <= block < MAX_BLOCKS:
        errors.append(DocumentError("block", f"blocks are numbered 0 to {MAX_BLOCKS - 1:,}"))
    module = _validated(list_a, list_b, scenario, errors, runs)
    match = module.prepare(catalogue, list_a, list_b, scenario)
    from rules_engine.montecarlo import block_rng

    tally = Tally()
    module.play(match, runs, block_rng(seed, block), tally)
    return {
        "format": BLOCK_FORMAT,
        "system": list_a["system"],
        "seed": seed,
        "block": block,
        "tally": tally.to_dict(),
    }


def merge_blocks(
    catalogue: Catalogue,
    list_a: Mapping[str, Any],
    list_b: Mapping[str, Any],
    *,
    scenario: Mapping[str, Any] | None,
    partials: Sequence[Mapping[str, Any]],
) -> dict[str, Any]:
    """The report of a simulation from all its blocks' partial totals, in any order.

    The result equals ``simulate`` with the same lists, scenario, seed and total runs.

    Raises:
        BadDocument: the lists or scenario are bad, or the partials are not every block of
        one simulation exactly once (paths ``partials[i]...``).
    """
    scenario = {} if scenario is None else scenario
    module = _validated(list_a, list_b, scenario, [])
    tally, seed = _merged(list_a["system"], partials)
    match = module.prepare(catalogue, list_a, list_b, scenario)
    return module.report(match, tally, seed)


def _merged(system: str, partials: Sequence[Mapping[str, Any]]) -> tuple[Tally, int]:
    errors: list[DocumentError] = []
    tallies: dict[int, Tally] = {}
    seeds: set[int] = set()
    for i, part in enumerate(partials):
        path = f"partials[{i}]"
        try:
            if part["format"] != BLOCK_FORMAT or part["system"] != system:
                raise ValueError(f"not a {system} {BLOCK_FORMAT} block")
            block, tally = int(part["block"]), Tally.from_dict(part["tally"])
            seeds.add(int(part["seed"]))
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            errors.append(DocumentError(path, f"not a block of this simulation ({exc})"))
            continue
        if block in tallies:
            errors.append(DocumentError(f"{path}.block", f"block {block} comes twice"))
        tallies[block] = tally
    if not errors and not tallies:
        errors.append(DocumentError("partials", "no blocks to merge"))
    if len(seeds) > 1:
        errors.append(DocumentError("partials", f"blocks of different seeds {sorted(seeds)}"))
    if errors:
        raise BadDocument(errors)
    runs = sum(t.runs for t in tallies.values())
    plan = plan_blocks(runs) if 1 <= runs <= MAX_RUNS else []
    if sorted(tallies) != list(range(len(plan))) or any(
        tallies[i].runs != n for i, n in enumerate(plan)
    ):
        raise BadDocument.at(
            "partials",
            f"the blocks ({len(tallies)}, {runs} runs) are not "
            f"every block of one simulation (plan: {len(plan)} blocks)",
        )
    return Tally.merged(tallies[i] for i in range(len(plan))), seeds.pop()


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _run_errors(runs: Any) -> list[DocumentError]:
    if _whole(runs) and 1 <= runs <= MAX_RUNS:
        return []
    return [
        DocumentError(
            "runs",
            f"must be a whole number of runs from 1 to {MAX_RUNS:,}"
            + (f", not {runs:,}" if _whole(runs) else ""),
        )
    ]


def _seed_errors(seed: Any) -> list[DocumentError]:
    if _whole(seed) and 0 <= seed <= MAX_SEED:
        return []
    return [DocumentError("seed", f"must be a whole number from 0 to {MAX_SEED}")]


def _validated(
    list_a: Any, list_b: Any, scenario: Any, errors: list[DocumentError], runs: Any = None
) -> FightSimulation:
    """The system's simulation module, once every problem found so far is reported."""
    errors = list(errors)
    for label, doc in (("list_a", list_a), ("list_b", list_b)):
        try:
            validate_list(doc, root=label)
        except BadDocument as exc:
            errors += exc.errors
    if not isinstance(scenario, Mapping):
        errors.append(DocumentError("scenario", "must be a JSON object"))
    if errors:
        raise BadDocument(errors)
    system = list_a["system"]
    if list_b["system"] != system:
        raise BadDocument.at("list_b.system", "both lists must be of the same game system")
    models = {label: model_count(doc) for label, doc in (("list_a", list_a), ("list_b", list_b))}
    errors += [
        DocumentError(
            f"{label}.entries",
            f"{n} models, {n - MAX_FIGHT_MODELS} over "
            f"the limit of {MAX_FIGHT_MODELS} a side in a fight",
        )
        for label, n in models.items()
        if n > MAX_FIGHT_MODELS
    ]
    work = (
        simulation_work(runs, models["list_a"], models["list_b"])
        if _whole(runs) and runs > 0
        else 0
    )
    if work > MAX_MODEL_RUNS:
        errors.append(
            DocumentError(
                "runs",
                f"{runs:,} runs of {sum(models.values())} models "
                f"is {work:,} model-runs, {work - MAX_MODEL_RUNS:,} over "
                f"the limit of {MAX_MODEL_RUNS:,}: ask for fewer runs",
            )
        )
    if errors:
        raise BadDocument(errors)
    module = system_module(system, "list_a.system").simulation()
    if module is None:
        raise BadDocument.at("list_a.system", f"{system} has no fight simulation")
    return module
