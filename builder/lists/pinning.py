"""Which stored pack versions a list is checked against.

A list is pinned to the versions ``content.catalogues`` resolves for it: those its document
names, and the published version of every other pack of the systems it can refer to; the clix
games refer to each other's figures (an Ace flying a plane), so they share their packs.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping
from typing import Any

from django.db.models import F, Q

from builder.core.errors import ApplicationError, ErrorCode
from builder.engine import SYSTEMS, BadDocument, bad_document_error, system_module
from content import catalogues
from content.models import ContentPackVersion


def systems_for(system: str) -> tuple[str, ...]:
    """``system`` and the systems whose records its lists may name, as the engine declares
    them (``related``); a system the engine does not know stands alone."""
    if system not in SYSTEMS:
        return (system,)
    return (system, *system_module(system).related)


def current_versions(system: str) -> list[ContentPackVersion]:
    """The published version of every pack of ``system`` and its related systems."""
    return list(
        ContentPackVersion.objects.filter(
            pack__system__slug__in=systems_for(system), version=F("pack__version")
        ).select_related("pack")
    )


def pins_for_document(document: Mapping[str, Any]) -> list[ContentPackVersion]:
    """The versions a new list is pinned to: those ``content.catalogues.resolve`` checks it
    against, for the packs it names and the packs of its own and related systems.

    Raises:
        ApplicationError: ``bad_document`` at ``$.content`` for a malformed pin or one that
            is not stored; ``no_content`` when no pack of the system is loaded.
    """
    try:
        named = catalogues.read_pins(document)
        versions = catalogues.resolve(document).versions
    except BadDocument as exc:
        raise bad_document_error(exc) from exc
    wanted = Q(pk__in=[])
    for pack_id, version in versions.items():
        wanted |= Q(pack__pack_id=pack_id, version=version)
    pins = [
        v
        for v in ContentPackVersion.objects.filter(wanted).select_related("pack", "pack__system")
        if v.pack.pack_id in named or v.pack.system.slug in systems_for(document["system"])
    ]
    if not pins:
        raise ApplicationError(
            code=ErrorCode.NO_CONTENT,
            message=f"No content pack is loaded for {document['system']}.",
            details=[{"path": "$.system", "field": "system", "message": "no pack loaded"}],
        )
    return sorted(pins, key=lambda v: v.pack.pack_id)


def versions_map(pins: Iterable[ContentPackVersion]) -> dict[str, str]:
    return {v.pack.pack_id: v.version for v in pins}


def content_refs(pins: Iterable[ContentPackVersion]) -> list[dict[str, str]]:
    """The ``content`` value of a document pinned to ``pins``."""
    return [{"pack": p, "version": v} for p, v in sorted(versions_map(pins).items())]


def pinned_document(
    document: Mapping[str, Any], pins: Iterable[ContentPackVersion]
) -> dict[str, Any]:
    """A copy of ``document`` whose ``content`` names exactly the pinned versions."""
    doc = copy.deepcopy(dict(document))
    refs = content_refs(pins)
    doc["content"] = refs[0] if len(refs) == 1 else refs
    return doc
