"""Documents edited as forms drawn from their schemas; dials edited click by click; a new
figure entered with its dial in one form lands in the collector's pack as real data."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from hypothesis import given
from hypothesis import strategies as st

from content.form_schemas import error_coordinates, error_map, form_schema, tidy_submitted
from content.models import RECORD_MODELS, CombatDial, Figure, GameSystem, SpeedDial
from content.schemas import dial_stats, systems_with
from tests.conftest import pack_paths, read_pack

AIR_ACTION_STATS = ["max_speed", "front_gunnery", "rear_gunnery", "piloting"]
"""An Air Action combat dial's stats, in the order its schema fixes."""

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin_client(client, loaded_packs):
    user = get_user_model().objects.create_superuser("curator", "c@example.com", "pw")
    client.force_login(user)
    return client


def admin_url(model, view, *args):
    return reverse(f"admin:content_{model._meta.model_name}_{view}", args=args)


def pack_records() -> list[tuple[str, dict[str, Any]]]:
    return [(read_pack(p)["system"], r) for p in pack_paths() for r in read_pack(p)["records"]]


@pytest.mark.parametrize(
    ("system", "record"), pack_records(), ids=lambda v: v if isinstance(v, str) else v["id"]
)
def test_an_untouched_form_gives_back_the_document_it_was_given(system, record):
    schema = form_schema(record["type"], system, record["data"])
    assert schema is not None
    assert (
        tidy_submitted(schema, json.loads(json.dumps(record["data"])), record["data"])
        == (record["data"])
    )


def test_blank_answers_become_null_where_the_schema_allows_it_and_new_empty_keys_go():
    schema = form_schema("figure", "cs-air-action", {"kind": "plane"})
    sent = {"kind": "plane", "collector_number": "", "experience_level": "", "transcribed": []}
    assert tidy_submitted(schema, sent, {}) == {"kind": "plane", "collector_number": None}


def test_a_figure_form_offers_the_dials_of_its_system_by_name():
    choices = {"combat_dial": [("red-dial", "Red's dial")]}
    schema = form_schema("figure", "cs-air-action", {}, choices)
    assert schema["properties"]["combat_dial"]["choices"] == [
        {"title": "Red's dial (red-dial)", "value": "red-dial"}
    ]
    assert schema["properties"]["base"]["required"] == ["silhouette", "front_range", "rear_range"]
    aces = form_schema("figure", "cs-aces", {"kind": "ace"})
    assert aces["properties"]["base"]["required"] == ["range", "targets"]


def test_an_archetype_cost_offers_points_not_available_and_not_given():
    schema = form_schema("archetype", "crimson-dust", {})
    cost = schema["properties"]["upgrades"]["items"]["properties"]["costs"]["properties"]["green"]
    assert [o["title"] for o in cost["oneOf"]] == ["points", "not available (-)", "not given"]


@given(st.lists(st.sampled_from(["clicks", "values", "piloting", "0", "12", "a-b"]), min_size=1))
def test_error_paths_become_the_form_coordinates_they_name(parts):
    path = "$" + "".join(f"[{p}]" if p.isdigit() else f".{p}" for p in parts)
    assert error_coordinates(path) == parts
    assert error_map([f"{path}: wrong"]) == {"§".join(parts): ["wrong"]}


def test_record_pages_edit_as_a_form_and_as_raw_json_on_request(admin_client):
    for model in RECORD_MODELS.values():
        obj = model.objects.first()
        form_page = admin_client.get(admin_url(model, "change", obj.pk)).content.decode()
        raw_page = admin_client.get(admin_url(model, "change", obj.pk), {"raw": "1"})
        raw = raw_page.content.decode()
        if model in (CombatDial, SpeedDial):
            assert 'class="muster-dial-editor"' in form_page, model
        else:
            assert "data-django-jsonform-container" in form_page, model
        assert '<textarea name="data"' in raw, model
        assert "Edit as a form" in raw


