"""Printed labels say what the books say: hardpoints as hardpoints, "—" for what a fighter
cannot do, melee bonuses, a mount's profile and rule, the profile a model is priced for,
"not legal" on every card of an illegal list, and the play aids of the schematic and the
fighter card (hit columns, ranges, the crippled point, target numbers, maneuvers)."""

from __future__ import annotations

import copy
import re
from typing import Any

import pytest

from builder.core.errors import ApplicationError
from builder.printing.services import print_request_parse, sheet_render
from rules_engine import Catalogue, check

from .conftest import example, pdf_pages
from .test_sheet_render import placements

PROFILE = ("Mv", "Mr", "Rg", "As", "Df", "S", "Av", "Dc", "In")


def printed(catalogue: Catalogue, kind: str, **what: Any) -> str:
    """Every page's text, whitespace runs (line breaks, no-break spaces) as one space."""
    request = print_request_parse(kind=kind, what=what, options=None, share_url=None)
    pdf = sheet_render(request, catalogue).pdf
    return " ".join(" ".join(pdf_pages(pdf)).split())


def warband(*entries: dict[str, Any]) -> dict[str, Any]:
    doc = example("crimson-dust/dust-devils-500.json")
    doc["name"] = "Blade Devils"
    doc["entries"] = list(entries)
    return doc


# ---- 1. Black Skies labels ----


def test_a_fighter_card_counts_hardpoints_not_points(catalogue: Catalogue) -> None:
    text = printed(catalogue, "cards", list=example("black-skies/black-tiger.fighter.json"))
    assert "Black Tiger Medium fighter 3 hardpoints" in text
    assert "Hardpoints 3 of 3" in text
    assert "pts" not in text


def test_a_squadron_card_counts_the_fighters_hardpoints(catalogue: Catalogue) -> None:
    doc = example("black-skies/tiger-squadron.squadron.json")
    assert check(catalogue, doc).points == 4  # the squadron counts fighters
    text = printed(catalogue, "cards", list=doc)
    assert text.count("3 hardpoints") == 2 * 4  # front and maneuvers face of each fighter
    assert "3pts" not in text
    assert "3 pts" not in text


def test_a_maneuver_the_fighter_lacks_prints_a_dash(catalogue: Catalogue) -> None:
    text = printed(catalogue, "cards", list=example("black-skies/lancer-flight.squadron.json"))
    assert "Afterburner —" in text
    assert "unknown" not in text
    assert "Hard Left" not in text  # no rear thrusters: not in its maneuver table


def test_armour_names_its_reduction_once(catalogue: Catalogue) -> None:
    text = printed(catalogue, "cards", list=example("black-skies/black-tiger.fighter.json"))
    assert "Armour Light (−1) Shields 0" in text
    assert "(-1)" not in text


def test_every_fighter_of_an_illegal_squadron_says_not_legal(catalogue: Catalogue) -> None:
    doc = example("black-skies/tiger-squadron.squadron.json")
    doc["entries"][0]["pilot"]["skill"] = 5
    assert not check(catalogue, doc).legal
    text = printed(catalogue, "cards", list=doc)
    # every face, fronts and maneuver tables, of the 4 fighters
    assert text.count("Not legal: the list breaks the rules (see its roster)") == 8


# ---- 2. Crimson Dust labels ----


def test_melee_weapons_print_the_books_bonuses_and_strength(catalogue: Catalogue) -> None:
    vance = {
        "name": "Vance",
        "archetype": "medio",
        "quality": "veteran",
        "weapons": ["sword", "axe", "club-or-baton", "spear-or-bayonet"],
    }
    text = printed(catalogue, "cards", list=warband(vance))
    # a veteran Medio has S 3; "add 'x' to the model's S when rolling to damage"
    assert "Sword melee: +2 As, Parry 3" in text
    assert "Axe melee: +1 As, +1 S 4" in text
    assert "Club or baton melee: +1 S 4" in text
    assert "Spear or bayonet melee: +1 As, Reach 3" in text
    assert "unknown" not in text


