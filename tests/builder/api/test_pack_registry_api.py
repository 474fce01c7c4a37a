"""The pack registry's API: packs, versions with provenance, canonical files, and the diff
of two versions with its blast radius on saved lists."""

from __future__ import annotations

import base64
import hashlib
from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from builder.lists.services import saved_list_create
from content.models import ContentPack, Figure
from content.services.packs import pack_dump
from content.services.records import record_save
from tests.builder.api_fixtures import example_list, make_user, token_client

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
DEARER = "2.0.0"
"""cs-aces-core once the Vigilante costs more: a price change is a major version."""
BASE = "http://127.0.0.1/api/v1/packs/"


def publish_dearer_vigilante(actor: str = "curator") -> None:
    """cs-aces-core 2.0.0, published from an admin edit: the Vigilante costs 13 (was 11)."""
    vigilante = Figure.objects.get(system__slug="cs-aces", stable_id="vigilante")
    assert vigilante.data["point_value"] == 11
    vigilante.data = {**vigilante.data, "point_value": 13}
    record_save(record=vigilante)
    doc = pack_dump(pack=ContentPack.objects.get(pack_id="cs-aces-core"), actor=actor)
    assert doc["version"] == DEARER


def staff_client() -> APIClient:
    keeper = make_user("keeper")
    keeper.is_staff = True
    keeper.save(update_fields=["is_staff"])
    return token_client(keeper)


def test_every_pack_with_its_published_and_newest_version(anon: APIClient, packs: Any) -> None:
    publish_dearer_vigilante()
    body = anon.get("/api/v1/packs/").json()
    assert body["count"] == 5
    expected = [(pack, v, v, 1, checksum) for pack, (v, checksum) in SHIPPED.items()]
    published = ContentPack.objects.get(pack_id="cs-aces-core").checksum
    expected[2] = ("cs-aces-core", DEARER, DEARER, 2, published)
    assert [
        (p["id"], p["version"], p["latest"], p["versions_count"], p["checksum"])
        for p in body["results"]
    ] == expected
    one = anon.get("/api/v1/packs/cs-aces-core/").json()
    assert (one["latest"], one["versions_count"]) == (DEARER, 2)
    assert one["versions_url"] == f"{BASE}cs-aces-core/versions/"


def test_a_versions_provenance(anon: APIClient, packs: Any) -> None:
    publish_dearer_vigilante(actor="curator")
    old = anon.get("/api/v1/packs/cs-aces-core/versions/1.0.0/").json()
    assert old == {
        "pack": "cs-aces-core",
        "version": "1.0.0",
        "system": "cs-aces",
        "checksum": SHIPPED["cs-aces-core"][1],
        "loaded_at": old["loaded_at"],
        "current": False,
        "action": "loaded",
        "actor": "",
        "licence": "unknown",
        "contributors": [],
        "records": 28,
        "sources": [
            {
                "seed": "000_e4e1c8a4d28ca1dd.txt",
                "title": "Crimson Skies: Aces Complete Rules",
                "records": 26,
            },
            {
                "seed": "001_b3fd56ffbc849938.txt",
                "title": "Crimson Skies: Air Action Complete Rules",
                "records": 2,
            },
        ],
        "url": f"{BASE}cs-aces-core/versions/1.0.0/",
        "records_url": f"{BASE}cs-aces-core/versions/1.0.0/records/",
        "file_url": f"{BASE}cs-aces-core/versions/1.0.0/file/",
        "signature": None,
        "signed_by": None,
        "signature_url": None,
    }
    versions = anon.get("/api/v1/packs/cs-aces-core/versions/").json()["results"]
    assert [(v["version"], v["action"], v["actor"], v["current"]) for v in versions] == [
        (DEARER, "published", "curator", True),
        ("1.0.0", "loaded", "", False),
    ]
    assert versions[1] == old


def test_a_stated_licence_is_given(anon: APIClient, packs: Any, pack_docs: Any) -> None:
    from content.services.packs import pack_load

    _, doc = next((n, d) for n, d in pack_docs if d["id"] == "black-skies-core")
    doc = {**doc, "version": "1.0.1", "licence": "CC-BY-4.0"}
    pack_load(documents=[("black-skies-core-1.0.1.json", doc)])
    body = anon.get("/api/v1/packs/black-skies-core/versions/1.0.1/").json()
    assert body["licence"] == "CC-BY-4.0"
    diff = anon.get("/api/v1/packs/black-skies-core/diff/", {"from": "1.0.0", "to": "1.0.1"})
    assert diff.json()["pack_fields"] == [
        {"path": "$.licence", "is_price": False, "new": "CC-BY-4.0"}
    ]


