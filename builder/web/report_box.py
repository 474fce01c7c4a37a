"""What the saved list page shows about "this price is wrong" reports: the form (with the
list's entries by name) and the player's earlier reports with their status in words."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AnonymousUser, User

from builder.engine import BadDocument
from builder.lists.models import SavedList
from builder.lists.pinning import versions_map
from builder.lists.reports import list_reports_for, report_status_words
from content import catalogues


@dataclass(frozen=True)
class ReportLine:
    """One earlier report as its player reads it."""

    message: str
    entry: str
    created: str
    status: str
    is_open: bool


def _names(saved: SavedList) -> dict[str, str]:
    """Record names by id in the catalogue the list is checked against."""
    try:
        catalogue = catalogues.resolve_versions(
            versions_map(saved.pack_versions.select_related("pack"))
        ).catalogue
    except BadDocument:
        return {}
    names: dict[str, str] = {}
    for record in catalogue:
        names.setdefault(record.id, record.name)
        names.setdefault(record.ref, record.name)
    return names


def _entry_label(number: int, entry: Any, names: Mapping[str, str]) -> str:
    if not isinstance(entry, Mapping):
        return f"Entry {number}"
    said = [str(entry["label"])] if isinstance(entry.get("label"), str) else []
    said += [names[v] for v in entry.values() if isinstance(v, str) and v in names]
    return f"{number}. {', '.join(dict.fromkeys(said))}" if said else f"Entry {number}"


def entry_choices(saved: SavedList) -> list[str]:
    """The list's entries, numbered and named, for the report form's optional entry."""
    entries = saved.document.get("entries")
    if not isinstance(entries, list) or not entries:
        return []
    names = _names(saved)
    return [_entry_label(i, entry, names) for i, entry in enumerate(entries, start=1)]


def report_box(saved: SavedList, user: User | AnonymousUser) -> dict[str, Any]:
    """The report section's context: the entries to pick and the player's reports."""
    if not isinstance(user, User):
        return {"entries": [], "reports": []}
    lines = [
        ReportLine(
            message=r.message,
            entry=r.entry_label,
            created=f"{r.created_at:%Y-%m-%d}",
            status=report_status_words(r),
            is_open=r.status == r.Status.OPEN,
        )
        for r in list_reports_for(saved_list=saved, reporter=user)
    ]
    return {"entries": entry_choices(saved), "reports": lines}
