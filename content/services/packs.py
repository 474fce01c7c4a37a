"""Loading pack documents into the catalogue (all or nothing) and publishing them back.

A pack version is immutable: loading the same version again changes nothing, a newer one
replaces the pack's records, an older one is refused unless forced, and the same version with
different content is always refused. Every problem in every file is reported at once, with
the file, the JSON path and the reason, and nothing is written.

Checking and writing happen in one transaction that holds the catalogue's write lock (a
PostgreSQL advisory lock; on SQLite the database's own write lock), so two loads at once run
one after the other and the second is checked against what the first left: an older version
can never go live over a newer one, and a record is never dropped while others refer to it.
"""

from __future__ import annotations

import os
import re
import tempfile
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from django.db import DatabaseError, OperationalError, connection, transaction
from django.db.models import Q

from content import publish_gates
from content.engine import (
    DocumentError,
    canonical_json,
    normalise_pack,
    normalise_record,
    pack_checksum,
)
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
from content.references import document_referrers, references_in, target_referrers
from content.schemas import pack_envelope_errors, record_data_errors
from content.services.json_safety import document_hazards, read_json_file
from content.services.pack_diff import diff_packs, next_version
from content.services.proposals import proposals_credit
from content.services.records import record_sync_columns
from content.signing import SigningKeyError, version_signature
from content.spellings import Respelling, pack_respelled, respellings_summary
from content.systems import SYSTEMS

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
    # One line per pack whose older spellings were converted before it was checked.
    respelled: list[str] = field(default_factory=list)


SEMVER = r"^(0|[1-9][0-9]{0,8})\.(0|[1-9][0-9]{0,8})\.(0|[1-9][0-9]{0,8})$"
LOCK_KEY = 0x6D75_7374_6572_0001
"""The PostgreSQL advisory lock every load and publication holds ("muster" + 1)."""
LOCK_WAIT_SECONDS = 60


def version_key(version: str) -> tuple[int, ...]:
    """(major, minor, patch) of a version the pack schema accepted."""
    return tuple(int(p) for p in version.split("."))


def is_version(text: str) -> bool:
    """Whether ``text`` is a semantic version MAJOR.MINOR.PATCH the pack schema accepts."""
    return bool(re.fullmatch(SEMVER, text or ""))


def _busy_error() -> PackLoadError:
    waited = (
        f"{LOCK_WAIT_SECONDS} s" if connection.vendor == "postgresql" else "the database's timeout"
    )
    return PackLoadError(
        [
            FileError(
                "catalogue",
                DocumentError(
                    "$",
                    f"another load or publication is under way and did not finish within "
                    f"{waited}; nothing was written, try again",
                ),
            )
        ]
    )


@contextmanager
def catalogue_write_lock() -> Iterator[None]:
    """A transaction holding the catalogue's write lock: loads and publications queue here.

    PostgreSQL: a transaction-scoped advisory lock, waited for at most ``LOCK_WAIT_SECONDS``.
    SQLite: a first write takes the database's write lock at once, so a second writer waits
    (the connection's timeout) before it reads anything.
    """
    try:
        with transaction.atomic():
            with connection.cursor() as cursor:
                if connection.vendor == "postgresql":
                    cursor.execute(
                        "SELECT set_config('lock_timeout', %s, true)",
                        [f"{int(LOCK_WAIT_SECONDS * 1000)}ms"],
                    )
                    cursor.execute("SELECT pg_advisory_xact_lock(%s)", [LOCK_KEY])
                    cursor.execute("SELECT set_config('lock_timeout', '0', true)")
                else:
                    table = ContentPack._meta.db_table
                    cursor.execute(f"UPDATE {table} SET version = version WHERE 1 = 0")
            yield
    except OperationalError as exc:
        text = str(exc).lower()
        if "lock" in text or "timeout" in text:
            raise _busy_error() from exc
        raise


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
    """Every id a record names must exist in its system (this load or the catalogue); a
    name of another system's record may be missing (that system need not be loaded)."""
    errors = []
    for i, rec in enumerate(doc["records"]):
        for at, (target_type, system, stable_id) in references_in(
            rec["type"], doc["system"], rec.get("data")
        ):
            if system == doc["system"] and stable_id not in known[target_type]:
                errors.append(
                    DocumentError(
                        f"$.records[{i}]{at[1:]}",
                        f"no {target_type} {stable_id!r} in {doc['system']}",
                    )
                )
    return errors


