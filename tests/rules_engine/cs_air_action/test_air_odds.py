"""Air Action shot and pilot check odds ("Combat", "Firing Arcs", "Fate", "Pilot Checks",
"Collisions with Other Planes", "Obstacles") against enumeration and the book's examples."""

import itertools
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from rules_engine import load_catalogue
from rules_engine.cs_air_action import ODDS
from rules_engine.cs_air_action.collisions import check_fails, collision_damage

CATALOGUE = load_catalogue()


def dist(report, key="hits"):
    return {int(k): Fraction(v["exact"]) for k, v in report[key]["distribution"].items()}


def enumerate_hits(dice, need):
    out = {}
    for faces in itertools.product(range(1, 7), repeat=dice):
        h = sum(f >= need for f in faces)
        out[h] = out.get(h, 0) + 1
    return {k: Fraction(v, 6**dice) for k, v in out.items()}


def test_loyles_offensive_fate_rolls_six_dice_against_silhouette_5():
    report = ODDS["shot"](CATALOGUE, dice=3, fate=3, silhouette=5)
    assert (report["dice"], report["target_number"]) == (6, 5)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 4), st.integers(1, 8), st.booleans(), st.booleans())
def test_shot_matches_enumeration(gunnery, silhouette, rear_arc, point_blank):
    report = ODDS["shot"](CATALOGUE, dice=gunnery, silhouette=silhouette, rear_arc=rear_arc,
                          point_blank=point_blank)
    need = max(1, min(6, silhouette - point_blank))
    assert dist(report) == enumerate_hits(gunnery + rear_arc, need)


def test_point_blank_is_applied_before_the_cap_of_6():
    assert ODDS["shot"](CATALOGUE, dice=2, silhouette=8, point_blank=True)["target_number"] == 6
    assert ODDS["shot"](CATALOGUE, dice=2, silhouette=6, point_blank=True)["target_number"] == 5


def test_speed_effects_of_the_shooters_dial_apply():
    # Charlie's Fury shows a front gunnery -1 effect at one speed of its (sample) dial.
    dial = CATALOGUE.get("cs-air-action", "speed_dial", "charlie-steele-fury-speed")
    speed = next(r["speed"] for r in dial.data["speeds"] if "sample-shaky-aim" in r["effects"])
    plain = ODDS["shot"](CATALOGUE, shooter="charlie-steele-fury", silhouette=4)
    report = ODDS["shot"](CATALOGUE, shooter="charlie-steele-fury", speed=speed, silhouette=4)
    assert report["dice"] == plain["dice"] - 1
    assert report["speed_effects"] == ["Shaky Aim (sample)"]


def test_defensive_fate_leaves_only_natural_sixes():
    report = ODDS["defensive_fate"](CATALOGUE, dice=4, silhouette=4)
    assert dist(report, "with_fate") == enumerate_hits(4, 6)
    assert dist(report, "without_fate") == enumerate_hits(4, 4)


def test_pilot_check_and_redlining():
    report = ODDS["pilot_check"](CATALOGUE, piloting=8, purpose="redline")
    assert report["success"]["exact"] == "5/12"  # 15 of 36 totals reach 8
    assert dist(report, "damage") == {0: Fraction(5, 12), 1: Fraction(7, 12)}
    assert report["critical_failure"]["exact"] == "1/36"


def test_obstacle_failure_costs_the_current_speed():
    report = ODDS["pilot_check"](CATALOGUE, piloting=7, purpose="obstacle", current_speed=5)
    assert dist(report, "damage") == {1: Fraction(21, 36), 5: Fraction(15, 36)}


def test_collision_matches_enumeration_of_both_checks():
    report = ODDS["collision"](CATALOGUE, piloting_a=7, piloting_b=9, clicks_left_a=3,
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
