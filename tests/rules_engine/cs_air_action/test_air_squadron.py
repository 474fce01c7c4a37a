"""Air Action squadrons ("Create a Squadron", "Using Crimson Skies: Aces Characters in the
Crimson Skies: Air Action Game", "Navigation"; seed 001_b3fd56ffbc849938.txt)."""

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_engine import BadDocument, check, load_catalogue
from rules_engine.verdict import Severity

ROOT = Path(__file__).resolve().parents[3]
CATALOGUE = load_catalogue()
EXAMPLES = ROOT / "docs" / "examples" / "cs-air-action"
PLANES = ["loyle-crawford-devastator", "charlie-steele-fury", "louis-thibodeaux-brigand",
          "genghis-bloodhawk", "show-stopper-kestrel"]


def squadron(entries, limit=200):
    return {"format": "muster-list/1", "system": "cs-air-action", "kind": "squadron",
            "name": "s", "points_limit": limit, "entries": entries}


def test_the_example_200_point_squadron_is_legal_with_a_16_card_deck():
    verdict = check(CATALOGUE, json.loads((EXAMPLES / "devastators-200.json").read_text()))
    assert verdict.legal
    assert verdict.points == 200
    assert verdict.limit == 200
    deck = verdict.breakdown["navigation_deck"]
    assert deck["basic_count"] == 12  # two Cruises, Glides, Turns, Tight Turns + four singles
    assert [a["plane"] for a in deck["ace_cards"]] == ["loyle-crawford-devastator",
                                                      "charlie-steele-fury"]
    assert deck["total"] == 16


def test_the_build_total_must_be_a_multiple_of_100():
    verdict = check(CATALOGUE, squadron([{"figure": "genghis-bloodhawk"}], limit=250))
    assert verdict.codes() == ["cs-air-action.build-total-not-multiple-of-100"]
    assert verdict.violations[0].path == "$.points_limit"


def test_planes_over_the_build_total():
    verdict = check(CATALOGUE, squadron([{"figure": p} for p in PLANES[:4]]))
    assert verdict.points == 248
    assert verdict.codes() == ["cs-air-action.over-build-total"]


def test_two_planes_flown_by_the_same_pilot():
    verdict = check(CATALOGUE, squadron([{"figure": "charlie-steele-fury"},
                                         {"figure": "charlie-steele-fury"}]))
    assert verdict.codes() == ["cs-air-action.pilot-flies-two-planes"]
    v = verdict.violations[0]
    assert v.path == "$.entries[1]"
    assert v.message.startswith('Charlotte "Charlie" Steele flies two planes')


def test_an_ace_adds_points_and_below_300_is_a_warning():
    verdict = check(CATALOGUE, squadron([{"figure": "charlie-steele-fury",
                                          "ace": "cs-aces/charlie"}]))
    assert verdict.points == 64 + 49
    assert verdict.legal
    assert verdict.codes() == ["cs-air-action.aces-below-300"]
    assert verdict.violations[0].severity is Severity.WARNING


def test_an_ace_may_fly_only_his_or_her_own_plane():
    verdict = check(CATALOGUE, squadron([{"figure": "genghis-bloodhawk",
                                          "ace": "cs-aces/charlie"}], limit=300))
    assert verdict.codes() == ["cs-air-action.ace-not-own-plane"]
    assert verdict.violations[0].path == "$.entries[0].ace"
    assert verdict.points == 48


def test_the_aces_example_is_legal_at_300():
    verdict = check(CATALOGUE, json.loads((EXAMPLES / "aces-300.json").read_text()))
    assert verdict.legal
    assert verdict.violations == ()
    assert verdict.points == 64 + 49 + 80 + 50


def test_unknown_planes_and_aces_in_a_squadron():
    verdict = check(CATALOGUE, squadron([{"figure": "nobody"},
                                         {"figure": "genghis-bloodhawk", "ace": "cs-aces/x"},
                                         {"figure": "cs-aces/charlie"}], limit=300))
    assert verdict.codes() == ["cs-air-action.unknown-figure", "cs-air-action.unknown-ace",
                               "cs-air-action.not-a-plane"]


def test_a_malformed_entry_is_a_bad_document_naming_the_path():
    with pytest.raises(BadDocument) as err:
        check(CATALOGUE, squadron([{"figure": "genghis-bloodhawk", "pilot": "me"}]))
    assert err.value.errors[0].path == "$.entries[0]"


entries = st.lists(st.builds(lambda f: {"figure": f}, st.sampled_from(PLANES)), max_size=6)


@settings(max_examples=60, deadline=None)
@given(entries, st.sampled_from(PLANES))
def test_adding_a_plane_never_lowers_the_price(items, extra):
    assert (check(CATALOGUE, squadron([*items, {"figure": extra}])).points
            >= check(CATALOGUE, squadron(items)).points)


@settings(max_examples=60, deadline=None)
@given(entries, st.randoms())
def test_shuffling_entries_changes_nothing_but_paths(items, rnd):
    shuffled = list(items)
    rnd.shuffle(shuffled)
    a, b = check(CATALOGUE, squadron(items)), check(CATALOGUE, squadron(shuffled))
    assert (a.points, a.legal, sorted(a.codes())) == (b.points, b.legal, sorted(b.codes()))
    assert a.breakdown["navigation_deck"]["total"] == b.breakdown["navigation_deck"]["total"]


@settings(max_examples=60, deadline=None)
@given(entries)
def test_every_violation_path_exists_in_the_list(items):
    doc = squadron(items)
    for v in check(CATALOGUE, doc).violations:
        if v.path.startswith("$.entries["):
            assert int(v.path.split("[")[1].split("]")[0]) < len(doc["entries"])
        else:
            assert v.path == "$.points_limit"


def _cli(*args):
    return subprocess.run([sys.executable, "-m", "rules_engine", *args], cwd=ROOT,
                          capture_output=True, text=True, check=False)


def test_cli_check_exit_codes(tmp_path):
    legal = _cli("check", str(EXAMPLES / "devastators-200.json"))
    assert legal.returncode == 0
    assert json.loads(legal.stdout)["points"] == 200
    illegal = tmp_path / "illegal.json"
    illegal.write_text(json.dumps(squadron([{"figure": "charlie-steele-fury"}] * 2)))
    result = _cli("check", str(illegal))
    assert result.returncode == 1
    assert json.loads(result.stdout)["violations"][0]["code"] == \
        "cs-air-action.pilot-flies-two-planes"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(squadron([{"plane": "x"}])))
    result = _cli("check", str(bad))
    assert result.returncode == 2
    assert json.loads(result.stdout)["errors"][0]["path"] == "$.entries[0]"
