"""Players' "this price is wrong" reports and the maintainers' answers to them.

A report keeps the list as it was (document, pinned versions, verdict), so it still says
what the player saw after the list is edited or deleted. A maintainer turns it into a
known-good or known-bad list in one step, or dismisses it with a reason; the player sees
which on the list's page.
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone

from builder.core.errors import ApplicationError, ErrorCode
from builder.lists.known_good import guarded_pack, known_good_create
from builder.lists.models import KnownGoodList, ListReport, SavedList
from builder.lists.pinning import versions_map
from content.models import ContentPack

MESSAGE_MAX = 2000
OPEN_MAX = 10
"""Reports one player may have waiting at once: the queue is read by people."""


def _closed(report: ListReport) -> ApplicationError:
    return ApplicationError(
        code=ErrorCode.REPORT_CLOSED,
        message=f"This report was already handled: {report.get_status_display().lower()}.",
        status=409,
    )


@transaction.atomic
def list_report_create(
    *, saved_list: SavedList, reporter: User, message: str, entry_label: str = ""
) -> ListReport:
    """File a report on ``saved_list`` with a copy of it as it stands.

    Raises:
        ApplicationError: ``invalid`` naming the field when the message is empty or long;
            ``throttled`` when the player has ``OPEN_MAX`` reports waiting.
    """
    text = message.strip()
    if not text or len(text) > MESSAGE_MAX:
        raise ApplicationError(
            code=ErrorCode.INVALID,
            message=f"Say what is wrong, in at most {MESSAGE_MAX} characters.",
            details=[{"path": "message", "field": "message", "message": "empty or too long"}],
        )
    waiting = ListReport.objects.filter(reporter=reporter, status=ListReport.Status.OPEN)
    if waiting.count() >= OPEN_MAX:
        raise ApplicationError(
            code=ErrorCode.THROTTLED,
            message=f"You have {OPEN_MAX} reports waiting for the maintainers; wait for an "
            "answer before sending more.",
            status=429,
        )
    pins = saved_list.pack_versions.select_related("pack")
    report = ListReport(
        reporter=reporter,
        saved_list=saved_list,
        list_name=saved_list.name,
        document=saved_list.document,
        pinned_versions=versions_map(pins),
        legal=saved_list.legal,
        points=saved_list.points,
        message=text,
        entry_label=entry_label[:300],
    )
    report.full_clean()
    report.save()
    return report


def list_reports_for(*, saved_list: SavedList, reporter: User) -> QuerySet[ListReport]:
    """The reports ``reporter`` filed on ``saved_list``, newest first."""
    return ListReport.objects.filter(saved_list=saved_list, reporter=reporter).order_by(
        "-created_at", "-id"
    )


def report_status_words(report: ListReport) -> str:
    """What the player reads about their report."""
    if report.status == ListReport.Status.OPEN:
        return "Open: the maintainers have not answered yet."
    if report.status == ListReport.Status.DISMISSED:
        return f"Dismissed: {report.reason}"
    kind = "known-good" if report.status == ListReport.Status.KNOWN_GOOD else "known-bad"
    return (
        f"Turned into a {kind} list: every new version of the pack is checked against it "
        "before it is published."
    )


def _locked_open(report: ListReport) -> ListReport:
    row = ListReport.objects.select_for_update().select_related("reporter").get(pk=report.pk)
    if row.status != ListReport.Status.OPEN:
        raise _closed(row)
    return row


@transaction.atomic
def list_report_make_known(
    *,
    report: ListReport,
    by: User,
    legal: bool,
    points: int | None = None,
    pack: ContentPack | None = None,
) -> KnownGoodList:
    """Turn an open report into a known-good (``legal``) or known-bad list: its document,
    guarding ``pack`` (by default the pack of its own game it was checked against), expecting
    the points the published packs give it now or the maintainer's corrected ``points``.

    Raises:
        ApplicationError: ``report_closed`` when the report was already handled.
    """
    row = _locked_open(report)
    guarded = pack or guarded_pack(row.document, row.pinned_versions)
    known = known_good_create(
        pack=guarded,
        document=row.document,
        by=by,
        name=row.list_name,
        note=f"Report by {row.reporter.get_username()}: {row.message}"[:300],
        legal=legal,
        points=points,
    )
    row.status = ListReport.Status.KNOWN_GOOD if legal else ListReport.Status.KNOWN_BAD
    row.known_good, row.handled_by, row.handled_at = known, by, timezone.now()
    row.save(update_fields=["status", "known_good", "handled_by", "handled_at"])
    return known


@transaction.atomic
def list_report_dismiss(*, report: ListReport, by: User, reason: str) -> ListReport:
    """Close an open report with the reason the player will read.

    Raises:
        ApplicationError: ``invalid`` without a reason; ``report_closed`` when handled.
    """
    text = reason.strip()
    if not text:
        raise ApplicationError(
            code=ErrorCode.INVALID,
            message="Give the player a reason for dismissing their report.",
            details=[{"path": "reason", "field": "reason", "message": "required"}],
        )
    row = _locked_open(report)
    row.status, row.reason = ListReport.Status.DISMISSED, text[:MESSAGE_MAX]
    row.handled_by, row.handled_at = by, timezone.now()
    row.save(update_fields=["status", "reason", "handled_by", "handled_at"])
    return row
