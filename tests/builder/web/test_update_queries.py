"""Every live update of the builder (a value changed, an entry added, an entry removed)
makes as many queries for a long list as for a short one, in every game and list kind,
for a visitor and for a signed-in player whose drafts the server keeps."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from builder.lists.services import saved_list_create
from tests.builder.web.conftest import example, form_data

pytestmark = pytest.mark.django_db

KINDS = {
    "cs-air-action/bloodhawks-200.json": "charlie-steele-fury",
    "cs-aces/kims-team.json": "charlie",
    "crimson-dust/dust-devils-500.json": "bestia",
    "black-skies/black-tiger.fighter.json": "laser-cannon",
    "black-skies/tiger-squadron.squadron.json": "black-tiger",
    "cs-hex/light-fighter-legal.json": "gun",
}
"""An example list of each kind, and what its "add" picker adds."""

MOST = {"visitor": 3, "player": 12}
"""The most queries one update may make: the catalogue, the packs, and for a player the
session, the user, their saved designs, collection and draft."""


def longer(doc: dict[str, Any], times: int) -> dict[str, Any]:
    """The list with its entries (a fighter design's weapons) written out ``times`` over."""
    big = copy.deepcopy(doc)
    if big.get("points_limit") is not None:
        big["points_limit"] = 100_000
    if doc["kind"] == "fighter":
        big["entries"][0]["weapons"] = [dict(w) for w in doc["entries"][0]["weapons"] * times]
    else:
        big["entries"] = [copy.deepcopy(e) for e in doc["entries"] * times]
    return big


def update(doc: dict[str, Any], action: str, add: str) -> tuple[dict[str, Any], str]:
    """(form, HX-Trigger) htmx posts for ``action``: a fighter design adds a weapon in its
    last (empty) row and takes one off by picking "—"; other kinds press Add or Remove."""
    data = form_data(doc)
    if doc["kind"] == "fighter":
        rows = len(doc["entries"][0]["weapons"])
        data[f"e0-weapons-{rows}-weapon"] = ""
        data["e0-weapons-rows"] = str(rows + 1)
        if action == "change":
            return data | {"e0-shields": "1"}, "builder-form"
        row = rows if action == "add" else rows - 1
        data[f"e0-weapons-{row}-weapon"] = add if action == "add" else ""
        return data, f"e0-weapons-{row}-weapon"
    if action == "change":
        return data | {"name": "Changed"}, "builder-form"
    if action == "add":
        return data | {"action": "add", "add": add}, "builder-form"
    return data | {"action": f"remove:{len(doc['entries']) - 1}"}, "builder-form"


def queries(client: Client, doc: dict[str, Any], action: str, add: str) -> int:
    data, trigger = update(doc, action, add)
    url = f"/build/{doc['system']}/{doc['kind']}/"
    with CaptureQueriesContext(connection) as captured:
        response = client.post(url, data, HTTP_HX_REQUEST="true", HTTP_HX_TRIGGER=trigger)
    assert response.status_code == 200
    return len(captured)


@pytest.mark.parametrize("who", ["visitor", "player"])
@pytest.mark.parametrize("action", ["change", "add", "remove"])
@pytest.mark.parametrize("path", list(KINDS))
def test_an_update_makes_the_same_queries_for_a_long_list(
    client: Client, packs: Any, path: str, action: str, who: str
) -> None:
    if who == "player":
        player = get_user_model().objects.create_user("ada", password="a-long-pass-phrase")
        fighter = example("black-skies/black-tiger.fighter.json") | {"name": "Saved Tiger"}
        saved_list_create(owner=player, document=fighter)
        client.force_login(player)
    doc = example(path)
    queries(client, doc, action, KINDS[path])  # the first post starts the player's draft
    short = queries(client, doc, action, KINDS[path])
    long = queries(client, longer(doc, 10), action, KINDS[path])
    assert (short, long) == (short, short)
    assert short <= MOST[who]
