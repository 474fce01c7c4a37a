"""Aces procedures resolved by the rules: the book's worked examples, exact outcomes for
given rolls, refusals, and properties over every situation and roll."""

import itertools
import json

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules_engine import BadDocument, load_catalogue
from rules_engine.cs_aces.characters import character_from_record
from rules_engine.cs_aces.multi_target import UNUSED, assign_dice
from rules_engine.cs_aces.procedures import PROCEDURES
from rules_engine.cs_aces.procedures_multi import best_assignment
from rules_engine.resolve import describe_procedures, dice_needed, resolve

CATALOGUE = load_catalogue()
SYSTEM = "cs-aces"


def run(name, rolls, **params):
    return resolve(CATALOGUE, SYSTEM, name, params, rolls)


def start(figure, stat):
    """A sample figure's stat on its starting click (content reading 2)."""
    record = CATALOGUE.get(SYSTEM, "figure", figure)
    dial = character_from_record(CATALOGUE, record).dial
    assert dial is not None
    return dial.value(stat, 0)


def changes(result):
    return {(c["subject"], c["field"]): c.get("delta", c.get("value")) for c in result["changes"]}


# The book's worked examples ------------------------------------------------------------


def test_book_example_fate_charlie_uses_fate_against_four_hits():
    # Seed line 6 ("Fate"): "Charlie" Steele has a defense value of 4. Her opponent rolled
    # 4, 4, 5, and 6 ... she has a fate value of 2, and uses fate to negate the hits that
    # resulted from the 4, 4, and 5 ... Charlie's combat dial is clicked once for the hit and
    # once for the use of fate.
    defense, fate = start("charlie", "defense"), start("charlie", "fate")
    assert (defense, fate) == (4, 2)
    without = run("ranged-attack", [4, 4, 5, 6], attack=4, defense=defense)
    assert without["outcome"]["hits"] == 4  # "Normally she would take 4 clicks of damage"
    result = run(
        "ranged-attack",
        [4, 4, 5, 6],
        attack=4,
        defense=defense,
        defensive_fate=True,
        target_fate=fate,
    )
    assert result["outcome"]["hits_rolled"] == 4
    assert result["outcome"]["hits"] == 1
    assert result["outcome"]["target_clicks"] == 2
    assert changes(result) == {("target", "clicks"): 2}
    assert [s["section"] for s in result["explanation"]].count("Fate") == 2


def test_book_example_fate_louis_rolls_five_dice_with_offensive_fate():
    # Seed line 5 ("Fate"): Louis "Wild Card" Thibodeaux ... against a character with a
    # defense value of 5 ... His attack value is 3 and his fate value is 2, so he rolls five
    # dice and counts the hits normally. After resolving the attack, click Louis' combat
    # dial once clockwise for using fate.
    attack, fate = start("louis-thibodeaux", "attack"), start("louis-thibodeaux", "fate")
    assert (attack, fate) == (3, 2)
    params = {"attack": attack, "defense": 5, "offensive_fate": True, "attacker_fate": fate}
    assert [d.count for d in dice_needed(CATALOGUE, SYSTEM, "ranged-attack", params)] == [5]
    result = resolve(CATALOGUE, SYSTEM, "ranged-attack", params, [5, 1, 6, 2, 4])
    assert result["outcome"]["hits"] == 2
    assert changes(result) == {("target", "clicks"): 2, ("attacker", "clicks"): 1}


def test_book_example_resolving_an_attack_tim_gives_the_5_to_show_stopper():
    # Seed line 5 ("Resolving an Attack"): If Charlie had two pistols next to her range
    # value, Tim could target two enemy characters ... Charlie has an attack value of 3. Tim
    # rolls 3 six-sided dice, with results of 2, 3, and 5. Tim assigns a 5 to Show-stopper
    # so that he takes one hit. Neither the 2 nor the 3 hits Genghis.
    attack = start("charlie", "attack")
    defenses = [start("show-stopper", "defense"), start("genghis", "defense")]
    assert (attack, defenses) == (3, [4, 5])
    for assign in ([], [3, 1], [3, 2]):  # the engine's choice, and Tim's with either die
        result = run(
            "multi-target-attack",
            [2, 3, 5],
            attack=attack,
            pistols=2,
            defenses=defenses,
            assign=assign,
        )
        assert result["outcome"]["assigned"][0] == 5
        assert result["outcome"]["hit"] == [True, False]
        assert changes(result) == {("target_1", "clicks"): 1}


def test_book_example_resolving_an_attack_charlie_with_one_pistol_hits_show_stopper_once():
    # Seed line 5 ("Resolving an Attack"): Charlie's 2, 3 and 5 against Show-stopper alone.
    result = run("ranged-attack", [2, 3, 5], attack=3, defense=start("show-stopper", "defense"))
    assert result["outcome"]["hits"] == 1
    assert changes(result) == {("target", "clicks"): 1}


