"""Work the pages ask of the engine: odds queries read from a form."""

from __future__ import annotations

from typing import Any

from rules_engine.catalogue import Catalogue
from rules_engine.errors import BadDocument


def list_check(*, catalogue: Catalogue, doc: dict[str, Any]) -> dict[str, Any]:
    """The engine's verdict on a list being built, as plain data; a document the engine
    cannot read comes back as errors at their JSON paths rather than an exception."""
    from rules_engine import check

    try:
        verdict = check(catalogue, doc)
    except BadDocument as exc:
        return {
            "legal": False,
            "points": None,
            "limit": doc.get("points_limit") if isinstance(doc.get("points_limit"), int) else None,
            "violations": [
                {"code": "bad-document", "message": e.message, "path": e.path, "severity": "error"}
                for e in exc.errors
            ],
            "breakdown": {},
            "house_rules": {},
        }
    return verdict.to_dict()
