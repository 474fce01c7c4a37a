"""A list document checked against its resolved catalogue: what pages and printing show."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import rules_engine
from builder.engine.errors import bad_document_error
from content import catalogues
from rules_engine import BadDocument, Catalogue, Verdict


@dataclass(frozen=True)
class CheckedList:
    """A document, the engine's verdict on it, and the catalogue and pack versions used."""

    document: Mapping[str, Any]
    verdict: Verdict
    catalogue: Catalogue
    versions: dict[str, str]

    def verdict_json(self) -> dict[str, Any]:
        """The verdict exactly as ``python -m rules_engine check`` prints it."""
        return _as_json(self.verdict.to_dict())

    def cost_json(self) -> dict[str, Any]:
        """The price exactly as ``python -m rules_engine cost`` prints it."""
        verdict = self.verdict
        return _as_json(
            {"points": verdict.points, "limit": verdict.limit, "breakdown": verdict.breakdown}
        )


def _as_json(value: dict[str, Any]) -> dict[str, Any]:
    """What the CLI prints is JSON; the same round trip makes tuples lists, keys strings."""
    out: dict[str, Any] = json.loads(json.dumps(value, ensure_ascii=False))
    return out


def checked_list(catalogue: Catalogue, document: Mapping[str, Any]) -> CheckedList:
    """``document`` checked against a catalogue already resolved (or read from pack files).

    Raises:
        BadDocument: the engine cannot read the document.
    """
    verdict = rules_engine.check(catalogue, document)
    return CheckedList(document, verdict, catalogue, catalogue.pack_versions())


def verdict_of(catalogue: Catalogue, document: Mapping[str, Any]) -> Verdict:
    """The engine's verdict on a part of a list (a squadron's fighter design)."""
    return checked_list(catalogue, document).verdict


def _checked(document: Mapping[str, Any], resolved: catalogues.Resolved, root: str) -> CheckedList:
    try:
        verdict = checked_list(resolved.catalogue, document).verdict
    except BadDocument as exc:
        raise bad_document_error(exc, root) from exc
    return CheckedList(document, verdict, resolved.catalogue, resolved.versions)


def list_checked(
    document: Mapping[str, Any],
    *,
    root: str = "$",
    resolved: catalogues.Resolved | None = None,
) -> CheckedList:
    """``document`` checked by the one catalogue policy (``content.catalogues.resolve``);
    ``resolved`` is that policy's answer for this document when the caller has it already.

    Raises:
        ApplicationError: 400 ``bad_document`` naming every wrong path, ``$.content`` for a
            pin that is not stored.
    """
    if resolved is None:
        try:
            resolved = catalogues.resolve(document)
        except BadDocument as exc:
            raise bad_document_error(exc, root) from exc
    return _checked(document, resolved, root)


def list_checked_against(
    document: Mapping[str, Any], versions: Mapping[str, str], *, root: str = "$"
) -> CheckedList:
    """``document`` checked against exactly these stored pack versions (a saved list's)."""
    try:
        resolved = catalogues.resolve_versions(versions)
    except BadDocument as exc:
        raise bad_document_error(exc, root) from exc
    return _checked(document, resolved, root)
