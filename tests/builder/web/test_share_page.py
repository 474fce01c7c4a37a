"""The share page reads like the printed roster: each entry by name with its profile, what
it carries and its itemised points, its own problems beside it, and a way to print it."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from builder.lists.models import SavedList
from builder.lists.services import saved_list_create, saved_list_update
from tests.builder.web.conftest import example

pytestmark = pytest.mark.django_db


def shared(packs: Any, path: str, owner: str = "ada") -> SavedList:
    user = get_user_model().objects.create_user(owner, password="a-long-pass-phrase")
    saved = saved_list_create(owner=user, document=example(path))
    return saved_list_update(saved_list=saved, visibility=SavedList.Visibility.UNLISTED)


def page_of(saved: SavedList, client: Client | None = None) -> str:
    response = (client or Client()).get(f"/lists/shared/{saved.share_token}/")
    assert response.status_code == 200
    return html.unescape(response.content.decode())


def text(fragment: str) -> str:
    """What a reader sees of an HTML fragment: its words, one space between them."""
    return " ".join(re.sub(r"<[^>]+>", " ", fragment).split())


def entries(page: str) -> dict[str, str]:
    """Each roster entry's words, by the entry's heading."""
    roster = page[page.index('<ol class="roster">') :]
    blocks = roster[: roster.index("</ol>")].split('<li class="roster-entry')[1:]
    found = {}
    for block in blocks:
        heading = text(block[block.index("<h3>") : block.index("</h3>")])
        found[heading] = text(block[block.index(">") + 1 :])
    return found


def whole_list(page: str) -> str:
    start = page.find('<section aria-labelledby="whole-list"')
    return "" if start < 0 else text(page[start : page.index("</section>", start)])


def test_a_warband_lists_each_model_with_profile_items_and_points(packs: Any) -> None:
    page = page_of(shared(packs, "crimson-dust/dust-devils-500.json"))
    assert text(page[page.index('id="roster-verdict"') :].split("</p>")[0]).endswith(
        "Legal 500 / 500 points · 0 errors, 0 warnings"
    )
    models = entries(page)
    assert list(models) == [
        "Sergeant Vance",
        "Brick",
        "Kestrel",
        "Outrider Jax",
        "Needle",
        "Grub",
    ]
    assert models["Sergeant Vance"] == (
        "Sergeant Vance 133 points Mv 8 Mr 4 Rg 9 As 8 Df 7 S 3 Av 2 Dc 2 In 3 "
        "What Sergeant Vance costs Archetype: Veteran Medio 75 Upgrade: Av 2 19 "
        "Upgrade: +1 Rg 24 Skill: Critical Shot 15 Weapon: Rifle (not given) 0 "
        "Weapon: Pistol (not given) 0 No problems"
    )
    assert "Mount: Bestia 20" in models["Outrider Jax"]
    assert "Mount skill: Mount -10" in models["Outrider Jax"]
    assert "Outrider Jax 43 points" in models["Outrider Jax"]
    assert whole_list(page) == (
        "The whole list Notice: The book prints no points for 7 items in this list "
        "(Rifle × 3, Pistol, SAW or LMG, Sniper Rifle and Shotgun): each counts 0 until your "
        "group agrees house prices."
    )
    assert "Total: 500 of 500 points" in text(page)


def test_no_ids_or_json_paths_on_the_page(packs: Any) -> None:
    page = page_of(shared(packs, "crimson-dust/dust-devils-500.json"))
    words = text(page[page.index("<main") :])
    for developer_text in ("$.", "plus-1-rg", "av-2", "critical-shot", "saw-or-lmg", "medio "):
        assert developer_text not in words, developer_text


def test_a_squadron_names_its_planes_pilots_aces_and_their_cards(packs: Any) -> None:
    page = page_of(shared(packs, "cs-air-action/aces-300.json"))
    planes = entries(page)
    assert list(planes) == [
        'Charlotte "Charlie" Steele (Fury)',
        "Loyle Crawford (Devastator)",
    ]
    assert planes['Charlotte "Charlie" Steele (Fury)'] == (
        'Charlotte "Charlie" Steele (Fury) 113 points Pilot Charlotte "Charlie" Steele; '
        "Silhouette 4, Front range 3, Rear range 0; starting click: Spd 7 Fr 4 Rr 0 Pil 6 "
        'What Charlotte "Charlie" Steele (Fury) costs '
        'Plane: Charlotte "Charlie" Steele (Fury) 64 Ace: Charlotte "Charlie" Steele 49 '
        "No problems"
    )
    assert "charlie-steele-fury" not in text(page)


def test_a_fighter_squadron_names_each_design_and_its_weapons(packs: Any) -> None:
    page = page_of(shared(packs, "black-skies/tiger-squadron.squadron.json"))
    pilots = entries(page)
    assert list(pilots) == ["Kell", "Moss", "Ariane", "Tobin"]
    assert pilots["Kell"] == (
        "Kell 1 fighter element Red, pilot skill 4 What Kell costs "
        "Design: Black Tiger (Medium fighter, 2 × Laser Cannon, armour Light (-1), "
        "shields 0, Rear thrusters) 1 No problems"
    )
    assert "black-tiger" not in text(page)


def test_each_fighter_carries_its_own_problems_and_the_list_its_own(packs: Any) -> None:
    page = page_of(shared(packs, "black-skies/broken.squadron.json"))
    pilots = entries(page)
    assert pilots["Nyx"] == (
        "Nyx 1 fighter element Blue, pilot skill 0 What Nyx costs "
        "Design: grey-ghost (not in the catalogue) 1 2 errors 1 warning "
        "Error: Nyx flies 'grey-ghost': there is no such design (known: Black Tiger) "
        "Error: Nyx has piloting skill 0: skill runs from 1 to 4 "
        "Warning: Nyx flies alone in element Blue: fighters fly in elements of 2 with few "
        "exceptions"
    )
    assert pilots["Ariane"].endswith("No problems")
    assert whole_list(page) == (
        "The whole list Error: the squadron fields 6 fighters, 2 over the game's 4"
    )


def test_a_plane_design_itemises_the_mass_of_each_part(packs: Any) -> None:
    page = page_of(shared(packs, "cs-hex/heavy-fighter-turret-legal.json"))
    parts = entries(page)
    assert list(parts) == ["Airframe", "Armour", "Gun", "Turret"]
    assert parts["Airframe"] == (
        "Airframe 3500 mass Bulwark, heavy plane, size 4 What Airframe costs Max speed mass 1680 "
        "G rating mass 1260 Acceleration mass 560 No problems"
    )
    assert parts["Turret"] == "Turret 850 mass .30 calibre gun, .30 calibre gun No problems"
    assert parts["Gun"] == "Gun 1200 mass 2 × .60 calibre gun No problems"


def test_the_owner_gets_the_pdf_sheet_and_everyone_the_print_button(packs: Any) -> None:
    saved = shared(packs, "cs-aces/kims-team.json")
    stranger = page_of(saved)
    assert "data-print hidden>Print this roster</button>" in stranger
    assert 'id="print-sheet"' not in stranger
    owner = Client()
    owner.force_login(saved.owner)
    own = page_of(saved, owner)
    pdf = f'href="/print/?list={saved.uuid}&kind=roster">Print the roster sheet (PDF)</a>'
    assert f'<a class="button secondary" id="print-sheet" {pdf}' in own


def test_a_private_list_has_no_share_page(packs: Any) -> None:
    saved = shared(packs, "cs-aces/kims-team.json")
    saved_list_update(saved_list=saved, visibility=SavedList.Visibility.PRIVATE)
    assert Client().get(f"/lists/shared/{saved.share_token}/").status_code == 404


def house_rules(page: str) -> str:
    start = page.index('<section aria-labelledby="house-rules"')
    return text(page[start : page.index("</section>", start)])


def test_the_house_rules_agreed_are_on_the_page(packs: Any) -> None:
    user = get_user_model().objects.create_user("ada", password="a-long-pass-phrase")
    doc = example("crimson-dust/dust-devils-500.json")
    doc["house_rules"] = {"prices": {"rifle": 3}, "notes": "Club night: no sniper duels."}
    saved = saved_list_create(owner=user, document=doc)
    saved = saved_list_update(saved_list=saved, visibility=SavedList.Visibility.PUBLIC)
    page = page_of(saved)
    assert house_rules(page) == (
        "House rules Rulings Heavy armour penalty: Any Av over 3 Agreed prices Rifle 3 "
        "Notes Club night: no sniper duels."
    )
    assert entries(page)["Kestrel"] == (
        "Kestrel 63 points Mv 8 Mr 3 Rg 7 As 7 Df 6 S 3 Av 1 Dc 2 In 3 What Kestrel costs "
        "Archetype: Regular Medio 50 Upgrade: Av 1 5 Skill: Dispersed Formation 5 "
        "Weapon: Rifle (house) 3 No problems"
    )


def test_the_rulings_a_squadron_chose_are_in_words(packs: Any) -> None:
    user = get_user_model().objects.create_user("ada", password="a-long-pass-phrase")
    doc = example("cs-air-action/aces-300.json")
    doc["settings"] = {"ace_shots_roll": "ace_attack", "victory_points_include_ace": True}
    saved = saved_list_create(owner=user, document=doc)
    saved = saved_list_update(saved_list=saved, visibility=SavedList.Visibility.PUBLIC)
    assert house_rules(page_of(saved)) == (
        "House rules Rulings Ace shots roll: The Ace's attack value; "
        "Victory points include ace: Yes Agreed prices None"
    )


def test_a_team_shows_each_figures_card_values(packs: Any) -> None:
    figures = entries(page_of(shared(packs, "cs-aces/kims-team.json")))
    assert len(figures) == 7
    assert figures['Charlotte "Charlie" Steele'] == (
        'Charlotte "Charlie" Steele 49 points Ace: Range 6, Targets 1; starting click: '
        'Spd 5 Att 3 Def 4 Fate 2 What Charlotte "Charlie" Steele costs 1 × 49 points 49 '
        "No problems"
    )
    assert figures["Ruffian"] == (
        "Ruffian 6 points Character token: Range 0, Targets 0; starting click: "
        "Spd 5 Att 2 Def 3 Fate 0 What Ruffian costs 1 × 6 points 6 No problems"
    )


def test_a_squadron_shows_its_navigation_deck_and_a_warband_its_trait_rules(packs: Any) -> None:
    said = text(page_of(shared(packs, "cs-air-action/aces-300.json")))
    assert (
        "Navigation deck: 16 cards Basic deck (12) Cruise × 2, Glide × 2, Half Loop, Side-Slip, "
        "Snap Roll, Tight Turn × 2, Turn × 2, Wingover"
    ) in said
    warband = text(page_of(shared(packs, "crimson-dust/dust-devils-500.json", owner="bo")))
    assert "Weapon traits Hail These weapons fire a hail of shot" in warband
    assert (
        "RoF May be shot 'x' times within a single action point, rolling 'x' less dice to hit "
        "than normal when doing so."
    ) in html.unescape(warband)
