"""What changed between two versions of a pack, record by record and field by field, and
which version number that change earns.

Pure Python on two pack documents (no database): the admin's "unpublished changes", the
publication that follows them and the registry's version-to-version pages all read the same
``PackDiff``. The versioning rule (``docs/packs.md``):

- **major** when a record is removed or a price changes (``content.prices``): a saved list
  may stop being legal or change its total;
- **minor** when records are only added;
- **patch** for corrections: any other change of a record or of the pack's envelope.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Literal

from content.engine import child
from content.prices import PRICE_KEYS, holds_price

Bump = Literal["major", "minor", "patch"]
"""Which part of ``MAJOR.MINOR.PATCH`` a change raises."""

ENVELOPE_IGNORED = frozenset({"version", "records"})
"""Pack keys that are not compared as fields: the version is what a diff decides, and the
records are compared one by one."""

PARTS: Mapping[str, tuple[str, ...]] = {"figure": ("combat_dial", "speed_dial")}
"""Keys of a record's data naming records that belong to it alone (a figure's dials): a
part added or removed with its owner, or changed while its owner changed, is one change."""


class _Absent:
    """A value that is not there (a key missing on one side), unlike JSON ``null``."""

    _instance: _Absent | None = None

    def __new__(cls) -> _Absent:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "ABSENT"

    def __bool__(self) -> bool:
        return False


ABSENT: Any = _Absent()
"""``FieldChange.old`` of a value added, ``FieldChange.new`` of a value removed."""


class Kind(StrEnum):
    """How a record differs between the two versions."""

    ADDED = "added"
    REMOVED = "removed"
    CHANGED = "changed"


@dataclass(frozen=True)
class FieldChange:
    """One value that differs: its JSON path inside the record (``$.data.point_value``, or
    inside the pack for an envelope change), before and after (``ABSENT`` when missing on
    that side), and whether it is a price (``content.prices``)."""

    path: str
    old: Any
    new: Any
    is_price: bool

    def to_dict(self) -> dict[str, Any]:
        """JSON for an API: a side that is absent is left out."""
        out: dict[str, Any] = {"path": self.path, "is_price": self.is_price}
        if self.old is not ABSENT:
            out["old"] = self.old
        if self.new is not ABSENT:
            out["new"] = self.new
        return out


@dataclass(frozen=True)
class RecordChange:
    """A record added, removed or changed, named by its name (the new one when renamed).

    ``old`` and ``new`` are the record's documents in each version (``None`` on the side it
    is missing from); ``fields`` lists every value that differs, for a changed record.
    """

    kind: Kind
    type: str
    id: str
    name: str
    old: Mapping[str, Any] | None = None
    new: Mapping[str, Any] | None = None
    fields: tuple[FieldChange, ...] = ()

    @property
    def key(self) -> tuple[str, str]:
        """(type, stable id): what identifies a record within its pack."""
        return (self.type, self.id)

    @property
    def price_changes(self) -> tuple[FieldChange, ...]:
        """The fields that are prices."""
        return tuple(f for f in self.fields if f.is_price)

    @property
    def is_repriced(self) -> bool:
        """Whether a price of this (changed) record differs."""
        return any(f.is_price for f in self.fields)

    def to_dict(self) -> dict[str, Any]:
        """JSON for an API: kind, type, id, name and the changed fields."""
        return {
            "kind": str(self.kind),
            "type": self.type,
            "id": self.id,
            "name": self.name,
            "fields": [f.to_dict() for f in self.fields],
        }


@dataclass(frozen=True)
class Change:
    """One change as a collector makes it: a record, with the parts of it (``PARTS``) that
    changed alongside (a plane entered with its dial is one change)."""

    record: RecordChange
    parts: tuple[RecordChange, ...] = ()

    @property
    def kind(self) -> Kind:
        """The kind of the record the change is about."""
        return self.record.kind


@dataclass(frozen=True)
class PackDiff:
    """Every difference between two documents of one pack, records in (type, id) order."""

    pack_id: str
    old_version: str | None
    new_version: str | None
    added: tuple[RecordChange, ...] = ()
    removed: tuple[RecordChange, ...] = ()
    changed: tuple[RecordChange, ...] = ()
    pack_fields: tuple[FieldChange, ...] = ()
    changes: tuple[Change, ...] = field(default=())

    @property
    def records(self) -> tuple[RecordChange, ...]:
        """Every record that differs, in (type, id) order."""
        return tuple(sorted((*self.added, *self.removed, *self.changed), key=lambda r: r.key))

    @property
    def is_empty(self) -> bool:
        """Whether the two documents hold the same content (versions aside)."""
        return not (self.added or self.removed or self.changed or self.pack_fields)

    @property
    def count(self) -> int:
        """How many changes a collector would count: ``changes``, and the pack's own details
        as one more when they differ."""
        return len(self.changes) + (1 if self.pack_fields else 0)

    @property
    def repriced(self) -> tuple[RecordChange, ...]:
        """The changed records whose price differs."""
        return tuple(r for r in self.changed if r.is_repriced)

    @property
    def bump(self) -> Bump | None:
        """The version part this change raises (the rule above); ``None`` for no change."""
        if self.removed or self.repriced:
            return "major"
        if self.added:
            return "minor"
        if self.changed or self.pack_fields:
            return "patch"
        return None

    def summary(self) -> str:
        """The change in a few words, ``1 record added`` or ``2 records changed (1 price),
        1 removed``: counted as ``changes`` (a figure with its dial is one record)."""
        counts = {kind: sum(1 for c in self.changes if c.kind is kind) for kind in Kind}
        parts = []
        for kind in (Kind.ADDED, Kind.CHANGED, Kind.REMOVED):
            if counts[kind]:
                parts.append(f"{counts[kind]} {kind}")
        if not parts:
            return "the pack's details changed" if self.pack_fields else "no change"
        first, *rest = parts
        number, word = first.split(" ", 1)
        noun = "record" if number == "1" else "records"
        text = ", ".join([f"{number} {noun} {word}", *rest])
        prices = sum(len(r.price_changes) for r in self.changed)
        if prices:
            text += f" ({prices} {'price' if prices == 1 else 'prices'})"
        return text

    def to_dict(self) -> dict[str, Any]:
        """JSON for an API: versions, bump, summary and every record that differs."""
        return {
            "pack": self.pack_id,
            "from": self.old_version,
            "to": self.new_version,
            "bump": self.bump,
            "summary": self.summary(),
            "count": self.count,
            "added": [r.to_dict() for r in self.added],
            "changed": [r.to_dict() for r in self.changed],
            "removed": [r.to_dict() for r in self.removed],
            "pack_fields": [f.to_dict() for f in self.pack_fields],
        }


def next_version(version: str, bump: Bump | None) -> str:
    """The version after ``version`` for a change of this size (``None``: the same one).

    >>> next_version("1.2.3", "minor")
    '1.3.0'
    """
    if bump is None:
        return version
    major, minor, patch = (int(p) for p in version.split("."))
    if bump == "major":
        return f"{major + 1}.0.0"
    if bump == "minor":
        return f"{major}.{minor + 1}.0"
    return f"{major}.{minor}.{patch + 1}"


def diff_packs(old_doc: Mapping[str, Any] | None, new_doc: Mapping[str, Any]) -> PackDiff:
    """Every record added, removed and changed (field by field) from ``old_doc`` to
    ``new_doc``, two documents of one pack (``old_doc`` ``None``: a first version, where
    every record is added)."""
    old = _records(old_doc or {})
    new = _records(new_doc)
    added = tuple(
        _whole(Kind.ADDED, new[k], old=None, new=new[k]) for k in sorted(new.keys() - old)
    )
    removed = tuple(
        _whole(Kind.REMOVED, old[k], old=old[k], new=None) for k in sorted(old.keys() - new)
    )
    changed = []
    for key in sorted(old.keys() & new.keys()):
        fields = tuple(_field_changes(old[key], new[key], "$", priced=False, in_data=False))
        if fields:
            changed.append(
                _whole(Kind.CHANGED, new[key], old=old[key], new=new[key], fields=fields)
            )
    pack_fields: tuple[FieldChange, ...] = ()
    if old_doc is not None:
        pack_fields = tuple(
            _field_changes(
                {k: v for k, v in old_doc.items() if k not in ENVELOPE_IGNORED},
                {k: v for k, v in new_doc.items() if k not in ENVELOPE_IGNORED},
                "$",
                priced=False,
                in_data=False,
            )
        )
    records = [*added, *removed, *changed]
    return PackDiff(
        pack_id=str(new_doc.get("id") or (old_doc or {}).get("id") or ""),
        old_version=(old_doc or {}).get("version"),
        new_version=new_doc.get("version"),
        added=added,
        removed=removed,
        changed=tuple(changed),
        pack_fields=pack_fields,
        changes=_grouped(records, old_doc or {}, new_doc),
    )


def _records(doc: Mapping[str, Any]) -> dict[tuple[str, str], Mapping[str, Any]]:
    return {(r["type"], r["id"]): r for r in doc.get("records", [])}


def _whole(
    kind: Kind,
    record: Mapping[str, Any],
    *,
    old: Mapping[str, Any] | None,
    new: Mapping[str, Any] | None,
    fields: tuple[FieldChange, ...] = (),
) -> RecordChange:
    return RecordChange(
        kind=kind,
        type=record["type"],
        id=record["id"],
        name=str(record.get("name", record["id"])),
        old=old,
        new=new,
        fields=fields,
    )


def _same(a: Any, b: Any) -> bool:
    """Equal as JSON: ``1``, ``1.0`` and ``true`` are three different values."""
    if a is ABSENT or b is ABSENT:
        return a is b
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def _scalars(value: list[Any]) -> bool:
    return all(not isinstance(v, Mapping | list) for v in value)


def _field_changes(
    old: Any, new: Any, path: str, *, priced: bool, in_data: bool
) -> Iterable[FieldChange]:
    """The leaves that differ. Objects are compared key by key and lists of objects item by
    item; a list of plain values (traits, effects) is one value."""
    if _same(old, new):
        return
    if isinstance(old, Mapping) and isinstance(new, Mapping):
        for key in sorted(old.keys() | new.keys()):
            yield from _field_changes(
                old.get(key, ABSENT),
                new.get(key, ABSENT),
                child(path, key),
                priced=priced or (in_data and key in PRICE_KEYS),
                in_data=in_data or (path == "$" and key == "data"),
            )
        return
    if isinstance(old, list) and isinstance(new, list) and not (_scalars(old) and _scalars(new)):
        for i in range(max(len(old), len(new))):
            yield from _field_changes(
                old[i] if i < len(old) else ABSENT,
                new[i] if i < len(new) else ABSENT,
                child(path, i),
                priced=priced,
                in_data=in_data,
            )
        return
    is_price = priced or (in_data and (holds_price(old) or holds_price(new)))
    yield FieldChange(path, old, new, is_price)


def _owners(doc: Mapping[str, Any]) -> dict[tuple[str, str], list[tuple[str, str]]]:
    """Part (type, id) -> the records of ``doc`` that name it as theirs (``PARTS``)."""
    owners: dict[tuple[str, str], list[tuple[str, str]]] = {}
    for rec in doc.get("records", []):
        data = rec.get("data")
        for part_type in PARTS.get(rec["type"], ()):
            part_id = data.get(part_type) if isinstance(data, Mapping) else None
            if isinstance(part_id, str):
                owners.setdefault((part_type, part_id), []).append((rec["type"], rec["id"]))
    return owners


def _grouped(
    records: Sequence[RecordChange], old_doc: Mapping[str, Any], new_doc: Mapping[str, Any]
) -> tuple[Change, ...]:
    """Records folded into changes: a part joins the one owner that names it when it was
    added or removed with that owner, or changed while the owner changed or was added."""
    by_key = {r.key: r for r in records}
    old_owners, new_owners = _owners(old_doc), _owners(new_doc)
    owner_of: dict[tuple[str, str], tuple[str, str]] = {}
    for rec in records:
        owners = (old_owners if rec.kind is Kind.REMOVED else new_owners).get(rec.key, [])
        if len(owners) != 1 or owners[0] not in by_key:
            continue
        owner = by_key[owners[0]]
        if owner.kind is rec.kind or (
            rec.kind is Kind.CHANGED and owner.kind in (Kind.CHANGED, Kind.ADDED)
        ):
            owner_of[rec.key] = owner.key
    parts: dict[tuple[str, str], list[RecordChange]] = {}
    for part_key, owner_key in owner_of.items():
        parts.setdefault(owner_key, []).append(by_key[part_key])
    return tuple(
        Change(rec, tuple(sorted(parts.get(rec.key, []), key=lambda r: r.key)))
        for rec in sorted(records, key=lambda r: r.key)
        if rec.key not in owner_of
    )
