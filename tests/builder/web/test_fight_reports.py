"""A fight of every game with fights, played by the workers and read as a player reads it:
no section without content, the lists by their names, the engine's caveats and scores;
the form offers one game's lists at a time and fights an illegal list only when told to."""

from __future__ import annotations

import copy
import html
import re
from collections.abc import Iterator
from html.parser import HTMLParser
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from builder.celery import app as celery_app
from builder.lists.models import SavedList
from builder.lists.services import saved_list_create
from builder.simulations.models import SimulationJob
from tests.builder.web.conftest import example, select_html

pytestmark = pytest.mark.django_db

SAMPLE_CAVEAT = (
    "Played with sample (invented) dials for the figures in the list below: the books do not "
    "print their values, so these results illustrate the rules rather than predict play with "
    "the real figures."
)


@pytest.fixture
def player(client: Client, packs: Any) -> Any:
    user = get_user_model().objects.create_user("ada", password="a-long-pass-phrase")
    client.force_login(user)
    return user


@pytest.fixture
def eager() -> Iterator[None]:
    celery_app.conf.task_always_eager = True
    yield
    celery_app.conf.task_always_eager = False


def saved(player: Any, path: str, **changes: Any) -> SavedList:
    document = copy.deepcopy(example(path)) | changes
    return saved_list_create(owner=player, document=document)


def play(
    client: Client,
    capture: Any,
    a: SavedList,
    b: SavedList,
    *,
    runs: int = 200,
    seed: int = 7,
    **more: str,
) -> str:
    """Start a fight from the form, let the workers play it, and read its page."""
    data = {
        "game": a.system.slug,
        "list_a": str(a.uuid),
        "list_b": str(b.uuid),
        "runs": str(runs),
        "seed": str(seed),
    }
    with capture(execute=True):
        response = client.post("/fights/", data | more)
    assert response.status_code == 302, response.content.decode()
    job = SimulationJob.objects.latest("id")
    assert job.status == SimulationJob.Status.DONE
    return client.get(response["Location"]).content.decode()


BLOCKS = {"p", "li", "td", "th", "tr", "div", "section", "figure", "svg", "text", "caption"}


class Sections(HTMLParser):
    """The fight's report, heading by heading: each <h2>/<h3> with the words under it."""

    def __init__(self) -> None:
        super().__init__()
        self.headings: list[list[Any]] = []  # [level, heading, words under it]
        self._in_heading = False
        self._inside = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if dict(attrs).get("id") == "fight-status":
            self._inside = True
        if self._inside and tag in ("h2", "h3"):
            self._in_heading = True
            self.headings.append([int(tag[1]), "", ""])
        self._apart(tag)

    def handle_endtag(self, tag: str) -> None:
        if tag in ("h2", "h3"):
            self._in_heading = False
        self._apart(tag)
        if tag == "main":
            self._inside = False

    def handle_data(self, data: str) -> None:
        if self._inside and self.headings:
            self.headings[-1][1 if self._in_heading else 2] += data

    def _apart(self, tag: str) -> None:
        """Cells, items and paragraphs read as separate words."""
        if self._inside and self.headings and tag in BLOCKS:
            self.headings[-1][2] += " "


def sections(page: str) -> dict[str, str]:
    """Each heading and everything under it up to the next heading of its level or
    higher: a heading over subsections only has what they hold."""
    parser = Sections()
    parser.feed(page)
    found = parser.headings
    out = {}
    for i, (level, heading, words) in enumerate(found):
        under = [words]
        for deeper, _, more in found[i + 1 :]:
            if deeper <= level:
                break
            under.append(more)
        out[" ".join(heading.split())] = " ".join(" ".join(under).split())
    return out


def assert_no_empty_section(page: str) -> dict[str, str]:
    found = sections(page)
    assert found, "the report has no sections"
    assert [heading for heading, body in found.items() if not body] == []
    return found


def text(page: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())


def error_of(page: str, field: str) -> str:
    found = re.search(rf'id="{field}-error">([^<]*)<', page)
    assert found, f"no error beside {field}"
    return found.group(1)


