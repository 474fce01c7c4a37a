"""Which figures of a fight play on sample (invented) dials, so a report can say so.

Some figures' dials are not printed in the books; the packs hold invented ones marked
``sample`` so that fights can be played at all. A fight played with them is an
illustration, not a prediction, and its report must say which figures it used them for.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules_engine.catalogue import Catalogue, Record

SAMPLE_NOTE = (
    "Played with sample (invented) dials for the figures in sample_dials: the "
    "books do not print their values, so these results illustrate the rules "
    "rather than predict play with the real figures."
)


def _invented(catalogue: Catalogue, record: Record) -> bool:
    """The figure or one of its dials is a sample record."""
    if record.sample:
        return True
    for kind in ("combat_dial", "speed_dial"):
        dial_id = record.data.get(kind)
        dial = catalogue.get(record.system, kind, dial_id) if dial_id else None
        if dial is not None and dial.sample:
            return True
    return False


def sample_figures(
    catalogue: Catalogue, system: str, docs: Sequence[Mapping[str, Any]]
) -> list[str]:
    """Names of the figures (and Ace pilots) of ``docs`` whose dials are samples, each once,
    in list order."""
    names: list[str] = []
    for doc in docs:
        for entry in doc.get("entries", ()):
            for ref in (entry.get("figure"), entry.get("ace")):
                record = catalogue.resolve(ref, "figure", system) if ref else None
                if record is not None and _invented(catalogue, record) and record.name not in names:
                    names.append(record.name)
    return names


def sample_notice(names: Sequence[str]) -> dict[str, Any]:
    """The report's ``sample_dials`` (empty when every dial is printed in the books) and its
    ``notes``."""
    return {"sample_dials": list(names), "notes": [SAMPLE_NOTE] if names else []}
