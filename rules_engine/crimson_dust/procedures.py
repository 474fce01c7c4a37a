"""Crimson Dust's dice procedures, resolved by the rules for a game table
(``rules_engine.resolve``).

Subjects and fields of the changes (what a figure's live state holds):

- ``model`` (the one taking a test): ``banked_scores`` (scores saved by a cumulative test),
  ``stunned`` (False once recovered), ``dc`` (+1 regenerated), ``wound`` (its severity),
  ``gone_to_ground``, ``fell`` (True: it falls from its height).
- ``attacker`` (the shooter): ``out_of_ammo`` (the weapon id that ran out),
  ``ammo_cleared`` (the weapon id usable again), ``free_target`` (True: may shoot at any
  target in sight).
- ``target`` (the model shot at or hit): ``dc`` (delta, Dc lost), ``killed``, ``wound``
  (``minor``, ``major``, ``critical``), ``pinned``, ``suppressed``, ``gone_to_ground``,
  ``reaction`` (``move-to-cover``, ``return-fire``, ``move-through-cover``, ``advance``),
  ``activates_next`` (play passes to it).
- ``leader``: ``activates`` (how many other models activate with it), ``confused``.

The readings of the book the procedures play are docs/rulings/crimson-dust-engine.md.
"""

from __future__ import annotations

from rules_engine.crimson_dust.procedures_harm import MORALE_TEST, WOUND
from rules_engine.crimson_dust.procedures_melee import MELEE_ROUND
from rules_engine.crimson_dust.procedures_shot import SHOT
from rules_engine.crimson_dust.procedures_tests import SKILL_TEST_PROCEDURE, TESTS
from rules_engine.procedures import Procedure

PROCEDURES: tuple[Procedure, ...] = (
    SKILL_TEST_PROCEDURE,
    SHOT,
    WOUND,
    MORALE_TEST,
    MELEE_ROUND,
    *TESTS,
)
