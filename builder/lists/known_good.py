"""Known-good (and known-bad) lists: lists a pack must keep the verdict and points of.

Publishing runs them (``known_good_gate``, registered with ``content.publish_gates`` when the
app starts) against the candidate: the pack as it would be published with every other pack
as published. A list whose result differs from its expectation holds the publication back
until a maintainer accepts the new result or edits the list.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.urls import reverse
from django.utils import timezone

from builder import engine
from builder.core.errors import ApplicationError, ErrorCode
from builder.lists.checking import validate_document
from builder.lists.models import KnownGoodList
from builder.lists.pinning import systems_for
from content import catalogues
from content.models import ContentPack
from content.publish_gates import GateFinding
from content.services.publishing import publish_candidate


@dataclass(frozen=True)
class Result:
    """A list's verdict as a known-good list compares it: legal, points, the rules broken
    (codes, for comparing) and what they say (for people)."""

    legal: bool
    points: int
    codes: tuple[str, ...]
    messages: Mapping[str, str]


def verdict_words(legal: bool, points: int) -> str:
    """``legal, 46 points`` or ``not legal, 50 points``."""
    return f"{'legal' if legal else 'not legal'}, {points} point{'' if points == 1 else 's'}"


def result_on(document: Mapping[str, Any], resolved: catalogues.Resolved) -> Result:
    """The engine's result on ``document`` against ``resolved``.

    Raises:
        ApplicationError: ``bad_document`` when the engine cannot read the document there.
    """
    verdict = engine.list_checked(document, resolved=resolved).verdict
    messages: dict[str, str] = {}
    for v in verdict.violations:
        messages.setdefault(str(v.code), v.message)
    return Result(verdict.legal, verdict.points, tuple(sorted(messages)), messages)


def published_result(document: Mapping[str, Any]) -> Result:
    """``result_on`` the currently published packs: what a list registered now must keep."""
    return result_on(document, catalogues.published())


def _changes(row: KnownGoodList, got: Result) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """What differs from the expectation, and the rules newly broken, in words."""
    changes = []
    if row.legal != got.legal:
        changes.append(
            f"Verdict {'legal' if row.legal else 'not legal'} → "
            f"{'legal' if got.legal else 'not legal'}"
        )
    if row.points != got.points:
        changes.append(f"Points {row.points} → {got.points}")
    expected = None if row.violation_codes is None else set(row.violation_codes)
    if expected is None:
        new_codes = [c for c in got.codes] if row.legal and not got.legal else []
    else:
        new_codes = [c for c in got.codes if c not in expected]
        gone = len(expected - set(got.codes))
        if new_codes and not changes:
            changes.append(
                f"Breaks {len(new_codes)} rule{'s' if len(new_codes) > 1 else ''} "
                "it was not expected to"
            )
        if gone:
            changes.append(
                f"No longer breaks {gone} rule{'s' if gone > 1 else ''} it was expected to"
            )
    return tuple(changes), tuple(got.messages[c] for c in new_codes)


_PK = 987654321
"""A stand-in primary key: each admin address is reversed once per gate, not once per list."""


def _url_pattern(name: str) -> str:
    return reverse(name, args=[_PK]).replace(str(_PK), "{}")


def _finding(
    row: KnownGoodList, resolved: catalogues.Resolved | None, why: str, urls: tuple[str, str]
) -> GateFinding:
    kind = "Known-good list" if row.legal else "Known-bad list"
    edit_url, accept_url = urls[0].format(row.pk), urls[1].format(row.pk)
    expected = verdict_words(row.legal, row.points)
    got: Result | None = None
    if resolved is not None:
        try:
            got = result_on(row.document, resolved)
        except ApplicationError as exc:
            why = exc.message
    if got is None:
        return GateFinding(
            kind,
            row.name,
            row.note,
            expected,
            "cannot be checked",
            (f"Cannot be checked: {why}",),
            (),
            edit_url,
            "",
            str(row.pk),
        )
    changes, problems = _changes(row, got)
    return GateFinding(
        kind,
        row.name,
        row.note,
        expected,
        verdict_words(got.legal, got.points),
        changes,
        problems,
        edit_url,
        accept_url,
        str(row.pk),
    )


def known_good_gate(pack: ContentPack, candidate: dict[str, Any]) -> list[GateFinding]:
    """Every known-good list of ``pack`` checked against ``candidate`` (a publish gate)."""
    rows = list(KnownGoodList.objects.filter(pack=pack).order_by("name", "id"))
    if not rows:
        return []
    resolved: catalogues.Resolved | None = None
    why = ""
    try:
        resolved = catalogues.resolve_candidate(candidate)
    except engine.BadDocument as exc:
        why = f"the edited records do not make a pack the engine reads ({exc})"
    urls = (
        _url_pattern("admin:lists_knowngoodlist_change"),
        _url_pattern("admin:lists_knowngoodlist_accept"),
    )
    return [_finding(row, resolved, why, urls) for row in rows]


def _valid_for_pack(document: Mapping[str, Any], pack: ContentPack) -> None:
    validate_document(document)
    if pack.system.slug not in systems_for(document["system"]):
        raise ApplicationError(
            code=ErrorCode.INVALID,
            message=f"A {document['system']} list cannot guard {pack.pack_id}, a pack of "
            f"{pack.system.name}.",
            details=[{"path": "$.system", "field": "system", "message": "not the pack's game"}],
        )


def known_good_validate(*, document: Any, pack: ContentPack) -> None:
    """A list document a known-good list of ``pack`` may keep, or a ``ValidationError``
    naming what is wrong (the admin's form shows it at the field)."""
    try:
        _valid_for_pack(document, pack)
    except ApplicationError as exc:
        problems = "; ".join(f"{d['path']}: {d['message']}" for d in exc.details)
        raise ValidationError(f"{exc.message} {problems}".strip()) from exc


@transaction.atomic
def known_good_create(
    *,
    pack: ContentPack,
    document: Mapping[str, Any],
    by: User | None,
    name: str = "",
    note: str = "",
    legal: bool | None = None,
    points: int | None = None,
) -> KnownGoodList:
    """Register a list under ``pack``. Its expectation is what the published packs give it
    now, unless ``legal`` (known-good or known-bad) or ``points`` (a maintainer's corrected
    price) say otherwise; the rules it breaks are compared only when the expected verdict
    is the one it has now."""
    _valid_for_pack(document, pack)
    now = published_result(document)
    expected_legal = now.legal if legal is None else legal
    row = KnownGoodList(
        pack=pack,
        name=(name or str(document.get("name") or "Unnamed list"))[:200],
        note=note[:300],
        document=dict(document),
        legal=expected_legal,
        points=now.points if points is None else points,
        violation_codes=list(now.codes) if expected_legal == now.legal else None,
        created_by=by,
    )
    row.full_clean()
    row.save()
    return row


def guarded_pack(document: Mapping[str, Any], versions: Mapping[str, str]) -> ContentPack:
    """The pack a list guards by default: of the packs it is checked against, the first (by
    id) of its own game; another game's pack when it has none.

    Raises:
        ApplicationError: ``no_content`` when none of those packs is loaded.
    """
    packs = list(ContentPack.objects.filter(pack_id__in=list(versions)).select_related("system"))
    own = [p for p in packs if p.system.slug == document.get("system")]
    chosen = sorted(own or packs, key=lambda p: p.pack_id)
    if not chosen:
        raise ApplicationError(
            code=ErrorCode.NO_CONTENT,
            message="None of the packs this list was checked against is loaded.",
        )
    return chosen[0]


def known_good_from_documents(
    *, items: Sequence[tuple[Mapping[str, Any], Mapping[str, str], str]], by: User
) -> list[KnownGoodList]:
    """Register each (document, pinned versions, note) under its guarded pack, with what the
    published packs give it now as its expectation (the admin action on saved lists)."""
    with transaction.atomic():
        return [
            known_good_create(pack=guarded_pack(doc, pins), document=doc, by=by, note=note)
            for doc, pins, note in items
        ]


@transaction.atomic
def known_good_accept(*, known_good: KnownGoodList, by: User, checksum: str) -> KnownGoodList:
    """Make what the pack's candidate gives the list its new expectation, with who and when.

    ``checksum`` is the candidate's the maintainer was shown: if the pack was edited since,
    nothing changes (they accept what they saw, or nothing).

    Raises:
        ApplicationError: ``stale_result`` when the candidate changed; ``bad_document`` when
            the list cannot be checked against it.
    """
    row = KnownGoodList.objects.select_for_update().select_related("pack").get(pk=known_good.pk)
    candidate = publish_candidate(row.pack)
    if candidate.checksum != checksum:
        raise ApplicationError(
            code=ErrorCode.STALE_RESULT,
            message="The pack was edited after this result was shown; look at the Publish "
            "page again.",
            status=409,
        )
    got = result_on(row.document, catalogues.resolve_candidate(candidate.document))
    row.legal, row.points = got.legal, got.points
    if row.violation_codes is not None:
        row.violation_codes = list(got.codes)
    row.accepted_by, row.accepted_at, row.accepted_checksum = by, timezone.now(), checksum
    row.full_clean()
    row.save(
        update_fields=[
            "legal",
            "points",
            "violation_codes",
            "accepted_by",
            "accepted_at",
            "accepted_checksum",
        ]
    )
    return row
