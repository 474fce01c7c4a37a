"""Black Skies fighters are designs built from tables: nothing a collection fields."""

from builder.games.collections import NOTHING_TO_COLLECT

COLLECTION = NOTHING_TO_COLLECT