@pytest.mark.parametrize("pack_id", sorted(SHIPPED))
def test_the_file_is_the_canonical_bytes_of_the_recorded_checksum(
    anon: APIClient, packs: Any, pack_id: str
) -> None:
    version, checksum = SHIPPED[pack_id]
    response = anon.get(f"/api/v1/packs/{pack_id}/versions/{version}/file/")
    assert response.status_code == 200
    assert hashlib.sha256(response.content).hexdigest() == checksum
    assert anon.get(f"/api/v1/packs/{pack_id}/versions/{version}/").json()["checksum"] == checksum
    assert response["ETag"] == f'"{checksum}"'
    digest = base64.b64encode(bytes.fromhex(checksum)).decode()
    assert response["Digest"] == f"sha-256={digest}"
    assert response["Content-Digest"] == f"sha-256=:{digest}:"
    assert response["Content-Disposition"] == f'attachment; filename="{pack_id}-{version}.json"'
    assert response.json()["id"] == pack_id


@pytest.mark.parametrize(
    ("path", "params", "message", "where"),
    [
        ("/api/v1/packs/no-such/", {}, "No pack 'no-such' is in the registry.", "pack"),
        (
            "/api/v1/packs/no-such/versions/1.0.0/",
            {},
            "No pack 'no-such' is in the registry.",
            "pack",
        ),
        (
            "/api/v1/packs/cs-aces-core/versions/9.9.9/",
            {},
            "Pack cs-aces-core has no version '9.9.9'.",
            "version",
        ),
        (
            "/api/v1/packs/cs-aces-core/versions/9.9.9/file/",
            {},
            "Pack cs-aces-core has no version '9.9.9'.",
            "version",
        ),
        (
            "/api/v1/packs/cs-aces-core/diff/",
            {"from": "9.9.9", "to": "1.0.0"},
            "Pack cs-aces-core has no version '9.9.9'.",
            "from",
        ),
        (
            "/api/v1/packs/cs-aces-core/diff/",
            {"from": "1.0.0", "to": "9.9.9"},
            "Pack cs-aces-core has no version '9.9.9'.",
            "to",
        ),
        (
            "/api/v1/packs/no-such/diff/",
            {"from": "1.0.0", "to": "1.0.0"},
            "No pack 'no-such' is in the registry.",
            "pack",
        ),
    ],
)
def test_unknown_packs_and_versions_are_named(
    anon: APIClient, packs: Any, path: str, params: dict[str, str], message: str, where: str
) -> None:
    response = anon.get(path, params)
    assert response.status_code == 404
    assert response.json() == {
        "code": "not_found",
        "message": message,
        "details": [{"path": where, "field": where, "message": message}],
    }


def test_a_diff_needs_both_versions(anon: APIClient, packs: Any) -> None:
    response = anon.get("/api/v1/packs/cs-aces-core/diff/", {"from": "1.0.0"})
    assert response.status_code == 400
    assert response.json()["code"] == "invalid"
    assert response.json()["details"] == [{"path": "to", "field": "to", "message": "required"}]


def test_the_diff_and_my_list_whose_price_changes(api: APIClient, user: Any, packs: Any) -> None:
    saved = saved_list_create(owner=user, document=example_list("cs-aces/kims-team.json"))
    assert (saved.points, saved.legal) == (100, True)
    publish_dearer_vigilante()
    body = api.get("/api/v1/packs/cs-aces-core/diff/", {"from": "1.0.0", "to": DEARER}).json()
    assert body == {
        "pack": "cs-aces-core",
        "from": "1.0.0",
        "to": DEARER,
        "bump": "major",
        "summary": "1 record changed (1 price)",
        "count": 1,
        "added": [],
        "changed": [
            {
                "kind": "changed",
                "type": "figure",
                "id": "vigilante",
                "name": "Vigilante",
                "fields": [{"path": "$.data.point_value", "is_price": True, "old": 11, "new": 13}],
            }
        ],
        "removed": [],
        "pack_fields": [],
        "lists": {
            "pinned": 1,
            "everyone": False,
            "shown": 1,
            "changed": 1,
            "results": [
                {
                    "uuid": str(saved.uuid),
                    "name": "Kim's team",
                    "owner": "ada",
                    "before": {"legal": True, "points": 100, "limit": 100, "problems": 0},
                    "after": {"legal": False, "points": 102, "limit": 100, "problems": 1},
                    "changes_points": True,
                    "changes_verdict": True,
                    "uses": [
                        {
                            "kind": "changed",
                            "type": "figure",
                            "id": "vigilante",
                            "name": "Vigilante",
                            "prices": True,
                            "used_by": ["$.entries[1].figure"],
                        }
                    ],
                    "error": "",
                }
            ],
        },
    }
    # The diff wrote nothing: the list keeps its version and verdict.
    saved.refresh_from_db()
    assert (saved.points, saved.legal) == (100, True)
    assert saved.document["content"][0] == {"pack": "cs-aces-core", "version": "1.0.0"}


