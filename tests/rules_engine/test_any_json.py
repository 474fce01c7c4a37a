"""Whatever JSON reaches check, cost, odds or simulate, the only outcomes are an answer (a
verdict, a price, odds, a report) or a ``BadDocument``: no other exception escapes."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules_engine import BadDocument, Verdict, check, cost, load_catalogue, simulate
from rules_engine.cli import odds_params
from rules_engine.odds_call import ask_odds
from rules_engine.systems import SYSTEMS, system_module

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "docs" / "examples").glob("*/*.json"))
DOCS = [json.loads(p.read_text(encoding="utf-8")) for p in EXAMPLES]
FIGHTING = [d for d in DOCS if d["system"] != "cs-hex"]
CATALOGUE = load_catalogue()
QUERIES = sorted((s, q) for s in SYSTEMS for q in system_module(s).queries())
PROPERTY = settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

scalars = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(min_value=-3, max_value=30)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12)
    | st.sampled_from(["green", "veteran", "front", "soldier", "charlie", "12-18"])
)
json_values = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4)
    ),
    max_leaves=12,
)


def _answer_or_refusal(call: Callable[[], Any]) -> Any:
    """The call's answer, or the ``BadDocument`` it raised (any other exception escapes and
    fails the test), checked to name at least one place and problem."""
    try:
        return call()
    except BadDocument as exc:
        refusal = exc
    assert refusal.errors
    assert all(e.path and e.message for e in refusal.errors)
    return refusal


def _mutated(data: st.DataObject, doc: dict[str, Any]) -> Any:
    """``doc`` with one to three values somewhere inside replaced by arbitrary JSON."""
    doc = copy.deepcopy(doc)
    for _ in range(data.draw(st.integers(1, 3))):
        node: Any = doc
        while True:
            keys = list(node) if isinstance(node, dict) else list(range(len(node)))
            if not keys:
                break
            key = data.draw(st.sampled_from(keys))
            child = node[key]
            if isinstance(child, dict | list) and child and data.draw(st.booleans()):
                node = child
                continue
            node[key] = data.draw(json_values)
            break
    return doc


def _any_list(data: st.DataObject, pool: list[dict[str, Any]]) -> Any:
    kind = data.draw(st.sampled_from(["mutated", "mutated", "arbitrary"]))
    if kind == "arbitrary":
        return data.draw(json_values)
    return _mutated(data, data.draw(st.sampled_from(pool)))


@PROPERTY
@given(st.data())
def test_check_and_cost_answer_or_refuse(data):
    doc = _any_list(data, DOCS)
    verdict = _answer_or_refusal(lambda: check(CATALOGUE, doc))
    if isinstance(verdict, BadDocument):
        return
    assert isinstance(verdict, Verdict)
    json.dumps(verdict.to_dict())
    assert cost(CATALOGUE, doc)["points"] == verdict.points


@PROPERTY
@given(st.data())
def test_odds_through_the_command_line_path_answer_or_refuse(data):
    system, query = data.draw(st.sampled_from(QUERIES))
    if data.draw(st.integers(0, 9)) == 0:
        query = data.draw(st.text(max_size=8))
    names = st.sampled_from(
        [
            "dice",
            "target",
            "target_number",
            "silhouette",
            "skill",
            "weapon",
            "shooter",
            "catalogue",
            "band",
            "armour",
            "pilot",
            "speed",
            "fate",
            "rof",
            "quality",
            "attack",
        ]
    ) | st.text(max_size=6)
    params = data.draw(st.dictionaries(names, json_values, max_size=4))
    words = [f"{k}={json.dumps(v)}" for k, v in params.items()]
    answer = _answer_or_refusal(lambda: ask_odds(CATALOGUE, system, query, odds_params(words)))
    if not isinstance(answer, BadDocument):
        json.dumps(answer)


@settings(PROPERTY, max_examples=60)
@given(st.data())
def test_simulate_answers_or_refuses(data):
    list_a = _any_list(data, FIGHTING)
    same = [
        d for d in FIGHTING if isinstance(list_a, dict) and d["system"] == list_a.get("system")
    ] or FIGHTING
    list_b = data.draw(st.sampled_from(same)) if data.draw(st.booleans()) else list_a
    scenario = data.draw(
        st.one_of(
            st.just({}),
            st.dictionaries(
                st.sampled_from(
                    [
                        "max_turns",
                        "band",
                        "in_range",
                        "first",
                        "cover",
                        "fate",
                        "shot_chance",
                        "morale",
                    ]
                ),
                json_values,
                max_size=2,
            ),
            json_values,
        )
    )
    runs = data.draw(st.integers(-2, 12) | st.integers())
    seed = data.draw(st.integers(-2, 5) | st.integers())
    report = _answer_or_refusal(
        lambda: simulate(CATALOGUE, list_a, list_b, runs=runs, seed=seed, scenario=scenario)
    )
    if isinstance(report, BadDocument):
        return
    assert report["runs"] == runs
    json.dumps(report)
