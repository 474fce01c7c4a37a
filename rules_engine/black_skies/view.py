"""The Black Skies content as the engine reads it, names as printed in the book."""

from __future__ import annotations

from typing import Any

from rules_engine.black_skies.book import SYSTEM
from rules_engine.catalogue import Catalogue


def catalogue_view(catalogue: Catalogue) -> dict[str, Any]:
    """Every black-skies record by type, in the pack's shape (``python -m rules_engine
    catalogue black-skies``)."""
    return {
        "system": SYSTEM,
        "packs": catalogue.pack_versions(SYSTEM),
        "types": {t: [r.to_dict() for r in catalogue.records(SYSTEM, t).values()]
                  for t in catalogue.types(SYSTEM)},
    }
