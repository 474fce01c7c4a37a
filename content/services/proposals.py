"""Proposals from collectors: sending a record or a correction, revising or withdrawing it,
and a maintainer's review (approve, reject, ask for changes).

A proposal is checked exactly as an admin edit is, by the record model's own ``full_clean``
(schema and references against the catalogue as it is now), and the same check runs again
when it is approved: what the catalogue held when it was sent may have changed. Sending,
revising and rejecting never touch the catalogue; approving writes the record (and a
figure's dial) through ``record_save`` in one transaction, which makes it an unpublished
change of its pack, and the version that publishes the pack credits the proposer
(``proposals_credit``, called by ``pack_dump``).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.core.exceptions import NON_FIELD_ERRORS, PermissionDenied, ValidationError
from django.db import transaction
from django.utils import timezone

from content.engine import normalise_record
from content.models import (
    RECORD_MODELS,
    CatalogueRecord,
    CombatDial,
    ContentPack,
    ContentPackVersion,
    Figure,
    GameSystem,
)
from content.proposals import RecordProposal
from content.services.collection import collection_pack_get_or_create, collector_source
from content.services.pack_diff import PackDiff, diff_packs
from content.services.records import figure_dial_save, record_save, record_sync_columns

Status = RecordProposal.Status
Kind = RecordProposal.Kind
AnyUser = User | AnonymousUser
"""Who asks: a signed-in user, or no one (every service refuses the anonymous one)."""

OPEN = (Status.PENDING, Status.CHANGES_REQUESTED)
"""Statuses a proposer may still withdraw from."""


@dataclass(frozen=True)
class ProposedRecord:
    """What a proposal holds of its record: the envelope and document the admin edits, and a
    figure's combat dial when it changes (``None`` leaves the dial as it is)."""

    name: str
    data: Any
    name_original: str = ""
    source: Any = field(default_factory=dict)
    uncertain: Any = field(default_factory=list)
    dial: dict[str, Any] | None = None


def type_label(record_type: str) -> str:
    """``figure``, ``combat dial``: a record type as a sentence names it."""
    model = RECORD_MODELS.get(record_type)
    return str(model._meta.verbose_name) if model else record_type.replace("_", " ")


def proposal_target(
    *, system: GameSystem, record_type: str, stable_id: str
) -> CatalogueRecord | None:
    """The catalogue's record a correction is about, as it is now."""
    model = RECORD_MODELS[record_type]
    return model.objects.filter(system=system, stable_id=stable_id).first()


def _dial_record(figure: Figure, name: str) -> CombatDial:
    """The combat dial a figure's proposed dial is checked as: its own dial, or the one the
    admin would make for it (``figure_dial_save``)."""
    dial_id = (figure.data or {}).get("combat_dial") or f"{figure.stable_id}-dial"
    existing = CombatDial.objects.filter(system=figure.system, stable_id=dial_id).first()
    if existing is not None:
        return existing
    return CombatDial(
        system=figure.system,
        stable_id=dial_id,
        name=f"{name} combat dial",
        source=collector_source(figure.system),
        uncertain=[],
        sample=False,
    )


def current_dial(record: CatalogueRecord | None) -> dict[str, Any] | None:
    """A figure's combat dial document as the catalogue holds it now."""
    if not isinstance(record, Figure) or not record.combat_dial_id:
        return None
    dial = CombatDial.objects.filter(pk=record.combat_dial_id).values_list("data", flat=True)
    found = dial.first()
    return found if isinstance(found, dict) else None


def _candidate(
    *, system: GameSystem, record_type: str, kind: str, stable_id: str, proposed: ProposedRecord
) -> tuple[CatalogueRecord | None, CatalogueRecord]:
    """(the catalogue's record, or None) and an unsaved record holding the proposal."""
    model = RECORD_MODELS[record_type]
    target = proposal_target(system=system, record_type=record_type, stable_id=stable_id)
    if target is not None and kind == Kind.CORRECTION:
        candidate = model.objects.get(pk=target.pk)
    else:
        candidate = model(system=system, stable_id=stable_id, sample=False)
    candidate.name = proposed.name
    candidate.name_original = proposed.name_original
    candidate.source = copy.deepcopy(proposed.source)
    candidate.uncertain = copy.deepcopy(proposed.uncertain)
    candidate.data = copy.deepcopy(proposed.data)
    return target, candidate


