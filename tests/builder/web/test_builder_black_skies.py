"""The Black Skies builder through its form, as posted without JavaScript: a fighter design
from weight, weapons, armour, shields and thrusters; a squadron of pilots in elements, flying
the catalogue's designs, the player's own or one written out."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from builder.lists.models import SavedList
from tests.builder.web.conftest import (
    entry_block,
    example,
    form_data,
    select_html,
    selected,
)

pytestmark = pytest.mark.django_db
FIGHTER = "/build/black-skies/fighter/"
SQUADRON = "/build/black-skies/squadron/"
HTMX = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TRIGGER": "builder-form"}
LEGAL = '<span class="badge legal">Legal</span>'
ILLEGAL = '<span class="badge illegal">Not legal</span>'


def tiger() -> dict[str, Any]:
    return example("black-skies/black-tiger.fighter.json")


def codes(block: str) -> list[str]:
    return [part.split('"')[0] for part in block.split('data-code="')[1:]]


# A fighter design


def test_a_new_design_starts_legal_with_every_control_labelled(client: Client, packs: Any) -> None:
    page = client.get(FIGHTER).content.decode()
    assert 'id="points-total">1</span> / 3 hardpoints used' in page
    assert LEGAL in page
    assert '<p class="price">1 of 3 hardpoints</p>' in page
    assert (selected(page, "e0-weight"), selected(page, "e0-armour")) == ("medium", "no-armour")
    weights = select_html(page, "e0-weight")
    assert '<option value="light">Light (2 hardpoints, hull 4, acceleration 4)</option>' in weights
    assert '<option value="heavy">Heavy (4 hardpoints, hull 8, acceleration 2)</option>' in weights
    armours = select_html(page, "e0-armour")
    assert (
        '<option value="heavy-armour">Heavy armour (-2 damage a hit, 2 hardpoints, '
        "not for light fighters)</option>" in armours
    )
    assert (
        '<option value="laser-cannon" selected>Laser Cannon (1 hardpoint, d6, RoF 1, '
        "forward)</option>" in select_html(page, "e0-weapons-0-weapon")
    )
    assert selected(page, "e0-weapons-1-weapon") == ""  # the row that adds a weapon
    assert '<input type="hidden" name="e0-weapons-rows" value="2">' in page
    assert '<label for="e0-shields">Shield levels</label>' in page
    assert 'id="e0-thrusters-rear-thrusters" name="e0-thrusters" value="rear-thrusters">' in page
    assert "Afterburner, Hard Left, Hard Right" in page
    assert 'value="basic-thrusters"' not in page  # always fitted, never offered
    assert 'name="action" value="remove:0"' not in page  # a design list holds one design


def test_the_black_tiger_uses_its_three_hardpoints(client: Client, packs: Any) -> None:
    page = client.post(FIGHTER, form_data(tiger())).content.decode()
    assert 'id="points-total">3</span> / 3 hardpoints used' in page
    assert LEGAL in page
    block = entry_block(page, 0)
    assert '<p class="price">3 of 3 hardpoints</p>' in block
    assert "<li>Weapons: 2 hardpoints</li>" in block
    assert "<li>Armour: 1 hardpoint</li>" in block
    assert "<li>Shields: 0 hardpoints</li>" in block
    assert "Flies with hull 6, acceleration 3; 2 d12 a volley; afterburner +4 speed." in block


def test_over_the_hardpoints_is_an_error_beside_the_design(client: Client, packs: Any) -> None:
    doc = tiger()
    doc["entries"][0]["weapons"][0]["count"] = 3
    page = client.post(FIGHTER, form_data(doc), **HTMX).content.decode()
    assert "<html" not in page  # a live update: only the verdicts travel
    block = entry_block(page, 0)
    assert codes(block) == ["black-skies.over-hardpoints"]
    assert (
        "Black Tiger uses 4 hardpoints (weapons 3, armour 1, shields 0), 1 over the 3 of a "
        "medium fighter" in block
    )
    assert '<p class="price">4 of 3 hardpoints</p>' in block
    assert 'id="points-total">4</span> / 3 hardpoints used' in page
    assert ILLEGAL in page


def test_heavy_armour_on_a_light_fighter(client: Client, packs: Any) -> None:
    doc = tiger()
    doc["entries"][0] |= {"weight": "light", "armour": "heavy-armour", "shields": 2}
    page = client.post(FIGHTER, form_data(doc)).content.decode()
    block = entry_block(page, 0)
    assert codes(block) == [
        "black-skies.over-hardpoints",
        "black-skies.armour-too-heavy",
        "black-skies.too-many-shield-levels",
    ]
    assert "Black Tiger is a light fighter: it may not have heavy armour" in block
    assert "Black Tiger has 2 levels of shielding, 1 over the 1 allowed" in block
    assert 'id="points-total">6</span> / 2 hardpoints used' in page


def test_a_ruling_allows_more_shields(client: Client, packs: Any) -> None:
    doc = tiger()
    doc["entries"][0] |= {"weight": "heavy", "shields": 2, "armour": "no-armour"}
    doc["settings"] = {"max_shield_levels": 2}
    page = client.post(FIGHTER, form_data(doc)).content.decode()
    assert 'id="points-total">4</span> / 4 hardpoints used' in page
    assert LEGAL in page


def test_picking_a_weapon_in_the_last_row_fits_another(client: Client, packs: Any) -> None:
    data = form_data(tiger()) | {
        "e0-weapons-rows": "2",
        "e0-weapons-1-weapon": "laser-cannon",
        "e0-weapons-1-count": "",  # left blank: one
    }
    page = client.post(FIGHTER, data | {"action": "check"}).content.decode()
    assert 'id="points-total">4</span> / 3 hardpoints used' in page
    assert '<input type="hidden" name="e0-weapons-rows" value="3">' in page
    assert selected(page, "e0-weapons-1-weapon") == "laser-cannon"
    assert 'id="e0-weapons-1-count" name="e0-weapons-1-count" value="1"' in page
    assert selected(page, "e0-weapons-2-weapon") == ""


def test_picking_no_weapon_takes_the_row_off(client: Client, packs: Any) -> None:
    data = form_data(tiger()) | {"e0-weapons-0-weapon": ""}
    page = client.post(FIGHTER, data).content.decode()
    assert 'id="points-total">1</span> / 3 hardpoints used' in page  # the armour alone
    assert '<input type="hidden" name="e0-weapons-rows" value="1">' in page


def test_a_blank_shield_level_is_none_and_a_blank_weight_is_named(
    client: Client, packs: Any
) -> None:
    data = form_data(tiger()) | {"e0-shields": "", "e0-weight": ""}
    page = client.post(FIGHTER, data).content.decode()
    assert 'data-code="bad_document"' in page
    assert "Weight is missing" in entry_block(page, 0)
    assert "is a required property" not in entry_block(page, 0).split('class="technical"')[0]
    assert "shields" not in entry_block(page, 0)


def test_thrusters_unlock_their_maneuvers(client: Client, packs: Any) -> None:
    data = form_data(tiger()) | {"e0-thrusters": ["side-thrusters"]}
    page = client.post(FIGHTER, data).content.decode()
    assert "afterburner" not in entry_block(page, 0)  # rear thrusters taken off
    assert (
        'id="e0-thrusters-side-thrusters" name="e0-thrusters" value="side-thrusters" checked>'
        in (page)
    )


def test_an_imported_design_keeps_what_the_catalogue_lacks(client: Client, packs: Any) -> None:
    doc = tiger()
    doc["entries"][0] |= {"weight": "superheavy", "thrusters": ["warp-coils"]}
    upload = SimpleUploadedFile("odd.json", json.dumps(doc).encode())
    page = client.post(FIGHTER, {"import_file": upload}).content.decode()
    assert (
        '<option value="superheavy" selected>superheavy (not in the catalogue)</option>'
        in select_html(page, "e0-weight")
    )
    assert 'value="warp-coils" checked>' in page
    assert codes(entry_block(page, 0)) == [
        "black-skies.unknown-thruster",
        "black-skies.unknown-weight",
    ]


def test_a_design_is_saved_as_its_document(client: Client, packs: Any) -> None:
    user = get_user_model().objects.create_user("ada", password="a-long-pass-phrase")
    client.force_login(user)
    response = client.post(FIGHTER, form_data(tiger()) | {"action": "save"})
    saved = SavedList.objects.get(owner=user)
    assert response["Location"] == f"/lists/{saved.uuid}/"
    assert (saved.kind, saved.points, saved.points_limit, saved.legal) == ("fighter", 3, 3, True)
    assert saved.document["entries"] == tiger()["entries"]


# A squadron


def test_the_tiger_squadron_flies_in_two_elements(client: Client, packs: Any) -> None:
    page = client.post(SQUADRON, form_data(example("black-skies/tiger-squadron.squadron.json")))
    text = page.content.decode()
    assert 'id="points-total">4</span> / 4 fighters' in text
    assert "Elements: Red (2, Black Tiger); Gold (2, Black Tiger)" in text
    assert LEGAL in text
    assert "<legend>1. Kell, Red element</legend>" in text
    assert selected(text, "e0-pilot-skill") == "4"
    assert '<option value="4" selected>4: hotshot pilot</option>' in text
    assert selected(text, "e0-design") == "black-tiger"
    assert (
        "Medium, 2 × Laser Cannon, light armour, no shields, rear thrusters" in text
    )  # what the catalogue design is
    assert '<p class="price">3 of 3 hardpoints</p>' in entry_block(text, 3)


def test_each_broken_rule_sits_beside_its_fighter(client: Client, packs: Any) -> None:
    page = client.post(
        SQUADRON, form_data(example("black-skies/broken.squadron.json"))
    ).content.decode()
    assert [codes(entry_block(page, i)) for i in range(6)] == [
        ["black-skies.pilot-skill-out-of-range"],
        ["black-skies.element-mixed-designs"],
        [],
        [],
        ["black-skies.element-too-large"],
        [
            "black-skies.unknown-design",
            "black-skies.pilot-skill-out-of-range",
            "black-skies.element-single-fighter",
        ],
    ]
    assert 'class="violation warning" data-code="black-skies.element-single-fighter"' in page
    assert 'data-code="black-skies.over-fighter-limit"' in page.split('id="verdict"')[1]
    assert '<option value="5" selected>5 (not in the catalogue)</option>' in page
    assert '<option value="grey-ghost" selected>grey-ghost (not in the catalogue)</option>' in page
    assert selected(page, "e1-design") == "written-out"  # Moss's Lancer, written out
    assert 'id="e1-design-name" name="e1-design-name" value="Lancer"' in page
    assert selected(page, "e1-design-weight") == "heavy"


def test_adding_fighters_fills_elements_of_two(client: Client, packs: Any) -> None:
    doc = example("black-skies/tiger-squadron.squadron.json") | {"entries": []}
    data = form_data(doc)
    page = ""
    for n in range(3):
        data = data | {"entry_count": str(n), "action": "add", "add": "black-tiger"}
        page = client.post(SQUADRON, data).content.decode()
        data |= {
            f"e{n}-element": ["Red", "Red", "Gold"][n],
            f"e{n}-pilot-name": f"Pilot {n + 1}",
            f"e{n}-pilot-skill": "2",
            f"e{n}-design": "black-tiger",
        }
    assert [
        page.split(f'id="e{i}-element" name="e{i}-element" value="')[1].split('"')[0]
        for i in range(3)
    ] == ["Red", "Red", "Gold"]
    assert selected(page, "e2-pilot-skill") == "2"
    assert codes(entry_block(page, 2)) == ["black-skies.element-single-fighter"]
    assert 'id="points-total">3</span> / 4 fighters' in page


def test_a_fighter_written_out_starts_from_its_design(client: Client, packs: Any) -> None:
    data = form_data(example("black-skies/tiger-squadron.squadron.json"))
    assert (
        'name="e2-design-from" value="black-tiger"' in client.post(SQUADRON, data).content.decode()
    )
    data |= {"e2-design": "written-out", "e2-design-from": "black-tiger"}
    page = client.post(SQUADRON, data).content.decode()
    assert 'id="e2-design-name" name="e2-design-name" value="Black Tiger"' in page
    assert selected(page, "e2-design-weapons-0-weapon") == "laser-cannon"
    assert LEGAL in page  # the same design, written out, still matches its wingman's
    data |= {
        "e2-design-name": "Black Tiger",
        "e2-design-weight": "medium",
        "e2-design-armour": "no-armour",
        "e2-design-shields": "1",
        "e2-design-thrusters": ["rear-thrusters"],
        "e2-design-weapons-rows": "1",
        "e2-design-weapons-0-weapon": "laser-cannon",
        "e2-design-weapons-0-count": "2",
    }
    page = client.post(SQUADRON, data).content.decode()
    assert codes(entry_block(page, 3)) == ["black-skies.element-mixed-designs"]
    assert "Element Gold mixes two Black Tiger variants" in entry_block(page, 3)


def test_a_new_fighter_may_fly_a_design_written_out(client: Client, packs: Any) -> None:
    doc = example("black-skies/tiger-squadron.squadron.json") | {"entries": []}
    page = client.post(
        SQUADRON, form_data(doc) | {"action": "add", "add": "written-out"}
    ).content.decode()
    assert 'id="e0-design-name" name="e0-design-name" value="New fighter"' in page
    assert '<p class="price">1 of 3 hardpoints</p>' in entry_block(page, 0)


def test_a_fighter_flies_one_of_my_saved_designs(client: Client, packs: Any) -> None:
    user = get_user_model().objects.create_user("ada", password="a-long-pass-phrase")
    client.force_login(user)
    dart = tiger() | {"name": "Dart list"}
    dart["entries"][0] |= {"name": "Dart", "weight": "light", "armour": "no-armour"}
    client.post(FIGHTER, form_data(dart) | {"action": "save"})
    saved = SavedList.objects.get()
    doc = example("black-skies/tiger-squadron.squadron.json") | {"entries": []}
    page = client.get(SQUADRON).content.decode()
    assert f'<option value="list:{saved.uuid}">My design: Dart list (light)</option>' in page
    page = client.post(
        SQUADRON, form_data(doc) | {"action": "add", "add": f"list:{saved.uuid}"}
    ).content.decode()
    assert selected(page, "e0-design") == f"list:{saved.uuid}"
    assert "From your design Dart list: Light, 2 × Laser Cannon, no armour, no shields" in page
    assert 'id="e0-design-name"' not in page  # followed, not edited here
    assert '<p class="price">2 of 2 hardpoints</p>' in entry_block(page, 0)

    client.force_login(get_user_model().objects.create_user("bob", password="x-long-pass"))
    page = client.post(
        SQUADRON, form_data(doc) | {"action": "add", "add": f"list:{saved.uuid}"}
    ).content.decode()
    assert "That saved design is not among your lists; a new design was started." in page
    assert 'id="e0-design-name" name="e0-design-name" value="New fighter"' in page


def test_live_updates_of_a_squadron_keep_their_query_count(client: Client, packs: Any) -> None:
    client.force_login(get_user_model().objects.create_user("ada", password="a-long-pass"))
    base = example("black-skies/broken.squadron.json")
    counts = []
    for fighters in (2, 40):
        doc = copy.deepcopy(base)
        doc["entries"] = [copy.deepcopy(base["entries"][i % 6]) for i in range(fighters)]
        data = form_data(doc)
        client.post(SQUADRON, data, **HTMX)  # warm the catalogue snapshot
        with CaptureQueriesContext(connection) as queries:
            client.post(SQUADRON, data, **HTMX)
        counts.append(len(queries))
        with CaptureQueriesContext(connection) as queries:
            client.post(SQUADRON, data)  # the whole page: also reads my saved designs
        counts.append(len(queries))
    assert counts[0] == counts[2]
    assert counts[1] == counts[3] == counts[0] + 1


def test_live_updates_of_a_design_keep_their_query_count(client: Client, packs: Any) -> None:
    counts = []
    for rows in (1, 20):
        doc = tiger()
        doc["entries"][0]["weapons"] = [{"weapon": "laser-cannon", "count": 1}] * rows
        data = form_data(doc)
        client.post(FIGHTER, data, **HTMX)
        with CaptureQueriesContext(connection) as queries:
            client.post(FIGHTER, data, **HTMX)
        counts.append(len(queries))
    assert counts[0] == counts[1]


def test_designs_written_out_in_a_squadron_are_checked(client: Client, packs: Any) -> None:
    page = client.post(
        SQUADRON, form_data(example("black-skies/lancer-flight.squadron.json"))
    ).content.decode()
    assert LEGAL in page
    assert 'id="points-total">2</span> fighters' in page
    assert "Elements: Blue (2, Lancer)" in page
    assert '<p class="price">4 of 4 hardpoints</p>' in entry_block(page, 1)
    # The lead's design shows open; the wingman's, the same design, is folded to its summary.
    assert (
        '<details class="group" id="e0-design-group" open><summary><strong>Design: Lancer' in page
    )
    assert '<details class="group" id="e1-design-group"><summary><strong>Design: Lancer' in page
    assert "Heavy, 2 × Laser Cannon, light armour, 1 shield level</small></summary>" in page
