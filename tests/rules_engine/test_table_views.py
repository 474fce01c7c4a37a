"""Each figure's live state at the table reads from its own data: the dial's current click,
Dc left, hull left, the schematic's shaded squares. The first figure of each game's example
list is read at the start and after procedures resolved by the rules are applied to it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from rules_engine import check
from rules_engine.catalogue import load_catalogue
from rules_engine.errors import BadDocument
from rules_engine.resolve import resolve
from rules_engine.systems import SYSTEMS
from rules_engine.table_state import applied, table_figures
from rules_engine.table_views import figure_view, initial_state

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"
CATALOGUE = load_catalogue()
FIRST = {
    "cs-air-action": "devastators-200.json",
    "cs-aces": "kims-team.json",
    "crimson-dust": "dust-devils-500.json",
    "black-skies": "lancer-flight.squadron.json",
    "cs-hex": "light-fighter-legal.json",
}


def example(system: str, name: str | None = None) -> dict[str, Any]:
    return json.loads((EXAMPLES / system / (name or FIRST[system])).read_text(encoding="utf-8"))


def first_figure(doc: dict[str, Any]) -> str:
    entries = [{"path": e.path, "name": e.name} for e in check(CATALOGUE, doc).entries]
    return table_figures(doc, entries)[0][0]


def played(system: str, doc: dict[str, Any], path: str, *actions: tuple[str, dict, list, str]):
    """The figure's view after each action (procedure, params, rolls, its role) is resolved
    and applied to the state it started with."""
    state = {"f": initial_state(CATALOGUE, system, doc, path)}
    for procedure, params, rolls, role in actions:
        answer = resolve(CATALOGUE, system, procedure, params, rolls)
        mine = [c for c in answer["changes"] if c["subject"] == role]
        state, _ = applied(state, mine, {role: "f"})
    return figure_view(CATALOGUE, system, doc, path, state["f"])


def values(view: dict[str, Any]) -> dict[str, Any]:
    return {ln["label"]: ln["value"] for ln in view["lines"]}


def notes(view: dict[str, Any]) -> dict[str, str]:
    return {ln["label"]: ln["note"] for ln in view["lines"] if "note" in ln}


def view_of(system: str, state: dict[str, Any], name: str | None = None, path: str = ""):
    doc = example(system, name)
    return figure_view(CATALOGUE, system, doc, path or first_figure(doc), state)


@pytest.mark.parametrize("system", sorted(FIRST))
def test_every_game_has_a_table_view_and_the_start_reads_as_no_state(system):
    doc = example(system)
    path = first_figure(doc)
    assert SYSTEMS[system].table_view() is not None
    start = initial_state(CATALOGUE, system, doc, path)
    assert figure_view(CATALOGUE, system, doc, path, start) == figure_view(
        CATALOGUE, system, doc, path, {}
    )


# Air Action: Loyle Crawford (Devastator), the pack's sample dial (Pilot and Plane).


def test_an_air_action_plane_starts_at_its_green_triangle():
    view = view_of("cs-air-action", {})
    assert view["name"] == "Loyle Crawford (Devastator)"
    assert view["status"] == "flying"
    assert values(view) == {
        "Click": 1,
        "Max speed": 6,
        "Front gunnery": 3,
        "Rear gunnery": 3,
        "Piloting": 6,
        "Silhouette": 5,
        "Speed": "not set",
    }
    assert notes(view) == {"Piloting": "Armour Plating (sample)"}
    assert view["track"] == {"label": "Clicks to three bullet holes", "filled": 0, "total": 7}


def test_two_hits_of_a_shot_show_click_3_of_the_dial():
    doc = example("cs-air-action")
    # 3 gunnery dice at silhouette 5: 5 and 6 hit, 2 misses: two clicks of damage.
    shot = ("shot", {"gunnery": 3, "silhouette": 5}, [5, 6, 2], "target")
    view = played("cs-air-action", doc, "$.entries[0]", shot)
    assert values(view) == {
        "Click": 3,
        "Max speed": 5,
        "Front gunnery": 3,
        "Rear gunnery": 3,
        "Piloting": 7,
        "Silhouette": 5,
        "Speed": "not set",
    }
    assert notes(view) == {}
    assert view["track"]["filled"] == 2


def test_the_shaken_skill_shows_on_the_last_click_before_the_bullet_holes():
    view = view_of("cs-air-action", {"clicks": 6, "speed": 4})
    assert values(view)["Piloting"] == 10
    assert values(view)["Speed"] == 4
    assert notes(view) == {"Piloting": "Shaken"}


@pytest.mark.parametrize(
    ("clicks", "click", "bail_out"),
    [(7, 8, 7), (8, 9, 9), (9, 10, 11), (14, 10, 11)],
)
def test_a_shot_down_plane_shows_the_bail_out_value_of_the_click_it_stopped_on(
    clicks, click, bail_out
):
    view = view_of("cs-air-action", {"clicks": clicks})
    assert view["status"] == "shot down"
    # Damage turns the dial on to the structural limit line, and no further.
    assert values(view) == {
        "Click": click,
        "Silhouette": 5,
        "Speed": "not set",
        "Bail out value": bail_out,
    }
    assert view["track"] == {"label": "Clicks to three bullet holes", "filled": 7, "total": 7}


def test_a_campaign_pilots_experience_shows_once_earned():
    assert "Experience" not in values(view_of("cs-air-action", {}))
    assert values(view_of("cs-air-action", {"experience": 50}))["Experience"] == 50


@pytest.mark.parametrize(
    ("state", "status"),
    [
        ({"clicks": 7, "bailed_out": True}, "bailed out"),
        ({"clicks": 7, "perished": True}, "perished"),
        ({"destroyed": True}, "destroyed"),
    ],
)
def test_what_became_of_a_plane_and_its_pilot_is_its_status(state, status):
    assert view_of("cs-air-action", state)["status"] == status


def test_an_ace_flying_a_plane_shows_its_fate_turning_its_own_dial():
    start = view_of("cs-air-action", {}, "aces-300.json")
    assert values(start)["Ace"] == 'Charlotte "Charlie" Steele'
    assert values(start)["Fate"] == 2
    # Charlie's dial: fate 2, 2, 1 (Fate): two uses of fate turn it to 1.
    assert values(view_of("cs-air-action", {"ace_clicks": 2}, "aces-300.json"))["Fate"] == 1


# Aces: Charlie, the Ace of Kim's team (Recruitment).


def test_an_ace_starts_at_its_first_click():
    view = view_of("cs-aces", {})
    assert view["name"] == 'Charlotte "Charlie" Steele'
    assert view["status"] == "in play"
    assert values(view) == {
        "Figure": "Ace",
        "Click": 1,
        "Speed": 5,
        "Attack": 3,
        "Defense": 4,
        "Fate": 2,
    }
    assert view["track"] == {"label": "Clicks to KO", "filled": 0, "total": 6}


def test_a_ranged_attack_that_hits_turns_the_targets_dial():
    doc = example("cs-aces")
    # Attack 3 against defense 4: a 5 and a 6 hit, two clicks of damage.
    attack = ("ranged-attack", {"attack": 3, "defense": 4}, [5, 6, 1], "target")
    view = played("cs-aces", doc, "$.entries[0]", attack)
    assert values(view) == {
        "Figure": "Ace",
        "Click": 3,
        "Speed": 4,
        "Attack": 3,
        "Defense": 4,
        "Fate": 1,
    }
    assert view["track"]["filled"] == 2


def test_an_ace_out_of_clicks_or_captured_says_so():
    out = view_of("cs-aces", {"clicks": 6})
    assert out["status"] == "knocked out"
    assert values(out) == {"Figure": "Ace"}
    assert view_of("cs-aces", {"captured": True})["status"] == "captured"
    holding = view_of("cs-aces", {"holding_captive": True})
    assert values(holding)["Captive"] == "holding a captive"


def test_a_character_token_is_out_at_its_first_click():
    view = view_of("cs-aces", {}, path="$.entries[1]")
    assert view["name"] == "Vigilante"
    assert values(view)["Figure"] == "Character token"
    assert view["track"] == {"label": "Clicks to KO", "filled": 0, "total": 1}
    out = view_of("cs-aces", {"clicks": 1}, path="$.entries[1]")
    assert (out["status"], values(out)) == ("knocked out", {"Figure": "Character token"})


# Crimson Dust: Sergeant Vance of the Dust Devils (Warbands > Archetypes).


def test_a_model_shows_its_priced_profile_and_full_dc():
    view = view_of("crimson-dust", {})
    assert view["name"] == "Sergeant Vance"
    assert view["status"] == "in play"
    assert values(view) == {
        "Mv": 8,
        "Mr": 4,
        "Rg": 9,
        "As": 8,
        "Df": 7,
        "S": 3,
        "Av": 2,
        "Dc": 2,
        "In": 3,
        "Dc left": 2,
    }
    assert view["track"] == {"label": "Dc lost", "filled": 0, "total": 2}


def test_a_wound_takes_dc_and_a_second_kills():
    doc = example("crimson-dust")
    # S 3 against Av 2: armour roll 1 + 2 = 3, a 2 + S 3 = 5 holds it once: 1 Dc lost.
    wound = ("wound", {"S": 3, "av": 2, "dc": 2}, [1, 2], "target")
    view = played("crimson-dust", doc, "$.entries[0]", wound)
    assert (values(view)["Dc left"], values(view)["Wound"]) == (1, "critical")
    assert notes(view) == {"Wound": "halve all characteristics, rounding up"}
    assert view["track"]["filled"] == 1
    assert view["status"] == "in play"
    again = ("wound", {"S": 3, "av": 2, "dc": 1}, [1, 2], "target")
    dead = played("crimson-dust", doc, "$.entries[0]", wound, again)
    assert values(dead)["Dc left"] == 0
    assert dead["status"] == "killed"


def test_pinned_and_gone_to_ground_read_as_its_status():
    view = view_of("crimson-dust", {"pinned": True, "gone_to_ground": True})
    assert view["status"] == "pinned, gone to ground"


def test_a_morale_reaction_and_an_empty_weapon_are_said_in_words():
    view = view_of("crimson-dust", {"reaction": "move-to-cover", "out_of_ammo": "rifle"})
    assert (values(view)["Reaction"], values(view)["Out of ammo"]) == ("move to cover", "Rifle")
    cleared = view_of("crimson-dust", {"out_of_ammo": "rifle", "ammo_cleared": "rifle"})
    assert "Out of ammo" not in values(cleared)


def test_a_mounted_model_shows_its_mounts_mv_and_df():
    view = view_of("crimson-dust", {}, path="$.entries[3]")
    assert view["name"] == "Outrider Jax"
    assert (values(view)["Mv"], values(view)["Df"], values(view)["Dc"]) == (12, 4, 1)


# Black Skies: Vance's heavy Lancer of Lancer Flight (Fighters: Weight; Combat).


def test_a_fighter_shows_its_full_hull_of_its_weight_die():
    view = view_of("black-skies", {})
    assert view["name"] == "Vance"
    assert view["status"] == "flying"
    assert values(view) == {
        "Design": "Lancer",
        "Hull": 8,
        "Crippled at": 4,
        "Armour": 1,
        "Shields": 1,
        "Speed": "not set",
        "Pilot skill": 3,
    }
    assert notes(view) == {"Pilot skill": "experienced pilot"}
    assert view["track"] == {"label": "Hull lost", "filled": 0, "total": 8}


def test_damage_takes_hull_until_the_fighter_is_crippled():
    doc = example("black-skies")
    # A d8 stepped down to a d6 by one shield level; light armour takes 1 off each hit.
    first = ("damage", {"target_weight": "heavy", "hits": 1, "damage_die": 8, "armour": 1,
                        "shields": 1}, [4], "target")  # fmt: skip
    view = played("black-skies", doc, "$.entries[0]", first)
    assert (values(view)["Hull"], view["status"]) == (5, "flying")
    second = ("damage", {"target_weight": "heavy", "target_hull": 5, "hits": 1,
                         "damage_die": 8, "armour": 1, "shields": 1}, [2], "target")  # fmt: skip
    view = played("black-skies", doc, "$.entries[0]", first, second)
    assert (values(view)["Hull"], view["status"]) == (4, "crippled")
    assert view["track"] == {"label": "Hull lost", "filled": 4, "total": 8}


def test_a_fighter_at_hull_0_is_destroyed_and_a_lone_design_is_the_list():
    doc = example("black-skies", "black-tiger.fighter.json")
    view = figure_view(CATALOGUE, "black-skies", doc, "$", {"hull": -6})
    assert view["name"] == "Black Tiger"
    assert (values(view)["Hull"], view["status"]) == (0, "destroyed")
    assert "Pilot skill" not in values(view)


# cs-hex: the Kestrel light fighter's damage schematic ("Обвес броней", Стрельба).


def test_a_plane_design_shows_its_schematic_whole():
    view = view_of("cs-hex", {})
    assert view["name"] == "Kestrel light fighter"
    assert values(view) == {
        "Max speed": 4,
        "G-rating": 3,
        "Acceleration": 2,
        "Speed": "not set",
        "Nose": "40 of 40",
        "Right wing, front": "20 of 20",
        "Right wing, rear": "10 of 10",
        "Left wing, front": "20 of 20",
        "Left wing, rear": "10 of 10",
        "Tail": "20 of 20",
        "Jammed guns": 0,
    }
    assert [(a["area"], a["rows"], a["columns"]) for a in view["schematic"]] == [
        ("nose", 4, 10),
        ("right-wing-front", 2, 10),
        ("right-wing-rear", 1, 10),
        ("left-wing-front", 2, 10),
        ("left-wing-rear", 1, 10),
        ("tail", 2, 10),
    ]
    assert view["track"] == {"label": "Armour squares shaded", "filled": 0, "total": 120}


def test_a_hit_shades_its_column_of_the_area():
    doc = example("cs-hex")
    hit = ("damage", {"weapon": "cal-50", "area": "nose", "column": 5}, [], "target")
    view = played("cs-hex", doc, "$", hit, hit)
    nose = view["schematic"][0]
    assert nose["shaded"] == [0, 0, 0, 0, 2, 0, 0, 0, 0, 0]
    assert nose["left"] == 38
    assert values(view)["Nose"] == "38 of 40"
    assert notes(view) == {"Nose": "shaded in column 5: 2"}
    assert view["track"]["filled"] == 2


def test_a_column_holds_no_more_squares_than_its_area_has_rows():
    view = view_of("cs-hex", {"shaded.right-wing-rear.3": 4, "jammed_guns": 1, "speed": 3})
    assert view["schematic"][2]["shaded"][2] == 1
    assert values(view)["Right wing, rear"] == "9 of 10"
    assert (values(view)["Jammed guns"], values(view)["Speed"]) == (1, 3)


def test_a_bailed_out_pilot_is_the_planes_status():
    assert view_of("cs-hex", {"bailed_out": True})["status"] == "bailed out"


# The front door's mistakes name where they are.


def test_an_unknown_system_or_entry_is_a_bad_document():
    with pytest.raises(BadDocument) as caught:
        figure_view(CATALOGUE, "chess", example("cs-aces"), "$.entries[0]", {})
    assert caught.value.errors[0].path == "system"
    with pytest.raises(BadDocument) as caught:
        initial_state(CATALOGUE, "cs-aces", example("cs-aces"), "$.entries[9]")
    assert caught.value.errors[0].path == "$.entries[9]"
