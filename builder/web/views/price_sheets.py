"""House price sheets' pages: a player's sheets, one sheet's prices item by item, its link
for the group, its file, and importing a file someone sent."""

from __future__ import annotations

import json
from typing import Any
from uuid import UUID

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, QueryDict
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.text import slugify
from django.views.decorators.http import require_POST

from builder.core.errors import ApplicationError
from builder.engine import Catalogue
from builder.lists.models import PriceSheet
from builder.lists.price_sheets import (
    MAX_FILE_BYTES,
    price_sheet_copy,
    price_sheet_create,
    price_sheet_delete,
    price_sheet_export,
    price_sheet_get_for_owner,
    price_sheet_get_shared,
    price_sheet_import,
    price_sheet_new_link,
    price_sheet_update,
    price_sheets_for_owner,
    unpriced_for,
)
from builder.web.requests import SignedInHttpRequest
from builder.web.selectors.catalogue import current_catalogue
from builder.web.systems import SYSTEM_INFO, SystemInfo

OPENED = "price_sheets_opened"
"""The session key of the link tokens of sheets a player opened, offered in the builder."""
MAX_OPENED = 20


def opened_tokens(request: HttpRequest) -> list[str]:
    """The link tokens of the shared sheets this browser opened, newest first."""
    found = request.session.get(OPENED, [])
    return [t for t in found if isinstance(t, str)] if isinstance(found, list) else []


def _remember(request: HttpRequest, token: str) -> None:
    tokens = [token] + [t for t in opened_tokens(request) if t != token]
    request.session[OPENED] = tokens[:MAX_OPENED]


def priced_games(catalogue: Catalogue) -> list[SystemInfo]:
    """The games whose books leave something unpriced: the ones a sheet is for."""
    return [info for slug, info in SYSTEM_INFO.items() if unpriced_for(slug, catalogue)]


def _game(system: str) -> SystemInfo:
    info = SYSTEM_INFO.get(system)
    if info is None:
        raise Http404("No such game.")
    return info


def _group(record_type: str, kind: str) -> str:
    if record_type == "weapon":
        return "Weapons"
    if kind == "skill" or kind.endswith("_level"):
        return "Skills and levels"
    return "Equipment"


GROUP_ORDER = ("Weapons", "Equipment", "Skills and levels")


def _rows(
    system: str,
    catalogue: Catalogue,
    values: dict[str, Any],
    problems: dict[str, str],
) -> list[dict[str, Any]]:
    """One group per kind of item, one row per unpriced item, by name."""
    groups: dict[str, list[dict[str, Any]]] = {}
    for item, name in unpriced_for(system, catalogue).items():
        record = catalogue.get(system, "weapon", item) or catalogue.get(system, "ability", item)
        kind = str(record.data.get("kind", "")) if record is not None else ""
        group = _group(record.type if record is not None else "", kind)
        value = values.get(item, "")
        groups.setdefault(group, []).append(
            {"id": item, "name": name, "value": value, "problem": problems.get(item, "")}
        )
    return [
        {"title": title, "rows": groups[title]}
        for title in sorted(groups, key=lambda t: GROUP_ORDER.index(t) if t in GROUP_ORDER else 9)
    ]


def _posted_prices(data: QueryDict) -> dict[str, Any]:
    """The prices the form holds: whole numbers as numbers, anything else as typed (so the
    check can say what is wrong with it), blank rows left out."""
    prices: dict[str, Any] = {}
    for key in data:
        if not key.startswith("price-"):
            continue
        value = data.get(key, "").strip()
        if not value:
            continue
        try:
            prices[key[len("price-") :]] = int(value)
        except ValueError:
            prices[key[len("price-") :]] = value
    return prices


def _problems_by_item(exc: ApplicationError) -> tuple[dict[str, str], list[str]]:
    by_item: dict[str, str] = {}
    general: list[str] = []
    for detail in exc.details:
        path = str(detail.get("path", ""))
        if path.startswith("$.prices."):
            by_item[path[len("$.prices.") :]] = str(detail["message"])
        else:
            general.append(str(detail["message"]))
    return by_item, general


def _sheet_page(
    request: HttpRequest,
    *,
    system: str,
    sheet: PriceSheet | None,
    name: str,
    notes: str,
    values: dict[str, Any],
    error: ApplicationError | None = None,
) -> HttpResponse:
    catalogue = current_catalogue()
    by_item, general = _problems_by_item(error) if error else ({}, [])
    groups = _rows(system, catalogue, values, by_item)
    context = {
        "nav": "prices",
        "game": _game(system),
        "sheet": sheet,
        "name": name,
        "notes": notes,
        "groups": groups,
        "items": sum(len(g["rows"]) for g in groups),
        "priced": sum(1 for g in groups for r in g["rows"] if r["value"] != ""),
        "errors": general,
        "item_errors": [
            {"id": r["id"], "name": r["name"], "message": r["problem"]}
            for g in groups
            for r in g["rows"]
            if r["problem"]
        ],
    }
    if sheet is not None:
        context["share_url"] = request.build_absolute_uri(
            reverse("web:price-sheet-shared", args=[sheet.share_token])
        )
    return render(request, "web/prices/sheet.html", context, status=400 if error else 200)


@login_required
def price_sheets(request: HttpRequest) -> HttpResponse:
    """The player's sheets, and the ways to start one: from nothing or from a file."""
    sheets = list(price_sheets_for_owner(user=request.user))
    return render(
        request,
        "web/prices/index.html",
        {"nav": "prices", "sheets": sheets, "games": priced_games(current_catalogue())},
    )