def test_a_mounted_model_prints_its_mount_and_the_mount_rule(catalogue: Catalogue) -> None:
    doc = example("crimson-dust/dust-devils-500.json")
    jax = check(catalogue, doc).breakdown["models"][3]
    rider = " ".join(str(jax["effective"]["profile"][s]) for s in PROFILE)
    text = printed(catalogue, "cards", list=doc)
    assert f"Rider {rider}" in text
    assert rider == "12 2 6 6 4 2 0 1 3"  # the mount's Mv and Df
    # Old Thunder: a Bestia (Mv 12 Mr 2 As 4 Df 4 S 2 Av 0 Dc 1) with Av 1 bought
    assert "Mount 12 2 0 4 4 2 1 1 0" in text
    assert (
        "Mount: Old Thunder (Bestia). When shot at roll a D6, on a roll of 1-3 the shot hits "
        "the mount, and on a roll of 4-6 the shot hits the rider." in text
    )
    assert "Mounts Bestia have a special rule" in text  # the whole rule on its rules face


def test_an_illegal_model_prints_the_profile_it_is_priced_for(catalogue: Catalogue) -> None:
    vance = {"name": "Vance", "archetype": "medio", "quality": "veteran"}
    doc = warband({**vance, "upgrades": ["av-2", "av-3"]})
    model = check(catalogue, doc).breakdown["models"][0]
    # the engine refuses Av 3 (an alternative to Av 2) and prices Av 2 alone...
    assert [(i["id"], i["points"]) for i in model["items"]] == [("medio", 75), ("av-2", 19)]
    # ...and its profile holds the priced upgrade alone
    assert model["effective"]["profile"]["Av"] == 2
    text = printed(catalogue, "cards", list=doc)
    assert "Mv Mr Rg As Df S Av Dc In 8 4 8 8 7 3 2 2 3" in text
    assert "8 4 8 8 7 3 5 2 3" not in text
    assert "94pts" in text
    assert "Not legal: Vance takes both Av 2 and Av 3: they are alternatives, take one" in text


def test_every_card_of_an_illegal_warband_says_not_legal(catalogue: Catalogue) -> None:
    doc = example("crimson-dust/dust-devils-500.json")
    doc["points_limit"] = 400
    assert not check(catalogue, doc).legal
    text = printed(catalogue, "cards", list=doc)
    faces = text.count("Crimson Dust V2.1 core rules 1.0.0")  # each face's foot names its pack
    assert faces == 12
    assert text.count("NOT LEGAL") == faces
    assert text.count("Not legal: the warband breaks the rules (see its roster)") == 6


def test_a_legal_warband_has_no_mark(catalogue: Catalogue) -> None:
    text = printed(catalogue, "cards", list=example("crimson-dust/dust-devils-500.json"))
    assert "NOT LEGAL" not in text
    assert "Not legal" not in text


# ---- 3. cs-hex schematic ----


def test_the_schematic_numbers_hit_columns_and_says_where_damage_starts(
    catalogue: Catalogue,
) -> None:
    doc = example("full-armour.plane.json")
    text = printed(catalogue, "schematic", list=doc)
    areas = [a for a in check(catalogue, doc).breakdown["armour"].values() if a["rows"]]
    assert text.count("1 2 3 4 5 6 7 8 9 10") == len(areas) == 6
    assert (
        "Hits: roll a d10 for the column (1–10 over each area's boxes); damage starts at the "
        "first unfilled square of that column, from the top row down." in text
    )
    assert not re.search(r"\bpoints\b", text, re.IGNORECASE)  # mass, and armour boxes


def test_every_gun_and_rocket_has_its_range(catalogue: Catalogue) -> None:
    text = printed(catalogue, "schematic", list=example("full-armour.plane.json"))
    assert "2 × .50 calibre gun, range 5" in text
    assert "Turret .30 calibre gun, range 7; .30 calibre gun, range 7" in text
    assert "Rockets 2 × Armour-piercing rocket, range 4 1 × Beacon rocket, range 7" in text
    heavy = printed(catalogue, "schematic", list=example("cs-hex/heavy-fighter-turret-legal.json"))
    assert "2 × .60 calibre gun, range 4" in heavy
    assert "Turret .30 calibre gun, range 7; .30 calibre gun, range 7" in heavy
    assert "Rockets none" in heavy


# ---- 4. Black Skies play aids ----


