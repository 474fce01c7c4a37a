"""The pack registry's pages: every pack, each version's provenance, its canonical file,
and a diff with what it does to saved lists."""

from __future__ import annotations

import base64
import hashlib
import json
import re
from html import unescape
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from builder.lists.services import saved_list_create
from content.models import ContentPack, Figure
from content.services.packs import pack_dump
from content.services.records import record_save
from rules_engine.catalogue import canonical_json, normalise_pack, pack_checksum
from tests.builder.web.conftest import example
from tests.conftest import pack_paths, read_pack

pytestmark = pytest.mark.django_db

SHIPPED = {
    "black-skies-core": (
        "1.0.0",
        "9c1874364536d3b77b19df0c2a573d3d2683285b8224b871f043dca996e732d6",
    ),
    "crimson-dust-core": (
        "1.0.0",
        "ac49b1c9b28951b8df74e6d72093ce770ce4a4673ddac5d2a958dec8d03222f3",
    ),
    "cs-aces-core": ("1.0.0", "22af06561fa6ed6ad03dcb989d1f057e29e724d9806bc4d89ade2f6edb40294a"),
    "cs-air-action-core": (
        "1.0.0",
        "5bfe244b2c5be8ba9f53287216c77936ba8f2900c392bd0ce6635edf8c104fea",
    ),
    "cs-hex-core": ("1.2.0", "fb175f4826d07cdc7fec8524d2ed1b6e25ad842ea69b5b5a4c309d32de177c55"),
}
"""The repository's packs as the fixtures load them: version and SHA-256 of the file."""

DEARER = "2.0.0"
"""cs-aces-core once the Vigilante costs more: a price change is a major version."""


def make_user(username: str, *, staff: bool = False) -> Any:
    return get_user_model().objects.create_user(
        username, f"{username}@example.org", "a-long-passphrase", is_staff=staff
    )


def signed_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def text(html: str) -> str:
    """The page's words, tags dropped and spaces squeezed."""
    return unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip())


def publish_dearer_vigilante(actor: str = "curator") -> None:
    """cs-aces-core 2.0.0, published from an admin edit: the Vigilante costs 13 (was 11)."""
    vigilante = Figure.objects.get(system__slug="cs-aces", stable_id="vigilante")
    assert vigilante.data["point_value"] == 11
    vigilante.data = {**vigilante.data, "point_value": 13}
    record_save(record=vigilante)
    doc = pack_dump(pack=ContentPack.objects.get(pack_id="cs-aces-core"), actor=actor)
    assert doc["version"] == DEARER


def test_the_shipped_checksums_are_the_files_own(packs: Any) -> None:
    assert {
        d["id"]: (d["version"], pack_checksum(d)) for d in map(read_pack, pack_paths())
    } == SHIPPED


def test_the_index_lists_every_pack_with_its_versions(client: Client, packs: Any) -> None:
    publish_dearer_vigilante()
    page = client.get("/packs/").content.decode()
    rows = re.findall(
        r'<a href="/packs/([a-z-]+)/">[^<]+</a>.*?<td>([0-9.]+)<br>'
        r'<small class="muted">(\d+) versions?</small></td>',
        page,
        re.S,
    )
    assert rows == [
        ("black-skies-core", "1.0.0", "1"),
        ("crimson-dust-core", "1.0.0", "1"),
        ("cs-aces-core", "2.0.0", "2"),
        ("cs-air-action-core", "1.0.0", "1"),
        ("cs-hex-core", "1.2.0", "1"),
    ]
    assert "newest" not in page  # every pack's newest version is its published one
    assert "Crimson Skies: Aces" in text(page)


