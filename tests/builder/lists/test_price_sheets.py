"""House price sheets: checked against the catalogue, exchanged as muster-prices/1 files,
applied to a list in one step, and served over the API to their owner only."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.contrib.auth import get_user_model

from builder.core.errors import ApplicationError, ErrorCode
from builder.lists.models import PriceSheet
from builder.lists.price_sheets import (
    price_sheet_applied,
    price_sheet_copy,
    price_sheet_create,
    price_sheet_export,
    price_sheet_import,
    price_sheet_update,
    price_sheets_to_apply,
    unpriced_for,
)
from builder.lists.services import saved_list_create

pytestmark = pytest.mark.django_db

CLUB = {"rifle": 6, "pistol": 3, "shotgun": 5, "sniper-rifle": 9, "saw-or-lmg": 12}


def club_sheet(owner: Any, **extra: Any) -> PriceSheet:
    return price_sheet_create(
        owner=owner, system="crimson-dust", name="Tuesday club", prices=CLUB, **extra
    )


def refused(**kwargs: Any) -> ApplicationError:
    with pytest.raises(ApplicationError) as caught:
        price_sheet_create(system="crimson-dust", name="Bad", **kwargs)
    assert not PriceSheet.objects.exists()
    return caught.value


def test_a_sheet_prices_exactly_what_the_book_leaves_unpriced(packs: Any) -> None:
    items = unpriced_for("crimson-dust")
    assert len(items) == 84
    assert (items["rifle"], items["hacker-1"], items["auto-reloader"]) == (
        "Rifle",
        "Hacker 1",
        "Auto-reloader",
    )
    assert "critical-shot" not in items  # the book prints its cost
    assert list(items.values()) == sorted(items.values(), key=str.lower)
    assert unpriced_for("cs-aces") == {}


def test_a_sheet_keeps_its_prices_and_a_link_token(packs: Any, user: Any) -> None:
    sheet = club_sheet(user, notes="Agreed in March")
    sheet.refresh_from_db()
    assert (sheet.name, sheet.system.slug, sheet.prices, sheet.notes) == (
        "Tuesday club",
        "crimson-dust",
        CLUB,
        "Agreed in March",
    )
    assert len(sheet.share_token) == 32


@pytest.mark.parametrize(
    ("prices", "message"),
    [
        ({"rifle": -2}, "The price of Rifle cannot be negative (-2)."),
        ({"rifle": "six"}, "The price of Rifle must be a whole number, not “six”."),
        ({"rifle": 2.5}, "The price of Rifle must be a whole number, not 2.5."),
        ({"rifle": True}, "The price of Rifle must be a whole number, not true."),
        ({"rifle": 1_000_001}, "The price of Rifle must be at most 1,000,000."),
        (
            {"laser-sword": 4},
            "There is no item “laser-sword” without a printed price in this game.",
        ),
        (
            {"critical-shot": 4},
            "Critical Shot has a printed price in the book; a sheet prices only what the book "
            "does not.",
        ),
    ],
)
def test_a_bad_price_names_the_item_and_the_field(
    packs: Any, user: Any, prices: dict[str, Any], message: str
) -> None:
    error = refused(owner=user, prices=prices)
    assert error.code == ErrorCode.INVALID
    assert error.message == message
    item = next(iter(prices))
    assert error.details == [{"path": f"$.prices.{item}", "field": "prices", "message": message}]


def test_every_problem_is_collected(packs: Any, user: Any) -> None:
    error = refused(owner=user, prices={"rifle": -1, "pistol": "x", "shotgun": 4})
    assert error.message == "The price of Rifle cannot be negative (-1). (and 1 more)"
    assert [d["path"] for d in error.details] == ["$.prices.rifle", "$.prices.pistol"]


def test_a_game_that_prices_everything_needs_no_sheet(packs: Any, user: Any) -> None:
    with pytest.raises(ApplicationError) as caught:
        price_sheet_create(owner=user, system="cs-aces", name="Aces", prices={})
    assert (
        caught.value.message
        == "Crimson Skies: Aces's book prices everything; it needs no price sheet."
    )
    assert caught.value.details[0]["field"] == "system"


def test_an_update_is_checked_and_leaves_the_sheet_as_it_was(packs: Any, user: Any) -> None:
    sheet = club_sheet(user)
    with pytest.raises(ApplicationError):
        price_sheet_update(sheet=sheet, prices={"rifle": -1})
    sheet.refresh_from_db()
    assert sheet.prices == CLUB
    price_sheet_update(sheet=sheet, name="Club v2", prices={"rifle": 7})
    sheet.refresh_from_db()
    assert (sheet.name, sheet.prices) == ("Club v2", {"rifle": 7})


def test_applying_a_sheet_prices_the_list_and_names_the_sheet(
    packs: Any, user: Any, dust_devils: dict[str, Any]
) -> None:
    before = saved_list_create(owner=user, document=dust_devils)
    sheet = club_sheet(user)
    applied = price_sheet_applied(dust_devils, sheet)
    assert applied["house_rules"] == {
        "prices": CLUB,
        "notes": "Weapons are unpriced in V2.1: played at 0 points.",
        "price_sheet": {"name": "Tuesday club", "token": sheet.share_token},
    }
    after = saved_list_create(owner=user, document=applied)
    unpriced = [v for v in after.violations if v.get("unpriced")]
    assert [v for v in before.violations if v.get("unpriced")] != []
    assert unpriced == []
    # Sergeant Vance's rifle and pistol, three more rifles, a SAW, a sniper rifle, a shotgun.
    assert after.points - before.points == 6 + 3 + 6 + 6 + 12 + 9 + 5
    # The saved list keeps its copy: changing the sheet changes no list.
    price_sheet_update(sheet=sheet, prices={"rifle": 1})
    after.refresh_from_db()
    assert after.document["house_rules"]["prices"] == CLUB


def test_a_file_round_trips(packs: Any, user: Any, other_user: Any) -> None:
    sheet = club_sheet(user, notes="March")
    exported = price_sheet_export(sheet=sheet)
    assert exported == {
        "format": "muster-prices/1",
        "system": "crimson-dust",
        "name": "Tuesday club",
        "notes": "March",
        "prices": dict(sorted(CLUB.items())),
    }
    copy_ = price_sheet_import(owner=other_user, data=json.dumps(exported).encode())
    assert (copy_.owner, copy_.name, copy_.prices, copy_.notes) == (
        other_user,
        "Tuesday club",
        CLUB,
        "March",
    )


GOOD_FILE = {"format": "muster-prices/1", "system": "crimson-dust", "name": "Club", "prices": {}}


@pytest.mark.parametrize(
    ("data", "code", "message"),
    [
        (
            b"{not json",
            ErrorCode.BAD_FILE,
            "The file is not JSON (line 1, column 2); is it a price sheet?",
        ),
        (b"\xff\xfe", ErrorCode.BAD_FILE, "The file is not text (UTF-8); is it a price sheet?"),
        (
            json.dumps({**GOOD_FILE, "format": "muster-list/1"}),
            ErrorCode.BAD_FILE,
            "The file is not a price sheet: its format must be “muster-prices/1”.",
        ),
        (
            json.dumps([GOOD_FILE]),
            ErrorCode.BAD_FILE,
            "The file is not a price sheet: its format must be “muster-prices/1”.",
        ),
        (
            json.dumps({**GOOD_FILE, "prices": [1]}),
            ErrorCode.BAD_FILE,
            "The file's prices must be a table of item to points.",
        ),
        (
            json.dumps({**GOOD_FILE, "name": ""}),
            ErrorCode.BAD_FILE,
            "The file must give the sheet's name as text.",
        ),
        (
            json.dumps({**GOOD_FILE, "name": "Club\u0000"}),
            ErrorCode.BAD_FILE,
            "The file's name holds a control character (such as NUL).",
        ),
        (
            json.dumps({**GOOD_FILE, "system": "chess"}),
            ErrorCode.UNKNOWN_SYSTEM,
            "No game system 'chess' is loaded.",
        ),
        (
            json.dumps({**GOOD_FILE, "prices": {"laser-sword": 3}}),
            ErrorCode.IMPORT_REFUSED,
            "There is no item “laser-sword” without a printed price in this game.",
        ),
        (
            json.dumps({**GOOD_FILE, "prices": {"blaster": -3}}),
            ErrorCode.IMPORT_REFUSED,
            "The price of Blaster cannot be negative (-3).",
        ),
    ],
)
def test_a_wrong_file_imports_nothing_and_says_why(
    packs: Any, user: Any, data: Any, code: ErrorCode, message: str
) -> None:
    with pytest.raises(ApplicationError) as caught:
        price_sheet_import(owner=user, data=data)
    assert (caught.value.code, caught.value.message) == (code, message)
    assert not PriceSheet.objects.exists()


def test_the_builder_offers_own_sheets_and_opened_links_only(
    packs: Any, user: Any, other_user: Any
) -> None:
    mine = club_sheet(user)
    theirs = club_sheet(other_user, notes="")
    hidden = price_sheet_create(owner=other_user, system="crimson-dust", name="Secret", prices={})
    assert price_sheets_to_apply(user=user, system="crimson-dust") == [mine]
    offered = price_sheets_to_apply(user=user, system="crimson-dust", tokens=[theirs.share_token])
    assert {s.pk for s in offered} == {mine.pk, theirs.pk}
    assert hidden not in offered
    copied = price_sheet_copy(sheet=theirs, owner=user)
    assert (copied.owner, copied.prices) == (user, CLUB)


# The API


def test_the_api_makes_reads_changes_and_deletes_a_sheet(api: Any, packs: Any) -> None:
    made = api.post(
        "/api/v1/price-sheets/",
        {"system": "crimson-dust", "name": "Club", "prices": {"rifle": 6}},
        format="json",
    )
    assert made.status_code == 201, made.content
    body = made.json()
    assert (body["name"], body["system"], body["prices"], body["notes"]) == (
        "Club",
        "crimson-dust",
        {"rifle": 6},
        "",
    )
    url = f"/api/v1/price-sheets/{body['uuid']}/"
    assert api.get("/api/v1/price-sheets/").json()["count"] == 1
    changed = api.patch(url, {"prices": {"rifle": 7, "blaster": 10}}, format="json")
    assert changed.json()["prices"] == {"rifle": 7, "blaster": 10}
    exported = api.get(f"{url}export/")
    assert exported.json()["format"] == "muster-prices/1"
    assert api.delete(url).status_code == 204
    assert api.get(url).status_code == 404


def test_the_api_refuses_a_bad_price_with_the_error_shape(api: Any, packs: Any) -> None:
    r = api.post(
        "/api/v1/price-sheets/",
        {"system": "crimson-dust", "name": "Club", "prices": {"blaster": -3}},
        format="json",
    )
    assert r.status_code == 400
    assert r.json() == {
        "code": "invalid",
        "message": "The price of Blaster cannot be negative (-3).",
        "details": [
            {
                "path": "$.prices.blaster",
                "field": "prices",
                "message": "The price of Blaster cannot be negative (-3).",
            }
        ],
    }


def test_the_api_imports_a_file_and_keeps_sheets_to_their_owner(
    api: Any, anon: Any, packs: Any, other_user: Any
) -> None:
    r = api.post("/api/v1/price-sheets/import/", {**GOOD_FILE, "prices": CLUB}, format="json")
    assert r.status_code == 201, r.content
    assert r.json()["prices"] == CLUB
    bad = api.post("/api/v1/price-sheets/import/", {**GOOD_FILE, "format": "x"}, format="json")
    assert (bad.status_code, bad.json()["code"]) == (400, "bad_file")
    theirs = club_sheet(other_user)
    assert api.get(f"/api/v1/price-sheets/{theirs.uuid}/").status_code == 404
    assert anon.get("/api/v1/price-sheets/").status_code == 401


def test_listing_sheets_asks_the_same_queries_for_one_or_many(
    api: Any, user: Any, packs: Any, django_assert_num_queries: Any
) -> None:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    club_sheet(user)
    with CaptureQueriesContext(connection) as one:
        assert api.get("/api/v1/price-sheets/").json()["count"] == 1
    for i in range(4):
        price_sheet_create(owner=user, system="crimson-dust", name=f"Club {i}", prices=CLUB)
    with django_assert_num_queries(len(one)):
        assert api.get("/api/v1/price-sheets/").json()["count"] == 5


def test_maintainers_read_sheets_in_the_admin_by_item_name(
    client: Any, packs: Any, user: Any
) -> None:
    sheet = club_sheet(user)
    client.force_login(get_user_model().objects.create_superuser("m", "m@example.com", "pw"))
    listing = client.get("/admin/lists/pricesheet/").content.decode()
    assert "Tuesday club" in listing
    page = client.get(f"/admin/lists/pricesheet/{sheet.pk}/change/").content.decode()
    assert "Pistol 3, Rifle 6, SAW or LMG 12, Shotgun 5, Sniper Rifle 9" in page
    assert client.get("/admin/lists/pricesheet/add/").status_code == 403
