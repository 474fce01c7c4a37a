"""Loading pack documents into the catalogue (all or nothing) and publishing them back.

A pack version is immutable: loading the same version again changes nothing, a newer one
replaces the pack's records, an older one is refused unless forced, and the same version with
different content is always refused. Every problem in every file is reported at once, with
the file, the JSON path and the reason, and nothing is written.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from django.db import transaction

from content.models import (
    RECORD_MODELS,
    CatalogueRecord,
    CombatDial,
    ContentPack,
    ContentPackVersion,
    GameSystem,
    Release,
    SpeedDial,
)
from content.schemas import pack_envelope_errors, record_data_errors
from content.services.records import record_sync_columns
from content.systems import SYSTEMS
from rules_engine.catalogue import normalise_pack, normalise_record, pack_checksum
from rules_engine.errors import DocumentError

Progress = Callable[[str], None]
FIGURE_REFS = {"release": Release, "combat_dial": CombatDial, "speed_dial": SpeedDial}


@dataclass(frozen=True)
class FileError:
    file: str
    error: DocumentError

    def __str__(self) -> str:
        return f"{self.file}: {self.error}"


class PackLoadError(Exception):
    """Packs that cannot be loaded; ``errors`` lists every problem in every file."""

    def __init__(self, errors: Sequence[FileError]) -> None:
        self.errors = tuple(errors)
        super().__init__("\n".join(str(e) for e in self.errors))


@dataclass
class PackLoadReport:
    loaded: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    counts: dict[str, int] = field(default_factory=dict)


def version_key(version: str) -> tuple[int, ...]:
    return tuple(int(p) for p in version.split("."))


def _record_errors(doc: dict[str, Any]) -> list[DocumentError]:
    """Record documents against their schemas, and duplicate ids, of an envelope-valid pack."""
    errors: list[DocumentError] = []
    seen: dict[tuple[str, str], int] = {}
    for i, rec in enumerate(doc["records"]):
        errors += record_data_errors(
            rec["type"], doc["system"], rec["data"], root=f"$.records[{i}].data"
        )
        key = (rec["type"], rec["id"])
        if key in seen:
            errors.append(
                DocumentError(
                    f"$.records[{i}].id",
                    f"{rec['type']} id {rec['id']!r} is already used by $.records[{seen[key]}]",
                )
            )
        seen.setdefault(key, i)
    return errors


def _reference_errors(doc: dict[str, Any], known: dict[str, set[str]]) -> list[DocumentError]:
    """A figure's release and dials must exist in its system (this load or the catalogue)."""
    errors = []
    for i, rec in enumerate(doc["records"]):
        if rec["type"] != "figure":
            continue
        for ref in FIGURE_REFS:
            target = rec["data"].get(ref)
            if target and target not in known[ref]:
                errors.append(
                    DocumentError(
                        f"$.records[{i}].data.{ref}",
                        f"no {ref} {target!r} in {doc['system']}",
                    )
                )
    return errors


def _version_errors(doc: dict[str, Any], force: bool) -> tuple[list[DocumentError], bool]:
    """Whether this version may load, and whether it would change anything."""
    current = ContentPack.objects.filter(pack_id=doc["id"]).first()
    if current is None:
        return [], True
    checksum = pack_checksum(normalise_pack(doc))
    stored = ContentPackVersion.objects.filter(pack=current, version=doc["version"]).first()
    if stored is not None and stored.checksum != checksum:
        return [
            DocumentError(
                "$.version",
                (
                    f"version {doc['version']} of {doc['id']} was already loaded with different "
                    "content; publish the change as a new version"
                ),
            )
        ], False
    if current.version == doc["version"]:
        return [], False
    if version_key(doc["version"]) < version_key(current.version) and not force:
        return [
            DocumentError(
                "$.version",
                (
                    f"{doc['version']} is older than the loaded {current.version} of {doc['id']}; "
                    "use --force to go back to it"
                ),
            )
        ], False
    return [], True


