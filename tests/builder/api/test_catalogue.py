"""The public catalogue API: systems, packs, stored versions and records; filters, caching."""

from __future__ import annotations

import copy
from datetime import UTC, datetime
from email.utils import parsedate_to_datetime

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from content.models import ContentPack, Figure, GameSystem
from content.services import record_save
from content.services.packs import pack_load

FIGURES = "/api/v1/figures/"


def ids(response) -> list[str]:
    return [row["id"] for row in response.json()["results"]]


def test_systems_are_public_and_all_five(anon, packs):
    response = anon.get("/api/v1/systems/")
    assert response.status_code == 200
    assert [s["slug"] for s in response.json()["results"]] == [
        "black-skies",
        "crimson-dust",
        "cs-aces",
        "cs-air-action",
        "cs-hex",
    ]


def test_a_system_by_slug(anon, packs):
    body = anon.get("/api/v1/systems/cs-aces/").json()
    assert body["name"] == "Crimson Skies: Aces"
    assert body["url"] == "http://127.0.0.1/api/v1/systems/cs-aces/"
    assert anon.get("/api/v1/systems/chess/").status_code == 404


def test_figures_filter_by_system_kind_and_points(anon, packs):
    response = anon.get(FIGURES, {"system": "cs-aces", "kind": "character_token", "max_points": 8})
    assert sorted(ids(response)) == ["ruffian", "soldier", "trusty-sidekick"]
    response = anon.get(FIGURES, {"system": "cs-air-action", "min_points": 56, "max_points": 64})
    assert sorted(ids(response)) == ["charlie-steele-fury", "louis-thibodeaux-brigand"]


def test_figures_filter_by_release_and_name(anon, packs):
    assert sorted(ids(anon.get(FIGURES, {"release": "ace-pack-1"}))) == [
        "charlie-steele-fury",
        "loyle-crawford-devastator",
    ]
    assert sorted(ids(anon.get(FIGURES, {"search": "WILD card"}))) == [
        "louis-thibodeaux",
        "louis-thibodeaux-brigand",
    ]


def test_a_figure_by_stable_id_names_its_references(anon, packs):
    body = anon.get("/api/v1/figures/cs-air-action/loyle-crawford-devastator/").json()
    assert body["point_value"] == 80
    assert body["release"] == "ace-pack-1"
    assert body["kind"] == "plane"
    assert body["pack"] == "cs-air-action-core"
    assert body["url"].endswith("/api/v1/figures/cs-air-action/loyle-crawford-devastator/")


def test_the_same_stable_id_in_another_system_is_a_404(anon, packs):
    assert anon.get("/api/v1/figures/cs-aces/loyle-crawford-devastator/").status_code == 404


@pytest.mark.parametrize(
    ("path", "params", "message"),
    [
        (FIGURES, {"min_points": "lots"}, "min_points"),
        (FIGURES, {"max_points": "-3"}, "max_points"),
        (FIGURES, {"owned": "maybe"}, "owned"),
        ("/api/v1/weapons/", {"search": "x" * 201}, "search"),
    ],
)
def test_bad_filters_name_the_parameter(anon, packs, path, params, message):
    response = anon.get(path, params)
    assert response.status_code == 400
    assert response.json()["details"][0]["path"] == message


def test_owned_needs_a_token(anon, packs):
    response = anon.get(FIGURES, {"owned": "true"})
    assert response.status_code == 401
    assert response.json()["code"] == "not_authenticated"


def test_figures_page_by_cursor(anon, packs):
    first = anon.get(FIGURES, {"page_size": 4}).json()
    assert "count" not in first
    assert len(first["results"]) == 4
    second = anon.get(first["next"]).json()
    assert not set(ids_of(first)) & set(ids_of(second))
    assert anon.get(FIGURES, {"cursor": "garbage"}).status_code == 404


def ids_of(page: dict) -> list[str]:
    return [row["id"] for row in page["results"]]