def dial_cells(name: str, clicks: list[dict[str, Any]], blank_rows: int = 1) -> dict[str, Any]:
    """The grid's inputs as a browser posts them (blank rows included)."""
    post: dict[str, Any] = {f"{name}-row": [], f"{name}-rest": "{}"}
    for i, click in enumerate([*clicks, *([{}] * blank_rows)]):
        post[f"{name}-row"].append(str(i))
        for stat in AIR_ACTION_STATS:
            value = click.get("values", {}).get(stat)
            post[f"{name}-{i}-{stat}"] = "" if value is None else str(value)
            post[f"{name}-{i}-{stat}-colour"] = click.get("colours", {}).get(stat, "")
        for marker in click.get("markers", []):
            post[f"{name}-{i}-{marker}"] = "1"
        post[f"{name}-{i}-bail_out_value"] = str(click.get("bail_out_value") or "")
    return post


CLICKS = [
    {
        "values": {"max_speed": 7, "front_gunnery": 4, "rear_gunnery": 1, "piloting": 6},
        "colours": {"front_gunnery": "sample-deadeye"},
        "markers": ["start"],
    },
    {
        "values": {"max_speed": 6, "front_gunnery": 3, "rear_gunnery": 1, "piloting": 7},
        "colours": {},
        "markers": [],
    },
    {
        "values": dict.fromkeys(AIR_ACTION_STATS),
        "colours": {},
        "markers": ["ko", "bail_out", "structural_limit"],
        "bail_out_value": 6,
    },
]


def new_figure_post(system: GameSystem, clicks: list[dict[str, Any]]) -> dict[str, Any]:
    data = {
        "kind": "plane",
        "collector_number": "101",
        "point_value": 55,
        "squadron_symbol": "",
        "release": "",
        "combat_dial": "",
        "speed_dial": "",
        "pilot": "Nate Hollis",
        "plane_model": "Fury",
        "ace": "",
        "base": {"silhouette": 4, "front_range": 3, "rear_range": 1},
        "ace_cards": [],
        "experience_level": "",
        "transcribed": [],
    }
    return {
        "system": str(system.pk),
        "pack": "",
        "stable_id": "nate-hollis-fury",
        "name": "Nate Hollis (Fury)",
        "name_original": "",
        "data": json.dumps(data),
        "source": json.dumps({"seed": system.seed, "section": "Entered by a collector"}),
        "uncertain": "[]",
        **dial_cells("dial", clicks),
    }


def test_a_collector_enters_a_figure_with_its_dial_in_one_form(admin_client):
    system = GameSystem.objects.get(slug="cs-air-action")
    add = admin_url(Figure, "add") + f"?system={system.pk}"
    page = admin_client.get(add).content.decode()
    assert "Entered by a collector" in page  # the source is filled in, nothing to type

    response = admin_client.post(add, new_figure_post(system, CLICKS))

    assert response.status_code == 302, response.context["adminform"].form.errors
    figure = Figure.objects.get(system=system, stable_id="nate-hollis-fury")
    assert (figure.sample, figure.pack.pack_id) == (False, "cs-air-action-collection")
    assert (figure.pilot, figure.plane_model, figure.point_value) == ("Nate Hollis", "Fury", 55)
    assert figure.data["collector_number"] == "101"
    assert "experience_level" not in figure.data
    dial = figure.combat_dial
    assert (dial.stable_id, dial.sample, dial.pack_id) == (
        "nate-hollis-fury-dial",
        False,
        figure.pack_id,
    )
    assert dial.data == {"stats": AIR_ACTION_STATS, "clicks": CLICKS}


def test_an_invalid_dial_cell_is_refused_at_that_cell_and_nothing_is_saved(admin_client):
    system = GameSystem.objects.get(slug="cs-air-action")
    bad = json.loads(json.dumps(CLICKS))
    bad[1]["values"]["piloting"] = -2
    add = admin_url(Figure, "add") + f"?system={system.pk}"

    response = admin_client.post(add, new_figure_post(system, bad))

    assert response.status_code == 200
    form = response.context["adminform"].form
    assert form.errors["dial"] == ["$.clicks[1].values.piloting: -2 is less than the minimum of 0"]
    page = response.content.decode()
    cell = page.split('name="dial-1-piloting"')[1].split("</td>")[0]
    assert "-2 is less than the minimum of 0" in cell
    assert not Figure.objects.filter(stable_id="nate-hollis-fury").exists()
    assert not CombatDial.objects.filter(stable_id="nate-hollis-fury-dial").exists()