def _clash_errors(
    name: str, doc: dict[str, Any], others: Sequence[tuple[str, dict[str, Any]]]
) -> list[DocumentError]:
    """Stable ids this pack shares with another pack of its system (loaded, or in this load)."""
    loading = [d["id"] for _, d in others]
    errors = []
    for record_type, model in RECORD_MODELS.items():
        mine = {r["id"]: i for i, r in enumerate(doc["records"]) if r["type"] == record_type}
        if not mine:
            continue
        taken = (
            model.objects.filter(system__slug=doc["system"], stable_id__in=list(mine))
            .exclude(pack__pack_id__in=loading)
            .values_list("stable_id", "pack__pack_id")
        )
        for stable_id, other_pack in taken:
            errors.append(
                DocumentError(
                    f"$.records[{mine[stable_id]}].id",
                    f"{record_type} id {stable_id!r} is already used in {doc['system']} by "
                    f"pack {other_pack} (loaded); stable ids are unique within a system",
                )
            )
        for other_name, other in others:
            if other is doc or other["system"] != doc["system"] or other["id"] == doc["id"]:
                continue
            for j, rec in enumerate(other["records"]):
                if rec["type"] == record_type and rec["id"] in mine:
                    errors.append(
                        DocumentError(
                            f"$.records[{mine[rec['id']]}].id",
                            f"{record_type} id {rec['id']!r} is also used by pack "
                            f"{other['id']} at {other_name} $.records[{j}]",
                        )
                    )
    return errors


def _dropped_reference_errors(
    name: str, doc: dict[str, Any], valid: Sequence[tuple[str, dict[str, Any]]]
) -> list[DocumentError]:
    """Records of the pack's loaded version that this version drops (or moves to another
    system) while other records still name them: stored records outside the load, and the
    records of every pack in the load (this version included)."""
    pack = ContentPack.objects.filter(pack_id=doc["id"]).select_related("system").first()
    if pack is None:
        return []
    loading = [d["id"] for _, d in valid]
    arriving = {(r["type"], d["system"], r["id"]) for _, d in valid for r in d.get("records", [])}
    dropped = []
    for record_type, model in RECORD_MODELS.items():
        for stable_id in model.objects.filter(pack=pack).values_list("stable_id", flat=True):
            target = (record_type, pack.system.slug, stable_id)
            if target not in arriving:
                dropped.append(target)
    if not dropped:
        return []
    referrers = target_referrers(dropped, exclude_packs=loading)
    referrers += document_referrers(valid, dropped)
    if not referrers:
        return []
    return [
        DocumentError(
            "$.records",
            f"this version drops or moves records that others refer to: {'; '.join(referrers)}",
        )
    ]


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
    """Stable ids of each record type in ``system`` once the load is done."""
    known: dict[str, set[str]] = {}
    loading = {d["id"] for d in docs}
    for record_type, model in RECORD_MODELS.items():
        ids = set(
            model.objects.filter(system__slug=system)
            .exclude(pack__pack_id__in=loading)
            .values_list("stable_id", flat=True)
        )
        for d in docs:
            if d["system"] == system:
                ids |= {r["id"] for r in d["records"] if r["type"] == record_type}
        known[record_type] = ids
    return known


def pack_validate(
    documents: Sequence[tuple[str, Any]], force: bool = False
) -> tuple[list[FileError], list[tuple[str, dict[str, Any], bool]]]:
    """Every problem of every document, and the load plan: (name, doc, changes anything).

    Run it inside ``catalogue_write_lock`` when the plan is to be written: the checks against
    the catalogue are only good while nobody else writes.
    """
    errors: list[FileError] = []
    valid = []
    for name, doc in documents:
        hazards = document_hazards(doc)
        errors += [FileError(name, e) for e in hazards]
        if hazards:
            continue
        envelope = pack_envelope_errors(doc)
        errors += [FileError(name, e) for e in envelope]
        if not envelope:
            valid.append((name, doc))
    ids = [d["id"] for _, d in valid]
    for dup in sorted({i for i in ids if ids.count(i) > 1}):
        files = ", ".join(n for n, d in valid if d["id"] == dup)
        errors.append(FileError(dup, DocumentError("$.id", f"pack {dup} is given twice: {files}")))
    plan = []
    for name, doc in valid:
        errors += [FileError(name, e) for e in _record_errors(doc)]
        errors += [FileError(name, e) for e in _clash_errors(name, doc, valid)]
        known = _known_ids([d for _, d in valid], doc["system"])
        errors += [FileError(name, e) for e in _reference_errors(doc, known)]
        version_errors, changes = _version_errors(doc, force)
        errors += [FileError(name, e) for e in version_errors]
        if changes:
            errors += [FileError(name, e) for e in _dropped_reference_errors(name, doc, valid)]
        plan.append((name, doc, changes))
    return errors, plan


