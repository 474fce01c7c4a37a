"""Pickers offer only what the rules and the collection allow, and show the rest disabled
with the reason in words; records and designs are picked by name, never typed as ids."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from builder.lists.services import saved_list_create
from builder.printing.models import PrintJob
from tests.builder.web.conftest import example, form_data, select_html, selected

pytestmark = pytest.mark.django_db
TEAM = "/build/cs-aces/team/"
PLANES = "/build/cs-air-action/squadron/"


@pytest.fixture
def player(client: Client, packs: Any) -> Any:
    user = get_user_model().objects.create_user("ada", password="a-long-pass-phrase")
    client.force_login(user)
    return user


def disabled_options(page: str, select_id: str) -> list[str]:
    """The options of a select a player sees but cannot pick, as they read."""
    return re.findall(r"<option [^>]*\bdisabled>([^<]*)</option>", select_html(page, select_id))


def team(*figures: str) -> dict[str, Any]:
    doc = example("cs-aces/genghis-gang.json")
    doc["entries"] = [{"figure": f} for f in figures]
    return doc


def test_an_ace_already_on_the_team_is_shown_but_not_offered(client: Client, packs: Any) -> None:
    page = client.post(TEAM, form_data(team("genghis", "ruffian"))).content.decode()
    assert disabled_options(page, "id_add") == ["Genghis (52 pts) · sample (already on the team)"]
    # Entry 1 keeps its own Ace; entry 2 may not become a second Genghis.
    assert selected(page, "e0-figure") == "genghis"
    assert disabled_options(page, "e0-figure") == []
    assert disabled_options(page, "e1-figure") == ["Genghis (already on the team)"]
    # Character tokens may be taken any number of times.
    assert '<option value="ruffian">Ruffian (' in select_html(page, "id_add")


def test_a_pilot_already_flying_is_shown_but_not_offered(client: Client, packs: Any) -> None:
    doc = example("cs-air-action/bloodhawks-200.json")
    doc["entries"] = [
        {"figure": "charlie-steele-fury", "ace": "cs-aces/charlie"},
        {"figure": "genghis-bloodhawk"},
    ]
    page = client.post(PLANES, form_data(doc)).content.decode()
    assert disabled_options(page, "id_add") == [
        "Charlotte &quot;Charlie&quot; Steele (Fury) (64 pts) · sample (already flying Fury)",
        "Genghis (Bloodhawk) (48 pts) · sample (already flying Bloodhawk)",
    ]
    assert disabled_options(page, "e1-figure") == [
        "Charlotte &quot;Charlie&quot; Steele (Fury) (already flying Fury)"
    ]
    # An Ace may pilot only his or her own plane: Genghis for the Bloodhawk.
    assert disabled_options(page, "e1-ace") == [
        "Charlotte &quot;Charlie&quot; Steele (flies only the Fury)",
        "Louis &quot;Wild Card&quot; Thibodeaux (flies only the Brigand)",
        "Loyle Crawford (flies only the Devastator)",
        "Show-stopper (flies only the Kestrel)",
    ]
    assert '<option value="cs-aces/genghis">Genghis (52 pts)</option>' in select_html(
        page, "e1-ace"
    )


def test_figures_whose_owned_copies_are_all_used_are_shown_disabled(
    client: Client, player: Any
) -> None:
    client.post(
        "/collection/cs-aces/",
        {"q-figure-ruffian": "2", "q-figure-soldier": "1", "q-figure-genghis": "1"},
    )
    doc = team("ruffian", "ruffian", "soldier")
    page = client.post(TEAM, form_data(doc) | {"from_collection": "1"}).content.decode()
    assert disabled_options(page, "id_add") == [
        "Ruffian (6 pts) · sample (all 2 owned copies used)",
        "Soldier (8 pts) · sample (the 1 owned copy is used)",
    ]
    assert disabled_options(page, "e2-figure") == ["Ruffian (all 2 owned copies used)"]
    # Without the collection, tokens are offered however many are taken.
    page = client.post(TEAM, form_data(doc)).content.decode()
    assert disabled_options(page, "id_add") == []


def test_the_odds_form_picks_a_black_skies_design_by_name(client: Client, packs: Any) -> None:
    page = client.get("/odds/black-skies/", {"query": "volley"}).content.decode()
    design = select_html(page, "p-design")
    assert '<option value="black-tiger">Black Tiger</option>' in design
    assert 'id="p-design-help">The firing design<' in page
    page = client.get(
        "/odds/black-skies/", {"query": "volley", "design": "black-tiger", "range": "close"}
    ).content.decode()
    assert selected(page, "p-design") == "black-tiger"
    assert "design Black Tiger, range close." in page


def _dart(owner: Any, weapons: int) -> Any:
    """A saved light fighter design "Dart" with ``weapons`` laser cannon."""
    doc = example("black-skies/black-tiger.fighter.json") | {"name": "Dart list"}
    doc["entries"][0] |= {"name": "Dart", "weight": "light", "armour": "no-armour"}
    doc["entries"][0]["weapons"] = [{"weapon": "laser-cannon", "count": weapons}]
    return saved_list_create(owner=owner, document=doc)


def test_the_odds_form_offers_the_players_saved_designs(client: Client, player: Any) -> None:
    dart = _dart(player, 3)
    page = client.get("/odds/black-skies/", {"query": "volley"}).content.decode()
    design = select_html(page, "p-design")
    assert '<optgroup label="Your saved designs">' in design
    assert f'<option value="list:{dart.uuid}">Dart list</option>' in design
    assert "design_written" not in page  # filled from the picker, no box of its own
    page = client.get(
        "/odds/black-skies/", {"query": "volley", "design": f"list:{dart.uuid}"}
    ).content.decode()
    assert selected(page, "p-design") == f"list:{dart.uuid}"
    assert "design Dart list" in page
    # Three laser cannon at close range on a medium target: 63/8 damage on average, where
    # the book's Black Tiger (two) does 21/4.
    assert 'Mean <strong>7.875</strong> <span class="muted">(63/8)</span>' in page


def test_a_visitor_and_another_player_see_only_the_books_designs(
    client: Client, player: Any
) -> None:
    dart = _dart(player, 2)
    for other in (Client(), _signed_in("bo")):
        page = other.get("/odds/black-skies/", {"query": "volley"}).content.decode()
        assert "Your saved designs" not in page
        answer = other.get(
            "/odds/black-skies/", {"query": "volley", "design": f"list:{dart.uuid}"}
        ).content.decode()
        # Not theirs: the engine is asked for a book design of that name, and says so.
        error = re.search(r'id="p-design-error">([^<]*)<', answer)
        assert error is not None
        assert error.group(1) == (
            "That is not among the choices here: pick a design from the list."
        )


def _signed_in(username: str) -> Client:
    client = Client()
    client.force_login(get_user_model().objects.create_user(username, password="a-long-pass"))
    return client


def test_the_print_page_picks_records_by_name_grouped_by_game(client: Client, player: Any) -> None:
    page = client.get("/print/").content.decode()
    assert "Catalogue ids" not in page
    assert "<summary>Crimson Skies: Aces: stat cards</summary>" in page
    assert "<summary>Crimson Skies: Air Action: navigation cards</summary>" in page
    assert (
        '<label><input type="checkbox" name="records" value="cs-aces/genghis"> Genghis</label>'
        in page
    )
    page = client.get("/print/", {"records": "cs-aces/genghis"}).content.decode()
    assert '<details class="group" open><summary>Crimson Skies: Aces: stat cards</summary>' in page
    assert 'name="records" value="cs-aces/genghis" checked> Genghis</label>' in page
    response = client.post(
        "/print/",
        {
            "kind": "cards",
            "records": ["cs-aces/genghis", "cs-air-action/genghis-bloodhawk"],
            "paper": "A4",
            "card": "poker",
        },
    )
    job = PrintJob.objects.get()
    assert response.status_code == 302
    assert job.what == {"records": ["cs-aces/genghis", "cs-air-action/genghis-bloodhawk"]}
    assert job.name == "Stat cards: Genghis and Genghis (Bloodhawk)"


def test_archetypes_whose_owned_models_are_all_used_are_shown_disabled(
    client: Client, player: Any
) -> None:
    client.post("/collection/crimson-dust/", {"q-archetype-durus": "1", "q-archetype-medio": "2"})
    doc = example("crimson-dust/dust-devils-500.json")
    doc["entries"] = [{"archetype": "durus", "quality": "regular"}]
    url = "/build/crimson-dust/warband/"
    page = client.post(url, form_data(doc) | {"from_collection": "1"}).content.decode()
    assert disabled_options(page, "id_add") == ["Durus (55 pts regular) (the 1 owned copy is used)"]
    assert selected(page, "e0-archetype") == "durus"
    assert disabled_options(page, "e0-archetype") == []
