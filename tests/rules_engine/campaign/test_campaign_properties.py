"""Properties of an Air Action campaign ("Gaining Experience"): a pilot's experience is the
sum of the events applied to the pilot, and proposing a game's events again adds none."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from rules_engine.campaign import new_events, roster
from rules_engine.cs_air_action.campaign import RULES, members_from_list
from tests.rules_engine.campaign.air_logs import (
    CATALOGUE,
    CHARLIE,
    LOYLE,
    SQUADRON,
    SYSTEM,
    GameLog,
)

MEMBERS = members_from_list(CATALOGUE, SQUADRON)
FIGURES = {"a1": CHARLIE, "a2": LOYLE}
SETTINGS = {"experience_multipliers": {}, "carry_over": True, "serious_collision_experience": 0}

actions = st.lists(
    st.one_of(
        st.tuples(
            st.just("shot"),
            st.sampled_from(["a1", "a2", "b1"]),
            st.sampled_from(["a1", "a2", "b1", "b2"]),
        ),
        st.tuples(st.just("bail"), st.sampled_from(["a1", "a2", "b1"]), st.booleans()),
        st.tuples(
            st.just("feat"),
            st.sampled_from(["a1", "a2"]),
            st.sampled_from(["none", "winged-em", "timely-distraction", "enjoy-the-ride"]),
        ),
        st.tuples(st.just("undo"), st.integers(1, 12), st.none()),
    ),
    max_size=12,
)


def played(steps) -> GameLog:
    log = GameLog()
    undone: set[int] = set()
    for kind, who, what in steps:
        if kind == "shot":
            log.shoot_down(who, what)
        elif kind == "bail":
            log.bail_out(who, made=what)
        elif kind == "feat":
            log.daring_feat(who, what)
        else:
            entries = log.doc["entries"]
            if (
                who <= len(entries)
                and who not in undone
                and entries[who - 1]["procedure"] != "correction"
            ):
                undone.add(who)
                log.correct(who)
    return log


@given(actions, st.sampled_from(["a", "b", None]))
def test_experience_is_the_sum_of_the_applied_events_and_new_events_is_idempotent(steps, winner):
    log = played(steps)
    proposed = RULES.proposals(CATALOGUE, log.doc, FIGURES, winner, SETTINGS)
    applied: list[dict] = []
    for event in new_events(set(), proposed):
        applied.append(event)  # the log's events never follow a pilot's death
    states = roster(CATALOGUE, SYSTEM, MEMBERS, applied)
    for state in states:
        mine = [e for e in applied if e["member"] == state["key"]]
        assert state["experience"] == sum(e["experience"] for e in mine)
        assert state["experience"] == (state["history"][-1]["total"] if mine else 0)
    assert new_events({e["key"] for e in proposed}, proposed) == []
    assert new_events(set(), proposed + proposed) == new_events(set(), proposed)