@login_required
def price_sheet_new(request: SignedInHttpRequest, system: str) -> HttpResponse:
    """A new sheet of ``system``: one row per item its book prints no price for."""
    game = _game(system)
    if not unpriced_for(system, current_catalogue()):
        raise Http404("This game's book prices everything.")
    if request.method != "POST":
        return _sheet_page(
            request, system=system, sheet=None, name="House prices", notes="", values={}
        )
    name, notes = request.POST.get("name", ""), request.POST.get("notes", "")
    prices = _posted_prices(request.POST)
    try:
        sheet = price_sheet_create(
            owner=request.user, system=game.slug, name=name, prices=prices, notes=notes
        )
    except ApplicationError as exc:
        return _sheet_page(
            request, system=system, sheet=None, name=name, notes=notes, values=prices, error=exc
        )
    messages.success(request, f"Saved the price sheet “{sheet.name}”.")
    return redirect("web:price-sheet", sheet.uuid)


@login_required
def price_sheet_edit(request: HttpRequest, sheet_uuid: UUID) -> HttpResponse:
    """One of the player's sheets, to change; the lists it was applied to keep their copy."""
    sheet = price_sheet_get_for_owner(user=request.user, sheet_uuid=sheet_uuid)
    system = sheet.system.slug
    if request.method != "POST":
        return _sheet_page(
            request,
            system=system,
            sheet=sheet,
            name=sheet.name,
            notes=sheet.notes,
            values=sheet.prices,
        )
    name, notes = request.POST.get("name", ""), request.POST.get("notes", "")
    prices = _posted_prices(request.POST)
    try:
        price_sheet_update(sheet=sheet, name=name, prices=prices, notes=notes)
    except ApplicationError as exc:
        sheet.refresh_from_db()
        return _sheet_page(
            request, system=system, sheet=sheet, name=name, notes=notes, values=prices, error=exc
        )
    messages.success(request, f"Saved the price sheet “{sheet.name}”.")
    return redirect("web:price-sheet", sheet.uuid)


@login_required
@require_POST
def price_sheet_remove(request: HttpRequest, sheet_uuid: UUID) -> HttpResponse:
    sheet = price_sheet_get_for_owner(user=request.user, sheet_uuid=sheet_uuid)
    name = sheet.name
    price_sheet_delete(sheet=sheet)
    messages.success(
        request, f"Deleted the price sheet “{name}”. Lists it was applied to keep their prices."
    )
    return redirect("web:price-sheets")


@login_required
@require_POST
def price_sheet_link(request: HttpRequest, sheet_uuid: UUID) -> HttpResponse:
    sheet = price_sheet_get_for_owner(user=request.user, sheet_uuid=sheet_uuid)
    price_sheet_new_link(sheet=sheet)
    messages.success(request, "Made a new link; the old one no longer opens the sheet.")
    return redirect("web:price-sheet", sheet.uuid)


def _download(sheet: PriceSheet) -> HttpResponse:
    body = json.dumps(price_sheet_export(sheet=sheet), indent=2, ensure_ascii=False) + "\n"
    response = HttpResponse(body, content_type="application/json")
    filename = slugify(sheet.name) or "price-sheet"
    response["Content-Disposition"] = f'attachment; filename="{filename}.muster-prices.json"'
    return response


@login_required
def price_sheet_file(request: HttpRequest, sheet_uuid: UUID) -> HttpResponse:
    """The sheet as a ``muster-prices/1`` file, to send to the group."""
    return _download(price_sheet_get_for_owner(user=request.user, sheet_uuid=sheet_uuid))


@login_required
@require_POST
def price_sheet_upload(request: SignedInHttpRequest) -> HttpResponse:
    """A new sheet from a file; a wrong file saves nothing and says why."""
    upload = request.FILES.get("file")
    if upload is None:
        messages.error(request, "Choose a price sheet file to import.")
        return redirect("web:price-sheets")
    try:
        # One byte past the limit is enough to say the file is too large.
        sheet = price_sheet_import(owner=request.user, data=upload.read(MAX_FILE_BYTES + 1))
    except ApplicationError as exc:
        for line in (
            [exc.details[0]["message"]]
            if len(exc.details) == 1
            else [
                "Nothing was imported:",
                *(d["message"] for d in exc.details),
            ]
        ):
            messages.error(request, line)
        return redirect("web:price-sheets")
    messages.success(request, f"Imported the price sheet “{sheet.name}”.")
    return redirect("web:price-sheet", sheet.uuid)


def price_sheet_shared(request: HttpRequest, token: str) -> HttpResponse:
    """A sheet for anyone with its link: its prices, a copy for the signed-in, and the
    builder, where it is offered to apply from now on."""
    sheet = price_sheet_get_shared(token=token)
    _remember(request, token)
    catalogue = current_catalogue()
    names = unpriced_for(sheet.system.slug, catalogue)
    known = catalogue.names(sheet.system.slug)
    rows = sorted(
        ({"name": names.get(i) or known.get(i, i), "points": p} for i, p in sheet.prices.items()),
        key=lambda r: str(r["name"]).lower(),
    )
    game = _game(sheet.system.slug)
    return render(
        request,
        "web/prices/shared.html",
        {
            "nav": "prices",
            "sheet": sheet,
            "rows": rows,
            "unpriced_left": len(names) - len(rows),
            "game": game,
            "is_owner": sheet.owner_id == request.user.pk,
        },
    )


def price_sheet_shared_file(request: HttpRequest, token: str) -> HttpResponse:
    return _download(price_sheet_get_shared(token=token))


@login_required
@require_POST
def price_sheet_shared_copy(request: SignedInHttpRequest, token: str) -> HttpResponse:
    copy_ = price_sheet_copy(sheet=price_sheet_get_shared(token=token), owner=request.user)
    messages.success(request, f"Copied “{copy_.name}” to your price sheets.")
    return redirect("web:price-sheet", copy_.uuid)