@pytest.mark.parametrize("face", [4, 5, 6])
def test_book_example_breaking_away_show_stopper_breaks_away_from_charlie(face):
    # Seed line 4 ("Breaking Away"), the picture's caption: "Show-stopper" successfully
    # breaks away from "Charlie" Steele and can move in any direction. The caption gives no
    # roll: every success (4, 5 or 6) is that outcome.
    assert run("break-away", [face])["outcome"] == {"roll": face, "broke_away": True}


# Exact outcomes -----------------------------------------------------------------------


@pytest.mark.parametrize("face", [1, 2, 3])
def test_break_away_fails_on_one_to_three(face):
    result = run("break-away", [face])
    assert result["outcome"]["broke_away"] is False
    assert result["changes"] == []


def test_hindering_terrain_adds_one_and_the_cap_reading_is_a_parameter():
    assert run("ranged-attack", [4, 5], attack=2, defense=4, hindering=True)["outcome"]["hits"] == 1
    assert run("ranged-attack", [6, 6], attack=2, defense=6, hindering=True)["outcome"]["hits"] == 2
    strict = run(
        "ranged-attack", [6, 6], attack=2, defense=6, hindering=True, cap_before_modifiers=True
    )
    assert strict["outcome"]["hits"] == 0
    assert strict["outcome"]["needed"] is None


def test_close_combat_ignores_hindering_and_caps_defense_at_six():
    result = run("close-combat", [6, 5, 1], attack=3, defense=9)
    assert result["outcome"]["needed"] == 6
    assert result["outcome"]["hits"] == 1
    assert "hindering" not in {p["name"] for p in describe(SYSTEM, "close-combat")["params"]}


def test_a_token_hit_once_is_removed_and_an_ace_is_out_when_its_ko_shows():
    token = run("close-combat", [4, 1], attack=2, defense=4, target_kind="token")
    assert changes(token)[("target", "knocked_out")] is True
    ace = run("close-combat", [4, 4], attack=2, defense=4, target_clicks_left=3)
    assert ace["outcome"]["target_knocked_out"] is False
    last = run("close-combat", [4, 4], attack=2, defense=4, target_clicks_left=2)
    assert last["outcome"]["target_knocked_out"] is True


def test_fate_on_the_last_click_knocks_the_ace_out_and_scores_for_the_opponent():
    result = run(
        "ranged-attack",
        [1, 1],
        attack=2,
        defense=4,
        offensive_fate=True,
        attacker_fate=0,
        attacker_clicks_left=1,
    )
    assert result["outcome"]["dice"] == 2  # fate value 0 adds no dice but still clicks
    assert changes(result) == {("attacker", "clicks"): 1, ("attacker", "knocked_out"): True}
    assert result["explanation"][-1]["section"] == "Victory!"


def test_capture_rolls_two_fewer_dice_and_any_hit_captures_without_damage():
    assert [d.count for d in dice_needed(CATALOGUE, SYSTEM, "capture", {"attack": 4})] == [2]
    result = run("capture", [1, 4], attack=4, defense=4)
    assert result["outcome"]["captured"] is True
    assert changes(result) == {("target", "captured"): True, ("attacker", "holding_captive"): True}
    assert run("capture", [3, 3], attack=4, defense=4)["outcome"]["captured"] is False


def test_capture_with_two_attack_needs_no_dice_and_fails():
    assert dice_needed(CATALOGUE, SYSTEM, "capture", {"attack": 2}) == []
    assert run("capture", [], attack=2)["outcome"]["captured"] is False


def test_defensive_fate_against_a_capture_leaves_only_a_natural_six():
    params = {"attack": 5, "defense": 3, "defensive_fate": True, "target_fate": 1}
    failed = resolve(CATALOGUE, SYSTEM, "capture", params, [5, 4, 3])
    assert failed["outcome"]["captured"] is False
    assert changes(failed) == {("target", "clicks"): 1}
    held = resolve(CATALOGUE, SYSTEM, "capture", params, [6, 1, 1])
    assert held["outcome"]["captured"] is True
    assert changes(held)[("target", "clicks")] == 1  # a captive's dial still turns for fate


def test_escape_needs_more_hits_than_the_captor_and_ties_stay_captive():
    base = {"captive_attack": 2, "captive_defense": 4, "captor_attack": 2, "captor_defense": 5}
    won = resolve(CATALOGUE, SYSTEM, "escape", base, [5, 6, 4, 1])
    assert won["outcome"]["escaped"] is True
    assert won["outcome"]["another_action"] is True
    assert changes(won) == {("captive", "captured"): False, ("captor", "holding_captive"): False}
    tie = resolve(CATALOGUE, SYSTEM, "escape", base, [5, 1, 4, 1])
    assert (tie["outcome"]["escaped"], tie["changes"]) == (False, [])


