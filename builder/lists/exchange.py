"""Exchange files: one list (``muster-list/1``) or a backup of many (``muster-lists/1``).

Imports are all or nothing. Points written in a file are for readers: the engine re-prices
every entry. Ids the pinned content does not know are reported by JSON path. A backup carries
each list's ``uuid``, so importing the same backup twice creates no duplicates; a single list
file has none, so an identical list (same name and document) already saved is not saved again.
A uuid another player's list holds is theirs (uuids are unique across players): that list
comes in under a fresh uuid, or not at all when an identical one is already saved.
"""

from __future__ import annotations

import json
import uuid as uuid_module
from collections.abc import Mapping
from typing import Any

from django.conf import settings
from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone

from builder.core.errors import ApplicationError, ErrorCode
from builder.engine import field_of
from builder.lists.checking import (
    is_unknown_id,
    require_storable,
    validate_document,
    verdict_for,
)
from builder.lists.models import SavedList
from builder.lists.pinning import pinned_document, pins_for_document
from builder.lists.services import saved_list_create
from content.spellings import list_respelled

LIST_FORMAT = "muster-list/1"
BACKUP_FORMAT = "muster-lists/1"


def max_import_lists() -> int:
    return int(getattr(settings, "MUSTER_IMPORT_MAX_LISTS", 500))


def list_export(*, saved_list: SavedList) -> dict[str, Any]:
    """The list's document: already names the pack versions it is pinned to."""
    return dict(saved_list.document)


def lists_backup(*, user: User) -> dict[str, Any]:
    """Every list the user keeps (not the trash), with what the list document cannot hold."""
    rows = SavedList.objects.filter(owner=user, deleted_at__isnull=True).order_by("created_at")
    return {
        "format": BACKUP_FORMAT,
        "exported_at": timezone.now().isoformat(),
        "lists": [
            {
                "uuid": str(row.uuid),
                "visibility": row.visibility,
                "notes": row.notes,
                "document": row.document,
            }
            for row in rows.only("uuid", "visibility", "notes", "document")
        ],
    }


def _at(path: str, message: str) -> dict[str, str]:
    """A problem at ``path``, its ``field`` named by the engine's one rule."""
    return {"path": path, "field": field_of(path), "message": message}


def _rooted(details: list[dict[str, Any]], root: str) -> list[dict[str, Any]]:
    return [
        {**d, "path": root + d["path"][1:] if d.get("path", "").startswith("$") else d["path"]}
        for d in details
    ]


def _entries(data: Any) -> list[tuple[str, Mapping[str, Any], Mapping[str, Any]]]:
    """(JSON path of the document, the document, backup extras) for every list in a file."""
    if not isinstance(data, Mapping):
        raise ApplicationError(
            code=ErrorCode.BAD_FILE,
            message="An exchange file is a JSON object.",
            details=[{"path": "$", "field": "", "message": "not an object"}],
        )
    fmt = data.get("format")
    if fmt == LIST_FORMAT:
        return [("$", data, {})]
    if fmt != BACKUP_FORMAT:
        raise ApplicationError(
            code=ErrorCode.BAD_FILE,
            message=f"Unknown file format; expected {LIST_FORMAT} or {BACKUP_FORMAT}.",
            details=[
                {
                    "path": "$.format",
                    "field": "format",
                    "message": f"must be {LIST_FORMAT!r} or {BACKUP_FORMAT!r}",
                }
            ],
        )
    lists = data.get("lists")
    if not isinstance(lists, list):
        raise ApplicationError(
            code=ErrorCode.BAD_FILE,
            message="A backup holds its lists in an array.",
            details=[{"path": "$.lists", "field": "lists", "message": "must be an array"}],
        )
    limit = max_import_lists()
    if len(lists) > limit:
        raise ApplicationError(
            code=ErrorCode.TOO_MANY_LISTS,
            message=f"A backup may hold at most {limit} lists; this one has {len(lists)}.",
            details=[
                {
                    "path": "$.lists",
                    "field": "lists",
                    "message": f"at most {limit} lists (MUSTER_IMPORT_MAX_LISTS)",
                }
            ],
        )
    out = []
    for i, item in enumerate(lists):
        if not isinstance(item, Mapping) or not isinstance(item.get("document"), Mapping):
            raise ApplicationError(
                code=ErrorCode.BAD_FILE,
                message="Each backup entry holds a list document.",
                details=[
                    {
                        "path": f"$.lists[{i}].document",
                        "field": "document",
                        "message": "missing or not an object",
                    }
                ],
            )
        out.append((f"$.lists[{i}].document", item["document"], item))
    return out


