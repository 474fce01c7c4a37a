"""Per-user quotas on background jobs (simulations, print jobs): one wording, one error.

A user may have at most ``limit`` jobs of a kind queued or running; one more is refused with
a 429 ``job_quota`` that names the quota. A finished, failed or cancelled job no longer
counts. Cancelling is refused with a 409 ``not_cancellable`` once a job has ended.
"""

from __future__ import annotations

from typing import Any, TypeVar, cast

from django.contrib.auth import get_user_model
from django.db import models, transaction
from django.db.models import QuerySet
from django.utils import timezone

from builder.core.errors import ApplicationError, ErrorCode


def _counted(count: int, noun: str, plural: str | None) -> str:
    return f"{count} {noun if count == 1 else plural or noun + 's'}"


def job_quota_check(
    *, owner: Any, active: QuerySet[Any], limit: int, noun: str, plural: str | None = None
) -> None:
    """Refuse one more job when ``owner`` already has ``limit`` of them queued or running.

    Call it inside the transaction that stores the job: the owner's row is locked first, so
    two requests at the same moment cannot both take the last place.

    Args:
        owner: the user asking for a job.
        active: the owner's jobs of this kind that are queued or running.
        limit: the most one user may have at once (the setting).
        noun: what a job is called, singular ("simulation", "print job").
        plural: its plural, when adding "s" is wrong.
    """
    list(get_user_model().objects.select_for_update().filter(pk=owner.pk).values_list("pk"))
    count = active.count()
    if count >= limit:
        raise job_quota_error(count=count, limit=limit, noun=noun, plural=plural)


def job_quota_error(
    *, count: int, limit: int, noun: str, plural: str | None = None
) -> ApplicationError:
    """The 429 for a user at the quota: "You have 3 simulations queued or running, the most
    allowed; wait for one to finish or cancel one." """
    most = "the most allowed" if count == limit else f"and the most allowed is {limit}"
    return ApplicationError(
        code=ErrorCode.JOB_QUOTA,
        message=(
            f"You have {_counted(count, noun, plural)} queued or running, {most}; "
            "wait for one to finish or cancel one."
        ),
        details=[
            {
                "path": "$",
                "field": "",
                "message": f"limit: {_counted(limit, noun, plural)} queued or running at once",
            }
        ],
        status=429,
    )


J = TypeVar("J", bound=models.Model)


@transaction.atomic
def job_cancel(*, job: J, noun: str) -> J:
    """Mark a queued or running job cancelled, under a row lock so that a worker's write
    cannot cross it. The job's model has ``status``, ``finished_at`` and ``ACTIVE`` (the
    statuses still at work); a cancelled job stops counting against the quota.

    Cancelling a cancelled job changes nothing; an ended one is a 409 ``not_cancellable``.
    """
    locked: Any = type(job)._default_manager.select_for_update().get(pk=job.pk)
    if locked.status == "cancelled":
        return cast(J, locked)
    if locked.status not in locked.ACTIVE:
        raise job_not_cancellable(noun=noun, status=locked.get_status_display().lower())
    locked.status = "cancelled"
    locked.finished_at = timezone.now()
    locked.full_clean()
    locked.save(update_fields=["status", "finished_at"])
    return cast(J, locked)


def job_not_cancellable(*, noun: str, status: str) -> ApplicationError:
    """The 409 for cancelling a job that has already ended ("The simulation is done")."""
    return ApplicationError(
        code=ErrorCode.NOT_CANCELLABLE,
        message=f"The {noun} is {status}: only a queued or running {noun} can be cancelled.",
        status=409,
    )
