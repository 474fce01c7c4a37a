"""The dice procedures of this system's book, resolved by the rules for a game table
(``rules_engine.resolve``).

``pilot-check`` (Piloting Check, Maneuvers), ``volley`` and ``damage`` (Combat, Weapons,
Armour, Shields) and ``crippling`` (Combat). The subjects are ``fighter`` (the one piloting,
or the one checked for crippling) and ``target`` (the one hit); the fields:

- ``fighter.failed_check`` (True): its pilot failed a check; later ones this turn are doubled.
- ``fighter.may_fire`` (False): out of control, it may not fire this turn.
- ``fighter.speed`` (the new speed, after the Movement Penalty): the element's d12, which the
  wingman shares (a lead's check gives it; a wingman's gives none).
- ``target.hull`` (delta, negative): damage off the target's fighter weight die.
- ``target.crippled`` / ``fighter.crippled`` (True or False), ``target.destroyed`` (True).

``failed_check`` and ``may_fire`` hold for the turn: the table clears them when it ends.
"""

from __future__ import annotations

from rules_engine.black_skies.procedures_combat import CRIPPLING, DAMAGE, VOLLEY
from rules_engine.black_skies.procedures_piloting import PILOT_CHECK
from rules_engine.procedures import Procedure

PROCEDURES: tuple[Procedure, ...] = (PILOT_CHECK, VOLLEY, DAMAGE, CRIPPLING)
