"""House price sheets: a named set of prices a group agrees on for what a game's book leaves
unpriced, kept by a player, shared read-only by a link, exchanged as a ``muster-prices/1``
file and applied to a list in one step.

Applying a sheet copies its prices into the list's ``house_rules.prices`` and names the sheet
in ``house_rules.price_sheet``: the list stays self-contained (the engine prices from the
prices alone), and editing or deleting the sheet later never changes a saved list.

One module holds the sheet's reads and writes, as ``drafts.py`` does for drafts: the concept
is small and every write goes through one check of the prices against the catalogue.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Mapping
from typing import Any
from uuid import UUID

from django.contrib.auth.models import AnonymousUser, User
from django.db import transaction
from django.db.models import Q, QuerySet
from django.http import Http404

from builder.core.errors import ApplicationError, ErrorCode
from builder.engine import Catalogue, unpriced_items
from builder.lists.models import PriceSheet, new_share_token
from builder.lists.selectors import game_system_loaded
from content import catalogues
from content.models import GameSystem

PRICES_FORMAT = "muster-prices/1"
MAX_PRICE = 1_000_000
"""The largest price a list document takes (rules_engine/schemas/list.json)."""
MAX_NOTES = 10_000
MAX_FILE_BYTES = 256 * 1024
"""A sheet file is a few kilobytes; anything far larger is not one."""


# Reads


def price_sheets_for_owner(*, user: User | AnonymousUser) -> QuerySet[PriceSheet]:
    """The user's sheets, by name; nobody else's."""
    if not user.is_authenticated:
        return PriceSheet.objects.none()
    return PriceSheet.objects.filter(owner=user).select_related("system")


def price_sheet_get_for_owner(*, user: User | AnonymousUser, sheet_uuid: UUID | str) -> PriceSheet:
    """One of the user's sheets; someone else's is not found (404)."""
    try:
        return price_sheets_for_owner(user=user).get(uuid=sheet_uuid)
    except (PriceSheet.DoesNotExist, ValueError) as exc:
        raise Http404("No such price sheet.") from exc


def price_sheet_get_shared(*, token: str) -> PriceSheet:
    """A sheet by its link token, for anyone who has the link."""
    sheet = PriceSheet.objects.filter(share_token=token).select_related("system", "owner").first()
    if sheet is None:
        raise Http404("No such price sheet.")
    return sheet


def price_sheets_to_apply(
    *, user: User | AnonymousUser, system: str, tokens: Collection[str] = ()
) -> list[PriceSheet]:
    """The sheets a player may apply to a list of ``system``: their own and those whose
    link they opened, in one query."""
    wanted = Q(share_token__in=list(tokens)) if tokens else Q(pk__in=[])
    if user.is_authenticated:
        wanted |= Q(owner=user)
    return list(
        PriceSheet.objects.filter(wanted, system__slug=system)
        .select_related("owner")
        .order_by("name", "id")
    )


# The prices and the catalogue


def unpriced_for(system: str, catalogue: Catalogue | None = None) -> dict[str, str]:
    """The items of ``system`` a sheet prices (id to name), from the published catalogue."""
    return unpriced_items(system, catalogue or catalogues.published().catalogue)


def _said(value: Any) -> str:
    return f"“{value}”" if isinstance(value, str) else json.dumps(value)


def price_problems(
    system: str, prices: Any, catalogue: Catalogue | None = None
) -> list[dict[str, str]]:
    """Every problem with a sheet's prices, each naming the item (by name where the
    catalogue knows it) and the field: unknown items, prices that are not whole numbers,
    negative or too large."""
    if not isinstance(prices, Mapping):
        return [
            {
                "path": "$.prices",
                "field": "prices",
                "message": "Prices must be a table of item to points.",
            }
        ]
    catalogue = catalogue or catalogues.published().catalogue
    priceable = unpriced_for(system, catalogue)
    names = catalogue.names(system)
    problems = []
    for item, price in prices.items():
        at = {"path": f"$.prices.{item}", "field": "prices"}
        name = priceable.get(item) or names.get(item)
        if item not in priceable:
            message = (
                f"{name} has a printed price in the book; a sheet prices only what the book "
                "does not."
                if name
                else f"There is no item “{item}” without a printed price in this game."
            )
            problems.append({**at, "message": message})
            continue
        if isinstance(price, bool) or not isinstance(price, int):
            problems.append(
                {
                    **at,
                    "message": f"The price of {name} must be a whole number, not {_said(price)}.",
                }
            )
        elif price < 0:
            problems.append({**at, "message": f"The price of {name} cannot be negative ({price})."})
        elif price > MAX_PRICE:
            problems.append(
                {**at, "message": f"The price of {name} must be at most {MAX_PRICE:,}."}
            )
    return problems


def _check(
    *,
    system: str,
    name: str,
    prices: Any,
    notes: str = "",
    code: ErrorCode = ErrorCode.INVALID,
) -> None:
    problems = price_problems(system, prices)
    if len(notes) > MAX_NOTES:
        problems.append(
            {
                "path": "$.notes",
                "field": "notes",
                "message": f"Notes are at most {MAX_NOTES:,} characters.",
            }
        )
    if not name.strip():
        problems.insert(
            0, {"path": "$.name", "field": "name", "message": "A price sheet needs a name."}
        )
    elif len(name) > 200:
        problems.insert(
            0,
            {"path": "$.name", "field": "name", "message": "A name is at most 200 characters."},
        )
    if problems:
        first = problems[0]["message"]
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        raise ApplicationError(code=code, message=f"{first}{more}", details=problems)


def _system(slug: str) -> GameSystem:
    system = game_system_loaded(slug)
    if not unpriced_for(slug):
        raise ApplicationError(
            code=ErrorCode.INVALID,
            message=f"{system.name}'s book prices everything; it needs no price sheet.",
            details=[{"path": "$.system", "field": "system", "message": "nothing unpriced"}],
        )
    return system


# Writes


@transaction.atomic
def price_sheet_create(
    *,
    owner: User,
    system: str,
    name: str,
    prices: Mapping[str, Any],
    notes: str = "",
    code: ErrorCode = ErrorCode.INVALID,
) -> PriceSheet:
    """A new sheet of ``owner``'s, its prices checked against the catalogue."""
    game = _system(system)
    _check(system=system, name=name, prices=prices, notes=notes, code=code)
    sheet = PriceSheet(
        owner=owner, system=game, name=name.strip(), prices=dict(prices), notes=notes
    )
    sheet.full_clean()
    sheet.save()
    return sheet


