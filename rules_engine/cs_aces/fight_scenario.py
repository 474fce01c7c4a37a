"""What an Aces fight abstracts away (the map, lines of fire, movement) and the chances
standing in for it. Every value is stated back in the simulation's output."""

from __future__ import annotations

from rules_engine.clix.scenario import Param

SCENARIO = {
    "max_turns": Param(60, "time limit: the game ends after this many turns (one action "
                           "each)", "turns"),
    "adjacent": Param(0.35, "chance the acting character ends its move adjacent to an "
                            "enemy and makes a close combat attack"),
    "in_range": Param(0.45, "otherwise, chance it has a clear line of fire to enemies in "
                            "range (range > 0) and makes a ranged attack"),
    "hindering": Param(0.25, "chance a ranged attack's line of fire crosses hindering "
                             "terrain (+1 defense)"),
    "capture": Param(0.2, "chance a close combat attack is declared as a capture attempt "
                          "(when the attacker has no captive)"),
    "fate": Param("defensive", "how Aces use fate, once per turn: offensive (fate dice on "
                               "attacks and escapes), defensive (against an attack with hits "
                               "other than natural sixes) or none",
                  "choice", ("offensive", "defensive", "none")),
    "cap_before_modifiers": Param(False, "cap a defense at 6 before adding the hindering "
                                         "terrain +1 (defense 6 behind hindering terrain "
                                         "cannot be hit); false caps the modified defense, "
                                         "so a 6 always hits", "flag"),
}