def proposal_record(proposal: RecordProposal) -> CatalogueRecord:
    """An unsaved record holding the proposal, over the catalogue's record for a
    correction: what a form shows and checks."""
    return _candidate(
        system=proposal.system,
        record_type=proposal.record_type,
        kind=proposal.kind,
        stable_id=proposal.stable_id,
        proposed=proposed_of(proposal),
    )[1]


def _messages(error: ValidationError) -> dict[str, list[str]]:
    if hasattr(error, "error_dict"):
        return {k: [str(m) for e in v for m in e.messages] for k, v in error.error_dict.items()}
    return {NON_FIELD_ERRORS: [str(m) for m in error.messages]}


def proposal_errors(
    *, system: GameSystem, record_type: str, kind: str, stable_id: str, proposed: ProposedRecord
) -> dict[str, list[str]]:
    """Why the catalogue as it is now would refuse this record, by field (``name``,
    ``data``, ``stable_id``, ``dial``...); empty when an admin edit would be saved."""
    if record_type not in RECORD_MODELS:
        return {"record_type": [f"There is no record type {record_type!r}."]}
    target, candidate = _candidate(
        system=system, record_type=record_type, kind=kind, stable_id=stable_id, proposed=proposed
    )
    where = f"{system.name}'s catalogue"
    if kind == Kind.CORRECTION and target is None:
        return {
            "stable_id": [f"{where} no longer holds the {type_label(record_type)} {stable_id}."]
        }
    if kind == Kind.ADDITION and target is not None:
        return {
            "stable_id": [
                f"{where} already has a {type_label(record_type)} with the id {stable_id} "
                f"({target.name}): choose another id, or suggest a correction of that record."
            ]
        }
    errors: dict[str, list[str]] = {}
    record_sync_columns(candidate)
    try:
        candidate.full_clean(exclude=[] if candidate.pack_id else ["pack"])
    except ValidationError as exc:
        errors.update(_messages(exc))
    if proposed.dial is not None and isinstance(candidate, Figure):
        dial = _dial_record(candidate, proposed.name)
        dial.data = proposed.dial
        try:
            dial.full_clean(exclude=["pack"])
        except ValidationError as exc:
            errors["dial"] = [m for ms in _messages(exc).values() for m in ms]
    return errors


def _refuse_unless_valid(proposal: RecordProposal) -> None:
    errors = proposal_errors(
        system=proposal.system,
        record_type=proposal.record_type,
        kind=proposal.kind,
        stable_id=proposal.stable_id,
        proposed=proposed_of(proposal),
    )
    if errors:
        raise ValidationError(errors)


def proposed_of(proposal: RecordProposal) -> ProposedRecord:
    return ProposedRecord(
        name=proposal.name,
        name_original=proposal.name_original,
        source=proposal.source,
        uncertain=proposal.uncertain,
        data=proposal.data,
        dial=proposal.dial,
    )


def _fill(proposal: RecordProposal, proposed: ProposedRecord, message: str) -> None:
    target = proposal_target(
        system=proposal.system, record_type=proposal.record_type, stable_id=proposal.stable_id
    )
    dial = proposed.dial
    if dial is not None and dial == current_dial(target):
        dial = None  # the dial as it is: nothing to change
    proposal.name = proposed.name
    proposal.name_original = proposed.name_original
    proposal.source = proposed.source
    proposal.uncertain = proposed.uncertain
    proposal.data = proposed.data
    proposal.dial = dial
    proposal.message = message
    if target is not None and proposal.kind == Kind.CORRECTION:
        proposal.pack = target.pack


def _require_signed_in(user: AnyUser) -> User:
    if not isinstance(user, User) or not user.is_active:
        raise PermissionDenied("Sign in to propose a record.")
    return user


@transaction.atomic
def proposal_submit(
    *,
    proposer: AnyUser,
    system: GameSystem,
    record_type: str,
    kind: str,
    stable_id: str,
    proposed: ProposedRecord,
    message: str = "",
) -> RecordProposal:
    """Send a correction of a catalogue record, or a new record, for review.

    Raises:
        ValidationError: by field, what an admin edit of the same values would be refused
            for (nothing is written).
        PermissionDenied: ``proposer`` is not signed in.
    """
    user = _require_signed_in(proposer)
    errors = proposal_errors(
        system=system, record_type=record_type, kind=kind, stable_id=stable_id, proposed=proposed
    )
    if errors:
        raise ValidationError(errors)
    proposal = RecordProposal(
        proposer=user, system=system, record_type=record_type, kind=kind, stable_id=stable_id
    )
    _fill(proposal, proposed, message)
    proposal.full_clean()
    proposal.save()
    return proposal