def visible_snake_case(page: str) -> list[str]:
    return re.findall(r"\b[a-z]+_[a-z_]+\b", text(page))


def option_labels(page: str, select_id: str) -> list[str]:
    return [
        html.unescape(label)
        for label in re.findall(
            r'<option value="[^"]+"[^>]*>([^<]*)<', select_html(page, select_id)
        )
    ]


def assert_reads_for_people(page: str, a: str, b: str) -> None:
    """Names of the lists, never "List A", JSON paths or the engine's key names."""
    assert f"{a} against {b}" in text(page)
    for developer_text in ("List A", "List B", "list_a", "entries["):
        assert developer_text not in page
    assert visible_snake_case(page) == []


def test_air_action_report_has_every_section_the_engine_fills(
    client: Client, player: Any, eager: None, django_capture_on_commit_callbacks: Any
) -> None:
    a = saved(player, "cs-air-action/devastators-200.json")
    b = saved(player, "cs-air-action/bloodhawks-200.json")
    page = play(client, django_capture_on_commit_callbacks, a, b)
    found = assert_no_empty_section(page)
    assert list(found) == [
        "Read this first",
        "Who wins",
        "Victory points",
        "Planes shot down",
        "Survival per figure",
        "Damage",
        "Devastators",
        "Bloodhawks",
        "How the fight is played",
    ]  # the engine states no assumptions for Air Action: that section is not drawn
    assert_reads_for_people(page, "Devastators", "Bloodhawks")
    assert found["Read this first"] == (
        f'{SAMPLE_CAVEAT} Loyle Crawford (Devastator) Charlotte "Charlie" Steele (Fury) '
        'Louis "Wild Card" Thibodeaux (Brigand) Genghis (Bloodhawk) Show-stopper (Kestrel)'
    )
    words = text(page)
    assert "Devastators wins 88.0% 82.8% – 91.8%" in words
    assert "Bloodhawks wins 12.0% 8.2% – 17.2%" in words
    assert found["Victory points"] == (
        "List Scores on average 95% interval Points fielded "
        "Devastators 424.24 409.97 – 438.51 200 Bloodhawks 166.08 148.89 – 183.27 168"
    )
    assert found["Planes shot down"] == (
        "List Shoots down on average 95% interval "
        "Devastators 2.71 planes 2.63 – 2.78 Bloodhawks 1.19 planes 1.08 – 1.30"
    )
    assert "Loyle Crawford (Devastator) 1.69 clicks of damage 53.0%" in found["Devastators"]
    assert (
        "Critical failure: Every check (a pilot check totalling 2 fails every check "
        "(“Every check”) or only in collisions, where the book states it (“Collisions only”)"
    ) in found["How the fight is played"]
    assert (
        "In range: 50% (chance a plane ends its move with an enemy inside its front arc"
        in (found["How the fight is played"])
    )


def test_aces_report_shows_victory_points_and_the_sample_dials(
    client: Client, player: Any, eager: None, django_capture_on_commit_callbacks: Any
) -> None:
    a = saved(player, "cs-aces/kims-team.json")
    b = saved(player, "cs-aces/genghis-gang.json")
    page = play(client, django_capture_on_commit_callbacks, a, b)
    found = assert_no_empty_section(page)
    assert list(found) == [
        "Read this first",
        "Who wins",
        "Victory points",
        "Survival per figure",
        "Damage",
        "Kim's team",
        "Genghis and his gang",
        "How the fight is played",
    ]
    assert_reads_for_people(page, "Kim's team", "Genghis and his gang")
    assert found["Read this first"].startswith(f"{SAMPLE_CAVEAT} Charlotte")
    assert found["Victory points"].endswith(
        "Kim's team 107.37 97.19 – 117.55 100 Genghis and his gang 94.95 84.63 – 105.26 99"
    )
    assert "Kim's team wins 62.0% 55.1% – 68.4%" in text(page)
    assert "Held captive at the end" in found["Survival per figure"]
    assert "Genghis 4.76 clicks of damage 3.0%" in found["Genghis and his gang"]


