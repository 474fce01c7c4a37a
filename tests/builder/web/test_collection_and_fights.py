"""My collection (owned counts, building from it, fielding) and fights with progress."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from builder.celery import app as celery_app
from builder.collections.models import CollectionItem
from builder.collections.services import collection_item_create
from builder.lists.models import SavedList
from builder.simulations.models import SimulationJob
from tests.builder.web.conftest import example, form_data, select_html

pytestmark = pytest.mark.django_db


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


def test_marking_figures_owned(client: Client, player: Any) -> None:
    client.post(
        "/collection/cs-air-action/",
        {"q-figure-genghis-bloodhawk": "2", "q-figure-show-stopper-kestrel": "1"},
    )
    owned = dict(CollectionItem.objects.filter(owner=player).values_list("stable_id", "quantity"))
    assert owned == {"genghis-bloodhawk": 2, "show-stopper-kestrel": 1}
    client.post("/collection/cs-air-action/", {"q-figure-genghis-bloodhawk": "0"})
    assert list(CollectionItem.objects.values_list("stable_id", flat=True)) == [
        "show-stopper-kestrel"
    ]


def test_a_bad_quantity_is_refused_beside_its_row(client: Client, player: Any) -> None:
    page = client.post(
        "/collection/cs-air-action/", {"q-figure-genghis-bloodhawk": "-3"}
    ).content.decode()
    assert 'id="q-figure-genghis-bloodhawk-error">Give a whole number from 0 to 999.' in page
    assert not CollectionItem.objects.exists()


def test_build_from_my_collection_offers_only_owned_planes(client: Client, player: Any) -> None:
    client.post("/collection/cs-air-action/", {"q-figure-genghis-bloodhawk": "1"})
    page = client.get("/build/cs-air-action/squadron/", {"from_collection": "1"}).content.decode()
    add = page.split('id="id_add"')[1].split("</select>")[0]
    assert "Genghis (Bloodhawk)" in add
    assert "Show-stopper" not in add


def option_values(page: str, select_id: str) -> list[str]:
    return re.findall(r'<option value="([^"]+)"', select_html(page, select_id))


def check_values(page: str, name: str) -> list[str]:
    return re.findall(rf'name="{name}" value="([^"]+)"', page)


def test_build_from_my_collection_limits_models_weapons_and_mounts(
    client: Client, player: Any
) -> None:
    client.post(
        "/collection/crimson-dust/",
        {"q-archetype-medio": "1", "q-archetype-durus": "2", "q-weapon-rifle": "1"},
    )
    url = "/build/crimson-dust/warband/"
    page = client.get(url, {"from_collection": "1"}).content.decode()
    assert option_values(page, "id_add") == ["durus", "medio"]
    doc = example("crimson-dust/dust-devils-500.json")
    doc["entries"] = [{"archetype": "medio", "quality": "green", "weapons": ["shotgun"]}]
    data = form_data(doc) | {"from_collection": "1"}
    page = client.post(url, data).content.decode()
    assert option_values(page, "e0-archetype") == ["durus", "medio"]
    assert check_values(page, "e0-weapons") == ["rifle", "shotgun"]  # the shotgun stays
    assert option_values(page, "e0-mount-archetype") == []  # no Bestia owned
    gear = check_values(page, "e0-equipment")
    assert len(gear) == 32  # no gear recorded: the collection does not say, so all is offered

    client.post("/collection/crimson-dust/", {"q-archetype-bestia": "1"})
    collection_item_create(
        owner=player, system="crimson-dust", record_type="ability", stable_id="jump-packs"
    )
    page = client.post(url, data).content.decode()
    assert option_values(page, "e0-mount-archetype") == ["bestia"]
    assert check_values(page, "e0-equipment") == ["jump-packs"]
    page = client.post(url, form_data(doc)).content.decode()  # the whole catalogue again
    assert len(option_values(page, "e0-archetype")) == 8
    assert len(check_values(page, "e0-equipment")) == 32


def test_build_from_my_collection_limits_the_aces_too(client: Client, player: Any) -> None:
    client.post("/collection/cs-air-action/", {"q-figure-genghis-bloodhawk": "1"})
    doc = example("cs-air-action/bloodhawks-200.json")
    doc["entries"] = [{"figure": "genghis-bloodhawk"}]
    data = form_data(doc) | {"from_collection": "1"}
    page = client.post("/build/cs-air-action/squadron/", data).content.decode()
    assert option_values(page, "e0-ace") == []
    client.post("/collection/cs-aces/", {"q-figure-genghis": "1"})
    page = client.post("/build/cs-air-action/squadron/", data).content.decode()
    assert option_values(page, "e0-ace") == ["cs-aces/genghis"]
    assert "Pickers show only what you own." in page


def test_the_builder_says_whether_the_collection_fields_the_list(
    client: Client, player: Any
) -> None:
    client.post("/collection/cs-air-action/", {"q-figure-genghis-bloodhawk": "1"})
    doc = example("cs-air-action/bloodhawks-200.json")
    page = client.post("/build/cs-air-action/squadron/", form_data(doc)).content.decode()
    assert "Your collection is short" in page
    assert "Needs 1 × Loyle Crawford (Devastator), owns 0" in page
    doc["entries"] = [{"figure": "genghis-bloodhawk"}]
    page = client.post("/build/cs-air-action/squadron/", form_data(doc)).content.decode()
    assert "You can field this" in page


def test_the_builder_keeps_quiet_about_a_collection_the_player_does_not_keep(
    client: Client, player: Any
) -> None:
    doc = example("cs-air-action/bloodhawks-200.json")
    page = client.post("/build/cs-air-action/squadron/", form_data(doc)).content.decode()
    assert 'id="fielding"' not in page
    assert "Needs 1 ×" not in page
    # A collection of another game says nothing of this one either.
    client.post("/collection/crimson-dust/", {"q-archetype-medio": "2"})
    assert CollectionItem.objects.filter(owner=player).count() == 1
    page = client.post("/build/cs-air-action/squadron/", form_data(doc)).content.decode()
    assert 'id="fielding"' not in page
    # Asking to build from the collection is asking what it lacks.
    asked = form_data(doc) | {"from_collection": "1"}
    page = client.post("/build/cs-air-action/squadron/", asked).content.decode()
    assert "Your collection is short" in page
    assert "Needs 1 × Loyle Crawford (Devastator), owns 0" in page
    # What the collection lacks is a note, not a warning the verdict counts.
    assert '<li class="violation warning">Needs' not in page


def test_collection_page_lists_what_each_list_lacks(client: Client, player: Any) -> None:
    client.post(
        "/build/cs-air-action/squadron/",
        form_data(example("cs-air-action/bloodhawks-200.json")) | {"action": "save"},
    )
    page = client.get("/collection/cs-air-action/").content.decode()
    assert "Not yet" in page
    assert "Needs 1 × Genghis (Bloodhawk), owns 0" in page


def save(client: Client, doc: dict[str, Any]) -> SavedList:
    client.post("/build/crimson-dust/warband/", form_data(doc) | {"action": "save"})
    return SavedList.objects.latest("id")


def test_a_fight_runs_and_reports(
    client: Client, player: Any, eager: None, django_capture_on_commit_callbacks: Any
) -> None:
    a = save(client, example("crimson-dust/dust-devils-500.json"))
    b = save(client, example("crimson-dust/dust-devils-500.json"))
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            "/fights/", {"list_a": a.uuid, "list_b": b.uuid, "runs": "300", "seed": "7"}
        )
    job = SimulationJob.objects.get()
    assert response["Location"] == f"/fights/{job.public_id}/"
    page = client.get(response["Location"]).content.decode()
    assert "300 runs, seed 7." in page
    assert "Dust Devils (first) wins" in page
    assert "Sergeant Vance" in page  # survival per figure
    assert "What the simulation leaves out" in page


def test_a_running_fight_shows_its_progress(client: Client, player: Any) -> None:
    a = save(client, example("crimson-dust/dust-devils-500.json"))
    job = SimulationJob.objects.create(
        owner=player,
        system="crimson-dust",
        list_a=a.document,
        list_b=a.document,
        runs=400_000,
        seed=1,
        block_runs=[100_000] * 4,
        blocks_done=1,
        status=SimulationJob.Status.RUNNING,
    )
    page = client.get(f"/fights/{job.public_id}/", HTTP_HX_REQUEST="true").content.decode()
    assert '<progress id="fight-progress" max="4" value="1">25%</progress>' in page
    assert 'hx-trigger="every 1s"' in page


def test_fight_form_errors_sit_beside_their_fields(client: Client, player: Any) -> None:
    save(client, example("crimson-dust/dust-devils-500.json"))
    page = client.post("/fights/", {"list_a": "", "list_b": "", "runs": "0"}).content.decode()
    assert 'id="runs-error">Give a whole number of runs, 1 or more.' in page
    assert 'id="list_a-error">Pick one of your lists.' in page
    assert not SimulationJob.objects.exists()


def test_someone_elses_fight_is_not_found(client: Client, player: Any) -> None:
    other = get_user_model().objects.create_user("bob", password="x-long-pass")
    job = SimulationJob.objects.create(
        owner=other, system="crimson-dust", list_a={}, list_b={}, runs=1, seed=1, block_runs=[1]
    )
    assert client.get(f"/fights/{job.public_id}/").status_code == 404
