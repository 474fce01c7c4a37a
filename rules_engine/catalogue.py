"""The content as the engine sees it: plain, immutable records built from pack documents.

The same pack documents feed the database (through ``content``) and the engine, so the CLI,
the API and the printouts see exactly the same data for the same pack version. Snapshots are
cached by the packs' content hashes.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from types import MappingProxyType
from typing import Any

from rules_engine.errors import BadDocument
from rules_engine.limits import MAX_PACK_FILES
from rules_engine.packcheck import read_pack

DEFAULT_PACK_DIR = Path(__file__).resolve().parent.parent / "content" / "packs"


def freeze(value: Any) -> Any:
    """Deep read-only view of JSON data, so a snapshot cannot be altered by a caller."""
    if isinstance(value, dict):
        return MappingProxyType({k: freeze(v) for k, v in value.items()})
    if isinstance(value, list):
        return tuple(freeze(v) for v in value)
    return value


def thaw(value: Any) -> Any:
    """Plain JSON data back from a frozen view (for printing and JSON output)."""
    if isinstance(value, Mapping):
        return {k: thaw(v) for k, v in value.items()}
    if isinstance(value, tuple):
        return [thaw(v) for v in value]
    return value


@dataclass(frozen=True)
class Record:
    """One content record: a figure, a dial, a weapon, an archetype, a table..."""

    system: str
    type: str
    id: str
    name: str
    data: Mapping[str, Any]
    source: Mapping[str, Any]
    pack: str
    pack_version: str
    name_original: str | None = None
    sample: bool = False
    uncertain: tuple[Mapping[str, Any], ...] = ()

    @property
    def ref(self) -> str:
        """The cross-system reference form ``<system>/<id>``."""
        return f"{self.system}/{self.id}"

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.id, "name": self.name, "data": thaw(self.data)}
        if self.name_original:
            out["name_original"] = self.name_original
        if self.sample:
            out["sample"] = True
        if self.uncertain:
            out["uncertain"] = thaw(self.uncertain)
        out["source"] = thaw(self.source)
        return out


@dataclass(frozen=True)
class PackInfo:
    """One loaded pack; its ``checksum`` (``pack_checksum``) is worked out when first read,
    as only the database side compares it."""

    id: str
    version: str
    system: str
    _doc: Mapping[str, Any] = field(repr=False, compare=False)

    @cached_property
    def checksum(self) -> str:
        return pack_checksum(self._doc)

    @property
    def name(self) -> str:
        """The pack's title, for people ("Crimson Dust core rules"); its id if it has none."""
        return str(self._doc.get("name") or self.id)


@dataclass(frozen=True)
class Catalogue:
    """Every record of the loaded packs, indexed by (system, type) then id."""

    packs: tuple[PackInfo, ...]
    _index: Mapping[tuple[str, str], Mapping[str, Record]] = field(repr=False)

    def records(self, system: str, type_: str) -> Mapping[str, Record]:
        """All records of one type in one system, by id (empty when there are none)."""
        return self._index.get((system, type_), MappingProxyType({}))

    def get(self, system: str, type_: str, id_: str) -> Record | None:
        return self.records(system, type_).get(id_)

    def resolve(self, ref: str, type_: str, default_system: str) -> Record | None:
        """Look up ``id`` in ``default_system`` or ``<system>/<id>`` anywhere."""
        system, _, id_ = ref.rpartition("/")
        return self.get(system or default_system, type_, id_)

    def systems(self) -> list[str]:
        return sorted({p.system for p in self.packs})

    def types(self, system: str) -> list[str]:
        return sorted(t for s, t in self._index if s == system)

    def names(self, system: str) -> dict[str, str]:
        """Every record's name by its id, for one system: what pages and sheets call the
        content a list names by id."""
        return {
            r.id: r.name for (s, _), records in self._index.items() if s == system
            for r in records.values()
        }

    def __iter__(self) -> Iterator[Record]:
        for records in self._index.values():
            yield from records.values()

    def pack_versions(self, system: str | None = None) -> dict[str, str]:
        return {p.id: p.version for p in self.packs if system in (None, p.system)}


def pack_checksum(doc: Mapping[str, Any]) -> str:
    """SHA-256 of the pack's canonical form: key order, spacing, record order and empty
    optional keys do not matter, so a file and its copy in the database hash the same."""
    return hashlib.sha256(canonical_json(normalise_pack(doc)).encode()).hexdigest()


def normalise_record(rec: Mapping[str, Any]) -> dict[str, Any]:
    """A record without its empty optional keys, the form a dump writes."""
    out = {k: rec[k] for k in ("type", "id", "name", "source", "data")}
    if rec.get("name_original"):
        out["name_original"] = rec["name_original"]
    if rec.get("sample"):
        out["sample"] = True
    if rec.get("uncertain"):
        out["uncertain"] = rec["uncertain"]
    return out


