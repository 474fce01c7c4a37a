"""Writes to a player's collection."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction

from builder.collections.models import CollectionItem
from builder.core.errors import ApplicationError, ErrorCode
from builder.lists.selectors import game_system_loaded
from content.models import RECORD_MODELS, GameSystem


def _check_record(system: GameSystem, record_type: str, stable_id: str) -> None:
    model = RECORD_MODELS.get(record_type)
    if record_type not in CollectionItem.RecordType.values or model is None:
        raise ApplicationError(
            code=ErrorCode.NOT_COLLECTABLE,
            message=f"{record_type!r} is not something a collection holds.",
            details=[
                {
                    "path": "$.record_type",
                    "field": "record_type",
                    "message": f"one of {', '.join(CollectionItem.RecordType.values)}",
                }
            ],
        )
    if not model.objects.filter(system=system, stable_id=stable_id).exists():
        raise ApplicationError(
            code=ErrorCode.UNKNOWN_RECORD,
            message=f"{system.slug} has no {record_type} {stable_id!r}.",
            details=[
                {
                    "path": "$.stable_id",
                    "field": "stable_id",
                    "message": f"no {record_type} {stable_id!r} in {system.slug}",
                }
            ],
        )


def _duplicate_error() -> ApplicationError:
    return ApplicationError(
        code=ErrorCode.DUPLICATE_ITEM,
        message="You already record this item in this condition; change its quantity instead.",
        details=[{"path": "$.condition", "field": "condition", "message": "already recorded"}],
    )


@transaction.atomic
def collection_item_create(
    *,
    owner: User,
    system: str,
    record_type: str,
    stable_id: str,
    quantity: int = 1,
    condition: str = CollectionItem.Condition.GOOD,
    notes: str = "",
) -> CollectionItem:
    """Record that ``owner`` owns ``quantity`` of a catalogue record."""
    game = game_system_loaded(system)
    _check_record(game, record_type, stable_id)
    item = CollectionItem(
        owner=owner,
        system=game,
        record_type=record_type,
        stable_id=stable_id,
        quantity=quantity,
        condition=condition,
        notes=notes,
    )
    item.full_clean(validate_constraints=False)
    if CollectionItem.objects.filter(
        owner=owner,
        system=game,
        record_type=record_type,
        stable_id=stable_id,
        condition=condition,
    ).exists():
        raise _duplicate_error()
    try:
        with transaction.atomic():
            item.save()
    except IntegrityError as exc:
        raise _duplicate_error() from exc
    return item


@transaction.atomic
def collection_item_update(
    *,
    item: CollectionItem,
    quantity: int | None = None,
    condition: str | None = None,
    notes: str | None = None,
) -> CollectionItem:
    fields = ["updated_at"]
    for name, value in (("quantity", quantity), ("condition", condition), ("notes", notes)):
        if value is not None:
            setattr(item, name, value)
            fields.append(name)
    item.full_clean(validate_constraints=False)
    if (
        condition is not None
        and CollectionItem.objects.filter(
            owner_id=item.owner_id,
            system_id=item.system_id,
            record_type=item.record_type,
            stable_id=item.stable_id,
            condition=condition,
        )
        .exclude(pk=item.pk)
        .exists()
    ):
        raise _duplicate_error()
    item.save(update_fields=fields)
    return item


@transaction.atomic
def collection_item_delete(*, item: CollectionItem) -> None:
    item.delete()
