"""``{% proposals_waiting pack %}``: on a pack's publish page, the approved proposals its
next version will publish, each with its proposer, who is credited in that version."""

from __future__ import annotations

from typing import Any

from django import template
from django.urls import reverse

from content.models import ContentPack
from content.services.proposals import proposals_waiting, type_label

register = template.Library()


@register.inclusion_tag("admin/content/recordproposal/_waiting.html")
def proposals_waiting_list(pack: ContentPack) -> dict[str, Any]:
    return {
        "waiting": [
            {
                "name": p.name,
                "type": type_label(p.record_type),
                "kind": p.get_kind_display(),
                "proposer": p.proposer.get_username(),
                "url": reverse("admin:content_recordproposal_change", args=[p.pk]),
            }
            for p in proposals_waiting(pack)
        ]
    }