def packs_respelled(
    documents: Sequence[tuple[str, Any]],
) -> tuple[list[tuple[str, Any]], list[str]]:
    """The documents with their older spellings converted (``content.spellings``), and a
    line for each pack converted; a document unsafe to walk is left for the checks to refuse."""
    out: list[tuple[str, Any]] = []
    lines: list[str] = []
    for name, doc in documents:
        changes: list[Respelling] = []
        if not document_hazards(doc):
            doc, changes = pack_respelled(doc)
        if changes:
            lines.append(respellings_summary(changes, f"{doc.get('id')} {doc.get('version')}"))
        out.append((name, doc))
    return out, lines


def pack_load(
    *,
    documents: Sequence[tuple[str, Any]],
    force: bool = False,
    progress: Progress | None = None,
    actor: str = "",
) -> PackLoadReport:
    """Load pack documents, all or nothing, under the catalogue's write lock.

    Args:
        documents: (file name, parsed JSON) pairs; the name is used in error messages.
        force: allow loading a version older than the one loaded.
        progress: called with a line of text as the load advances.
        actor: who is loading (kept with each new version).

    Raises:
        PackLoadError: listing every bad record of every file; nothing was written.
    """
    say = progress or (lambda _msg: None)
    report = PackLoadReport()
    documents, report.respelled = packs_respelled(documents)
    with catalogue_write_lock():
        errors, plan = pack_validate(documents, force)
        if errors:
            raise PackLoadError(errors)
        for name, doc, changes in plan:
            if not changes:
                say(f"{name}: {doc['id']} {doc['version']} already loaded, unchanged")
                report.unchanged.append(doc["id"])
                continue
            try:
                with transaction.atomic():
                    counts = _write_pack(normalise_pack(doc), say, actor)
            except DatabaseError as exc:
                raise PackLoadError(
                    [FileError(name, DocumentError("$", f"the database refused it: {exc}"))]
                ) from exc
            report.loaded.append(doc["id"])
            for key, n in counts.items():
                report.counts[key] = report.counts.get(key, 0) + n
            say(f"{name}: loaded {doc['id']} {doc['version']} ({sum(counts.values())} records)")
    return report


def _signature(doc: dict[str, Any]) -> dict[str, str]:
    """A new version's signature by the site's key (empty without one); an unreadable key
    stops the load or publication, so no version goes out unsigned by mistake."""
    try:
        return version_signature(doc)
    except SigningKeyError as exc:
        raise PackLoadError([FileError("signing key", DocumentError("$", str(exc)))]) from exc


def _write_pack(doc: dict[str, Any], say: Progress, actor: str) -> dict[str, int]:
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
        pack=pack,
        version=doc["version"],
        defaults={
            "checksum": checksum,
            "document": doc,
            "action": ContentPackVersion.Action.LOADED,
            "actor": actor[:150],
            **_signature(doc),
        },
    )
    for model in reversed(RECORD_MODELS.values()):
        # A pack moved to another system takes its records along: figures first.
        model.objects.filter(pack=pack).exclude(system=system).delete()
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
    create: list[CatalogueRecord] = []
    update: list[CatalogueRecord] = []
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
    return pack_documents([pack])[pack.pk]


