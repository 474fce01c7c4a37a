"""My collection: how many of each figure (or model and weapon) I own, and which of my
lists my collection can field."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from builder.collections.models import CollectionItem
from builder.collections.requirements import collectable, list_needs
from builder.collections.selectors import collection_items_for_owner, owned_counts
from builder.collections.services import (
    collection_item_create,
    collection_item_delete,
    collection_item_update,
)
from builder.core.errors import ApplicationError, ErrorCode
from builder.games import games
from builder.lists.selectors import saved_lists_for_owner
from builder.web.requests import SignedInHttpRequest
from builder.web.selectors.catalogue import current_catalogue
from builder.web.systems import SYSTEM_INFO, game_for, system_info

MAX_QUANTITY = 999


def _first_collectable() -> str:
    """The game the collection page opens on: the first, in the engine's order, whose
    lists need things one owns."""
    return next(g.system for g in games() if collectable(g.system))


@login_required
def collection(request: SignedInHttpRequest, system: str = "") -> HttpResponse:
    system = system or _first_collectable()
    info = system_info(system)
    if not collectable(system):
        system = _first_collectable()
        info = system_info(system)
    page = game_for(system).page
    catalogue = current_catalogue()
    records = [
        r
        for t in page.collected_types
        for r in sorted(catalogue.records(system, t).values(), key=lambda r: r.name.lower())
    ]
    good = {
        (item.record_type, item.stable_id): item
        for item in collection_items_for_owner(user=request.user).filter(
            system__slug=system, condition=CollectionItem.Condition.GOOD
        )
    }
    errors: dict[str, str] = {}
    status = ""
    if request.method == "POST":
        changed: list[str] = []
        for record in records:
            key = f"q-{record.type}-{record.id}"
            if key not in request.POST:
                continue
            raw = request.POST[key].strip() or "0"
            try:
                quantity = int(raw)
                if not 0 <= quantity <= MAX_QUANTITY:
                    raise ValueError
            except ValueError:
                errors[key] = f"Give a whole number from 0 to {MAX_QUANTITY}."
                continue
            item = good.get((record.type, record.id))
            if item is None and quantity:
                item = _good_item(request, system, record)
            try:
                if item is None and quantity:
                    collection_item_create(
                        owner=request.user,
                        system=system,
                        record_type=record.type,
                        stable_id=record.id,
                        quantity=quantity,
                    )
                elif item is not None and quantity == 0:
                    collection_item_delete(item=item)
                elif item is not None and item.quantity != quantity:
                    collection_item_update(item=item, quantity=quantity)
                else:
                    continue
                changed.append(f"{record.name} × {quantity}")
            except ApplicationError as exc:
                raced = (
                    _good_item(request, system, record)
                    if exc.code == ErrorCode.DUPLICATE_ITEM
                    else None
                )
                if raced is None:
                    errors[key] = exc.message
                elif raced.quantity != quantity:  # written meanwhile by a live update
                    collection_item_update(item=raced, quantity=quantity)
        # One change (a live update of one row) is named, so the player sees which row.
        status = (
            f"Collection saved: {changed[0]}."
            if len(changed) == 1
            else f"Collection saved ({len(changed)} changes)."
        )
        if not errors and not request.htmx:
            messages.success(request, status)
            return redirect("web:collection-system", system=system)
    counts = owned_counts(user=request.user)
    rows = [
        {
            "record": r,
            "field": f"q-{r.type}-{r.id}",
            "owned": counts[(system, r.type, r.id)],
            "value": request.POST.get(f"q-{r.type}-{r.id}")
            if errors
            else counts[(system, r.type, r.id)],
            "error": errors.get(f"q-{r.type}-{r.id}", ""),
            "points": page.collection_points(r),
        }
        for r in records
    ]
    context = {
        "status": status if request.method == "POST" and not errors else "",
        "system": info,
        "systems": [s for s in SYSTEM_INFO.values() if collectable(s.slug)],
        "rows": rows,
        "lists": _fielding(request, system, counts),
        "nav": "collection",
        "build_kind": info.kinds[0][0],
    }
    template = "web/collection/_oob.html" if request.htmx else "web/collection/page.html"
    return render(request, template, context)


def _fielding(request: HttpRequest, system: str, counts: Any) -> list[dict[str, Any]]:
    """Each of the player's lists of this game and whether the collection fields it, from
    one read of the collection."""
    found = []
    catalogue = current_catalogue()
    for saved in saved_lists_for_owner(user=request.user).filter(system__slug=system):
        missing = []
        for need in list_needs(saved.document):
            have = counts[(need.system, need.record_type, need.stable_id)]
            if have < need.quantity:
                record = catalogue.get(need.system, need.record_type, need.stable_id)
                name = record.name if record else need.stable_id
                missing.append(f"needs {need.quantity} × {name}, owns {have}")
        found.append({"list": saved, "can_field": not missing, "missing": missing})
    return found


def _good_item(request: HttpRequest, system: str, record: Any) -> CollectionItem | None:
    """The row another request (a live update racing a submit) may have just written."""
    return (
        collection_items_for_owner(user=request.user)
        .filter(
            system__slug=system,
            record_type=record.type,
            stable_id=record.id,
            condition=CollectionItem.Condition.GOOD,
        )
        .first()
    )