def test_a_pack_page_gives_each_versions_provenance(client: Client, packs: Any) -> None:
    publish_dearer_vigilante(actor="curator")
    page = client.get("/packs/cs-aces-core/").content.decode()
    words = text(page)
    newer = words[words.index("2.0.0 Published") : words.index("What changed since 1.0.0")]
    assert "Who curator" in newer
    assert "How Published from the catalogue's edits" in newer
    assert (
        "Sources 26 records from Crimson Skies: Aces Complete Rules "
        "2 records from Crimson Skies: Air Action Complete Rules"
    ) in newer
    assert "Licence unknown" in newer
    stored = ContentPack.objects.get(pack_id="cs-aces-core").versions.get(version="2.0.0")
    assert f"SHA-256 {stored.checksum}" in newer
    older = words[words.index("What changed since 1.0.0") :]
    assert "How Loaded from a file" in older
    assert f"SHA-256 {SHIPPED['cs-aces-core'][1]}" in older
    assert 'href="/packs/cs-aces-core/1.0.0.json"' in page
    assert 'href="/packs/cs-aces-core/diff/1.0.0/2.0.0/"' in page


def test_the_pack_page_compares_any_two_versions(client: Client, packs: Any) -> None:
    publish_dearer_vigilante()
    response = client.get("/packs/cs-aces-core/", {"from": "2.0.0", "to": "1.0.0"})
    assert response.status_code == 302
    assert response["Location"] == "/packs/cs-aces-core/diff/2.0.0/1.0.0/"
    unknown = client.get("/packs/cs-aces-core/", {"from": "a/b", "to": "1.0.0"})
    assert unknown.status_code == 200  # not a version of the pack: the page itself


@pytest.mark.parametrize("pack_id", sorted(SHIPPED))
def test_the_download_is_the_canonical_file_with_its_checksum(
    client: Client, packs: Any, pack_id: str
) -> None:
    version, checksum = SHIPPED[pack_id]
    response = client.get(f"/packs/{pack_id}/{version}.json")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json; charset=utf-8"
    assert response["Content-Disposition"] == f'attachment; filename="{pack_id}-{version}.json"'
    assert hashlib.sha256(response.content).hexdigest() == checksum
    stored = ContentPack.objects.get(pack_id=pack_id).versions.get(version=version)
    assert stored.checksum == checksum
    assert response["ETag"] == f'"{checksum}"'
    assert response["Digest"] == "sha-256=" + base64.b64encode(bytes.fromhex(checksum)).decode()
    shipped = next(d for d in map(read_pack, pack_paths()) if d["id"] == pack_id)
    assert response.content.decode() == canonical_json(normalise_pack(shipped))
    again = client.get(f"/packs/{pack_id}/{version}.json", HTTP_IF_NONE_MATCH=f'"{checksum}"')
    assert again.status_code == 304


def test_a_published_version_downloads_with_the_recorded_checksum(
    client: Client, packs: Any
) -> None:
    publish_dearer_vigilante()
    stored = ContentPack.objects.get(pack_id="cs-aces-core").versions.get(version="2.0.0")
    body = client.get("/packs/cs-aces-core/2.0.0.json").content
    assert hashlib.sha256(body).hexdigest() == stored.checksum
    vigilante = next(r for r in json.loads(body)["records"] if r["id"] == "vigilante")
    assert vigilante["data"]["point_value"] == 13


@pytest.mark.parametrize(
    "path",
    [
        "/packs/no-such-pack/",
        "/packs/cs-aces-core/9.9.9.json",
        "/packs/no-such-pack/1.0.0.json",
        "/packs/cs-aces-core/diff/1.0.0/9.9.9/",
    ],
)
def test_unknown_packs_and_versions_are_not_found(client: Client, packs: Any, path: str) -> None:
    assert client.get(path).status_code == 404


