"""Parts of the shared simulation report (docs/simulation.md) built from a block ``Tally``."""

from __future__ import annotations

from typing import Any

from rules_engine.montecarlo import outcome
from rules_engine.tally import Tally


def outcome_shares(tally: Tally) -> dict[str, Any]:
    """The report's ``outcome`` from the counts ``a_wins`` and ``b_wins`` (the rest draws)."""
    a_wins, b_wins = tally.counts.get("a_wins", 0), tally.counts.get("b_wins", 0)
    return outcome(a_wins, tally.runs - a_wins - b_wins, b_wins, tally.runs)


def figure_shares(
    tally: Tally, i: int, side: int, path: str, name: str, ko: int, shares: tuple[str, ...] = ()
) -> dict[str, Any]:
    """Figure ``i`` of a clix fight: survival, further shares (e.g. ``captive_at_end``,
    counted as ``{share}_{i}``) and the share of runs ending with each clicks of damage."""
    return {
        "side": "a" if side == 0 else "b",
        "path": path,
        "name": name,
        "survival": tally.share(f"survived_{i}").to_dict(),
        **{key: tally.share(f"{key}_{i}").to_dict() for key in shares},
        "clicks_of_damage": tally.shares_of(f"damage_{i}", ko + 1),
    }
