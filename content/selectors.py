"""Reads from the catalogue."""

from __future__ import annotations

from typing import Any

from django.db.models import F, Q

from content.models import Ability, ContentPackVersion
from rules_engine.catalogue import Catalogue, build_catalogue


def ability_colours(system_id: int, kind: str | None = None) -> dict[str, dict[str, Any]]:
    """Ability stable id -> its name and display colour, for colour-keyed dial values
    (only abilities of ``kind`` when given, e.g. the speed effects of a speed dial)."""
    abilities = Ability.objects.filter(system_id=system_id)
    if kind is not None:
        abilities = abilities.filter(kind=kind)
    return {
        stable_id: {"name": name, "colour": (data or {}).get("colour")}
        for stable_id, name, data in abilities.values_list("stable_id", "name", "data")
    }


def catalogue_for_packs(versions: dict[str, str] | None = None) -> Catalogue:
    """The engine's catalogue from the stored pack documents, in one query.

    ``versions`` maps pack ids to the versions a saved list was built against; without it,
    the currently published version of every pack. Snapshots are cached by checksum, so the
    same versions give the same catalogue as the CLI reading the files.
    """
    if versions is None:
        rows = ContentPackVersion.objects.filter(version=F("pack__version"))
    else:
        wanted = Q()
        for pack_id, version in versions.items():
            wanted |= Q(pack__pack_id=pack_id, version=version)
        rows = (
            ContentPackVersion.objects.filter(wanted)
            if versions
            else ContentPackVersion.objects.none()
        )
    return build_catalogue(rows.values_list("document", flat=True))