def test_others_see_none_of_my_lists_and_staff_see_all(
    api: APIClient, other_api: APIClient, anon: APIClient, user: Any, other_user: Any, packs: Any
) -> None:
    saved_list_create(owner=user, document=example_list("cs-aces/kims-team.json"))
    gang = saved_list_create(owner=other_user, document=example_list("cs-aces/genghis-gang.json"))
    publish_dearer_vigilante()
    params = {"from": "1.0.0", "to": DEARER}
    path = "/api/v1/packs/cs-aces-core/diff/"

    brams = other_api.get(path, params).json()["lists"]
    assert [(r["name"], r["owner"]) for r in brams["results"]] == [("Genghis and his gang", "bram")]
    assert (brams["pinned"], brams["changed"], brams["everyone"]) == (1, 0, False)
    (result,) = brams["results"]
    assert (result["before"]["points"], result["after"]["points"]) == (gang.points, gang.points)
    assert result["uses"] == []

    everyone = staff_client().get(path, params).json()["lists"]
    assert (everyone["pinned"], everyone["shown"], everyone["changed"], everyone["everyone"]) == (
        2,
        2,
        1,
        True,
    )
    assert [(r["name"], r["owner"], r["changes_points"]) for r in everyone["results"]] == [
        ("Genghis and his gang", "bram", False),
        ("Kim's team", "ada", True),
    ]
    nobody = anon.get(path, params).json()["lists"]
    assert nobody == {"pinned": 0, "everyone": False, "shown": 0, "changed": 0, "results": []}


def test_queries_stay_the_same_however_many_packs_versions_and_lists(packs: Any, user: Any) -> None:
    client = staff_client()
    kims_team = example_list("cs-aces/kims-team.json")
    saved_list_create(owner=user, document=kims_team)
    publish_dearer_vigilante()
    paths = [
        ("/api/v1/packs/", {}),
        ("/api/v1/packs/cs-aces-core/versions/", {}),
        ("/api/v1/packs/cs-aces-core/diff/", {"from": "1.0.0", "to": DEARER}),
    ]

    def queries(path: str, params: dict[str, str]) -> int:
        client.get(path, params)  # documents read once are kept: count the steady state
        with CaptureQueriesContext(connection) as ctx:
            assert client.get(path, params).status_code == 200
        return len(ctx)

    few = [queries(*p) for p in paths]
    for n in range(4):
        saved_list_create(owner=user, document={**kims_team, "name": f"Kim's team {n}"})
        vigilante = Figure.objects.get(system__slug="cs-aces", stable_id="vigilante")
        vigilante.name = f"Vigilante {n}"
        record_save(record=vigilante)
        pack_dump(pack=ContentPack.objects.get(pack_id="cs-aces-core"))
    lists = client.get(*paths[2]).json()["lists"]
    assert (lists["pinned"], lists["changed"]) == (5, 5)
    assert client.get(*paths[1]).json()["count"] == 6
    many = [queries(*p) for p in paths]
    assert many == few


def add_bare_packs(n: int) -> None:
    """``n`` more packs of one version each, written straight to the tables (the loader
    would refuse copies of a shipped pack: their stable ids are taken)."""
    from content.models import ContentPackVersion, GameSystem

    system = GameSystem.objects.get(slug="black-skies")
    for i in range(n):
        doc = {"id": f"extra-{i}", "version": "1.0.0", "system": "black-skies", "records": []}
        pack = ContentPack.objects.create(
            pack_id=f"extra-{i}", system=system, name=f"Extra {i}", version="1.0.0", checksum=""
        )
        ContentPackVersion.objects.create(pack=pack, version="1.0.0", checksum="", document=doc)


def test_the_pack_list_costs_the_same_queries_however_many_packs(
    anon: APIClient, packs: Any
) -> None:
    def queries() -> int:
        with CaptureQueriesContext(connection) as ctx:
            assert anon.get("/api/v1/packs/").status_code == 200
        return len(ctx)

    five = queries()
    add_bare_packs(20)
    assert anon.get("/api/v1/packs/").json()["count"] == 25
    assert queries() == five == 3
