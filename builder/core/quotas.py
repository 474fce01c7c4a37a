"""Per-user quotas on background jobs (simulations, print jobs): one wording, one error.

A user may have at most ``limit`` jobs of a kind queued or running; one more is refused with
a 429 ``job_quota`` that names the quota. A finished, failed or cancelled job no longer
counts. Cancelling is refused with a 409 ``not_cancellable`` once a job has ended.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import QuerySet

from builder.core.errors import ApplicationError


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
        code="job_quota",
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


def job_not_cancellable(*, noun: str, status: str) -> ApplicationError:
    """The 409 for cancelling a job that has already ended ("The simulation is done")."""
    return ApplicationError(
        code="not_cancellable",
        message=f"The {noun} is {status}: only a queued or running {noun} can be cancelled.",
        status=409,
    )
