"""The dice procedures of this system's book, resolved by the rules for a game table
(``rules_engine.resolve``)."""

from __future__ import annotations

from rules_engine.procedures import Procedure

PROCEDURES: tuple[Procedure, ...] = ()
