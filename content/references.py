"""Which catalogue records refer to which: what may not be dropped, moved or deleted.

A record names another by its stable id inside its document (``REFERENCES`` lists every
such place, read from the record schemas and the engine's readers). A record that others
refer to cannot disappear while they do: the pack loader and the admin show the list of
referrers (record and JSON path) and refuse.

Finding referrers takes one query per referring record type, whatever the number of
records asked about.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from content.models import RECORD_MODELS, CatalogueRecord, GameSystem


@dataclass(frozen=True)
class Reference:
    """Records of type ``referrer`` name a ``target`` record at ``path`` of their data.

    ``path`` is a JSON path below ``$.data``: ``[*]`` is every item of an array and ``.*``
    every value of an object. ``system`` set means the value is ``"<system>/<id>"``, a
    record of that other system; otherwise it is an id in the referrer's own system.
    """

    referrer: str
    path: str
    target: str
    system: str | None = None


REFERENCES: tuple[Reference, ...] = (
    Reference("figure", "$.release", "release"),
    Reference("figure", "$.combat_dial", "combat_dial"),
    Reference("figure", "$.speed_dial", "speed_dial"),
    Reference("figure", "$.ace_cards[*]", "navigation_card"),
    Reference("figure", "$.ace", "figure", system="cs-aces"),
    Reference("navigation_card", "$.ace", "figure"),
    Reference("combat_dial", "$.clicks[*].colours.*", "ability"),
    Reference("speed_dial", "$.speeds[*].effects[*]", "ability"),
    Reference("archetype", "$.special[*]", "ability"),
    Reference("archetype", "$.qualities.*.special[*]", "ability"),
    Reference("archetype", "$.skills[*].skill", "ability"),
    Reference("ability", "$.requires[*]", "ability"),
    Reference("ability", "$.part_of", "ability"),
    Reference("ability", "$.shot.traits[*]", "ability"),
    Reference("ability", "$.not_for_weights[*]", "fighter_weight"),
    Reference("ability", "$.maneuvers[*]", "maneuver"),
    Reference("weapon", "$.traits[*]", "ability"),
    Reference("weapon", "$.requires", "weapon"),
    Reference("maneuver", "$.thruster", "ability"),
    Reference("table", "$.design.weight", "fighter_weight"),
    Reference("table", "$.design.thrusters[*]", "ability"),
    Reference("table", "$.design.armour", "ability"),
    Reference("table", "$.design.weapons[*].weapon", "weapon"),
)

Target = tuple[str, str, str]
"""(record type, system slug, stable id) of a record that may be referred to."""


def _steps(path: str) -> list[str]:
    return path[1:].replace("[*]", ".[*]").strip(".").split(".")


def _walk(value: Any, steps: Sequence[str], at: str) -> Iterator[tuple[str, Any]]:
    if not steps:
        yield at, value
        return
    step, rest = steps[0], steps[1:]
    if step == "[*]":
        if isinstance(value, list):
            for i, item in enumerate(value):
                yield from _walk(item, rest, f"{at}[{i}]")
    elif step == "*":
        if isinstance(value, dict):
            for key, item in value.items():
                yield from _walk(item, rest, f"{at}.{key}")
    elif isinstance(value, dict) and step in value:
        yield from _walk(value[step], rest, f"{at}.{step}")


def references_in(record_type: str, system: str, data: Any) -> Iterator[tuple[str, Target]]:
    """Every (JSON path, target) the document ``data`` of a ``record_type`` record names."""
    for ref in REFERENCES:
        if ref.referrer != record_type:
            continue
        for at, value in _walk(data, _steps(ref.path), "$.data"):
            if not isinstance(value, str) or not value:
                continue
            if ref.system is not None:
                target_system, _, stable_id = value.partition("/")
                if target_system != ref.system or not stable_id:
                    continue
                yield at, (ref.target, target_system, stable_id)
            else:
                yield at, (ref.target, system, value)


def missing_references(record_type: str, system: str, data: Any) -> list[str]:
    """``$.path: no <type> '<id>' in <system>`` for each record of its own system that the
    document ``data`` names and the catalogue does not hold; one query per record type named.

    A link to another game (an Air Action plane's Aces pilot) is not required: each game's
    packs load on their own."""
    named: dict[str, list[tuple[str, Target]]] = {}
    for at, target in references_in(record_type, system, data):
        if target[1] == system:
            named.setdefault(target[0], []).append((at, target))
    missing = []
    for target_type, refs in named.items():
        held = set(
            RECORD_MODELS[target_type]
            .objects.filter(system__slug=system, stable_id__in={t[2] for _, t in refs})
            .values_list("stable_id", flat=True)
        )
        missing += [
            f"${at.removeprefix('$.data')}: no {t[0]} {t[2]!r} in {system}"
            for at, t in refs
            if t[2] not in held
        ]
    return missing


def _describe(record_type: str, stable_id: str, pack: str, at: str, target: Target) -> str:
    return f"{record_type} {stable_id!r} (pack {pack}) refers to {target[0]} {target[2]!r} at {at}"


def target_referrers(
    targets: Iterable[Target],
    exclude_packs: Iterable[str] = (),
    exclude_records: Iterable[Target] = (),
) -> list[str]:
    """Each stored record that names one of ``targets``, with where, for a person to find it.

    Records of ``exclude_packs`` (being replaced) and ``exclude_records`` (going too) do not
    count.
    """
    wanted = set(targets)
    if not wanted:
        return []
    skip_packs = list(exclude_packs)
    skip = set(exclude_records)
    types = {t[0] for t in wanted}
    systems = {t[1] for t in wanted}
    found = []
    referrers = sorted({r.referrer for r in REFERENCES if r.target in types})
    for referrer in referrers:
        cross = any(r.system for r in REFERENCES if r.referrer == referrer and r.target in types)
        rows = RECORD_MODELS[referrer].objects.exclude(pack__pack_id__in=skip_packs)
        if not cross:
            rows = rows.filter(system__slug__in=sorted(systems))
        for stable_id, system, pack, data in rows.order_by("stable_id").values_list(
            "stable_id", "system__slug", "pack__pack_id", "data"
        ):
            if (referrer, system, stable_id) in skip:
                continue
            for at, target in references_in(referrer, system, data):
                if target in wanted:
                    found.append(_describe(referrer, stable_id, pack, at, target))
    return found


def document_referrers(
    docs: Iterable[tuple[str, dict[str, Any]]], targets: Iterable[Target]
) -> list[str]:
    """Each record of the pack documents ``docs`` (file name, pack) naming one of ``targets``."""
    wanted = set(targets)
    found = []
    for name, doc in docs:
        for i, rec in enumerate(doc.get("records", [])):
            for at, target in references_in(rec["type"], doc["system"], rec.get("data")):
                if target in wanted:
                    found.append(
                        f"{rec['type']} {rec['id']!r} ({name} $.records[{i}]) refers to "
                        f"{target[0]} {target[2]!r} at {at}"
                    )
    return found


def record_referrers(
    model: type[CatalogueRecord],
    records: Iterable[CatalogueRecord],
    exclude_packs: Iterable[str] = (),
) -> list[str]:
    """Each record that refers to one of ``records``, described for a person to find it.

    The ``records`` themselves do not count: deleting records that only refer to each
    other leaves nothing pointing at nothing.
    """
    records = list(records)
    slugs = dict(
        GameSystem.objects.filter(pk__in={r.system_id for r in records}).values_list("pk", "slug")
    )
    targets = [(model.RECORD_TYPE, slugs[r.system_id], r.stable_id) for r in records]
    return target_referrers(targets, exclude_packs=exclude_packs, exclude_records=targets)
