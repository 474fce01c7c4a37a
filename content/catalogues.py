"""Which pack versions a list document is checked against, and the engine catalogue of them.

One policy for every surface (pages, API, saved lists, printing, simulations):

- the versions a document names in ``content`` win;
- every other pack, including the packs of related systems (an Air Action squadron's Aces
  pilots), comes from its published version, as the CLI reads every pack file;
- a named version that is not stored is a ``BadDocument`` at ``$.content``; nothing is
  substituted silently.

Catalogues are built once per process for each set of pack versions, keyed by their
checksums, so asking again costs one small query (ids, versions, checksums) and no pack
document is read; a set not seen before costs a second query for its documents.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.db.models import F, Q

from content.engine import BadDocument, Catalogue, build_catalogue
from content.models import ContentPackVersion

CACHE_SIZE = 16
"""Catalogues kept per process (each set of pack versions seen recently)."""

_CATALOGUES: dict[tuple[tuple[str, str], ...], Catalogue] = {}


@dataclass(frozen=True)
class Resolved:
    """A catalogue and the pack versions (pack id -> version) it was built from."""

    catalogue: Catalogue
    versions: dict[str, str]


def read_pins(document: Mapping[str, Any]) -> dict[str, str]:
    """The pack versions a document names in ``content`` (pack id -> version).

    ``content`` is absent, one ``{pack, version}`` object or a list of them; anything else
    is a ``BadDocument`` at ``$.content`` rather than a pin quietly ignored.
    """
    content = document.get("content")
    if content is None:
        return {}
    refs = content if isinstance(content, list) else [content]
    pins: dict[str, str] = {}
    for ref in refs:
        if not (
            isinstance(ref, Mapping)
            and isinstance(ref.get("pack"), str)
            and isinstance(ref.get("version"), str)
        ):
            raise BadDocument.at(
                "$.content", "must be a list of pack versions, each {pack, version} as text"
            )
        pins[ref["pack"]] = ref["version"]
    return pins


def resolve(document: Mapping[str, Any] | None = None) -> Resolved:
    """The catalogue a list document is checked against (the published packs without one).

    Raises:
        BadDocument: at ``$.content``, when ``content`` is malformed or names a version
            that is not stored.
    """
    return _resolved(read_pins(document or {}), published=True)


def resolve_pins(pins: Mapping[str, str]) -> Resolved:
    """``resolve`` for pins already read (two lists of one simulation, merged)."""
    return _resolved(dict(pins), published=True)


def resolve_versions(versions: Mapping[str, str]) -> Resolved:
    """The catalogue of exactly these pack versions (a saved list's stored pins)."""
    return _resolved(dict(versions), published=False)


def published() -> Resolved:
    """The catalogue of every currently published pack."""
    return _resolved({}, published=True)


def resolve_candidate(document: Mapping[str, Any]) -> Resolved:
    """The catalogue players would see once ``document`` (a pack version not stored yet) is
    published: it, with every other pack at its published version.

    Cached nowhere: a candidate changes with every edit, and keeping it would push the
    published catalogues players are checked against out of the engine's bounded cache.
    """
    rows = list(
        ContentPackVersion.objects.filter(version=F("pack__version"))
        .exclude(pack__pack_id=document["id"])
        .values_list("pack__pack_id", "version", "document")
    )
    catalogue = build_catalogue([doc for _, _, doc in rows] + [dict(document)], cache=False)
    versions = {pack_id: version for pack_id, version, _ in rows}
    versions[document["id"]] = document["version"]
    return Resolved(catalogue, dict(sorted(versions.items())))


def _resolved(pins: dict[str, str], *, published: bool) -> Resolved:
    wanted = Q(pk__in=[])
    if published:
        wanted |= Q(version=F("pack__version"))
    for pack_id, version in pins.items():
        wanted |= Q(pack__pack_id=pack_id, version=version)
    # One small query while the packs stay the same: ids, versions and checksums only; the
    # documents are read (a second query) only for a set no cached catalogue was built from.
    rows = ContentPackVersion.objects.filter(wanted).values_list(
        "id", "pack__pack_id", "version", "checksum"
    )
    chosen: dict[str, tuple[int, str, str]] = {}
    for row_id, pack_id, version, checksum in rows:
        if pins.get(pack_id, version) == version:
            chosen[pack_id] = (row_id, version, checksum)
    missing = sorted(f"{p} {v}" for p, v in pins.items() if chosen.get(p, (0, ""))[1] != v)
    if missing:
        raise BadDocument.at(
            "$.content", f"names pack versions that are not loaded here: {', '.join(missing)}"
        )
    key = tuple(sorted((pack_id, row[2]) for pack_id, row in chosen.items()))
    catalogue = _CATALOGUES.get(key)
    if catalogue is None:
        ids = [row[0] for row in chosen.values()]
        documents = ContentPackVersion.objects.filter(id__in=ids).values_list("document", flat=True)
        catalogue = build_catalogue(list(documents))
        if len(_CATALOGUES) >= CACHE_SIZE:
            _CATALOGUES.pop(next(iter(_CATALOGUES)))
        _CATALOGUES[key] = catalogue
    return Resolved(catalogue, {p: row[1] for p, row in sorted(chosen.items())})
