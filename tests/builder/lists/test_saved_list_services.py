"""Saving, changing, copying and trashing lists: the stored verdict follows the document."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.http import Http404
from django.utils import timezone

from builder.core.errors import ApplicationError
from builder.lists.models import SavedList
from builder.lists.selectors import (
    saved_list_get_for_owner,
    saved_list_get_shared,
    saved_lists_for_owner,
)
from builder.lists.services import (
    saved_list_create,
    saved_list_duplicate,
    saved_list_purge_expired,
    saved_list_rename,
    saved_list_restore,
    saved_list_trash,
    saved_list_update,
)

pytestmark = pytest.mark.django_db


def test_create_stores_document_pins_and_verdict(packs: Any, user: Any, kims_team: Any) -> None:
    saved = saved_list_create(owner=user, document=kims_team, notes="club night")
    saved.refresh_from_db()
    assert (saved.name, saved.kind, saved.system.slug) == ("Kim's team", "team", "cs-aces")
    assert (saved.legal, saved.points, saved.points_limit, saved.violations) == (True, 100, 100, [])
    pins = sorted((v.pack.pack_id, v.version) for v in saved.pack_versions.all())
    assert pins == [("cs-aces-core", "1.0.0"), ("cs-air-action-core", "1.0.0")]
    assert saved.document["content"] == [
        {"pack": "cs-aces-core", "version": "1.0.0"},
        {"pack": "cs-air-action-core", "version": "1.0.0"},
    ]
    assert saved.visibility == "private"
    assert len(saved.share_token) >= 32


def test_changing_the_document_recomputes_the_verdict(
    packs: Any, user: Any, kims_team: Any
) -> None:
    saved = saved_list_create(owner=user, document=kims_team)
    kims_team["entries"].append({"figure": "ruffian"})
    saved_list_update(saved_list=saved, document=kims_team)
    saved.refresh_from_db()
    assert (saved.legal, saved.points, saved.points_limit) == (False, 106, 100)
    assert [(v["code"], v["path"]) for v in saved.violations] == [
        ("cs-aces.over-build-total", "$.points_limit")
    ]


def test_illegal_list_keeps_every_violation(packs: Any, user: Any, kims_team: Any) -> None:
    kims_team["entries"].append({"figure": "no-such-figure"})
    saved = saved_list_create(owner=user, document=kims_team)
    assert saved.legal is False
    assert [v["code"] for v in saved.violations] == ["cs-aces.unknown-figure"]
    assert saved.violations[0]["path"] == "$.entries[7].figure"


def test_bad_document_is_refused_with_its_path(packs: Any, user: Any, kims_team: Any) -> None:
    kims_team["entries"][0]["count"] = 0
    with pytest.raises(ApplicationError) as err:
        saved_list_create(owner=user, document=kims_team)
    assert err.value.code == "bad_document"
    assert [d["path"] for d in err.value.details] == ["$.entries[0].count"]
    assert SavedList.objects.count() == 0


def test_too_many_entries_names_the_limit(
    packs: Any, user: Any, kims_team: Any, settings: Any
) -> None:
    settings.MUSTER_LIST_MAX_ENTRIES = 5
    with pytest.raises(ApplicationError) as err:
        saved_list_create(owner=user, document=kims_team)
    assert err.value.code == "too_many_entries"
    assert err.value.message == "A list may hold at most 5 entries; this one has 7."
    assert err.value.details[0]["path"] == "$.entries"


def test_unknown_pack_version_is_refused(packs: Any, user: Any, kims_team: Any) -> None:
    kims_team["content"] = {"pack": "cs-aces-core", "version": "9.9.9"}
    with pytest.raises(ApplicationError) as err:
        saved_list_create(owner=user, document=kims_team)
    assert err.value.code == "bad_document"
    assert err.value.details == [
        {
            "path": "$.content",
            "field": "content",
            "message": "names pack versions that are not loaded here: cs-aces-core 9.9.9",
        }
    ]


def test_system_and_kind_cannot_change(
    packs: Any, user: Any, kims_team: Any, dust_devils: Any
) -> None:
    saved = saved_list_create(owner=user, document=kims_team)
    with pytest.raises(ApplicationError) as err:
        saved_list_update(saved_list=saved, document=dust_devils)
    assert err.value.code == "immutable_field"


def test_rename_changes_name_and_document(packs: Any, user: Any, kims_team: Any) -> None:
    saved = saved_list_create(owner=user, document=kims_team)
    saved_list_rename(saved_list=saved, name="Night raid")
    saved.refresh_from_db()
    assert (saved.name, saved.document["name"], saved.points) == ("Night raid", "Night raid", 100)


def test_duplicate_is_a_private_copy_with_the_same_pins(
    packs: Any, user: Any, kims_team: Any
) -> None:
    saved = saved_list_create(owner=user, document=kims_team, visibility="public")
    copy = saved_list_duplicate(saved_list=saved, owner=user)
    assert copy.pk != saved.pk
    assert copy.uuid != saved.uuid
    assert (copy.name, copy.visibility, copy.points) == ("Copy of Kim's team", "private", 100)
    assert set(copy.pack_versions.all()) == set(saved.pack_versions.all())
    assert copy.share_token != saved.share_token


def test_trash_restore_and_purge_after_30_days(packs: Any, user: Any, kims_team: Any) -> None:
    saved = saved_list_create(owner=user, document=kims_team)
    saved_list_trash(saved_list=saved)
    assert list(saved_lists_for_owner(user=user)) == []
    assert list(saved_lists_for_owner(user=user, trashed=True)) == [saved]
    saved_list_restore(saved_list=saved)
    assert list(saved_lists_for_owner(user=user)) == [saved]

    saved_list_trash(saved_list=saved)
    later = timezone.now() + timedelta(days=30, minutes=1)
    with pytest.raises(ApplicationError) as err:
        saved_list_restore(saved_list=saved, now=later)
    assert err.value.code == "trash_expired"
    assert saved_list_purge_expired(now=timezone.now() + timedelta(days=29)) == 0
    assert saved_list_purge_expired(now=later) == 1
    assert SavedList.objects.count() == 0


def test_restore_refuses_a_list_not_in_the_trash(packs: Any, user: Any, kims_team: Any) -> None:
    saved = saved_list_create(owner=user, document=kims_team)
    with pytest.raises(ApplicationError) as err:
        saved_list_restore(saved_list=saved)
    assert err.value.code == "not_in_trash"


def test_owner_scoping_and_share_links(
    packs: Any, user: Any, other_user: Any, kims_team: Any
) -> None:
    saved = saved_list_create(owner=user, document=kims_team)
    with pytest.raises(Http404):
        saved_list_get_for_owner(user=other_user, list_uuid=saved.uuid)
    with pytest.raises(Http404):
        saved_list_get_shared(token=saved.share_token)
    saved_list_update(saved_list=saved, visibility="unlisted")
    assert saved_list_get_shared(token=saved.share_token) == saved
    saved_list_trash(saved_list=saved)
    with pytest.raises(Http404):
        saved_list_get_shared(token=saved.share_token)


def test_purgetrash_command(packs: Any, user: Any, kims_team: Any) -> None:
    from io import StringIO

    from django.core.management import call_command

    old = saved_list_create(owner=user, document=kims_team)
    recent = saved_list_create(owner=user, document={**kims_team, "name": "Recent"})
    saved_list_trash(saved_list=old)
    saved_list_trash(saved_list=recent)
    SavedList.objects.filter(pk=old.pk).update(deleted_at=timezone.now() - timedelta(days=31))
    out = StringIO()
    call_command("purgetrash", stdout=out)
    assert out.getvalue() == "purged 1 list(s) from the trash\n"
    assert list(SavedList.objects.values_list("name", flat=True)) == ["Recent"]


def test_too_deep_a_document_is_refused_with_its_path(
    packs: Any, user: Any, kims_team: Any
) -> None:
    value: Any = 1
    for _ in range(64):
        value = [value]
    kims_team["settings"] = {"a": value}
    with pytest.raises(ApplicationError) as err:
        saved_list_create(owner=user, document=kims_team)
    assert err.value.details[0] == {
        "path": "$.settings.a" + "[0]" * 63,
        "field": "",
        "message": "nested deeper than 64 levels",
    }
