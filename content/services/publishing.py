"""Publishing a pack from the admin: what the catalogue's edits would change, and writing
them out as the pack's next version.

Players' pages resolve published pack versions (``content.catalogues``), never the
catalogue's records, so an edit reaches them only once its pack is published. Publishing is
``pack_dump`` without a file: the same checks, the same versioning rule, the same lock, so
the admin and ``manage.py dumppack`` cannot disagree.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from django.db.models import Q

from content.engine import pack_checksum
from content.models import ContentPack, ContentPackVersion
from content.publish_gates import GateFinding, gate_findings
from content.services.pack_diff import PackDiff, diff_packs, next_version
from content.services.packs import pack_document, pack_documents, pack_dump, version_key


def unpublished_changes(pack: ContentPack) -> PackDiff:
    """The catalogue's records of ``pack`` against its published version; ``new_version``
    is the version publishing them would write (the published one when nothing changed)."""
    return unpublished_changes_of([pack])[pack.pk]


def unpublished_changes_of(packs: Sequence[ContentPack]) -> dict[int, PackDiff]:
    """``unpublished_changes`` of several packs by primary key, in a constant number of
    queries (the admin's pack list shows every pack's count on one page)."""
    current = pack_documents(packs)
    wanted = Q(pk__in=[])
    for pack in packs:
        wanted |= Q(pack_id=pack.pk, version=pack.version)
    published = {v.pack_id: v.document for v in ContentPackVersion.objects.filter(wanted)}
    stored: dict[int, list[str]] = {pack.pk: [] for pack in packs}
    for pack_pk, version in ContentPackVersion.objects.filter(pack__in=list(packs)).values_list(
        "pack_id", "version"
    ):
        stored[pack_pk].append(version)
    diffs = {}
    for pack in packs:
        diff = diff_packs(published[pack.pk], current[pack.pk])
        latest = max(stored[pack.pk], key=version_key, default=pack.version)
        upcoming = next_version(latest, diff.bump) if diff.bump else pack.version
        diffs[pack.pk] = dataclasses.replace(diff, new_version=upcoming)
    return diffs


@dataclasses.dataclass(frozen=True)
class Candidate:
    """What publishing ``pack`` now would store, its checksum, and what the publish gates
    (known-good lists) find on it."""

    document: dict[str, Any]
    checksum: str
    findings: tuple[GateFinding, ...]

    @property
    def refused(self) -> bool:
        return any(f.changed for f in self.findings)


def publish_candidate(pack: ContentPack) -> Candidate:
    """The pack's records as edited, numbered as the version publishing would write (the
    published one when nothing waits), checked by every publish gate. Nothing is written;
    ``pack_dump`` checks again inside its lock."""
    doc = pack_document(pack)
    doc["version"] = unpublished_changes(pack).new_version
    return Candidate(doc, pack_checksum(doc), tuple(gate_findings(pack, doc)))


def publish(pack: ContentPack, actor: str) -> ContentPackVersion:
    """Write the catalogue's edits of ``pack`` as its next version, with who and when.

    One transaction under the catalogue's write lock (``pack_dump``): the version is stored
    whole and made the published one, or nothing is written. With nothing to publish, the
    published version is returned and nothing is written.

    Raises:
        PackLoadError: the edited records no longer make a valid pack, or a known-good
            list's result changed and the change is not accepted yet.
    """
    doc = pack_dump(pack=pack, actor=actor)
    return ContentPackVersion.objects.select_related("pack").get(pack=pack, version=doc["version"])


def publication_summary(version: ContentPackVersion, previous: str, by: str = "") -> str:
    """What the admin says once ``publish`` has run, ``previous`` being the version that was
    published before: ``Published cs-air-action-core 1.1.0 (minor: 1 record added)``, or
    that there was nothing to publish. ``by`` is who asked: when another maintainer's
    publication got there first (two at once), it says so rather than claim theirs."""
    pack_id = version.pack.pack_id
    if version.version == previous:
        return f"Nothing to publish: {pack_id} {version.version} is up to date."
    if by and version.actor != by[:150]:
        return (
            f"Nothing to publish: {pack_id} {version.version} was published meanwhile by "
            f"{version.actor or 'a script'}."
        )
    before = ContentPackVersion.objects.get(pack=version.pack, version=previous).document
    diff = diff_packs(before, version.document)
    return f"Published {pack_id} {version.version} ({diff.bump}: {diff.summary()})"
