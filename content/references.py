"""Which catalogue records refer to which: what may not be dropped, moved or deleted.

A figure names its release and dials by stable id in its document, and the loader keeps a
foreign key beside each for the admin. A record that figures refer to cannot disappear while
they do: the caller shows the list below and refuses.
"""

from __future__ import annotations

from collections.abc import Iterable

from content.models import CatalogueRecord, CombatDial, Figure, Release, SpeedDial

REFERENCED_BY_FIGURES: dict[type[CatalogueRecord], str] = {
    Release: "release",
    CombatDial: "combat_dial",
    SpeedDial: "speed_dial",
}
"""Model -> the figure field that refers to it."""


def record_referrers(
    model: type[CatalogueRecord],
    records: Iterable[CatalogueRecord],
    exclude_packs: Iterable[str] = (),
) -> list[str]:
    """Each record that refers to one of ``records``, described for a person to find it."""
    field = REFERENCED_BY_FIGURES.get(model)
    records = list(records)
    if field is None or not records:
        return []
    by_system: dict[int, list[str]] = {}
    for rec in records:
        by_system.setdefault(rec.system_id, []).append(rec.stable_id)
    found = []
    for system_id, stable_ids in by_system.items():
        referrers = (
            Figure.objects.filter(system_id=system_id)
            .filter(**{f"{field}__stable_id__in": stable_ids})
            .exclude(pack__pack_id__in=list(exclude_packs))
            .select_related("pack", field)
            .order_by("stable_id")
        )
        for figure in referrers:
            target = getattr(figure, field)
            found.append(
                f"figure {figure.stable_id!r} (pack {figure.pack.pack_id}) "
                f"refers to {field} {target.stable_id!r}"
            )
    return found
