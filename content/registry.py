"""The pack registry's reads: every pack, every stored version with its provenance, and a
version's canonical file.

A stored version is never rewritten, so what is read from its document (the sources its
records cite, its licence) is kept per process by checksum: listing a pack's versions costs
the same few queries however many there are, and a document is read once.
"""

from __future__ import annotations

import hashlib
import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db.models import QuerySet

from content.engine import canonical_json, normalise_pack
from content.models import ContentPack, ContentPackVersion
from content.proposals import RecordProposal
from content.services.packs import version_key

UNKNOWN_LICENCE = "unknown"
"""What a pack that states no ``licence`` shows: nothing is assumed for it."""

_CHECKSUM = re.compile(r"^[0-9a-f]{64}$")
_FACTS_KEPT = 256
_FACTS: dict[str, tuple[str, tuple[tuple[str, str, int], ...]]] = {}
"""checksum -> (licence, (seed, pack title for it, records citing it)) of a stored version."""


@dataclass(frozen=True)
class SourceCount:
    """A rule book a version's records cite, and how many of them do."""

    seed: str
    title: str
    records: int


@dataclass(frozen=True)
class PackSummary:
    pack: str
    name: str
    system: str
    system_name: str
    published: str
    latest: str
    versions: int
    checksum: str


@dataclass(frozen=True)
class VersionProvenance:
    """Where one stored version came from: when, who, how, from which books, under what
    licence, and the SHA-256 of its canonical file."""

    pack: str
    version: str
    system: str
    checksum: str
    loaded_at: datetime
    action: str
    action_label: str
    actor: str
    current: bool
    licence: str
    sources: tuple[SourceCount, ...]
    contributors: tuple[str, ...] = ()
    """Usernames of the collectors whose approved proposals this version published."""

    @property
    def records(self) -> int:
        return sum(s.records for s in self.sources)


def pack_rows(*, system: str | None = None) -> QuerySet[ContentPack]:
    """Every pack with its system, by pack id."""
    rows = ContentPack.objects.select_related("system")
    if system:
        rows = rows.filter(system__slug=system)
    return rows.order_by("pack_id")


def pack_summaries(packs: Sequence[ContentPack]) -> list[PackSummary]:
    """Summaries of ``packs`` (from ``pack_rows``): one more query for their version names."""
    names: dict[int, list[str]] = {}
    rows = ContentPackVersion.objects.filter(pack__in=list(packs)).values_list("pack_id", "version")
    for pack_pk, version in rows:
        names.setdefault(pack_pk, []).append(version)
    return [
        PackSummary(
            pack=p.pack_id,
            name=p.name,
            system=p.system.slug,
            system_name=p.system.name,
            published=p.version,
            latest=max(names.get(p.pk, [p.version]), key=version_key),
            versions=len(names.get(p.pk, [])),
            checksum=p.checksum,
        )
        for p in packs
    ]


def pack_get(*, pack_id: str) -> ContentPack | None:
    return pack_rows().filter(pack_id=pack_id).first()


def version_rows(*, pack: ContentPack) -> QuerySet[ContentPackVersion]:
    """A pack's stored versions, newest first, documents left unread."""
    return (
        ContentPackVersion.objects.filter(pack=pack)
        .select_related("pack", "pack__system")
        .defer("document")
        .order_by("-loaded_at", "-id")
    )


def version_get(
    *, pack_id: str, version: str, with_document: bool = False
) -> ContentPackVersion | None:
    rows = ContentPackVersion.objects.select_related("pack", "pack__system")
    if not with_document:
        rows = rows.defer("document")
    return rows.filter(pack__pack_id=pack_id, version=version).first()


def document_facts(document: Mapping[str, Any]) -> tuple[str, tuple[tuple[str, str, int], ...]]:
    """(licence, (seed, title, records)) of a pack document: every seed its records cite,
    counted, most cited first; a seed's title is the one the document's own ``source``
    gives it, else empty."""
    source = document.get("source") or {}
    titles = {source.get("seed", ""): source.get("title", "")}
    cited = Counter(
        str((record.get("source") or {}).get("seed", "")) for record in document.get("records", [])
    )
    sources = tuple(
        (seed, titles.get(seed, ""), n)
        for seed, n in sorted(cited.items(), key=lambda item: (-item[1], item[0]))
    )
    return str(document.get("licence") or UNKNOWN_LICENCE), sources


