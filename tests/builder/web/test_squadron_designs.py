"""A squadron fighter flying one of the player's saved designs is linked to it: it says
which design it flies, follows the design's edits (its hardpoints checked again when the
squadron is opened) and keeps a copy if the design is thrown away."""

from __future__ import annotations

import copy
import re
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from builder.games.black_skies.fields import describe
from builder.games.black_skies.prints import design_said
from builder.lists.models import SavedList
from builder.lists.services import saved_list_create, saved_list_trash, saved_list_update
from builder.web.selectors.catalogue import current_catalogue
from tests.builder.web.conftest import entry_block, example, form_data, selected

pytestmark = pytest.mark.django_db
SQUADRON = "/build/black-skies/squadron/"


@pytest.fixture
def dart(client: Client, packs: Any) -> SavedList:
    """Ada's saved light fighter "Dart": two laser cannon, no armour."""
    user = get_user_model().objects.create_user("ada", password="a-long-pass-phrase")
    client.force_login(user)
    doc = example("black-skies/black-tiger.fighter.json") | {"name": "Dart list"}
    doc["entries"][0] |= {"name": "Dart", "weight": "light", "armour": "no-armour"}
    return saved_list_create(owner=user, document=doc)


def squadron_flying(client: Client, design: SavedList) -> SavedList:
    """A squadron of one fighter, picked to fly ``design`` and saved."""
    doc = example("black-skies/tiger-squadron.squadron.json") | {"entries": []}
    data = form_data(doc) | {"action": "add", "add": f"list:{design.uuid}"}
    client.post(SQUADRON, data)
    data = form_data(doc) | {
        "entry_count": "1",
        "e0-element": "Red",
        "e0-pilot-name": "Pilot 1",
        "e0-pilot-skill": "2",
        "e0-design": f"list:{design.uuid}",
        "action": "save",
    }
    assert client.post(SQUADRON, data).status_code == 302
    return SavedList.objects.get(kind="squadron")


def test_a_fighter_keeps_the_link_to_its_saved_design(client: Client, dart: SavedList) -> None:
    squadron = squadron_flying(client, dart)
    entry = squadron.document["entries"][0]
    assert entry["design_ref"] == str(dart.uuid)
    assert entry["design"]["name"] == "Dart"
    page = client.get(f"/lists/{squadron.uuid}/").content.decode()
    assert selected(page, "e0-design") == f"list:{dart.uuid}"
    assert (
        "From your design Dart list: Light, 2 × Laser Cannon, no armour, no shields, "
        "rear thrusters. Edit that design to change this fighter." in page
    )
    assert '<p class="price">2 of 2 hardpoints</p>' in entry_block(page, 0)


def test_an_edit_of_the_design_reaches_the_squadron(client: Client, dart: SavedList) -> None:
    squadron = squadron_flying(client, dart)
    edited = copy.deepcopy(dart.document)
    edited["entries"][0] |= {
        "weight": "medium",
        "weapons": [{"weapon": "laser-cannon", "count": 1}, {"weapon": "laser-cannon", "count": 2}],
    }
    saved_list_update(saved_list=dart, document=edited)
    page = client.get(f"/lists/{squadron.uuid}/").content.decode()
    assert "From your design Dart list: Medium, 3 × Laser Cannon, no armour, no shields" in page
    assert '<p class="price">3 of 3 hardpoints</p>' in entry_block(page, 0)
    # Checked again on every change too: the form still names the design, not a copy.
    data = form_data(example("black-skies/tiger-squadron.squadron.json") | {"entries": []}) | {
        "entry_count": "1",
        "e0-element": "Red",
        "e0-pilot-name": "Pilot 1",
        "e0-pilot-skill": "2",
        "e0-design": f"list:{dart.uuid}",
    }
    edited["entries"][0]["weight"] = "light"
    saved_list_update(saved_list=dart, document=edited)
    page = client.post(f"/lists/{squadron.uuid}/", data).content.decode()
    assert '<p class="price">3 of 2 hardpoints</p>' in entry_block(page, 0)
    assert "black-skies.over-hardpoints" in entry_block(page, 0)


def test_a_design_thrown_away_leaves_the_fighter_its_copy(client: Client, dart: SavedList) -> None:
    squadron = squadron_flying(client, dart)
    saved_list_trash(saved_list=dart)
    page = client.get(f"/lists/{squadron.uuid}/").content.decode()
    assert (
        "Your saved design Dart is no longer among your lists; the fighter keeps its last copy."
        in page
    )
    assert selected(page, "e0-design") == "written-out"
    assert 'id="e0-design-name" name="e0-design-name" value="Dart"' in page
    assert '<p class="price">2 of 2 hardpoints</p>' in entry_block(page, 0)


def test_summaries_count_repeated_weapons_once(packs: Any) -> None:
    catalogue = current_catalogue()
    design = example("black-skies/black-tiger.fighter.json")["entries"][0]
    design["weapons"] = [
        {"weapon": "laser-cannon", "count": 1},
        {"weapon": "laser-cannon", "count": 1},
    ]
    assert describe(design, catalogue) == (
        "Medium, 2 × Laser Cannon, light armour, no shields, rear thrusters"
    )
    assert design_said(catalogue, design) == (
        "Medium fighter, 2 × Laser Cannon, armour Light (-1), shields 0, Rear thrusters"
    )


def test_writing_out_a_linked_design_starts_from_its_copy(client: Client, dart: SavedList) -> None:
    squadron = squadron_flying(client, dart)
    page = client.get(f"/lists/{squadron.uuid}/").content.decode()
    carried: dict[str, list[str]] = {}
    for name, value in re.findall(
        r'<input type="hidden" name="(e0-design-[^"]+)" value="([^"]*)"', page
    ):
        carried.setdefault(name, []).append(value)
    data = form_data(example("black-skies/tiger-squadron.squadron.json") | {"entries": []}) | {
        "entry_count": "1",
        "e0-element": "Red",
        "e0-pilot-name": "Pilot 1",
        "e0-pilot-skill": "2",
        **carried,
        "e0-design": "written-out",
    }
    page = client.post(f"/lists/{squadron.uuid}/", data).content.decode()
    assert selected(page, "e0-design") == "written-out"
    assert 'id="e0-design-name" name="e0-design-name" value="Dart"' in page
    assert selected(page, "e0-design-weight") == "light"
    assert "From your design" not in page
    assert '<p class="price">2 of 2 hardpoints</p>' in entry_block(page, 0)
