"""Air Action shot and pilot check odds ("Combat", "Firing Arcs", "Fate", "Pilot Checks",
"Collisions with Other Planes", "Obstacles") against enumeration and the book's examples."""

import itertools
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from rules_engine import load_catalogue
from rules_engine.clix.dice import count_hits
from rules_engine.cs_air_action.collisions import check_fails, collision_damage
from tests.rules_engine.cs_aces.dice_enumeration import distribution, enumerate_hits
from tests.rules_engine.odds_helpers import facts_of

facts = facts_of("cs-air-action")

CATALOGUE = load_catalogue()


def dist(report, key="hits"):
    return distribution(report, key)


def test_loyles_offensive_fate_rolls_six_dice_against_silhouette_5():
    report = facts("shot", CATALOGUE, dice=3, fate=3, silhouette=5)
    assert (report["dice"], report["target_number"]) == (6, 5)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 4), st.integers(1, 8), st.booleans(), st.booleans())
def test_shot_matches_enumeration(gunnery, silhouette, rear_arc, point_blank):
    report = facts("shot", CATALOGUE, dice=gunnery, silhouette=silhouette, rear_arc=rear_arc,
                          point_blank=point_blank)
    need = max(1, min(6, silhouette - point_blank))
    assert dist(report) == enumerate_hits(gunnery + rear_arc, need)


def test_point_blank_is_applied_before_the_cap_of_6():
    assert facts("shot", CATALOGUE, dice=2, silhouette=8, point_blank=True)["target_number"] == 6
    assert facts("shot", CATALOGUE, dice=2, silhouette=6, point_blank=True)["target_number"] == 5


def test_speed_effects_of_the_shooters_dial_apply():
    # Charlie's Fury shows a front gunnery -1 effect at one speed of its (sample) dial.
    dial = CATALOGUE.get("cs-air-action", "speed_dial", "charlie-steele-fury-speed")
    speed = next(r["speed"] for r in dial.data["speeds"] if "sample-shaky-aim" in r["effects"])
    plain = facts("shot", CATALOGUE, shooter="charlie-steele-fury", silhouette=4)
    report = facts("shot", CATALOGUE, shooter="charlie-steele-fury", speed=speed, silhouette=4)
    assert report["dice"] == plain["dice"] - 1
    assert report["speed_effects"] == ["Shaky Aim (sample)"]


def test_defensive_fate_leaves_only_natural_sixes():
    report = facts("defensive_fate", CATALOGUE, dice=4, silhouette=4)
    assert dist(report, "with_fate") == enumerate_hits(4, 6)
    assert dist(report, "without_fate") == enumerate_hits(4, 4)


def test_pilot_check_and_redlining():
    report = facts("pilot_check", CATALOGUE, piloting=8, purpose="redline")
    assert report["success"]["exact"] == "5/12"  # 15 of 36 totals reach 8
    assert dist(report, "damage") == {0: Fraction(5, 12), 1: Fraction(7, 12)}
    assert report["critical_failure"]["exact"] == "1/36"


def test_obstacle_failure_costs_the_current_speed():
    report = facts("pilot_check", CATALOGUE, piloting=7, purpose="obstacle", current_speed=5)
    assert dist(report, "damage") == {1: Fraction(21, 36), 5: Fraction(15, 36)}


def test_collision_matches_enumeration_of_both_checks():
    report = facts("collision", CATALOGUE, piloting_a=7, piloting_b=9, clicks_left_a=3,
                               clicks_left_b=5)
    a, b, destroyed_a = {}, {}, 0
    for x1, x2, y1, y2 in itertools.product(range(1, 7), repeat=4):
        ta, tb = x1 + x2, y1 + y2
        da, db = collision_damage(check_fails(ta, 7), check_fails(tb, 9), 2 in (ta, tb),
                                  3, 5, False)
        a[da] = a.get(da, 0) + 1
        b[db] = b.get(db, 0) + 1
        destroyed_a += da >= 3
    assert dist(report, "damage_a") == {k: Fraction(v, 1296) for k, v in a.items()}
    assert dist(report, "damage_b") == {k: Fraction(v, 1296) for k, v in b.items()}
    assert Fraction(report["destroyed_a"]["exact"]) == Fraction(destroyed_a, 1296)
    assert report["serious"]["exact"] == f"{Fraction(71, 1296)}"


def test_a_serious_collision_destroys_the_weaker_plane():
    # both fail (1 click each), then both take clicks until the one with fewer left is gone
    assert collision_damage(True, True, True, 3, 5, fate=False) == (3, 3)
    assert collision_damage(True, True, True, 3, 5, fate=True) == (0, 0)


def test_charlies_air_action_fate_example_leaves_the_natural_six():
    # "Fate": "Charlie Steele's plane has a silhouette value of 4. Her opponent takes a shot
    # at her, rolling 4, 4, 5, and 6 for a total of four hits! ... the 6 hit cannot be
    # prevented by fate. Charlie clicks her plane's combat dial clockwise one click."
    plane = CATALOGUE.get("cs-air-action", "figure", "charlie-steele-fury")
    silhouette = plane.data["base"]["silhouette"]
    assert silhouette == 4
    assert count_hits([4, 4, 5, 6], silhouette) == 4
    assert count_hits([4, 4, 5, 6], silhouette, defensive_fate=True) == 1


def test_throttling_two_clicks_costs_a_click_on_a_failed_check():
    # "Set Throttle": "If the pilot check fails ... give the plane 1 click of damage."
    report = facts("pilot_check", CATALOGUE, piloting=7, purpose="throttle_two")
    assert dist(report, "damage") == {0: Fraction(21, 36), 1: Fraction(15, 36)}
    assert report["success"]["exact"] == "7/12"


def test_a_critical_failure_of_2_fails_even_a_piloting_value_of_2():
    # "Collisions with Other Planes": "a critical failure (a roll with a total of 2)".
    report = facts("pilot_check", CATALOGUE, piloting=2, purpose="redline")
    assert report["success"]["exact"] == "35/36"
    assert report["critical_failure"]["exact"] == "1/36"


def test_a_fated_serious_collision_between_two_planes_is_avoided_completely():
    # "Fate": "If only two planes were involved in the collision, the collision is
    # completely avoided" -- only a serious collision (a 2 rolled) can be fated away.
    report = facts("collision", CATALOGUE, piloting_a=13, piloting_b=13, clicks_left_a=1,
                               clicks_left_b=1, fate_a=True)
    # every check fails against 13; the 71 serious pairs of 1296 cost nothing at all
    assert dist(report, "damage_a") == {0: Fraction(71, 1296), 1: Fraction(1225, 1296)}
    assert report["serious"]["exact"] == f"{Fraction(71, 1296)}"
