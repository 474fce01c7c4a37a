"""``{% list_report_box saved_list as box %}``: the saved list page's report section."""

from __future__ import annotations

from typing import Any

from django import template

from builder.lists.models import SavedList
from builder.web.report_box import report_box

register = template.Library()


@register.simple_tag(takes_context=True)
def list_report_box(context: template.Context, saved: SavedList) -> dict[str, Any]:
    return report_box(saved, context["request"].user)