def _own_locked(proposal: RecordProposal, proposer: AnyUser) -> RecordProposal:
    user = _require_signed_in(proposer)
    locked = RecordProposal.objects.select_for_update().select_related("system").get(pk=proposal.pk)
    if locked.proposer_id != user.pk:
        raise PermissionDenied("Only its proposer may change a proposal.")
    return locked


@transaction.atomic
def proposal_revise(
    *, proposal: RecordProposal, proposer: AnyUser, proposed: ProposedRecord, message: str = ""
) -> RecordProposal:
    """The proposer's new values for a proposal the reviewer asked changes of: checked
    again, and waiting for review again.

    Raises:
        ValidationError: by field, as ``proposal_submit``; or the proposal is not one the
            reviewer asked changes of.
        PermissionDenied: ``proposer`` is not the one who sent it.
    """
    locked = _own_locked(proposal, proposer)
    if locked.status != Status.CHANGES_REQUESTED:
        raise ValidationError(
            f"Only a proposal marked “changes requested” can be revised; this one is "
            f"{locked.get_status_display()}."
        )
    errors = proposal_errors(
        system=locked.system,
        record_type=locked.record_type,
        kind=locked.kind,
        stable_id=locked.stable_id,
        proposed=proposed,
    )
    if errors:
        raise ValidationError(errors)
    _fill(locked, proposed, message)
    locked.status = Status.PENDING
    locked.full_clean()
    locked.save()
    return locked


@transaction.atomic
def proposal_withdraw(*, proposal: RecordProposal, proposer: AnyUser) -> RecordProposal:
    """The proposer takes back a proposal not yet approved or rejected."""
    locked = _own_locked(proposal, proposer)
    if locked.status not in OPEN:
        raise ValidationError(
            f"This proposal is {locked.get_status_display()}: it can no longer be withdrawn."
        )
    locked.status = Status.WITHDRAWN
    locked.save(update_fields=["status", "updated_at"])
    return locked


def review_permissions(proposal: RecordProposal) -> list[str]:
    """The permissions approving writes with: change of the record's type, and of combat
    dials when a figure's dial changes too."""
    model = RECORD_MODELS[proposal.record_type]
    perms = [f"{model._meta.app_label}.change_{model._meta.model_name}"]
    if proposal.dial is not None:
        perms.append(f"{CombatDial._meta.app_label}.change_{CombatDial._meta.model_name}")
    return perms


def proposal_may_review(user: AnyUser, proposal: RecordProposal) -> bool:
    """Maintainers review: active staff who may change records of the proposal's type."""
    return bool(
        user.is_active
        and getattr(user, "is_staff", False)
        and user.has_perms(review_permissions(proposal))
    )


def _reviewed_locked(proposal: RecordProposal, reviewer: AnyUser) -> RecordProposal:
    locked = RecordProposal.objects.select_for_update().select_related("system").get(pk=proposal.pk)
    if not proposal_may_review(reviewer, locked):
        raise PermissionDenied("Only a maintainer who may change such records reviews them.")
    if locked.status != Status.PENDING:
        raise ValidationError(
            f"Only a proposal waiting for review can be reviewed; this one is "
            f"{locked.get_status_display()}."
        )
    return locked


def _close(proposal: RecordProposal, reviewer: AnyUser, status: str, reason: str) -> None:
    proposal.status = status
    proposal.reviewer = reviewer if isinstance(reviewer, User) else None
    proposal.review_reason = reason
    proposal.reviewed_at = timezone.now()
    proposal.save(
        update_fields=["status", "reviewer", "review_reason", "reviewed_at", "pack", "updated_at"]
    )


