"""A pack change's blast radius: which saved lists pinned to the older version would change
points or verdict on the newer one, each checked against both.

A player sees their own lists; a maintainer (staff) sees every player's, counted, with the
first ``SHOWN`` checked and named. Each list is checked once against each version, and the
catalogue of each set of pack versions is resolved once however many lists share it, so
the queries grow with the sets of versions the lists are pinned to, never with the lists.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.db.models import Prefetch, QuerySet

from builder import engine
from builder.core.errors import ApplicationError
from builder.lists.models import SavedList
from builder.lists.pinning import pinned_document, versions_map
from builder.lists.upgrade import id_uses
from content import catalogues
from content.models import ContentPackVersion
from content.services.pack_diff import PackDiff

SHOWN = 50
"""Lists checked and named on one diff; the rest are counted."""


@dataclass(frozen=True)
class VerdictSummary:
    legal: bool
    points: int
    limit: int | None
    problems: int


@dataclass(frozen=True)
class UsedChange:
    """A record the diff adds, changes or removes that the list names, and where."""

    kind: str
    type: str
    id: str
    name: str
    prices: bool
    used_by: tuple[str, ...]


@dataclass(frozen=True)
class ListImpact:
    """One saved list on the older version and on the newer; ``error`` when the engine
    cannot read it against one of them (the list is shown, not hidden)."""

    uuid: str
    name: str
    owner: str
    before: VerdictSummary | None
    after: VerdictSummary | None
    uses: tuple[UsedChange, ...]
    error: str = ""

    @property
    def changes_points(self) -> bool:
        return bool(self.before and self.after and self.before.points != self.after.points)

    @property
    def changes_verdict(self) -> bool:
        return bool(self.before and self.after and self.before.legal != self.after.legal)

    @property
    def changes(self) -> bool:
        return self.changes_points or self.changes_verdict or bool(self.error)


@dataclass(frozen=True)
class BlastRadius:
    """``pinned`` lists in scope are pinned to the older version; ``lists`` are the first
    ``SHOWN`` of them, checked; ``everyone`` when the scope is every player's lists."""

    pinned: int
    lists: tuple[ListImpact, ...]
    everyone: bool

    @property
    def changed(self) -> tuple[ListImpact, ...]:
        """The lists shown whose points or verdict would change."""
        return tuple(i for i in self.lists if i.changes)


def lists_pinned_to(
    version: ContentPackVersion, *, viewer: User | AnonymousUser
) -> QuerySet[SavedList]:
    """Saved lists (out of the trash) pinned to ``version`` that ``viewer`` may see: their
    own, or every player's for staff; none for a visitor."""
    if not viewer.is_authenticated:
        return SavedList.objects.none()
    rows = SavedList.objects.filter(pack_versions=version, deleted_at__isnull=True)
    if not viewer.is_staff:
        rows = rows.filter(owner=viewer)
    return rows


def _summary(verdict: engine.Verdict) -> VerdictSummary:
    return VerdictSummary(
        legal=verdict.legal,
        points=verdict.points,
        limit=verdict.limit,
        problems=len(verdict.violations),
    )


class _Checker:
    """Checks documents against sets of pack versions, resolving each set once."""

    def __init__(self) -> None:
        self._resolved: dict[tuple[tuple[str, str], ...], catalogues.Resolved] = {}

    def summary(self, document: Mapping[str, Any], versions: dict[str, str]) -> VerdictSummary:
        key = tuple(sorted(versions.items()))
        if key not in self._resolved:
            try:
                self._resolved[key] = catalogues.resolve_versions(versions)
            except engine.BadDocument as exc:
                raise engine.bad_document_error(exc) from exc
        return _summary(engine.list_checked(document, resolved=self._resolved[key]).verdict)


def _uses(diff: PackDiff, document: Mapping[str, Any]) -> tuple[UsedChange, ...]:
    names = id_uses(document)
    return tuple(
        UsedChange(
            kind=str(rec.kind),
            type=rec.type,
            id=rec.id,
            name=rec.name,
            prices=rec.is_repriced,
            used_by=tuple(names[rec.id]),
        )
        for rec in diff.records
        if rec.id in names
    )


def _impact(
    saved: SavedList,
    old: ContentPackVersion,
    new: ContentPackVersion,
    diff: PackDiff,
    checker: _Checker,
) -> ListImpact:
    pins = list(saved.pack_versions.all())
    moved = [new if pin.pk == old.pk else pin for pin in pins]
    before = after = None
    error = ""
    try:
        before = checker.summary(saved.document, versions_map(pins))
        after = checker.summary(pinned_document(saved.document, moved), versions_map(moved))
    except ApplicationError as exc:
        error = exc.message
    return ListImpact(
        uuid=str(saved.uuid),
        name=saved.name,
        owner=saved.owner.get_username(),
        before=before,
        after=after,
        uses=_uses(diff, saved.document),
        error=error,
    )


def blast_radius(
    *,
    old: ContentPackVersion,
    new: ContentPackVersion,
    diff: PackDiff,
    viewer: User | AnonymousUser,
) -> BlastRadius:
    """What moving the lists ``viewer`` may see from ``old`` to ``new`` (two versions of one
    pack, ``diff`` between them) does to each: points and verdict before and after, and the
    changed records each names. Nothing is written."""
    scope = lists_pinned_to(old, viewer=viewer)
    pinned = scope.count()
    if not pinned:
        return BlastRadius(0, (), bool(viewer.is_staff))
    shown = (
        scope.select_related("owner")
        .prefetch_related(
            Prefetch(
                "pack_versions",
                queryset=ContentPackVersion.objects.defer("document").select_related("pack"),
            )
        )
        .order_by("name", "id")[:SHOWN]
    )
    checker = _Checker()
    impacts = tuple(_impact(saved, old, new, diff, checker) for saved in shown)
    return BlastRadius(pinned, impacts, bool(viewer.is_staff))