@pytest.mark.parametrize(
    "path",
    [
        "releases",
        "combat-dials",
        "speed-dials",
        "abilities",
        "navigation-cards",
        "weapons",
        "archetypes",
        "mass-tables",
        "maneuvers",
        "fighter-weights",
        "tables",
        "figures",
    ],
)
def test_every_record_type_lists_and_reads(anon, packs, path):
    rows = anon.get(f"/api/v1/{path}/").json()["results"]
    assert rows
    one = anon.get(rows[0]["url"]).json()
    assert one == rows[0]


def test_weapons_of_one_system(anon, packs):
    rows = anon.get("/api/v1/weapons/", {"system": "black-skies"}).json()
    assert rows["count"] == 1
    assert {r["system"] for r in rows["results"]} == {"black-skies"}


# Conditional GET ----------------------------------------------------------------------------


def test_etag_and_last_modified_give_a_304(anon, packs):
    first = anon.get(FIGURES, {"system": "cs-aces"})
    etag, modified = first["ETag"], first["Last-Modified"]
    assert etag.startswith('"')
    again = anon.get(FIGURES, {"system": "cs-aces"}, HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304
    assert again.content == b""
    assert (
        anon.get(FIGURES, {"system": "cs-aces"}, HTTP_IF_MODIFIED_SINCE=modified).status_code == 304
    )


def test_an_edit_changes_the_etag(anon, packs):
    url = "/api/v1/figures/cs-aces/genghis/"
    etag = anon.get(url)["ETag"]
    Figure.objects.filter(stable_id="genghis").update(name="Genghis the Great")
    response = anon.get(url, HTTP_IF_NONE_MATCH=etag)
    assert response.status_code == 200
    assert response.json()["name"] == "Genghis the Great"
    assert response["ETag"] != etag


# Stored pack versions -----------------------------------------------------------------------


def test_an_old_pack_version_reads_as_it_was(anon, packs, pack_docs):
    path, doc = next((p, d) for p, d in pack_docs if d["id"] == "cs-aces-core")
    newer = copy.deepcopy(doc)
    newer["version"] = "1.1.0"
    genghis = next(r for r in newer["records"] if r["id"] == "genghis")
    genghis["data"]["point_value"] = 99
    newer["records"] = [r for r in newer["records"] if r["id"] != "vigilante"]
    pack_load(documents=[(path, newer)])

    versions = anon.get("/api/v1/packs/cs-aces-core/versions/").json()["results"]
    assert [(v["version"], v["current"]) for v in versions] == [("1.1.0", True), ("1.0.0", False)]

    old = anon.get("/api/v1/packs/cs-aces-core/versions/1.0.0/records/", {"type": "figure"}).json()
    old_by_id = {r["id"]: r for r in old["results"]}
    assert old_by_id["genghis"]["data"]["point_value"] == 52
    assert "vigilante" in old_by_id
    new = anon.get("/api/v1/packs/cs-aces-core/versions/1.1.0/records/", {"type": "figure"}).json()
    assert {r["id"]: r for r in new["results"]}["genghis"]["data"]["point_value"] == 99
    assert anon.get("/api/v1/figures/cs-aces/genghis/").json()["point_value"] == 99


def test_pack_version_records_filter_and_404(anon, packs):
    rows = anon.get(
        "/api/v1/packs/cs-aces-core/versions/1.0.0/records/", {"type": "figure", "search": "ser"}
    ).json()["results"]
    assert [r["id"] for r in rows] == ["sergeant"]
    assert anon.get("/api/v1/packs/cs-aces-core/versions/9.9.9/records/").status_code == 404
    bad = anon.get("/api/v1/packs/cs-aces-core/versions/1.0.0/records/", {"type": "dragon"})
    assert bad.status_code == 400


def test_packs_list_and_filter(anon, packs):
    rows = anon.get("/api/v1/packs/", {"system": "crimson-dust"}).json()["results"]
    assert [(p["id"], p["version"]) for p in rows] == [("crimson-dust-core", "1.0.0")]


# Query counts -------------------------------------------------------------------------------


def make_figures(n: int) -> None:
    system, _ = GameSystem.objects.get_or_create(slug="cs-aces", defaults={"name": "Aces"})
    pack = system.packs.first()
    Figure.objects.bulk_create(
        Figure(
            system=system,
            pack=pack,
            stable_id=f"gen-{i}",
            name=f"Generated {i}",
            source={},
            data={},
            kind="ace",
            point_value=i,
        )
        for i in range(n)
    )


def queries_for(client, path, params) -> int:
    with CaptureQueriesContext(connection) as ctx:
        response = client.get(path, params)
    assert response.status_code == 200
    return len(ctx)


@pytest.mark.parametrize(
    ("path", "params"),
    [
        (FIGURES, {"search": "Generated"}),
        ("/api/v1/abilities/", {}),
        ("/api/v1/packs/", {}),
        ("/api/v1/systems/", {}),
    ],
)
def test_query_count_does_not_grow_with_rows(anon, packs, path, params):
    make_figures(1)
    one = queries_for(anon, path, {**params, "page_size": 1})
    Figure.objects.filter(stable_id__startswith="gen-").delete()
    make_figures(50)
    fifty = queries_for(anon, path, {**params, "page_size": 50})
    assert one == fifty
    assert fifty <= 3


def test_owned_shows_only_what_my_collection_holds(api, other_api, user, packs):
    from builder.collections.services import collection_item_create

    collection_item_create(owner=user, system="cs-aces", record_type="figure", stable_id="genghis")
    collection_item_create(
        owner=user, system="cs-air-action", record_type="figure", stable_id="genghis-bloodhawk"
    )
    assert sorted(ids(api.get(FIGURES, {"owned": "true"}))) == ["genghis", "genghis-bloodhawk"]
    assert ids(api.get(FIGURES, {"owned": "true", "system": "cs-aces"})) == ["genghis"]
    assert ids(other_api.get(FIGURES, {"owned": "true"})) == []
    mine = api.get(FIGURES, {"owned": "true"})
    assert mine["Cache-Control"] == "private, no-cache"


def test_owned_query_count_does_not_grow(api, user, packs):
    from builder.collections.models import CollectionItem

    make_figures(50)
    system = GameSystem.objects.get(slug="cs-aces")
    counts = []
    for n in (1, 50):
        CollectionItem.objects.filter(owner=user).delete()
        CollectionItem.objects.bulk_create(
            CollectionItem(owner=user, system=system, record_type="figure", stable_id=f"gen-{i}")
            for i in range(n)
        )
        with CaptureQueriesContext(connection) as ctx:
            response = api.get(FIGURES, {"owned": "true", "page_size": n})
        assert len(response.json()["results"]) == n
        counts.append(len(ctx))
    assert counts[0] == counts[1]


def _stamp_packs_in_the_past() -> str:
    """Packs loaded long ago, so a change made now shows in ``Last-Modified``'s seconds."""
    ContentPack.objects.update(loaded_at=datetime(2020, 1, 1, tzinfo=UTC), edited_at=None)
    return "Wed, 01 Jan 2020 00:00:00 GMT"


def test_an_admin_edit_moves_last_modified(anon, packs):
    old = _stamp_packs_in_the_past()
    assert anon.get(FIGURES, {"system": "cs-aces"})["Last-Modified"] == old
    figure = Figure.objects.get(stable_id="genghis")
    figure.name = "Genghis the Great"
    record_save(record=figure)
    response = anon.get(FIGURES, {"system": "cs-aces"}, HTTP_IF_MODIFIED_SINCE=old)
    assert response.status_code == 200
    assert parsedate_to_datetime(response["Last-Modified"]).year == timezone.now().year
    unchanged = anon.get(FIGURES, {"system": "cs-aces"},
                         HTTP_IF_MODIFIED_SINCE=response["Last-Modified"])
    assert unchanged.status_code == 304


def test_an_admin_delete_moves_last_modified(anon, admin_client, packs):
    old = _stamp_packs_in_the_past()
    figure = Figure.objects.get(system__slug="cs-aces", stable_id="ruffian")  # named by none
    page = admin_client.post(f"/admin/content/figure/{figure.pk}/delete/", {"post": "yes"})
    assert page.status_code == 302
    assert not Figure.objects.filter(pk=figure.pk).exists()
    response = anon.get(FIGURES, {"system": "cs-aces"}, HTTP_IF_MODIFIED_SINCE=old)
    assert response.status_code == 200
    assert response["Last-Modified"] != old