def test_the_diff_calls_out_the_price_and_my_list_it_changes(packs: Any) -> None:
    ada = make_user("ada")
    saved = saved_list_create(owner=ada, document=example("cs-aces/kims-team.json"))
    assert (saved.points, saved.legal) == (100, True)
    publish_dearer_vigilante()

    page = signed_in(ada).get("/packs/cs-aces-core/diff/1.0.0/2.0.0/").content.decode()
    words = text(page)
    assert "1 record changed (1 price)." in words
    assert "This is a major change" in words
    prices = words[words.index("Prices that change") : words.index("Your saved lists")].strip()
    assert prices == "Prices that change Vigilante (figure) Point value: 11 → 13 price"
    mine = words[words.index("Your saved lists on 1.0.0") :]
    assert "1 list is pinned to 1.0.0. On 2.0.0, 1 of 1 would change points or verdict." in mine
    assert (
        "Kim's team 100 / 100 102 / 100 Legal Not legal Vigilante (changed, price) at entry 2"
    ) in mine
    assert f'href="/lists/{saved.uuid}/"' in page


def test_the_diff_shows_a_player_only_their_lists_and_staff_every_list(packs: Any) -> None:
    ada, bram, keeper = make_user("ada"), make_user("bram"), make_user("keeper", staff=True)
    saved_list_create(owner=ada, document=example("cs-aces/kims-team.json"))
    saved_list_create(owner=bram, document=example("cs-aces/genghis-gang.json"))
    publish_dearer_vigilante()
    path = "/packs/cs-aces-core/diff/1.0.0/2.0.0/"

    brams = text(signed_in(bram).get(path).content.decode())
    assert "Kim's team" not in brams
    assert "1 list is pinned to 1.0.0. On 2.0.0, 0 of 1 would change points or verdict." in brams

    staff = text(signed_in(keeper).get(path).content.decode())
    assert "Saved lists on 1.0.0" in staff
    assert "2 lists are pinned to 1.0.0. On 2.0.0, 1 of 2 would change points or verdict." in staff
    assert "Kim's team ada 100 / 100 102 / 100 Legal Not legal" in staff

    visitor = text(Client().get(path).content.decode())
    assert "Log in to see what this change does to your saved lists." in visitor


def test_pages_cost_the_same_queries_however_many_versions_and_lists(packs: Any) -> None:
    keeper = make_user("keeper", staff=True)
    client = signed_in(keeper)
    kims_team = example("cs-aces/kims-team.json")
    saved_list_create(owner=keeper, document=kims_team)
    publish_dearer_vigilante()

    def queries(path: str) -> int:
        client.get(path)  # documents read once are kept: count the steady state
        with CaptureQueriesContext(connection) as ctx:
            assert client.get(path).status_code == 200
        return len(ctx)

    paths = ["/packs/", "/packs/cs-aces-core/", "/packs/cs-aces-core/diff/1.0.0/2.0.0/"]
    few = [queries(p) for p in paths]
    for n in range(4):
        # Kim's team names 1.0.0, so each new copy is pinned to it.
        saved_list_create(owner=keeper, document={**kims_team, "name": f"Kim's team {n}"})
        vigilante = Figure.objects.get(system__slug="cs-aces", stable_id="vigilante")
        vigilante.name = f"Vigilante {n}"
        record_save(record=vigilante)
        pack_dump(pack=ContentPack.objects.get(pack_id="cs-aces-core"))
    words = text(client.get(paths[2]).content.decode())
    assert "5 lists are pinned to 1.0.0. On 2.0.0, 5 of 5 would change points or verdict." in words
    assert text(client.get(paths[1]).content.decode()).count("SHA-256") == 6
    many = [queries(p) for p in paths]
    assert many == few


def test_the_index_costs_the_same_queries_however_many_packs(client: Client, packs: Any) -> None:
    from tests.builder.api.test_pack_registry_api import add_bare_packs

    def queries() -> int:
        with CaptureQueriesContext(connection) as ctx:
            assert client.get("/packs/").status_code == 200
        return len(ctx)

    five = queries()
    add_bare_packs(20)
    assert client.get("/packs/").content.decode().count('<th scope="row">') == 25
    assert queries() == five


def test_breadcrumbs_end_at_the_page_they_are_on(client: Client, packs: Any) -> None:
    page = client.get("/packs/cs-aces-core/").content.decode()
    assert '› <span aria-current="page">Crimson Skies: Aces complete rules</span>' in page