def test_black_skies_report_shows_damage_designs_and_how_fighters_fly(
    client: Client, player: Any, eager: None, django_capture_on_commit_callbacks: Any
) -> None:
    a = saved(player, "black-skies/tiger-squadron.squadron.json")
    b = saved(player, "black-skies/lancer-flight.squadron.json")
    saved(player, "black-skies/black-tiger.fighter.json")  # a design: flown, never fought
    form = client.get("/fights/", {"game": "black-skies"}).content.decode()
    labels = ["Lancer Flight (2 fighters)", "Tiger Squadron (4 fighters)"]
    assert option_labels(form, "list_a") == labels
    assert option_labels(form, "list_b") == labels

    page = play(client, django_capture_on_commit_callbacks, a, b)
    found = assert_no_empty_section(page)
    assert list(found) == [
        "Who wins",
        "Survival per figure",
        "Damage",
        "Tiger Squadron",
        "Lancer Flight",
        "How the fight is played",
    ]  # no notes, victory points or assumptions from this engine: none drawn
    assert_reads_for_people(page, "Tiger Squadron", "Lancer Flight")
    words = text(page)
    assert "Tiger Squadron wins 83.0% 77.2% – 87.6%" in words
    assert "Draw 10.0% 6.6% – 14.9%" in words
    assert "Tiger Squadron Kell Black Tiger 26.0% 77.0% 70.7% – 82.3%" in words
    assert "Flies Crippled at the end Survives" in found["Survival per figure"]
    assert found["Tiger Squadron"].endswith("Tobin 2.75 damage 35.0%")
    assert found["Lancer Flight"] == (
        "Figure Takes on average Comes through untouched "
        "Vance 7.42 damage 1.0% Orla 7.49 damage 1.0%"
    )
    assert found["How the fight is played"].startswith(
        "Movement is abstracted: each activation a fighter that passes its Piloting Check "
        "has a target in arc with chance “Shot chance”, at a range band drawn from "
        "“Range weights”;"
    )
    assert "Speed: Tiger Squadron: 6, Lancer Flight: 6" in found["How the fight is played"]


def test_crimson_dust_report_shows_casualties_and_what_is_left_out(
    client: Client, player: Any, eager: None, django_capture_on_commit_callbacks: Any
) -> None:
    a = saved(player, "crimson-dust/dust-devils-500.json")
    b = saved(player, "crimson-dust/dust-devils-500.json")
    page = play(client, django_capture_on_commit_callbacks, a, b)
    found = assert_no_empty_section(page)
    first, second = "Dust Devils (first)", "Dust Devils (second)"
    assert list(found) == [
        "Who wins",
        "Survival per figure",
        "Damage",
        first,
        second,
        "How the fight is played",
        "What the simulation leaves out",
    ]
    assert_reads_for_people(page, "Dust Devils", "Dust Devils")
    words = text(page)
    assert f"{first} wins 42.5% 35.9% – 49.4%" in words
    assert f"{second} wins 57.5% 50.6% – 64.1%" in words
    assert f"{first} Brick SAW or LMG 26.0%" in words
    assert found[first].startswith("Loses 4.08 models on average (3.75 – 4.41).")
    assert found[second].startswith("Loses 3.53 models on average (3.19 – 3.86).")
    assert "Critical shot six: each list's own setting" in found["How the fight is played"]
    left_out = found["What the simulation leaves out"]
    assert left_out.startswith("Both warbands stand at the scenario's range band")
    assert "(Rg - half of x (rounded down) with a Stabilising Tripod)" in left_out
    assert "as “Return fire when equal” says" in left_out