def test_the_hull_boxes_mark_the_crippled_point(catalogue: Catalogue) -> None:
    text = printed(catalogue, "cards", list=example("black-skies/black-tiger.fighter.json"))
    assert (
        "Hull (6): ☐☐☐ ☐☐☐ Crippled after 3 boxes (hull 3 or less): maneuver difficulty "
        "doubled, fires half its weapons (round down)." in text
    )
    doc = example("black-skies/lancer-flight.squadron.json")
    assert "Hull (8): ☐☐☐☐ ☐☐☐☐ Crippled after 4 boxes (hull 4 or less)" in printed(
        catalogue, "cards", list=doc
    )


def test_a_fighter_card_prints_the_target_numbers(catalogue: Catalogue) -> None:
    text = printed(catalogue, "cards", list=example("black-skies/black-tiger.fighter.json"))
    assert (
        "Target numbers (d12): close 4+, medium 7+, long 10+. Modifiers: target speed 0 +4, "
        "<4 +2, >9 −2, − maneuver penalty." in text
    )


def test_each_maneuver_with_its_difficulty_and_speed_penalty(catalogue: Catalogue) -> None:
    text = printed(catalogue, "cards", list=example("black-skies/black-tiger.fighter.json"))
    assert "Black Tiger Medium fighter · maneuvers 3 hardpoints" in text
    table = (
        "Card Maneuver Difficulty (crippled) Speed penalty "
        "1 Steady 0 (0) 0 Accelerate 1 (2) 0 Decelerate 1 (2) 0 "
        "2 Break Left 2 (4) 2 Smooth Left 1 (2) 0 Late Left 2 (4) 1 "
        "3 Break Right 2 (4) 2 Smooth Right 1 (2) 0 Late Right 2 (4) 1 "
        "4 Afterburner 2 (4) 0 5 Hard Left 3 (6) 2 6 Hard Right 3 (6) 2"
    )
    assert table in text
    assert "Thrusters: Basic thrusters (cards 1–3), Rear thrusters (cards 4–6)" in text


def test_a_design_with_every_thruster_keeps_its_maneuvers_on_one_face(
    catalogue: Catalogue,
) -> None:
    doc = example("black-skies/black-tiger.fighter.json")
    design = copy.deepcopy(doc["entries"][0])
    design["thrusters"] = ["rear-thrusters", "side-thrusters", "forward-thrusters"]
    doc["entries"] = [design]
    request = print_request_parse(kind="cards", what={"list": doc}, options=None)
    pdf = sheet_render(request, catalogue).pdf
    text = " ".join(pdf_pages(pdf)[0].split())
    assert "12 Reverse Right 3 (6) 4" in text
    # 18 maneuver rows fit on their face: two faces placed, nothing spilled onto a third
    assert placements(pdf) == [(2, 16)]
    assert text.count("Black Tiger Medium fighter") == 2


def test_the_roster_prints_the_profile_a_model_is_priced_for(catalogue: Catalogue) -> None:
    vance = {"name": "Vance", "archetype": "medio", "quality": "veteran"}
    doc = warband({**vance, "upgrades": ["av-2", "av-3"]})
    text = printed(catalogue, "roster", list=doc)
    assert "Vance Mv 8 Mr 4 Rg 8 As 8 Df 7 S 3 Av 2 Dc 2 In 3" in text
    assert "Av 5" not in text


def test_the_plane_roster_itemises_armour_points_by_their_mass(catalogue: Catalogue) -> None:
    doc = example("cs-hex/heavy-fighter-turret-legal.json")
    text = printed(catalogue, "roster", list=doc)
    # 80 points of nose armour at 3 mass a point
    assert "Armour 3 mass a point Nose: 80 armour points 240 240" in text


def test_cards_of_a_fighter_flying_an_unknown_design_are_refused_in_words(
    catalogue: Catalogue,
) -> None:
    doc = example("black-skies/broken.squadron.json")
    request = print_request_parse(kind="cards", what={"list": doc}, options=None)
    with pytest.raises(ApplicationError) as caught:
        sheet_render(request, catalogue)
    assert caught.value.code == "unknown_record"
    assert caught.value.message == (
        "Entry 6, design: no fighter design 'grey-ghost' in the catalogue. Pick one of the "
        "book's designs for that fighter, or write its design out."
    )
    assert caught.value.details == [
        {
            "path": "$.entries[5].design",
            "field": "records",
            "message": "unknown fighter design 'grey-ghost'",
        }
    ]