def pack_documents(packs: Sequence[ContentPack]) -> dict[int, dict[str, Any]]:
    """``pack_document`` of several packs by primary key, read with one query per record
    type and one for their published versions, however many packs there are."""
    records: dict[int, list[dict[str, Any]]] = {pack.pk: [] for pack in packs}
    for record_type, model in RECORD_MODELS.items():
        for obj in model.objects.filter(pack__in=list(packs)).order_by("stable_id"):
            records[obj.pack_id].append(
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
    wanted = Q(pk__in=[])
    for pack in packs:
        wanted |= Q(pack_id=pack.pk, version=pack.version)
    stored = {row.pack_id: row.document for row in ContentPackVersion.objects.filter(wanted)}
    documents = {}
    for pack in packs:
        doc = {k: v for k, v in stored[pack.pk].items() if k != "records"}
        doc["records"] = records[pack.pk]
        documents[pack.pk] = normalise_pack(doc)
    return documents


def _version_error(pack: ContentPack, message: str) -> PackLoadError:
    return PackLoadError([FileError(pack.pack_id, DocumentError("$.version", message))])


def _write_atomically(target: Path, text: str) -> None:
    """Write ``text`` to ``target`` whole or not at all (a temporary file, then a rename)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def check_output_path(target: Path) -> str | None:
    """Why a pack file cannot be written at ``target``, or None when it can."""
    if target.exists() and target.is_dir():
        return f"{target} is a folder; give a file name"
    parent = next((p for p in [target.parent, *target.parent.parents] if p.exists()), None)
    if parent is None or not parent.is_dir():
        return f"{target.parent} is not a folder"
    if not os.access(parent, os.W_OK | os.X_OK):
        return f"{parent} is not writable"
    return None


def pack_dump(
    *,
    pack: ContentPack,
    version: str | None = None,
    write: Callable[[dict[str, Any]], None] | None = None,
    actor: str = "",
) -> dict[str, Any]:
    """Publish the catalogue's current state of ``pack`` as a pack document.

    Unchanged content keeps its version; edited content becomes a new version, stored whole
    beside the old ones, which stay as they were: ``version`` when given, else the next
    version by the rule of ``content.services.pack_diff`` (major for a record removed or
    re-priced, minor for records added, patch for corrections) counted from the last version
    stored; it is always newer than every version stored. ``write`` is called with the
    document before the version is recorded, inside the same transaction: if it fails,
    nothing is recorded.

    Raises:
        PackLoadError: the version is not a semantic version, or not newer; or the edited
            records no longer make a valid pack; or a publish gate (``content.publish_gates``:
            a known-good list whose result changed) refuses it.
    """
    if version is not None and not is_version(version):
        raise _version_error(pack, f"{version!r} is not a version: MAJOR.MINOR.PATCH such as 1.2.0")
    with catalogue_write_lock():
        pack = ContentPack.objects.select_for_update().get(pk=pack.pk)
        doc = pack_document(pack)
        checksum = pack_checksum(doc)
        if checksum == pack.checksum and version in (None, pack.version):
            if write:
                write(doc)
            return doc
        stored = list(pack.versions.values_list("version", flat=True))
        latest = max(stored, key=version_key, default=pack.version)
        if version is None:
            published = ContentPackVersion.objects.get(pack=pack, version=pack.version).document
            new_version = next_version(latest, diff_packs(published, doc).bump or "patch")
        else:
            new_version = version
        if version_key(new_version) <= version_key(latest):
            raise _version_error(
                pack, f"{new_version} is not newer than {latest}, the last version of {pack}"
            )
        doc["version"] = new_version
        problems, _ = pack_validate([(pack.pack_id, doc)], force=True)
        problems = [p for p in problems if p.error.path != "$.version"]
        if problems:
            raise PackLoadError(problems)
        # Inside the lock, on the document about to be stored: what was accepted is what
        # this very candidate gives.
        refused = publish_gates.refusals(pack, doc)
        if refused:
            raise PackLoadError([FileError(pack.pack_id, e) for e in refused])
        if write:
            write(doc)
        checksum = pack_checksum(doc)
        written = ContentPackVersion.objects.create(
            pack=pack,
            version=new_version,
            checksum=checksum,
            document=doc,
            action=ContentPackVersion.Action.PUBLISHED,
            actor=actor[:150],
            **_signature(doc),
        )
        pack.version, pack.checksum = new_version, checksum
        pack.save(update_fields=["version", "checksum", "loaded_at"])
        proposals_credit(pack=pack, version=written)
    return doc


def pack_file_writer(target: Path) -> Callable[[dict[str, Any]], None]:
    """A ``write`` for ``pack_dump`` that puts the canonical text at ``target`` atomically."""

    def write(doc: dict[str, Any]) -> None:
        _write_atomically(target, canonical_json(doc))

    return write


def read_pack_files(paths: Sequence[Path]) -> tuple[list[tuple[str, Any]], list[FileError]]:
    """Parse pack files, collecting unreadable ones as errors rather than stopping: too
    large, not UTF-8, not JSON, too deep, numbers out of range, NUL or lone surrogates."""
    docs, errors = [], []
    for path in paths:
        value, problems = read_json_file(Path(path))
        if problems:
            errors += [FileError(str(path), e) for e in problems]
        else:
            docs.append((str(path), value))
    return docs, errors
