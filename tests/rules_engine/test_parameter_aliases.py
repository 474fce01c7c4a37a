"""An odds parameter keeps an earlier name only when docs/odds.md lists it as a public one;
the names it does not list are unknown parameters, refused like any other."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rules_engine import load_catalogue, odds, odds_queries
from rules_engine.errors import BadDocument, DocumentError
from rules_engine.systems import SYSTEMS

ODDS_DOC = Path(__file__).resolve().parents[2] / "docs" / "odds.md"
CATALOGUE = load_catalogue()


def documented_aliases() -> dict[str, set[str]]:
    """Each name the docs' table lists, with the earlier names it says are still read."""
    table: dict[str, set[str]] = {}
    for line in ODDS_DOC.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 3 or not cells[0].startswith("`"):
            continue
        for name in re.findall(r"`([a-z_]+)`", cells[0]):
            table[name] = set(re.findall(r"`([a-z_]+)`", cells[2]))
    return table


def declared_aliases() -> dict[str, set[str]]:
    declared: dict[str, set[str]] = {}
    for system in SYSTEMS:
        for query in odds_queries(system):
            for param in query["params"]:
                if param.get("aliases"):
                    declared.setdefault(param["name"], set()).update(param["aliases"])
    return declared


def test_every_alias_the_engine_reads_is_one_the_docs_list() -> None:
    listed = documented_aliases()
    assert declared_aliases() == {
        "dice": {"attack", "rg"},
        "target_number": {"defense", "silhouette", "score", "to_hit_number"},
        "target_numbers": {"defenses"},
        "shields": {"target_shields"},
    }
    for name, aliases in declared_aliases().items():
        assert aliases <= listed[name], name


@pytest.mark.parametrize(
    ("system", "query", "retired", "known"),
    [
        ("cs-aces", "escape", "captive_attack",
         "captive_dice, captive_defense, captor_dice, captor_defense, captive_fate, captor_fate"),
        ("cs-aces", "escape", "captor_attack",
         "captive_dice, captive_defense, captor_dice, captor_defense, captive_fate, captor_fate"),
    ],
)
def test_a_retired_earlier_name_is_an_unknown_parameter(
    system: str, query: str, retired: str, known: str
) -> None:
    with pytest.raises(BadDocument) as refused:
        odds(CATALOGUE, system, query, {retired: 2})
    assert refused.value.errors == (
        DocumentError(
            f"params.{retired}", f"{query} has no parameter {retired!r} (known: {known})"
        ),
    )


def test_the_shots_retired_silhouette_modifier_is_an_unknown_parameter() -> None:
    known = ", ".join(p["name"] for p in next(
        q for q in odds_queries("cs-air-action") if q["query"] == "shot")["params"])
    assert "target_number_modifier" in known.split(", ")
    with pytest.raises(BadDocument) as refused:
        odds(CATALOGUE, "cs-air-action", "shot", {"silhouette_modifier": 1})
    assert refused.value.errors == (
        DocumentError(
            "params.silhouette_modifier",
            f"shot has no parameter 'silhouette_modifier' (known: {known})",
        ),
    )
    assert odds(CATALOGUE, "cs-air-action", "shot", {"target_number_modifier": 1})["params"][
        "target_number_modifier"
    ] == 1