def _known_ids(docs: Sequence[dict[str, Any]], system: str) -> dict[str, set[str]]:
    known: dict[str, set[str]] = {}
    loading = {d["id"] for d in docs}
    for ref, model in FIGURE_REFS.items():
        ids = set(
            model.objects.filter(system__slug=system)
            .exclude(pack__pack_id__in=loading)
            .values_list("stable_id", flat=True)
        )
        for d in docs:
            if d["system"] == system:
                ids |= {r["id"] for r in d["records"] if r["type"] == model.RECORD_TYPE}
        known[ref] = ids
    return known


def pack_validate(
    documents: Sequence[tuple[str, Any]], force: bool = False
) -> tuple[list[FileError], list[tuple[str, dict[str, Any], bool]]]:
    """Every problem of every document, and the load plan: (name, doc, changes anything)."""
    errors: list[FileError] = []
    valid = []
    for name, doc in documents:
        envelope = pack_envelope_errors(doc)
        errors += [FileError(name, e) for e in envelope]
        if not envelope:
            valid.append((name, doc))
    ids = [d["id"] for _, d in valid]
    for dup in sorted({i for i in ids if ids.count(i) > 1}):
        errors.append(FileError(dup, DocumentError("$.id", f"pack {dup} is given twice")))
    plan = []
    for name, doc in valid:
        errors += [FileError(name, e) for e in _record_errors(doc)]
        known = _known_ids([d for _, d in valid], doc["system"])
        errors += [FileError(name, e) for e in _reference_errors(doc, known)]
        version_errors, changes = _version_errors(doc, force)
        errors += [FileError(name, e) for e in version_errors]
        plan.append((name, doc, changes))
    return errors, plan


def pack_load(
    *,
    documents: Sequence[tuple[str, Any]],
    force: bool = False,
    progress: Progress | None = None,
) -> PackLoadReport:
    """Load pack documents, all or nothing.

    Args:
        documents: (file name, parsed JSON) pairs; the name is used in error messages.
        force: allow loading a version older than the one loaded.
        progress: called with a line of text as the load advances.

    Raises:
        PackLoadError: listing every bad record of every file; nothing was written.
    """
    say = progress or (lambda _msg: None)
    errors, plan = pack_validate(documents, force)
    if errors:
        raise PackLoadError(errors)

    report = PackLoadReport()
    with transaction.atomic():
        for name, doc, changes in plan:
            if not changes:
                say(f"{name}: {doc['id']} {doc['version']} already loaded, unchanged")
                report.unchanged.append(doc["id"])
                continue
            counts = _write_pack(normalise_pack(doc), say)
            report.loaded.append(doc["id"])
            for key, n in counts.items():
                report.counts[key] = report.counts.get(key, 0) + n
            say(f"{name}: loaded {doc['id']} {doc['version']} ({sum(counts.values())} records)")
    return report


def _write_pack(doc: dict[str, Any], say: Progress) -> dict[str, int]:
    system_name, seed = SYSTEMS[doc["system"]]
    system, _ = GameSystem.objects.get_or_create(
        slug=doc["system"], defaults={"name": system_name, "seed": seed}
    )
    checksum = pack_checksum(doc)
    pack, _ = ContentPack.objects.update_or_create(
        pack_id=doc["id"],
        defaults={
            "system": system,
            "name": doc["name"],
            "version": doc["version"],
            "checksum": checksum,
            "source": doc["source"],
        },
    )
    ContentPackVersion.objects.get_or_create(
        pack=pack, version=doc["version"], defaults={"checksum": checksum, "document": doc}
    )
    related: dict[str, dict[str, int]] = {}
    counts = {}
    for record_type, model in RECORD_MODELS.items():
        records = [r for r in doc["records"] if r["type"] == record_type]
        _upsert(model, system, pack, records, related)
        if records:
            counts[record_type] = len(records)
            say(f"  {record_type}: {len(records)}")
        if record_type in {m.RECORD_TYPE for m in FIGURE_REFS.values()}:
            ref = next(k for k, m in FIGURE_REFS.items() if m is model)
            related[ref] = dict(model.objects.filter(system=system).values_list("stable_id", "pk"))
    return counts


