"""What the admin guards allow: broken records open and can be repaired, identity is shown
read-only, unreferenced records delete, and every pack version says who brought it."""

from __future__ import annotations

import json

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils.html import escape

from content.admin_guards import invisible_characters
from content.models import CombatDial, ContentPack, ContentPackVersion, Figure
from content.services.packs import pack_load
from tests.conftest import PACK_DIR, read_pack

pytestmark = pytest.mark.django_db

AIR = PACK_DIR / "cs-air-action" / "cs-air-action-core.json"


@pytest.fixture
def curator(client):
    pack_load(documents=[("air", read_pack(AIR))], actor="ada (manage.py loadpack)")
    user = get_user_model().objects.create_superuser("curator", "c@example.com", "pw")
    client.force_login(user)
    return client


def change_url(obj):
    return reverse(f"admin:content_{obj._meta.model_name}_change", args=[obj.pk])


def post_data(obj, **changes):
    data = {
        "name": obj.name,
        "name_original": obj.name_original,
        "data": json.dumps(obj.data),
        "source": json.dumps(obj.source),
        "uncertain": json.dumps(obj.uncertain),
        "_save": "Save",
    }
    if obj.sample:
        data["sample"] = "on"
    return {**data, **changes}


def test_a_figure_whose_dial_is_gone_opens_and_can_be_repaired(curator):
    figure = Figure.objects.get(stable_id="charlie-steele-fury")
    dial = figure.combat_dial
    Figure.objects.filter(pk=figure.pk).update(
        combat_dial=None, data={**figure.data, "combat_dial": "lost-dial"}
    )
    figure.refresh_from_db()

    page = curator.get(change_url(figure))
    assert page.status_code == 200

    refused = curator.post(change_url(figure), post_data(figure))
    assert "no combat_dial &#x27;lost-dial&#x27; in cs-air-action" in refused.content.decode()

    repaired = curator.post(
        change_url(figure),
        post_data(figure, data=json.dumps({**figure.data, "combat_dial": dial.stable_id})),
    )
    assert repaired.status_code == 302
    figure.refresh_from_db()
    assert figure.combat_dial == dial


def test_a_dial_whose_document_cannot_be_drawn_still_opens(curator):
    dial = CombatDial.objects.get(stable_id="charlie-steele-fury-dial")
    CombatDial.objects.filter(pk=dial.pk).update(data={"clicks": "not a list"})

    page = curator.get(change_url(dial))

    assert page.status_code == 200
    assert "cannot be shown" in page.content.decode() or "not a list" in page.content.decode()


def test_identity_fields_are_read_only_on_an_existing_record_and_editable_on_a_new_one(curator):
    figure = Figure.objects.get(stable_id="charlie-steele-fury")
    change_form = curator.get(change_url(figure)).context["adminform"].form
    add_page = curator.get(reverse("admin:content_figure_add"), {"system": figure.system_id})
    add_form = add_page.context["adminform"].form

    assert {"system", "pack", "stable_id"}.isdisjoint(change_form.fields)
    assert {"system", "pack", "stable_id"} <= set(add_form.fields)


def test_a_record_nobody_refers_to_can_be_deleted(curator):
    figure = Figure.objects.get(stable_id="genghis-bloodhawk")  # no card or plane names it
    url = reverse("admin:content_figure_delete", args=[figure.pk])

    response = curator.post(url, {"post": "yes"})

    assert response.status_code == 302
    assert not Figure.objects.filter(pk=figure.pk).exists()


def test_a_valid_edit_saves_and_syncs_the_columns(curator):
    figure = Figure.objects.get(stable_id="charlie-steele-fury")
    response = curator.post(
        change_url(figure),
        post_data(figure, name="Charlie", data=json.dumps({**figure.data, "point_value": 70})),
    )
    assert response.status_code == 302
    figure.refresh_from_db()
    assert (figure.name, figure.point_value) == ("Charlie", 70)


@pytest.mark.parametrize(
    ("model", "stable_id", "change", "message"),
    [
        (
            Figure,
            "charlie-steele-fury",
            lambda data: {**data, "ace_cards": [data["ace_cards"][0], "no-such-card"]},
            "$.ace_cards[1]: no navigation_card 'no-such-card' in cs-air-action",
        ),
        (
            Figure,
            "charlie-steele-fury",
            lambda data: {**data, "release": "ace-pack-99"},
            "$.release: no release 'ace-pack-99' in cs-air-action",
        ),
        (
            CombatDial,
            "charlie-steele-fury-dial",
            lambda data: {
                **data,
                "clicks": [
                    {**data["clicks"][0], "colours": {"piloting": "no-such-ability"}},
                    *data["clicks"][1:],
                ],
            },
            "$.clicks[0].colours.piloting: no ability 'no-such-ability' in cs-air-action",
        ),
    ],
)
def test_an_edit_naming_a_missing_record_is_refused_at_its_path(
    curator, model, stable_id, change, message
):
    record = model.objects.get(stable_id=stable_id)
    before = json.dumps(record.data, sort_keys=True)
    response = curator.post(
        change_url(record) + "?raw=1", post_data(record, data=json.dumps(change(record.data)))
    )
    assert response.status_code == 200
    assert escape(message) in response.content.decode()
    record.refresh_from_db()
    assert json.dumps(record.data, sort_keys=True) == before


def test_every_pack_version_shows_how_it_arrived_who_brought_it_and_when(curator):
    version = ContentPackVersion.objects.get(pack__pack_id="cs-air-action-core")
    pack = ContentPack.objects.get(pack_id="cs-air-action-core")

    history = curator.get(reverse("admin:content_contentpackversion_changelist")).content
    pack_page = curator.get(change_url(pack)).content.decode()

    assert b"ada (manage.py loadpack)" in history
    assert b"loaded from a file" in history
    when = version.loaded_at.strftime("%Y-%m-%d %H:%M")
    assert escape(f"cs-air-action-core 1.0.0: loaded by ada (manage.py loadpack), {when} UTC") in (
        pack_page
    )


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Kim Steele", []),
        ("Übermensch – Ä", []),
        ("a\u202eb", ["U+202E RIGHT-TO-LEFT OVERRIDE at position 2"]),
        ("\u2066x", ["U+2066 LEFT-TO-RIGHT ISOLATE at position 1"]),
        ("x\u00ady", ["U+00AD SOFT HYPHEN at position 2"]),
        ("tab\t", ["U+0009 control character at position 4"]),
    ],
)
def test_invisible_characters_are_found_with_their_names(text, found):
    assert invisible_characters(text) == found
