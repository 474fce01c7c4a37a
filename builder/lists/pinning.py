"""Which stored pack versions a list is checked against.

A list is pinned to the versions its document names (when they are stored) and to the
currently published version of every other pack of the systems it can refer to; the clix
games refer to each other's figures (an Ace flying a plane), so they share their packs.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping
from typing import Any

from django.db.models import F

from builder.core.errors import ApplicationError
from content.models import ContentPackVersion

RELATED_SYSTEMS: dict[str, tuple[str, ...]] = {
    "cs-air-action": ("cs-air-action", "cs-aces"),
    "cs-aces": ("cs-aces", "cs-air-action"),
}


def systems_for(system: str) -> tuple[str, ...]:
    return RELATED_SYSTEMS.get(system, (system,))


def named_versions(document: Mapping[str, Any]) -> dict[str, str]:
    """The pack versions a document names in ``content`` (a pack ref or a list of them)."""
    content = document.get("content")
    refs = content if isinstance(content, list) else [content] if content else []
    return {r["pack"]: r["version"] for r in refs if isinstance(r, Mapping)}


def current_versions(system: str) -> list[ContentPackVersion]:
    """The published version of every pack of ``system`` and its related systems."""
    return list(
        ContentPackVersion.objects.filter(
            pack__system__slug__in=systems_for(system), version=F("pack__version")
        ).select_related("pack")
    )


def pins_for_document(document: Mapping[str, Any]) -> list[ContentPackVersion]:
    """The versions a new list is pinned to; a named version that is not stored is refused."""
    named = named_versions(document)
    pins = {v.pack.pack_id: v for v in current_versions(document["system"])}
    if named:
        stored = {
            (v.pack.pack_id, v.version): v
            for v in ContentPackVersion.objects.filter(pack__pack_id__in=named).select_related(
                "pack"
            )
        }
        missing = [(p, v) for p, v in named.items() if (p, v) not in stored]
        if missing:
            raise ApplicationError(
                code="unknown_pack_version",
                message="The list names pack versions that are not loaded here.",
                details=[
                    {
                        "path": "$.content",
                        "field": "content",
                        "message": f"no pack {pack} version {version} is loaded",
                    }
                    for pack, version in missing
                ],
            )
        for (pack_id, _version), row in stored.items():
            if named.get(pack_id) == row.version:
                pins[pack_id] = row
    if not pins:
        raise ApplicationError(
            code="no_content",
            message=f"No content pack is loaded for {document['system']}.",
            details=[{"path": "$.system", "field": "system", "message": "no pack loaded"}],
        )
    return sorted(pins.values(), key=lambda v: v.pack.pack_id)


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