def normalise_pack(doc: Mapping[str, Any]) -> dict[str, Any]:
    """The canonical form of a pack: normalised records sorted by type and id."""
    out = {k: v for k, v in doc.items() if k != "records"}
    out["records"] = sorted(
        (normalise_record(r) for r in doc["records"]), key=lambda r: (r["type"], r["id"])
    )
    return out


def canonical_json(doc: Any) -> str:
    """The one text form of a pack: sorted keys, two-space indent, UTF-8, final newline."""
    return json.dumps(doc, indent=2, ensure_ascii=False, sort_keys=True) + "\n"


_SNAPSHOTS: dict[tuple[str, ...], Catalogue] = {}
_FILE_SNAPSHOTS: dict[tuple[object, ...], Catalogue] = {}


def _fingerprint(doc: Mapping[str, Any]) -> str:
    """A cache key for a pack's content: the SHA-256 of its normalised form written compactly
    (C-speed JSON), equal whenever ``pack_checksum`` is."""
    text = json.dumps(
        normalise_pack(doc), ensure_ascii=False, sort_keys=True, separators=(",", ":")
    )
    return hashlib.sha256(text.encode()).hexdigest()


def build_catalogue(docs: Iterable[Mapping[str, Any]], *, cache: bool = True) -> Catalogue:
    """A catalogue from pack documents (already validated by whoever read them).

    Snapshots are cached by the packs' content: the same pack versions give the very same
    catalogue object, however often a request asks for it. ``cache=False`` builds one that
    is asked for once (a version not published yet), so it never pushes a published
    snapshot out of the bounded cache.
    """
    docs = list(docs)
    if not cache:
        return _build(docs)
    key = tuple(sorted(_fingerprint(d) for d in docs))
    if key not in _SNAPSHOTS:
        if len(_SNAPSHOTS) >= 32:
            _SNAPSHOTS.pop(next(iter(_SNAPSHOTS)))
        _SNAPSHOTS[key] = _build(docs)
    return _SNAPSHOTS[key]


def _build(docs: list[Mapping[str, Any]]) -> Catalogue:
    index: dict[tuple[str, str], dict[str, Record]] = {}
    packs = []
    for doc in docs:
        system = doc["system"]
        packs.append(PackInfo(doc["id"], doc["version"], system, doc))
        for rec in doc.get("records", []):
            record = Record(
                system=system,
                type=rec["type"],
                id=rec["id"],
                name=rec["name"],
                data=freeze(rec.get("data", {})),
                source=freeze(rec.get("source", {})),
                pack=doc["id"],
                pack_version=doc["version"],
                name_original=rec.get("name_original"),
                sample=bool(rec.get("sample", False)),
                uncertain=freeze(rec.get("uncertain", [])),
            )
            index.setdefault((system, record.type), {})[record.id] = record
    frozen = {key: MappingProxyType(dict(sorted(v.items()))) for key, v in index.items()}
    return Catalogue(tuple(sorted(packs, key=lambda p: p.id)), MappingProxyType(frozen))


def read_pack_file(path: Path) -> dict[str, Any]:
    """Read one pack file within the limits and check the shape the engine relies on; a
    file that is not a readable pack is a bad document naming the file and JSON path."""
    return read_pack(path)


def pack_files(root: Path = DEFAULT_PACK_DIR) -> list[Path]:
    """Every pack file under ``root`` (``<system>/*.json``), in a stable order.

    Raises:
        BadDocument: ``root`` is not a folder, or holds more than ``MAX_PACK_FILES`` packs.
    """
    root = Path(root)
    if not root.is_dir():
        raise BadDocument.at(str(root), "the pack folder does not exist or is not a folder")
    files = sorted(p for p in root.glob("*/*.json") if p.is_file())
    if len(files) > MAX_PACK_FILES:
        raise BadDocument.at(
            str(root),
            f"{len(files):,} pack files, "
            f"{len(files) - MAX_PACK_FILES:,} over the limit of "
            f"{MAX_PACK_FILES}",
        )
    return files


def load_catalogue(root: Path = DEFAULT_PACK_DIR) -> Catalogue:
    """The catalogue from the pack files on disk: what the CLI uses, no database needed.

    Cached by each file's path, size and modification time, so a second call reads and
    hashes nothing unless a pack file changed.

    Raises:
        BadDocument: the folder or a pack file in it cannot be read (see ``read_pack``).
    """
    files = pack_files(root)
    try:
        key: tuple[object, ...] = tuple(
            (str(p), st.st_mtime_ns, st.st_size) for p in files for st in (p.stat(),)
        )
    except OSError as exc:
        raise BadDocument.at(str(root), f"cannot read the pack folder: {exc}") from None
    if key not in _FILE_SNAPSHOTS:
        if len(_FILE_SNAPSHOTS) >= 32:
            _FILE_SNAPSHOTS.pop(next(iter(_FILE_SNAPSHOTS)))
        _FILE_SNAPSHOTS[key] = build_catalogue(read_pack_file(p) for p in files)
    return _FILE_SNAPSHOTS[key]