def _extras(item: Mapping[str, Any], root: str) -> tuple[uuid_module.UUID | None, str, str]:
    base = root.rsplit(".", 1)[0]
    try:
        list_uuid = uuid_module.UUID(str(item["uuid"])) if item.get("uuid") else None
    except ValueError as exc:
        raise ApplicationError(
            code=ErrorCode.BAD_FILE,
            message="A list's uuid is not a UUID.",
            details=[{"path": f"{base}.uuid", "field": "uuid", "message": "not a UUID"}],
        ) from exc
    visibility = item.get("visibility", SavedList.Visibility.PRIVATE)
    if visibility not in SavedList.Visibility.values:
        raise ApplicationError(
            code=ErrorCode.BAD_FILE,
            message="Unknown visibility.",
            details=[
                {
                    "path": f"{base}.visibility",
                    "field": "visibility",
                    "message": f"one of {', '.join(SavedList.Visibility.values)}",
                }
            ],
        )
    notes = item.get("notes", "")
    return list_uuid, visibility, notes if isinstance(notes, str) else ""


def _problems(root: str, document: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Everything wrong with one list of the file, paths rooted where it sits in the file."""
    try:
        validate_document(document, root=root)
    except ApplicationError as exc:
        return exc.details
    try:
        pins = pins_for_document(document)
    except ApplicationError as exc:
        return _rooted(exc.details, root)
    try:
        verdict = verdict_for(pinned_document(document, pins), pins, root=root)
    except ApplicationError as exc:
        return exc.details
    return [_at(root + v.path[1:], v.message) for v in verdict.violations if is_unknown_id(v.code)]


def _already_saved(owner: User, document: Mapping[str, Any]) -> bool:
    pinned = json.dumps(pinned_document(document, pins_for_document(document)), sort_keys=True)
    return any(
        json.dumps(doc, sort_keys=True) == pinned
        for doc in SavedList.objects.filter(
            owner=owner, name=document["name"], deleted_at__isnull=True
        ).values_list("document", flat=True)
    )


def _respelled(
    entries: list[tuple[str, Mapping[str, Any], Mapping[str, Any]]],
) -> tuple[list[tuple[str, Mapping[str, Any], Mapping[str, Any]]], list[dict[str, Any]]]:
    """The lists with their older spellings converted, and a warning for each id converted."""
    out, warnings = [], []
    for root, document, item in entries:
        document, changes = list_respelled(document)
        out.append((root, document, item))
        warnings += [
            _at(root + change.path[1:], f"older spelling {change.old!r} read as {change.new!r}")
            for change in changes
        ]
    return out, warnings


@transaction.atomic
def lists_import(*, owner: User, data: Any) -> dict[str, list[Any]]:
    """Import a list or a backup, all or nothing; returns what was created and skipped, and
    a warning for each id of an older spelling converted on the way in."""
    require_storable(data)
    entries, warnings = _respelled(_entries(data))
    problems: list[dict[str, Any]] = []
    seen: dict[uuid_module.UUID, str] = {}
    plan = []
    for root, document, item in entries:
        list_uuid, visibility, notes = _extras(item, root)
        if list_uuid is not None:
            if list_uuid in seen:
                problems.append(
                    {
                        "path": root.rsplit(".", 1)[0] + ".uuid",
                        "field": "uuid",
                        "message": f"the same uuid as {seen[list_uuid]}",
                    }
                )
            seen[list_uuid] = root.rsplit(".", 1)[0]
        problems += _problems(root, document)
        plan.append((document, list_uuid, visibility, notes))
    if problems:
        raise ApplicationError(
            code=ErrorCode.IMPORT_REFUSED,
            message=f"Nothing was imported: {len(problems)} problem(s) in the file.",
            details=problems,
        )
    holders = dict(SavedList.objects.filter(uuid__in=list(seen)).values_list("uuid", "owner_id"))
    # Another player's uuid is theirs: the list comes in under a fresh one, unless the same
    # list was saved here before this import (as for a file without uuids).
    theirs = {u for u, holder in holders.items() if holder != owner.pk}
    copies = {
        i for i, (doc, u, _v, _n) in enumerate(plan) if u in theirs and _already_saved(owner, doc)
    }
    created, skipped = [], []
    for i, (document, list_uuid, visibility, notes) in enumerate(plan):
        if list_uuid in theirs:
            skip = i in copies
        else:
            skip = list_uuid in holders if list_uuid else _already_saved(owner, document)
        if skip:
            skipped.append(str(list_uuid) if list_uuid else document["name"])
            continue
        created.append(
            saved_list_create(
                owner=owner,
                document=document,
                visibility=visibility,
                notes=notes,
                list_uuid=None if list_uuid in theirs else list_uuid,
            )
        )
    return {"created": created, "skipped": skipped, "warnings": warnings}
