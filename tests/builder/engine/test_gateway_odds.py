"""The odds the pages and the API ask through the gateway are the engine's own, every
system and query alike (the CLI prints the same)."""

from __future__ import annotations

import pytest

import rules_engine
from builder import engine
from rules_engine import load_catalogue

CATALOGUE = load_catalogue()
QUERIES = [(s, q["query"]) for s in engine.SYSTEMS for q in rules_engine.odds_queries(s)]


@pytest.mark.parametrize("system", engine.SYSTEMS)
def test_the_gateway_describes_each_query_as_the_engine_does(system):
    assert engine.odds_queries(system) == rules_engine.odds_queries(system)


@pytest.mark.parametrize(("system", "query"), QUERIES)
def test_the_gateway_answers_each_query_as_the_engine_does(system, query):
    # Every query answers with its defaults alone.
    assert engine.odds(CATALOGUE, system, query, {}) == rules_engine.odds(
        CATALOGUE, system, query, {})


def test_a_refused_parameter_reaches_the_page_as_the_engine_words_it():
    with pytest.raises(engine.BadDocument) as caught:
        engine.odds(CATALOGUE, "crimson-dust", "shot", {"weapon": "rifle", "band": "0-6",
                                                        "S": 4})
    assert [(e.path, e.message) for e in caught.value.errors] == [
        ("params.S", "the Rifle sets this value: give it only without a weapon")]

