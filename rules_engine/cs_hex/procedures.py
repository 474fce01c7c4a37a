"""The dice procedures of the hex-map rules (seed 004), resolved by the rules for a game
table (``rules_engine.resolve``).

Every roll is a d10 equal to or above a target built from the pack's check formulas (the
odds queries read the same records), except the spin's facing (d6) and the collision test
(matching d10s). A conditional roll is its own procedure: a failed landing's d10 is
``landing-failure``, the spinning plane's facing ``spin-facing``, the area and column of a
hit ``hit-location`` after ``to-hit``.

Subjects of the changes, the roles the parameters name: ``pilot`` (the character rolling),
``plane`` (his plane), ``attacker`` and ``target`` (the shooter and the plane shot at, or
the rammer and the rammed), ``plane-1``, ``plane-2`` ... (the planes of a collision test, in
the order their dice are given). Fields of a figure's live state:

- true/false: ``random_movement``, ``spinning``, ``straight_next_turn``, ``landed``,
  ``destroyed``, ``bailed_out``, ``beacon_marked``, ``nose_guns_destroyed``, ``can_attack``;
- values: ``speed``, ``facing`` (A-F), ``engine`` (``damaged`` or ``destroyed``),
  ``smoking`` and ``shocked`` (turns left), ``must_bail_out`` (the base difficulty of a
  jump the pilot must make), ``burning.<area>.<column>`` (turns the column still burns);
- counts, by ``delta``: ``cracks.<area>``, ``shaded.<area>.<column>`` (squares shaded on
  the damage schematic), ``jammed_guns``, ``wings_torn_off``, ``constitution``,
  ``successful_jumps``, ``spin_turns`` and ``turns_to_doom`` (both set when a spin starts,
  ``spin_turns`` reset to 0 when it ends);
- ``<area>`` is one of the six armour areas: ``nose``, ``right-wing-front``,
  ``right-wing-rear``, ``left-wing-front``, ``left-wing-rear``, ``tail``.
"""

from __future__ import annotations

from rules_engine.cs_hex.procedures_effects import PROCEDURES as EFFECTS
from rules_engine.cs_hex.procedures_flight import PROCEDURES as FLIGHT
from rules_engine.cs_hex.procedures_landing import PROCEDURES as LANDING
from rules_engine.cs_hex.procedures_maneuver import PROCEDURES as MANEUVER
from rules_engine.cs_hex.procedures_shooting import PROCEDURES as SHOOTING
from rules_engine.procedures import Procedure

# In the order the book tells them: the movement phase's checks, shooting and its jams, the
# rockets' effects, collisions and ramming, bail out and landing, and the spin last.
_ORDER = (
    "skill-check",
    "tailing",
    "maneuver",
    "to-hit",
    "hit-location",
    "damage",
    "clear-jam",
    "drill-power-check",
    "shock-check",
    "collision",
    "object-collision",
    "ramming",
    "bail-out",
    "landing",
    "landing-failure",
    "spin-recovery",
    "spin-facing",
)
_BY_NAME = {p.name: p for p in (*FLIGHT, *MANEUVER, *SHOOTING, *EFFECTS, *LANDING)}
PROCEDURES: tuple[Procedure, ...] = tuple(_BY_NAME[name] for name in _ORDER)