@transaction.atomic
def price_sheet_update(
    *,
    sheet: PriceSheet,
    name: str | None = None,
    prices: Mapping[str, Any] | None = None,
    notes: str | None = None,
) -> PriceSheet:
    """Change a sheet's name, prices or notes. Lists it was applied to keep their copy."""
    fields = ["updated_at"]
    new_name = sheet.name if name is None else name
    new_prices = sheet.prices if prices is None else dict(prices)
    _check(
        system=sheet.system.slug,
        name=new_name,
        prices=new_prices,
        notes=sheet.notes if notes is None else notes,
    )
    if name is not None:
        sheet.name = name.strip()
        fields.append("name")
    if prices is not None:
        sheet.prices = dict(prices)
        fields.append("prices")
    if notes is not None:
        sheet.notes = notes
        fields.append("notes")
    sheet.full_clean()
    sheet.save(update_fields=fields)
    return sheet


@transaction.atomic
def price_sheet_delete(*, sheet: PriceSheet) -> None:
    """Delete a sheet for good; lists it was applied to keep their prices and its name."""
    sheet.delete()


@transaction.atomic
def price_sheet_copy(*, sheet: PriceSheet, owner: User) -> PriceSheet:
    """A copy of a shared sheet among ``owner``'s own, to change as the group agrees."""
    return price_sheet_create(
        owner=owner,
        system=sheet.system.slug,
        name=sheet.name,
        prices=sheet.prices,
        notes=sheet.notes,
    )