def _facts(rows: Sequence[ContentPackVersion]) -> dict[int, tuple[str, tuple[Any, ...]]]:
    """Facts of each row's document, read in one query for the rows not seen before."""
    found: dict[int, tuple[str, tuple[Any, ...]]] = {}
    unread = []
    for row in rows:
        if row.checksum in _FACTS:
            found[row.pk] = _FACTS[row.checksum]
        else:
            unread.append(row.pk)
    if unread:
        documents = ContentPackVersion.objects.filter(pk__in=unread).values_list(
            "pk", "checksum", "document"
        )
        for pk, checksum, document in documents:
            found[pk] = facts = document_facts(document)
            if _CHECKSUM.match(checksum):
                if len(_FACTS) >= _FACTS_KEPT:
                    _FACTS.pop(next(iter(_FACTS)))
                _FACTS[checksum] = facts
    return found


def book_titles() -> dict[str, str]:
    """Seed -> title, from every pack's own ``source``: the name of a book another pack's
    records are read from (an Aces record citing the Air Action book)."""
    titles: dict[str, str] = {}
    for source in ContentPack.objects.values_list("source", flat=True):
        if isinstance(source, Mapping) and source.get("seed") and source.get("title"):
            titles.setdefault(str(source["seed"]), str(source["title"]))
    return titles


def version_provenance(rows: Iterable[ContentPackVersion]) -> list[VersionProvenance]:
    """Provenance of each row (rows with their pack and system selected), in their order:
    three queries at most, however many rows."""
    rows = list(rows)
    facts = _facts(rows)
    titles = book_titles() if rows else {}
    contributors = _contributors(rows)
    out = []
    for row in rows:
        licence, sources = facts[row.pk]
        out.append(
            VersionProvenance(
                pack=row.pack.pack_id,
                version=row.version,
                system=row.pack.system.slug,
                checksum=row.checksum,
                loaded_at=row.loaded_at,
                action=row.action,
                action_label=row.get_action_display(),
                actor=row.actor,
                current=row.version == row.pack.version,
                licence=licence,
                sources=tuple(
                    SourceCount(seed, title or titles.get(seed, ""), n)
                    for seed, title, n in sources
                ),
                contributors=contributors.get(row.pk, ()),
            )
        )
    return out


def _contributors(rows: Sequence[ContentPackVersion]) -> dict[int, tuple[str, ...]]:
    """Version primary key -> proposers credited in it, by name: one query for every row."""
    if not rows:
        return {}
    found: dict[int, set[str]] = {}
    credited = RecordProposal.objects.filter(published_in__in=[r.pk for r in rows]).values_list(
        "published_in_id", "proposer__username"
    )
    for version_pk, username in credited:
        found.setdefault(version_pk, set()).add(username)
    return {pk: tuple(sorted(names, key=str.casefold)) for pk, names in found.items()}


@dataclass(frozen=True)
class CanonicalFile:
    """A stored version as the one text every copy of it hashes to."""

    name: str
    content: bytes
    sha256: str


def canonical_file(row: ContentPackVersion) -> CanonicalFile:
    """The version's canonical JSON (``content.engine.canonical_json``), whose SHA-256 is the
    checksum recorded when it was stored."""
    content = canonical_json(normalise_pack(row.document)).encode()
    return CanonicalFile(
        name=f"{row.pack.pack_id}-{row.version}.json",
        content=content,
        sha256=hashlib.sha256(content).hexdigest(),
    )


class NotInRegistry(LookupError):
    """A pack or version the registry does not hold; ``parameter`` names which was asked for
    (``pack``, ``version``, ``from``, ``to``)."""

    def __init__(self, message: str, parameter: str) -> None:
        super().__init__(message)
        self.message = message
        self.parameter = parameter


def version_require(
    *, pack_id: str, version: str, parameter: str = "version"
) -> ContentPackVersion:
    """The stored version with its document, or ``NotInRegistry`` naming what is missing."""
    row = version_get(pack_id=pack_id, version=version, with_document=True)
    if row is not None:
        return row
    if not ContentPack.objects.filter(pack_id=pack_id).exists():
        raise NotInRegistry(f"No pack {pack_id!r} is in the registry.", "pack")
    raise NotInRegistry(f"Pack {pack_id} has no version {version!r}.", parameter)
