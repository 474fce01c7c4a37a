"""The admin a collector uses: every page renders, dials read as tables, bad edits refused."""

from __future__ import annotations

import json

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils.html import escape

from content.models import RECORD_MODELS, CombatDial, ContentPack, Figure, GameSystem

pytestmark = pytest.mark.django_db

ADMIN_MODELS = [*RECORD_MODELS.values(), ContentPack, GameSystem]


@pytest.fixture
def admin_client(client, loaded_packs):
    user = get_user_model().objects.create_superuser("curator", "c@example.com", "pw")
    client.force_login(user)
    return client


def admin_url(model, view, *args):
    return reverse(f"admin:content_{model._meta.model_name}_{view}", args=args)


def test_the_index_lists_every_content_type(admin_client):
    page = admin_client.get(reverse("admin:index")).content.decode()
    for model in ADMIN_MODELS:
        assert admin_url(model, "changelist") in page, model


@pytest.mark.parametrize("model", ADMIN_MODELS, ids=lambda m: m.__name__)
def test_changelist_and_change_page_render_for_every_model(admin_client, model):
    listing = admin_client.get(admin_url(model, "changelist"))
    assert listing.status_code == 200
    obj = model.objects.first()
    assert obj is not None, f"the packs hold no {model.__name__}"
    page = admin_client.get(admin_url(model, "change", obj.pk))
    assert page.status_code == 200
    assert escape(str(obj)) in page.content.decode()


def test_search_finds_a_figure_by_name_and_filters_by_kind(admin_client):
    figure = Figure.objects.filter(kind="plane").first()
    found = admin_client.get(admin_url(Figure, "changelist"), {"q": figure.name.split()[0]})
    assert escape(figure.name) in found.content.decode()
    tokens = admin_client.get(admin_url(Figure, "changelist"), {"kind__exact": "character_token"})
    assert escape(figure.name) not in tokens.content.decode()
    assert (
        escape(Figure.objects.filter(kind="character_token").first().name)
        in tokens.content.decode()
    )


def test_a_figure_page_shows_its_combat_dial_click_by_click(admin_client):
    figure = Figure.objects.filter(combat_dial__isnull=False, kind="plane").first()
    page = admin_client.get(admin_url(Figure, "change", figure.pk)).content.decode()
    clicks = figure.combat_dial.data["clicks"]
    assert page.count('<tr class="marked">') + page.count("<tr>\n      <td>") >= len(clicks)
    assert "Front gunnery" in page
    assert "<td>start</td>" in page


def dial_form(dial: CombatDial, data: object) -> dict[str, str]:
    return {
        "system": str(dial.system_id),
        "pack": str(dial.pack_id),
        "stable_id": dial.stable_id,
        "name": dial.name,
        "name_original": "",
        "data": json.dumps(data),
        "source": json.dumps(dial.source),
        "uncertain": json.dumps(dial.uncertain),
        "figures-TOTAL_FORMS": "0",
        "figures-INITIAL_FORMS": "0",
    }


def test_an_invalid_dial_is_refused_at_the_field_and_nothing_is_saved(admin_client):
    dial = CombatDial.objects.filter(system__slug="cs-air-action").first()
    before = json.dumps(dial.data, sort_keys=True)
    bad = json.loads(before)
    bad["clicks"][2]["values"]["front_gunnery"] = "three"

    response = admin_client.post(admin_url(CombatDial, "change", dial.pk), dial_form(dial, bad))

    assert response.status_code == 200
    errors = response.context["adminform"].form.errors
    assert errors["data"] == [
        "$.clicks[2].values.front_gunnery: 'three' is not of type 'integer', 'null'"
    ]
    dial.refresh_from_db()
    assert json.dumps(dial.data, sort_keys=True) == before


def test_a_valid_edit_is_saved(admin_client):
    dial = CombatDial.objects.filter(system__slug="cs-air-action").first()
    data = dict(dial.data)
    data["clicks"][0]["values"]["piloting"] = 9

    response = admin_client.post(admin_url(CombatDial, "change", dial.pk), dial_form(dial, data))

    assert response.status_code == 302
    dial.refresh_from_db()
    assert dial.data["clicks"][0]["values"]["piloting"] == 9


@pytest.mark.parametrize("model", ADMIN_MODELS, ids=lambda m: m.__name__)
def test_changelist_query_count_does_not_grow_with_rows(admin_client, model):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    url = admin_url(model, "changelist")
    admin_client.get(url)
    with CaptureQueriesContext(connection) as before:
        admin_client.get(url)
    if model in RECORD_MODELS.values():
        original = model.objects.first()
        for n in range(3):
            copy = model.objects.get(pk=original.pk)
            copy.pk = None
            copy.stable_id = f"{original.stable_id}-copy-{n}"
            copy.save()
    with CaptureQueriesContext(connection) as after:
        admin_client.get(url)
    assert len(after) == len(before)


def test_figures_filter_by_point_value_band(admin_client):
    page = admin_client.get(admin_url(Figure, "changelist"), {"points": "0-10"}).content.decode()
    for figure in Figure.objects.all():
        shown = f">{escape(figure.name)}</a>" in page
        assert shown == (figure.point_value is not None and figure.point_value <= 10), figure


def test_a_figure_pointing_at_a_missing_dial_is_refused(admin_client):
    figure = Figure.objects.filter(kind="plane").first()
    data = dict(figure.data) | {"combat_dial": "no-such-dial"}
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
    assert response.context["adminform"].form.errors["data"] == [
        f"$.combat_dial: no combat_dial 'no-such-dial' in {figure.system.slug}"
    ]
    figure.refresh_from_db()
    assert figure.data["combat_dial"] != "no-such-dial"


def test_a_dial_shows_its_bail_out_values(admin_client):
    figure = Figure.objects.get(system__slug="cs-air-action", stable_id="charlie-steele-fury")
    page = admin_client.get(admin_url(Figure, "change", figure.pk)).content.decode()
    values = [
        c["bail_out_value"]
        for c in figure.combat_dial.data["clicks"]
        if c.get("bail_out_value") is not None
    ]
    assert values
    for value in values:
        assert f"bail out {value}" in page
