"""The price sheet pages: a player's sheets, one row per unpriced item by name, the share
page, the file in and out, and applying a sheet in the builder."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from builder.lists.models import PriceSheet
from builder.lists.price_sheets import price_sheet_create
from tests.builder.web.conftest import example, form_data

pytestmark = pytest.mark.django_db
WARBAND = "/build/crimson-dust/warband/"
CLUB = {"rifle": 6, "pistol": 3, "shotgun": 5, "sniper-rifle": 9, "saw-or-lmg": 12}


def signed_in(client: Client, name: str = "ada") -> User:
    user = get_user_model().objects.create_user(name, password="a-long-pass-phrase")
    client.force_login(user)
    return user


def text(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def club(owner: User, name: str = "Tuesday club") -> PriceSheet:
    return price_sheet_create(owner=owner, system="crimson-dust", name=name, prices=CLUB)


def test_the_nav_leads_signed_in_players_to_their_sheets(client: Client, packs: Any) -> None:
    assert "Price sheets" not in client.get("/").content.decode()
    assert client.get("/prices/").status_code == 302
    ada = signed_in(client)
    club(ada)
    page = client.get("/prices/").content.decode()
    assert '<a href="/prices/" aria-current="page">Price sheets</a>' in page
    assert "Tuesday club" in text(page)
    assert "New Crimson Dust sheet" in text(page)
    assert "New Crimson Skies" not in text(page)  # their books price everything


def test_a_new_sheet_has_one_row_per_unpriced_item_by_name(client: Client, packs: Any) -> None:
    signed_in(client)
    page = client.get("/prices/new/crimson-dust/").content.decode()
    assert page.count('class="price-row"') == 84
    assert '<label for="price-assault-rifle">Assault Rifle</label>' in page
    assert '<label for="price-hacker-1">Hacker 1</label>' in page
    legends = re.findall(r"<legend>([^<]+)<small", page)
    assert [s.strip() for s in legends] == ["Weapons", "Equipment", "Skills and levels"]
    assert client.get("/prices/new/cs-aces/").status_code == 404


def test_saving_a_sheet_keeps_the_filled_rows(client: Client, packs: Any) -> None:
    ada = signed_in(client)
    r = client.post(
        "/prices/new/crimson-dust/",
        {"name": "Club", "price-rifle": "6", "price-blaster": " ", "notes": "March"},
    )
    sheet = PriceSheet.objects.get()
    assert r.status_code == 302
    assert r["Location"] == f"/prices/{sheet.uuid}/"
    assert (sheet.owner, sheet.name, sheet.prices, sheet.notes) == (
        ada,
        "Club",
        {"rifle": 6},
        "March",
    )
    page = client.get(r["Location"]).content.decode()
    assert 'id="price-rifle" name="price-rifle" value="6"' in page
    assert f"/prices/shared/{sheet.share_token}/" in page


def test_a_bad_price_is_said_beside_its_item_and_nothing_is_saved(
    client: Client, packs: Any
) -> None:
    signed_in(client)
    r = client.post(
        "/prices/new/crimson-dust/",
        {"name": "Club", "price-rifle": "-2", "price-pistol": "lots", "price-axe": "4"},
    )
    assert r.status_code == 400
    assert not PriceSheet.objects.exists()
    page = r.content.decode()
    assert 'id="price-rifle-error">The price of Rifle cannot be negative (-2).</span>' in page
    assert "The price of Pistol must be a whole number, not “lots”." in page
    assert 'name="price-axe" value="4"' in page  # what was typed stays
    assert "$.prices" not in page


def test_someone_elses_sheet_is_not_found(client: Client, packs: Any) -> None:
    bob = get_user_model().objects.create_user("bob", password="b-long-pass-phrase")
    theirs = club(bob)
    signed_in(client)
    assert client.get(f"/prices/{theirs.uuid}/").status_code == 404
    assert client.post(f"/prices/{theirs.uuid}/delete/").status_code == 404
    assert PriceSheet.objects.filter(pk=theirs.pk).exists()


def test_export_and_import_a_sheet_file(client: Client, packs: Any) -> None:
    ada = signed_in(client)
    sheet = club(ada)
    r = client.get(f"/prices/{sheet.uuid}/export/")
    assert r["Content-Disposition"] == 'attachment; filename="tuesday-club.muster-prices.json"'
    exported = json.loads(r.content)
    assert exported["format"] == "muster-prices/1"
    client.post(f"/prices/{sheet.uuid}/delete/")
    upload = SimpleUploadedFile("club.json", r.content, "application/json")
    r = client.post("/prices/import/", {"file": upload})
    imported = PriceSheet.objects.get()
    assert (imported.name, imported.prices) == ("Tuesday club", CLUB)
    assert r["Location"] == f"/prices/{imported.uuid}/"


@pytest.mark.parametrize(
    ("body", "said"),
    [
        (b"not json", "The file is not JSON (line 1, column 1); is it a price sheet?"),
        (b'{"format": "muster-list/1"}', "its format must be “muster-prices/1”"),
        (
            json.dumps(
                {
                    "format": "muster-prices/1",
                    "system": "crimson-dust",
                    "name": "Club",
                    "prices": {"laser-sword": 3, "blaster": -3},
                }
            ).encode(),
            "Nothing was imported: There is no item “laser-sword” without a printed price in "
            "this game. The price of Blaster cannot be negative (-3).",
        ),
    ],
)
def test_a_wrong_file_is_refused_in_words(
    client: Client, packs: Any, body: bytes, said: str
) -> None:
    signed_in(client)
    upload = SimpleUploadedFile("x.json", body, "application/json")
    r = client.post("/prices/import/", {"file": upload}, follow=True)
    assert r.status_code == 200
    assert said in text(r.content.decode())
    assert not PriceSheet.objects.exists()


def test_the_share_page_shows_the_prices_and_copies_them(client: Client, packs: Any) -> None:
    bob = get_user_model().objects.create_user("bob", password="b-long-pass-phrase")
    sheet = club(bob)
    page = text(client.get(f"/prices/shared/{sheet.share_token}/").content.decode())
    assert "Tuesday club Crimson Dust price sheet · shared by bob · 5 prices" in page
    assert "Item Points Pistol 3 Rifle 6 SAW or LMG 12 Shotgun 5 Sniper Rifle 9" in page
    assert "Log in to copy it to your sheets" in page
    ada = signed_in(client)
    r = client.post(f"/prices/shared/{sheet.share_token}/copy/")
    copy_ = PriceSheet.objects.get(owner=ada)
    assert (copy_.name, copy_.prices) == ("Tuesday club", CLUB)
    assert r["Location"] == f"/prices/{copy_.uuid}/"
    assert client.get("/prices/shared/no-such-token/").status_code == 404


def apply(client: Client, sheet: PriceSheet) -> str:
    data = form_data(example("crimson-dust/dust-devils-500.json"))
    data |= {"action": "apply-sheet", "apply_sheet": sheet.share_token}
    return client.post(WARBAND, data).content.decode()


def test_applying_a_sheet_in_the_builder_prices_the_list(client: Client, packs: Any) -> None:
    ada = signed_in(client)
    sheet = club(ada)
    before = client.post(WARBAND, form_data(example("crimson-dust/dust-devils-500.json")))
    assert 'class="unpriced-notice"' in before.content.decode()
    assert 'id="apply-sheet"' in before.content.decode()
    page = apply(client, sheet)
    assert 'class="unpriced-notice"' not in page
    assert "Prices from the sheet <strong>Tuesday club</strong>" in page
    assert f'name="price_sheet_token" value="{sheet.share_token}"' in page
    assert 'name="price-rifle" value="6"' in page
    # Saving keeps the prices and the sheet's name in the list.
    data = form_data(example("crimson-dust/dust-devils-500.json"))
    data |= {f"price-{k}": str(v) for k, v in CLUB.items()}
    data |= {"price_sheet_name": "Tuesday club", "price_sheet_token": sheet.share_token}
    client.post(WARBAND, {**data, "action": "save"})
    saved = ada.saved_lists.get()
    assert saved.document["house_rules"]["prices"] == CLUB
    assert saved.document["house_rules"]["price_sheet"] == {
        "name": "Tuesday club",
        "token": sheet.share_token,
    }


def test_a_sheet_prices_items_the_list_lacks_unseen_until_it_has_them(
    client: Client, packs: Any
) -> None:
    ada = signed_in(client)
    sheet = price_sheet_create(
        owner=ada, system="crimson-dust", name="Club", prices={**CLUB, "blaster": 11}
    )
    page = apply(client, sheet)
    assert 'name="price-blaster"' not in page
    assert "(and 1 for items not in this list)" in page
    carried = re.search(r'name="prices_carried" value="([^"]+)"', page)
    assert carried is not None
    assert json.loads(carried.group(1).replace("&quot;", '"')) == {"blaster": 11}


def test_an_anonymous_player_applies_a_sheet_whose_link_they_opened(
    client: Client, packs: Any
) -> None:
    bob = get_user_model().objects.create_user("bob", password="b-long-pass-phrase")
    sheet = club(bob)
    other = price_sheet_create(owner=bob, system="crimson-dust", name="Other", prices={})
    assert "unpriced-notice" in apply(client, sheet)  # not opened yet: not applied
    client.get(f"/prices/shared/{sheet.share_token}/")
    builder = client.get(WARBAND).content.decode()
    assert "Tuesday club (shared by bob)" in builder
    assert "Other" not in builder
    page = apply(client, sheet)
    assert "unpriced-notice" not in page
    assert "unpriced-notice" in apply(client, other)


def test_a_shared_list_names_its_sheet_with_a_link(client: Client, packs: Any) -> None:
    from builder.lists.models import SavedList
    from builder.lists.price_sheets import price_sheet_applied
    from builder.lists.services import saved_list_create

    ada = signed_in(client)
    sheet = club(ada)
    doc = price_sheet_applied(example("crimson-dust/dust-devils-500.json"), sheet)
    saved = saved_list_create(owner=ada, document=doc, visibility=SavedList.Visibility.PUBLIC)
    page = Client().get(f"/lists/shared/{saved.share_token}/").content.decode()
    link = f'<a href="/prices/shared/{sheet.share_token}/">Tuesday club</a>'
    assert f"<dt>Price sheet</dt><dd>{link}</dd>" in page
    assert "Agreed prices Pistol 3, Rifle 6, SAW or LMG 12, Shotgun 5, Sniper Rifle 9" in text(page)


def test_the_sheets_page_and_the_builder_ask_the_same_queries_for_more_sheets(
    client: Client, packs: Any, django_assert_num_queries: Any
) -> None:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    ada = signed_in(client)
    club(ada)
    client.get("/prices/")
    client.get(WARBAND)
    with CaptureQueriesContext(connection) as one_index:
        client.get("/prices/")
    with CaptureQueriesContext(connection) as one_builder:
        client.get(WARBAND)
    for i in range(4):
        club(ada, name=f"Club {i}")
    with django_assert_num_queries(len(one_index)):
        assert client.get("/prices/").content.decode().count("/prices/") >= 5
    with django_assert_num_queries(len(one_builder)):
        assert client.get(WARBAND).content.decode().count("<option value=") >= 5


def test_too_long_notes_are_said_not_a_server_error(client: Client, packs: Any) -> None:
    signed_in(client)
    r = client.post("/prices/new/crimson-dust/", {"name": "Club", "notes": "x" * 10_001})
    assert r.status_code == 400
    assert "Notes are at most 10,000 characters." in r.content.decode()
    assert not PriceSheet.objects.exists()
