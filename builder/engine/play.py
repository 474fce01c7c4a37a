"""The engine's game-table parts, for ``builder.play``: server dice, the game log's entries
and replay, the figures' live state and what each shows, and the turn's phases (all pure,
in ``rules_engine``)."""

from rules_engine.fair_dice import SCHEME as DICE_SCHEME
from rules_engine.fair_dice import commitment, new_seed
from rules_engine.game_log import CORRECTION, GENESIS, correction_at, entry_at, server_rolls, verify
from rules_engine.game_log import FORMAT as LOG_FORMAT
from rules_engine.table_state import applied, check_roles, table_figures, undone
from rules_engine.table_views import figure_view
from rules_engine.turns import next_phase, phase, phases, repeat

__all__ = [
    "CORRECTION",
    "DICE_SCHEME",
    "GENESIS",
    "LOG_FORMAT",
    "applied",
    "check_roles",
    "commitment",
    "correction_at",
    "entry_at",
    "figure_view",
    "new_seed",
    "next_phase",
    "phase",
    "phases",
    "repeat",
    "server_rolls",
    "table_figures",
    "undone",
    "verify",
]
