"""A list's uuid names one list across every player: the database refuses a second one, an
import that carries another player's uuid gets a fresh one, and ``printsheet`` says whose
list it prints (or, with ``--user``, prints only that player's)."""

from __future__ import annotations

import io
import uuid
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from django.core.management import CommandError, call_command
from django.db import IntegrityError, connection, transaction
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone
from rest_framework.test import APIClient

from builder.lists.models import SavedList
from builder.lists.services import saved_list_create, saved_list_trash
from content.models import GameSystem

pytestmark = pytest.mark.django_db


def client_for(user: Any) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def backup_of(*lists: SavedList) -> dict[str, Any]:
    return {
        "format": "muster-lists/1",
        "lists": [
            {
                "uuid": str(s.uuid),
                "visibility": s.visibility,
                "notes": s.notes,
                "document": s.document,
            }
            for s in lists
        ],
    }


def test_the_database_refuses_a_second_list_with_the_same_uuid(
    packs: Any, user: Any, other_user: Any, kims_team: Any
) -> None:
    ada = saved_list_create(owner=user, document=kims_team)
    copy = SavedList(
        owner=other_user, system=ada.system, kind=ada.kind, name="Bob's", document=ada.document
    )
    copy.uuid = ada.uuid
    with pytest.raises(IntegrityError), transaction.atomic():
        copy.save()
    assert list(SavedList.objects.values_list("owner__username", flat=True)) == ["ada"]


def test_another_players_uuid_in_a_backup_gets_a_fresh_one(
    packs: Any, user: Any, other_user: Any, kims_team: Any
) -> None:
    ada = saved_list_create(owner=user, document=kims_team, notes="ada's notes")
    before = (ada.name, ada.notes, ada.document, ada.share_token)
    r = client_for(other_user).post("/api/v1/lists/import/", backup_of(ada), format="json")
    assert r.status_code == 201, r.content
    [created] = r.json()["created"]
    assert created["name"] == "Kim's team"
    assert created["uuid"] != str(ada.uuid)
    bobs = SavedList.objects.get(owner=other_user)
    assert str(bobs.uuid) == created["uuid"]
    assert list(SavedList.objects.filter(uuid=ada.uuid).values_list("owner_id", flat=True)) == [
        user.pk
    ]
    ada.refresh_from_db()
    assert (ada.name, ada.notes, ada.document, ada.share_token) == before


def test_the_same_backup_again_into_the_other_account_creates_nothing(
    packs: Any, user: Any, other_user: Any, kims_team: Any, dust_devils: Any
) -> None:
    lists = [
        saved_list_create(owner=user, document=kims_team),
        saved_list_create(owner=user, document=dust_devils),
    ]
    backup = backup_of(*lists)
    bob = client_for(other_user)
    assert len(bob.post("/api/v1/lists/import/", backup, format="json").json()["created"]) == 2
    again = bob.post("/api/v1/lists/import/", backup, format="json").json()
    assert again["created"] == []
    assert sorted(again["skipped"]) == sorted(str(s.uuid) for s in lists)
    assert SavedList.objects.filter(owner=other_user).count() == 2


def test_two_identical_lists_of_a_backup_both_arrive_in_another_account(
    packs: Any, user: Any, other_user: Any, kims_team: Any
) -> None:
    first = saved_list_create(owner=user, document=kims_team, notes="first")
    second = saved_list_create(owner=user, document=kims_team, notes="second")
    r = client_for(other_user).post(
        "/api/v1/lists/import/", backup_of(first, second), format="json"
    )
    assert [c["notes"] for c in r.json()["created"]] == ["first", "second"]
    assert SavedList.objects.filter(uuid__in=[first.uuid, second.uuid]).count() == 2
    assert SavedList.objects.count() == 4


def test_a_players_own_uuid_is_still_skipped_even_from_the_trash(
    packs: Any, user: Any, kims_team: Any
) -> None:
    ada = saved_list_create(owner=user, document=kims_team)
    saved_list_trash(saved_list=ada)
    r = client_for(user).post("/api/v1/lists/import/", backup_of(ada), format="json")
    assert (r.status_code, r.json()["created"], r.json()["skipped"]) == (
        201,
        [],
        [str(ada.uuid)],
    )
    assert SavedList.objects.count() == 1


# --- printsheet --saved-list ---------------------------------------------------------------


def printsheet(*args: str, out: Path) -> str:
    stdout = io.StringIO()
    call_command("printsheet", "roster", *args, "--out", str(out), stdout=stdout)
    return stdout.getvalue()


def test_printsheet_says_whose_list_it_prints(
    packs: Any, user: Any, kims_team: Any, tmp_path: Path
) -> None:
    ada = saved_list_create(owner=user, document=kims_team)
    out = tmp_path / "roster.pdf"
    said = printsheet("--saved-list", str(ada.uuid), out=out)
    assert said.splitlines()[0] == f"Kim's team: ada's list {ada.uuid}"
    assert out.read_bytes().startswith(b"%PDF")


