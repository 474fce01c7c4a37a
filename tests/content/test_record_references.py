"""References inside records' documents: a record others name is never dropped, moved or
deleted while they do, and the refusal lists every referrer by record and JSON path."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from content.models import Ability, Archetype, ContentPack, Figure
from content.references import references_in, target_referrers
from content.services.packs import PackLoadError, pack_load
from tests.conftest import PACK_DIR, read_pack

pytestmark = pytest.mark.django_db

DUST = PACK_DIR / "crimson-dust" / "crimson-dust-core.json"
AIR = PACK_DIR / "cs-air-action" / "cs-air-action-core.json"
ACES = PACK_DIR / "cs-aces" / "cs-aces-core.json"


def without(doc: dict[str, Any], record_type: str, stable_id: str) -> dict[str, Any]:
    new = copy.deepcopy(doc)
    new["version"] = "1.1.0"
    new["records"] = [
        r for r in new["records"] if not (r["type"] == record_type and r["id"] == stable_id)
    ]
    return new


def refusal(documents: list[tuple[str, dict[str, Any]]]) -> list[str]:
    with pytest.raises(PackLoadError) as caught:
        pack_load(documents=documents)
    return [str(e) for e in caught.value.errors]


def test_a_version_dropping_an_ability_its_own_archetype_names_is_refused():
    doc = read_pack(DUST)
    pack_load(documents=[("v1", doc)])

    errors = refusal([("v2", without(doc, "ability", "catfall"))])

    assert errors == [
        "v2: $.records[135].data.skills[4].skill: no ability 'catfall' in crimson-dust",
        "v2: $.records: this version drops or moves records that others refer to: "
        "archetype 'lautus' (v2 $.records[135]) refers to ability 'catfall' "
        "at $.data.skills[4].skill",
    ]
    assert Ability.objects.filter(stable_id="catfall").exists()
    assert ContentPack.objects.get(pack_id="crimson-dust-core").version == "1.0.0"


def test_a_version_dropping_an_ability_another_pack_names_lists_every_path():
    doc = read_pack(DUST)
    extra = copy.deepcopy(doc)
    extra["id"] = "crimson-dust-extra"
    lautus = next(r for r in doc["records"] if r["id"] == "lautus")
    extra["records"] = [dict(copy.deepcopy(lautus), id="lautus-copy")]
    pack_load(documents=[("v1", doc), ("extra", extra)])
    smaller = without(doc, "ability", "acrobatic")
    smaller["records"] = [r for r in smaller["records"] if r["id"] != "lautus"]

    errors = refusal([("v2", smaller)])

    assert errors == [
        "v2: $.records: this version drops or moves records that others refer to: "
        "archetype 'lautus-copy' (pack crimson-dust-extra) refers to ability 'acrobatic' "
        "at $.data.qualities.veteran.special[0]; "
        "archetype 'lautus-copy' (pack crimson-dust-extra) refers to ability 'acrobatic' "
        "at $.data.skills[0].skill"
    ]
    assert Archetype.objects.filter(stable_id="lautus").exists()


def test_dropping_an_ability_with_the_archetype_that_names_it_loads():
    doc = read_pack(DUST)
    pack_load(documents=[("v1", doc)])
    smaller = without(doc, "ability", "catfall")
    smaller["records"] = [r for r in smaller["records"] if r["id"] != "lautus"]

    pack_load(documents=[("v2", smaller)])

    assert not Ability.objects.filter(stable_id__in=["catfall", "lautus"]).exists()
    assert not Archetype.objects.filter(stable_id="lautus").exists()


def test_moving_an_ability_to_another_pack_of_the_system_in_the_same_load_is_not_a_drop():
    doc = read_pack(DUST)
    pack_load(documents=[("v1", doc)])
    catfall = next(r for r in doc["records"] if r["id"] == "catfall")
    extra = {**copy.deepcopy(doc), "id": "crimson-dust-extra", "records": [catfall]}

    pack_load(documents=[("v2", without(doc, "ability", "catfall")), ("extra", extra)])

    assert Ability.objects.get(stable_id="catfall").pack.pack_id == "crimson-dust-extra"


def test_a_version_dropping_an_ability_a_dial_colours_is_refused():
    doc = read_pack(AIR)
    pack_load(documents=[("v1", doc)])

    errors = refusal([("v2", without(doc, "ability", "sample-deadeye"))])

    dial = "combat_dial 'charlie-steele-fury-dial' (v2 $.records[6])"
    missing = "no ability 'sample-deadeye' in cs-air-action"
    assert errors == [
        f"v2: $.records[6].data.clicks[0].colours.front_gunnery: {missing}",
        f"v2: $.records[6].data.clicks[1].colours.front_gunnery: {missing}",
        "v2: $.records: this version drops or moves records that others refer to: "
        f"{dial} refers to ability 'sample-deadeye' at $.data.clicks[0].colours.front_gunnery; "
        f"{dial} refers to ability 'sample-deadeye' at $.data.clicks[1].colours.front_gunnery",
    ]


def test_an_aces_version_dropping_a_figure_an_air_action_plane_names_is_refused():
    aces, air = read_pack(ACES), read_pack(AIR)
    pack_load(documents=[("aces", aces), ("air", air)])

    errors = refusal([("aces2", without(aces, "figure", "charlie"))])

    assert errors == [
        "aces2: $.records: this version drops or moves records that others refer to: "
        "figure 'charlie-steele-fury' (pack cs-air-action-core) refers to figure 'charlie' "
        "at $.data.ace"
    ]
    assert Figure.objects.filter(system__slug="cs-aces", stable_id="charlie").exists()


def test_finding_referrers_takes_the_same_queries_for_one_or_fifty_targets():
    pack_load(documents=[("v1", read_pack(DUST))])
    abilities = list(
        Ability.objects.filter(system__slug="crimson-dust").values_list("stable_id", flat=True)
    )[:50]
    counts = []
    for ids in (abilities[:1], abilities):
        with CaptureQueriesContext(connection) as queries:
            target_referrers([("ability", "crimson-dust", i) for i in ids])
        counts.append(len(queries))
    assert counts == [7, 7]  # one for each record type that may name an ability


# -- the admin ----------------------------------------------------------------------------


def delete_ability(client: Any, stable_id: str) -> Any:
    ability = Ability.objects.get(stable_id=stable_id)
    url = reverse("admin:content_ability_delete", args=[ability.pk])
    return client.post(url, {"post": "yes"})


def test_the_admin_refuses_to_delete_an_ability_archetypes_name(admin_client):
    pack_load(documents=[("v1", read_pack(DUST))])

    response = delete_ability(admin_client, "acrobatic")

    assert response.status_code == 200
    assert list(map(str, response.context["protected"])) == [
        "archetype 'lautus' (pack crimson-dust-core) refers to ability 'acrobatic' "
        "at $.data.qualities.veteran.special[0]",
        "archetype 'lautus' (pack crimson-dust-core) refers to ability 'acrobatic' "
        "at $.data.skills[0].skill",
    ]
    assert Ability.objects.filter(stable_id="acrobatic").exists()


def test_the_admin_deletes_an_ability_nobody_names(admin_client):
    pack_load(documents=[("v1", read_pack(DUST))])

    response = delete_ability(admin_client, "ablative-armour")

    assert response.status_code == 302
    assert not Ability.objects.filter(stable_id="ablative-armour").exists()


def test_the_admin_deletes_an_ability_with_every_record_naming_it(admin_client):
    pack_load(documents=[("v1", read_pack(DUST))])
    scopes = Ability.objects.get(stable_id="scopes")
    under = [a for a in Ability.objects.all() if a.data.get("part_of") == "scopes"]
    assert len(delete_ability(admin_client, "scopes").context["protected"]) == len(under) == 4
    chosen = [scopes.pk, *(a.pk for a in under)]

    response = admin_client.post(
        reverse("admin:content_ability_changelist"),
        {"action": "delete_selected", "_selected_action": chosen, "post": "yes"},
    )

    assert response.status_code == 302
    assert not Ability.objects.filter(pk__in=chosen).exists()


def test_every_reference_in_the_shipped_packs_names_a_record_of_its_type(pack_docs):
    stored = {(r["type"], d["system"], r["id"]) for _, d in pack_docs for r in d["records"]}
    named = [
        (r["id"], at, target)
        for _, d in pack_docs
        for r in d["records"]
        for at, target in references_in(r["type"], d["system"], r["data"])
    ]

    assert len(named) > 300
    assert [n for n in named if n[2] not in stored] == []


def test_a_pack_naming_an_ability_nobody_has_is_refused_at_its_path():
    doc = read_pack(DUST)
    lautus = next(r for r in doc["records"] if r["id"] == "lautus")
    lautus["data"]["skills"][4]["skill"] = "no-such-skill"

    errors = refusal([("v1", doc)])

    assert errors == [
        "v1: $.records[136].data.skills[4].skill: no ability 'no-such-skill' in crimson-dust"
    ]
    assert not ContentPack.objects.exists()