def test_escape_fate_is_offensive_for_either_side_and_clicks_its_user():
    params = {
        "captive_attack": 1,
        "captive_uses_fate": True,
        "captive_fate": 2,
        "captor_attack": 1,
        "captor_defense": 4,
        "captive_defense": 4,
    }
    assert [d.count for d in dice_needed(CATALOGUE, SYSTEM, "escape", params)] == [3, 1]
    result = resolve(CATALOGUE, SYSTEM, "escape", params, [4, 1, 1, 6])
    assert result["outcome"]["escaped"] is False
    assert changes(result) == {("captive", "clicks"): 1}
    with pytest.raises(BadDocument) as err:
        dice_needed(CATALOGUE, SYSTEM, "escape", {"captive_attack": 2, "defensive_fate": True})
    assert err.value.errors[0].path == "params.defensive_fate"


def test_escape_with_no_captive_dice_rolls_nothing():
    assert dice_needed(CATALOGUE, SYSTEM, "escape", {"captive_attack": 0}) == []
    assert run("escape", [], captive_attack=0)["outcome"]["escaped"] is False


def test_a_captor_knocked_out_by_its_own_fate_frees_the_captive():
    result = run(
        "escape",
        [1, 1],
        captive_attack=1,
        captor_attack=1,
        captor_uses_fate=True,
        captor_fate=0,
        captor_clicks_left=1,
    )
    assert result["outcome"]["escaped"] is False
    assert changes(result)[("captive", "captured")] is False


def test_multi_target_gives_each_target_one_click_at_most_and_fate_spares_all_but_six():
    result = run(
        "multi-target-attack",
        [6, 5, 1],
        attack=3,
        pistols=3,
        defenses=[4, 4, 4],
        defensive_fate=[1, 2],
        tokens=[3],
    )
    assert result["outcome"]["assigned"] == [5, 6, 1]
    assert result["outcome"]["hit"] == [False, True, False]
    assert result["outcome"]["target_clicks"] == [1, 2, 0]
    assert result["outcome"]["target_knocked_out"] == [None, None, False]


def test_first_player_is_the_highest_two_dice_and_a_top_tie_rerolls():
    assert run("first-player", [6, 5, 1, 2])["outcome"] == {
        "totals": [11, 3],
        "first_player": 1,
        "reroll": [],
    }
    three = run("first-player", [3, 4, 6, 1, 2, 5], players=3)["outcome"]
    assert (three["first_player"], three["reroll"]) == (None, [1, 2, 3])


def test_a_victory_tie_after_recruited_points_goes_to_the_highest_die():
    assert run("victory-tie", [2, 5])["outcome"] == {"rolls": [2, 5], "winner": 2, "reroll": []}
    assert run("victory-tie", [4, 4, 1], players=3)["outcome"]["reroll"] == [1, 2]


# Refusals -----------------------------------------------------------------------------


def describe(system, name):
    return next(p for p in describe_procedures(CATALOGUE, system) if p["procedure"] == name)


@pytest.mark.parametrize(
    ("name", "params", "path"),
    [
        (
            "ranged-attack",
            {"offensive_fate": True, "attacker_kind": "token"},
            "params.offensive_fate",
        ),
        ("ranged-attack", {"defensive_fate": True}, "params.defensive_fate"),
        (
            "close-combat",
            {"defensive_fate": True, "target_kind": "token", "target_fate": 1},
            "params.defensive_fate",
        ),
        ("multi-target-attack", {"defenses": [4, 4, 4]}, "params.defenses"),
        ("multi-target-attack", {"hindering": [3]}, "params.hindering[0]"),
        ("multi-target-attack", {"tokens": [1], "defensive_fate": [1]}, "params.defensive_fate"),
        ("multi-target-attack", {"assign": [1]}, "params.assign"),
        ("multi-target-attack", {"assign": [2, 2]}, "params.assign"),
        ("multi-target-attack", {"assign": [4, 1]}, "params.assign[0]"),
        ("multi-target-attack", {"defenses": [4]}, "params.defenses"),
        ("ranged-attack", {"range": 3}, "params.range"),
    ],
)
def test_situations_the_rules_forbid_are_refused_naming_the_parameter(name, params, path):
    with pytest.raises(BadDocument) as err:
        dice_needed(CATALOGUE, SYSTEM, name, params)
    assert err.value.errors[0].path == path


