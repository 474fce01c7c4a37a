"""Crimson Dust's procedures resolved by the rules: the book's worked examples, exact
outcomes for given rolls, re-rolls checked against the first roll, and bad rolls refused."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules_engine.catalogue import load_catalogue
from rules_engine.errors import BadDocument
from rules_engine.resolve import dice_needed, resolve, system_procedures

SYSTEM = "crimson-dust"
CATALOGUE = load_catalogue()


def run(name: str, rolls: list[int], **params: Any) -> dict[str, Any]:
    return resolve(CATALOGUE, SYSTEM, name, params, rolls)


def needed(name: str, **params: Any) -> list[str]:
    return [d.notation for d in dice_needed(CATALOGUE, SYSTEM, name, params)]


def refused(name: str, rolls: list[int], **params: Any) -> str:
    with pytest.raises(BadDocument) as caught:
        run(name, rolls, **params)
    return caught.value.errors[0].path


def changes(result: dict[str, Any]) -> dict[tuple[str, str], Any]:
    return {(c["subject"], c["field"]): c.get("value", c.get("delta")) for c in result["changes"]}


# -- The book's worked examples -------------------------------------------------------------


def test_book_example_results_scores_and_fails_five_dice_at_5_plus():
    # Results, Scores and Fails (seed lines 489-493): "you roll 5 dice and need to get a 5 or
    # higher ... 2,3,4,5,6; the dice that rolled 5 and 6 have 'scored'".
    out = run("shot", [2, 3, 4, 5, 6], rg=5, target_number=5, df=0)["outcome"]
    assert out["attacks"][0]["scored"] == 2
    assert out["hits"] == 2


def test_book_example_skill_test_rg_5_rolls_five_dice():
    # Skill Test (seed line 511): "if taking an Rg skill test ... the model has Rg 5 ... we'd
    # roll 5 dice".
    assert needed("skill-test", dice=5, difficulty=2) == ["5d6"]


def test_book_example_hitting_benny_shoots_dillinger():
    # Hitting (seed line 783): Benny, Rg 6, the rifle at 13 units needs 4; "2,2,3,4,5,5 ...
    # scored with 3 dice"; Dillinger, Df 4, "2,3,5,6 ... scores with 2 dice ... Benny one gets
    # one dice that hits".
    result = run("shot", [2, 2, 3, 4, 5, 5, 2, 3, 5, 6], weapon="rifle", band="12-18", rg=6, df=4)
    out = result["outcome"]
    assert out["attacks"][0]["target_number"] == 4
    assert (out["attacks"][0]["scored"], out["avoided"], out["hits"]) == (3, 2, 1)
    assert result["changes"] == []


def test_book_example_hitting_rg_5_rolls_five_dice_and_df_3_three():
    # Hitting (seed lines 767, 775): "if the model has Rg5, then roll 5 D6"; "if the target
    # has Df 3, roll 3 D6".
    assert needed("shot", weapon="rifle", band="12-18", rg=5, df=3) == ["5d6", "3d6"]


def test_book_example_scopes_telescopic_4_plus_becomes_3_plus():
    # Scopes > Telescopic (seed line 2243): aiming "at ranges of over 18 units ... if it
    # normally needs a 4+ to score, with a Telescopic scope it will score on a 3+". The
    # Sniper Rifle needs 4+ at 36+.
    plain = run("shot", [3, 3, 3], rg=3, df=0, weapon="sniper-rifle", band="36+", aimed=True)
    scoped = run(
        "shot",
        [3, 3, 3],
        rg=3,
        df=0,
        weapon="sniper-rifle",
        band="36+",
        aimed=True,
        telescopic_scope=True,
    )
    assert plain["outcome"]["attacks"][0]["target_number"] == 4
    assert scoped["outcome"]["attacks"][0]["target_number"] == 3
    assert scoped["outcome"]["hits"] == 3


def test_book_example_rof_lmg_two_shots_two_dice_fewer():
    # RoF 'x' (seed line 1077): "an LMG with RoF 2, may shoot twice during a single action, but
    # if you do so then you roll 2 less dice to hit".
    assert needed("shot", weapon="saw-or-lmg", band="12-18", rg=5, df=0, shots=2) == ["3d6"]
    assert needed("shot", weapon="saw-or-lmg", band="12-18", rg=5, df=0) == ["5d6"]


def test_book_example_stabilising_tripod_lmg_one_die_fewer():
    # Stabilising Tripod (seed line 2295): "an LMG with RoF 2, would only roll one less dice
    # than normal when fitted with a Stabilising Tripod".
    assert needed("shot", weapon="saw-or-lmg", band="12-18", rg=5, df=0, shots=2, tripod=True) == [
        "4d6"
    ]


def test_book_example_wounding_dc_3_major_then_critical():
    # Wounding (seed lines 845-851): "if a character started with Dc 3, after the first wound
    # it'd have Dc 2 ... a major wound ... another wound taking it to Dc 1, which is a critical
    # wound". Armour roll 3 + Av 0 = 3; a 1 + S 3 = 4 beats it once.
    first = run("wound", [3, 1], hits=1, S=3, av=0, dc=3)
    assert first["outcome"]["dc_left"] == 2
    assert changes(first) == {("target", "dc"): -1, ("target", "wound"): "major"}
    second = run("wound", [3, 1], hits=1, S=3, av=0, dc=2)
    assert changes(second) == {("target", "dc"): -1, ("target", "wound"): "critical"}


def test_book_example_morale_tests_four_dice_two_fail_pinned():
    # Morale Tests (seed lines 943-947): "hit by 2 dice and wounded by one dice, then roll four
    # dice ... Mr 3 ... we roll 1,3,4,6, meaning we have failed with two dice"; two fail:
    # pinned, and in the open it goes to ground.
    assert needed("morale", hits=2, damaging=1, mr=3) == ["4d6"]
    result = run("morale", [1, 3, 4, 6], hits=2, damaging=1, mr=3)
    assert result["outcome"]["failed"] == 2
    assert result["outcome"]["result"] == "pinned"
    assert changes(result) == {("target", "pinned"): True, ("target", "gone_to_ground"): True}


def test_book_example_morale_tests_a_miss_still_tests_one_die():
    # Morale Tests (seed line 937): "even if the shooter missed the target will take a morale
    # test on one dice".
    assert needed("morale", hits=0) == ["1d6"]


def test_book_example_two_or_more_weapons_score_one_worse():
    # Two or More Weapons (seed lines 2081-2089): half the As again in dice (rounding up);
    # "if you would normally score on a result of 4+ ... you would score on a 5+, or ... 5+,
    # you would score on a 6".
    assert needed("melee", attacker_as=5, defender_as=3, attacker_two_weapons=True)[0] == "8d6"
    normal = run(
        "melee", [4] * 6 + [1, 1, 1], attacker_as=4, defender_as=3, attacker_two_weapons=True
    )
    assert normal["outcome"]["attacker"]["target_number"] == 5
    pinned = run(
        "melee",
        [5] * 6 + [1, 1, 1],
        attacker_as=4,
        defender_as=3,
        attacker_two_weapons=True,
        attacker_state="pinned",
    )
    assert pinned["outcome"]["attacker"]["target_number"] == 6
    assert pinned["outcome"]["attacker"]["scored"] == 0


# -- Skill tests -----------------------------------------------------------------------------


def test_skill_test_passes_with_more_scores_than_the_difficulty():
    out = run("skill-test", [4, 5, 6], dice=3, difficulty=2)["outcome"]
    assert (out["scored"], out["passed"]) == (3, True)


def test_a_failed_cumulative_test_saves_its_scores():
    result = run("skill-test", [4, 1, 2], dice=3, difficulty=3, cumulative=True, banked=1)
    assert result["outcome"]["total"] == 2
    assert changes(result) == {("model", "banked_scores"): 2}


def test_a_pinned_model_scores_on_5():
    assert run("skill-test", [4, 4, 5], dice=3, state="pinned")["outcome"]["scored"] == 1


def test_most_pressing_target_difficulty_by_distance():
    # Most Pressing Target (seed lines 699-715): 0-5 units 4, 5-10 3, 10-20 2, 20+ 1.
    for band, need in (("0-5", 4), ("5-10", 3), ("10-20", 2), ("20+", 1)):
        out = run("most-pressing-target", [4, 4, 1], dice=3, distance=band)["outcome"]
        assert out == {"difficulty": need, "passed": need <= 2}


def test_clearing_a_weapon_needs_its_tech_rating():
    result = run("clear-out-of-ammo", [4, 1, 1], dice=3, weapon="sniper-rifle")
    assert result["outcome"] == {"difficulty": 2, "passed": False}
    assert refused("clear-out-of-ammo", [4, 4, 4], dice=3, weapon="hmg") == "params.tech"


# -- Shots ----------------------------------------------------------------------------------


def test_a_band_the_weapon_cannot_reach_is_refused():
    assert refused("shot", [4] * 6 + [1] * 4, weapon="rifle", band="36+") == "params.weapon"


def test_aiming_re_rolls_the_failed_dice_lowest_first():
    result = run(
        "shot",
        [1, 2, 5, 6, 6, 6, 1],
        rg=4,
        df=1,
        weapon="rifle",
        band="12-18",
        aimed=True,
        to_hit_rerolls=2,
    )
    attack = result["outcome"]["attacks"][0]
    assert attack["rolled"] == [6, 6, 5, 6]
    assert attack["scored"] == 4


def test_more_re_rolls_than_failed_dice_are_refused():
    path = refused(
        "shot", [4, 4, 4, 1, 5, 5, 1], rg=4, df=1, target_number=4, aimed=True, to_hit_rerolls=2
    )
    assert path == "params.to_hit_rerolls"


def test_a_re_roll_the_situation_does_not_allow_is_refused():
    assert refused("shot", [1, 4, 4, 4, 5, 1], rg=4, df=1, to_hit_rerolls=1) == (
        "params.to_hit_rerolls"
    )


def test_more_ones_than_sixes_runs_the_weapon_out_of_ammo():
    result = run("shot", [1, 1, 6, 4, 1], rg=4, df=1, weapon="rifle", band="12-18")
    assert changes(result) == {("attacker", "out_of_ammo"): "rifle"}
    assert result["outcome"]["hits"] == 2


def test_aiming_at_a_model_that_ran_ignores_the_ones():
    result = run(
        "shot",
        [1, 1, 6, 4, 1, 1, 1],
        rg=4,
        df=1,
        weapon="rifle",
        band="12-18",
        aimed=True,
        target_ran=True,
        to_hit_rerolls=2,
    )
    assert result["changes"] == []


def test_a_rear_shot_rerolls_all_and_keeps_the_second_roll():
    result = run(
        "shot",
        [5, 5, 4, 4, 1, 2, 3, 2, 1],
        rg=4,
        df=1,
        target_number=4,
        rear=True,
        rear_reroll=True,
    )
    assert result["outcome"]["attacks"][0]["scored"] == 0
    assert needed("shot", rg=4, df=1, rear=True, rear_reroll=True) == ["4d6", "4d6", "1d6"]


def test_concealed_and_rear_cancel_so_no_re_rolls():
    assert (
        refused(
            "shot",
            [1, 1, 1, 1, 1, 1, 1, 1, 1],
            rg=4,
            df=1,
            rear=True,
            concealed=True,
            rear_reroll=True,
        )
        == "params.rear_reroll"
    )


def test_a_concealed_target_re_rolls_failed_avoidance_dice():
    result = run("shot", [4, 4, 4, 1, 2, 6], rg=3, df=2, concealed=True, avoid_rerolls=1)
    # The lowest failed die (the 1) is re-rolled: 6, 2 avoid one score.
    assert (result["outcome"]["avoided"], result["outcome"]["hits"]) == (1, 2)


def test_hail_ignores_concealment():
    path = refused(
        "shot", [4, 4, 4, 1, 2, 6], rg=3, df=2, concealed=True, hail=True, avoid_rerolls=1
    )
    assert path == "params.avoid_rerolls"


def test_large_targets_and_moving_with_a_move_and_fire_weapon():
    # Large Targets: a car +2 Rg; Move and fire: Rg halved (rounding up, see the rulings).
    assert needed("shot", rg=5, df=0, large=2) == ["7d6"]
    assert needed("shot", rg=5, df=0, moved=True) == ["3d6"]
    assert (
        refused("shot", [4, 4, 4], rg=5, df=0, moved=True, weapon="rifle", band="12-18")
        == "params.moved"
    )


def test_a_rof_weapon_fires_one_shot_or_x_and_cannot_aim():
    assert (
        refused("shot", [4, 4], rg=5, df=0, weapon="saw-or-lmg", band="12-18", shots=3)
        == "params.shots"
    )
    with pytest.raises(BadDocument):
        needed("shot", rg=5, shots=2, aimed=True)


def test_gun_fighter_two_pistols_one_avoidance_roll_taken_from_each():
    # Gun Fighter: "roll to hit separately with both pistols; the target rolls their dice to
    # avoid the shot once and subtracts any scoring dice from each"; the target counts as
    # concealed, so it may re-roll a failed avoidance die.
    result = run(
        "shot",
        [4, 4, 2, 2, 6, 5, 5, 2, 5, 2, 6],
        rg=4,
        df=2,
        weapon="pistol",
        second_pistol="heavy-pistol",
        band="6-12",
        avoid_rerolls=1,
    )
    out = result["outcome"]
    assert [a["hits"] for a in out["attacks"]] == [0, 1]
    assert out["hits"] == 1
    assert (
        refused("shot", [4] * 10, rg=4, df=2, weapon="pistol", second_pistol="rifle", band="6-12")
        == "params.second_pistol"
    )


def test_critical_shot_read_on_the_roll_to_hit():
    kept = run(
        "shot",
        [6, 6, 4, 1, 5],
        rg=4,
        df=1,
        weapon="rifle",
        band="12-18",
        critical_shot=True,
        critical_shot_six="hit-sixes-kept",
    )
    assert kept["outcome"]["attacks"][0]["critical_hits"] == 2
    cancelled = run(
        "shot",
        [6, 6, 4, 1, 5],
        rg=4,
        df=1,
        weapon="rifle",
        band="12-18",
        critical_shot=True,
        critical_shot_six="hit-sixes-cancelled",
    )
    assert cancelled["outcome"]["attacks"][0]["critical_hits"] == 1


def test_scopes_telescopic_scores_one_better_when_aiming_far():
    out = run(
        "shot",
        [3, 3, 3, 3, 1],
        rg=4,
        df=1,
        weapon="sniper-rifle",
        band="24-36",
        aimed=True,
        telescopic_scope=True,
    )["outcome"]
    assert out["attacks"][0]["target_number"] == 2


# -- Wounding --------------------------------------------------------------------------------


def test_double_the_armour_roll_takes_two_dc():
    out = run("wound", [2, 5], hits=1, S=3, av=2, dc=3)["outcome"]
    assert out["armour_roll"] == 4
    assert out["dice"] == [{"rolled": 5, "S": 3, "total": 8, "dc": 2}]
    assert out["dc_left"] == 1


def test_a_total_equal_to_the_armour_roll_does_no_damage():
    result = run("wound", [4, 1], hits=1, S=3, av=0, dc=2)
    assert result["outcome"]["dc_lost"] == 0
    assert result["changes"] == []


def test_hard_cover_adds_to_the_armour_roll():
    assert run("wound", [3, 6], hits=1, S=2, av=1, cover=2, dc=1)["outcome"]["armour_roll"] == 6


def test_at_replaces_s_against_av_above_5():
    out = run("wound", [1, 2], hits=1, S=3, at=6, av=6, dc=3)["outcome"]
    assert (out["S"], out["dice"][0]["dc"]) == (6, 1)


def test_killing_caps_the_dc_lost_at_the_dc_left():
    result = run("wound", [1, 6, 6], hits=2, S=5, av=0, dc=2)
    assert changes(result) == {("target", "dc"): -2, ("target", "killed"): True}


def test_critical_hits_wound_with_double_s():
    out = run("wound", [3, 1, 1], hits=2, S=2, av=0, dc=3, critical_hits=1)["outcome"]
    assert [d["S"] for d in out["dice"]] == [4, 2]


def test_the_refractor_re_roll_is_declared_and_the_second_die_stands():
    assert needed("wound", hits=1, refractor=True, refractor_reroll=True) == ["1d6", "1d6", "1d6"]
    out = run("wound", [1, 6, 4], hits=1, S=3, av=0, dc=2, refractor=True, refractor_reroll=True)[
        "outcome"
    ]
    assert out["armour_roll"] == 6


# -- Morale ----------------------------------------------------------------------------------


def test_morale_dice_add_pinning_and_last_turns_state():
    assert needed("morale", hits=1, damaging=1, pinning=1, pinned_last=True) == ["5d6"]
    assert needed("morale", hits=0, suppressed_last=True) == ["3d6"]
    assert needed("morale", hits=3, brain_dead=True) == []


def test_all_dice_scoring_passes_play_to_the_target():
    result = run("morale", [1, 2], hits=1, mr=3)
    assert changes(result) == {("target", "activates_next"): True}


@pytest.mark.parametrize(
    ("in_cover", "rg", "as_", "reaction"),
    [
        (False, 4, 3, "move-to-cover"),
        (True, 4, 3, "return-fire"),
        (True, 3, 4, "move-through-cover"),
        (True, 3, 3, "return-fire"),
    ],
)
def test_one_failed_die_moves_or_returns_fire(in_cover, rg, as_, reaction):
    out = run("morale", [1, 5], hits=1, mr=3, in_cover=in_cover, rg=rg, **{"as": as_})
    assert out["outcome"]["result"] == reaction


def test_three_failures_suppress_and_fearless_counts_them_as_pinned():
    assert run("morale", [4, 5, 6], hits=2, mr=3, in_cover=True)["outcome"]["result"] == (
        "suppressed"
    )
    assert run("morale", [4, 5, 6], hits=2, mr=3, fearless=True)["outcome"]["result"] == "pinned"


def test_concealment_re_rolls_the_worst_failed_die():
    out = run("morale", [2, 4, 6, 1], hits=2, mr=3, concealed=True, rerolls=1)["outcome"]
    assert out["rolled"] == [2, 4, 1]
    assert out["result"] == "move-to-cover"
    assert refused("morale", [2, 4, 6, 1, 1], hits=2, mr=3, concealed=True, rerolls=2) == (
        "params.rerolls"
    )


def test_a_fanatics_re_roll_pass_does_not_pass_play():
    result = run("morale", [5, 6, 1, 2], hits=1, mr=3, fanatic=True, fanatic_reroll=True)
    assert result["outcome"]["result"] == "passed"
    assert result["changes"] == []


# -- Melee -----------------------------------------------------------------------------------


def test_the_higher_score_hits_with_the_difference():
    result = run(
        "melee", [4, 5, 6, 2, 1, 4], attacker_as=3, defender_as=3, attacker_s=3, attacker_weapon_s=1
    )
    out = result["outcome"]
    assert (out["winner"], out["hits"], out["S"]) == ("attacker", 2, 4)


def test_a_weapons_as_bonus_and_outnumbering_add_dice():
    assert (
        needed("melee", attacker_as=3, attacker_weapon_as=2, attacker_outnumber=1, defender_as=2)[0]
        == "6d6"
    )


def test_reach_breaks_a_tie():
    out = run("melee", [4, 1, 5, 2], attacker_as=2, defender_as=2, defender_reach=True)
    assert (out["outcome"]["winner"], out["outcome"]["hits"]) == ("defender", 1)


def test_a_parry_re_rolls_the_two_highest_scoring_dice():
    out = run(
        "melee",
        [6, 5, 4, 2, 2, 2, 1, 1],
        attacker_as=3,
        defender_as=3,
        defender_parry=True,
        defender_parry_dice=2,
    )["outcome"]
    assert out["attacker"]["rolled"] == [1, 1, 4]
    assert out["attacker"]["fumbled"] is True
    assert (
        refused(
            "melee",
            [6, 5, 4, 2, 2, 2, 1],
            attacker_as=3,
            defender_as=3,
            defender_parry=True,
            defender_parry_dice=1,
        )
        == "params.defender_parry_dice"
    )


def test_a_fumble_gives_the_opponent_two_extra_dice():
    out = run(
        "melee", [1, 1, 4, 4, 2, 2, 5, 6], attacker_as=3, defender_as=3, defender_fumble_dice=True
    )["outcome"]
    assert (out["defender"]["scored"], out["winner"], out["hits"]) == (3, "defender", 2)
    assert (
        refused(
            "melee",
            [4, 4, 4, 4, 2, 2, 5, 6],
            attacker_as=3,
            defender_as=3,
            defender_fumble_dice=True,
        )
        == "params.defender_fumble_dice"
    )


def test_a_defended_obstacle_re_rolls_every_scoring_die():
    out = run(
        "melee",
        [4, 5, 1, 2, 2, 2, 1, 3],
        attacker_as=3,
        defender_as=3,
        obstacle=True,
        obstacle_rerolls=2,
    )["outcome"]
    assert out["attacker"]["scored"] == 0


def test_a_rear_attack_re_rolls_failed_dice():
    out = run(
        "melee", [1, 4, 4, 1, 2, 3, 6], attacker_as=3, defender_as=3, rear=True, attacker_rerolls=1
    )["outcome"]
    assert out["attacker"]["rolled"] == [6, 4, 4]


# -- Dice checked before any rule ----------------------------------------------------------


def test_too_few_dice_and_faces_out_of_range_are_refused():
    assert refused("shot", [4, 4], rg=6, df=4) == "rolls"
    assert refused("wound", [7, 1], hits=1) == "rolls[0]"


# -- Properties ------------------------------------------------------------------------------

STATES = st.sampled_from(["normal", "pinned", "suppressed", "confused"])


def _faces(draw: Any, n: int) -> list[int]:
    return draw(st.lists(st.integers(1, 6), min_size=n, max_size=n))


@st.composite
def situations(draw: Any) -> tuple[str, dict[str, Any], list[int]]:
    """A situation of any procedure and rolls of exactly the dice it needs."""
    name = draw(st.sampled_from(sorted(system_procedures(SYSTEM))))
    params: dict[str, Any] = {}
    if name == "shot":
        weapon = draw(st.sampled_from([None, "rifle", "pistol", "saw-or-lmg", "sniper-rifle"]))
        params = {
            "rg": draw(st.integers(0, 8)),
            "df": draw(st.integers(0, 6)),
            "large": draw(st.integers(0, 2)),
            "concealed": draw(st.booleans()),
            "rear": draw(st.booleans()),
            "cover": draw(st.integers(0, 2)),
        }
        if weapon:
            params |= {"weapon": weapon, "band": "12-18"}
        if weapon == "saw-or-lmg":
            params["shots"] = draw(st.sampled_from([1, 2]))
    elif name == "wound":
        params = {
            "hits": draw(st.integers(0, 6)),
            "S": draw(st.integers(0, 8)),
            "at": draw(st.integers(0, 8)),
            "av": draw(st.integers(0, 8)),
            "cover": draw(st.integers(0, 3)),
            "dc": draw(st.integers(1, 5)),
            "critical_shot": draw(st.booleans()),
            "deflector": draw(st.booleans()),
        }
    elif name == "morale":
        params = {
            "hits": draw(st.integers(0, 6)),
            "damaging": draw(st.integers(0, 4)),
            "mr": draw(st.integers(0, 6)),
            "in_cover": draw(st.booleans()),
            "pinned_last": draw(st.booleans()),
            "fearless": draw(st.booleans()),
            "brain_dead": draw(st.booleans()),
            "impetus": draw(st.booleans()),
        }
    elif name == "melee":
        params = {
            f"{s}_{k}": draw(st.integers(0, 6))
            for s in ("attacker", "defender")
            for k in ("as", "weapon_as")
        }
        params |= {f"{s}_state": draw(STATES) for s in ("attacker", "defender")}
        params |= {f"{s}_two_weapons": draw(st.booleans()) for s in ("attacker", "defender")}
        params["defender_reach"] = draw(st.booleans())
    elif name in ("skill-test", "stunned-recovery", "leader-activation", "climb-or-jump"):
        params = {"dice": draw(st.integers(1, 8)), "state": draw(STATES)}
    elif name == "movement":
        params = {
            "mv": draw(st.integers(0, 8)),
            "terrain": draw(st.sampled_from(["open", "difficult", "very-difficult"])),
        }
    elif name == "regenerate":
        params = {"dice": 4, "dc_left": draw(st.integers(1, 3))}
    dice = dice_needed(CATALOGUE, SYSTEM, name, params)
    return name, params, _faces(draw, sum(d.count for d in dice))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(situations())
def test_every_situation_and_every_roll_resolves(case):
    name, params, rolls = case
    result = run(name, rolls, **params)
    assert result["explanation"]
    assert all(s["section"] for s in result["explanation"])
    roles = system_procedures(SYSTEM)[name].roles
    assert {c["subject"] for c in result["changes"]} <= set(roles)


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 6), st.integers(0, 6), st.integers(2, 6), st.data())
def test_a_higher_roll_to_hit_never_hits_less(rg, df, score, data):
    rolls = _faces(data.draw, rg + df)
    i = data.draw(st.integers(0, rg - 1))
    higher = list(rolls)
    higher[i] = data.draw(st.integers(rolls[i], 6))
    base = run("shot", rolls, rg=rg, df=df, target_number=score)["outcome"]["hits"]
    assert run("shot", higher, rg=rg, df=df, target_number=score)["outcome"]["hits"] >= base


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 5), st.integers(0, 8), st.integers(0, 6), st.data())
def test_a_higher_wounding_die_never_takes_less_dc(hits, strength, av, data):
    rolls = _faces(data.draw, 1 + hits)
    i = data.draw(st.integers(1, hits))
    higher = list(rolls)
    higher[i] = data.draw(st.integers(rolls[i], 6))
    params = {"hits": hits, "S": strength, "av": av, "dc": 10}
    base = run("wound", rolls, **params)["outcome"]["dc_lost"]
    assert run("wound", higher, **params)["outcome"]["dc_lost"] >= base


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 5), st.integers(0, 6), st.data())
def test_a_higher_morale_die_never_fails_fewer(hits, mr, data):
    rolls = _faces(data.draw, hits + 1)
    i = data.draw(st.integers(0, hits))
    higher = list(rolls)
    higher[i] = data.draw(st.integers(rolls[i], 6))
    base = run("morale", rolls, hits=hits, mr=mr)["outcome"]["failed"]
    assert run("morale", higher, hits=hits, mr=mr)["outcome"]["failed"] >= base


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 6), st.integers(0, 4), st.data())
def test_re_rolling_every_failed_die_is_always_accepted(rg, df, data):
    first = _faces(data.draw, rg)
    failed = sum(1 for f in first if f < 4)
    rolls = first + _faces(data.draw, failed) + _faces(data.draw, df)
    out = run("shot", rolls, rg=rg, df=df, aimed=True, to_hit_rerolls=failed)["outcome"]
    assert out["attacks"][0]["scored"] >= sum(1 for f in first if f >= 4)


def test_a_flamethrower_hit_pins_the_target():
    # Flame-thrower (x): "Any model which takes a hit is at least automatically pinned."
    result = run("shot", [3, 3, 1, 2], rg=2, df=2, weapon="flamethrower", band="0-6")
    assert result["outcome"]["hits"] == 2
    assert changes(result) == {("target", "pinned"): True}


def test_a_blast_that_misses_scatters():
    result = run("shot", [1, 2, 6], rg=2, df=1, weapon="grenade-launcher", band="12-18")
    assert result["explanation"][-1]["text"].startswith("The blast missed")


# -- The tests built on skill tests ----------------------------------------------------------


def test_stunned_recovery_is_a_cumulative_mr_test_of_difficulty_3():
    # Stunned: "until it can pass an Mr skill test with a difficulty of 3; this is cumulative".
    first = run("stunned-recovery", [4, 5, 1], dice=3)
    assert changes(first) == {("model", "banked_scores"): 2}
    second = run("stunned-recovery", [4, 1, 1], dice=3, banked=2)
    assert changes(second) == {("model", "banked_scores"): 0, ("model", "stunned"): False}


def test_going_to_ground_needs_av_8_or_less():
    assert changes(run("go-to-ground", [5, 1], dice=2)) == {("model", "gone_to_ground"): True}
    assert refused("go-to-ground", [5, 1], dice=2, av=9) == "params.av"


def test_a_leader_activates_one_model_a_score_and_all_fails_confuse():
    # Leaders and group actions: "The total number of scoring dice is the total number of
    # model that may be activated in addition to the leader ... if you fail all the dice
    # confusion reigns".
    assert changes(run("leader-activation", [4, 6, 1], dice=3)) == {("leader", "activates"): 2}
    assert changes(run("leader-activation", [1, 3, 2], dice=3)) == {("leader", "confused"): True}


def test_movement_scores_by_terrain_and_running_doubles_the_dice():
    # Movement: "open ground any result of 4+ will score ... difficult ground ... 5+ ... very
    # difficult ground ... 6"; Running: Av 2 or less, double the Mv.
    assert run("movement", [4, 5, 6], mv=3)["outcome"]["units"] == 3
    assert run("movement", [4, 5, 6], mv=3, terrain="very-difficult")["outcome"]["units"] == 1
    assert needed("movement", mv=3, run=True) == ["6d6"]
    assert refused("movement", [4] * 6, mv=3, run=True, av=3) == "params.run"


def test_a_climb_with_more_ones_than_sixes_falls():
    result = run("climb-or-jump", [1, 1, 4], dice=3)
    assert result["outcome"] == {"units": 1, "falls": True}
    assert changes(result) == {("model", "fell"): True}


def test_a_jump_after_running_re_rolls_failed_dice():
    # Jumping: "If the model also ran in the same action then you may re-roll any failed dice";
    # the fall is judged "after any possible re-rolls".
    out = run("climb-or-jump", [1, 1, 4, 6, 6], dice=3, action="jump", ran=True, rerolls=2)
    assert out["outcome"] == {"units": 3, "falls": False}
    assert refused("climb-or-jump", [1, 1, 4, 6], dice=3, rerolls=1) == "params.rerolls"


def test_regeneration_regains_a_dc_and_heals_unless_ones_beat_sixes():
    healed = run("regenerate", [4, 2, 6], dice=3, dc_left=1)
    assert changes(healed) == {("model", "dc"): 1, ("model", "wound"): "major"}
    kept = run("regenerate", [4, 1, 1], dice=3, dc_left=1)
    assert changes(kept) == {("model", "dc"): 1}
    assert kept["outcome"]["severity_kept"] is True


def test_a_blast_scatters_the_total_and_a_double_is_a_dud():
    assert run("blast-scatter", [5, 2])["outcome"] == {"dud": False, "distance": 7}
    assert run("blast-scatter", [3, 3])["outcome"] == {"dud": True, "distance": 0}


def test_a_shot_at_a_mounted_bestia_hits_the_mount_on_1_to_3():
    assert run("mount-hit", [3])["outcome"] == {"hits": "mount"}
    assert run("mount-hit", [4])["outcome"] == {"hits": "rider"}


def test_a_value_the_dump_lost_is_said_in_the_explanation():
    shot = run("shot", [3, 3, 1], rg=2, df=1, weapon="hmg", band="12-18")
    assert "prints no S for the HMG" in shot["explanation"][-1]["text"]
    cleared = run("clear-out-of-ammo", [4, 4, 1], dice=3, weapon="hmg", tech=2)
    assert "lost the HMG's tech" in cleared["explanation"][0]["text"]


def test_a_rof_weapon_cannot_aim_even_for_one_shot_and_a_tripod_needs_rof():
    # Aiming: "Models with a weapon that doesn't have the RoF special rule can ... 'aim'".
    assert (
        refused("shot", [4] * 5, rg=5, df=0, weapon="saw-or-lmg", band="12-18", aimed=True)
        == "params.aimed"
    )
    assert (
        refused("shot", [4] * 5, rg=5, df=0, weapon="rifle", band="12-18", tripod=True)
        == "params.tripod"
    )
    one = run("shot", [4] * 5, rg=5, df=0, weapon="saw-or-lmg", band="12-18", tripod=True)
    assert one["outcome"]["attacks"][0]["dice"] == 5


def test_a_heroic_re_roll_of_one_die_is_binding():
    # Heroic: "can re-roll a single dice each turn, but the second result is binding even if
    # it was worse than the first result".
    assert needed("skill-test", dice=3, heroic_die=2) == ["3d6", "1d6"]
    out = run("skill-test", [4, 1, 5, 6], dice=3, difficulty=3, heroic_die=2)["outcome"]
    assert (out["scored"], out["passed"]) == (3, True)
    worse = run("skill-test", [4, 1, 5, 1], dice=3, difficulty=2, heroic_die=1)["outcome"]
    assert (worse["scored"], worse["passed"]) == (1, False)
    assert refused("skill-test", [4, 1, 5, 6], dice=3, heroic_die=4) == "params.heroic_die"
