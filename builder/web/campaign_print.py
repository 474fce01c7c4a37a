"""A campaign's printed roster: a print job like any other, rendered by the same workers.

A campaign is not a list, so it prints no list sheet (``cards``, ``roster`` ...): its job
names the campaign (``{"campaign": "<public id>"}``) and the worker folds the roster as it
stands when it renders. The PDF is named by the fingerprint of what it shows, so printing
an unchanged campaign again reuses the file, and a new game gives a new one.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping
from typing import Any

from django.conf import settings
from django.db import transaction
from django.http import Http404
from django.urls import reverse

from builder.campaigns.models import Campaign
from builder.campaigns.roster import catalogue_of
from builder.campaigns.selectors import campaign_for, campaign_view
from builder.core.errors import ApplicationError, ErrorCode
from builder.core.quotas import job_quota_check
from builder.core.site import site_url
from builder.engine import system_module
from builder.printing.models import PrintJob
from builder.printing.options import print_options_parse
from builder.printing.render import TEMPLATE_VERSION, pdf_from_html, sheet_html
from builder.printing.services import RenderedSheet
from builder.printing.sheets.campaign import campaign_sheet

CAMPAIGN_KIND = PrintJob.Kind.CAMPAIGN
Progress = Callable[[int, int], None]


def _campaign_of(owner: Any, public_id: Any) -> Campaign:
    """The campaign as ``owner`` may read it; anyone else's is as absent as none."""
    try:
        return campaign_for(user=owner, public_id=public_id)
    except (Http404, ValueError) as exc:
        raise ApplicationError(
            ErrorCode.NOT_FOUND,
            "No such campaign of yours.",
            [{"path": "$.what.campaign", "field": "campaign", "message": "no such campaign"}],
            status=404,
        ) from exc


def campaign_sheet_values(campaign: Campaign) -> dict[str, Any]:
    """The printed roster's values for ``campaign`` as it stands now, its figures and
    abilities named from the pack versions it is played on."""
    view = campaign_view(campaign)
    return campaign_sheet(
        catalogue_of(campaign),
        name=campaign.name,
        system=campaign.system,
        system_title=system_module(campaign.system).title,
        roster=view["roster"],
        lost=view["lost"],
        games=[str(g["title"]) for g in view["games"]],
        settings=view["settings"],
        link=site_url(
            reverse(
                "web:campaign-watch",
                kwargs={"public_id": campaign.public_id, "token": campaign.spectator_token},
            )
        ),
    )


@transaction.atomic
def campaign_print_create(
    *, owner: Any, campaign: Campaign, options: Mapping[str, Any] | None = None
) -> PrintJob:
    """A queued job printing ``campaign``'s roster for ``owner`` (who must be able to read
    it); the PDF is rendered after commit, within the owner's print-job quota."""
    job_quota_check(
        owner=owner,
        active=PrintJob.objects.filter(owner=owner, status__in=PrintJob.ACTIVE),
        limit=settings.PRINT_JOBS_PER_USER,
        noun="print job",
    )
    parsed = print_options_parse(dict(options or {}))
    job = PrintJob(
        owner=owner,
        kind=CAMPAIGN_KIND,
        title=f"Campaign roster: {campaign.name}"[:200],
        what={"campaign": str(campaign.public_id)},
        options=parsed.to_dict(),
        status=PrintJob.Status.QUEUED,
    )
    job.full_clean()
    job.save()
    from builder.printing.tasks import print_job_render

    transaction.on_commit(lambda: print_job_render.delay(job.pk))
    return job


def campaign_job_work(job: PrintJob) -> tuple[str, Callable[[Progress | None], Any]]:
    """The PDF's file name (its fingerprint) and the render of a campaign job."""
    what = job.what if isinstance(job.what, Mapping) else {}
    campaign = _campaign_of(job.owner, what.get("campaign"))
    options = print_options_parse(job.options)
    values = campaign_sheet_values(campaign)
    key = {"sheet": values, "options": options.to_dict(), "template": TEMPLATE_VERSION}
    text = json.dumps(key, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    name = f"{hashlib.sha256(text.encode()).hexdigest()}.pdf"

    def render(progress: Progress | None) -> RenderedSheet:
        rows = len(values["rows"]) + len(values["lost"])
        pdf, pages = pdf_from_html(sheet_html(values, options))
        if progress:
            progress(rows, rows)
        return RenderedSheet(pdf=pdf, pages=pages, items=rows)

    return name, render
