"""Saving a fighter design reaches every squadron of its owner's that links it: the stored
copy, the verdict, the share page and the API all read the design as it is saved now."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.test import Client
from rest_framework.test import APIClient

from builder.lists.models import SavedList
from builder.lists.services import saved_list_create, saved_list_update
from content.services.packs import pack_load
from tests.builder.web.conftest import example
from tests.conftest import pack_paths, read_pack

pytestmark = pytest.mark.django_db


@pytest.fixture
def packs(db: Any) -> Any:
    return pack_load(documents=[(str(p), read_pack(p)) for p in pack_paths()])


def _user(name: str) -> User:
    return get_user_model().objects.create_user(name, password="a-long-pass-phrase")


def _design(owner: User) -> SavedList:
    """A saved light fighter "Dart": two laser cannon, no armour (2 of 2 hardpoints)."""
    doc = example("black-skies/black-tiger.fighter.json") | {"name": "Dart list"}
    doc["entries"][0] |= {"name": "Dart", "weight": "light", "armour": "no-armour"}
    return saved_list_create(owner=owner, document=doc)


def _squadron(owner: User, design: SavedList, name: str = "Darts") -> SavedList:
    """Two fighters of one element: the first linked to ``design``, the second flying the
    book's Black Tiger."""
    doc = example("black-skies/tiger-squadron.squadron.json") | {"name": name}
    linked = {
        "element": "Red",
        "pilot": {"name": "Kell", "skill": 4},
        "design": copy.deepcopy(design.document["entries"][0]),
        "design_ref": str(design.uuid),
    }
    doc["entries"] = [
        linked,
        {"element": "Gold", "pilot": {"name": "Moss", "skill": 2}, "design": "black-tiger"},
    ]
    doc["points_limit"] = None
    return saved_list_create(owner=owner, document=doc)


def _overloaded(design: SavedList) -> dict[str, Any]:
    """The design with a third laser cannon: 3 hardpoints on a light fighter's 2."""
    edited = copy.deepcopy(design.document)
    edited["entries"][0]["weapons"] = [{"weapon": "laser-cannon", "count": 3}]
    return edited


def test_saving_the_design_rechecks_the_squadron_it_is_linked_into(packs: Any) -> None:
    ada = _user("ada")
    dart = _design(ada)
    squadron = _squadron(ada, dart)
    assert squadron.legal, squadron.violations

    saved_list_update(saved_list=dart, document=_overloaded(dart))

    squadron.refresh_from_db()
    flown = squadron.document["entries"][0]
    assert flown["design"]["weapons"] == [{"weapon": "laser-cannon", "count": 3}]
    assert flown["design_ref"] == str(dart.uuid)
    assert squadron.document["entries"][1]["design"] == "black-tiger"
    assert not squadron.legal
    assert [(v["code"], v["path"]) for v in squadron.violations if v["severity"] == "error"] == [
        ("black-skies.over-hardpoints", "$.entries[0].design")
    ]


def test_the_share_page_and_the_api_read_the_design_as_saved_now(packs: Any) -> None:
    ada = _user("ada")
    dart = _design(ada)
    squadron = saved_list_update(
        saved_list=_squadron(ada, dart), visibility=SavedList.Visibility.UNLISTED
    )
    edited = copy.deepcopy(dart.document)
    edited["entries"][0] |= {"name": "Dart II", "weight": "medium"}
    edited["entries"][0]["weapons"] = [{"weapon": "laser-cannon", "count": 3}]
    saved_list_update(saved_list=dart, document=edited)

    squadron.refresh_from_db()
    page = Client().get(f"/lists/shared/{squadron.share_token}/").content.decode()
    assert "Dart II" in page
    assert "3 × Laser Cannon" in page
    api = APIClient()
    api.force_authenticate(ada)
    body = api.get(f"/api/v1/lists/{squadron.uuid}/").json()
    assert body["document"]["entries"][0]["design"]["name"] == "Dart II"
    assert body["verdict"]["legal"] is True


def test_only_the_owners_squadrons_linked_to_that_design_change(packs: Any) -> None:
    ada, bo = _user("ada"), _user("bo")
    dart, other = _design(ada), _design(ada)
    mine = _squadron(ada, dart, "Mine")
    elsewhere = _squadron(ada, other, "Linked to another design")
    # Bo's squadron names Ada's design (a copied document): it is Bo's own copy.
    theirs = _squadron(bo, dart, "Bo's")
    before = {s.pk: copy.deepcopy(s.document) for s in (elsewhere, theirs)}

    saved_list_update(saved_list=dart, document=_overloaded(dart))

    for kept in (elsewhere, theirs):
        kept.refresh_from_db()
        assert kept.document == before[kept.pk]
        assert kept.legal
    mine.refresh_from_db()
    assert not mine.legal


def test_a_rename_alone_changes_no_squadron_copy_but_the_name(packs: Any) -> None:
    ada = _user("ada")
    dart = _design(ada)
    squadron = _squadron(ada, dart)
    updated = squadron.updated_at
    renamed = copy.deepcopy(dart.document) | {"name": "Dart list, renamed"}
    saved_list_update(saved_list=dart, document=renamed)
    squadron.refresh_from_db()
    # The list's name is not the design's: the fighter's copy is unchanged, nothing saved.
    assert squadron.updated_at == updated
    assert squadron.document["entries"][0]["design"]["name"] == "Dart"