@pytest.mark.parametrize(
    ("rolls", "path", "words"),
    [
        ([2, 3], "rolls", "needs 3 dice: 3d6 (attack dice); got 2"),
        ([2, 3, 5, 1], "rolls", "needs 3 dice"),
        ([2, 7, 5], "rolls[1]", "shows 1 to 6, not 7"),
    ],
)
def test_rolls_that_are_not_the_dice_needed_are_refused(rolls, path, words):
    with pytest.raises(BadDocument) as err:
        run("ranged-attack", rolls, attack=3)
    assert err.value.errors[0].path == path
    assert words in err.value.errors[0].message


def test_every_procedure_describes_its_parameters_and_default_dice():
    described = describe_procedures(CATALOGUE, SYSTEM)
    assert [p["procedure"] for p in described] == [
        "ranged-attack",
        "multi-target-attack",
        "close-combat",
        "capture",
        "escape",
        "break-away",
        "first-player",
        "victory-tie",
    ]
    assert describe(SYSTEM, "first-player")["dice"][1]["meaning"] == "player 2's two dice"
    assert all(p["meaning"] for d in described for p in d["params"])


def test_the_assignment_is_the_one_the_fights_make():
    needs = [4, 5, 6]
    for faces in itertools.product(range(1, 7), repeat=3):
        given = best_assignment(faces, needs)
        hit = [d is not None and faces[d] >= n for d, n in zip(given, needs, strict=True)]
        fights, _ = assign_dice(np.array([faces]), np.array([[*needs, UNUSED]]))
        assert hit == list(fights[0][:3])


# Properties ---------------------------------------------------------------------------


def _situation(draw, procedure):
    params = {}
    for p in procedure.params:
        if p.type == "integer":
            top = min(p.maximum, 6) if p.maximum is not None else 6
            if p.default is None:
                params[p.name] = draw(st.none() | st.integers(p.minimum, top))
            else:
                params[p.name] = draw(st.integers(p.minimum, top))
        elif p.type == "boolean":
            params[p.name] = draw(st.booleans())
        elif p.type == "string":
            params[p.name] = draw(st.sampled_from(p.choices))
        elif p.name == "defenses":
            params[p.name] = draw(st.lists(st.integers(0, 8), min_size=2, max_size=4))
        else:
            params[p.name] = draw(st.lists(st.integers(1, 4), max_size=3, unique=True))
    if procedure.name == "multi-target-attack":  # places within the targets named
        count = len(params["defenses"])
        params["pistols"] = max(params["pistols"], count)
        for name in ("hindering", "tokens", "defensive_fate"):
            params[name] = [n for n in params[name] if n <= count]
        params["assign"] = []
    return {k: v for k, v in params.items() if v is not None}


@st.composite
def situations(draw):
    procedure = draw(st.sampled_from(PROCEDURES))
    params = _situation(draw, procedure)
    try:
        dice = dice_needed(CATALOGUE, SYSTEM, procedure.name, params)
    except BadDocument:
        return procedure.name, params, None
    rolls = [draw(st.integers(1, d.sides)) for d in dice for _ in range(d.count)]
    return procedure.name, params, rolls


@given(situations())
def test_every_legal_situation_and_roll_resolves_to_json(case):
    name, params, rolls = case
    if rolls is None:  # a situation the rules forbid is refused before any roll
        return
    result = resolve(CATALOGUE, SYSTEM, name, params, rolls)
    assert json.loads(json.dumps(result)) == result
    assert result["explanation"]
    assert all(s["text"] and s["section"] for s in result["explanation"])


@given(situations(), st.data())
def test_a_higher_die_never_does_the_roller_worse(case, data):
    name, params, rolls = case
    if not rolls or name in ("break-away", "first-player", "victory-tie"):
        return
    if name == "multi-target-attack":
        params = params | {"defensive_fate": [], "assign": []}
    at = data.draw(st.integers(0, len(rolls) - 1))
    if rolls[at] == 6:
        return
    better = [*rolls[:at], rolls[at] + 1, *rolls[at + 1 :]]
    low = resolve(CATALOGUE, SYSTEM, name, params, rolls)["outcome"]
    high = resolve(CATALOGUE, SYSTEM, name, params, better)["outcome"]
    if name == "escape":
        captive_dice = low["captive_dice"]
        if at < captive_dice:
            assert high["captive_hits"] >= low["captive_hits"]
            assert high["escaped"] >= low["escaped"]
        else:
            assert high["captor_hits"] >= low["captor_hits"]
            assert high["escaped"] <= low["escaped"]
    elif name == "multi-target-attack":
        assert high["targets_hit"] >= low["targets_hit"]
    else:
        assert high["hits"] >= low["hits"]
        if name == "capture":
            assert high["captured"] >= low["captured"]