def test_printsheet_with_user_prints_that_players_list(
    packs: Any, user: Any, kims_team: Any, tmp_path: Path
) -> None:
    ada = saved_list_create(owner=user, document=kims_team)
    said = printsheet("--saved-list", str(ada.uuid), "--user", "ada", out=tmp_path / "a.pdf")
    assert said.splitlines()[0] == f"Kim's team: ada's list {ada.uuid}"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--user", "bob"], "bob has no saved list {uuid}."),
        (["--user", "nobody"], "No user 'nobody'."),
        ([], None),
    ],
)
def test_printsheet_never_prints_another_players_list_by_mistake(
    packs: Any,
    user: Any,
    other_user: Any,
    kims_team: Any,
    tmp_path: Path,
    args: list[str],
    message: str | None,
) -> None:
    ada = saved_list_create(owner=user, document=kims_team)
    out = tmp_path / "roster.pdf"
    if message is None:  # bob's own list, named by its uuid, prints as bob's
        bobs = saved_list_create(owner=other_user, document={**kims_team, "name": "Bob's"})
        assert printsheet("--saved-list", str(bobs.uuid), out=out).startswith(
            f"Bob's: bob's list {bobs.uuid}\n"
        )
        return
    with pytest.raises(CommandError, match=message.format(uuid=ada.uuid)):
        printsheet("--saved-list", str(ada.uuid), *args, out=out)
    assert not out.exists()


@pytest.mark.parametrize("list_uuid", ["trashed", str(uuid.UUID(int=7)), "not-a-uuid"])
def test_printsheet_of_a_trashed_or_unknown_list_prints_nothing(
    packs: Any, user: Any, kims_team: Any, tmp_path: Path, list_uuid: str
) -> None:
    trashed = saved_list_trash(saved_list=saved_list_create(owner=user, document=kims_team))
    wanted = str(trashed.uuid) if list_uuid == "trashed" else list_uuid
    out = tmp_path / "roster.pdf"
    with pytest.raises(CommandError, match=f"^No saved list {wanted}.$"):
        printsheet("--saved-list", wanted, out=out)
    with pytest.raises(CommandError, match=f"^ada has no saved list {wanted}.$"):
        printsheet("--saved-list", wanted, "--user", "ada", out=out)
    assert not out.exists()


def test_printsheet_user_needs_a_saved_list(tmp_path: Path) -> None:
    with pytest.raises(CommandError, match="--user names the owner of a --saved-list"):
        printsheet("--user", "ada", out=tmp_path / "roster.pdf")


# --- the migration that makes uuids unique -------------------------------------------------

BEFORE = [("lists", "0001_saved_lists")]
AFTER = [("lists", "0003_list_uuids_unique_for_everyone")]


@pytest.mark.django_db(transaction=True)
def test_the_migration_gives_later_copies_of_a_uuid_fresh_ones(django_user_model: Any) -> None:
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    try:
        old_apps = executor.loader.project_state(BEFORE).apps
        OldSavedList = old_apps.get_model("lists", "SavedList")
        system = GameSystem.objects.create(slug="cs-aces", name="Aces")
        shared, alone = uuid.uuid4(), uuid.uuid4()
        now = timezone.now()
        # ada made hers first, then bob, then carol; carol's row has the lowest id.
        made = {"ada": 0, "bob": 1, "carol": 2, "dan": 3}
        holders = [("carol", shared), ("ada", shared), ("bob", shared), ("dan", alone)]
        rows = {}
        for name, list_uuid in holders:
            owner = django_user_model.objects.create_user(name, password="pw-for-tests-only")
            rows[name] = OldSavedList.objects.create(
                uuid=list_uuid,
                owner_id=owner.pk,
                system_id=system.pk,
                kind="team",
                name=f"{name}'s team",
                document={},
            ).pk
            OldSavedList.objects.filter(pk=rows[name]).update(
                created_at=now + timedelta(minutes=made[name]), updated_at=now
            )

        executor = MigrationExecutor(connection)
        executor.migrate(AFTER)

        after = dict(SavedList.objects.values_list("owner__username", "uuid"))
        assert after["ada"] == shared
        assert after["dan"] == alone
        assert len({after["ada"], after["bob"], after["carol"], after["dan"]}) == 4
        assert all(isinstance(after[n], uuid.UUID) for n in after)
        assert set(SavedList.objects.values_list("updated_at", flat=True)) == {now}
        with pytest.raises(IntegrityError), transaction.atomic():
            SavedList.objects.filter(pk=rows["bob"]).update(uuid=shared)
    finally:
        executor = MigrationExecutor(connection)
        executor.migrate(executor.loader.graph.leaf_nodes())
