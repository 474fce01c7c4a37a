"""What an Air Action fight abstracts away (movement, arcs, ranges) and the chances standing in
for it. Every value is stated back in the simulation's output."""

from __future__ import annotations

from rules_engine.clix.scenario import Param
from rules_engine.cs_air_action.settings import (
    ACE_SHOTS_ROLL,
    CRITICAL_FAILURE_READINGS,
    EVERY_CHECK,
)

SCENARIO = {
    "max_turns": Param(12, "time limit: the game ends after this many turns", "turns"),
    "in_range": Param(0.5, "chance a plane ends its move with an enemy inside its front arc "
                           "and range, and so takes its front shot"),
    "rear_shot": Param(0.3, "chance a plane with a non-0 rear gunnery value also has an enemy "
                            "in its rear arc and range, and takes its rear shot"),
    "rear_arc": Param(0.2, "chance a shooter sits wholly inside its target's rear arc (+1 die)"),
    "point_blank": Param(0.2, "chance the target is within one movement marker "
                              "(silhouette -1)"),
    "redline": Param(0.1, "chance each turn that a plane's current speed exceeds its maximum "
                          "speed, calling for a pilot check (failure: 1 click)"),
    "collision": Param(0.02, "chance each turn that a plane ends its move overlapping a random "
                             "enemy plane (both pilots check; a 2 is a serious collision)"),
    "fate": Param("defensive", "how Aces use fate, once per turn: offensive (fate dice on "
                               "their first shot), defensive (against a shot with hits other "
                               "than natural sixes, and to avoid serious collisions) or none",
                  "choice", ("offensive", "defensive", "none")),
    "targeting": Param("weakest", "which enemy a shooter picks: weakest (fewest clicks left) "
                                  "or random", "choice", ("weakest", "random")),
    "victory_points_include_ace": Param(False, "count an Ace pilot's points in the plane's "
                                               "point value for victory points", "flag"),
    "ace_shots_roll": Param("plane_gunnery", "what an Ace pilot's front shots roll: "
                                             "plane_gunnery (the plane's front gunnery) or "
                                             "ace_attack (the attack value on the Ace's combat "
                                             "dial, which only fate clicks)",
                            "choice", ACE_SHOTS_ROLL),
    "critical_failure": Param(EVERY_CHECK, "a pilot check totalling 2 fails every check "
                                           "(every-check) or only in collisions, where the "
                                           "book states it (collisions-only): redlining "
                                           "checks then fail only below the piloting value",
                              "choice", CRITICAL_FAILURE_READINGS),
}