@transaction.atomic
def price_sheet_new_link(*, sheet: PriceSheet) -> PriceSheet:
    """A new link token: the old link stops opening the sheet."""
    sheet.share_token = new_share_token()
    sheet.save(update_fields=["share_token", "updated_at"])
    return sheet


# Applying and exchanging


def price_sheet_applied(document: Mapping[str, Any], sheet: PriceSheet) -> dict[str, Any]:
    """``document`` with the sheet's prices as its house prices and the sheet named, its
    house notes kept; the prices replace the list's own."""
    doc = dict(document)
    house = dict(doc.get("house_rules") or {})
    house["prices"] = dict(sheet.prices)
    house["price_sheet"] = {"name": sheet.name, "token": sheet.share_token}
    house.setdefault("notes", "")
    doc["house_rules"] = house
    return doc


def price_sheet_export(*, sheet: PriceSheet) -> dict[str, Any]:
    """The sheet as a ``muster-prices/1`` file."""
    return {
        "format": PRICES_FORMAT,
        "system": sheet.system.slug,
        "name": sheet.name,
        "notes": sheet.notes,
        "prices": dict(sorted(sheet.prices.items())),
    }


def _refused(message: str, field: str = "", path: str = "$") -> ApplicationError:
    details = [{"path": path, "field": field, "message": message}]
    return ApplicationError(code=ErrorCode.BAD_FILE, message=message, details=details)


def _control(ch: str) -> bool:
    return ord(ch) < 32 or ord(ch) == 127


def _parsed(raw: bytes) -> Any:
    if len(raw) > MAX_FILE_BYTES:
        raise _refused(
            f"The file is larger than a price sheet can be ({MAX_FILE_BYTES // 1024} KB)."
        )
    try:
        return json.loads(raw.decode("utf-8-sig"))
    except UnicodeDecodeError:
        raise _refused("The file is not text (UTF-8); is it a price sheet?") from None
    except json.JSONDecodeError as exc:
        raise _refused(
            f"The file is not JSON (line {exc.lineno}, column {exc.colno}); is it a price sheet?"
        ) from None
    except RecursionError:
        raise _refused("The file is not a price sheet: it nests far too deep.") from None


def price_sheet_file_read(data: bytes | str | Any) -> dict[str, Any]:
    """A ``muster-prices/1`` file's contents (its bytes, or its JSON already read by the
    API), its shape checked; its prices are checked when the sheet is made."""
    if isinstance(data, bytes | str):
        found: Any = _parsed(data.encode() if isinstance(data, str) else data)
    else:
        found = data
    if not isinstance(found, dict) or found.get("format") != PRICES_FORMAT:
        raise _refused(
            f"The file is not a price sheet: its format must be “{PRICES_FORMAT}”.",
            "format",
            "$.format",
        )
    for key in ("system", "name"):
        if not isinstance(found.get(key), str) or not found[key].strip():
            raise _refused(f"The file must give the sheet's {key} as text.", key, f"$.{key}")
    notes = found.get("notes", "")
    if not isinstance(notes, str):
        raise _refused("The file's notes must be text.", "notes", "$.notes")
    for key, text, allowed in (
        ("system", found["system"], ""),
        ("name", found["name"], ""),
        ("notes", notes, "\n\r\t"),
    ):
        if any(_control(ch) and ch not in allowed for ch in text):
            raise _refused(
                f"The file's {key} holds a control character (such as NUL).", key, f"$.{key}"
            )
    if not isinstance(found.get("prices"), dict):
        raise _refused("The file's prices must be a table of item to points.", "prices", "$.prices")
    return found


@transaction.atomic
def price_sheet_import(*, owner: User, data: bytes | str | Any) -> PriceSheet:
    """A new sheet from a ``muster-prices/1`` file: all of it, or nothing and every
    problem said."""
    found = price_sheet_file_read(data)
    return price_sheet_create(
        owner=owner,
        system=found["system"],
        name=found["name"],
        prices=found["prices"],
        notes=found.get("notes", ""),
        code=ErrorCode.IMPORT_REFUSED,
    )
