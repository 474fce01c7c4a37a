"""The engine's game-table parts, for ``builder.play``: server dice, the game log's entries
and replay, and the figures' live state (all pure, in ``rules_engine``)."""

from rules_engine.fair_dice import SCHEME as DICE_SCHEME
from rules_engine.fair_dice import commitment, new_seed
from rules_engine.game_log import CORRECTION, GENESIS, correction_at, entry_at, server_rolls, verify
from rules_engine.game_log import FORMAT as LOG_FORMAT
from rules_engine.table_state import applied, check_roles, table_figures, undone

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
    "new_seed",
    "server_rolls",
    "table_figures",
    "undone",
    "verify",
]