@transaction.atomic
def proposal_approve(
    *, proposal: RecordProposal, reviewer: AnyUser, reason: str = ""
) -> CatalogueRecord:
    """Apply the proposal to the catalogue: checked again against the catalogue as it is
    now, then saved as an admin edit would be (a figure's dial first), all in one
    transaction. The record is then an unpublished change of its pack.

    Raises:
        ValidationError: by field, why the catalogue refuses it now (nothing is written);
            or the proposal is not waiting for review.
        PermissionDenied: ``reviewer`` may not change such records.
    """
    locked = _reviewed_locked(proposal, reviewer)
    _refuse_unless_valid(locked)
    _target, record = _candidate(
        system=locked.system,
        record_type=locked.record_type,
        kind=locked.kind,
        stable_id=locked.stable_id,
        proposed=proposed_of(locked),
    )
    if not record.pack_id:
        record.pack = collection_pack_get_or_create(system=locked.system)
    if locked.dial is not None and isinstance(record, Figure):
        figure_dial_save(figure=record, dial=copy.deepcopy(locked.dial))
    record_save(record=record)
    locked.pack = record.pack
    _close(locked, reviewer, Status.APPROVED, reason.strip())
    return record


def _reason_required(reason: str) -> str:
    reason = reason.strip()
    if not reason:
        raise ValidationError({"review_reason": ["Give a reason: the proposer reads it."]})
    return reason


@transaction.atomic
def proposal_reject(*, proposal: RecordProposal, reviewer: AnyUser, reason: str) -> RecordProposal:
    """Refuse a proposal, saying why; the catalogue is not touched.

    Raises:
        ValidationError: no reason given, or the proposal is not waiting for review.
        PermissionDenied: ``reviewer`` may not change such records.
    """
    reason = _reason_required(reason)
    locked = _reviewed_locked(proposal, reviewer)
    _close(locked, reviewer, Status.REJECTED, reason)
    return locked


@transaction.atomic
def proposal_request_changes(
    *, proposal: RecordProposal, reviewer: AnyUser, reason: str
) -> RecordProposal:
    """Send a proposal back to its proposer with what to change.

    Raises:
        ValidationError: no reason given, or the proposal is not waiting for review.
        PermissionDenied: ``reviewer`` may not change such records.
    """
    reason = _reason_required(reason)
    locked = _reviewed_locked(proposal, reviewer)
    _close(locked, reviewer, Status.CHANGES_REQUESTED, reason)
    return locked


def proposals_credit(*, pack: ContentPack, version: ContentPackVersion) -> int:
    """Credit the approved proposals of ``pack`` not yet published to ``version``, the one
    now publishing them; how many."""
    return RecordProposal.objects.filter(
        pack=pack, status=Status.APPROVED, published_in__isnull=True
    ).update(published_in=version)


def _document(record: CatalogueRecord, record_type: str) -> dict[str, Any]:
    return normalise_record(
        {
            "type": record_type,
            "id": record.stable_id,
            "name": record.name,
            "name_original": record.name_original,
            "source": record.source,
            "sample": record.sample,
            "uncertain": record.uncertain,
            "data": record.data,
        }
    )


def proposal_diff(proposal: RecordProposal) -> PackDiff:
    """The proposal against the catalogue's record as it is now, as a pack diff: a new
    record is added; a correction changes the record (and its dial) field by field."""
    target, candidate = _candidate(
        system=proposal.system,
        record_type=proposal.record_type,
        kind=proposal.kind,
        stable_id=proposal.stable_id,
        proposed=proposed_of(proposal),
    )
    before: list[dict[str, Any]] = []
    if target is not None and proposal.kind == Kind.CORRECTION:
        before.append(_document(target, proposal.record_type))
    after = [_document(candidate, proposal.record_type)]
    if proposal.dial is not None and isinstance(candidate, Figure):
        dial = _dial_record(candidate, proposal.name)
        if dial.pk:
            before.append(_document(dial, "combat_dial"))
        else:
            after[0]["data"] = {**after[0]["data"], "combat_dial": dial.stable_id}
        dial.data = proposal.dial
        after.append(_document(dial, "combat_dial"))
    pack_id = proposal.pack.pack_id if proposal.pack else ""
    return diff_packs({"id": pack_id, "records": before}, {"id": pack_id, "records": after})


def proposals_waiting(pack: ContentPack) -> list[RecordProposal]:
    """Approved proposals of ``pack`` that its next version will publish, oldest first."""
    return list(
        RecordProposal.objects.filter(pack=pack, status=Status.APPROVED, published_in__isnull=True)
        .select_related("proposer")
        .order_by("reviewed_at", "id")
    )
