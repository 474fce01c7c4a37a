"""cs-hex planes are designs built from mass tables: nothing a collection fields."""

from builder.games.collections import NOTHING_TO_COLLECT

COLLECTION = NOTHING_TO_COLLECT