def test_a_form_edit_that_breaks_the_schema_is_shown_at_its_field(admin_client):
    figure = Figure.objects.filter(kind="plane").first()
    data = dict(figure.data) | {"point_value": -5}
    form = {
        "system": str(figure.system_id),
        "pack": str(figure.pack_id),
        "stable_id": figure.stable_id,
        "name": figure.name,
        "data": json.dumps(data),
        "source": json.dumps(figure.source),
        "uncertain": json.dumps(figure.uncertain),
    }
    response = admin_client.post(admin_url(Figure, "change", figure.pk), form)

    assert response.status_code == 200
    widget = response.context["adminform"].form.fields["data"].widget
    assert widget.error_map == {"point_value": ["-5 is less than the minimum of 0"]}
    figure.refresh_from_db()
    assert figure.data["point_value"] != -5


def test_the_dial_editor_adds_and_removes_clicks(admin_client):
    dial = CombatDial.objects.get(stable_id="charlie-steele-fury-dial")
    clicks = dial.data["clicks"]
    post = {
        "system": str(dial.system_id),
        "pack": str(dial.pack_id),
        "stable_id": dial.stable_id,
        "name": dial.name,
        "name_original": "",
        "source": json.dumps(dial.source),
        "uncertain": json.dumps(dial.uncertain),
        "figures-TOTAL_FORMS": "0",
        "figures-INITIAL_FORMS": "0",
        **dial_cells("data", [*clicks, CLICKS[1]], blank_rows=2),
    }
    post["data-1-remove"] = "1"
    post["data-rest"] = json.dumps(
        {k: v for k, v in dial.data.items() if k not in {"stats", "clicks"}}
    )

    response = admin_client.post(admin_url(CombatDial, "change", dial.pk), post)

    assert response.status_code == 302
    dial.refresh_from_db()
    assert dial.data["clicks"] == [clicks[0], *clicks[2:], CLICKS[1]]


def test_the_speed_dial_editor_saves_speeds_effects_and_red_line(admin_client):
    dial = SpeedDial.objects.filter(system__slug="cs-air-action").first()
    post = {
        "system": str(dial.system_id),
        "pack": str(dial.pack_id),
        "stable_id": dial.stable_id,
        "name": dial.name,
        "name_original": "",
        "source": json.dumps(dial.source),
        "uncertain": json.dumps(dial.uncertain),
        "data-row": ["0", "1", "2"],
        "data-rest": "{}",
        "data-0-speed": "2",
        "data-0-effects": ["sample-hard-target"],
        "data-1-speed": "5",
        "data-1-red_line": "1",
        "data-2-speed": "",
    }
    response = admin_client.post(admin_url(SpeedDial, "change", dial.pk), post)

    assert response.status_code == 302
    dial.refresh_from_db()
    assert dial.data == {
        "speeds": [
            {"speed": 2, "effects": ["sample-hard-target"], "red_line": False},
            {"speed": 5, "effects": [], "red_line": True},
        ]
    }


def test_adding_a_record_starts_by_choosing_its_game(admin_client):
    page = admin_client.get(admin_url(Figure, "add")).content.decode()
    for slug in ("cs-air-action", "cs-aces"):
        system = GameSystem.objects.get(slug=slug)
        assert f'href="?system={system.pk}"' in page
    assert "Crimson Dust" not in page.split("muster-systems")[1]


def test_each_game_s_dial_stats_come_from_its_dial_schema():
    assert {s: dial_stats(s) for s in ("cs-air-action", "cs-aces", "crimson-dust")} == {
        "cs-air-action": AIR_ACTION_STATS,
        "cs-aces": ["speed", "attack", "defense", "fate"],
        "crimson-dust": [],
    }
    assert systems_with("figure") == systems_with("combat_dial") == ["cs-air-action", "cs-aces"]