def test_an_illegal_list_fights_only_after_the_warning_is_confirmed(
    client: Client, player: Any, eager: None, django_capture_on_commit_callbacks: Any
) -> None:
    over = saved(player, "crimson-dust/dust-devils-500.json", points_limit=400)
    legal = saved(player, "crimson-dust/dust-devils-500.json", name="Red Rovers")
    form = client.get("/fights/").content.decode()
    assert option_labels(form, "list_a") == [
        "Dust Devils (500 points, not legal)",
        "Red Rovers (500 points)",
    ]
    data = {
        "game": "crimson-dust",
        "list_a": str(over.uuid),
        "list_b": str(legal.uuid),
        "runs": "100",
        "seed": "3",
    }
    refused = client.post("/fights/", data)
    assert refused.status_code == 200
    assert not SimulationJob.objects.exists()
    warning = re.search(r'id="confirm-error"[^>]*>([^<]*)<', refused.content.decode())
    assert warning
    assert html.unescape(warning.group(1)) == (
        "Dust Devils is not legal: The warband costs 500 points, 100 over its limit of 400. "
        "Tick “Fight with it anyway” to play it as it stands, or pick legal lists."
    )
    assert 'name="fight_anyway"' in refused.content.decode()

    page = play(client, django_capture_on_commit_callbacks, over, legal, fight_anyway="on")
    found = assert_no_empty_section(page)
    assert found["Read this first"] == (
        "Dust Devils is not a legal list: it was played as it stands."
    )
    assert "Red Rovers wins" in text(page)


def test_the_form_offers_one_games_lists_at_a_time(client: Client, player: Any) -> None:
    dust = saved(player, "crimson-dust/dust-devils-500.json")
    planes = saved(player, "cs-air-action/devastators-200.json")
    saved(player, "cs-hex/light-fighter-legal.json")  # exact odds only: no fights
    page = client.get("/fights/").content.decode()
    assert option_labels(page, "game") == ["Crimson Dust", "Crimson Skies: Air Action"]
    assert option_labels(page, "list_a") == ["Dust Devils (500 points)"]
    assert option_labels(page, "list_b") == ["Dust Devils (500 points)"]
    assert 'hx-get="/fights/"' in select_html(page, "game")

    page = client.get("/fights/", {"game": "cs-air-action"}).content.decode()
    assert option_labels(page, "list_a") == ["Devastators (200 points)"]
    assert '<input type="hidden" name="game" value="cs-air-action">' in page

    mixed = {"game": "crimson-dust", "list_a": str(dust.uuid), "list_b": str(planes.uuid)}
    page = client.post("/fights/", mixed | {"runs": "100", "seed": "1"}).content.decode()
    assert html.unescape(error_of(page, "list_b")) == (
        "Pick one of your Crimson Dust lists: Devastators is a Crimson Skies: Air Action list, "
        "and both lists of a fight are of one game."
    )
    assert "list_a-error" not in page
    assert not SimulationJob.objects.exists()


def test_a_fights_breadcrumb_leads_back_to_the_fights(
    client: Client, player: Any, eager: None, django_capture_on_commit_callbacks: Any
) -> None:
    a = saved(player, "cs-air-action/devastators-200.json")
    b = saved(player, "cs-air-action/bloodhawks-200.json")
    page = play(client, django_capture_on_commit_callbacks, a, b, runs=20)
    assert (
        '<nav aria-label="Breadcrumb"><p><a href="/fights/">Fights</a> › '
        '<span aria-current="page">Devastators against Bloodhawks</span></p></nav>'
    ) in page


def test_a_failed_fight_says_why_without_the_engines_paths(client: Client, player: Any) -> None:
    job = SimulationJob.objects.create(
        owner=player,
        system="black-skies",
        list_a={"name": "Black Tiger"},
        list_b={"name": "Tiger Squadron"},
        runs=10,
        seed=1,
        block_runs=[10],
        status=SimulationJob.Status.FAILED,
        error={
            "code": "bad_document",
            "message": "list_a.kind: only squadrons fight: make it a 'squadron' list",
            "details": [
                {
                    "path": "list_a.kind",
                    "field": "kind",
                    "message": "only squadrons fight: make it a 'squadron' list",
                }
            ],
        },
    )
    page = client.get(f"/fights/{job.public_id}/").content.decode()
    assert "The fight could not be played: Only squadrons fight: make it a 'squadron' list." in (
        text(page)
    )
    assert "list_a" not in page
