"""Recording what a player owns, and whether it fields a list."""

from __future__ import annotations

from typing import Any

import pytest

from builder.collections.models import CollectionItem
from builder.collections.selectors import (
    collection_fielding,
    owned_record_ids,
    owned_records_q,
)
from builder.collections.services import (
    collection_item_create,
    collection_item_delete,
    collection_item_update,
)
from builder.core.errors import ApplicationError
from content.models import Archetype, Figure
from content.selectors import catalogue_for_packs

pytestmark = pytest.mark.django_db


def own(user: Any, system: str, stable_id: str, quantity: int = 1, **kw: Any) -> CollectionItem:
    return collection_item_create(
        owner=user,
        system=system,
        record_type=kw.pop("record_type", "figure"),
        stable_id=stable_id,
        quantity=quantity,
        **kw,
    )


def test_create_update_delete(packs: Any, user: Any) -> None:
    item = own(user, "cs-aces", "ruffian", 2, condition="played", notes="one chipped")
    assert (item.quantity, item.condition, item.notes) == (2, "played", "one chipped")
    collection_item_update(item=item, quantity=3)
    item.refresh_from_db()
    assert item.quantity == 3
    collection_item_delete(item=item)
    assert CollectionItem.objects.count() == 0


@pytest.mark.parametrize(
    ("kwargs", "code", "path"),
    [
        ({"system": "cs-aces", "stable_id": "nobody"}, "unknown_record", "$.stable_id"),
        ({"system": "chess", "stable_id": "ruffian"}, "unknown_system", "$.system"),
        (
            {"system": "cs-aces", "stable_id": "ruffian", "record_type": "table"},
            "not_collectable",
            "$.record_type",
        ),
    ],
)
def test_refuses_what_the_catalogue_does_not_have(
    packs: Any, user: Any, kwargs: dict[str, Any], code: str, path: str
) -> None:
    with pytest.raises(ApplicationError) as err:
        collection_item_create(
            owner=user, record_type=kwargs.pop("record_type", "figure"), **kwargs
        )
    assert (err.value.code, err.value.details[0]["path"]) == (code, path)


def test_quantity_must_be_positive(packs: Any, user: Any) -> None:
    from django.core.exceptions import ValidationError

    with pytest.raises(ValidationError) as err:
        own(user, "cs-aces", "ruffian", 0)
    assert list(err.value.message_dict) == ["quantity"]


def test_same_record_and_condition_twice_is_refused(packs: Any, user: Any) -> None:
    own(user, "cs-aces", "ruffian", 1)
    own(user, "cs-aces", "ruffian", 1, condition="damaged")
    with pytest.raises(ApplicationError) as err:
        own(user, "cs-aces", "ruffian", 1)
    assert err.value.code == "duplicate_item"


def test_owned_record_ids_and_filter(packs: Any, user: Any, other_user: Any) -> None:
    own(user, "cs-aces", "ruffian")
    own(user, "cs-aces", "charlie")
    own(user, "crimson-dust", "medio", record_type="archetype")
    own(other_user, "cs-aces", "soldier")
    assert owned_record_ids(user=user, model=Figure) == {"ruffian", "charlie"}
    assert owned_record_ids(user=user, model=Archetype) == {"medio"}
    names = sorted(
        Figure.objects.filter(owned_records_q(user=user, model=Figure)).values_list(
            "stable_id", flat=True
        )
    )
    assert names == ["charlie", "ruffian"]


def test_fielding_names_what_is_missing(packs: Any, user: Any, kims_team: Any) -> None:
    kims_team["entries"][6]["count"] = 2  # two Ruffians
    for figure in ("charlie", "vigilante", "sergeant", "tail-gunner", "soldier", "trusty-sidekick"):
        own(user, "cs-aces", figure)
    own(user, "cs-aces", "ruffian", 1)
    catalogue = catalogue_for_packs({"cs-aces-core": "1.0.0"})
    answer = collection_fielding(user=user, document=kims_team, catalogue=catalogue)
    assert answer["can_field"] is False
    assert [m["message"] for m in answer["missing"]] == ["needs 2 × Ruffian, owns 1"]
    assert answer["missing"][0]["paths"] == ["$.entries[6].figure"]

    own(user, "cs-aces", "ruffian", 1, condition="damaged")
    answer = collection_fielding(user=user, document=kims_team, catalogue=catalogue)
    assert (answer["can_field"], answer["missing"]) == (True, [])


def test_fielding_a_warband_counts_models_weapons_and_mounts(
    packs: Any, user: Any, dust_devils: Any
) -> None:
    answer = collection_fielding(user=user, document=dust_devils)
    needed = {(n["record_type"], n["id"]): n["needed"] for n in answer["needs"]}
    assert needed[("archetype", "medio")] == 3
    assert needed[("archetype", "bestia")] == 1
    assert needed[("weapon", "rifle")] == 3
    assert answer["can_field"] is False


def test_designs_need_nothing_from_a_collection(hex_pack: Any, user: Any) -> None:
    from tests.builder.collections.conftest import example

    answer = collection_fielding(user=user, document=example("cs-hex/light-fighter-legal.json"))
    assert (answer["collectable"], answer["can_field"], answer["needs"]) == (False, True, [])