def _upsert(
    model: type[CatalogueRecord],
    system: GameSystem,
    pack: ContentPack,
    records: list[dict[str, Any]],
    related: dict[str, dict[str, int]],
) -> None:
    existing = {o.stable_id: o for o in model.objects.filter(system=system, pack=pack)}
    create, update = [], []
    for rec in records:
        obj = existing.pop(rec["id"], None)
        (update if obj else create).append(
            obj := obj or model(system=system, pack=pack, stable_id=rec["id"])
        )
        obj.name = rec["name"]
        obj.name_original = rec.get("name_original", "")
        obj.source = rec["source"]
        obj.sample = rec.get("sample", False)
        obj.uncertain = rec.get("uncertain", [])
        obj.data = rec["data"]
        record_sync_columns(obj, related)
    if existing:
        model.objects.filter(pk__in=[o.pk for o in existing.values()]).delete()
    model.objects.bulk_create(create, batch_size=500)
    if update:
        fields = [
            f.name
            for f in model._meta.concrete_fields
            if not f.primary_key and f.name not in {"system", "pack", "stable_id"}
        ]
        model.objects.bulk_update(update, fields, batch_size=500)


def pack_document(pack: ContentPack) -> dict[str, Any]:
    """The pack as the catalogue now holds it (with any admin edits), in canonical form."""
    records = []
    for record_type, model in RECORD_MODELS.items():
        for obj in model.objects.filter(pack=pack).order_by("stable_id"):
            records.append(
                normalise_record(
                    {
                        "type": record_type,
                        "id": obj.stable_id,
                        "name": obj.name,
                        "name_original": obj.name_original,
                        "source": obj.source,
                        "sample": obj.sample,
                        "uncertain": obj.uncertain,
                        "data": obj.data,
                    }
                )
            )
    stored = ContentPackVersion.objects.get(pack=pack, version=pack.version).document
    doc = {k: v for k, v in stored.items() if k != "records"}
    doc["records"] = records
    return normalise_pack(doc)


def bump_patch(version: str) -> str:
    major, minor, patch = version_key(version)
    return f"{major}.{minor}.{patch + 1}"


@transaction.atomic
def pack_dump(*, pack: ContentPack, version: str | None = None) -> dict[str, Any]:
    """Publish the catalogue's current state of ``pack`` as a pack document.

    Unchanged content keeps its version; edited content becomes a new version (``version``
    or the next patch number), stored whole beside the old ones, which stay as they were.
    """
    doc = pack_document(pack)
    checksum = pack_checksum(doc)
    if checksum == pack.checksum and version in (None, pack.version):
        return doc
    new_version = version or bump_patch(pack.version)
    if version_key(new_version) <= version_key(pack.version):
        raise PackLoadError(
            [
                FileError(
                    pack.pack_id,
                    DocumentError("$.version", f"{new_version} is not newer than {pack.version}"),
                )
            ]
        )
    doc["version"] = new_version
    checksum = pack_checksum(doc)
    ContentPackVersion.objects.create(
        pack=pack, version=new_version, checksum=checksum, document=doc
    )
    pack.version, pack.checksum = new_version, checksum
    pack.save(update_fields=["version", "checksum", "loaded_at"])
    return doc


def read_pack_files(paths: Sequence[Path]) -> tuple[list[tuple[str, Any]], list[FileError]]:
    """Parse pack files, collecting unreadable ones as errors rather than stopping."""
    docs, errors = [], []
    for path in paths:
        try:
            docs.append((str(path), json.loads(Path(path).read_text(encoding="utf-8"))))
        except (OSError, UnicodeDecodeError) as exc:
            errors.append(FileError(str(path), DocumentError("$", f"cannot read: {exc}")))
        except json.JSONDecodeError as exc:
            errors.append(
                FileError(
                    str(path),
                    DocumentError(
                        "$", f"not JSON: {exc.msg} at line {exc.lineno} column {exc.colno}"
                    ),
                )
            )
    return docs, errors
