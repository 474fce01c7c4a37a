"""Aces team recruitment ("Recruitment", seed 000_e4e1c8a4d28ca1dd.txt)."""

import copy
import json
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from rules_engine import check, load_catalogue
from rules_engine.verdict import Severity

CATALOGUE = load_catalogue()
EXAMPLES = Path(__file__).resolve().parents[3] / "docs" / "examples" / "cs-aces"
KIM = json.loads((EXAMPLES / "kims-team.json").read_text())
FIGURES = ["charlie", "genghis", "louis-thibodeaux", "loyle-crawford", "show-stopper",
           "vigilante", "sergeant", "tail-gunner", "soldier", "trusty-sidekick", "ruffian"]


def team(entries, limit=100):
    return {"format": "muster-list/1", "system": "cs-aces", "kind": "team", "name": "t",
            "points_limit": limit, "entries": entries}


def test_kims_team_from_the_book_is_exactly_100_points_and_legal():
    verdict = check(CATALOGUE, KIM)
    assert verdict.legal
    assert verdict.points == 100
    assert verdict.violations == ()
    assert [c["points"] for c in verdict.breakdown["characters"]] == [49, 11, 10, 9, 8, 7, 6]


def test_the_same_ace_twice_is_illegal_at_the_second_entry():
    verdict = check(CATALOGUE, team([{"figure": "charlie"}, {"figure": "cs-aces/charlie"}]))
    assert verdict.codes() == ["cs-aces.ace-more-than-once"]
    assert verdict.violations[0].path == "$.entries[1]"
    assert "Charlie" in verdict.violations[0].message


def test_an_ace_with_a_count_of_two_is_illegal():
    verdict = check(CATALOGUE, team([{"figure": "genghis", "count": 2}], limit=200))
    assert verdict.codes() == ["cs-aces.ace-more-than-once"]
    assert verdict.violations[0].path == "$.entries[0].count"


def test_character_tokens_may_be_taken_any_number_of_times():
    verdict = check(CATALOGUE, team([{"figure": "ruffian", "count": 5},
                                     {"figure": "ruffian", "count": 11}]))
    assert verdict.legal
    assert verdict.points == 96


def test_one_point_over_the_build_total_is_an_error_at_the_limit():
    doc = copy.deepcopy(KIM)
    doc["entries"].append({"figure": "ruffian"})
    verdict = check(CATALOGUE, doc)
    assert verdict.points == 106
    assert verdict.codes() == ["cs-aces.over-build-total"]
    assert verdict.violations[0].path == "$.points_limit"
    assert verdict.violations[0].severity is Severity.ERROR


def test_an_agreed_build_total_replaces_100():
    doc = copy.deepcopy(KIM)
    doc["entries"].append({"figure": "genghis"})
    doc["points_limit"] = 200
    assert check(CATALOGUE, doc).legal


def test_unknown_figures_and_planes_are_named_by_path():
    verdict = check(CATALOGUE, team([{"figure": "nobody"},
                                     {"figure": "cs-air-action/genghis-bloodhawk"}]))
    assert verdict.codes() == ["cs-aces.unknown-figure", "cs-aces.not-a-character"]
    assert [v.path for v in verdict.violations] == ["$.entries[0].figure", "$.entries[1].figure"]


entries = st.lists(st.builds(lambda f, n: {"figure": f, "count": n},
                             st.sampled_from(FIGURES), st.integers(1, 3)), max_size=8)


@settings(max_examples=60, deadline=None)
@given(entries, st.sampled_from(FIGURES))
def test_adding_a_figure_never_lowers_the_price(items, extra):
    before = check(CATALOGUE, team(items)).points
    after = check(CATALOGUE, team([*items, {"figure": extra}])).points
    assert after >= before


@settings(max_examples=60, deadline=None)
@given(entries, st.randoms())
def test_shuffling_entries_changes_nothing_but_paths(items, rnd):
    shuffled = list(items)
    rnd.shuffle(shuffled)
    a, b = check(CATALOGUE, team(items)), check(CATALOGUE, team(shuffled))
    assert (a.points, a.legal) == (b.points, b.legal)
    assert sorted(a.codes()) == sorted(b.codes())


@settings(max_examples=60, deadline=None)
@given(entries)
def test_every_violation_points_at_something_in_the_list(items):
    doc = team(items)
    for v in check(CATALOGUE, doc).violations:
        assert v.path == "$.points_limit" or v.path.startswith("$.entries[")
        if v.path.startswith("$.entries["):
            index = int(v.path.split("[")[1].split("]")[0])
            entry = doc["entries"][index]
            field = v.path.split("]", 1)[1].lstrip(".")
            assert not field or field in entry
